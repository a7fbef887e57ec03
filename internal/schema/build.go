package schema

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// builder builds one root schema; recursive structs it meets go in
// the root's $defs.
type builder struct {
	defs model.Properties
	done map[string]bool
	// output schemas describe what the encoder writes: every member that is
	// not a pointer and not omitempty/omitzero is always there (defaults
	// only make inputs optional).
	output bool
}

// objectSchema is the root schema of an object: the input, or a struct
// result.
func objectSchema(s *model.Struct, description string, output bool) *model.Schema {
	b := &builder{done: map[string]bool{}, output: output}
	root := b.object(s)
	root.SchemaURI = schemaURI
	root.Description = description
	root.Defs = b.defs
	return root
}

// wrappedSchema is the root schema of a result that is not an object:
// {"result": value}.
func wrappedSchema(t *model.Type, description string) *model.Schema {
	b := &builder{done: map[string]bool{}, output: true}
	// A nil pointer result is a failed result, never {"result": null}.
	props := model.Properties{{Name: "result", Schema: b.value(MemberType(t), "")}}
	return &model.Schema{SchemaURI: schemaURI, Type: "object", Description: description,
		Properties: &props, Required: []string{"result"}, Additional: &model.Additional{}, Defs: b.defs}
}

func (b *builder) object(s *model.Struct) *model.Schema {
	props := model.Properties{}
	var required []string
	for _, f := range s.Fields {
		props = append(props, model.Property{Name: f.JSONName, Schema: b.field(f)})
		if b.required(f) {
			required = append(required, f.JSONName)
		}
	}
	return &model.Schema{Type: "object", Properties: &props, Required: required, Additional: &model.Additional{}}
}

func (b *builder) required(f *model.Field) bool {
	if b.output {
		return f.Type.Kind != model.KindPointer && !f.OmitEmpty && !f.OmitZero && !f.BehindPointer()
	}
	return f.Required
}

// field is a member's schema: its type's, with the member's description and
// constraints.
func (b *builder) field(f *model.Field) *model.Schema {
	return b.constrained(MemberType(f.Type), f.Doc, f.Constraints)
}

// MemberType is the type of the value a member holds when it is written: a
// nil pointer member is left out, so only the pointers below it can be
// written as null.
func MemberType(t *model.Type) *model.Type {
	if t.Kind == model.KindPointer {
		return t.Elem
	}
	return t
}

// value is the schema of a value of type t described by doc.
func (b *builder) value(t *model.Type, doc string) *model.Schema {
	return b.constrained(t, doc, model.Constraints{})
}

// constrained is value with a member's constraints. In an output schema a
// pointer may be null, as the encoder writes a nil one (an element of a
// []*T, a value of a map[string]*T, the pointer under a **T member); input
// schemas never say null (see nullableOutput).
func (b *builder) constrained(t *model.Type, doc string, c model.Constraints) *model.Schema {
	bt := b.direction(t.Base())
	var s *model.Schema
	if c.Entries && bt.Kind == model.KindMap {
		s = b.entries(bt)
	} else {
		s = b.shape(bt)
	}
	s.Description = describe(bt, doc)
	if b.output {
		// The encoder writes what the value holds, as encoding/json does:
		// the constraints the decoder checks on arguments (and their
		// defaults) say nothing of results, which would break them.
		c = model.Constraints{Examples: c.Examples, Entries: c.Entries}
	}
	applyConstraints(s, c)
	if b.output && t.Kind == model.KindPointer {
		s = nullableOutput(s)
	}
	return s
}

// nullableOutput lets s be null too: ["integer", "null"] as the type, or, where a
// type list would not do (a $ref, an enum, whose values would need null
// among them), anyOf [s, {"type": "null"}]. Only output schemas, which
// clients validate results with, say null: providers mishandle null unions
// in the schemas of arguments.
func nullableOutput(s *model.Schema) *model.Schema {
	switch {
	case s.Ref != "" || len(s.Enum) > 0:
		desc := s.Description
		s.Description = ""
		return &model.Schema{Description: desc, AnyOf: []*model.Schema{s, {Type: "null"}}}
	case s.Type == "": // {} allows null already
		return s
	}
	s.Type = s.Type.OrNull()
	return s
}

func (b *builder) shape(t *model.Type) *model.Schema {
	switch t.Kind {
	case model.KindString:
		return &model.Schema{Type: "string"}
	case model.KindText:
		return b.methodsSchema(t)
	case model.KindBool:
		return &model.Schema{Type: "boolean"}
	case model.KindInt, model.KindUint:
		min, max := intBounds(t)
		return &model.Schema{Type: "integer", Minimum: model.RawJSON(min), Maximum: model.RawJSON(max)}
	case model.KindFloat:
		return floatSchema(t)
	case model.KindEnum:
		if b.output && t.FlagSet() {
			// A set of flags holds their combinations too, which no
			// constant names: the constants are examples.
			s := b.shape(&model.Type{Kind: t.Basic, Bits: t.Bits})
			s.Examples = enumSchema(t).Enum
			return s
		}
		// A result's enum is an enum, as an argument's is: a client reads
		// it as a type with constants (toolgen mcp's stubs do). A value no
		// constant names is written as it is, and does not match.
		return enumSchema(t)
	case model.KindSlice:
		return &model.Schema{Type: "array", Items: b.value(t.Elem, "")}
	case model.KindArray:
		return &model.Schema{Type: "array", Items: b.value(t.Elem, ""), MinItems: &t.Len, MaxItems: &t.Len}
	case model.KindMap:
		return &model.Schema{Type: "object", Additional: &model.Additional{Schema: b.value(t.Elem, "")}}
	case model.KindStruct:
		return b.structRef(t.Struct)
	case model.KindTime:
		return &model.Schema{Type: "string", Format: "date-time"}
	case model.KindBytes:
		return &model.Schema{Type: "string", ContentEnc: "base64"}
	case model.KindJSON:
		return b.methodsSchema(t)
	case model.KindNumber:
		return &model.Schema{Type: "number"}
	case model.KindUnion:
		return b.union(t.Union)
	}
	return &model.Schema{} // any, json.RawMessage: any JSON value
}

// entries is a map's schema in the entries form (the entries option): an
// array of {"key": k, "value": v} objects, which every provider dialect
// can say (a map's free keys are what OpenAI's strict mode and Gemini
// cannot). The decoder refuses a key given twice, which the schema cannot
// say (uniqueItems would compare whole entries).
func (b *builder) entries(t *model.Type) *model.Schema {
	props := model.Properties{
		{Name: "key", Schema: b.value(t.Key, "")},
		{Name: "value", Schema: b.value(t.Elem, "")},
	}
	entry := &model.Schema{Type: "object", Properties: &props, Required: []string{"key", "value"}, Additional: &model.Additional{}}
	return &model.Schema{Type: "array", Items: entry}
}

// union is anyOf the members' schemas, each described by its type's doc.
// The tagged form gives each member's object the tag first, as an enum of
// its one value, and requires it. anyOf, not oneOf: the tag's values (or
// the members' distinct JSON types) make the members exclusive, so both
// accept the same values, and anyOf is what OpenAI's strict mode and
// Gemini take. An output schema also allows null, which the encoder writes
// for a nil interface, as encoding/json does.
func (b *builder) union(u *model.Union) *model.Schema {
	var alts []*model.Schema
	for _, m := range u.Members {
		var s *model.Schema
		if u.Tag != "" {
			// Inlined even when the struct is recursive: the tag cannot be
			// added to a $ref.
			s = b.object(m.Type.Struct)
			tag := &model.Schema{Type: "string", Enum: []model.RawJSON{model.RawJSON(model.JSONString(m.Name))}}
			props := append(model.Properties{{Name: u.Tag, Schema: tag}}, *s.Properties...)
			s.Properties = &props
			s.Required = append([]string{u.Tag}, s.Required...)
		} else {
			s = b.shape(b.direction(m.Type))
		}
		s.Description = describe(m.Type, "")
		alts = append(alts, s)
	}
	if b.output {
		alts = append(alts, &model.Schema{Type: "null"})
	}
	return &model.Schema{AnyOf: alts}
}

// structRef inlines a struct, or refers to its $defs entry when it is
// recursive (an inlined recursive type would never end).
func (b *builder) structRef(s *model.Struct) *model.Schema {
	if !s.Recursive {
		return b.object(s)
	}
	if !b.done[s.ID] {
		b.done[s.ID] = true
		i := len(b.defs)
		b.defs = append(b.defs, model.Property{Name: s.ID})
		b.defs[i].Schema = b.object(s)
	}
	return &model.Schema{Ref: "#/$defs/" + s.ID}
}

func enumSchema(t *model.Type) *model.Schema {
	s := &model.Schema{Type: "string"}
	if t.Basic != model.KindString {
		s.Type = "integer"
	}
	for _, v := range t.EnumValues() {
		s.Enum = append(s.Enum, model.RawJSON(model.JSONOfGoLiteral(v)))
	}
	return s
}

// describe is a value's description: its own doc, else its type's, then
// what each enum constant means when the constants are documented.
func describe(t *model.Type, doc string) string {
	if doc == "" {
		doc = t.Doc
	}
	if t.Note != "" {
		doc = strings.TrimSpace(doc + "\n" + t.Note)
	}
	if t.Kind != model.KindEnum {
		return doc
	}
	var lines []string
	for _, v := range t.Enum.Values {
		if v.Doc != "" {
			lines = append(lines, fmt.Sprintf("%s: %s", model.JSONOfGoLiteral(v.Value), v.Doc))
		}
	}
	if len(lines) == 0 {
		return doc
	}
	return strings.TrimSpace(doc + "\n" + strings.Join(lines, "\n"))
}

// intBounds are the limits an integer of t's width can hold, as JSON text.
// 64-bit limits are left out ("" for none), as are float64's: they tell a
// model nothing and cost tokens on every request. The decoder still rejects
// a number beyond them, which no model means.
func intBounds(t *model.Type) (string, string) {
	switch {
	case t.Bits == 64 && t.Kind == model.KindUint:
		return "0", ""
	case t.Bits == 64:
		return "", ""
	case t.Kind == model.KindUint:
		return "0", strconv.FormatUint(math.MaxUint64>>(64-t.Bits), 10)
	}
	return strconv.FormatInt(math.MinInt64>>(64-t.Bits), 10), strconv.FormatInt(math.MaxInt64>>(64-t.Bits), 10)
}

// floatSchema bounds a float32 by what it can hold, as the decoder does
// (±3.4e38 is within reach of a model's numbers, ±1.8e308 is not), in the
// shortest text that reads back as math.MaxFloat32: 3.4028235e+38, the
// bound the decoder checks too.
func floatSchema(t *model.Type) *model.Schema {
	s := &model.Schema{Type: "number"}
	if t.Bits == 32 {
		max := strconv.FormatFloat(math.MaxFloat32, 'g', -1, 32)
		s.Minimum, s.Maximum = model.RawJSON("-"+max), model.RawJSON(max)
	}
	return s
}
