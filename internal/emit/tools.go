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
	var groups []string
	byRecv := map[string][]*model.Tool{}
	for _, t := range g.pkg.Tools {
		recv := ""
		if t.Recv != nil {
			recv = t.Recv.TypeName
		}
		if _, ok := byRecv[recv]; !ok {
			groups = append(groups, recv)
		}
		byRecv[recv] = append(byRecv[recv], t)
	}
	for _, recv := range groups {
		g.toolsFunc(recv, byRecv[recv])
	}
}

// toolsFunc:
//
//	func Tools() []toolgen.Tool {
//		return toolimpl.Tools([]toolgen.Tool{{Name: ToolGetWeather, ..., Call: toolgenCallGetWeather}})
//	}
//
// toolimpl.Tools derives each schema's strict and Gemini forms, once.
func (g *generator) toolsFunc(recv string, tools []*model.Tool) {
	names := make([]string, len(tools))
	values := make([]jen.Code, len(tools))
	for i, t := range tools {
		names[i] = t.Name
		values[i] = g.toolValue(t)
	}
	if recv == "" {
		g.code.Comment(fmt.Sprintf("Tools returns the tools of package %s: %s.", g.pkg.Name, strings.Join(names, ", ")))
	} else {
		g.code.Comment(fmt.Sprintf("Tools returns the tools of a %s, which run on it: %s.", recv, strings.Join(names, ", ")))
	}
	fn := g.code.Func()
	if recv != "" {
		fn = fn.Params(jen.Id("recv").Op("*").Id(recv))
	}
	fn.Id("Tools").Params().Index().Add(rt("Tool")).Block(
		jen.Return(impl("Tools").Call(jen.Index().Add(rt("Tool")).ValuesFunc(func(gr *jen.Group) {
			for _, v := range values {
				gr.Add(v)
			}
		}))),
	)
}

// toolValue is a tool's toolgen.Tool, its fields in the order the type
// declares them.
func (g *generator) toolValue(t *model.Tool) jen.Code {
	var call jen.Code = jen.Id(callName(t))
	if t.Recv != nil {
		call = jen.Func().Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("args").Index().Byte()).
			Params(rt("Result"), jen.Error()).Block(
			jen.Return(jen.Id(callName(t)).Call(jen.Id("recv"), jen.Id("ctx"), jen.Id("args"))))
	}
	field := func(name string, v jen.Code) jen.Code { return jen.Line().Id(name).Op(":").Add(v) }
	fields := []jen.Code{
		field("Name", jen.Id(t.ConstName)),
		field("Description", jen.Lit(t.Doc)),
		field("InputSchema", jen.Id(inputVar(t))),
	}
	if t.OutputSchema != nil {
		fields = append(fields, field("OutputSchema", jen.Id(outputVar(t))))
	}
	if t.PartialSchema != nil {
		fields = append(fields, field("PartialSchema", jen.Id(partialVar(t))))
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
	fields = append(fields, field("SearchTerms", jen.Lit(SearchTerms(t))))
	fields = append(fields, field("Call", call), field("Validate", impl("Validator").Call(call)), jen.Line())
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

func callName(t *model.Tool) string  { return "toolgenCall" + t.GoName }
func inputVar(t *model.Tool) string  { return "toolgenInput" + t.GoName }
func outputVar(t *model.Tool) string { return "toolgenOutput" + t.GoName }

// partialVar names the schema of a tool's partial results, partialName
// their encoder.
func partialVar(t *model.Tool) string  { return "toolgenPartial" + t.GoName }
func partialName(t *model.Tool) string { return "toolgenSend" + t.GoName }

// schemas writes a tool's schemas, compact: descriptions read best in the
// source they come from. The strict and Gemini forms are derived at run
// time (toolimpl.Tools); the generator derived them too, to tell here which
// the tool lacks.
func (g *generator) schemas(t *model.Tool) {
	doc := fmt.Sprintf("%s is the JSON Schema of %s's arguments.", inputVar(t), t.Name)
	if t.NoStrict != "" {
		doc += fmt.Sprintf(" It has no form in OpenAI's strict dialect (%s): OpenAI gets it without strict mode.", t.NoStrict)
	}
	if t.NoGemini != "" {
		doc += fmt.Sprintf(" It has no form in Gemini's subset (%s): Gemini gets it as it is.", t.NoGemini)
	}
	g.schemaVar(inputVar(t), doc, t.InputSchema)
	if t.OutputSchema != nil {
		g.schemaVar(outputVar(t), fmt.Sprintf("%s is the JSON Schema of %s's structured result.", outputVar(t), t.Name), t.OutputSchema)
	}
	if t.PartialSchema != nil {
		g.schemaVar(partialVar(t), fmt.Sprintf("%s is the JSON Schema of the partial results %s sends while it runs.", partialVar(t), t.Name), t.PartialSchema)
	}
}

func (g *generator) schemaVar(name, doc string, s *model.Schema) {
	text, err := s.Compact()
	if err != nil {
		panic(fmt.Sprintf("toolgen bug: schema %s does not encode: %v", name, err)) // built from plain data
	}
	for _, line := range wrap(doc, 76) {
		g.code.Comment(line)
	}
	g.code.Var().Id(name).Op("=").Index().Byte().Call(textLiteral(text))
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
