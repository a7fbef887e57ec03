package schema

import (
	"slices"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// The dialects of an input schema for providers that accept less than JSON
// Schema 2020-12. Each is derived from the default schema at generate time;
// a schema that cannot be said in a dialect has none (nil), and adapters
// then send the default one.

// OpenAI's strict mode (Structured Outputs, "strict": true on a function):
// every property required, optional ones nullable, additionalProperties
// false on every object, and only the supported keywords.
const (
	strictMaxDepth      = 10   // nesting levels of objects
	strictMaxProperties = 5000 // properties in all
	strictMaxEnum       = 1000 // values of one enum
)

// strictFormats are the string formats strict mode supports.
var strictFormats = []string{"date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"}

// geminiFormats are the string formats Gemini's schema supports.
var geminiFormats = []string{"date-time"}

// strictSchema is s in OpenAI's strict dialect, or nil when s has what
// strict mode cannot say: a map (additionalProperties with a schema), a
// value of any type ({}), or more nesting, properties or enum values than
// it allows. Keywords it does not support and that only narrow a value
// (minLength, maxLength, unsupported formats, default, examples,
// contentEncoding) are left out: the decoder still checks them.
func strictSchema(s *model.Schema) *model.Schema {
	st := &strictor{}
	out := st.node(s, 0)
	if st.failed || st.props > strictMaxProperties {
		return nil
	}
	out.SchemaURI = ""
	return out
}

type strictor struct {
	props  int
	failed bool
}

func (st *strictor) node(in *model.Schema, depth int) *model.Schema {
	if st.failed {
		return nil
	}
	if depth > strictMaxDepth || len(in.Enum) > strictMaxEnum || (in.Type == "" && in.Ref == "") {
		st.failed = true
		return nil
	}
	s := *in
	s.MinLength, s.MaxLength, s.Default, s.Examples, s.ContentEnc = nil, nil, "", nil, ""
	if s.Format != "" && !slices.Contains(strictFormats, s.Format) {
		s.Format = ""
	}
	if s.Items != nil {
		s.Items = st.node(s.Items, depth+1)
	}
	s.Defs = st.props2(in.Defs, depth, false, nil)
	if s.Type == "object" {
		if s.Additional != nil && s.Additional.Schema != nil {
			st.failed = true
			return nil
		}
		s.Additional = &model.Additional{}
		if s.Properties == nil {
			s.Properties = &model.Properties{}
		}
		props := st.props2(*s.Properties, depth+1, true, in.Required)
		s.Properties = &props
		s.Required = make([]string, len(props))
		for i, p := range props {
			s.Required[i] = p.Name
		}
	}
	return &s
}

// props2 converts named schemas; when nullable, those not in required are
// made nullable.
func (st *strictor) props2(in model.Properties, depth int, nullable bool, required []string) model.Properties {
	if in == nil {
		return nil
	}
	out := make(model.Properties, len(in))
	for i, p := range in {
		st.props++
		s := st.node(p.Schema, depth)
		if st.failed {
			return nil
		}
		if nullable && !slices.Contains(required, p.Name) {
			s = orNull(s)
		}
		out[i] = model.Property{Name: p.Name, Schema: s}
	}
	return out
}

// orNull is s or null: {"description": ..., "anyOf": [s, {"type": "null"}]}.
func orNull(s *model.Schema) *model.Schema {
	inner := *s
	inner.Description = ""
	return &model.Schema{Description: s.Description, AnyOf: []*model.Schema{&inner, {Type: "null"}}}
}

// geminiSchema is s in the subset of OpenAPI 3.0 that Gemini's function
// declarations accept, or nil when s needs what it lacks: $ref (recursive
// types), maps (objects without properties), values of any type, enums of
// integers. $schema, additionalProperties, default, examples,
// contentEncoding and formats other than date-time are left out.
func geminiSchema(s *model.Schema) *model.Schema {
	out, ok := gemini(s)
	if !ok {
		return nil
	}
	return out
}

func gemini(in *model.Schema) (*model.Schema, bool) {
	if in.Ref != "" || in.Type == "" || len(in.Defs) > 0 || (len(in.Enum) > 0 && in.Type != "string") {
		return nil, false
	}
	s := *in
	s.SchemaURI, s.Additional, s.Default, s.Examples, s.ContentEnc = "", nil, "", nil, ""
	if s.Format != "" && !slices.Contains(geminiFormats, s.Format) {
		s.Format = ""
	}
	if s.Items != nil {
		items, ok := gemini(s.Items)
		if !ok {
			return nil, false
		}
		s.Items = items
	}
	if s.Type != "object" {
		return &s, true
	}
	if s.Properties == nil || len(*s.Properties) == 0 {
		if in.Additional != nil && in.Additional.Schema != nil {
			return nil, false // a map
		}
		return &s, true // an object without members: {} is all it takes
	}
	props := make(model.Properties, len(*s.Properties))
	for i, p := range *s.Properties {
		ps, ok := gemini(p.Schema)
		if !ok {
			return nil, false
		}
		props[i] = model.Property{Name: p.Name, Schema: ps}
	}
	s.Properties = &props
	return &s, true
}
