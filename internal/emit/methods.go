package emit

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// Types with their own JSON methods (KindJSON) and json.Number
// (KindNumber), read and written as encoding/json does.

// readJSON reads a value of a type with JSON methods: the raw value goes to
// UnmarshalJSON, whose error is a problem at the value's pointer; without
// the method, the type is read by its shape.
//
//	if r0, ok := d.RawValue(); ok {
//		if err := lv.UnmarshalJSON(r0); err != nil {
//			d.Invalid(err.Error())
//		}
//	}
func (g *generator) readJSON(t *model.Type, lv *jen.Statement, r model.Constraints, depth int) []jen.Code {
	if !t.UnmarshalJSON {
		return g.readValue(t.Shape, lv, r, depth)
	}
	raw := jen.Id(fmt.Sprintf("r%d", depth))
	return []jen.Code{jen.If(jen.List(raw.Clone(), jen.Id("ok")).Op(":=").Add(d.Clone().Dot("RawValue").Call()), jen.Id("ok")).Block(
		jen.If(jen.Err().Op(":=").Add(lv.Clone()).Dot("UnmarshalJSON").Call(raw.Clone()), jen.Err().Op("!=").Nil()).Block(
			d.Clone().Dot("Invalid").Call(jen.Err().Dot("Error").Call())))}
}

// readNumber reads a json.Number: if n0, ok := d.Number(); ok { lv = n0 }.
func readNumber(t *model.Type, lv *jen.Statement, depth int) []jen.Code {
	return readScalar(t, lv, jen.Id(fmt.Sprintf("n%d", depth)), d.Clone().Dot("Number").Call())
}

// writeJSON writes a value of a type with JSON methods from the addressable
// expression v: MarshalJSON first, then MarshalText, then its shape (the
// analyzer has refused pointer-receiver methods where encoding/json could
// not take the address).
func (g *generator) writeJSON(t *model.Type, v *jen.Statement, depth int) []jen.Code {
	switch {
	case t.MarshalJSON:
		return []jen.Code{call("JSON", jen.Op("&").Add(v.Clone()))}
	case t.TextMarshaler:
		return []jen.Code{call("Text", jen.Op("&").Add(v.Clone()))}
	}
	return g.writeValue(t.Shape, v, depth)
}

// methodsTest is omitempty's test (notEmpty) or omitzero's (notZero) for
// a type with JSON methods: encoding/json tests the value's own kind,
// whatever its methods.
func methodsTest(t *model.Type, lv *jen.Statement, test func(*model.Type, *jen.Statement) *jen.Statement) *jen.Statement {
	if t.Kind == model.KindNumber {
		return lv.Clone().Op("!=").Lit("")
	}
	if t.Shape == nil {
		return nil
	}
	return test(t.Shape, lv)
}
