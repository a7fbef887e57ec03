package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/toolgen-dev/toolgen/internal/ecmaregex"
	"github.com/toolgen-dev/toolgen/internal/model"
)

// schemaKeywords are the keywords a //toolgen:schema may use: those of
// model.Schema.
const schemaKeywords = "type, description, anyOf, enum, format, pattern, minimum, maximum, minLength, maxLength, " +
	"minItems, maxItems, items, properties, required, additionalProperties, contentEncoding, default, examples"

// Parse reads a JSON Schema object into a model.Schema, keeping the order
// of its properties. It takes only the keywords of model.Schema, and only
// patterns that mean the same in ECMA-262 and RE2 (through ecmaregex); a
// *json.SyntaxError says where the text is not JSON.
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

func setKeyword(s *model.Schema, key string, v json.RawMessage) error {
	var err error
	switch key {
	case "type":
		err = strictDecode(v, &s.Type, "a string (use anyOf for more than one type)")
		if err == nil && !validType(string(s.Type)) {
			err = fmt.Errorf("type %q is not a JSON Schema type (string, number, integer, boolean, object, array, null)", s.Type)
		}
	case "description":
		err = strictDecode(v, &s.Description, "a string")
	case "format":
		err = strictDecode(v, &s.Format, "a string")
	case "pattern":
		err = strictDecode(v, &s.Pattern, "a string")
		if err == nil {
			if _, terr := ecmaregex.Translate(s.Pattern); terr != nil {
				err = fmt.Errorf("pattern %q: %v", s.Pattern, terr)
			}
		}
	case "contentEncoding":
		err = strictDecode(v, &s.ContentEnc, "a string")
	case "minimum", "maximum":
		var n json.Number
		if err = strictDecode(v, &n, "a number"); err == nil {
			*map[string]*model.RawJSON{"minimum": &s.Minimum, "maximum": &s.Maximum}[key] = model.RawJSON(n)
		}
	case "minLength", "maxLength":
		err = strictDecode(v, map[string]any{"minLength": &s.MinLength, "maxLength": &s.MaxLength}[key], "a non-negative integer")
	case "minItems", "maxItems":
		err = strictDecode(v, map[string]any{"minItems": &s.MinItems, "maxItems": &s.MaxItems}[key], "a non-negative integer")
	case "required":
		err = strictDecode(v, &s.Required, "an array of strings")
	case "enum", "examples":
		var values []json.RawMessage
		if err = strictDecode(v, &values, "an array"); err == nil {
			for _, x := range values {
				raw := model.RawJSON(compactJSON(x))
				if key == "enum" {
					s.Enum = append(s.Enum, raw)
				} else {
					s.Examples = append(s.Examples, raw)
				}
			}
		}
	case "default":
		s.Default = model.RawJSON(compactJSON(v))
	case "items":
		s.Items, err = subSchema(key, v)
	case "anyOf":
		err = setAnyOf(s, v)
	case "properties":
		err = setProperties(s, v)
	case "additionalProperties":
		err = setAdditional(s, v)
	default:
		return fmt.Errorf("keyword %q is not supported (supported: %s)", key, schemaKeywords)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	return nil
}

func validType(t string) bool {
	switch t {
	case "string", "number", "integer", "boolean", "object", "array", "null":
		return true
	}
	return false
}

// strictDecode decodes v into dst, saying what was wanted when it does not
// fit; negative counts do not fit.
func strictDecode(v json.RawMessage, dst any, want string) error {
	if err := json.Unmarshal(v, dst); err != nil || bytes.HasPrefix(bytes.TrimSpace(v), []byte("-")) && want == "a non-negative integer" {
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

func subSchema(key string, v json.RawMessage) (*model.Schema, error) {
	if !bytes.HasPrefix(bytes.TrimSpace(v), []byte("{")) {
		return nil, fmt.Errorf("must be a schema object, not %s", compactJSON(v))
	}
	s, err := Parse(v)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func setAnyOf(s *model.Schema, v json.RawMessage) error {
	var items []json.RawMessage
	if err := strictDecode(v, &items, "an array of schemas"); err != nil {
		return err
	}
	for i, item := range items {
		sub, err := subSchema("anyOf", item)
		if err != nil {
			return fmt.Errorf("item %d: %w", i, err)
		}
		s.AnyOf = append(s.AnyOf, sub)
	}
	return nil
}

func setProperties(s *model.Schema, v json.RawMessage) error {
	if !bytes.HasPrefix(bytes.TrimSpace(v), []byte("{")) {
		return fmt.Errorf("must be an object of schemas, not %s", compactJSON(v))
	}
	members, err := orderedObject(v)
	if err != nil {
		return err
	}
	props := model.Properties{}
	for _, m := range members {
		sub, err := subSchema(m.key, m.value)
		if err != nil {
			return fmt.Errorf("%s: %w", m.key, err)
		}
		props = append(props, model.Property{Name: m.key, Schema: sub})
	}
	s.Properties = &props
	return nil
}

func setAdditional(s *model.Schema, v json.RawMessage) error {
	switch string(bytes.TrimSpace(v)) {
	case "false":
		s.Additional = &model.Additional{}
		return nil
	case "true":
		s.Additional = nil // the default
		return nil
	}
	sub, err := subSchema("additionalProperties", v)
	if err != nil {
		return err
	}
	s.Additional = &model.Additional{Schema: sub}
	return nil
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
