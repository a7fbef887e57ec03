package emit

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/ecmaregex"
	"github.com/toolgen-dev/toolgen/internal/model"
)

// toolsFuncs writes Tools() for the package functions, and (*T).Tools()
// for each type with tool methods, in the order tools appear.
func (g *generator) toolsFuncs() {
	for _, tools := range g.pkg.ToolsFuncs() {
		recv := ""
		if tools[0].Recv != nil {
			recv = tools[0].Recv.TypeName
		}
		g.toolsFunc(recv, tools)
	}
}

// toolsFunc writes the Tools function of the package's tools, whose values
// are laid out statically, as data, with their schemas inline, and hands
// over their entries in the search index (SearchTerms), in the same order:
//
//	func Tools() []toolgen.Tool {
//		return toolimpl.StaticTools(toolgenTools[:], []string{"1 34 ...", ...})
//	}
//
//	var toolgenTools = [...]toolgen.Tool{{Name: ToolGetWeather, ..., Call: toolgenCallGetWeather}}
//
// toolimpl.StaticTools copies them, with each schema's strict and Gemini
// forms (derived once), its entry and a Validate. A type's tool methods run
// on a receiver, so its Tools builds them on each call:
//
//	func (recv *T) Tools() []toolgen.Tool {
//		return toolimpl.Tools([]toolgen.Tool{{Name: ToolLookup, ..., Call: func(...) {...}}}, []string{...})
//	}
func (g *generator) toolsFunc(recv string, tools []*model.Tool) {
	names := make([]string, len(tools))
	values := make([]jen.Code, len(tools))
	entries := make([]jen.Code, len(tools)+1)
	for i, t := range tools {
		names[i] = t.Name
		values[i] = g.toolValue(t)
		entries[i] = jen.Line().Lit(SearchTerms(t))
	}
	entries[len(tools)] = jen.Line()
	searchTerms := jen.Index().String().Values(entries...)
	if recv == "" {
		g.code.Comment(fmt.Sprintf("Tools returns the tools of package %s: %s.", g.pkg.Name, strings.Join(names, ", ")))
		g.code.Func().Id("Tools").Params().Index().Add(rt("Tool")).Block(
			jen.Return(impl("StaticTools").Call(jen.Id("toolgenTools").Index(jen.Empty(), jen.Empty()), searchTerms)),
		)
		g.code.Comment(fmt.Sprintf("toolgenTools are the tools of package %s, as the compiler lays them out.", g.pkg.Name))
		g.code.Var().Id("toolgenTools").Op("=").Index(jen.Op("...")).Add(rt("Tool")).Values(values...)
		return
	}
	g.code.Comment(fmt.Sprintf("Tools returns the tools of a %s, which run on it: %s.", recv, strings.Join(names, ", ")))
	g.code.Func().Params(jen.Id("recv").Op("*").Id(recv)).Id("Tools").Params().Index().Add(rt("Tool")).Block(
		jen.Return(impl("Tools").Call(jen.Index().Add(rt("Tool")).Values(values...), searchTerms)),
	)
}

// toolValue is a tool's toolgen.Tool, its fields in the order the type
// declares them.
func (g *generator) toolValue(t *model.Tool) jen.Code {
	var call jen.Code = jen.Id(callName(t))
	switch {
	case g.shared[t]:
		call = g.callerFunc(t)
	case t.Recv != nil:
		call = jen.Func().Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("args").Index().Byte()).
			Params(rt("Result"), jen.Error()).Block(
			jen.Return(jen.Id(callName(t)).Call(jen.Id("recv"), jen.Id("ctx"), jen.Id("args"))))
	}
	field := func(name string, v jen.Code) jen.Code { return jen.Line().Id(name).Op(":").Add(v) }
	fields := []jen.Code{
		field("Name", jen.Id(t.ConstName)),
		field("Description", jen.Lit(t.Doc)),
	}
	// The notes are the InputSchema field's comment, one element of the
	// literal with it: an element of their own would end in a comma.
	input := jen.Line()
	for _, note := range schemaNotes(t) {
		input = input.Comment(note).Line()
	}
	fields = append(fields, input.Id("InputSchema").Op(":").Add(schemaBytes(t.InputSchema)))
	if t.OutputSchema != nil {
		fields = append(fields, field("OutputSchema", schemaBytes(t.OutputSchema)))
	}
	if t.PartialSchema != nil {
		fields = append(fields, field("PartialSchema", schemaBytes(t.PartialSchema)))
	}
	if ann := annotations(t); ann != nil {
		fields = append(fields, field("Annotations", ann))
	}
	if t.RequiresApproval {
		fields = append(fields, field("RequiresApproval", jen.True()))
	}
	fields = append(fields, field("Namespace", jen.Lit(t.Namespace)))
	if t.Deferred {
		fields = append(fields, field("Deferred", jen.True()))
	}
	if t.MaxFailures > 0 {
		fields = append(fields, field("MaxFailures", jen.Lit(t.MaxFailures)))
	}
	if t.MaxResultTokens > 0 {
		fields = append(fields, field("MaxResultTokens", jen.Lit(t.MaxResultTokens)))
	}
	switch t.Task {
	case "optional":
		fields = append(fields, field("Task", rt("TaskOptional")))
	case "required":
		fields = append(fields, field("Task", rt("TaskRequired")))
	}
	fields = append(fields, field("Tokens", rt("Tokens").Values(
		jen.Id("Default").Op(":").Lit(t.Tokens.Default),
		jen.Id("Strict").Op(":").Lit(t.Tokens.Strict),
		jen.Id("Gemini").Op(":").Lit(t.Tokens.Gemini))))
	fields = append(fields, field("Call", call))
	if t.Recv != nil { // StaticTools adds the others' Validate
		fields = append(fields, field("Validate", impl("Validator").Call(call)))
	}
	fields = append(fields, jen.Line())
	return jen.Values(fields...)
}

func annotations(t *model.Tool) jen.Code {
	fields := jen.Dict{}
	for name, on := range map[string]bool{"ReadOnly": t.ReadOnly, "Destructive": t.Destructive, "Idempotent": t.Idempotent, "OpenWorld": t.OpenWorld} {
		if on {
			fields[jen.Id(name)] = jen.True()
		}
	}
	if len(fields) == 0 {
		return nil
	}
	return rt("Annotations").Values(fields)
}

func callName(t *model.Tool) string { return "toolgenCall" + t.GoName }

// toolVar names a tool's toolimpl.Tool, which describes its dispatch.
func toolVar(t *model.Tool) string { return "toolgenTool" + t.GoName }

// partialName names the encoder of a tool's partial results.
func partialName(t *model.Tool) string { return "toolgenSend" + t.GoName }

// schemaNotes say which dialects a tool's input schema has no form in,
// each place a dialect cannot say and the way out, as sentences wrapped
// for comments. The schemas are written compact (descriptions read best
// in the source they come from); the strict and Gemini forms are derived
// at run time (toolimpl.Tools), and the generator derived them too, to
// tell here which the tool lacks.
func schemaNotes(t *model.Tool) []string {
	var notes []string
	for _, g := range t.Gaps {
		sentence := g.Sentence()
		notes = append(notes, wrap(strings.ToUpper(sentence[:1])+sentence[1:], 72)...)
	}
	return notes
}

// schemaBytes is a schema as a []byte literal, which the compiler lays out
// statically in a package-level value.
func schemaBytes(s *model.Schema) jen.Code {
	text, err := s.Compact()
	if err != nil {
		panic(fmt.Sprintf("toolgen bug: a schema does not encode: %v", err)) // built from plain data
	}
	return jen.Index().Byte().Call(textLiteral(text))
}

// textLiteral is a raw string literal, or quoted lines joined with + when
// the text holds a backtick.
func textLiteral(text string) jen.Code {
	if !strings.Contains(text, "`") {
		return jen.Op("`" + text + "`")
	}
	lines := strings.SplitAfter(text, "\n")
	parts := make([]string, len(lines))
	for i, l := range lines {
		parts[i] = strconv.Quote(l)
	}
	return jen.Op(strings.Join(parts, " +\n"))
}

// pattern returns the variable holding a compiled pattern.
func (g *generator) pattern(p string) string {
	if name, ok := g.patterns[p]; ok {
		return name
	}
	name := fmt.Sprintf("toolgenPattern%d", len(g.patternList))
	g.patterns[p] = name
	g.patternList = append(g.patternList, p)
	return name
}

// patternVars declares the compiled patterns; source says where they come
// from.
func (g *generator) patternVars(source string) {
	if len(g.patternList) == 0 {
		return
	}
	var defs []jen.Code
	for _, p := range g.patternList {
		// analyze refused every pattern Translate cannot translate (and
		// toolgen mcp leaves those out).
		translated, _ := ecmaregex.Translate(p)
		defs = append(defs, jen.Comment(p), jen.Id(g.patterns[p]).Op("=").Qual("regexp", "MustCompile").Call(jen.Lit(translated)))
	}
	g.code.Comment("Patterns from " + source + " (as the schema has them, in ECMA-262 syntax, above each),")
	g.code.Comment("translated to Go regular expressions that match the same strings, compiled once.")
	g.code.Var().Defs(defs...)
}
