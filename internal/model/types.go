package model

import (
	"slices"
	"strconv"
)

// Kind is the shape of a Go type as toolgen maps it to JSON.
type Kind string

// The kinds of types.
const (
	KindString  Kind = "string"
	KindBool    Kind = "bool"
	KindInt     Kind = "int"   // signed integers of Bits bits
	KindUint    Kind = "uint"  // unsigned integers of Bits bits
	KindFloat   Kind = "float" // floats of Bits bits
	KindEnum    Kind = "enum"  // a named string or integer type with constants
	KindSlice   Kind = "slice"
	KindArray   Kind = "array"
	KindMap     Kind = "map" // string keys
	KindStruct  Kind = "struct"
	KindPointer Kind = "pointer"
	KindTime    Kind = "time"  // time.Time
	KindBytes   Kind = "bytes" // []byte
	KindRaw     Kind = "raw"   // json.RawMessage
	KindAny     Kind = "any"   // any
	KindText    Kind = "text"  // implements encoding.TextUnmarshaler (and maybe TextMarshaler)
	// KindJSON types implement json.Marshaler or json.Unmarshaler (or
	// both): the methods read and write the value, Shape serves the
	// direction without one.
	KindJSON Kind = "json"
	// KindNumber is json.Number: a JSON number kept as its literal text.
	KindNumber Kind = "number"
	// KindUnion is a sealed interface (one with an unexported method):
	// one of its implementations in the package, told apart by a tag
	// member or by the JSON type of the value (Union).
	KindUnion Kind = "union"
)

// Type is a Go type and how it maps to JSON.
type Type struct {
	Kind Kind `json:"kind"`
	// Name and Pkg spell a named type (Pkg is "" for predeclared types such
	// as int64 or string); composite unnamed types have neither and are
	// spelled from Elem.
	Name string `json:"name,omitempty"`
	Pkg  string `json:"pkg,omitempty"`
	Doc  string `json:"doc,omitempty"` // a named type's doc comment

	Bits   int     `json:"bits,omitempty"`  // KindInt, KindUint, KindFloat
	Key    *Type   `json:"key,omitempty"`   // KindMap: a string type
	Elem   *Type   `json:"elem,omitempty"`  // KindSlice, KindArray, KindMap (values), KindPointer; KindBytes of a named byte type
	Len    int64   `json:"len,omitempty"`   // KindArray
	Struct *Struct `json:"-"`               // KindStruct (left out of dumps: it may be recursive)
	Enum   *Enum   `json:"enum,omitempty"`  // KindEnum
	Union  *Union  `json:"union,omitempty"` // KindUnion (a union never holds itself, so dumps end)
	// Basic is the underlying kind of an Enum or a named basic type:
	// KindString, KindInt, KindUint, KindFloat or KindBool.
	Basic Kind `json:"basic,omitempty"`
	// TextMarshaler: KindText types that also encode themselves with
	// MarshalText.
	TextMarshaler bool `json:"text_marshaler,omitempty"`
	// UnmarshalJSON: a KindJSON type whose pointer implements
	// json.Unmarshaler; the decoder hands the method the raw value.
	UnmarshalJSON bool `json:"unmarshal_json,omitempty"`
	// MarshalJSON: a KindJSON type that implements json.Marshaler (itself
	// or through its pointer).
	MarshalJSON bool `json:"marshal_json,omitempty"`
	// MarshalPtr: the method that writes the value (MarshalJSON for
	// KindJSON, MarshalText for KindText) has a pointer receiver, so
	// encoding/json calls it only on addressable values.
	MarshalPtr bool `json:"marshal_ptr,omitempty"`
	// Shape is a KindJSON type mapped without its JSON methods (by its text
	// methods or its underlying type), for the direction that has no
	// method; nil when both have one.
	Shape *Type `json:"shape,omitempty"`
	// Schema is the JSON Schema of the form the methods read and write, as
	// JSON text without a description: from a //toolgen:schema directive
	// or toolgen's table of standard library types. "" means {} for
	// KindJSON and {"type":"string"} for KindText.
	Schema string `json:"schema,omitempty"`
	// Note is said after every description of a value of the type (what a
	// time.Duration's number means).
	Note string `json:"note,omitempty"`
	// Comparable types can be compared with == (for omitzero).
	Comparable bool `json:"comparable,omitempty"`
	// IsZeroer types have an IsZero() bool method (on T or *T), which
	// omitzero calls, as encoding/json does.
	IsZeroer bool `json:"is_zeroer,omitempty"`
}

// Struct is a struct type's JSON object.
type Struct struct {
	// ID names the struct's generated helpers and its $defs entry; unique
	// in the package.
	ID     string   `json:"id"`
	Fields []*Field `json:"fields"`
	// Recursive structs are referenced through $defs rather than inlined.
	Recursive bool `json:"recursive,omitempty"`
	// Open objects skip members they do not know instead of reporting
	// them: a remote schema that allows additional properties (toolgen
	// mcp's result types). A Go struct's object is never open.
	Open bool `json:"open,omitempty"`
	// Layout spells out a Go struct's underlying type: its fields' names,
	// types (by package path) and tags. Two structs of one Layout are
	// identical but for their names, so they have one memory layout. Empty
	// for an object that is not a Go struct's.
	Layout string `json:"layout,omitempty"`
}

// Field is one member of a JSON object.
type Field struct {
	JSONName string `json:"json_name"`
	// Path is how Go reaches the field from the struct: one step, or more
	// through embedded structs. A flat parameter's field has the
	// parameter's name as its only step.
	Path        []Step      `json:"path"`
	Type        *Type       `json:"type"`
	Required    bool        `json:"required"`
	Doc         string      `json:"doc,omitempty"`
	Constraints Constraints `json:"constraints,omitzero"`
	// OmitEmpty and OmitZero steer encoding, as in encoding/json.
	OmitEmpty bool     `json:"omitempty,omitempty"`
	OmitZero  bool     `json:"omitzero,omitempty"`
	Pos       Position `json:"pos"`
}

// BehindPointer reports whether a field is promoted through an embedded
// pointer, which the encoder skips when nil (as encoding/json does).
func (f *Field) BehindPointer() bool {
	return slices.ContainsFunc(f.Path[:len(f.Path)-1], func(s Step) bool { return s.Pointer })
}

// Step is one selector on the way to a field.
type Step struct {
	Name string `json:"name"`
	// Pointer steps are embedded pointers: decoding allocates them when a
	// field below is present.
	Pointer bool `json:"pointer,omitempty"`
	// Type names the embedded struct a pointer step allocates.
	Type *Type `json:"type,omitempty"`
}

// Union is a sealed interface's members: the named types of the package
// that implement it.
type Union struct {
	// ID names the union's generated helpers; unique in the package.
	ID string `json:"id"`
	// Tag is the member that names the member type in the discriminated
	// object form ({"kind": "circle", ...}); "" for the untagged form, where
	// the members have distinct JSON types.
	Tag     string         `json:"tag,omitempty"`
	Members []*UnionMember `json:"members"`
}

// UnionMember is one implementation of a union's interface.
type UnionMember struct {
	// Name is the tag's value for the member: its //toolgen:member name=,
	// else its Go name in snake_case. Untagged members have one too, for
	// messages.
	Name string `json:"name"`
	// Type is the member's named type (a struct in the tagged form).
	Type *Type `json:"type"`
	// Pointer members implement the interface on *T only: the decoder
	// stores a *T. Members with value receivers are stored as T; the
	// encoder takes T and *T for them.
	Pointer bool `json:"pointer,omitempty"`
	// JSONType is the member's JSON type in the untagged form: "string",
	// "number", "boolean", "object" or "array".
	JSONType string   `json:"json_type,omitempty"`
	Pos      Position `json:"pos"`
}

// Enum is the set of constants of an enum type.
type Enum struct {
	Values []EnumValue `json:"values"`
}

// EnumValue is one constant.
type EnumValue struct {
	GoName string `json:"go_name"`
	Value  string `json:"value"` // a Go literal: "c" (quoted) or 3
	Doc    string `json:"doc,omitempty"`
}

// Constraints are the checks from a toolgen:"..." tag or a parameter's doc
// item. Numbers are kept as written; nil or "" means absent.
type Constraints struct {
	Min       string  `json:"min,omitempty"`
	Max       string  `json:"max,omitempty"`
	MinLength *int    `json:"min_length,omitempty"`
	MaxLength *int    `json:"max_length,omitempty"`
	MinItems  *int    `json:"min_items,omitempty"`
	MaxItems  *int    `json:"max_items,omitempty"`
	Pattern   string  `json:"pattern,omitempty"`
	Format    string  `json:"format,omitempty"`
	Default   *Value  `json:"default,omitempty"`
	Examples  []Value `json:"examples,omitempty"`
	// Elem are the constraints of a slice's elements or a map's values: a
	// remote schema's items or additionalProperties (toolgen mcp's stubs);
	// a Go tag cannot state them.
	Elem *Constraints `json:"elem,omitempty"`
	// Entries (the entries option, maps only) publishes a map as an array
	// of {"key": k, "value": v} objects, which every provider dialect can
	// say, read back into the map (a key given twice is refused) and
	// written so in results.
	Entries bool `json:"entries,omitempty"`
	// Untrusted (the untrusted option, strings only) writes the value in
	// results fenced as data the model must not follow (internal/fence).
	Untrusted bool `json:"untrusted,omitempty"`
	// Header (the header=NAME option) mirrors the argument into the HTTP
	// header Mcp-Param-NAME of MCP's streamable HTTP: the schema's
	// x-mcp-header.
	Header string `json:"header,omitempty"`
}

// Value is a constant written in a tag, in its two spellings.
type Value struct {
	JSON string `json:"json"` // as JSON text: "c", 3, true
	Go   string `json:"go"`   // as a Go expression of the field's type
}

// Base is t without its pointers: the type of the value pointed to, which
// constraints and schemas describe.
func (t *Type) Base() *Type {
	for t.Kind == KindPointer {
		t = t.Elem
	}
	return t
}

// EnumValues are the distinct values of an enum's constants, in source
// order: two constants may name one value, and JSON Schema's enum lists
// it once.
func (t *Type) EnumValues() []string {
	var out []string
	for _, v := range t.Enum.Values {
		if !slices.Contains(out, v.Value) {
			out = append(out, v.Value)
		}
	}
	return out
}

// FlagSet reports whether an integer enum's constants are bit flags: two
// or more, each a distinct power of two (1 << iota), so that a value may
// be any combination of them.
func (t *Type) FlagSet() bool {
	if t.Basic == KindString {
		return false
	}
	values := t.EnumValues()
	seen := map[uint64]bool{}
	for _, v := range values {
		n, err := strconv.ParseUint(JSONOfGoLiteral(v), 10, 64)
		if err != nil || n == 0 || n&(n-1) != 0 || seen[n] {
			return false
		}
		seen[n] = true
	}
	return len(values) >= 2
}
