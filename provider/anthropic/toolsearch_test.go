package anthropic_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/permission"
	"github.com/toolgen-dev/toolgen/provider/anthropic"
)

// catalog is a small catalog: one tool always sent, three deferred; a
// refund needs approval.
func catalog(ran *[]string) []toolgen.Tool {
	tool := func(name, desc string, deferred bool) toolgen.Tool {
		return toolgen.Tool{
			Name: toolgen.ToolName(name), Description: desc, Deferred: deferred, RequiresApproval: name == "refund_payment",
			InputSchema: []byte(`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`),
			Call: func(_ context.Context, args []byte) (toolgen.Result, error) {
				*ran = append(*ran, name+" "+string(args))
				return toolgen.TextResult(name + " done"), nil
			},
		}
	}
	return []toolgen.Tool{
		tool("get_order", "Get an order by its id.", false),
		tool("refund_payment", "Refund a payment to the card it was charged on.", true),
		tool("cancel_subscription", "Cancel a customer's subscription.", true),
		tool("delete_customer", "Delete a customer and their data.", true),
	}
}

// The blocks of the API's tool search, as the Messages API documents them
// (Tool search tool: server_tool_use, tool_search_tool_result with
// tool_reference blocks).
const (
	searchUse    = `{"type":"server_tool_use","id":"srvtoolu_01","name":"tool_search_tool_bm25","input":{"query":"refund a payment"}}`
	searchResult = `{"type":"tool_search_tool_result","tool_use_id":"srvtoolu_01","content":{"type":"tool_search_tool_search_result","tool_references":[{"type":"tool_reference","tool_name":"refund_payment"}]}}`
)

// searchAnswer is the first answer of a run, whole or streamed: the API
// searched, found refund_payment, and the model calls it.
func searchAnswer(stream bool) reply {
	if !stream {
		return message("tool_use", textBlock("Let me find a tool."), searchUse, searchResult, toolUse("toolu_01", "refund_payment", `{"id":"pay_1"}`))
	}
	return sse(messageStart,
		blockStart(0, `{"type":"text","text":""}`), textDelta(0, "Let me find a tool."), blockStop(0),
		blockStart(1, `{"type":"server_tool_use","id":"srvtoolu_01","name":"tool_search_tool_bm25","input":{}}`),
		jsonDelta(1, `{"query": "refund`), jsonDelta(1, ` a payment"}`), blockStop(1),
		blockStart(2, searchResult), blockStop(2),
		toolStart(3, "toolu_01", "refund_payment"), jsonDelta(3, `{"id":"pay_1"}`), blockStop(3),
		messageDelta("tool_use"), messageStop)
}

// With WithToolSearch and an agent's tool search, deferred tools go with
// defer_loading and the API's BM25 search tool (no search_tools, no tool
// a deny rule refuses); the API's search and its result come back in the
// next request as they came; the tool found is loaded, kept across a
// pause that goes through JSON, and still sent deferred: the API expands
// it from the search's result in the history, and the tools stay the same.
func TestNativeToolSearch(t *testing.T) {
	for _, stream := range []bool{false, true} {
		t.Run(map[bool]string{false: "generate", true: "stream"}[stream], func(t *testing.T) {
			var ran []string
			f, m := adapter.Serve(t, []reply{searchAnswer(stream), message("end_turn", textBlock("Refunded."))}, anthropic.WithToolSearch())
			require.True(t, m.SearchesTools())
			var loaded [][]toolgen.ToolName
			newAgent := func() *agent.Agent {
				a, err := agent.New(m, agent.WithTools(catalog(&ran)), agent.WithToolSearch(agent.ToolSearch{}),
					agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "delete_customer"}}}),
					agent.WithObserver(func(e agent.Event) {
						if e.Kind == agent.EventToolsLoaded {
							loaded = append(loaded, e.Tools)
						}
					}))
				require.NoError(t, err)
				return a
			}
			var parts []agent.Part
			run := newAgent().Run
			if stream {
				run = func(ctx context.Context, prompt string, deps any) (*agent.State, error) {
					return newAgent().RunStream(ctx, prompt, deps, func(e agent.Event) error {
						if e.Kind == agent.EventModelPart {
							parts = append(parts, e.Part)
						}
						return nil
					})
				}
			}
			st, err := run(context.Background(), "Refund pay_1", nil)
			require.NoError(t, err)
			require.Equal(t, agent.StopPaused, st.StopReason)
			assert.Equal(t, []toolgen.ToolName{"refund_payment"}, st.LoadedTools)
			assert.Equal(t, [][]toolgen.ToolName{{"refund_payment"}}, loaded)
			pcs := st.Messages[1].ProviderCalls
			require.Len(t, pcs, 1)
			assert.Equal(t, "anthropic", pcs[0].Provider)
			assert.Equal(t, "tool_search_tool_bm25", pcs[0].Name)
			assert.JSONEq(t, `{"query":"refund a payment"}`, string(pcs[0].Args))
			assert.Equal(t, []toolgen.ToolName{"refund_payment"}, pcs[0].Found)
			assert.False(t, pcs[0].IsError)
			if stream {
				i := slices.IndexFunc(parts, func(p agent.Part) bool { return p.Kind == agent.PartProviderCall })
				require.GreaterOrEqual(t, i, 0, "RunStream gives the API's call as a part")
				assert.Equal(t, pcs[0], parts[i].ProviderCall)
			}

			saved, err := json.Marshal(st)
			require.NoError(t, err)
			var back agent.State
			require.NoError(t, json.Unmarshal(saved, &back))
			require.NoError(t, back.Approve("toolu_01"))
			done, err := newAgent().Resume(context.Background(), &back, nil)
			require.NoError(t, err)
			assert.Equal(t, agent.StopDone, done.StopReason)
			assert.Equal(t, []string{`refund_payment {"id":"pay_1"}`}, ran)

			reqs := f.Requests()
			require.Len(t, reqs, 2)
			assert.Equal(t, []map[string]any{
				{"name": "get_order"},
				{"name": "refund_payment", "defer_loading": true},
				{"name": "cancel_subscription", "defer_loading": true},
				{"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"},
			}, toolHeads(reqs[0]), "deferred tools and the search tool; neither search_tools nor the denied tool")
			assert.Equal(t, toolHeads(reqs[0]), toolHeads(reqs[1]), "the found tool is sent as it was, deferred")

			assistant := reqs[1]["messages"].([]any)[1].(map[string]any)
			require.Equal(t, "assistant", assistant["role"])
			content := assistant["content"].([]any)
			require.Len(t, content, 4)
			assert.Equal(t, decode(t, searchUse), content[0], "the API's search goes back as it came")
			assert.Equal(t, decode(t, searchResult), content[1], "and its result, whole")
			assert.Equal(t, "text", content[2].(map[string]any)["type"])
			assert.Equal(t, "tool_use", content[3].(map[string]any)["type"])
		})
	}
}

// toolHeads are a request's tools, each as its type (when it has one),
// name and defer_loading.
func toolHeads(req map[string]any) []map[string]any {
	var out []map[string]any
	for _, raw := range req["tools"].([]any) {
		tool := raw.(map[string]any)
		head := map[string]any{"name": tool["name"]}
		for _, k := range []string{"type", "defer_loading"} {
			if v, ok := tool[k]; ok {
				head[k] = v
			}
		}
		out = append(out, head)
	}
	return out
}

func decode(t *testing.T, s string) map[string]any {
	t.Helper()
	var v map[string]any
	require.NoError(t, json.Unmarshal([]byte(s), &v))
	return v
}

// Results of every shape: a search that failed is an error and finds
// nothing; a web search's list of results is kept whole; a call another
// provider ran is not sent to this one.
func TestServerToolResults(t *testing.T) {
	failed := `{"type":"tool_search_tool_result","tool_use_id":"srvtoolu_a","content":{"type":"tool_search_tool_result_error","error_code":"unavailable"}}`
	web := `{"type":"web_search_tool_result","tool_use_id":"srvtoolu_b","content":[{"type":"web_search_result","url":"https://example.com","title":"Example","encrypted_content":"EqgfCioIARgBIiQ3"}]}`
	f, m := adapter.Serve(t, []reply{
		message("end_turn",
			`{"type":"server_tool_use","id":"srvtoolu_a","name":"tool_search_tool_bm25","input":{"query":"x"}}`, failed,
			`{"type":"server_tool_use","id":"srvtoolu_b","name":"web_search","input":{"query":"go"}}`, web,
			textBlock("found")),
		message("end_turn", textBlock("ok")),
	})
	resp, err := m.Generate(context.Background(), agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: "Hi"}}})
	require.NoError(t, err)
	pcs := resp.Message.ProviderCalls
	require.Len(t, pcs, 2)
	assert.True(t, pcs[0].IsError)
	assert.Empty(t, pcs[0].Found)
	assert.JSONEq(t, failed, string(pcs[0].Result))
	assert.False(t, pcs[1].IsError)
	assert.JSONEq(t, web, string(pcs[1].Result))

	other := agent.ProviderCall{Provider: "openai", ID: "ws_1", Name: "web_search_call", Result: json.RawMessage(`{}`)}
	msgs := []agent.Message{{Role: agent.RoleUser, Text: "Hi"}, resp.Message, {Role: agent.RoleUser, Text: "Go on"}}
	msgs[1].ProviderCalls = append(slices.Clone(pcs), other)
	_, err = m.Generate(context.Background(), agent.Request{Messages: msgs})
	require.NoError(t, err)
	content := f.Requests()[1]["messages"].([]any)[1].(map[string]any)["content"].([]any)
	assert.Equal(t, []string{"server_tool_use", "tool_search_tool_result", "server_tool_use", "web_search_tool_result", "text"}, blockTypes(content))
	assert.Equal(t, decode(t, web), content[3])
}

func blockTypes(content []any) []string {
	var types []string
	for _, b := range content {
		types = append(types, b.(map[string]any)["type"].(string))
	}
	return types
}
