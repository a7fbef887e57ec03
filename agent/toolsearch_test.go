package agent_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/permission"
)

// catalogTools is a small catalog: one tool always sent, three deferred.
func catalogTools(calls *[]string) []toolgen.Tool {
	tool := func(name, desc string, deferred, approval bool) toolgen.Tool {
		return toolgen.Tool{
			Name: toolgen.ToolName(name), Description: desc, Namespace: "shop", Deferred: deferred,
			RequiresApproval: approval,
			InputSchema:      []byte(`{"type":"object","properties":{"id":{"type":"string"}}}`),
			Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
				*calls = append(*calls, name+" "+string(args))
				return toolgen.TextResult(name + " done"), nil
			},
		}
	}
	return []toolgen.Tool{
		tool("get_order", "Get an order by its id.", false, false),
		tool("refund_payment", "Refund a payment to the card it was charged on.", true, true),
		tool("cancel_subscription", "Cancel a customer's subscription at the end of its period.", true, false),
		tool("delete_customer", "Delete a customer and their data.", true, false),
	}
}

func names(specs []agent.ToolSpec) []toolgen.ToolName {
	var out []toolgen.ToolName
	for _, s := range specs {
		out = append(out, s.Name)
	}
	return out
}

// A scripted model searches, finds a deferred tool, and calls it on the
// next turn; the call asks for approval, so the run pauses, its State goes
// through JSON, and another agent resumes it: the found tool is still sent,
// and runs once approved.
func TestToolSearchFindsADeferredToolAcrossAPause(t *testing.T) {
	var calls []string
	model := agenttest.NewModel(
		agenttest.Calls(agenttest.Call("s1", agent.ToolSearchTools, `{"query":"refund a payment"}`)),
		agenttest.Calls(agenttest.Call("r1", "refund_payment", `{"id":"pay_1"}`)),
		agenttest.Text("Refunded."),
	)
	var events []agent.Event
	newAgent := func() *agent.Agent {
		a, err := agent.New(model, agent.WithTools(catalogTools(&calls)), agent.WithToolSearch(agent.ToolSearch{Limit: 2}),
			agent.WithObserver(func(e agent.Event) { events = append(events, e) }))
		require.NoError(t, err)
		return a
	}
	st, err := newAgent().Run(context.Background(), "Refund pay_1", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopPaused, st.StopReason)
	assert.Equal(t, []toolgen.ToolName{"refund_payment"}, st.LoadedTools)

	reqs := model.Requests()
	require.Len(t, reqs, 2)
	assert.Equal(t, []toolgen.ToolName{"get_order", agent.ToolSearchTools}, names(reqs[0].Tools), "deferred tools are not sent up front")
	assert.Equal(t, []toolgen.ToolName{"get_order", agent.ToolSearchTools, "refund_payment"}, names(reqs[1].Tools), "a found tool is sent from the next request on, after the others")

	found := reqs[1].Messages[len(reqs[1].Messages)-1].Results[0]
	var result agent.FoundTools
	require.NoError(t, json.Unmarshal(found.Result.Structured, &result), "%s", found.Result.Text())
	require.NotEmpty(t, result.Tools)
	assert.Equal(t, toolgen.ToolName("refund_payment"), result.Tools[0].Name)
	assert.Equal(t, "shop", result.Tools[0].Namespace)
	assert.LessOrEqual(t, len(result.Tools), 2, "the limit holds")

	i := slices.IndexFunc(events, func(e agent.Event) bool { return e.Kind == agent.EventToolsLoaded })
	require.GreaterOrEqual(t, i, 0, "an event says which tools were loaded")
	assert.Equal(t, []toolgen.ToolName{"refund_payment"}, events[i].Tools)

	saved, err := json.Marshal(st)
	require.NoError(t, err)
	var back agent.State
	require.NoError(t, json.Unmarshal(saved, &back))
	assert.Equal(t, st.LoadedTools, back.LoadedTools)
	require.NoError(t, back.Approve("r1"))
	st, err = newAgent().Resume(context.Background(), &back, nil)
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, st.StopReason)
	assert.Equal(t, []string{`refund_payment {"id":"pay_1"}`}, calls)
	reqs = model.Requests()
	require.Len(t, reqs, 3)
	assert.Contains(t, names(reqs[2].Tools), toolgen.ToolName("refund_payment"), "a resumed run keeps the tools it found")
}

// A search finds only tools the agent offers and that no deny rule
// refuses by name; a found tool's calls are still decided by the rules.
func TestToolSearchRespectsFiltersAndRules(t *testing.T) {
	var calls []string
	model := agenttest.NewModel(
		agenttest.Calls(agenttest.Call("s1", agent.ToolSearchTools, `{"query":"delete customer cancel subscription refund"}`)),
		agenttest.Text("done"),
	)
	a, err := agent.New(model, agent.WithTools(catalogTools(&calls)), agent.WithToolSearch(agent.ToolSearch{}),
		agent.WithInactiveTools("cancel_subscription"),
		agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "delete_*"}}}))
	require.NoError(t, err)
	st, err := a.Run(context.Background(), "clean up", nil)
	require.NoError(t, err)
	result := model.Requests()[1].Messages[2].Results[0].Result
	var found agent.FoundTools
	require.NoError(t, json.Unmarshal(result.Structured, &found))
	var got []toolgen.ToolName
	for _, f := range found.Tools {
		got = append(got, f.Name)
	}
	assert.Equal(t, []toolgen.ToolName{"refund_payment"}, got, "neither the inactive tool nor the denied one is found")
	assert.Equal(t, []toolgen.ToolName{"refund_payment"}, st.LoadedTools)
}

// A model that calls a deferred tool it was never sent has it decided as
// any call, and loaded; an unknown tool's message points at search.
func TestToolSearchCallOfAnUnsentDeferredTool(t *testing.T) {
	var calls []string
	model := agenttest.NewModel(
		agenttest.Calls(agenttest.Call("c1", "cancel_subscription", `{"id":"sub_1"}`), agenttest.Call("c2", "no_such_tool", `{}`)),
		agenttest.Text("done"),
	)
	a, err := agent.New(model, agent.WithTools(catalogTools(&calls)), agent.WithToolSearch(agent.ToolSearch{}))
	require.NoError(t, err)
	st, err := a.Run(context.Background(), "cancel", nil)
	require.NoError(t, err)
	assert.Equal(t, []string{`cancel_subscription {"id":"sub_1"}`}, calls)
	assert.Equal(t, []toolgen.ToolName{"cancel_subscription"}, st.LoadedTools)
	results := model.Requests()[1].Messages[2].Results
	assert.Contains(t, results[1].Result.Text(), "find tools with search_tools")
}

// Without tool search, deferred tools are sent like any other, and no
// search_tools is offered.
func TestDeferredToolsWithoutToolSearch(t *testing.T) {
	var calls []string
	model := agenttest.NewModel(agenttest.Text("hi"))
	a, err := agent.New(model, agent.WithTools(catalogTools(&calls)))
	require.NoError(t, err)
	_, err = a.Run(context.Background(), "hi", nil)
	require.NoError(t, err)
	assert.Equal(t, []toolgen.ToolName{"get_order", "refund_payment", "cancel_subscription", "delete_customer"}, names(model.Requests()[0].Tools))
}

func TestToolSearchOptionErrors(t *testing.T) {
	model := agenttest.NewModel()
	_, err := agent.New(model, agent.WithToolSearch(agent.ToolSearch{Limit: 21}))
	assert.EqualError(t, err, "agent.WithToolSearch(Limit: 21): must be 1 to 20, or 0 for 5")
	clash := toolgen.Tool{Name: "search_tools", Description: "mine", InputSchema: []byte(`{"type":"object"}`),
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.Result{}, nil }}
	_, err = agent.New(model, agent.WithTools([]toolgen.Tool{clash}), agent.WithToolSearch(agent.ToolSearch{}))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "with tool search on, the agent adds a tool named search_tools")
}

// Through the engine seam, as a durable engine drives a run: the search's
// result, applied, loads the tool, records the event, and the next action's
// request sends it.
func TestToolSearchThroughTheEngineSeam(t *testing.T) {
	var calls []string
	a, err := agent.New(agenttest.NewModel(), agent.WithTools(catalogTools(&calls)), agent.WithToolSearch(agent.ToolSearch{}))
	require.NoError(t, err)
	s := agent.NewState("run-1", "refund pay_1")
	act, err := a.Next(s)
	require.NoError(t, err)
	require.Equal(t, agent.ActionAskModel, act.Kind)
	assert.NotContains(t, names(act.Request.Tools), toolgen.ToolName("refund_payment"))
	require.NoError(t, a.ApplyResponse(s, agent.Response{Message: agent.Message{Calls: []agent.ToolCall{
		agenttest.Call("s1", agent.ToolSearchTools, `{"query":"refund payment"}`)}}}))
	act, err = a.Next(s)
	require.NoError(t, err)
	require.Equal(t, agent.ActionCallTools, act.Kind)
	var results []agent.ToolResult
	for _, c := range act.Calls {
		r, err := a.CallTool(context.Background(), s.RunID, c, nil)
		require.NoError(t, err)
		results = append(results, r)
	}
	require.NoError(t, a.ApplyResults(s, results))
	events := s.TakeEvents()
	assert.True(t, slices.ContainsFunc(events, func(e agent.Event) bool {
		return e.Kind == agent.EventToolsLoaded && slices.Equal(e.Tools, []toolgen.ToolName{"refund_payment"})
	}), "%v", events)
	act, err = a.Next(s)
	require.NoError(t, err)
	require.Equal(t, agent.ActionAskModel, act.Kind)
	assert.Contains(t, names(act.Request.Tools), toolgen.ToolName("refund_payment"))
}

// An empty query is bad arguments, told to the model, not an empty list.
func TestToolSearchEmptyQuery(t *testing.T) {
	var calls []string
	model := agenttest.NewModel(
		agenttest.Calls(agenttest.Call("s1", agent.ToolSearchTools, `{"query":""}`)),
		agenttest.Text("ok"),
	)
	a, err := agent.New(model, agent.WithTools(catalogTools(&calls)), agent.WithToolSearch(agent.ToolSearch{}))
	require.NoError(t, err)
	st, err := a.Run(context.Background(), "find", nil)
	require.NoError(t, err)
	res := model.Requests()[1].Messages[2].Results[0].Result
	assert.True(t, res.IsError)
	assert.Contains(t, res.Text(), `/query: "" is 0 characters long, shorter than the minimum 1`)
	assert.Empty(t, st.LoadedTools)
}

// nativeSearcher is a scripted model whose provider searches deferred
// tools itself (agent.NativeToolSearcher).
type nativeSearcher struct{ *agenttest.Model }

func (nativeSearcher) SearchesTools() bool { return true }

// With a model that searches tools itself, the agent sends every tool it
// offers, the deferred ones marked Deferred (but a denied one), and no
// search_tools; a provider search's finds are loaded as search_tools'
// are and kept across a pause, and still sent deferred, where they were:
// the API expands them from the history, and the tools sent stay the same.
func TestNativeToolSearchLoadsWhatTheProviderFound(t *testing.T) {
	var calls []string
	search := agent.ProviderCall{Provider: "test", ID: "srv_1", Name: "tool_search", Args: json.RawMessage(`{"query":"refund"}`),
		Result: json.RawMessage(`{"refs":["refund_payment"]}`), Found: []toolgen.ToolName{"refund_payment", "get_order", "no_such_tool"}}
	model := nativeSearcher{agenttest.NewModel(
		agenttest.Respond(func(agent.Request) agent.Response {
			return agent.Response{Message: agent.Message{ProviderCalls: []agent.ProviderCall{search},
				Calls: []agent.ToolCall{agenttest.Call("r1", "refund_payment", `{"id":"pay_1"}`)}}}
		}),
		agenttest.Text("Refunded."),
	)}
	var events []agent.Event
	newAgent := func() *agent.Agent {
		a, err := agent.New(model, agent.WithTools(catalogTools(&calls)), agent.WithToolSearch(agent.ToolSearch{}),
			agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "delete_*"}}}),
			agent.WithObserver(func(e agent.Event) { events = append(events, e) }))
		require.NoError(t, err)
		return a
	}
	st, err := newAgent().Run(context.Background(), "Refund pay_1", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopPaused, st.StopReason)
	assert.Equal(t, []toolgen.ToolName{"refund_payment"}, st.LoadedTools, "only deferred tools the agent offers load")

	first := model.Requests()[0].Tools
	assert.Equal(t, []toolgen.ToolName{"get_order", "refund_payment", "cancel_subscription"}, names(first), "no search_tools, no denied tool")
	assert.Equal(t, []bool{false, true, true}, deferredFlags(first))

	kinds := eventKinds(events)
	assert.Less(t, slices.Index(kinds, agent.EventProviderCall), slices.Index(kinds, agent.EventToolsLoaded))
	i := slices.IndexFunc(events, func(e agent.Event) bool { return e.Kind == agent.EventProviderCall })
	assert.Equal(t, search, *events[i].ProviderCall)

	saved, err := json.Marshal(st)
	require.NoError(t, err)
	var back agent.State
	require.NoError(t, json.Unmarshal(saved, &back))
	assert.Equal(t, []agent.ProviderCall{search}, back.Messages[1].ProviderCalls, "the provider's calls survive a save")
	require.NoError(t, back.Approve("r1"))
	st, err = newAgent().Resume(context.Background(), &back, nil)
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, st.StopReason)
	assert.Equal(t, []string{`refund_payment {"id":"pay_1"}`}, calls)
	second := model.Requests()[1]
	assert.Equal(t, first, second.Tools, "a found tool is sent as it was, deferred")
	assert.Equal(t, []agent.ProviderCall{search}, second.Messages[1].ProviderCalls, "the history carries the provider's calls")
	assert.Equal(t, []agent.ToolTokens{
		{Tool: "get_order", DefinitionTokens: 2 * estimated(first[0])},
		{Tool: "refund_payment", Calls: 1, DefinitionTokens: estimated(first[1]), ResultTokens: 5}, // "refund_payment done"
	}, st.ToolTokens, "a deferred tool's definition counts from the request after its provider found it")
}

func deferredFlags(specs []agent.ToolSpec) []bool {
	var out []bool
	for _, s := range specs {
		out = append(out, s.Deferred)
	}
	return out
}

func eventKinds(events []agent.Event) []agent.EventKind {
	var out []agent.EventKind
	for _, e := range events {
		out = append(out, e.Kind)
	}
	return out
}

// Loading deferred tools only ever appends to the tools a request sends:
// each request's tools start with the previous request's, whatever the
// pattern of loads, so the provider's cached prefix stays valid.
func TestToolSearchToolsOnlyGrow(t *testing.T) {
	call := agenttest.Call
	search := func(id, query string) agenttest.Reply {
		return agenttest.Calls(call(id, agent.ToolSearchTools, `{"query":"`+query+`"}`))
	}
	patterns := map[string][]agenttest.Reply{
		"one at a time": {
			agenttest.Calls(call("c1", "cancel_subscription", `{}`)), agenttest.Calls(call("c2", "delete_customer", `{}`)),
			search("s1", "refund a payment"),
		},
		"several at once": {
			agenttest.Calls(call("c1", "delete_customer", `{}`), call("c2", "cancel_subscription", `{}`)),
			search("s1", "refund a payment"),
		},
		"loaded twice": {
			agenttest.Calls(call("c1", "cancel_subscription", `{}`)), agenttest.Calls(call("c2", "cancel_subscription", `{}`)),
			search("s1", "cancel a subscription"), agenttest.Calls(call("c3", "delete_customer", `{}`)),
		},
		"resumed in between": {
			agenttest.Calls(call("c1", "delete_customer", `{}`)), search("s1", "refund a payment"),
			agenttest.Calls(call("r1", "refund_payment", `{"id":"pay_1"}`)), // pauses for approval
			agenttest.Calls(call("c2", "cancel_subscription", `{}`)),
		},
	}
	for name, replies := range patterns {
		t.Run(name, func(t *testing.T) {
			var calls []string
			model := agenttest.NewModel(append(replies, agenttest.Text("done"))...)
			newAgent := func() *agent.Agent {
				// One call at a time: catalogTools records calls unguarded.
				a, err := agent.New(model, agent.WithTools(catalogTools(&calls)), agent.WithToolSearch(agent.ToolSearch{Limit: 1}), agent.WithParallelism(1))
				require.NoError(t, err)
				return a
			}
			st, err := newAgent().Run(context.Background(), "go", nil)
			require.NoError(t, err)
			if st.StopReason == agent.StopPaused {
				saved, err := json.Marshal(st)
				require.NoError(t, err)
				var back agent.State
				require.NoError(t, json.Unmarshal(saved, &back))
				require.NoError(t, back.Approve("r1"))
				st, err = newAgent().Resume(context.Background(), &back, nil)
				require.NoError(t, err)
			}
			require.Equal(t, agent.StopDone, st.StopReason)
			reqs := model.Requests()
			require.Len(t, reqs, len(replies)+1)
			for i := 1; i < len(reqs); i++ {
				prev, cur := reqs[i-1].Tools, reqs[i].Tools
				require.GreaterOrEqual(t, len(cur), len(prev), "request %d", i)
				assert.Equal(t, prev, cur[:len(prev)], "request %d starts with request %d's tools", i, i-1)
			}
			assert.Greater(t, len(reqs[len(reqs)-1].Tools), len(reqs[0].Tools)+1, "tools were loaded")
			assert.Equal(t, names(reqs[0].Tools), names(reqs[len(reqs)-1].Tools)[:2], "the tools sent up front come first")
		})
	}
}
