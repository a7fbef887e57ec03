package entries

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

func tool(t *testing.T, name toolgen.ToolName) toolgen.Tool {
	t.Helper()
	for _, tl := range Tools() {
		if tl.Name == name {
			return tl
		}
	}
	t.Fatalf("no tool %s", name)
	return toolgen.Tool{}
}

func call(t *testing.T, name toolgen.ToolName, args string) toolgen.Result {
	t.Helper()
	res, err := tool(t, name).Call(context.Background(), []byte(args))
	require.NoError(t, err)
	return res
}

func compile(t *testing.T, text []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(text)))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	require.NoError(t, c.AddResource("tool.json", doc))
	s, err := c.Compile("tool.json")
	require.NoError(t, err)
	return s
}

func valid(t *testing.T, s *jsonschema.Schema, text string) error {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	require.NoError(t, err)
	return s.Validate(doc)
}

// Every tool has a strict and a Gemini form: its maps are arrays of
// entries, which both dialects say.
func TestEveryDialect(t *testing.T) {
	for _, tl := range Tools() {
		assert.NotNil(t, tl.StrictSchema, "%s has no strict form", tl.Name)
		assert.NotNil(t, tl.GeminiSchema, "%s has no Gemini form", tl.Name)
	}
	assert.JSONEq(t, `{"type":"array","description":"the headers, by name","items":{"type":"object",`+
		`"properties":{"key":{"type":"string"},"value":{"type":"string"}},"required":["key","value"],"additionalProperties":false}}`,
		member(t, tool(t, ToolSetHeaders).StrictSchema, "headers"))
}

// member is the schema of one property of an object schema, as JSON.
func member(t *testing.T, schema []byte, name string) string {
	t.Helper()
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	require.NoError(t, json.Unmarshal(schema, &s))
	return string(s.Properties[name])
}

// Arguments a model sends in strict mode (optional members null) pass the
// strict schema, and the tool reads them into its maps.
func TestArgumentsRoundTrip(t *testing.T) {
	strict := compile(t, tool(t, ToolSetHeaders).StrictSchema)
	args := `{"headers":[{"key":"b","value":"2"},{"key":"a","value":"1"}],"extra":null}`
	require.NoError(t, valid(t, strict, args))
	res := call(t, ToolSetHeaders, args)
	require.False(t, res.IsError, res.Text())
	assert.Equal(t, "a=1;b=2;", res.Text())

	args = `{"headers":[],"extra":[{"key":"x","value":"y"}]}`
	require.NoError(t, valid(t, strict, args))
	assert.Equal(t, "+x=y;", call(t, ToolSetHeaders, args).Text())
	// The default schema says the same.
	require.NoError(t, valid(t, compile(t, tool(t, ToolSetHeaders).InputSchema), args))
}

// A map sent as an object (its usual form) is refused, as the schema says,
// and so is an entry without its key or value, or with a member more.
func TestMalformedEntries(t *testing.T) {
	for args, want := range map[string]string{
		`{"headers":{"a":"1"}}`:                             "/headers: expected array, got object",
		`{"headers":[{"key":"a"}]}`:                         "/headers/0/value: missing (required)",
		`{"headers":[{"key":"a","value":"1","more":true}]}`: "/headers/0/more: unknown field",
		`{"headers":[["a","1"]]}`:                           "/headers/0: expected object, got array",
	} {
		res := call(t, ToolSetHeaders, args)
		assert.True(t, res.IsError, args)
		assert.Contains(t, res.Text(), want, args)
		assert.Error(t, valid(t, compile(t, tool(t, ToolSetHeaders).StrictSchema), args), args)
	}
}

// A key given twice is refused at its entry, however the values compare.
func TestDuplicateKeyRefused(t *testing.T) {
	res := call(t, ToolSetHeaders, `{"headers":[{"key":"a","value":"1"},{"key":"b","value":"2"},{"key":"a","value":"1"}]}`)
	require.True(t, res.IsError)
	assert.Contains(t, res.Text(), `/headers/2: the key "a" is given twice`)

	res = call(t, ToolRelabel, `{"name":"n","attrs":[],"weights":[{"key":"red","value":1},{"key":"red","value":2}]}`)
	require.True(t, res.IsError)
	assert.Contains(t, res.Text(), `/weights/1: the key "red" is given twice`)
}

// A key's type is checked as the key schema says (an enum here).
func TestEnumKeys(t *testing.T) {
	res := call(t, ToolRelabel, `{"name":"n","attrs":[],"weights":[{"key":"blue","value":1}]}`)
	require.True(t, res.IsError)
	assert.Contains(t, res.Text(), `/weights/0/key: "blue" is not one of`)
}

// Results write their maps as entries, in key order, matching the output
// schema.
func TestResultsWritten(t *testing.T) {
	res := call(t, ToolCount, `{"text":"b A a"}`)
	require.False(t, res.IsError, res.Text())
	text, err := json.Marshal(res.Structured)
	require.NoError(t, err)
	assert.JSONEq(t, `{"totals":[{"key":"a","value":2},{"key":"b","value":1}],"seen":[{"key":"a","value":"A"},{"key":"b","value":"b"}]}`, string(text))
	require.NoError(t, valid(t, compile(t, tool(t, ToolCount).OutputSchema), string(text)))

	args := `{"name":"n","attrs":[{"key":"z","value":"1"},{"key":"y","value":"2"}],"weights":[{"key":"green","value":3}]}`
	res = call(t, ToolRelabel, args)
	require.False(t, res.IsError, res.Text())
	text, err = json.Marshal(res.Structured)
	require.NoError(t, err)
	assert.JSONEq(t, `{"name":"n","attrs":[{"key":"y","value":"2"},{"key":"z","value":"1"}],"weights":[{"key":"green","value":3}]}`, string(text))
	require.NoError(t, valid(t, compile(t, tool(t, ToolRelabel).OutputSchema), string(text)))
	// What the tool wrote reads back as arguments, in the strict form too.
	require.NoError(t, valid(t, compile(t, tool(t, ToolRelabel).StrictSchema), string(text)))
	assert.False(t, call(t, ToolRelabel, string(text)).IsError)
}

// An empty or absent optional map is left out, as omitempty says.
func TestOmitEmpty(t *testing.T) {
	res := call(t, ToolRelabel, `{"name":"n","attrs":[]}`)
	require.False(t, res.IsError, res.Text())
	text, err := json.Marshal(res.Structured)
	require.NoError(t, err)
	assert.JSONEq(t, `{"name":"n","attrs":[]}`, string(text))
}
