package anthropic_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/permission"
	"github.com/toolgen-dev/toolgen/provider/anthropic"
)

// A web search the API paused on (pause_turn, its server_tool_use without
// a result yet), as the Messages API documents it, and the continuation
// that settles it.
const (
	pausedUse = `{"type":"server_tool_use","id":"srvtoolu_w","name":"web_search","input":{"query":"go release"}}`
	pausedRes = `{"type":"web_search_tool_result","tool_use_id":"srvtoolu_w","content":[{"type":"web_search_result","url":"https://go.dev/doc/devel/release","title":"Release History","encrypted_content":"Eq0B"}]}`
)

// pausedAnswer is an answer the API pauses once: text, a call of the
// program's tool (numbered 0), the search still running; then the
// search's result, more text and a second call (numbered 1).
func pausedAnswer(stream bool) []reply {
	if !stream {
		return []reply{
			message("pause_turn", textBlock("Searching."), toolUse("toolu_1", "get_order", `{"id":"a"}`), pausedUse),
			message("tool_use", pausedRes, textBlock(" Found it."), toolUse("toolu_2", "get_order", `{"id":"b"}`)),
		}
	}
	return []reply{
		sse(messageStart,
			blockStart(0, `{"type":"text","text":""}`), textDelta(0, "Searching."), blockStop(0),
			toolStart(1, "toolu_1", "get_order"), jsonDelta(1, `{"id":"a"}`), blockStop(1),
			blockStart(2, `{"type":"server_tool_use","id":"srvtoolu_w","name":"web_search","input":{}}`),
			jsonDelta(2, `{"query":"go release"}`), blockStop(2),
			messageDelta("pause_turn"), messageStop),
		sse(messageStart,
			blockStart(0, pausedRes), blockStop(0),
			blockStart(1, `{"type":"text","text":""}`), textDelta(1, " Found it."), blockStop(1),
			toolStart(2, "toolu_2", "get_order"), jsonDelta(2, `{"id":"b"}`), blockStop(2),
			messageDelta("tool_use"), messageStop),
	}
}

// An answer the API paused is sent back as it came, in an assistant
// message at the end of the history, and continued; the pieces make one
// message (a call of the program's tools numbered on from the first
// piece's, the search settled by the second), whole or streamed; a stream
// has one usage part per request and one finish.
func TestPauseTurnIsContinued(t *testing.T) {
	for _, stream := range []bool{false, true} {
		t.Run(map[bool]string{false: "generate", true: "stream"}[stream], func(t *testing.T) {
			f, m := adapter.Serve(t, pausedAnswer(stream), anthropic.WithWebSearch(anthropic.WebSearch{}))
			req := agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: "When was Go 1.26 released?"}}}
			var resp agent.Response
			var err error
			if stream {
				var parts []agent.Part
				for p, perr := range m.Stream(context.Background(), req) {
					require.NoError(t, perr)
					parts = append(parts, p)
				}
				var finishes, usages []agent.Part
				for _, p := range parts {
					switch p.Kind {
					case agent.PartFinish:
						finishes = append(finishes, p)
					case agent.PartUsage:
						usages = append(usages, p)
					}
				}
				require.Len(t, finishes, 1)
				assert.Equal(t, "tool_use", finishes[0].Finish)
				assert.Len(t, usages, 2)
				resp, err = agent.Collect(func(yield func(agent.Part, error) bool) {
					for _, p := range parts {
						if !yield(p, nil) {
							return
						}
					}
				})
			} else {
				resp, err = m.Generate(context.Background(), req)
			}
			require.NoError(t, err)
			msg := resp.Message
			assert.Equal(t, "Searching. Found it.", msg.Text)
			require.Len(t, msg.Calls, 2)
			assert.Equal(t, []string{"toolu_1", "toolu_2"}, []string{msg.Calls[0].ID, msg.Calls[1].ID})
			require.Len(t, msg.ProviderCalls, 1)
			assert.JSONEq(t, `{"query":"go release"}`, string(msg.ProviderCalls[0].Args))
			assert.JSONEq(t, pausedRes, string(msg.ProviderCalls[0].Result))
			assert.Equal(t, agent.Usage{InputTokens: 200, OutputTokens: 40}, resp.Usage)

			require.Len(t, f.Requests(), 2)
			sent := f.Requests()[1]["messages"].([]any)
			require.Len(t, sent, 2)
			last := sent[1].(map[string]any)
			assert.Equal(t, "assistant", last["role"])
			content := last["content"].([]any)
			assert.Equal(t, []string{"text", "tool_use", "server_tool_use"}, blockTypes(content))
			assert.Equal(t, decode(t, pausedUse), content[2])
		})
	}
}

// An answer paused again and again ends after MaxPauses continuations,
// with what it has, not in a loop.
func TestPauseTurnIsBounded(t *testing.T) {
	script := make([]reply, anthropic.MaxPauses+1)
	for i := range script {
		script[i] = message("pause_turn", textBlock("."))
	}
	f, m := adapter.Serve(t, script)
	resp, err := m.Generate(context.Background(), agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: "Hi"}}})
	require.NoError(t, err)
	assert.Len(t, f.Requests(), anthropic.MaxPauses+1)
	assert.Len(t, resp.Message.Text, anthropic.MaxPauses+1)
}

// The web search and code execution tools go with each request, as
// documented (web_search_20250305 with its settings,
// code_execution_20250825), after the program's tools; bad settings are
// New's errors.
func TestProviderToolsAreSent(t *testing.T) {
	f, m := adapter.Serve(t, []reply{message("end_turn", textBlock("ok"))},
		anthropic.WithWebSearch(anthropic.WebSearch{MaxUses: 3, AllowedDomains: []string{"go.dev"}}), anthropic.WithCodeExecution())
	assert.Equal(t, []string{"code_execution", "web_search"}, m.ProviderTools())
	_, err := m.Generate(context.Background(), agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: "Hi"}}})
	require.NoError(t, err)
	tools := f.Requests()[0]["tools"].([]any)
	require.Len(t, tools, 2)
	assert.Equal(t, decode(t, `{"type":"code_execution_20250825","name":"code_execution"}`), tools[0])
	assert.Equal(t, decode(t, `{"type":"web_search_20250305","name":"web_search","max_uses":3,"allowed_domains":["go.dev"]}`), tools[1])

	for _, bad := range []anthropic.WebSearch{
		{MaxUses: -1},
		{AllowedDomains: []string{"a.com"}, BlockedDomains: []string{"b.com"}},
		{BlockedDomains: []string{""}},
	} {
		_, err := anthropic.New(anthropic.WithAPIKey("k"), anthropic.WithWebSearch(bad))
		assert.ErrorContains(t, err, "anthropic.WithWebSearch", "%+v", bad)
	}
}

// An agent leaves out the provider tools its rules deny or ask about, by
// name or pattern, with arguments or without (the loop never sees their
// calls, so no rule could be applied to one); rules may name them without
// agent.New calling them unregistered; a summary for compaction goes
// without any.
func TestRulesWithholdProviderTools(t *testing.T) {
	var ran []string
	for _, tc := range []struct {
		name  string
		perms permission.Permissions
		sent  []string
	}{
		{"no rules", permission.Permissions{}, []string{"get_order", "code_execution", "web_search"}},
		{"deny by name", permission.Permissions{Deny: []toolgen.Rule{{Tool: "web_search"}}}, []string{"get_order", "code_execution"}},
		{"ask by pattern", permission.Permissions{Ask: []toolgen.Rule{{Tool: "code_*"}}}, []string{"get_order", "web_search"}},
		{"deny with arguments", permission.Permissions{Deny: []toolgen.Rule{{Tool: "web_search", Args: map[string]string{"query": "*secret*"}}}}, []string{"get_order", "code_execution"}},
		{"deny every tool", permission.Permissions{Deny: []toolgen.Rule{{Tool: "*"}}}, []string{"get_order"}},
		{"allow", permission.Permissions{Allow: []toolgen.Rule{{Tool: "web_search"}}}, []string{"get_order", "code_execution", "web_search"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, m := adapter.Serve(t, []reply{message("end_turn", textBlock("ok"))},
				anthropic.WithWebSearch(anthropic.WebSearch{}), anthropic.WithCodeExecution())
			a, err := agent.New(m, agent.WithTools(catalog(&ran)[:1]), agent.WithPermissions(tc.perms))
			require.NoError(t, err)
			_, err = a.Run(context.Background(), "Hi", nil)
			require.NoError(t, err)
			var names []string
			for _, tool := range f.Requests()[0]["tools"].([]any) {
				names = append(names, tool.(map[string]any)["name"].(string))
			}
			assert.Equal(t, tc.sent, names)
		})
	}

	// Without a model that enables it, a rule on web_search names an
	// unregistered tool, as before.
	_, m := adapter.Serve(t, nil)
	_, err := agent.New(m, agent.WithTools(catalog(&ran)[:1]), agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "web_search"}}}))
	assert.ErrorContains(t, err, "not registered")
}

// A transcript with a paused answer's search goes through JSON and back
// to the API whole.
func TestProviderCallsSurviveJSON(t *testing.T) {
	f, m := adapter.Serve(t, append(pausedAnswer(false), message("end_turn", textBlock("done"))), anthropic.WithWebSearch(anthropic.WebSearch{}))
	resp, err := m.Generate(context.Background(), agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: "Hi"}}})
	require.NoError(t, err)
	raw, err := json.Marshal(resp.Message)
	require.NoError(t, err)
	var back agent.Message
	require.NoError(t, json.Unmarshal(raw, &back))
	results := []agent.ToolResult{
		{CallID: "toolu_1", Name: "get_order", Result: toolgen.TextResult("a")},
		{CallID: "toolu_2", Name: "get_order", Result: toolgen.TextResult("b")},
	}
	_, err = m.Generate(context.Background(), agent.Request{Messages: []agent.Message{
		{Role: agent.RoleUser, Text: "Hi"}, back, {Role: agent.RoleTool, Results: results},
	}})
	require.NoError(t, err)
	content := f.Requests()[2]["messages"].([]any)[1].(map[string]any)["content"].([]any)
	assert.Equal(t, []string{"server_tool_use", "web_search_tool_result", "text", "tool_use", "tool_use"}, blockTypes(content))
	assert.Equal(t, decode(t, pausedRes), content[1])
}

// A provider tool and a tool of the agent of the same name (the search
// package's web_search) are New's error: neither the API nor a rule could
// tell them apart.
func TestProviderToolNameClash(t *testing.T) {
	_, m := adapter.Serve(t, nil, anthropic.WithWebSearch(anthropic.WebSearch{}))
	web := toolgen.Tool{Name: "web_search", InputSchema: []byte(`{"type":"object"}`),
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult(""), nil }}
	_, err := agent.New(m, agent.WithTools([]toolgen.Tool{web}))
	assert.ErrorContains(t, err, "runs a tool named web_search itself")
}
