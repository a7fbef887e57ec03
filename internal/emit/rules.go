package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// ruleTypes writes a permission-rule type per tool, so that a misspelled
// tool or argument in a rule is a compile error:
//
//	type GetWeatherRule struct {
//		City string // argument "city"
//		Unit string // argument "unit"
//	}
//
//	func (r GetWeatherRule) Rule() runtime.Rule
func (g *generator) ruleTypes() {
	for _, t := range g.pkg.Tools {
		g.ruleType(t)
		g.ruleMethod(t)
	}
}

func (g *generator) ruleType(t *model.Tool) {
	doc := fmt.Sprintf("%s is a permission rule for the tool %s, which takes no arguments.", t.RuleName, t.Name)
	if len(t.RuleFields) > 0 {
		doc = fmt.Sprintf("%s is a permission rule for the tool %s: each field is a glob over that argument's value "+
			"(as runtime.Rule's Args), and an empty field does not constrain it.", t.RuleName, t.Name)
	}
	for _, line := range wrap(doc, 76) {
		g.f.Comment(line)
	}
	g.f.Type().Id(t.RuleName).StructFunc(func(gr *jen.Group) {
		for i, f := range t.Input.Fields {
			gr.Id(t.RuleFields[i]).String().Comment(fmt.Sprintf("argument %q", f.JSONName))
		}
	})
}

// ruleMethod:
//
//	func (r GetWeatherRule) Rule() runtime.Rule {
//		var args map[string]string
//		for _, a := range [...]struct{ name, glob string }{
//			{"city", r.City},
//			{"unit", r.Unit},
//		} {
//			if a.glob != "" {
//				if args == nil {
//					args = map[string]string{}
//				}
//				args[a.name] = a.glob
//			}
//		}
//		return runtime.Rule{Tool: ToolGetWeather, Args: args}
//	}
//
// The map is allocated only when a field is set, so that a rule without
// arguments is the same as runtime.Rule{Tool: ToolGetWeather}.
func (g *generator) ruleMethod(t *model.Tool) {
	fields := []jen.Code{jen.Id("Tool").Op(":").Id(t.ConstName)}
	var body []jen.Code
	if len(t.RuleFields) > 0 {
		pairs := make([]jen.Code, len(t.RuleFields))
		for i, f := range t.Input.Fields {
			pairs[i] = jen.Line().Values(jen.Lit(f.JSONName), jen.Id("r").Dot(t.RuleFields[i]))
		}
		pairs = append(pairs, jen.Line())
		body = []jen.Code{
			jen.Var().Id("args").Map(jen.String()).String(),
			jen.For(jen.List(jen.Id("_"), jen.Id("a")).Op(":=").Range().
				Index(jen.Op("...")).Op("struct{ name, glob string }").Values(pairs...)).Block(
				jen.If(jen.Id("a").Dot("glob").Op("!=").Lit("")).Block(
					jen.If(jen.Id("args").Op("==").Nil()).Block(
						jen.Id("args").Op("=").Map(jen.String()).String().Values(),
					),
					jen.Id("args").Index(jen.Id("a").Dot("name")).Op("=").Id("a").Dot("glob"),
				),
			),
		}
		fields = append(fields, jen.Id("Args").Op(":").Id("args"))
	}
	g.f.Comment("Rule returns r as a runtime.Rule for runtime.Permissions.")
	g.f.Func().Params(jen.Id("r").Id(t.RuleName)).Id("Rule").Params().Add(rt("Rule")).Block(append(body, jen.Return(rt("Rule").Values(fields...)))...)
}
