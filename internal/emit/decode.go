package emit

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// d is the decoder in every generated reading function.
var d = jen.Id("d")

// objectBody reads an object's members into lvalues, with a table of the
// members (declared once, as objVar) that lets toolimpl.ObjectReader skip
// null where it reads as absent and report missing and unknown members:
//
//	v.Days = 3 // defaults first: a member that comes replaces them
//	var o toolimpl.ObjectReader
//	for k, ok := o.Start(d, toolgenObjectForecast); ok; k, ok = o.Next(d) {
//		switch string(k) {
//		case "city":
//			o.Saw(0) // a required member, the first
//			... read the value ...
//		default:
//			o.Unknown(d)
//		}
//	}
func (g *generator) objectBody(s *model.Struct, objVar string, lvalue func(*model.Field) *jen.Statement) []jen.Code {
	return g.objectBodyTag(s, objVar, lvalue, "")
}

// objectBodyTag is objectBody for a tagged union's member: the tag, named
// last in the table (so that no index moves), is skipped, as the union's
// reader has read it already.
func (g *generator) objectBodyTag(s *model.Struct, objVar string, lvalue func(*model.Field) *jen.Statement, tag string) []jen.Code {
	var body []jen.Code
	var cases []jen.Code
	names := make([]jen.Code, len(s.Fields))
	var required, nullAbsent []jen.Code
	for i, f := range s.Fields {
		names[i] = jen.Lit(f.JSONName)
		if f.Required {
			required = append(required, jen.Lit(i))
		}
		if nullIsAbsent(f) {
			nullAbsent = append(nullAbsent, jen.Lit(i))
		}
		if f.Constraints.Default != nil {
			body = append(body, allocSteps(f, lvalue)...)
			body = append(body, g.assignDefault(f, lvalue(f))...)
		}
		var read []jen.Code
		if f.Required {
			read = append(read, jen.Id("o").Dot("Saw").Call(jen.Lit(len(required)-1)))
		}
		read = append(read, allocSteps(f, lvalue)...)
		read = append(read, g.readMember(f, lvalue(f))...)
		cases = append(cases, jen.Case(jen.Lit(f.JSONName)).Block(read...))
	}
	if tag != "" {
		names = append(names, jen.Lit(tag))
		cases = append(cases, jen.Case(jen.Lit(tag)).Block(d.Clone().Dot("Skip").Call()))
	}
	g.objectVar(objVar, names, required, nullAbsent)
	o := jen.Id("o")
	unknown := o.Clone().Dot("Unknown").Call(d)
	if s.Open {
		unknown = d.Clone().Dot("Skip").Call()
	}
	cases = append(cases, jen.Default().Block(unknown))
	loop := jen.For(
		jen.List(jen.Id("k"), jen.Id("ok")).Op(":=").Add(o.Clone().Dot("Start").Call(d, jen.Id(objVar))),
		jen.Id("ok"),
		jen.List(jen.Id("k"), jen.Id("ok")).Op("=").Add(o.Clone().Dot("Next").Call(d)),
	).Block(jen.Switch(jen.String().Call(jen.Id("k"))).Block(cases...))
	return append(body, jen.Var().Add(o).Add(impl("ObjectReader")), loop)
}

// objectVar declares the table of an object's members, once, as a literal
// the compiler lays out statically (no init code per object).
func (g *generator) objectVar(name string, names, required, nullAbsent []jen.Code) {
	fields := []jen.Code{jen.Id("Names").Op(":").Index().String().Values(names...)}
	if len(required) > 0 {
		fields = append(fields, jen.Id("Required").Op(":").Index().Int().Values(required...))
	}
	if len(nullAbsent) > 0 {
		fields = append(fields, jen.Id("NullAbsent").Op(":").Index().Int().Values(nullAbsent...))
	}
	g.want(name, func() {
		g.code.Var().Id(name).Op("=").Op("&").Add(impl("Object")).Values(fields...)
	})
}

// readMember reads a member's value. A pointer member reads null as nil
// (the one place null is nil: an element of a []*T or map[string]*T must
// be a value, as the schema says).
func (g *generator) readMember(f *model.Field, lv *jen.Statement) []jen.Code {
	if f.Type.Kind != model.KindPointer || nullIsAbsent(f) { // null never reaches here
		return g.readValue(f.Type, lv, f.Constraints, 0)
	}
	if f.Type.Kind != model.KindPointer {
		return g.readValue(f.Type, lv, f.Constraints, 0)
	}
	return []jen.Code{jen.If(d.Clone().Dot("Null").Call()).Block(lv.Clone().Op("=").Nil()).Else().Block(
		g.readValue(f.Type, lv, f.Constraints, 0)...)}
}

// nullIsAbsent reports whether null for a member reads as if the member
// were absent: for every optional member that is not a pointer (a pointer
// reads null as nil) and for a pointer with a default (which null must not
// bypass), since OpenAI's strict mode sends null for every optional member
// it leaves out.
func nullIsAbsent(f *model.Field) bool {
	return !f.Required && (f.Type.Kind != model.KindPointer || f.Constraints.Default != nil)
}

func (g *generator) assignDefault(f *model.Field, lv *jen.Statement) []jen.Code {
	lit := jen.Id(f.Constraints.Default.Go)
	if f.Type.Kind != model.KindPointer {
		return []jen.Code{lv.Op("=").Add(lit)}
	}
	return []jen.Code{jen.Block(
		jen.Id("dflt").Op(":=").Add(GoType(f.Type.Elem)).Call(lit),
		lv.Op("=").Op("&").Id("dflt"),
	)}
}

// allocSteps allocates the embedded pointers on the way to a field:
//
//	if v.Inner == nil {
//		v.Inner = new(Inner)
//	}
func allocSteps(f *model.Field, lvalue func(*model.Field) *jen.Statement) []jen.Code {
	var out []jen.Code
	for i, step := range f.Path[:len(f.Path)-1] {
		if !step.Pointer {
			continue
		}
		partial := &model.Field{Path: f.Path[:i+1]}
		out = append(out, jen.If(lvalue(partial).Op("==").Nil()).Block(
			lvalue(partial).Op("=").New(GoType(step.Type)),
		))
	}
	return out
}

// readValue reads one JSON value of type t into lv. Locals are suffixed
// with the nesting depth so that an inner value never shadows the outer
// variable its lvalue names.
func (g *generator) readValue(t *model.Type, lv *jen.Statement, r model.Constraints, depth int) []jen.Code {
	n := func(name string) *jen.Statement { return jen.Id(fmt.Sprintf("%s%d", name, depth)) }
	switch t.Kind {
	case model.KindString:
		return g.readString(t, lv, r, n("s"))
	case model.KindText:
		return g.readText(t, lv, r, n("s"))
	case model.KindBool:
		return readScalar(t, lv, n("b"), d.Clone().Dot("Bool").Call())
	case model.KindInt, model.KindUint:
		return readScalar(t, lv, n("n"), intCall(t, r))
	case model.KindFloat:
		return readScalar(t, lv, n("f"), floatCall(t, r))
	case model.KindEnum:
		return []jen.Code{jen.Id(g.enumHelper(t)).Call(d, jen.Op("&").Add(lv))}
	case model.KindStruct:
		return []jen.Code{jen.Id(g.structHelper(t)).Call(d, jen.Op("&").Add(lv))}
	case model.KindPointer:
		return g.readPointer(t, lv, r, depth, n("p"))
	case model.KindSlice:
		if name, ok := g.sliceHelper(t, r); ok {
			return []jen.Code{jen.Id(name).Call(d, addressOf(lv))}
		}
		return g.readSlice(t, lv, r, depth, n)
	case model.KindArray:
		return g.readArray(t, lv, depth, n)
	case model.KindMap:
		if r.Entries {
			return g.readEntries(t, lv, depth, n)
		}
		return g.readMap(t, lv, r, depth, n)
	case model.KindTime:
		return readScalar(t, lv, n("t"), d.Clone().Dot("Time").Call())
	case model.KindBytes:
		if t.Elem != nil { // []Octet: the bytes read, as the slice type
			b := n("b")
			return []jen.Code{jen.If(jen.List(b.Clone(), jen.Id("ok")).Op(":=").Add(d.Clone().Dot("Bytes").Call()), jen.Id("ok")).Block(
				lv.Op("=").Add(impl("BytesAs").Index(GoType(t)).Call(b.Clone())))}
		}
		return readScalar(t, lv, n("b"), d.Clone().Dot("Bytes").Call())
	case model.KindRaw:
		return readScalar(t, lv, n("r"), d.Clone().Dot("Raw").Call())
	case model.KindJSON:
		return g.readJSON(t, lv, r, depth)
	case model.KindNumber:
		return readNumber(t, lv, depth)
	case model.KindUnion:
		return []jen.Code{jen.Id(g.unionHelper(t)).Call(d, jen.Op("&").Add(lv))}
	}
	return readScalar(t, lv, n("x"), d.Clone().Dot("Any").Call())
}

// readScalar: if x, ok := d.Read(); ok { lv = T(x) }
func readScalar(t *model.Type, lv, x *jen.Statement, call *jen.Statement) []jen.Code {
	val := x.Clone()
	if needsConversion(t) {
		val = GoType(t).Call(x.Clone())
	}
	return []jen.Code{jen.If(jen.List(x.Clone(), jen.Id("ok")).Op(":=").Add(call), jen.Id("ok")).Block(lv.Op("=").Add(val))}
}

// needsConversion reports whether a value read as the basic Go type must be
// converted to t (named types, and widths other than the decoder's).
func needsConversion(t *model.Type) bool {
	switch t.Kind {
	case model.KindInt:
		return t.Name != "int64"
	case model.KindUint:
		return t.Name != "uint64"
	case model.KindFloat:
		return t.Name != "float64"
	case model.KindString:
		return t.Name != "string"
	case model.KindBool:
		return t.Name != "bool"
	case model.KindTime:
		return false
	}
	return t.Name != ""
}

func (g *generator) readString(t *model.Type, lv *jen.Statement, r model.Constraints, s *jen.Statement) []jen.Code {
	body := g.stringChecks(s, r)
	val := s.Clone()
	if needsConversion(t) {
		val = GoType(t).Call(s.Clone())
	}
	body = append(body, lv.Op("=").Add(val))
	return []jen.Code{jen.If(jen.List(s.Clone(), jen.Id("ok")).Op(":=").Add(d.Clone().Dot("String").Call()), jen.Id("ok")).Block(body...)}
}

func (g *generator) stringChecks(s *jen.Statement, r model.Constraints) []jen.Code {
	var out []jen.Code
	if r.MinLength != nil || r.MaxLength != nil {
		out = append(out, d.Clone().Dot("CheckLength").Call(s.Clone(), jen.Lit(intOr(r.MinLength, 0)), jen.Lit(intOr(r.MaxLength, -1))))
	}
	if r.Pattern != "" {
		out = append(out, d.Clone().Dot("MatchPattern").Call(s.Clone(), jen.Id(g.pattern(r.Pattern)), jen.Lit(r.Pattern)))
	}
	if r.Format != "" {
		out = append(out, d.Clone().Dot("CheckFormat").Call(s.Clone(), jen.Lit(r.Format)))
	}
	return out
}

func intOr(p *int, def int) int {
	if p == nil {
		return def
	}
	return *p
}

// readText reads a string into a type's UnmarshalText:
//
//	if s0, ok := d.StringBytes(); ok {
//		if err := lv.UnmarshalText(s0); err != nil {
//			d.Invalid(err.Error())
//		}
//	}
func (g *generator) readText(t *model.Type, lv *jen.Statement, r model.Constraints, s *jen.Statement) []jen.Code {
	checks := g.stringChecks(s, r)
	call, arg := d.Clone().Dot("StringBytes").Call(), s.Clone()
	if len(checks) > 0 {
		call, arg = d.Clone().Dot("String").Call(), jen.Index().Byte().Call(s.Clone())
	}
	body := append(checks, jen.If(
		jen.Err().Op(":=").Add(lv).Dot("UnmarshalText").Call(arg), jen.Err().Op("!=").Nil(),
	).Block(d.Clone().Dot("Invalid").Call(jen.Err().Dot("Error").Call())))
	return []jen.Code{jen.If(jen.List(s.Clone(), jen.Id("ok")).Op(":=").Add(call), jen.Id("ok")).Block(body...)}
}

// intCall is d.Int(min, max) (or d.Uint) with the tag's bounds, else the
// type's width.
func intCall(t *model.Type, r model.Constraints) *jen.Statement {
	min, max := intBoundLits(t, r)
	method := "Int"
	if t.Kind == model.KindUint {
		method = "Uint"
	}
	return d.Clone().Dot(method).Call(jen.Id(min), jen.Id(max))
}

// intBoundLits are an integer's bounds as literals: the tag's, else the
// type's width.
func intBoundLits(t *model.Type, r model.Constraints) (string, string) {
	min, max := widthBounds(t)
	if r.Min != "" {
		min = r.Min
	}
	if r.Max != "" {
		max = r.Max
	}
	return min, max
}

func widthBounds(t *model.Type) (string, string) {
	if t.Kind == model.KindUint {
		return "0", strconv.FormatUint(math.MaxUint64>>(64-t.Bits), 10)
	}
	return strconv.FormatInt(math.MinInt64>>(64-t.Bits), 10), strconv.FormatInt(math.MaxInt64>>(64-t.Bits), 10)
}

// floatCall is d.Float(min, max, bits) with the bounds as the schema writes
// them (the decoder compares the float64 it reads with exactly those
// values): the tag's, else a float32's width, ±3.4028235e+38, else
// math.Inf.
func floatCall(t *model.Type, r model.Constraints) *jen.Statement {
	inf := func(sign int) jen.Code { return jen.Qual("math", "Inf").Call(jen.Lit(sign)) }
	return d.Clone().Dot("Float").Call(floatBound(t, r.Min, -1, inf), floatBound(t, r.Max, 1, inf), jen.Lit(t.Bits))
}

// floatBound is one bound of a float: v, else a float32's width, else
// unbounded(sign).
func floatBound(t *model.Type, v string, sign int, unbounded func(sign int) jen.Code) jen.Code {
	width := strconv.FormatFloat(math.MaxFloat32, 'g', -1, 32)
	switch {
	case v != "":
		return jen.Id(v)
	case t.Bits == 32 && sign < 0:
		return jen.Id("-" + width)
	case t.Bits == 32:
		return jen.Id(width)
	}
	return unbounded(sign)
}

// readPointer reads a value into a new T, with the member's constraints
// (they describe the value pointed to); null is rejected as T's reader
// rejects it (readMember reads null for a member as nil):
//
//	p0 := new(T)
//	... read into *p0 ...
//	lv = p0
func (g *generator) readPointer(t *model.Type, lv *jen.Statement, r model.Constraints, depth int, p *jen.Statement) []jen.Code {
	inner := []jen.Code{p.Clone().Op(":=").New(GoType(t.Elem))}
	switch t.Elem.Kind {
	case model.KindEnum: // the helper takes the pointer itself
		inner = append(inner, jen.Id(g.enumHelper(t.Elem)).Call(d, p.Clone()))
	case model.KindStruct:
		inner = append(inner, jen.Id(g.structHelper(t.Elem)).Call(d, p.Clone()))
	case model.KindText: // the method is called on the pointer: *p0.UnmarshalText would not parse as meant
		inner = append(inner, g.readText(t.Elem, p.Clone(), r, jen.Id(fmt.Sprintf("s%d", depth+1)))...)
	case model.KindJSON: // as for text: on the pointer
		inner = append(inner, g.readJSON(t.Elem, p.Clone(), r, depth+1)...)
	default:
		inner = append(inner, g.readValue(t.Elem, deref(t.Elem, p), r, depth+1)...)
	}
	return append(inner, lv.Clone().Op("=").Add(p.Clone()))
}

// deref is *p as an lvalue of type t: (*p) when the reader of t indexes it
// (an array: *p[i] would index p and then dereference).
func deref(t *model.Type, p *jen.Statement) *jen.Statement {
	if t.Kind == model.KindArray {
		return jen.Parens(jen.Op("*").Add(p.Clone()))
	}
	return jen.Op("*").Add(p.Clone())
}

// sliceBuffer is how many elements readSlice holds on the stack.
const sliceBuffer = 8

// readSlice reads the elements into a buffer on the stack, growing onto the
// heap by appending when there are more, and then copies them into a slice
// of the exact length: one allocation for a short array, without counting
// the elements ahead (the decoder's capacity hint is 0). The copy allocates
// anew so that the buffer never escapes. It checks the item count once all
// are read:
//
//	if _, ok := d.Array(); ok {
//		var a0 [8]Elem
//		s0 := a0[:0]
//		for d.Elem() {
//			var e0 Elem
//			... read into e0 ...
//			s0 = append(s0, e0)
//		}
//		d.CheckItems(len(s0), min, max)
//		lv = append(make(T, 0, len(s0)), s0...)
//	}
func (g *generator) readSlice(t *model.Type, lv *jen.Statement, r model.Constraints, depth int, n func(string) *jen.Statement) []jen.Code {
	loop := []jen.Code{jen.Var().Add(n("e")).Add(GoType(t.Elem))}
	loop = append(loop, g.readValue(t.Elem, n("e"), elemConstraints(r), depth+1)...)
	loop = append(loop, n("s").Op("=").Append(n("s"), n("e")))
	body := []jen.Code{
		jen.Var().Add(n("a")).Index(jen.Lit(sliceBuffer)).Add(GoType(t.Elem)),
		n("s").Op(":=").Add(n("a")).Index(jen.Empty(), jen.Lit(0)),
		jen.For(d.Clone().Dot("Elem").Call()).Block(loop...),
	}
	if r.MinItems != nil || r.MaxItems != nil {
		body = append(body, d.Clone().Dot("CheckItems").Call(jen.Len(n("s")), jen.Lit(intOr(r.MinItems, 0)), jen.Lit(intOr(r.MaxItems, -1))))
	}
	body = append(body, lv.Clone().Op("=").Append(jen.Make(GoType(t), jen.Lit(0), jen.Len(n("s"))), n("s").Op("...")))
	return []jen.Code{jen.If(jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Add(d.Clone().Dot("Array").Call()), jen.Id("ok")).Block(body...)}
}

// readArray reads a fixed-length array, which must have exactly its length:
//
//	if _, ok := d.Array(); ok {
//		i0 := 0
//		for ; d.Elem(); i0++ {
//			if i0 < N { ... read into lv[i0] ... } else { d.Skip() }
//		}
//		d.CheckItems(i0, N, N)
//	}
func (g *generator) readArray(t *model.Type, lv *jen.Statement, depth int, n func(string) *jen.Statement) []jen.Code {
	length := jen.Lit(int(t.Len))
	read := g.readValue(t.Elem, lv.Clone().Index(n("i")), model.Constraints{}, depth+1)
	body := []jen.Code{
		n("i").Op(":=").Lit(0),
		jen.For(jen.Empty(), d.Clone().Dot("Elem").Call(), n("i").Op("++")).Block(
			jen.If(n("i").Op("<").Add(length)).Block(read...).Else().Block(d.Clone().Dot("Skip").Call()),
		),
		d.Clone().Dot("CheckItems").Call(n("i"), length, length),
	}
	return []jen.Code{jen.If(jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Add(d.Clone().Dot("Array").Call()), jen.Id("ok")).Block(body...)}
}

// elemConstraints are the constraints of the elements of a slice or the
// values of a map constrained by r: none, but in toolgen mcp's stubs.
func elemConstraints(r model.Constraints) model.Constraints {
	if r.Elem == nil {
		return model.Constraints{}
	}
	return *r.Elem
}

// readMap reads an object into a map:
//
//	if d.Object() {
//		m0 := make(T)
//		for _, ok := d.Field(); ok; _, ok = d.Field() {
//			k0 := d.KeyString()
//			var v0 Elem
//			... read into v0 ...
//			m0[K(k0)] = v0
//		}
//		lv = m0
//	}
func (g *generator) readMap(t *model.Type, lv *jen.Statement, r model.Constraints, depth int, n func(string) *jen.Statement) []jen.Code {
	key := n("k")
	if needsConversion(t.Key) {
		key = GoType(t.Key).Call(n("k"))
	}
	loopBody := []jen.Code{
		n("k").Op(":=").Add(d.Clone().Dot("KeyString").Call()),
		jen.Var().Add(n("v")).Add(GoType(t.Elem)),
	}
	loopBody = append(loopBody, g.readValue(t.Elem, n("v"), elemConstraints(r), depth+1)...)
	loopBody = append(loopBody, n("m").Index(key).Op("=").Add(n("v")))
	return []jen.Code{jen.If(d.Clone().Dot("Object").Call()).Block(
		n("m").Op(":=").Make(GoType(t)),
		jen.For(jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Add(d.Clone().Dot("Field").Call()), jen.Id("ok"),
			jen.List(jen.Id("_"), jen.Id("ok")).Op("=").Add(d.Clone().Dot("Field").Call())).Block(loopBody...),
		lv.Clone().Op("=").Add(n("m")),
	)}
}

// entriesObject is the table of an entry's members, for readEntries.
const entriesObject = "toolgenObjectEntry"

// readEntries reads a map sent in the entries form, an array of
// {"key": k, "value": v} objects; a key given twice is refused at its
// entry:
//
//	if _, ok := d.Array(); ok {
//		m0 := make(T)
//		for d.Elem() {
//			var k0 K
//			var v0 V
//			var o0 toolimpl.ObjectReader
//			for k, ok := o0.Start(d, toolgenObjectEntry); ok; k, ok = o0.Next(d) {
//				switch string(k) {
//				case "key":
//					o0.Saw(0)
//					... read into k0 ...
//				case "value":
//					o0.Saw(1)
//					... read into v0 ...
//				default:
//					o0.Unknown(d)
//				}
//			}
//			if _, dup := m0[k0]; dup {
//				d.Invalid("the key " + strconv.Quote(string(k0)) + " is given twice")
//			}
//			m0[k0] = v0
//		}
//		lv = m0
//	}
func (g *generator) readEntries(t *model.Type, lv *jen.Statement, depth int, n func(string) *jen.Statement) []jen.Code {
	g.objectVar(entriesObject, []jen.Code{jen.Lit("key"), jen.Lit("value")}, []jen.Code{jen.Lit(0), jen.Lit(1)}, nil)
	o := n("o")
	readKey := append([]jen.Code{o.Clone().Dot("Saw").Call(jen.Lit(0))}, g.readValue(t.Key, n("k"), model.Constraints{}, depth+1)...)
	readVal := append([]jen.Code{o.Clone().Dot("Saw").Call(jen.Lit(1))}, g.readValue(t.Elem, n("v"), model.Constraints{}, depth+1)...)
	member := jen.Id("k")
	entry := []jen.Code{
		jen.Var().Add(n("k")).Add(GoType(t.Key)),
		jen.Var().Add(n("v")).Add(GoType(t.Elem)),
		jen.Var().Add(o.Clone()).Add(impl("ObjectReader")),
		jen.For(
			jen.List(member, jen.Id("ok")).Op(":=").Add(o.Clone().Dot("Start").Call(d, jen.Id(entriesObject))),
			jen.Id("ok"),
			jen.List(member, jen.Id("ok")).Op("=").Add(o.Clone().Dot("Next").Call(d)),
		).Block(jen.Switch(jen.String().Call(member)).Block(
			jen.Case(jen.Lit("key")).Block(readKey...),
			jen.Case(jen.Lit("value")).Block(readVal...),
			jen.Default().Block(o.Clone().Dot("Unknown").Call(d)),
		)),
		jen.If(jen.List(jen.Id("_"), jen.Id("dup")).Op(":=").Add(n("m")).Index(n("k")), jen.Id("dup")).Block(
			d.Clone().Dot("Invalid").Call(jen.Lit("the key ").Op("+").Qual("strconv", "Quote").Call(jen.String().Call(n("k"))).Op("+").Lit(" is given twice")),
		),
		n("m").Index(n("k")).Op("=").Add(n("v")),
	}
	return []jen.Code{jen.If(jen.List(jen.Id("_"), jen.Id("ok")).Op(":=").Add(d.Clone().Dot("Array").Call()), jen.Id("ok")).Block(
		n("m").Op(":=").Make(GoType(t)),
		jen.For(d.Clone().Dot("Elem").Call()).Block(entry...),
		lv.Clone().Op("=").Add(n("m")),
	)}
}

// sliceHelper asks for the function reading an unnamed slice type without
// constraints, shared by every member of that type in the file, and
// returns its name (false when the slice has constraints of its own, which
// are read in place).
func (g *generator) sliceHelper(t *model.Type, r model.Constraints) (string, bool) {
	if t.Name != "" || !reflect.DeepEqual(r, model.Constraints{}) {
		return "", false
	}
	name := "toolgenDecode" + typeKey(g.typeText(t))
	id := typeID(t)
	if prev, ok := g.sliceTypes[name]; ok && prev != id {
		return "", false // two types spelled alike (x.T of two packages x): read in place
	}
	if g.sliceTypes == nil {
		g.sliceTypes = map[string]string{}
	}
	g.sliceTypes[name] = id
	g.want(name, func() {
		n0 := func(name string) *jen.Statement { return jen.Id(name + "0") }
		g.code.Comment(fmt.Sprintf("%s reads a %s.", name, g.typeText(t)))
		g.code.Func().Id(name).Params(jen.Id("d").Op("*").Add(impl("Decoder")), jen.Id("v").Op("*").Add(GoType(t))).Block(
			g.readSlice(t, jen.Op("*").Id("v"), r, 0, n0)...)
	})
	return name, true
}

// addressOf is &lv, or p for an lvalue *p.
func addressOf(lv *jen.Statement) jen.Code {
	if text := fmt.Sprintf("%#v", lv); strings.HasPrefix(text, "*") && !strings.ContainsAny(text[1:], " .[(*") {
		return jen.Id(text[1:])
	}
	return jen.Op("&").Add(lv)
}

// typeKey spells a Go type's text as part of an identifier: []string is
// SliceString, []*pkg.T SlicePtrpkg_T.
func typeKey(text string) string {
	text = strings.NewReplacer("[]", "Slice", "*", "Ptr", "map[", "Map", "]", "Of", ".", "_").Replace(text)
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' {
			return r
		}
		return -1
	}, text)
}

// typeID identifies a type by package paths, not names.
func typeID(t *model.Type) string {
	if t == nil {
		return ""
	}
	return fmt.Sprintf("%v:%s.%s(%s,%s)", t.Kind, t.Pkg, t.Name, typeID(t.Key), typeID(t.Elem))
}
