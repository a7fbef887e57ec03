package analyze

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// typeError is a type toolgen cannot map, with the reason; the caller adds
// where it was met.
type typeError struct{ msg string }

func (e *typeError) Error() string { return e.msg }

func unsupported(format string, args ...any) *typeError {
	return &typeError{msg: fmt.Sprintf(format, args...)}
}

// typeOf maps a Go type to its JSON shape. Named types are mapped once
// (recursive types meet themselves through the memo).
func (a *analyzer) typeOf(t types.Type) (*model.Type, error) {
	switch t := t.(type) {
	case *types.Alias:
		return a.typeOf(types.Unalias(t))
	case *types.Named:
		m, err := a.named(t)
		if m != nil {
			m.IsZeroer = hasIsZero(t)
		}
		return m, err
	case *types.Basic:
		return basic(t, "", "")
	case *types.Pointer:
		return a.composite(model.KindPointer, t.Elem())
	case *types.Slice:
		if isByte(t.Elem()) {
			return a.bytesType(t.Elem())
		}
		return a.composite(model.KindSlice, t.Elem())
	case *types.Array:
		m, err := a.composite(model.KindArray, t.Elem())
		if m != nil {
			m.Len, m.Comparable = t.Len(), types.Comparable(t) // omitzero compares arrays with ==
		}
		return m, err
	case *types.Map:
		if !isString(t.Key()) {
			return nil, unsupported("map key type %s: JSON object keys are strings; use a map with string keys", a.typeString(t.Key()))
		}
		if implementsText(t.Key()) {
			// encoding/json reads such keys with UnmarshalText but writes
			// them as the plain string: toolgen keeps keys plain strings.
			return nil, unsupported("map key type %s has an UnmarshalText method, which encoding/json calls for keys; use a plain string key type", a.typeString(t.Key()))
		}
		m, err := a.composite(model.KindMap, t.Elem())
		if m != nil {
			m.Key, err = a.typeOf(t.Key())
		}
		return m, err
	case *types.Interface:
		if t.Empty() {
			return &model.Type{Kind: model.KindAny}, nil
		}
		return nil, unsupported("interface type %s: only any (interface{}) can hold JSON", a.typeString(t))
	case *types.Struct:
		return nil, unsupported("anonymous struct type: declare a named struct type")
	case *types.Chan:
		return nil, unsupported("channel type %s has no JSON form", a.typeString(t))
	case *types.Signature:
		return nil, unsupported("function type %s has no JSON form", a.typeString(t))
	}
	return nil, unsupported("type %s has no JSON form", a.typeString(t))
}

// typeString spells a type for a message as the user writes it: local
// types bare, others by package name (other.T, not example.com/m/other.T).
func (a *analyzer) typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == a.pkg.Types {
			return ""
		}
		return p.Name()
	})
}

func (a *analyzer) composite(kind model.Kind, elem types.Type) (*model.Type, error) {
	e, err := a.typeOf(elem)
	if err != nil {
		return nil, err
	}
	return &model.Type{Kind: kind, Elem: e}, nil
}

func basic(t *types.Basic, name, pkg string) (*model.Type, error) {
	m := &model.Type{Name: t.Name(), Pkg: pkg, Comparable: true}
	if name != "" {
		m.Name = name
	}
	info := t.Info()
	switch {
	case t.Kind() == types.Invalid:
		return nil, unsupported("the type does not compile (go build -tags toolgen shows why)")
	case t.Kind() == types.UnsafePointer:
		return nil, unsupported("unsafe.Pointer has no JSON form")
	case t.Kind() == types.Uintptr:
		return nil, unsupported("uintptr has no JSON form; use uint64")
	case info&types.IsComplex != 0:
		return nil, unsupported("complex type %s has no JSON form", t)
	case info&types.IsString != 0:
		m.Kind = model.KindString
	case info&types.IsBoolean != 0:
		m.Kind = model.KindBool
	case info&types.IsFloat != 0:
		m.Kind, m.Bits = model.KindFloat, basicBits(t)
	case info&types.IsUnsigned != 0:
		m.Kind, m.Bits = model.KindUint, basicBits(t)
	case info&types.IsInteger != 0:
		m.Kind, m.Bits = model.KindInt, basicBits(t)
	default:
		return nil, unsupported("type %s has no JSON form", t)
	}
	m.Basic = m.Kind
	return m, nil
}

func basicBits(t *types.Basic) int {
	switch t.Kind() {
	case types.Int8, types.Uint8:
		return 8
	case types.Int16, types.Uint16:
		return 16
	case types.Int32, types.Uint32, types.Float32:
		return 32
	}
	return 64 // int, uint, int64, uint64, float64: toolgen targets 64-bit platforms
}

// isByte reports whether a slice of t is read and written as base64, as
// encoding/json does: t is a byte type and a *t has neither MarshalJSON nor
// MarshalText (encoding/json's encoder writes the elements one by one
// then; its decoder takes a base64 string or an array, and toolgen the
// array its schema states).
func isByte(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Uint8 &&
		!types.Implements(types.NewPointer(t), jsonMarshaler) && !implementsMarshalText(t)
}

// bytesType maps a slice of bytes; a named element type ([]Octet) is kept
// as a plain byte of that name, for generated code to spell the slice (its
// methods, constants and doc play no part: the slice is base64).
func (a *analyzer) bytesType(elem types.Type) (*model.Type, error) {
	m := &model.Type{Kind: model.KindBytes}
	if named, ok := types.Unalias(elem).(*types.Named); ok {
		obj := named.Obj()
		if obj.Pkg() != nil && !obj.Exported() && pkgPath(obj) != a.pkg.PkgPath {
			return nil, unsupported("type %s is not exported, so generated code cannot name it", a.typeString(named))
		}
		m.Elem = &model.Type{Kind: model.KindUint, Bits: 8, Basic: model.KindUint, Name: obj.Name(), Pkg: pkgPath(obj), Comparable: true}
	}
	return m, nil
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// named maps a named type: the special library types, text types, enums,
// structs, and named versions of the other shapes.
func (a *analyzer) named(t *types.Named) (*model.Type, error) {
	if m, ok := a.memo[t]; ok {
		if m.Struct != nil && a.building[t] {
			m.Struct.Recursive = true
		}
		return m, nil
	}
	obj := t.Obj()
	pkg := pkgPath(obj)
	switch {
	case pkg == "time" && obj.Name() == "Time":
		return &model.Type{Kind: model.KindTime, Name: "Time", Pkg: "time"}, nil
	case pkg == "encoding/json" && obj.Name() == "RawMessage":
		return &model.Type{Kind: model.KindRaw, Name: "RawMessage", Pkg: pkg}, nil
	case pkg == "encoding/json" && obj.Name() == "Number":
		// A JSON number kept as its literal text, as encoding/json reads
		// and writes it (encoding/json also reads a string holding a
		// number; toolgen does not: the schema says number).
		return &model.Type{Kind: model.KindNumber, Name: "Number", Pkg: pkg, Comparable: true}, nil
	case pkg == "time" && obj.Name() == "Duration":
		// Its constants are units to multiply, not the values it may take
		// (an enum would refuse 2*time.Second): an integer of nanoseconds,
		// as encoding/json writes it, with a note saying so.
		m, err := basic(types.Typ[types.Int64], obj.Name(), pkg)
		m.Note = durationNote
		return m, err
	case t.TypeArgs().Len() > 0:
		return nil, unsupported("generic type %s is not supported: declare a non-generic type", a.typeString(t))
	case obj.Pkg() != nil && !obj.Exported() && pkg != a.pkg.PkgPath: // error is predeclared, not unexported
		return nil, unsupported("type %s is not exported, so generated code cannot name it", a.typeString(t))
	}
	if hasJSONMethods(t) {
		m, err := a.jsonType(t, obj, pkg)
		if err == nil {
			a.memo[t] = m
		}
		return m, err
	}
	if implementsText(t) {
		return a.textType(t, obj, pkg), nil
	}
	m, err := a.namedShape(t, obj, pkg)
	if err == nil {
		m.Comparable = types.Comparable(t)
		a.memo[t] = m
	}
	return m, err
}

func (a *analyzer) namedShape(t *types.Named, obj *types.TypeName, pkg string) (*model.Type, error) {
	switch u := t.Underlying().(type) {
	case *types.Struct:
		return a.structType(t, u)
	case *types.Basic:
		m, err := basic(u, obj.Name(), pkg)
		if err != nil {
			return nil, err
		}
		m.Doc = a.docs.of(obj)
		m.Enum = a.enumOf(t)
		if m.Enum != nil {
			m.Kind = model.KindEnum
		}
		return m, nil
	}
	if iface, ok := t.Underlying().(*types.Interface); ok && !iface.Empty() {
		// Named, so that a message says error or io.Reader, not its methods.
		return a.unionType(t, iface)
	}
	m, err := a.typeOf(t.Underlying())
	if err != nil {
		return nil, err
	}
	named := *m
	named.Name, named.Pkg, named.Doc = obj.Name(), pkg, a.docs.of(obj)
	return &named, nil
}

func pkgPath(obj types.Object) string {
	if obj.Pkg() == nil {
		return ""
	}
	return obj.Pkg().Path()
}

// enumOf collects the exported constants of type t declared in t's package,
// in source order. Only string and integer types make enums. Unexported
// constants are left out (an iota sentinel such as numDays is no value to
// offer a model), and a type with only unexported ones is no enum: that is
// also all export data shows of a type from another package.
func (a *analyzer) enumOf(t *types.Named) *model.Enum {
	b, _ := t.Underlying().(*types.Basic)
	if b == nil || b.Info()&(types.IsString|types.IsInteger) == 0 || t.Obj().Pkg() == nil {
		return nil
	}
	scope := t.Obj().Pkg().Scope()
	var consts []*types.Const
	for _, name := range scope.Names() {
		if c, ok := scope.Lookup(name).(*types.Const); ok && types.Identical(c.Type(), t) && c.Exported() {
			consts = append(consts, c)
		}
	}
	if len(consts) == 0 {
		return nil
	}
	slices.SortStableFunc(consts, func(x, y *types.Const) int { return int(x.Pos() - y.Pos()) })
	e := &model.Enum{}
	for _, c := range consts {
		e.Values = append(e.Values, model.EnumValue{GoName: c.Name(), Value: constLiteral(c.Val()), Doc: a.docs.of(c)})
	}
	return e
}

func constLiteral(v constant.Value) string {
	if v.Kind() == constant.String {
		return strconv.Quote(constant.StringVal(v))
	}
	return v.ExactString()
}

var (
	textUnmarshaler = textInterface("UnmarshalText", types.NewSlice(types.Typ[types.Byte]), nil)
	textMarshaler   = textInterface("MarshalText", nil, types.NewSlice(types.Typ[types.Byte]))
)

// textInterface builds encoding.TextUnmarshaler or TextMarshaler without
// loading the encoding package.
func textInterface(method string, in, out types.Type) *types.Interface {
	errType := types.Universe.Lookup("error").Type()
	var params, results []*types.Var
	if in != nil {
		params = append(params, types.NewParam(token.NoPos, nil, "text", in))
	}
	if out != nil {
		results = append(results, types.NewParam(token.NoPos, nil, "text", out))
	}
	results = append(results, types.NewParam(token.NoPos, nil, "err", errType))
	sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), types.NewTuple(results...), false)
	iface := types.NewInterfaceType([]*types.Func{types.NewFunc(token.NoPos, nil, method, sig)}, nil)
	return iface.Complete()
}

func implementsText(t types.Type) bool {
	return types.Implements(types.NewPointer(t), textUnmarshaler)
}

func implementsMarshalText(t types.Type) bool {
	return types.Implements(t, textMarshaler) || types.Implements(types.NewPointer(t), textMarshaler)
}

// hasIsZero reports whether T or *T has an IsZero() bool method, which
// encoding/json's omitzero calls instead of comparing with the zero value.
func hasIsZero(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), false, nil, "IsZero")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool])
}
