package shapes

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

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
	c.AssertFormat()
	c.AssertContent()
	require.NoError(t, c.AddResource("tool.json", doc))
	s, err := c.Compile("tool.json")
	require.NoError(t, err)
	return s
}

func validate(t *testing.T, s *jsonschema.Schema, text string) error {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	require.NoError(t, err)
	return s.Validate(doc)
}

// agree calls a tool with args and checks that it reads them as
// encoding/json reads them into a T (its result, written by the generated
// encoder, is what encoding/json writes for that value), and that the
// result matches the output schema. wrap names the member a non-object
// result is wrapped in ("" for none).
func agree[T any](t *testing.T, name toolgen.ToolName, args, member, wrap string) {
	t.Helper()
	res := call(t, name, args)
	require.False(t, res.IsError, "%s %s: %s", name, args, res.Text())
	var in map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(args), &in))
	var v T
	raw := []byte(args)
	if member != "" {
		raw = in[member]
	}
	require.NoError(t, json.Unmarshal(raw, &v), args)
	want, err := json.Marshal(v)
	require.NoError(t, err)
	if wrap != "" {
		want = []byte(`{"` + wrap + `":` + string(want) + `}`)
	}
	assert.JSONEq(t, string(want), res.Text(), "%s %s", name, args)
	assert.NoError(t, validate(t, compile(t, tool(t, name).OutputSchema), res.Text()), "%s %s: the result matches the output schema", name, args)
	if !strings.Contains(args, "null") { // null for a pointer member is the decoder's one leniency
		assert.NoError(t, validate(t, compile(t, tool(t, name).InputSchema), args), "%s: the input schema accepts %s", name, args)
	}
}

func TestNestedShapesReadAndWriteAsEncodingJSON(t *testing.T) {
	for _, args := range []string{
		`{"cells":[1,2,3],"square":[[1,2],[3,4]],"times":["2026-01-02T15:04:05Z","2026-01-02T15:04:05.5+02:00"],"deep":[["a","b"],["c","d"]]}`,
		`{"cells":[1,2,3],"rows":[[1,2],[3,4]],"by_name":{"x":[5,6]},"square":[[0,0],[0,0]],"times":["2026-01-02T15:04:05Z","2026-01-02T15:04:05Z"],"deep":[["","z"],["y",""]],"items":[{"id":1},{"id":2}]}`,
		`{"cells":null,"square":null,"times":null,"deep":null}`,
		`{}`,
	} {
		agree[Grid](t, ToolEchoGrid, args, "", "")
	}
	for _, args := range []string{`{"m":[[1,2],[3,4]]}`, `{"m":[[-1,0],[9,9]]}`} {
		agree[*[2]*[2]int](t, ToolEchoMatrix, args, "m", "result")
	}
	for _, args := range []string{`{"t":{"a":[[1],[2,3]],"b":[[],[]]}}`, `{"t":{}}`} {
		agree[map[string]*[2][]int](t, ToolEchoTable, args, "t", "result")
	}
}

func TestNestedShapesRejectWhatTheSchemaRejects(t *testing.T) {
	for args, want := range map[string]string{
		`{"m":[[1,2],null]}`:                            `/m/1: expected array, got null`,
		`{"m":[[1,2]]}`:                                 `/m: has 1 item, fewer than the minimum 2`,
		`{"m":[[1,2],[3]]}`:                             `/m/1: has 1 item, fewer than the minimum 2`,
		`{"m":[[1,2],[3,4,5]]}`:                         `/m/1: has 3 items, more than the maximum 2`,
		`{"t":{"a":null}}`:                              `/t/a: expected array, got null`,
		`{"t":{"a":[[1],null]}}`:                        `/t/a/1: expected array, got null`,
		`{"rows":[[1,2],null]}`:                         `/rows/1: expected array, got null`,
		`{"by_name":{"x":null}}`:                        `/by_name/x: expected array, got null`,
		`{"items":[{"id":1},null]}`:                     `/items/1: expected object, got null`,
		`{"deep":[["a","b"],null]}`:                     `/deep/1: expected array, got null`,
		`{"times":["2026-01-02T15:04:05Z","2026-1-2"]}`: `/times/1: "2026-1-2" is not an RFC 3339 date-time (like "2026-01-02T15:04:05Z")`,
	} {
		name := ToolEchoGrid
		switch {
		case strings.HasPrefix(args, `{"m"`):
			name = ToolEchoMatrix
		case strings.HasPrefix(args, `{"t"`):
			name = ToolEchoTable
		}
		res := call(t, name, args)
		require.True(t, res.IsError, args)
		assert.Contains(t, res.Text(), want, args)
		assert.Error(t, validate(t, compile(t, tool(t, name).InputSchema), args), "%s: the input schema rejects it too", args)
	}
}

func TestNilResults(t *testing.T) {
	res := call(t, ToolNils, `{}`)
	require.False(t, res.IsError, res.Text())
	assert.JSONEq(t, `{"list":[],"table":{},"data":"","refs":[null,{"id":1}],"kept":[],"named":{"a":null}}`, res.Text())
	assert.NoError(t, validate(t, compile(t, tool(t, ToolNils).OutputSchema), res.Text()))
	// encoding/json writes null for the nil slice, map and []byte, which the
	// output schema rejects.
	std, err := json.Marshal(Empty{})
	require.NoError(t, err)
	assert.Error(t, validate(t, compile(t, tool(t, ToolNils).OutputSchema), string(std)))

	res = call(t, ToolGetReport, `{}`)
	assert.True(t, res.IsError)
	assert.Equal(t, "get_report returned no result (a nil *Report) and no error", res.Text())
	res = call(t, ToolCount, `{}`)
	assert.True(t, res.IsError)
	assert.Equal(t, "count returned no result (a nil *int)", res.Text())
}

// TestTimesAreTheSchemasDateTimes compares the decoder with the schema's
// format date-time as a JSON Schema validator checks it.
func TestTimesAreTheSchemasDateTimes(t *testing.T) {
	input := compile(t, tool(t, ToolEchoTimes).InputSchema)
	for _, s := range []string{
		"2026-01-02T15:04:05Z", "2026-01-02t15:04:05z", "1998-12-31T23:59:60Z", "1998-12-31T15:59:60-08:00",
		"1998-12-31T23:58:60Z", "2026-01-02T15:04:05+24:00", "2026-01-02T15:04:05+23:60", "2026-01-02T15:04:05,5Z",
		"2026-01-02T15:04:05.123456789123Z", "2026-01-02T15:04:05.Z", "2024-02-29T00:00:00Z", "2023-02-29T00:00:00Z",
		"2026-01-02T1:04:05Z", "2026-01-02T15:04:05+0200", "2026-01-02", "2026-01-02T15:04:05",
	} {
		text, _ := json.Marshal(s)
		args := `{"at":[` + string(text) + `]}`
		res := call(t, ToolEchoTimes, args)
		schemaOK := validate(t, input, args) == nil
		assert.Equal(t, schemaOK, !res.IsError, "%s: %s", s, res.Text())
	}
	// A leap second reads as the next second; digits beyond nanoseconds are
	// dropped.
	res := call(t, ToolEchoTimes, `{"at":["2016-12-31T23:59:60z","2026-01-02T15:04:05.1234567891Z"]}`)
	require.False(t, res.IsError, res.Text())
	want, err := json.Marshal([]time.Time{time.Date(2017, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2026, 1, 2, 15, 4, 5, 123456789, time.UTC)})
	require.NoError(t, err)
	assert.JSONEq(t, `{"result":`+string(want)+`}`, res.Text())
}
