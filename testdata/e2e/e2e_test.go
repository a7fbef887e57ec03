package e2e

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
)

func call(t *testing.T, tools []toolgen.Tool, name toolgen.ToolName, args string) toolgen.Result {
	t.Helper()
	box, err := toolgen.NewToolbox(tools)
	require.NoError(t, err)
	res, err := box.Call(context.Background(), name, []byte(args))
	require.NoError(t, err)
	return res
}

func TestValidCalls(t *testing.T) {
	tests := []struct {
		name toolgen.ToolName
		args string
		text string
	}{
		{ToolEcho, `{"text":"ab"}`, "ab"},
		{ToolEcho, `{"text":"ab","times":3}`, "ababab"},
		{ToolEcho, `{"text":"ab","times":null}`, "ab"}, // null for a pointer is nil
		{ToolEcho, ` { "times" : 2.0 , "text" : "x\u00e9" } `, "xéxé"},
		{ToolSearch, `{"query":"go"}`, `{"query":"go","sort":"score","page":1,"tags":[]}`},
		{ToolSearch, `{"query":"go","sort":"date","page":2,"level":2,"tags":["a","b"],"near":{"lat":1.5,"lon":-2},"code":"FR","email":"a@b.io"}`,
			`{"query":"go","sort":"date","page":2,"level":2,"tags":["a","b"],"near":{"lat":1.5,"lon":-2}}`},
		{ToolCount, `{"name":"root","children":[{"name":"a","children":[{"name":"b"}]},{"name":"c"}]}`, `{"result":4}`},
	}
	for _, tt := range tests {
		t.Run(string(tt.name)+" "+tt.args, func(t *testing.T) {
			res := call(t, Tools(), tt.name, tt.args)
			require.False(t, res.IsError, res.Text())
			assert.Equal(t, tt.text, res.Text())
		})
	}
}

func TestLargeArraysAreReadWhole(t *testing.T) {
	children := strings.TrimSuffix(strings.Repeat(`{"name":"leaf"},`, 3000), ",")
	res := call(t, Tools(), ToolCount, `{"name":"root","children":[`+children+`]}`)
	require.False(t, res.IsError, res.Text())
	assert.Equal(t, `{"result":3001}`, res.Text())
}

func TestStructuredResultMatchesEncodingJSON(t *testing.T) {
	args := `{"i8":-128,"u16":65535,"u64":18446744073709551615,"f32":1.5,"on":true,
		"when":"2026-11-29T10:00:00.5+01:00","blob":"aGVsbG8=","raw":{"b":[1,2]},"any":{"x":[1,"y",null]},
		"addr":"10.0.0.1","pair":[1,2],"votes":{"b":2,"a":1},"grid":[[1,2],[2]],"sorts":{"z":["date"]}}`
	res := call(t, Tools(), ToolMirror, args)
	require.False(t, res.IsError, res.Text())

	var in Kinds
	require.NoError(t, json.Unmarshal([]byte(args), &in))
	want, err := json.Marshal(in)
	require.NoError(t, err)
	assert.JSONEq(t, string(want), string(res.Structured))
	assert.Equal(t, string(res.Structured), res.Text())
}

func TestInvalidArguments(t *testing.T) {
	tests := []struct {
		name toolgen.ToolName
		args string
		want string
	}{
		{ToolSearch, `{"sort":"random","q":1}`,
			`invalid arguments: /sort: "random" is not one of "score", "date"; /q: unknown field (known fields: "page", "query", "sort", "level", "tags", "near", "email", "code"); /query: missing (required)`},
		{ToolSearch, `{"query":"x","page":0,"tags":["a","b","c","d"],"level":3}`,
			`invalid arguments: /query: "x" is 1 character long, shorter than the minimum 2; /page: 0 is less than the minimum 1; /tags: has 4 items, more than the maximum 3; /level: 3 is not one of 1, 2`},
		{ToolSearch, `{"query":"go","near":{"lat":91,"lon":"east"},"code":"fr","email":"nobody"}`,
			`invalid arguments: /near/lat: 91 is greater than the maximum 90; /near/lon: expected number, got string "east"; /code: "fr" does not match the pattern ^[A-Z]{2,3}$; /email: "nobody" is not a valid email`},
		{ToolSearch, `{"query":"go","tags":["a",7]}`, `invalid arguments: /tags/1: expected string, got number 7`},
		{ToolEcho, `{"text":"a","times":1.5}`, `invalid arguments: /times: expected integer, got number 1.5`},
		{ToolEcho, `["a"]`, `invalid arguments: expected object, got array`},
		{ToolEcho, `{"text":"a"`, `invalid arguments: not valid JSON: unexpected end of input`},
		{ToolEcho, `{"text":null}`, `invalid arguments: /text: expected string, got null`},
		{ToolBoom, `{"x":1}`, `invalid arguments: /x: unknown field (this object has no fields)`},
		{ToolMirror, strings.Replace(validArgs[ToolMirror], `"i8":1`, `"i8":128`, 1), `invalid arguments: /i8: 128 is greater than the maximum 127`},
		{ToolCount, `{"name":"r","children":[{"name":"a","children":[{}]}]}`, `invalid arguments: /children/0/children/0/name: missing (required)`},
		// An element of a []*T is a value, as the schema says: a nil one would
		// reach the tool.
		{ToolCount, `{"name":"r","children":[{"name":"a"},null]}`, `invalid arguments: /children/1: expected object, got null`},
	}
	for _, tt := range tests {
		t.Run(string(tt.name)+" "+tt.args, func(t *testing.T) {
			res := call(t, Tools(), tt.name, tt.args)
			require.True(t, res.IsError)
			assert.Equal(t, tt.want, res.Text())
		})
	}
}

func TestToolErrorIsAResult(t *testing.T) {
	res := call(t, Tools(), ToolFail, `{"reason":"disk full"}`)
	assert.True(t, res.IsError)
	assert.Equal(t, "disk full", res.Text())
}

func TestPanicIsAResult(t *testing.T) {
	res := call(t, Tools(), ToolBoom, `{}`)
	assert.True(t, res.IsError)
	assert.Equal(t, "tool boom failed: panic: kaboom", res.Text())
}

func TestCancelledCallIsAnError(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(10 * time.Millisecond)
		cancel()
	}()
	tool := Tools()[4]
	require.Equal(t, ToolSleep, tool.Name)
	_, err := tool.Call(ctx, []byte(`{"ms":60000}`))
	assert.ErrorIs(t, err, context.Canceled)
}

func TestMethodsSeeTheirReceiverAndCtx(t *testing.T) {
	var c Counter
	tools := c.Tools()
	require.Len(t, tools, 2)
	assert.True(t, tools[0].RequiresApproval)
	assert.True(t, tools[1].Annotations.ReadOnly)

	ctx := toolgen.WithCtx(context.Background(), toolgen.Ctx{Deps: "alice"})
	res, err := tools[0].Call(ctx, []byte(`{"by":2}`))
	require.NoError(t, err)
	assert.Equal(t, `2 (asked by "alice")`, res.Text())

	res, err = tools[0].Call(context.Background(), []byte(`{"by":3}`))
	require.NoError(t, err)
	assert.Equal(t, `5 (asked by "")`, res.Text())

	res = call(t, tools, ToolTotal, ``)
	assert.Equal(t, `{"result":[5]}`, res.Text())
}

func TestGeneratedRulesDecide(t *testing.T) {
	var c Counter
	perms := agent.Permissions{
		Deny:  []toolgen.Rule{SearchRule{Query: "secret*"}.Rule(), SearchRule{Page: "[5-9]", Sort: "date"}.Rule()},
		Allow: []toolgen.Rule{EchoRule{Times: "[1-3]"}.Rule(), AddRule{By: "1"}.Rule()},
		Ask:   []toolgen.Rule{AddRule{}.Rule(), BoomRule{}.Rule()},
	}
	require.NoError(t, perms.Check(append(Tools(), c.Tools()...)))

	tests := []struct {
		tool toolgen.ToolName
		args string
		want agent.Outcome
		rule string
	}{
		{ToolSearch, `{"query":"secret plans"}`, agent.OutcomeDeny, `search(query="secret*")`},
		{ToolSearch, `{"query":"go"}`, agent.OutcomeNone, ""},
		{ToolSearch, `{"query":"go","page":7,"sort":"date"}`, agent.OutcomeDeny, `search(page="[5-9]", sort="date")`},
		{ToolSearch, `{"query":"go","page":7}`, agent.OutcomeNone, ""},
		{ToolEcho, `{"text":"a","times":2}`, agent.OutcomeAllow, `echo(times="[1-3]")`},
		{ToolEcho, `{"text":"a","times":5}`, agent.OutcomeNone, ""},
		{ToolEcho, `{"text":"a"}`, agent.OutcomeNone, ""},
		{ToolAdd, `{"by":1}`, agent.OutcomeAllow, `counter_add(by="1")`},
		{ToolAdd, `{"by":10}`, agent.OutcomeAsk, "counter_add"},
		{ToolBoom, ``, agent.OutcomeAsk, "boom"},
	}
	for _, tt := range tests {
		got, rule := perms.Decide(tt.tool, []byte(tt.args))
		assert.Equal(t, tt.want, got, "%s %s", tt.tool, tt.args)
		if tt.rule == "" {
			assert.Nil(t, rule, "%s %s", tt.tool, tt.args)
		} else if assert.NotNil(t, rule, "%s %s", tt.tool, tt.args) {
			assert.Equal(t, tt.rule, rule.String())
		}
	}
}

func TestGeneratedRuleWithoutFieldsHasNoArgs(t *testing.T) {
	assert.Equal(t, toolgen.Rule{Tool: ToolSearch}, SearchRule{}.Rule())
	assert.Equal(t, toolgen.Rule{Tool: ToolBoom}, BoomRule{}.Rule())
	assert.Equal(t, toolgen.Rule{Tool: ToolMirror, Args: map[string]string{"i8": "-*", "raw": "*"}},
		MirrorRule{I8: "-*", Raw: "*"}.Rule())
}
