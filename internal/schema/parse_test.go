package schema

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/keyword"
	"github.com/toolgen-dev/toolgen/internal/model"
)

// Every keyword of the table is read into its field of model.Schema and
// written back as it was: a keyword added to the table without a reader
// here, or without its field, fails.
func TestEveryKeywordRead(t *testing.T) {
	for k := range keyword.Keyword(keyword.Count) {
		in := `{"` + k.Name() + `":` + k.Kind().Example() + `}`
		s := &model.Schema{}
		value, err := readValue(k.Kind(), json.RawMessage(k.Kind().Example()))
		require.NoError(t, err, in)
		require.NoError(t, setField(s, k, value), in)
		out, err := s.Compact()
		require.NoError(t, err)
		assert.Equal(t, in, out)

		parsed, err := Parse([]byte(in))
		if !k.Directive() {
			assert.EqualError(t, err, `keyword "`+k.Name()+`" is not supported (supported: `+keyword.InDirective().Names()+`)`)
			continue
		}
		require.NoError(t, err, in)
		out, err = parsed.Compact()
		require.NoError(t, err)
		assert.Equal(t, in, out)
	}
}

func TestUnknownKeywordListsSupported(t *testing.T) {
	_, err := Parse([]byte(`{"type":"string","oneOf":[]}`))
	require.Error(t, err)
	list, ok := strings.CutPrefix(err.Error(), `keyword "oneOf" is not supported (supported: `)
	require.True(t, ok, err.Error())
	supported := strings.Split(strings.TrimSuffix(list, ")"), ", ")
	for k := range keyword.Keyword(keyword.Count) {
		assert.Equal(t, k.Directive(), slices.Contains(supported, k.Name()), "%s in %s", k, err)
	}
	assert.Len(t, supported, strings.Count(keyword.InDirective().Names(), ",")+1)
}

func TestValuesChecked(t *testing.T) {
	for in, want := range map[string]string{
		`{"minLength":-1}`:                  "minLength: must be a non-negative integer, not -1",
		`{"maxLength":-0}`:                  "maxLength: must be a non-negative integer, not -0",
		`{"maxItems":1.5}`:                  "maxItems: must be a non-negative integer, not 1.5",
		`{"minItems":null}`:                 "minItems: must be a non-negative integer, not null",
		`{"minimum":true}`:                  `minimum: must be a number, not true`,
		`{"enum":{}}`:                       "enum: must be an array, not {}",
		`{"required":[1]}`:                  "required: must be an array of strings, not [1]",
		`{"description":null}`:              "description: must be a string, not null",
		`{"items":[]}`:                      "items: must be a schema object, not []",
		`{"anyOf":[{"type":"x"}]}`:          `anyOf: item 0: type: type "x" is not a JSON Schema type (string, number, integer, boolean, object, array, null)`,
		`{"properties":[]}`:                 "properties: must be an object of schemas, not []",
		`{"properties":{"a":3}}`:            "properties: a: must be a schema object, not 3",
		`{"additionalProperties":"no"}`:     `additionalProperties: must be a schema object, not "no"`,
		`{"type":["string","null"]}`:        `type: must be a string (use anyOf for more than one type), not ["string","null"]`,
		`{"$defs":{"a":{"type":"string"}}}`: `keyword "$defs" is not supported (supported: ` + keyword.InDirective().Names() + `)`,
	} {
		_, err := Parse([]byte(in))
		assert.EqualError(t, err, want, in)
	}
	s, err := Parse([]byte(`{"enum":[],"anyOf":[],"additionalProperties":true,"properties":{}}`))
	require.NoError(t, err)
	out, err := s.Compact()
	require.NoError(t, err)
	assert.Equal(t, `{"properties":{}}`, out, "empty lists omitted, true is the default, an empty properties kept")
}
