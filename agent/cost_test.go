package agent_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
)

// counted is a tool whose definition toolgen counted at tokens, and whose
// every call returns text.
func counted(name toolgen.ToolName, tokens int, text string) toolgen.Tool {
	return toolgen.Tool{Name: name, Description: "Look something up.", InputSchema: []byte(`{"type":"object"}`),
		Tokens: toolgen.Tokens{Default: tokens, Strict: tokens + 5},
		Call:   func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult(text), nil }}
}

// estimated is EstimateTokens' size of a tool spec as a request sends it.
func estimated(spec agent.ToolSpec) int {
	return (len(spec.Name) + len(spec.Description) + len(spec.InputSchema) + 3) / 4
}

// Over three requests, each tool's definition counts its build-time
// Default tokens per request, and each result its estimate as it entered
// the context: the figures are exact, the same through Run and through
// the engine seam, in the events, and after a JSON round trip.
func TestToolTokensPerToolOverARun(t *testing.T) {
	script := func() *rt.Model {
		return rt.NewModel(
			rt.Calls(rt.Call("a1", "alpha", `{}`), rt.Call("b1", "beta", `{}`)),
			rt.Calls(rt.Call("a2", "alpha", `{}`)),
			rt.Text("done"))
	}
	tools := []toolgen.Tool{counted("alpha", 100, "alpha result"), counted("beta", 37, strings.Repeat("b", 41))}
	want := []agent.ToolTokens{
		{Tool: "alpha", Calls: 2, DefinitionTokens: 3 * 100, ResultTokens: 2 * 3}, // 12 bytes: 3 tokens
		{Tool: "beta", Calls: 1, DefinitionTokens: 3 * 37, ResultTokens: 11},      // 41 bytes: 11 tokens
	}

	finished := map[string]int{}
	observe := agent.WithObserver(func(e agent.Event) {
		if e.Kind == agent.EventToolFinished {
			finished[e.Call.ID] = e.ResultTokens
		}
	})
	a, err := agent.New(script(), agent.WithTools(tools), observe)
	require.NoError(t, err)
	st, err := a.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopDone, st.StopReason)
	assert.Equal(t, want, st.ToolTokens)
	assert.Equal(t, 17, st.ResultTokens, "one yardstick with the result budget")
	assert.Equal(t, map[string]int{"a1": 3, "b1": 11, "a2": 3}, finished)

	saved, err := json.Marshal(st)
	require.NoError(t, err)
	assert.Contains(t, string(saved), `"tool_tokens":[{"tool":"alpha","calls":2,"definition_tokens":300,"result_tokens":6}`)
	var back agent.State
	require.NoError(t, json.Unmarshal(saved, &back))
	assert.Equal(t, want, back.ToolTokens)
	empty, err := json.Marshal(agent.NewState("r", "go"))
	require.NoError(t, err)
	assert.NotContains(t, string(empty), "tool_tokens")

	clear(finished)
	seam, err := agent.New(script(), agent.WithTools(tools), observe)
	require.NoError(t, err)
	s := agent.NewState("run-1", "go")
	driveSeam(t, seam, s, nil)
	assert.Equal(t, agent.StopDone, s.StopReason)
	assert.Equal(t, want, s.ToolTokens, "the engine seam records what Run does")
	assert.Equal(t, map[string]int{"a1": 3, "b1": 11, "a2": 3}, finished)
}

// A deferred tool's definition counts from the first request after a
// search loaded it; the agent's own search_tools has its build-time count.
func TestToolTokensOfADeferredTool(t *testing.T) {
	refund := counted("refund_payment", 70, "refunded")
	refund.Description, refund.Deferred = "Refund a payment to the card it was charged on.", true
	model := rt.NewModel(
		rt.Calls(rt.Call("s1", agent.ToolSearchTools, `{"query":"refund a payment"}`)),
		rt.Calls(rt.Call("r1", "refund_payment", `{}`)),
		rt.Text("Refunded."))
	a, err := agent.New(model, agent.WithTools([]toolgen.Tool{counted("get_order", 50, "order"), refund}),
		agent.WithToolSearch(agent.ToolSearch{}))
	require.NoError(t, err)
	st, err := a.Run(context.Background(), "Refund pay_1", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopDone, st.StopReason)

	require.Len(t, model.Requests(), 3)
	i := slices.IndexFunc(a.Tools(), func(t toolgen.Tool) bool { return t.Name == agent.ToolSearchTools })
	require.GreaterOrEqual(t, i, 0)
	search := a.Tools()[i].Tokens.Default
	require.Positive(t, search)
	found := st.ResultTokens - 2 // refunded: 8 bytes, 2 tokens
	assert.Equal(t, []agent.ToolTokens{
		{Tool: "get_order", DefinitionTokens: 3 * 50},
		{Tool: "refund_payment", Calls: 1, DefinitionTokens: 2 * 70, ResultTokens: 2},
		{Tool: agent.ToolSearchTools, Calls: 1, DefinitionTokens: 3 * search, ResultTokens: found},
	}, st.ToolTokens)
	assert.Positive(t, found)
}

// A sub-agent's tools count in its caller's State under the sub-agent
// tool's name; the sub-agent tool itself, renamed and described anew, is
// estimated rather than counted as the generated askAgent. An engine that
// runs the sub-agent apart adds its figures with AddSubAgentTokens.
func TestToolTokensOfASubAgent(t *testing.T) {
	childScript := func() *rt.Model {
		return rt.NewModel(rt.Calls(rt.Call("f1", "fetch", `{}`)), rt.Text("found"))
	}
	child, err := agent.New(childScript(), agent.WithTools([]toolgen.Tool{counted("fetch", 40, "page")}))
	require.NoError(t, err)
	research := child.AsTool("research", "Research a question.")
	assert.Zero(t, research.Tokens)
	model := rt.NewModel(rt.Calls(rt.Call("q1", "research", `{"prompt":"why"}`)), rt.Text("because"))
	parent, err := agent.New(model, agent.WithTools([]toolgen.Tool{research}))
	require.NoError(t, err)
	st, err := parent.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopDone, st.StopReason)
	def := estimated(model.Requests()[0].Tools[0])
	want := []agent.ToolTokens{
		{Tool: "research", Calls: 1, DefinitionTokens: 2 * def, ResultTokens: 2}, // "found": 2 tokens
		{Tool: "research/fetch", Calls: 1, DefinitionTokens: 2 * 40, ResultTokens: 1},
	}
	assert.Equal(t, want, st.ToolTokens)

	apart, err := agent.New(childScript(), agent.WithTools([]toolgen.Tool{counted("fetch", 40, "page")}))
	require.NoError(t, err)
	sub, err := apart.Run(context.Background(), "why", nil)
	require.NoError(t, err)
	caller := agent.State{ToolTokens: []agent.ToolTokens{want[0]}}
	caller.AddSubAgentTokens("research", sub)
	caller.AddSubAgentTokens("research", nil)
	assert.Equal(t, want, caller.ToolTokens)
}
