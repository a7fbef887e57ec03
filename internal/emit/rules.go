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
//	func (r GetWeatherRule) Rule() toolgen.Rule
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
			"(as toolgen.Rule's Args), and an empty field does not constrain it.", t.RuleName, t.Name)
	}
	for _, line := range wrap(doc, 76) {
		g.code.Comment(line)
	}
	g.code.Type().Id(t.RuleName).StructFunc(func(gr *jen.Group) {
		if len(t.Input.Fields) > 0 {
			// Not comparable, so that the compiler writes no equality
			// function per rule type (a millisecond of build time a tool).
			gr.Id("_").Index(jen.Lit(0)).Func().Params()
		}
		for i, f := range t.Input.Fields {
			doc := fmt.Sprintf("argument %q", f.JSONName)
			if what := ruleFieldMatches(f.Type); what != "" {
				doc += ": " + what
			}
			gr.Id(t.RuleFields[i]).String().Comment(doc)
		}
	})
}

// ruleFieldMatches says what text a rule field's glob is matched against
// (see toolgen.Rule), or "" for a string, matched as its text.
func ruleFieldMatches(t *model.Type) string {
	orNull := ""
	if t.Kind == model.KindPointer {
		orNull = " or null"
		for t.Kind == model.KindPointer {
			t = t.Elem
		}
	}
	switch {
	case t.Kind == model.KindUnion:
		return unionRuleMatches(t.Union) + orNull
	case t.Kind == model.KindFloat:
		return "a number in canonical form" + orNull + ` ("0.5" matches 5e-1)`
	case t.Kind == model.KindInt || t.Kind == model.KindUint || t.Kind == model.KindEnum && t.Basic != model.KindString:
		return "an integer in canonical form" + orNull + ` ("7" matches 7.0)`
	case t.Kind == model.KindBool:
		return "true or false" + orNull
	case t.Kind == model.KindSlice || t.Kind == model.KindArray || t.Kind == model.KindMap || t.Kind == model.KindStruct:
		return "compact JSON, numbers in canonical form" + orNull + ` (\[1] matches [1.0])`
	case t.Kind == model.KindAny || t.Kind == model.KindRaw:
		return "a string's text, else compact JSON with numbers in canonical form"
	case orNull != "":
		return "a string's text" + orNull
	}
	return ""
}

// ruleMethod:
//
//	func (r GetWeatherRule) Rule() toolgen.Rule {
//		return toolimpl.RuleOf(ToolGetWeather, &toolgenTypeArgs.Object, unsafe.Pointer(&r), 2)
//	}
//
// toolimpl.RuleOf pairs the globs with the names of the tool's member table.
func (g *generator) ruleMethod(t *model.Tool) {
	ret := rt("Rule").Values(jen.Id("Tool").Op(":").Id(t.ConstName))
	if len(t.RuleFields) > 0 {
		// The fields after the first, of size zero, are the globs in the
		// table's order: RuleOf reads them from r, so that the method builds
		// nothing (a []string literal here cost each tool's build about a
		// millisecond).
		ret = impl("RuleOf").Call(jen.Id(t.ConstName), g.inputObject(t),
			jen.Qual("unsafe", "Pointer").Call(jen.Op("&").Id("r")), jen.Lit(len(t.RuleFields)))
	}
	g.code.Comment("Rule returns r as a toolgen.Rule, for agent.Permissions.")
	g.code.Func().Params(jen.Id("r").Id(t.RuleName)).Id("Rule").Params().Add(rt("Rule")).Block(jen.Return(ret))
}

// unionRuleMatches says what a union argument's glob matches: the value as
// the model sent it, like any other argument (a rule is matched before the
// arguments are decoded). A tagged member's object keeps the model's order
// of members, so a glob picks a member by its tag anywhere in it.
func unionRuleMatches(u *model.Union) string {
	if u.Tag != "" {
		return fmt.Sprintf(`compact JSON, numbers in canonical form, members in the order sent (*"%s":"%s"* matches that member)`, u.Tag, u.Members[0].Name)
	}
	return "a string's text, else compact JSON with numbers in canonical form"
}
