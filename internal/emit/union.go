package emit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// unionHelper asks for the function reading a union. The tagged form looks
// ahead for the tag (toolimpl.Decoder.Tag) and hands the whole object to
// the member's reader, which skips the tag:
//
//	func toolgenDecodeShape(d *toolimpl.Decoder, v *Shape) {
//		tag, _ := d.Tag("kind")
//		switch string(tag) {
//		case "circle":
//			var m Circle
//			toolgenDecodeShape_Circle(d, &m)
//			*v = m
//		default:
//			d.BadTag("kind", `"circle", "square"`)
//		}
//	}
//
// The untagged form switches on the JSON kind of the value instead.
func (g *generator) unionHelper(t *model.Type) string {
	name := "toolgenDecode" + t.Union.ID
	g.want(name, func() {
		var body []jen.Code
		if t.Union.Tag != "" {
			body = g.taggedReader(t.Union)
		} else {
			body = g.untaggedReader(t.Union)
		}
		g.code.Comment(fmt.Sprintf("%s reads a %s: %s.", name, t.Name, unionForm(t.Union)))
		g.code.Func().Id(name).Params(jen.Id("d").Op("*").Add(impl("Decoder")), jen.Id("v").Op("*").Add(GoType(t))).Block(body...)
	})
	return name
}

// unionForm says how a union's members are told apart, for comments.
func unionForm(u *model.Union) string {
	if u.Tag != "" {
		return fmt.Sprintf("an object whose %q member names its type", u.Tag)
	}
	return "the member whose JSON type the value has"
}

func (g *generator) taggedReader(u *model.Union) []jen.Code {
	var cases []jen.Code
	var known []string
	for _, m := range u.Members {
		known = append(known, model.JSONString(m.Name))
		read := jen.Id(g.memberReader(u, m)).Call(d, jen.Op("&").Id("m"))
		cases = append(cases, jen.Case(jen.Lit(m.Name)).Block(
			jen.Var().Id("m").Add(GoType(m.Type)), read, storeMember(m)))
	}
	cases = append(cases, jen.Default().Block(d.Clone().Dot("BadTag").Call(jen.Lit(u.Tag), jen.Lit(strings.Join(known, ", ")))))
	return []jen.Code{
		jen.List(jen.Id("tag"), jen.Id("_")).Op(":=").Add(d.Clone().Dot("Tag").Call(jen.Lit(u.Tag))),
		jen.Switch(jen.String().Call(jen.Id("tag"))).Block(cases...),
	}
}

// storeMember is *v = m, or *v = &m for a member whose methods are on *T.
func storeMember(m *model.UnionMember) jen.Code {
	if m.Pointer {
		return jen.Op("*").Id("v").Op("=").Op("&").Id("m")
	}
	return jen.Op("*").Id("v").Op("=").Id("m")
}

// memberReader asks for the function reading a tagged member's object: the
// struct's members, and the tag, which it skips (Tag has read it).
func (g *generator) memberReader(u *model.Union, m *model.UnionMember) string {
	name := "toolgenDecode" + u.ID + "_" + m.Type.Struct.ID
	g.want(name, func() {
		objVar := "toolgenObject" + u.ID + "_" + m.Type.Struct.ID
		g.code.Comment(fmt.Sprintf("%s reads a %s object as a member of %s, its %q member %q.", name, m.Type.Name, u.ID, u.Tag, m.Name))
		g.code.Func().Id(name).Params(jen.Id("d").Op("*").Add(impl("Decoder")), jen.Id("v").Op("*").Add(GoType(m.Type))).Block(
			g.objectBodyTag(m.Type.Struct, objVar, func(f *model.Field) *jen.Statement { return fieldExpr(jen.Id("v"), f.Path) }, u.Tag)...)
	})
	return name
}

// untaggedReader switches on the kind of the value:
//
//	switch d.Kind() {
//	case toolimpl.KindString:
//		var m Name
//		... read into m ...
//		*v = m
//	default:
//		d.Expected("string or object")
//	}
func (g *generator) untaggedReader(u *model.Union) []jen.Code {
	var cases []jen.Code
	var types []string
	for _, m := range u.Members {
		types = append(types, m.JSONType)
		body := []jen.Code{jen.Var().Id("m").Add(GoType(m.Type))}
		body = append(body, g.readValue(m.Type, jen.Id("m"), model.Constraints{}, 0)...)
		body = append(body, storeMember(m))
		cases = append(cases, jen.Case(impl(kindConst(m.JSONType))).Block(body...))
	}
	cases = append(cases, jen.Default().Block(d.Clone().Dot("Expected").Call(jen.Lit(orList(types)))))
	return []jen.Code{jen.Switch(d.Clone().Dot("Kind").Call()).Block(cases...)}
}

// kindConst names toolimpl's Kind for a JSON type.
func kindConst(jsonType string) string {
	switch jsonType {
	case "string":
		return "KindString"
	case "number":
		return "KindNumber"
	case "boolean":
		return "KindBool"
	case "array":
		return "KindArray"
	}
	return "KindObject"
}

// orList is "a", "a or b", "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// unionEncodeHelper asks for the function writing a union: a type switch
// over the members (T and *T for a member with value methods, as
// encoding/json writes either), null for a nil interface or a nil
// pointer, as encoding/json writes them:
//
//	func toolgenEncodeShape(e *toolimpl.Encoder, v Shape) {
//		switch m := v.(type) {
//		case Circle:
//			toolgenEncodeShape_Circle(e, &m)
//		case *Circle:
//			if m == nil { e.Null() } else { toolgenEncodeShape_Circle(e, m) }
//		case nil:
//			e.Null()
//		default:
//			e.Fail(toolimpl.NotAMember("Shape", v))
//		}
//	}
func (g *generator) unionEncodeHelper(t *model.Type) string {
	name := "toolgenEncode" + t.Union.ID
	g.want(name, func() {
		var cases []jen.Code
		for _, m := range t.Union.Members {
			if !m.Pointer {
				cases = append(cases, jen.Case(GoType(m.Type)).Block(g.writeMember(t.Union, m, jen.Id("m"), false)...))
			}
			cases = append(cases, jen.Case(jen.Op("*").Add(GoType(m.Type))).Block(
				jen.If(jen.Id("m").Op("==").Nil()).Block(call("Null")).Else().Block(g.writeMember(t.Union, m, jen.Id("m"), true)...)))
		}
		cases = append(cases,
			jen.Case(jen.Nil()).Block(call("Null")),
			jen.Default().Block(call("Fail", impl("NotAMember").Call(jen.Lit(t.Name), jen.Id("v")))))
		g.code.Comment(fmt.Sprintf("%s writes a %s: %s.", name, t.Name, unionForm(t.Union)))
		g.code.Func().Id(name).Params(jen.Id("e").Op("*").Add(impl("Encoder")), jen.Id("v").Add(GoType(t))).Block(
			jen.Switch(jen.Id("m").Op(":=").Id("v").Assert(jen.Type())).Block(cases...))
	})
	return name
}

// writeMember writes the member held in m (a pointer when ptr).
func (g *generator) writeMember(u *model.Union, m *model.UnionMember, v *jen.Statement, ptr bool) []jen.Code {
	if u.Tag == "" {
		switch {
		case ptr && m.Type.Kind == model.KindStruct: // the helper takes the pointer itself
			return []jen.Code{jen.Id(g.encodeHelper(m.Type)).Call(e, v)}
		case ptr:
			v = jen.Parens(jen.Op("*").Add(v))
		}
		return g.writeValue(m.Type, v, 0)
	}
	arg := v
	if !ptr {
		arg = jen.Op("&").Add(v)
	}
	return []jen.Code{jen.Id(g.memberWriter(u, m)).Call(e, arg)}
}

// memberWriter asks for the function writing a tagged member: the tag
// first, then the struct's members.
func (g *generator) memberWriter(u *model.Union, m *model.UnionMember) string {
	name := "toolgenEncode" + u.ID + "_" + m.Type.Struct.ID
	g.want(name, func() {
		body := g.structBody(m.Type.Struct, jen.Id("v"))
		tag := []jen.Code{call("Member", jen.Lit(memberKey(u.Tag))), call("String", jen.Lit(m.Name))}
		body = slices.Insert(body, 1, tag...)
		g.code.Comment(fmt.Sprintf("%s writes a %s object as a member of %s, its %q member first.", name, m.Type.Name, u.ID, u.Tag))
		g.code.Func().Id(name).Params(jen.Id("e").Op("*").Add(impl("Encoder")), jen.Id("v").Op("*").Add(GoType(m.Type))).Block(body...)
	})
	return name
}
