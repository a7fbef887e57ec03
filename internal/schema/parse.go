package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/toolgen-dev/toolgen/internal/ecmaregex"
	"github.com/toolgen-dev/toolgen/internal/keyword"
	"github.com/toolgen-dev/toolgen/internal/model"
)

// Parse reads a JSON Schema object into a model.Schema, keeping the order
// of its properties. It takes only the keywords a //toolgen:schema
// directive may use (internal/keyword's table), and only patterns that mean
// the same in ECMA-262 and RE2 (through ecmaregex); a *json.SyntaxError
// says where the text is not JSON.
func Parse(b []byte) (*model.Schema, error) {
	if err := checkSyntax(b); err != nil {
		return nil, err
	}
	members, err := orderedObject(b)
	if err != nil {
		return nil, err
	}
	s := &model.Schema{}
	for _, m := range members {
		if err := setKeyword(s, m.key, m.value); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func checkSyntax(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err // a *json.SyntaxError: anything else decodes into any
	}
	if _, ok := v.(map[string]any); !ok {
		return errors.New("the schema must be a JSON object")
	}
	return nil
}

type member struct {
	key   string
	value json.RawMessage
}

// orderedObject reads the members of a JSON object in order; a repeated
// key is an error.
func orderedObject(b []byte) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("the schema must be a JSON object")
	}
	var out []member
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key := tok.(string)
		if seen[key] {
			return nil, fmt.Errorf("%q given twice", key)
		}
		seen[key] = true
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		out = append(out, member{key, v})
	}
	return out, nil
}

// setKeyword reads the value of the keyword named name into s: first by
// the kind of value the table gives the keyword, then into its field.
func setKeyword(s *model.Schema, name string, v json.RawMessage) error {
	k, ok := keyword.Lookup(name)
	if !ok || !k.Directive() {
		return fmt.Errorf("keyword %q is not supported (supported: %s)", name, keyword.InDirective().Names())
	}
	value, err := readValue(k.Kind(), v)
	if err == nil {
		err = setField(s, k, value)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// readValue reads v, a value of kind kind: a string, a model.JSONType, an
// int64 (a count), a model.RawJSON (a number, any value), a
// []model.RawJSON, a []string, a *model.Schema, a []*model.Schema, a
// model.Properties or a *model.Additional.
func readValue(kind keyword.Kind, v json.RawMessage) (any, error) {
	switch kind {
	case keyword.KindString:
		var s string
		err := strictDecode(v, &s, kind.String())
		return s, err
	case keyword.KindType:
		return readType(v)
	case keyword.KindCount:
		var n int64
		if err := strictDecode(v, &n, kind.String()); err != nil || bytes.HasPrefix(bytes.TrimSpace(v), []byte("-")) {
			return nil, fmt.Errorf("must be %s, not %s", kind, compactJSON(v))
		}
		return n, nil
	case keyword.KindNumber:
		var n json.Number
		err := strictDecode(v, &n, kind.String())
		return model.RawJSON(n), err
	case keyword.KindAny:
		return model.RawJSON(compactJSON(v)), nil
	case keyword.KindValues:
		return readValues(v)
	case keyword.KindStrings:
		var list []string
		err := strictDecode(v, &list, kind.String())
		return list, err
	case keyword.KindSchema:
		return subSchema(v)
	case keyword.KindSchemas:
		return readSchemas(v)
	case keyword.KindSchemaMap:
		return readSchemaMap(v)
	case keyword.KindFalseOrSchema:
		return readAdditional(v)
	}
	return nil, fmt.Errorf("toolgen cannot read %s", kind)
}

// setField sets k's field of s to value, which readValue read.
func setField(s *model.Schema, k keyword.Keyword, value any) error {
	switch k {
	case keyword.SchemaURI:
		s.SchemaURI = value.(string)
	case keyword.Ref:
		s.Ref = value.(string)
	case keyword.Type:
		s.Type = value.(model.JSONType)
	case keyword.Description:
		s.Description = value.(string)
	case keyword.AnyOf:
		s.AnyOf = value.([]*model.Schema)
	case keyword.Enum:
		s.Enum = value.([]model.RawJSON)
	case keyword.Format:
		s.Format = value.(string)
	case keyword.Pattern:
		s.Pattern = value.(string)
		if _, err := ecmaregex.Translate(s.Pattern); err != nil {
			return fmt.Errorf("pattern %q: %v", s.Pattern, err)
		}
	case keyword.Minimum:
		s.Minimum = value.(model.RawJSON)
	case keyword.Maximum:
		s.Maximum = value.(model.RawJSON)
	case keyword.MinLength:
		s.MinLength = ptr(int(value.(int64)))
	case keyword.MaxLength:
		s.MaxLength = ptr(int(value.(int64)))
	case keyword.MinItems:
		s.MinItems = ptr(value.(int64))
	case keyword.MaxItems:
		s.MaxItems = ptr(value.(int64))
	case keyword.Items:
		s.Items = value.(*model.Schema)
	case keyword.Properties:
		props := value.(model.Properties)
		s.Properties = &props
	case keyword.Required:
		s.Required = value.([]string)
	case keyword.AdditionalProperties:
		s.Additional = value.(*model.Additional)
	case keyword.ContentEncoding:
		s.ContentEnc = value.(string)
	case keyword.Default:
		s.Default = value.(model.RawJSON)
	case keyword.Examples:
		s.Examples = value.([]model.RawJSON)
	case keyword.XMCPHeader:
		s.XMCPHeader = value.(string)
	case keyword.Defs:
		s.Defs = value.(model.Properties)
	default:
		return fmt.Errorf("toolgen has no field for %s", k) // the tests catch it
	}
	return nil
}

// readType reads a type: one JSON type's name (a directive states one
// type; anyOf says a value of several).
func readType(v json.RawMessage) (model.JSONType, error) {
	var t string
	if err := strictDecode(v, &t, "a string (use anyOf for more than one type)"); err != nil {
		return "", err
	}
	if !validType(t) {
		return "", fmt.Errorf("type %q is not a JSON Schema type (string, number, integer, boolean, object, array, null)", t)
	}
	return model.JSONType(t), nil
}

// readValues reads an array of values, each compacted.
func readValues(v json.RawMessage) ([]model.RawJSON, error) {
	var values []json.RawMessage
	if err := strictDecode(v, &values, keyword.KindValues.String()); err != nil {
		return nil, err
	}
	var out []model.RawJSON // nil when empty, as model.Schema omits it
	for _, x := range values {
		out = append(out, model.RawJSON(compactJSON(x)))
	}
	return out, nil
}

func validType(t string) bool {
	switch t {
	case "string", "number", "integer", "boolean", "object", "array", "null":
		return true
	}
	return false
}

// strictDecode decodes v into dst, saying what was wanted when it does not
// fit.
func strictDecode(v json.RawMessage, dst any, want string) error {
	if err := json.Unmarshal(v, dst); err != nil {
		return fmt.Errorf("must be %s, not %s", want, compactJSON(v))
	}
	if bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
		return fmt.Errorf("must be %s, not null", want)
	}
	return nil
}

func compactJSON(v json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return string(v)
	}
	return b.String()
}

// subSchema reads a schema object.
func subSchema(v json.RawMessage) (*model.Schema, error) {
	if !bytes.HasPrefix(bytes.TrimSpace(v), []byte("{")) {
		return nil, fmt.Errorf("must be a schema object, not %s", compactJSON(v))
	}
	return Parse(v)
}

// readSchemas reads an array of schemas.
func readSchemas(v json.RawMessage) ([]*model.Schema, error) {
	var items []json.RawMessage
	if err := strictDecode(v, &items, keyword.KindSchemas.String()); err != nil {
		return nil, err
	}
	var out []*model.Schema // nil when empty, as model.Schema omits it
	for i, item := range items {
		sub, err := subSchema(item)
		if err != nil {
			return nil, fmt.Errorf("item %d: %w", i, err)
		}
		out = append(out, sub)
	}
	return out, nil
}

// readSchemaMap reads an object of schemas, in order.
func readSchemaMap(v json.RawMessage) (model.Properties, error) {
	if !bytes.HasPrefix(bytes.TrimSpace(v), []byte("{")) {
		return nil, fmt.Errorf("must be %s, not %s", keyword.KindSchemaMap, compactJSON(v))
	}
	members, err := orderedObject(v)
	if err != nil {
		return nil, err
	}
	props := model.Properties{}
	for _, m := range members {
		sub, err := subSchema(m.value)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", m.key, err)
		}
		props = append(props, model.Property{Name: m.key, Schema: sub})
	}
	return props, nil
}

// readAdditional reads additionalProperties: false, true (nil: the
// default) or a schema.
func readAdditional(v json.RawMessage) (*model.Additional, error) {
	switch string(bytes.TrimSpace(v)) {
	case "false":
		return &model.Additional{}, nil
	case "true":
		return nil, nil
	}
	sub, err := subSchema(v)
	if err != nil {
		return nil, err
	}
	return &model.Additional{Schema: sub}, nil
}

// mustParse reads a type's stated schema (model.Type.Schema: checked when
// the directive was read, or toolgen's own).
func mustParse(text string) *model.Schema {
	s, err := Parse([]byte(text))
	if err != nil {
		panic("toolgen: a checked schema does not parse: " + err.Error())
	}
	return s
}
