package model

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Schema is a JSON Schema (2020-12) with its keywords in a fixed order, so
// that the text toolgen writes is stable and reads well: one field per
// keyword of the keyword table (internal/keyword), in the table's order,
// which encoding/json follows. Its tests hold the two together.
type Schema struct {
	SchemaURI   string      `json:"$schema,omitempty"`
	Ref         string      `json:"$ref,omitempty"`
	Type        JSONType    `json:"type,omitempty"`
	Description string      `json:"description,omitempty"`
	AnyOf       []*Schema   `json:"anyOf,omitempty"`
	Enum        []RawJSON   `json:"enum,omitempty"`
	Format      string      `json:"format,omitempty"`
	Pattern     string      `json:"pattern,omitempty"`
	Minimum     RawJSON     `json:"minimum,omitempty"`
	Maximum     RawJSON     `json:"maximum,omitempty"`
	MinLength   *int        `json:"minLength,omitempty"`
	MaxLength   *int        `json:"maxLength,omitempty"`
	MinItems    *int64      `json:"minItems,omitempty"`
	MaxItems    *int64      `json:"maxItems,omitempty"`
	Items       *Schema     `json:"items,omitempty"`
	Properties  *Properties `json:"properties,omitempty"`
	Required    []string    `json:"required,omitempty"`
	Additional  *Additional `json:"additionalProperties,omitempty"`
	ContentEnc  string      `json:"contentEncoding,omitempty"`
	Default     RawJSON     `json:"default,omitempty"`
	Examples    []RawJSON   `json:"examples,omitempty"`
	XMCPHeader  string      `json:"x-mcp-header,omitempty"`
	Defs        Properties  `json:"$defs,omitempty"`
}

// JSONType is a schema's type keyword: the name of a JSON type
// ("integer"), or, made by OrNull, that name and null (written as
// ["integer", "null"]).
type JSONType string

// orNullSuffix marks a JSONType made by OrNull.
const orNullSuffix = " or null"

// OrNull is t or null.
func (t JSONType) OrNull() JSONType {
	if t.Nullable() {
		return t
	}
	return t + orNullSuffix
}

// Nullable reports whether t was made by OrNull.
func (t JSONType) Nullable() bool { return strings.HasSuffix(string(t), orNullSuffix) }

// MarshalJSON writes "integer", or ["integer","null"].
func (t JSONType) MarshalJSON() ([]byte, error) {
	if name, ok := strings.CutSuffix(string(t), orNullSuffix); ok {
		return json.Marshal([]string{name, "null"})
	}
	return json.Marshal(string(t))
}

// RawJSON is JSON text kept as written.
type RawJSON string

// MarshalJSON returns the text itself.
func (r RawJSON) MarshalJSON() ([]byte, error) { return []byte(r), nil }

// Property is one named schema, in an ordered object.
type Property struct {
	Name   string
	Schema *Schema
}

// Properties is an object of schemas in the order given.
type Properties []Property

// MarshalJSON writes the properties in order.
func (ps Properties) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := writeJSON(&b, p.Name); err != nil {
			return nil, err
		}
		b.WriteByte(':')
		if err := writeJSON(&b, p.Schema); err != nil {
			return nil, err
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Additional is additionalProperties: false, or a schema.
type Additional struct {
	Schema *Schema // nil means false
}

// MarshalJSON writes false or the schema.
func (a *Additional) MarshalJSON() ([]byte, error) {
	if a.Schema == nil {
		return []byte("false"), nil
	}
	return marshal(a.Schema)
}

// JSON returns the schema as indented JSON text (two spaces), without HTML
// escaping, so that descriptions read as written.
func (s *Schema) JSON() (string, error) {
	var b bytes.Buffer
	if err := writeJSON(&b, s); err != nil {
		return "", err
	}
	var out bytes.Buffer
	if err := json.Indent(&out, bytes.TrimSpace(b.Bytes()), "", "  "); err != nil {
		return "", err
	}
	return out.String(), nil
}

// Compact returns the schema as JSON text without insignificant space or
// HTML escaping, as generated code holds it.
func (s *Schema) Compact() (string, error) {
	var b bytes.Buffer
	if err := writeJSON(&b, s); err != nil {
		return "", err
	}
	return string(bytes.TrimSpace(b.Bytes())), nil
}

func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	err := writeJSON(&b, v)
	return bytes.TrimSpace(b.Bytes()), err
}

func writeJSON(b *bytes.Buffer, v any) error {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	b.Truncate(len(bytes.TrimRight(b.Bytes(), "\n")))
	return nil
}
