package anthropic_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/anthropic"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

// richSchema has members the SDK has no field for, several of them, in
// an order of their own.
const richSchema = `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",` +
	`"properties":{"city":{"$ref":"#/$defs/city"}},"required":["city"],"additionalProperties":false,` +
	`"$defs":{"city":{"type":"string"}},"title":"args","$comment":"c","examples":[{"city":"Paris"}]}`

// cacheRequest is a turn of a run: tools sent up front, one loaded by a
// search, one still deferred; a system prompt; a conversation that ends
// with tool results.
func cacheRequest() agent.Request {
	tool := func(name string) agent.ToolSpec {
		return agent.ToolSpec{Name: toolgen.ToolName(name), Description: "Does " + name + ".", InputSchema: json.RawMessage(richSchema)}
	}
	loaded, deferred := tool("refund_payment"), tool("delete_customer")
	loaded.Loaded, deferred.Deferred = true, true
	return agent.Request{
		System: "You help with orders.",
		Tools:  []agent.ToolSpec{tool("get_order"), tool("list_orders"), loaded, deferred},
		Messages: []agent.Message{
			{Role: agent.RoleUser, Text: "Where is my order?"},
			{Role: agent.RoleAssistant, Calls: []agent.ToolCall{{ID: "toolu_1", Name: "get_order", Args: json.RawMessage(`{"city":"Paris"}`)}}},
			{Role: agent.RoleTool, Results: []agent.ToolResult{{CallID: "toolu_1", Name: "get_order", Result: toolgen.TextResult("shipped")}}},
		},
	}
}

// The same request gives the same bytes every time, its tools' schemas
// sent as they are (member order kept), so that the cache can serve them.
func TestRequestBytesAreStable(t *testing.T) {
	const n = 20
	script := make([]reply, n)
	for i := range script {
		script[i] = message("end_turn", textBlock("ok"))
	}
	f, m := adapter.Serve(t, script)
	for range n {
		_, err := m.Generate(context.Background(), cacheRequest())
		require.NoError(t, err)
	}
	bodies := f.Bodies()
	require.Len(t, bodies, n)
	for i, b := range bodies[1:] {
		require.Equal(t, string(bodies[0]), string(b), "request %d", i+1)
	}
	assert.Contains(t, string(bodies[0]), `"input_schema":`+richSchema)
}

// A schema without "type" gets "type": "object" first, as the API wants.
func TestSchemaWithoutType(t *testing.T) {
	f, m := adapter.Serve(t, []reply{message("end_turn", textBlock("ok")), message("end_turn", textBlock("ok"))})
	for _, schema := range []string{`{}`, `{"properties":{"a":{"type":"string"}}}`} {
		_, err := m.Generate(context.Background(), agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: "Hi"}},
			Tools: []agent.ToolSpec{{Name: "t", InputSchema: json.RawMessage(schema)}}})
		require.NoError(t, err)
	}
	assert.Contains(t, string(f.Bodies()[0]), `"input_schema":{"type":"object"}`)
	assert.Contains(t, string(f.Bodies()[1]), `"input_schema":{"type":"object","properties":{"a":{"type":"string"}}}`)
}

// breakpointsOf lists where a request's cache_control breakpoints are, as
// "tools[i]", "system[i]" and "messages[i][j]".
func breakpointsOf(t *testing.T, body []byte) []string {
	t.Helper()
	var r struct {
		Tools    []map[string]any `json:"tools"`
		System   []map[string]any `json:"system"`
		Messages []struct {
			Content []map[string]any `json:"content"`
		} `json:"messages"`
	}
	require.NoError(t, json.Unmarshal(body, &r))
	var at []string
	mark := func(where string, block map[string]any) {
		if cc, ok := block["cache_control"]; ok {
			assert.Equal(t, map[string]any{"type": "ephemeral"}, cc)
			at = append(at, where)
		}
	}
	for i, tool := range r.Tools {
		mark("tools["+strconv.Itoa(i)+"] "+tool["name"].(string), tool)
	}
	for i, b := range r.System {
		mark("system["+strconv.Itoa(i)+"]", b)
	}
	for i, m := range r.Messages {
		for j, b := range m.Content {
			mark("messages["+strconv.Itoa(i)+"]["+strconv.Itoa(j)+"] "+b["type"].(string), b)
		}
	}
	return at
}

// By default a request caches its tool block up to the last tool sent up
// front (not the one loaded, not the deferred one), the system prompt and
// the conversation up to its last block; WithPromptCache(false) sends no
// breakpoint.
func TestPromptCacheBreakpoints(t *testing.T) {
	for _, stream := range []bool{false, true} {
		answer := message("end_turn", textBlock("ok"))
		if stream {
			answer = messagesAPI{}.Stream(providertest.Answer{Text: []string{"ok"}})
		}
		f, m := adapter.Serve(t, []reply{answer})
		off, offModel := adapter.Serve(t, []reply{message("end_turn", textBlock("ok"))}, anthropic.WithPromptCache(false))
		req := cacheRequest()
		if stream {
			_, err := agent.Collect(m.Stream(context.Background(), req))
			require.NoError(t, err)
		} else {
			_, err := m.Generate(context.Background(), req)
			require.NoError(t, err)
		}
		assert.Equal(t, []string{"tools[1] list_orders", "system[0]", "messages[2][0] tool_result"}, breakpointsOf(t, f.Bodies()[0]))
		_, err := offModel.Generate(context.Background(), req)
		require.NoError(t, err)
		assert.NotContains(t, string(off.Bodies()[0]), "cache_control")
	}
}

// Without tools sent up front (all deferred) nor a system prompt, the
// conversation's breakpoint is the only one; the options set the default
// back.
func TestPromptCacheBreakpointsWithoutPrefix(t *testing.T) {
	f, m := adapter.Serve(t, []reply{message("end_turn", textBlock("ok"))}, anthropic.WithPromptCache(false), anthropic.WithPromptCache(true))
	_, err := m.Generate(context.Background(), agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: "Hi"}},
		Tools: []agent.ToolSpec{{Name: "t", InputSchema: json.RawMessage(`{"type":"object"}`), Deferred: true}}})
	require.NoError(t, err)
	assert.Equal(t, []string{"messages[0][0] text"}, breakpointsOf(t, f.Bodies()[0]))
}

// A run whose provider search loads a tool keeps the tool block's
// breakpoint where it was: on the last tool sent up front.
func TestPromptCacheBreakpointAcrossToolSearch(t *testing.T) {
	var ran []string
	f, m := adapter.Serve(t, []reply{searchAnswer(false), message("end_turn", textBlock("Refunded."))}, anthropic.WithToolSearch())
	a, err := agent.New(m, agent.WithTools(catalog(&ran)), agent.WithToolSearch(agent.ToolSearch{}), agent.WithSystem("You refund."))
	require.NoError(t, err)
	st, err := a.Run(context.Background(), "Refund pay_1", nil)
	require.NoError(t, err)
	require.Equal(t, []toolgen.ToolName{"refund_payment"}, st.LoadedTools)
	require.NoError(t, st.Approve("toolu_01"))
	_, err = a.Resume(context.Background(), st, nil)
	require.NoError(t, err)
	bodies := f.Bodies()
	require.Len(t, bodies, 2)
	for _, b := range bodies {
		at := breakpointsOf(t, b)
		require.Len(t, at, 3)
		assert.Equal(t, []string{"tools[0] get_order", "system[0]"}, at[:2])
	}
}

// Usage counts the cache: cache_read_input_tokens as CachedInputTokens,
// cache_creation_input_tokens as CacheCreationInputTokens, and both in
// InputTokens (which the API's input_tokens leaves them out of), streamed
// or not.
func TestCacheUsage(t *testing.T) {
	whole := message("end_turn", textBlock("ok"))
	whole.Body = strings.Replace(whole.Body, `"cache_creation_input_tokens":0,"cache_read_input_tokens":0`, `"cache_creation_input_tokens":50,"cache_read_input_tokens":800`, 1)
	start := strings.Replace(messageStart, `"cache_creation_input_tokens":0,"cache_read_input_tokens":0`, `"cache_creation_input_tokens":50,"cache_read_input_tokens":800`, 1)
	streamed := sse(start, blockStart(0, `{"type":"text","text":""}`), textDelta(0, "ok"), blockStop(0), messageDelta("end_turn"), messageStop)
	_, m := adapter.Serve(t, []reply{whole, streamed})
	want := agent.Usage{InputTokens: 950, OutputTokens: 20, CachedInputTokens: 800, CacheCreationInputTokens: 50}
	req := agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: "Hi"}}}
	resp, err := m.Generate(context.Background(), req)
	require.NoError(t, err)
	assert.Equal(t, want, resp.Usage)
	resp, err = agent.Collect(m.Stream(context.Background(), req))
	require.NoError(t, err)
	assert.Equal(t, want, resp.Usage)
}
