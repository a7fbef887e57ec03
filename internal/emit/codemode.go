package emit

import (
	"github.com/dave/jennifer/jen"
)

// codeMode writes the tools' TypeScript declarations for code mode
// (internal/tsdecl), in pieces, and the function that hands them out:
//
//	func CodeModeDeclarations(tools ...string) string {
//		return toolgenCodeMode.Declarations(tools...)
//	}
//
//	var toolgenCodeMode = toolimpl.CodeMode{
//		Types: []string{`type Unit = "c" | "f";`},
//		Tools: []toolimpl.CodeModeTool{{Name: "get_weather", Text: `declare function ...`, Types: []int{0}}},
//	}
func (g *generator) codeMode() {
	types := make([]jen.Code, 0, len(g.pkg.CodeModeTypes)+1)
	for _, text := range g.pkg.CodeModeTypes {
		types = append(types, jen.Line().Add(textLiteral(text)))
	}
	tools := make([]jen.Code, 0, len(g.pkg.Tools)+1)
	for _, t := range g.pkg.Tools {
		fields := []jen.Code{jen.Line().Id("Name").Op(":").Lit(t.Name), jen.Line().Id("Text").Op(":").Add(textLiteral(t.CodeMode.Text))}
		if len(t.CodeMode.Types) > 0 {
			indexes := make([]jen.Code, len(t.CodeMode.Types))
			for i, n := range t.CodeMode.Types {
				indexes[i] = jen.Lit(n)
			}
			fields = append(fields, jen.Line().Id("Types").Op(":").Index().Int().Values(indexes...))
		}
		tools = append(tools, jen.Line().Values(append(fields, jen.Line())...))
	}
	g.code.Comment("CodeModeDeclarations returns the TypeScript declarations of the package's tools")
	g.code.Comment("for code mode, where a model writes a program that calls them as functions: the")
	g.code.Comment("named tools' (all of them when none is named), with the types they name. Names of")
	g.code.Comment("other packages' tools are skipped.")
	g.code.Func().Id("CodeModeDeclarations").Params(jen.Id("tools").Op("...").String()).String().Block(
		jen.Return(jen.Id("toolgenCodeMode").Dot("Declarations").Call(jen.Id("tools").Op("..."))))
	g.code.Comment("toolgenCodeMode holds the declarations in pieces: the types the tools share, and")
	g.code.Comment("each tool's function with the types it names.")
	g.code.Var().Id("toolgenCodeMode").Op("=").Add(impl("CodeMode")).Values(
		jen.Line().Id("Types").Op(":").Index().String().Values(append(types, jen.Line())...),
		jen.Line().Id("Tools").Op(":").Index().Add(impl("CodeModeTool")).Values(append(tools, jen.Line())...),
		jen.Line())
}
