package methods

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

func call(t *testing.T, name toolgen.ToolName, args string) toolgen.Result {
	t.Helper()
	box, err := toolgen.NewToolbox(Tools())
	require.NoError(t, err)
	res, err := box.Call(context.Background(), name, []byte(args))
	require.NoError(t, err)
	return res
}

// agree checks that the generated code and encoding/json give one verdict
// on args, and, when they accept, write the same JSON for what they read
// (the tools echo their argument through a pointer, as json.Marshal(&v)).
func agree[T any](t *testing.T, name toolgen.ToolName, args string) toolgen.Result {
	t.Helper()
	res := call(t, name, args)
	var v T
	err := json.Unmarshal([]byte(args), &v)
	if err != nil {
		assert.True(t, res.IsError, "encoding/json rejects %s (%v), toolgen accepts it", args, err)
		return res
	}
	require.False(t, res.IsError, "encoding/json accepts %s, toolgen rejects it: %s", args, res.Text())
	want, err := json.Marshal(&v)
	require.NoError(t, err)
	assert.JSONEq(t, string(want), string(res.Structured), "args %s", args)
	return res
}

const customBase = `"flag":"on","count":3,"level":2,"both":true`

func TestCustomMethodsAgreeWithEncodingJSON(t *testing.T) {
	for _, args := range []string{
		`{"temp":"21C",` + customBase + `}`,
		`{"temp":"-4.5C","temps":["1C","2C"],"by_city":{"oslo":"-3C"},"ptr":"7C",` + customBase + `}`,
		`{"temp":"21C","maybe":"5C",` + customBase + `}`,
		`{"temp":"21C","ptr":null,` + customBase + `}`,
		`{"temp":"21C","flag":true,"flags":["on","off",false],"count":3,"level":2,"both":{"x":[1,2]}}`,
		`{"temp":"21C","flag":"off","count":-1,"level":0,"both":"s"}`,
		`{"temp":"21C","flag":"on","count":3,"level":2,"both":null}`,
		`{"temp":null,` + customBase + `}`, // UnmarshalJSON("null") on a required member, as encoding/json
		// Rejected by both.
		`{"temp":21,` + customBase + `}`,
		`{"temp":"21F",` + customBase + `}`,
		`{"temp":"21C","temps":["1C",2],` + customBase + `}`,
		`{"temp":"21C","flag":"maybe","count":3,"level":2,"both":1}`,
		`{"temp":"21C","flag":"on","count":"3","level":2,"both":1}`,  // Count reads by its own type
		`{"temp":"21C","flag":"on","count":3,"level":"L2","both":1}`, // Level too
	} {
		agree[Custom](t, ToolEchoCustom, args)
	}
}

func TestMethodErrorIsAProblemAtItsPointer(t *testing.T) {
	res := call(t, ToolEchoCustom, `{"temp":"21C","temps":["1C","hot"],`+customBase+`}`)
	require.True(t, res.IsError)
	assert.Contains(t, res.Text(), "/temps/1")
	assert.Contains(t, res.Text(), `temperature "hot"`)
}

func TestStdTypesAgreeWithEncodingJSON(t *testing.T) {
	const base = `"int_value":5,"number":1,"addr":"::1","prefix":"10.0.0.0/8","level":"WARN","timeout":2000000000`
	for _, args := range []string{
		`{` + base + `}`,
		`{"int":123456789012345678901234567890,"float":"1.5","rat":"1/3","numbers":[1,2.50,-3e5],"pattern":"a+b","month":3,` + base + `}`,
		`{"int":null,"float":"-2e10","rat":"0.25",` + base + `}`,
		`{"int_value":-7,"number":12.50,"addr":"","prefix":"","level":"warn+2","timeout":-1}`,
		// Rejected by both.
		`{"int":1.5,` + base + `}`,
		`{"int":"12",` + base + `}`,
		`{"float":1.5,` + base + `}`,
		`{"rat":"x",` + base + `}`,
		`{"int_value":5,"number":1,"addr":"1.2.3","prefix":"10.0.0.0/8","level":"WARN","timeout":1}`,
		`{"int_value":5,"number":1,"addr":"::1","prefix":"10.0.0.0/8","level":3,"timeout":1}`,
		`{"int_value":5,"number":1,"addr":"::1","prefix":"10.0.0.0/8","level":"WARN","timeout":1.5}`,
		`{"pattern":"a(",` + base + `}`,
	} {
		agree[Std](t, ToolEchoStd, args)
	}
}

// json.Number in a string: encoding/json accepts it, toolgen does not (its
// schema says number); the one deliberate difference here.
func TestNumberInAStringIsRefused(t *testing.T) {
	var s Std
	require.NoError(t, json.Unmarshal([]byte(`{"number":"12"}`), &s))
	res := call(t, ToolEchoStd, `{"int_value":5,"number":"12","addr":"::1","prefix":"10.0.0.0/8","level":"WARN","timeout":1}`)
	require.True(t, res.IsError)
	assert.Contains(t, res.Text(), "/number")
}

func TestDurationIsNanoseconds(t *testing.T) {
	res := call(t, ToolWait, `{"timeout":1500000000}`)
	require.False(t, res.IsError, res.Text())
	assert.JSONEq(t, `{"result":1500000000}`, string(res.Structured))
	var schema struct {
		Properties map[string]struct {
			Type        string `json:"type"`
			Description string `json:"description"`
		} `json:"properties"`
	}
	require.NoError(t, json.Unmarshal(Tools()[2].InputSchema, &schema))
	assert.Equal(t, "integer", schema.Properties["timeout"].Type)
	assert.Equal(t, "how long to wait.\nA duration in nanoseconds (1 second = 1000000000).", schema.Properties["timeout"].Description)
}

// The schemas say what the methods read and write, per direction.
func TestSchemasPerDirection(t *testing.T) {
	props := func(schema []byte) map[string]json.RawMessage {
		var s struct {
			Properties map[string]json.RawMessage `json:"properties"`
		}
		require.NoError(t, json.Unmarshal(schema, &s))
		return s.Properties
	}
	tool := Tools()[0]
	in, out := props(tool.InputSchema), props(tool.OutputSchema)
	assert.JSONEq(t, `{"type":"string","description":"Temp is a temperature in degrees Celsius, written \"21C\".","pattern":"^-?[0-9]+C$"}`, string(in["temp"]))
	assert.JSONEq(t, string(in["temp"]), string(out["temp"]))
	assert.JSONEq(t, `{"type":"integer","description":"Count writes itself with MarshalJSON and has no UnmarshalJSON: read as an integer (its own type), written as a string."}`, string(in["count"]))
	assert.JSONEq(t, `{"description":"Count writes itself with MarshalJSON and has no UnmarshalJSON: read as an integer (its own type), written as a string."}`, string(out["count"]))
	const levelDoc = `"description":"Level writes itself as text and has no UnmarshalText: read as an integer, written as a string."`
	assert.JSONEq(t, `{"type":"string",`+levelDoc+`}`, string(out["level"]))
	assert.JSONEq(t, `{"type":"integer",`+levelDoc+`}`, string(in["level"]))
}
