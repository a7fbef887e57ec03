package analyze

import (
	"go/token"
	"go/types"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// Types with their own JSON or text methods, read and written the way
// encoding/json does: UnmarshalJSON before UnmarshalText before the type's
// shape when reading, MarshalJSON before MarshalText before its shape when
// writing.

var (
	jsonUnmarshaler = textInterface("UnmarshalJSON", types.NewSlice(types.Typ[types.Byte]), nil)
	jsonMarshaler   = textInterface("MarshalJSON", nil, types.NewSlice(types.Typ[types.Byte]))
)

// durationNote says what a time.Duration's number means.
const durationNote = "A duration in nanoseconds (1 second = 1000000000)."

// hasJSONMethods reports whether t needs KindJSON: it has UnmarshalJSON or
// MarshalJSON, or MarshalText without UnmarshalText (written as text, read
// by its shape, as encoding/json does).
func hasJSONMethods(t types.Type) bool {
	return types.Implements(types.NewPointer(t), jsonUnmarshaler) ||
		types.Implements(types.NewPointer(t), jsonMarshaler) ||
		(implementsMarshalText(t) && !implementsText(t))
}

// jsonType maps a type with JSON methods (or with MarshalText alone).
func (a *analyzer) jsonType(t *types.Named, obj *types.TypeName, pkg string) (*model.Type, error) {
	m := &model.Type{Kind: model.KindJSON, Name: obj.Name(), Pkg: pkg, Comparable: types.Comparable(t),
		UnmarshalJSON: types.Implements(types.NewPointer(t), jsonUnmarshaler)}
	switch {
	case types.Implements(t, jsonMarshaler):
		m.MarshalJSON = true
	case types.Implements(types.NewPointer(t), jsonMarshaler):
		m.MarshalJSON, m.MarshalPtr = true, true
	case implementsMarshalText(t) && !implementsText(t):
		m.TextMarshaler, m.MarshalPtr = true, !types.Implements(t, textMarshaler)
	}
	m.Doc, m.Schema = a.methodsSchema(obj)
	// The shape also gives omitempty and omitzero their test, so it is
	// kept even when both directions have a method.
	shape, err := a.shapeOf(t, obj, pkg)
	if err == nil {
		m.Shape = shape
		return m, nil
	}
	switch {
	case !m.UnmarshalJSON:
		return nil, unsupported("%s: encoding/json reads it as its own type, since it has no UnmarshalJSON method, and %v; give it an UnmarshalJSON method", a.typeString(t), err)
	case !m.MarshalJSON && !m.TextMarshaler:
		return nil, unsupported("%s: encoding/json writes it as its own type, since it has no MarshalJSON method, and %v; give it a MarshalJSON method", a.typeString(t), err)
	}
	return m, nil
}

// shapeOf maps t as if it had no JSON methods: by its text methods, else
// by its underlying type.
func (a *analyzer) shapeOf(t *types.Named, obj *types.TypeName, pkg string) (*model.Type, error) {
	if implementsText(t) {
		return a.textType(t, obj, pkg), nil
	}
	m, err := a.namedShape(t, obj, pkg)
	if err != nil {
		return nil, err
	}
	shape := *m
	shape.Comparable = types.Comparable(t)
	return &shape, nil
}

// textType maps a type that implements encoding.TextUnmarshaler.
func (a *analyzer) textType(t *types.Named, obj *types.TypeName, pkg string) *model.Type {
	m := &model.Type{Kind: model.KindText, Name: obj.Name(), Pkg: pkg,
		TextMarshaler: implementsMarshalText(t), Comparable: types.Comparable(t)}
	m.MarshalPtr = m.TextMarshaler && !types.Implements(t, textMarshaler)
	m.Doc, m.Schema = a.methodsSchema(obj)
	return m
}

// methodsSchema is the description and schema of a type whose methods
// decide its JSON form: a //toolgen:schema directive on it, else toolgen's
// own for a standard library type, else none (the caller's default).
func (a *analyzer) methodsSchema(obj *types.TypeName) (doc, schema string) {
	doc = a.docs.of(obj)
	if d, ok := a.schemas[obj.Pos()]; ok {
		if d.description != "" {
			doc = d.description
		}
		return doc, d.schema
	}
	if s, ok := stdSchemas[pkgPath(obj)+"."+obj.Name()]; ok {
		return s.doc, s.schema
	}
	if s, ok := stdSchemas[promotedFrom(obj.Type())]; ok {
		return doc, s.schema // a struct embedding time.Time reads and writes a time
	}
	return doc, ""
}

// promotedFrom names the type (path.Name) whose method decides t's JSON
// form when t has it from an embedded field, or "".
func promotedFrom(t types.Type) string {
	for _, method := range []string{"UnmarshalJSON", "UnmarshalText", "MarshalJSON", "MarshalText"} {
		obj, index, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, nil, method)
		fn, ok := obj.(*types.Func)
		if !ok || len(index) < 2 {
			continue
		}
		recv := fn.Signature().Recv().Type()
		if p, ok := recv.(*types.Pointer); ok {
			recv = p.Elem()
		}
		if named, ok := types.Unalias(recv).(*types.Named); ok {
			return pkgPath(named.Obj()) + "." + named.Obj().Name()
		}
	}
	return ""
}

// stdSchema is toolgen's schema for a standard library type with JSON or
// text methods (export data keeps no doc comments, so the description is
// toolgen's too).
type stdSchema struct{ schema, doc string }

// stdSchemas are checked against what encoding/json reads and writes for
// each type (see the stdtypes golden case and its tests). Formats are left
// out where they would not be exact (netip.Addr also takes zones and "").
var stdSchemas = map[string]stdSchema{
	// Only a struct embedding time.Time meets this entry (time.Time itself
	// is read by toolgen's RFC 3339 parser): time.Time's promoted
	// UnmarshalJSON also takes forms format date-time refuses (a one-digit
	// hour), so the schema claims no format it would not hold to.
	"time.Time":          {`{"type":"string"}`, "A date and time in RFC 3339 format, such as \"2026-01-02T15:04:05Z\"."},
	"math/big.Int":       {`{"type":"integer"}`, "An integer of any size."},
	"math/big.Float":     {`{"type":"string"}`, `A decimal floating-point number of any size, as a string such as "1.5" or "-2e10".`},
	"math/big.Rat":       {`{"type":"string"}`, `A rational number as a string: a fraction such as "1/3" or a decimal such as "0.25".`},
	"net/netip.Addr":     {`{"type":"string"}`, `An IPv4 or IPv6 address, such as "192.0.2.1" or "2001:db8::1".`},
	"net/netip.Prefix":   {`{"type":"string"}`, `An IP network in CIDR notation, such as "192.0.2.0/24".`},
	"net/netip.AddrPort": {`{"type":"string"}`, `An IP address and port, such as "192.0.2.1:80" or "[2001:db8::1]:80".`},
	"log/slog.Level":     {`{"type":"string"}`, `A log level: DEBUG, INFO, WARN or ERROR, optionally with an offset such as "WARN+2".`},
	"regexp.Regexp":      {`{"type":"string"}`, "A regular expression in Go's RE2 syntax."},
}

// checkAddressable names a type in a result whose marshaling method has a
// pointer receiver and sits where encoding/json cannot take its address (a
// value returned by value, a map value, or what they hold without a pointer
// or slice in between), or "". There encoding/json would not call the
// method but write the type's own fields: toolgen refuses rather than write
// what the method's schema does not describe. addressable says whether t is
// reached through a pointer or slice.
func checkAddressable(t *model.Type, addressable bool, seen map[*model.Type]bool) string {
	if seen[t] {
		return ""
	}
	seen[t] = true
	defer delete(seen, t)
	switch t.Kind {
	case model.KindJSON:
		if (t.MarshalJSON || t.TextMarshaler) && t.MarshalPtr && !addressable {
			return t.Name
		}
		if !t.MarshalJSON && !t.TextMarshaler && t.Shape != nil {
			return checkAddressable(t.Shape, addressable, seen)
		}
	case model.KindText:
		if t.MarshalPtr && !addressable {
			return t.Name
		}
	case model.KindPointer, model.KindSlice:
		return checkAddressable(t.Elem, true, seen)
	case model.KindArray:
		return checkAddressable(t.Elem, addressable, seen)
	case model.KindMap:
		return checkAddressable(t.Elem, false, seen)
	case model.KindStruct:
		for _, f := range t.Struct.Fields {
			if name := checkAddressable(f.Type, addressable || f.BehindPointer(), seen); name != "" {
				return name
			}
		}
	case model.KindUnion:
		// An interface holds a value member's copy, which encoding/json
		// cannot address; a pointer member it can.
		for _, m := range t.Union.Members {
			if name := checkAddressable(m.Type, m.Pointer, seen); name != "" {
				return name
			}
		}
	}
	return ""
}

// written names a value toolgen writes, in messages about its type: a
// tool's result, or what its toolgen.Partial[T] sends.
type written struct {
	subject   string // "result", "toolgen.Partial[Row]"
	byValue   string // "a result returned by value"
	byPointer string // "return a pointer"
}

var writtenResult = written{subject: "result", byValue: "a result returned by value", byPointer: "return a pointer"}

// checkWritable reports a type the encoder cannot write as encoding/json
// does, the same rules for results and partial results: a text type
// without MarshalText, or a marshaling method encoding/json would not
// call; false when it did.
func (a *analyzer) checkWritable(t *model.Tool, mt *model.Type, pos token.Pos, w written) bool {
	if name := unwritable(mt, map[*model.Struct]bool{}); name != "" {
		a.errorf(pos, "tool %s: %s: %s implements encoding.TextUnmarshaler but not encoding.TextMarshaler, so it cannot be written", t.GoName, w.subject, name)
		return false
	}
	if name := checkAddressable(mt, mt.Kind == model.KindPointer, map[*model.Type]bool{}); name != "" {
		a.errorf(pos, "tool %s: %s: %s's %s method has a pointer receiver, and here encoding/json cannot take the value's address "+
			"(%s, a map value, or a field of either), so it would write the value by its own type instead; "+
			"%s, use *%s in maps, or give the method a value receiver", t.GoName, w.subject, name, marshalMethodOf(mt, name), w.byValue, w.byPointer, name)
		return false
	}
	return true
}

// marshalMethodOf names the writing method of the type called name in t.
func marshalMethodOf(t *model.Type, name string) string {
	method := "MarshalText"
	walkTypes(t, map[*model.Type]bool{}, func(x *model.Type) {
		if x.Name == name && x.Kind == model.KindJSON && x.MarshalJSON {
			method = "MarshalJSON"
		}
	})
	return method
}

func walkTypes(t *model.Type, seen map[*model.Type]bool, visit func(*model.Type)) {
	if t == nil || seen[t] {
		return
	}
	seen[t] = true
	visit(t)
	walkTypes(t.Elem, seen, visit)
	walkTypes(t.Shape, seen, visit)
	if t.Struct != nil {
		for _, f := range t.Struct.Fields {
			walkTypes(f.Type, seen, visit)
		}
	}
	if t.Union != nil {
		for _, m := range t.Union.Members {
			walkTypes(m.Type, seen, visit)
		}
	}
}
