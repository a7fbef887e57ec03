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
			what := ruleFieldMatches(f.Type)
			if what == "" {
				gr.Id(t.RuleFields[i]).String().Comment(fmt.Sprintf("argument %q", f.JSONName))
				continue
			}
			doc := fmt.Sprintf("%s is a glob over the argument %q, %s", t.RuleFields[i], f.JSONName, what)
			for _, line := range wrap(doc, 72) {
				gr.Comment(line)
			}
			gr.Id(t.RuleFields[i]).String()
		}
	})
}

// ruleFieldMatches says what text a rule field's glob is matched against
// (see runtime.Rule), or "" for a string, matched as its text.
func ruleFieldMatches(t *model.Type) string {
	orNull := ""
	if t.Kind == model.KindPointer {
		orNull = " (or null)"
		for t.Kind == model.KindPointer {
			t = t.Elem
		}
	}
	switch {
	case t.Kind == model.KindFloat:
		return "a number written in canonical form" + orNull + `: 7, -2, 0.5 (7.0, 7e0 and 70e-1 all match "7").`
	case t.Kind == model.KindInt || t.Kind == model.KindUint || t.Kind == model.KindEnum && t.Basic != model.KindString:
		return "an integer written in canonical form" + orNull + `: 7, -2 (7.0, 7e0 and 70e-1 all match "7").`
	case t.Kind == model.KindBool:
		return "true or false" + orNull + "."
	case t.Kind == model.KindSlice || t.Kind == model.KindArray || t.Kind == model.KindMap || t.Kind == model.KindStruct:
		return "compact JSON with numbers in canonical form" + orNull + `: \["a","b"] matches ["a", "b"], {"k":1} matches { "k": 1.0 }.`
	case t.Kind == model.KindAny || t.Kind == model.KindRaw:
		return "a string's text, or any other value as compact JSON with numbers in canonical form (7.0 matches \"7\")."
	case orNull != "":
		return "a string's text" + orNull + "."
	}
	return ""
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
