package analyze

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// The //toolgen:question directive marks a struct type whose fields are a
// form a tool asks the client's user to fill in (mcp.Elicit): toolgen
// writes its requestedSchema at build time, with the fields' docs,
// constraints and enum values, as for a tool's parameters.
//
//	// Shipping is where to send the order.
//	//
//	//toolgen:question
//	type Shipping struct {
//		Address string `json:"address"` // the street and number
//		Express bool   `json:"express,omitempty"`
//	}

const questionDirective = directivePrefix + "question"

// questionSpec is a //toolgen:question found on a type declaration.
type questionSpec struct {
	at   *ast.Comment
	spec *ast.TypeSpec
}

// readQuestionDirective records a //toolgen:question for questions.
func (a *analyzer) readQuestionDirective(c *ast.Comment, spec *ast.TypeSpec) {
	if strings.TrimSpace(c.Text[len(questionDirective):]) != "" {
		a.errorf(c.Slash, "//toolgen:question takes no arguments")
		return
	}
	for _, q := range a.questionSpecs {
		if q.spec == spec {
			a.errorf(c.Slash, "a second //toolgen:question on %s", spec.Name.Name)
			return
		}
	}
	a.questionSpecs = append(a.questionSpecs, questionSpec{at: c, spec: spec})
}

// questions reads the //toolgen:question types, in source order: each a
// named struct type, not generic, whose fields are what an elicitation
// form holds (strings, booleans, integers, numbers, string enums, or
// pointers to them, which make a field optional).
func (a *analyzer) questions() []*model.Question {
	var out []*model.Question
	for _, q := range a.questionSpecs {
		spec := q.spec
		obj, _ := a.pkg.TypesInfo.Defs[spec.Name].(*types.TypeName)
		if obj == nil {
			continue // it does not compile; the compiler says why
		}
		if spec.TypeParams != nil {
			a.errorf(q.at.Slash, "//toolgen:question on the generic type %s: a question is one form; declare it without type parameters", spec.Name.Name)
			continue
		}
		named, ok := obj.Type().(*types.Named)
		if _, isStruct := obj.Type().Underlying().(*types.Struct); !ok || !isStruct {
			a.errorf(q.at.Slash, "//toolgen:question on %s, which is not a struct type: a question's fields are its form's", spec.Name.Name)
			continue
		}
		t, err := a.typeOf(named)
		if err != nil {
			a.errorf(spec.Name.Pos(), "//toolgen:question %s: %v", spec.Name.Name, err)
			continue
		}
		if t.Kind != model.KindStruct || t.Struct == nil {
			a.errorf(q.at.Slash, "//toolgen:question on %s, whose JSON form is not an object of its fields (it has JSON or text methods)", spec.Name.Name)
			continue
		}
		if !a.formFields(q, t.Struct) {
			continue
		}
		out = append(out, &model.Question{GoName: spec.Name.Name, Type: t, Pos: a.position(spec.Name.Pos())})
	}
	return out
}

// formFields checks that every field of question name is one an
// elicitation form holds, reporting each other one at its position.
func (a *analyzer) formFields(q questionSpec, s *model.Struct) bool {
	name := q.spec.Name.Name
	ok := true
	if len(s.Fields) == 0 {
		a.errorf(q.at.Slash, "//toolgen:question %s has no fields: a form asks for something", name)
		return false
	}
	for _, f := range s.Fields {
		t := f.Type
		if t.Kind == model.KindPointer {
			t = t.Elem
		}
		switch {
		case t.Kind == model.KindString, t.Kind == model.KindBool, t.Kind == model.KindInt, t.Kind == model.KindUint, t.Kind == model.KindFloat:
		case t.Kind == model.KindEnum && t.Basic == model.KindString:
		default:
			ok = false
			a.errorAt(a.tokenPos(f.Pos), "//toolgen:question %s: field %s is of type %s; an elicitation form's fields are strings, booleans, integers, numbers and string enums (or pointers to them, to make them optional)",
				name, goPath(f), typeName(f.Type))
		}
	}
	return ok
}

// typeName spells t for a message.
func typeName(t *model.Type) string {
	switch {
	case t.Name != "":
		return t.Name
	case t.Kind == model.KindPointer && t.Elem != nil:
		return "*" + typeName(t.Elem)
	case (t.Kind == model.KindSlice || t.Kind == model.KindArray) && t.Elem != nil:
		return "[]" + typeName(t.Elem)
	case t.Kind == model.KindMap && t.Elem != nil:
		return "map[string]" + typeName(t.Elem)
	}
	return string(t.Kind)
}
