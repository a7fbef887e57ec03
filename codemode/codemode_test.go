package codemode_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/codemode"
)

func TestParseArgs(t *testing.T) {
	src, err := codemode.ParseArgs([]byte(`{"program":"return 1"}`))
	require.NoError(t, err)
	assert.Equal(t, "return 1", src)
	for _, bad := range []string{``, `{}`, `{"program":""}`, `{"program":"  "}`, `{"program":1}`, `{"program":"x","extra":1}`, `[]`} {
		_, err := codemode.ParseArgs([]byte(bad))
		assert.ErrorContains(t, err, `run_code takes {"program": string}`, bad)
	}
}

func TestInputSchemaIsJSON(t *testing.T) {
	var s map[string]any
	require.NoError(t, json.Unmarshal([]byte(codemode.InputSchema), &s))
	assert.Equal(t, []any{"program"}, s["required"])
}

func TestDescriptionEndsWithTheDeclarations(t *testing.T) {
	d := codemode.Description("declare function f(args: {}): Promise<void>;")
	assert.True(t, strings.HasSuffix(d, "```ts\ndeclare function f(args: {}): Promise<void>;\n```"))
}

// wrappedSchema is the output schema toolgen writes for a result that is
// not an object (a []string here).
const wrappedSchema = `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"result":{"type":"array","items":{"type":"string"}}},"required":["result"],"additionalProperties":false}`

func TestProgramValue(t *testing.T) {
	list := toolgen.Tool{Name: "list", OutputSchema: []byte(wrappedSchema)}
	object := toolgen.Tool{Name: "get", OutputSchema: []byte(`{"type":"object","description":"A thing.","properties":{"result":{"type":"string"}},"required":["result"],"additionalProperties":false}`)}
	for _, tc := range []struct {
		name string
		tool toolgen.Tool
		res  toolgen.Result
		want string
	}{
		{"a wrapped result, unwrapped", list, toolgen.Result{Structured: json.RawMessage(`{"result":["a","b"]}`)}, `["a","b"]`},
		{"an object with a member named result", object, toolgen.Result{Structured: json.RawMessage(`{"result":"x"}`)}, `{"result":"x"}`},
		{"text", toolgen.Tool{Name: "t"}, toolgen.TextResult(`he said "hi"`), `"he said \"hi\""`},
		{"no content", toolgen.Tool{Name: "t"}, toolgen.Result{}, `""`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := codemode.ProgramValue(tc.tool, tc.res)
			require.NoError(t, err)
			assert.JSONEq(t, tc.want, string(v))
		})
	}
	_, err := codemode.ProgramValue(list, toolgen.ErrorResult("no such list"))
	var ce *codemode.CallError
	require.True(t, errors.As(err, &ce))
	assert.Equal(t, "no such list", ce.Message)
}

func TestLimitsOrDefault(t *testing.T) {
	assert.Equal(t, codemode.DefaultLimits, codemode.Limits{}.OrDefault())
	l := codemode.Limits{CPU: time.Second, Calls: 3}.OrDefault()
	assert.Equal(t, time.Second, l.CPU)
	assert.Equal(t, 3, l.Calls)
	assert.Equal(t, codemode.DefaultLimits.Memory, l.Memory)
}

func TestProgramErrorNamesItsPosition(t *testing.T) {
	assert.Equal(t, "program.ts:3:9: TypeError: x", (&codemode.ProgramError{Line: 3, Column: 9, Message: "TypeError: x"}).Error())
	assert.Equal(t, "SyntaxError", (&codemode.ProgramError{Message: "SyntaxError"}).Error())
}
