package wirefake_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/bench/wirefake"
)

// A model that calls a deferred tool no search has loaded, through every
// provider's adapter (and Anthropic's and OpenAI's with their own tool
// search, where the tool goes deferred, OpenAI's in its namespace): the
// call is served, the tool runs and is loaded, and the next request sends
// it.
func TestCallOfAnUnloadedDeferredTool(t *testing.T) {
	natives := []wirefake.Provider{wirefake.AnthropicToolSearch, wirefake.OpenAIToolSearch}
	for _, p := range append(slices.Clone(wirefake.Providers), natives...) {
		t.Run(p.Name, func(t *testing.T) {
			var ran []string
			tool := func(name string, deferred bool) toolgen.Tool {
				return toolgen.Tool{Name: toolgen.ToolName(name), Description: "Does " + name + ".", Deferred: deferred, Namespace: "billing",
					InputSchema: []byte(`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`),
					Call: func(_ context.Context, args []byte) (toolgen.Result, error) {
						ran = append(ran, name+" "+string(args))
						return toolgen.TextResult("cancelled"), nil
					}}
			}
			api, err := p.Fake([]agent.Message{
				{Role: agent.RoleAssistant, Calls: []agent.ToolCall{{ID: "call_1", Name: "cancel_subscription", Args: json.RawMessage(`{"id":"sub_1"}`)}}},
				{Role: agent.RoleAssistant, Text: "Cancelled."},
			})
			require.NoError(t, err)
			srv := httptest.NewServer(api)
			defer srv.Close()
			m, err := p.Model(srv.URL)
			require.NoError(t, err)
			a, err := agent.New(m, agent.WithTools([]toolgen.Tool{tool("get_order", false), tool("cancel_subscription", true)}),
				agent.WithToolSearch(agent.ToolSearch{}))
			require.NoError(t, err)

			st, err := a.Run(context.Background(), "Cancel sub_1", nil)
			require.NoError(t, err)
			assert.Equal(t, agent.StopDone, st.StopReason)
			assert.Equal(t, "Cancelled.", st.Output())
			assert.Equal(t, []string{`cancel_subscription {"id":"sub_1"}`}, ran)
			assert.Equal(t, []toolgen.ToolName{"cancel_subscription"}, st.LoadedTools)
			reqs := api.Requests()
			require.Len(t, reqs, 2)
			native := slices.ContainsFunc(natives, func(n wirefake.Provider) bool { return n.Name == p.Name })
			if !native {
				assert.NotContains(t, toolsOf(t, reqs[0]), `"cancel_subscription"`, "not sent before the call")
			}
			assert.Contains(t, toolsOf(t, reqs[1]), `"cancel_subscription"`, "sent after it")
			if p.Name == wirefake.OpenAIToolSearch.Name {
				assert.Contains(t, toolsOf(t, reqs[0]), `"type":"namespace"`, "deferred in its namespace")
				input, err := json.Marshal(reqs[1]["input"])
				require.NoError(t, err)
				assert.Contains(t, string(input), `"name":"cancel_subscription","namespace":"billing"`, "the call goes back naming its namespace")
			}
		})
	}
}

// toolsOf is a request's tools as JSON.
func toolsOf(t *testing.T, req map[string]any) string {
	raw, err := json.Marshal(req["tools"])
	require.NoError(t, err)
	return strings.TrimSpace(string(raw))
}
