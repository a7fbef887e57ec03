package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// memberKey is a key as JSON text with its colon, for Encoder.Member.
func memberKey(name string) string { return model.JSONString(name) + ":" }

// e is the encoder in every generated writing function.
var e = jen.Id("e")

func call(method string, args ...jen.Code) *jen.Statement {
	return e.Clone().Dot(method).Call(args...)
}

// structBody writes a struct's members in order; omitempty and omitzero
// members, and nil pointers, are left out when empty, and so are members
// behind a nil embedded pointer.
func (g *generator) structBody(s *model.Struct, v *jen.Statement) []jen.Code {
	out := []jen.Code{call("Object")}
	for _, f := range s.Fields {
		lv := fieldExpr(v, f.Path)
		write := []jen.Code{call("Member", jen.Lit(memberKey(f.JSONName)))}
		switch {
		case f.Constraints.Untrusted:
			write = append(write, untrustedString(f, lv))
		case f.Constraints.Entries && f.Type.Kind == model.KindPointer:
			write = append(write, g.writeEntries(f.Type.Elem, jen.Parens(jen.Op("*").Add(lv.Clone())), 0)...)
		case f.Constraints.Entries:
			write = append(write, g.writeEntries(f.Type, lv, 0)...)
		case f.Type.Kind == model.KindPointer && f.Type.Elem.Kind == model.KindStruct:
			write = append(write, jen.Id(g.encodeHelper(f.Type.Elem)).Call(e, lv.Clone()))
		case f.Type.Kind == model.KindPointer:
			write = append(write, g.writeValue(f.Type.Elem, jen.Parens(jen.Op("*").Add(lv.Clone())), 0)...)
		default:
			write = append(write, g.writeValue(f.Type, lv, 0)...)
		}
		if cond := omitCondition(f, lv); cond != nil {
			write = []jen.Code{jen.If(cond).Block(write...)}
		}
		if guard := embeddedGuard(v, f.Path); guard != nil {
			write = []jen.Code{jen.If(guard).Block(write...)}
		}
		out = append(out, write...)
	}
	return append(out, call("EndObject"))
}

// untrustedString writes a string field marked untrusted, fenced (a nil
// pointer is left out by omitCondition).
func untrustedString(f *model.Field, lv *jen.Statement) jen.Code {
	t := f.Type
	if t.Kind == model.KindPointer {
		t, lv = t.Elem, jen.Parens(jen.Op("*").Add(lv.Clone()))
	}
	return call("Untrusted", jen.Lit(f.JSONName), convert(t, "string", lv))
}

func fieldExpr(v *jen.Statement, path []model.Step) *jen.Statement {
	out := v.Clone()
	for _, step := range path {
		out = out.Dot(step.Name)
	}
	return out
}

// embeddedGuard is v.Inner != nil && ... for the embedded pointers on a
// field's path, or nil.
func embeddedGuard(v *jen.Statement, path []model.Step) *jen.Statement {
	var guard *jen.Statement
	for i, step := range path[:len(path)-1] {
		if !step.Pointer {
			continue
		}
		cond := fieldExpr(v, path[:i+1]).Op("!=").Nil()
		if guard == nil {
			guard = cond
		} else {
			guard = guard.Op("&&").Add(cond)
		}
	}
	return guard
}

// omitCondition is when a member is written, or nil for always.
func omitCondition(f *model.Field, lv *jen.Statement) *jen.Statement {
	t := f.Type
	switch {
	case t.Kind == model.KindPointer:
		return lv.Clone().Op("!=").Nil()
	case f.OmitEmpty:
		return notEmpty(t, lv)
	case f.OmitZero:
		return notZero(t, lv)
	}
	return nil
}

// notEmpty is encoding/json's omitempty test: false, 0, "", and empty
// slices, maps and arrays, and nil interfaces are empty; structs never are.
func notEmpty(t *model.Type, lv *jen.Statement) *jen.Statement {
	switch t.Kind {
	case model.KindString, model.KindInt, model.KindUint, model.KindFloat, model.KindBool, model.KindEnum:
		return lv.Clone().Op("!=").Add(zeroLit(t))
	case model.KindSlice, model.KindMap, model.KindBytes, model.KindRaw, model.KindArray:
		return jen.Len(lv.Clone()).Op(">").Lit(0)
	case model.KindAny, model.KindUnion:
		return lv.Clone().Op("!=").Nil()
	case model.KindJSON, model.KindNumber:
		return methodsTest(t, lv, notEmpty)
	}
	return nil
}

// notZero is omitzero's test: the zero value, or IsZero for time.Time.
func notZero(t *model.Type, lv *jen.Statement) *jen.Statement {
	switch {
	case t.IsZeroer || t.Kind == model.KindTime:
		return jen.Op("!").Add(lv.Clone()).Dot("IsZero").Call()
	case t.Kind == model.KindText && t.Comparable:
		// Its underlying type is unknown here: compare with *new(T).
		return lv.Clone().Op("!=").Op("*").New(GoType(t))
	}
	switch t.Kind {
	case model.KindSlice, model.KindMap, model.KindBytes, model.KindRaw, model.KindAny, model.KindUnion:
		return lv.Clone().Op("!=").Nil()
	case model.KindJSON, model.KindNumber:
		return methodsTest(t, lv, notZero)
	case model.KindStruct, model.KindArray:
		if !t.Comparable {
			return nil
		}
		return lv.Clone().Op("!=").Parens(GoType(t).Values())
	}
	return notEmpty(t, lv)
}

func zeroLit(t *model.Type) jen.Code {
	b := t.Kind
	if t.Kind == model.KindEnum {
		b = t.Basic
	}
	switch b {
	case model.KindString:
		return jen.Lit("")
	case model.KindBool:
		return jen.False()
	}
	return jen.Lit(0)
}

// writeValue writes one value of type t, read from the addressable
// expression v.
func (g *generator) writeValue(t *model.Type, v *jen.Statement, depth int) []jen.Code {
	n := func(name string) *jen.Statement { return jen.Id(fmt.Sprintf("%s%d", name, depth)) }
	switch t.Kind {
	case model.KindString:
		return []jen.Code{call("String", convert(t, "string", v))}
	case model.KindBool:
		return []jen.Code{call("Bool", convert(t, "bool", v))}
	case model.KindInt:
		return []jen.Code{call("Int", convert(t, "int64", v))}
	case model.KindUint:
		return []jen.Code{call("Uint", convert(t, "uint64", v))}
	case model.KindFloat:
		return []jen.Code{call("Float", convert(t, "float64", v), jen.Lit(t.Bits))}
	case model.KindEnum:
		return g.writeValue(&model.Type{Kind: t.Basic, Name: t.Name, Pkg: t.Pkg, Bits: t.Bits}, v, depth)
	case model.KindText:
		return []jen.Code{call("Text", jen.Op("&").Add(v.Clone()))}
	case model.KindStruct:
		return []jen.Code{jen.Id(g.encodeHelper(t)).Call(e, jen.Op("&").Add(v.Clone()))}
	case model.KindPointer:
		var write []jen.Code
		if t.Elem.Kind == model.KindStruct {
			// The struct's writer takes the pointer itself (not &(*v)).
			write = []jen.Code{jen.Id(g.encodeHelper(t.Elem)).Call(e, v.Clone())}
		} else {
			write = g.writeValue(t.Elem, jen.Parens(jen.Op("*").Add(v.Clone())), depth+1)
		}
		return []jen.Code{jen.If(v.Clone().Op("==").Nil()).Block(call("Null")).Else().Block(write...)}
	case model.KindSlice, model.KindArray:
		return []jen.Code{call("Array"), jen.For(n("i").Op(":=").Range().Add(v.Clone())).Block(
			g.writeValue(t.Elem, v.Clone().Index(n("i")), depth+1)...), call("EndArray")}
	case model.KindMap:
		return g.writeMap(t, v, depth, n)
	case model.KindTime:
		return []jen.Code{call("Time", v.Clone())}
	case model.KindBytes:
		if t.Elem != nil {
			return []jen.Code{call("Bytes", impl("BytesOf").Call(v.Clone()))}
		}
		return []jen.Code{call("Bytes", v.Clone())}
	case model.KindRaw:
		return []jen.Code{call("Raw", v.Clone())}
	case model.KindJSON:
		return g.writeJSON(t, v, depth)
	case model.KindNumber:
		return []jen.Code{call("Number", v.Clone())}
	case model.KindUnion:
		return []jen.Code{jen.Id(g.unionEncodeHelper(t)).Call(e, v.Clone())}
	}
	return []jen.Code{call("Any", v.Clone())}
}

// convert is T(v) when v's type is not already the basic type the encoder
// takes.
func convert(t *model.Type, basic string, v *jen.Statement) *jen.Statement {
	if t.Name == basic {
		return v.Clone()
	}
	return jen.Id(basic).Call(v.Clone())
}

// writeMap writes a map with its keys sorted, so output is deterministic:
//
//	e.Object()
//	for _, k0 := range runtime.SortedKeys(v) {
//		e.Key(string(k0))
//		v0 := v[k0]
//		... write v0 ...
//	}
//	e.EndObject()
func (g *generator) writeMap(t *model.Type, v *jen.Statement, depth int, n func(string) *jen.Statement) []jen.Code {
	body := []jen.Code{
		call("Key", convert(t.Key, "string", n("k"))),
		n("v").Op(":=").Add(v.Clone()).Index(n("k")),
	}
	body = append(body, g.writeValue(t.Elem, n("v"), depth+1)...)
	return []jen.Code{
		call("Object"),
		jen.For(jen.List(jen.Id("_"), n("k")).Op(":=").Range().Add(impl("SortedKeys").Call(v.Clone()))).Block(body...),
		call("EndObject"),
	}
}

// writeEntries writes a map in the entries form (the entries option), as
// an array of {"key": k, "value": v} objects in key order:
//
//	e.Array()
//	for _, k0 := range toolimpl.SortedKeys(v) {
//		e.Object()
//		e.Member(`"key":`)
//		... write k0 ...
//		e.Member(`"value":`)
//		v0 := v[k0]
//		... write v0 ...
//		e.EndObject()
//	}
//	e.EndArray()
func (g *generator) writeEntries(t *model.Type, v *jen.Statement, depth int) []jen.Code {
	n := func(name string) *jen.Statement { return jen.Id(fmt.Sprintf("%s%d", name, depth)) }
	body := []jen.Code{call("Object"), call("Member", jen.Lit(memberKey("key")))}
	body = append(body, g.writeValue(t.Key, n("k"), depth+1)...)
	body = append(body, call("Member", jen.Lit(memberKey("value"))), n("v").Op(":=").Add(v.Clone()).Index(n("k")))
	body = append(body, g.writeValue(t.Elem, n("v"), depth+1)...)
	body = append(body, call("EndObject"))
	return []jen.Code{
		call("Array"),
		jen.For(jen.List(jen.Id("_"), n("k")).Op(":=").Range().Add(impl("SortedKeys").Call(v.Clone()))).Block(body...),
		call("EndArray"),
	}
}
