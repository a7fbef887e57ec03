package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// editTypes writes, for each tool that requires approval, a type for a
// person's edit of a call's arguments (agent.State.ApproveEdit), so that an
// edit's fields and types are checked by the compiler:
//
//	type SendEmailEdit struct {
//		To string // argument "to"
//		...
//	}
//
//	func (SendEmailEdit) Tool() toolgen.ToolName
//	func (a SendEmailEdit) Args() ([]byte, error)
//
// A flat parameter is a field named as the tool's rule field; a struct
// parameter is the field Input, of its type. Only tools whose arguments
// the encoder can write get one.
func (g *generator) editTypes() {
	for _, t := range g.pkg.Tools {
		if t.RequiresApproval && t.EditName != "" {
			g.editType(t)
		}
	}
}

func (g *generator) editType(t *model.Tool) {
	doc := fmt.Sprintf("%s is a person's edit of the arguments of a call of %s, for agent.State.ApproveEdit: "+
		"the compiler checks its fields and their types; the tool's decoder checks the rest.", t.EditName, t.Name)
	for _, line := range wrap(doc, 76) {
		g.code.Comment(line)
	}
	in := editInput(t)
	g.code.Type().Id(t.EditName).StructFunc(func(gr *jen.Group) {
		gr.Id("_").Index(jen.Lit(0)).Func().Params()
		if sp := structParam(t); sp != nil {
			gr.Id("Input").Add(GoType(structType(sp))).Comment("the tool's arguments")
			return
		}
		for i, f := range t.Input.Fields {
			gr.Id(t.RuleFields[i]).Add(GoType(f.Type)).Comment(fmt.Sprintf("argument %q", f.JSONName))
		}
	})
	g.code.Comment("Tool names the tool the edit is for.")
	g.code.Func().Params(jen.Id(t.EditName)).Id("Tool").Params().Add(rt("ToolName")).Block(jen.Return(jen.Id(t.ConstName)))
	v := jen.Id("a")
	if structParam(t) != nil {
		v = jen.Id("a").Dot("Input")
	}
	body := []jen.Code{e.Clone().Op(":=").Add(impl("PartialEncoder")).Call()}
	body = append(body, g.structBody(in, v)...)
	body = append(body, jen.Return(impl("PartialWritten").Call(e.Clone())))
	g.code.Comment("Args returns the edit as the tool's arguments, JSON.")
	g.code.Func().Params(jen.Id("a").Id(t.EditName)).Id("Args").Params().Params(jen.Index().Byte(), jen.Error()).Block(body...)
}

// editInput is the object an edit writes: the struct parameter's fields,
// or one field per flat parameter, named as the edit type's fields.
func editInput(t *model.Tool) *model.Struct {
	if structParam(t) != nil {
		return t.Input
	}
	in := *t.Input
	in.Fields = make([]*model.Field, len(t.Input.Fields))
	for i, f := range t.Input.Fields {
		c := *f
		c.Path = []model.Step{{Name: t.RuleFields[i]}}
		in.Fields[i] = &c
	}
	return &in
}

// structParam is the tool's struct parameter, or nil.
func structParam(t *model.Tool) *model.Param {
	for _, p := range t.Params {
		if p.Kind == model.ParamStruct {
			return p
		}
	}
	return nil
}

// structType is a struct parameter's struct type, without its pointer.
func structType(p *model.Param) *model.Type {
	if p.Type.Kind == model.KindPointer {
		return p.Type.Elem
	}
	return p.Type
}
