// Package dialect derives the dialects of a tool's input schema for
// providers that accept less than JSON Schema 2020-12: OpenAI's strict mode
// (Strict) and Gemini's function declarations (Gemini). It works on the
// schema's JSON text, as toolgen writes it into generated code, and gives
// byte for byte what the generator itself derives (internal/schema's
// dialects): every scalar keeps its text, keywords keep model.Schema's
// order, and the output is compact.
//
// A schema that cannot be said in a dialect has none: the functions return
// an error saying why and where (a JSON pointer into the input), and
// adapters then send the default schema.
package dialect

import (
	"errors"
	"strconv"
)

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

// JSON pointer tokens of the keywords holding schemas.
var (
	tokItems      = []byte("items")
	tokProperties = []byte("properties")
	tokDefs       = []byte("$defs")
)

// nullSchema is {"type":"null"}.
var nullSchema = &schema{typ: []byte(`"null"`), typeName: []byte("null")}

// Strict returns input, a JSON Schema as toolgen writes it (a JSON object,
// compact or indented), in OpenAI's strict dialect as compact JSON, or an
// error when input has what strict mode cannot say: a map
// (additionalProperties with a schema), a value of any type (no type and
// no $ref), or more nesting, properties or enum values than it allows.
// Keywords it does not support and that only narrow a value (minLength,
// maxLength, unsupported formats, default, examples, contentEncoding) are
// left out; $schema is dropped.
func Strict(input []byte) ([]byte, error) {
	in, err := parse(input)
	if err != nil {
		return nil, err
	}
	st := &strictor{}
	out := st.node(in, 0)
	if st.err != nil {
		return nil, st.err
	}
	if st.props > strictMaxProperties {
		return nil, errors.New(strconv.Itoa(st.props) + " properties in all, over strict mode's " + strconv.Itoa(strictMaxProperties))
	}
	out.schemaURI = nil
	return write(make([]byte, 0, size(out)), out), nil
}

type strictor struct {
	props int
	err   error
	path  pathStack
}

func (st *strictor) fail(what string) {
	st.err = errors.New(what + " at " + st.path.String())
}

func (st *strictor) node(in *schema, depth int) *schema {
	switch {
	case depth > strictMaxDepth:
		st.fail("nesting deeper than strict mode's " + strconv.Itoa(strictMaxDepth) + " levels")
		return nil
	case in.nEnum > strictMaxEnum:
		st.fail("an enum of " + strconv.Itoa(in.nEnum) + " values, over strict mode's " + strconv.Itoa(strictMaxEnum))
		return nil
	case in.typ == nil && in.ref == nil:
		st.fail("a value of any type (no type and no $ref)")
		return nil
	}
	s := *in
	s.minLength, s.maxLength, s.def, s.examples, s.contentEnc = nil, nil, nil, nil, nil
	if s.format != nil && !contains(strictFormats, s.formatName) {
		s.format = nil
	}
	if s.items != nil {
		st.path.push(tokItems)
		s.items = st.node(s.items, depth+1)
		st.path.pop()
		if st.err != nil {
			return nil
		}
	}
	if in.defs != nil {
		st.path.push(tokDefs)
		s.defs = st.props2(in.defs, depth, false, nil)
		st.path.pop()
		if st.err != nil {
			return nil
		}
	}
	if s.is("object") {
		if s.additional != nil && s.additional.s != nil {
			st.fail("a map (additionalProperties with a schema)")
			return nil
		}
		s.additional = &additional{}
		s.hasProps = true
		st.path.push(tokProperties)
		s.props = st.props2(in.props, depth+1, true, in.required)
		st.path.pop()
		if st.err != nil {
			return nil
		}
		s.required = make([]str, len(s.props))
		for i, p := range s.props {
			s.required[i] = p.name
		}
	}
	return &s
}

// props2 converts named schemas; when nullable, those not in required are
// made nullable.
func (st *strictor) props2(in []prop, depth int, nullable bool, required []str) []prop {
	out := make([]prop, len(in))
	for i, p := range in {
		st.props++
		st.path.push(p.name.dec)
		s := st.node(p.s, depth)
		st.path.pop()
		if st.err != nil {
			return nil
		}
		if nullable && !containsStr(required, p.name.dec) {
			s = orNull(s)
		}
		out[i] = prop{name: p.name, s: s}
	}
	return out
}

// orNull is s or null: {"description": ..., "anyOf": [s, {"type": "null"}]}.
func orNull(s *schema) *schema {
	inner := *s
	inner.description = nil
	return &schema{description: s.description, anyOf: []*schema{&inner, nullSchema}}
}

// Gemini returns input, a JSON Schema as toolgen writes it (a JSON object,
// compact or indented), in the subset of OpenAPI 3.0 that Gemini's
// function declarations accept, as compact JSON, or an error when input
// needs what that subset lacks: $ref (recursive types), maps (objects
// without properties but with additionalProperties), values of any type,
// enums of other than strings. $schema, additionalProperties, default,
// examples, contentEncoding and formats other than date-time are left out.
func Gemini(input []byte) ([]byte, error) {
	in, err := parse(input)
	if err != nil {
		return nil, err
	}
	g := &geminier{}
	out := g.node(in)
	if g.err != nil {
		return nil, g.err
	}
	return write(make([]byte, 0, size(out)), out), nil
}

type geminier struct {
	err  error
	path pathStack
}

func (g *geminier) fail(what string) *schema {
	g.err = errors.New(what + " at " + g.path.String())
	return nil
}

func (g *geminier) node(in *schema) *schema {
	switch {
	case in.ref != nil:
		return g.fail("a $ref (a recursive type)")
	case in.typ == nil:
		return g.fail("a value of any type (no type)")
	case len(in.defs) > 0:
		return g.fail("$defs (recursive types)")
	case in.nEnum > 0 && !in.is("string"):
		return g.fail("an enum of other than strings")
	}
	s := *in
	s.schemaURI, s.additional, s.def, s.examples, s.contentEnc = nil, nil, nil, nil, nil
	if s.format != nil && !contains(geminiFormats, s.formatName) {
		s.format = nil
	}
	if s.items != nil {
		g.path.push(tokItems)
		s.items = g.node(s.items)
		g.path.pop()
		if g.err != nil {
			return nil
		}
	}
	if !s.is("object") {
		return &s
	}
	if len(s.props) == 0 {
		if in.additional != nil && in.additional.s != nil {
			return g.fail("a map (additionalProperties with a schema)")
		}
		return &s // an object without members: {} is all it takes
	}
	props := make([]prop, len(s.props))
	g.path.push(tokProperties)
	for i, p := range s.props {
		g.path.push(p.name.dec)
		ps := g.node(p.s)
		g.path.pop()
		if g.err != nil {
			return nil
		}
		props[i] = prop{name: p.name, s: ps}
	}
	g.path.pop()
	s.props = props
	return &s
}

func contains(list []string, name []byte) bool {
	for _, l := range list {
		if l == string(name) {
			return true
		}
	}
	return false
}

func containsStr(list []str, name []byte) bool {
	for _, l := range list {
		if string(l.dec) == string(name) {
			return true
		}
	}
	return false
}
