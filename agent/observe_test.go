package agent_test

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
)

// observed records the events an observer gets, described as describe
// does, and whole.
type observed struct {
	mu  sync.Mutex
	all []agent.Event
}

func (o *observed) observe(e agent.Event) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.all = append(o.all, e)
}

func (o *observed) lines() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	var lines []string
	for _, e := range o.all {
		lines = append(lines, describe(e))
	}
	return lines
}

func (o *observed) events() []agent.Event {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]agent.Event(nil), o.all...)
}

func TestResumeReportsApprovalsAndRejections(t *testing.T) {
	var rec recorder
	var obs observed
	model := rt.NewModel(rt.Calls(rt.Call("1", "w", `{}`), rt.Call("2", "w", `{"x":1}`), rt.Call("3", "r", `{}`)), rt.Text("ok"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("w", requiresApproval), rec.tool("r", nil)}),
		agent.WithObserver(obs.observe))
	require.NoError(t, err)
	ctx := context.Background()
	s, err := ag.Run(ctx, "go", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopPaused, s.StopReason)
	require.NoError(t, s.Approve("1"))
	require.NoError(t, s.Reject("not that one", "2"))
	obs.all = nil
	_, err = ag.Resume(ctx, s, nil)
	require.NoError(t, err)
	lines := obs.lines()
	assert.Equal(t, []string{
		"1 call_approved 1 w", `1 call_rejected 2 w "Denied by the user: not that one"`,
	}, lines[:2], "the answers come first, in call order")
	assert.Contains(t, lines, `1 tool_finished 1 w "w done"`)
	assert.Contains(t, lines, `1 tool_finished 3 r "r done"`)
	assert.NotContains(t, lines, "1 tool_started 2 w", "a rejected call does not run")
	assert.Equal(t, "2 run_stopped done", lines[len(lines)-1])
	assert.Equal(t, "approved by the user", obs.events()[0].Reason)
	assert.ElementsMatch(t, []string{`w {}`, `r {}`}, rec.ran())
}

func TestModelErrorIsTheLastEvent(t *testing.T) {
	var obs observed
	var buf strings.Builder
	logger := slog.New(slog.NewTextHandler(&buf, nil))
	boom := errors.New("the API is down")
	model := rt.NewModel(rt.Fail(boom))
	ag, err := agent.New(model, agent.WithObserver(obs.observe), agent.WithLogger(logger), agent.WithName("writer"))
	require.NoError(t, err)
	s, err := ag.Run(context.Background(), "go", nil)
	require.ErrorIs(t, err, boom)
	assert.Equal(t, []string{"1 turn_started", "0 run_failed the API is down"}, obs.lines())
	last := obs.events()[1]
	assert.Equal(t, agent.EventRunFailed, last.Kind)
	assert.ErrorIs(t, last.Err, boom)
	assert.Equal(t, s.RunID, last.RunID)
	assert.Contains(t, buf.String(), `level=ERROR msg="agent run_failed" run=`+s.RunID+` turn=0 agent=writer error="the API is down"`)
}

func TestModelErrorIsTheLastStreamedEvent(t *testing.T) {
	boom := errors.New("the API is down")
	ag, err := agent.New(rt.NewModel(rt.Fail(boom)))
	require.NoError(t, err)
	var ev events
	_, err = ag.RunStream(context.Background(), "go", nil, ev.consume)
	require.ErrorIs(t, err, boom)
	assert.Equal(t, []string{"1 turn_started", "0 run_failed the API is down"}, ev.seen())
}

func TestToolFinishedCarriesTheError(t *testing.T) {
	var obs observed
	failing := toolgen.Tool{Name: "f", InputSchema: []byte(`{"type":"object"}`),
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.ErrorResult("no such file"), nil }}
	var rec recorder
	model := rt.NewModel(rt.Calls(rt.Call("1", "f", `{}`), rt.Call("2", "a", `{}`)), rt.Text("ok"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{failing, rec.tool("a", nil)}), agent.WithObserver(obs.observe), agent.WithParallelism(1))
	require.NoError(t, err)
	_, err = ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	finished := map[string]agent.Event{}
	for _, e := range obs.events() {
		if e.Kind == agent.EventToolFinished {
			finished[e.Call.ID] = e
		}
	}
	require.Len(t, finished, 2)
	assert.True(t, finished["1"].IsError)
	require.Error(t, finished["1"].Err)
	assert.Equal(t, "no such file", finished["1"].Err.Error())
	assert.False(t, finished["2"].IsError)
	assert.NoError(t, finished["2"].Err)
}

func TestEventsNameTheAgent(t *testing.T) {
	var obs observed
	var buf strings.Builder
	logger := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	ag, err := agent.New(rt.NewModel(rt.StreamText("hi")), agent.WithName("greeter"), agent.WithObserver(obs.observe), agent.WithLogger(logger))
	require.NoError(t, err)
	var ev events
	_, err = ag.RunStream(context.Background(), "go", nil, ev.consume)
	require.NoError(t, err)
	require.NotEmpty(t, obs.events())
	for _, e := range append(obs.events(), ev.all...) {
		assert.Equal(t, "greeter", e.Agent, e.Kind)
		assert.Empty(t, e.ParentRunID, "a run of its own has no parent")
	}
	assert.Equal(t, strings.Count(buf.String(), "\n"), strings.Count(buf.String(), " agent=greeter"), "every log line names the agent")
	assert.NotContains(t, buf.String(), "parent_run=")

	unnamed, err := agent.New(rt.NewModel(rt.Text("hi")), agent.WithObserver(obs.observe))
	require.NoError(t, err)
	obs.all = nil
	_, err = unnamed.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	for _, e := range obs.events() {
		assert.Empty(t, e.Agent)
	}
}

// TestSubAgentsNestAndPay: a sub-agent's events name it and the run that
// called it, and what it used counts in the caller's usage, through every
// level.
func TestSubAgentsNestAndPay(t *testing.T) {
	var obs observed
	// mid and leaf answer twice: once for each of top's calls, which run
	// one after the other.
	leaf, err := agent.New(rt.NewModel(rt.Text("leaf answer"), rt.Text("leaf answer")), agent.WithName("leaf"), agent.WithObserver(obs.observe))
	require.NoError(t, err)
	askLeaf := rt.Calls(rt.Call("m1", "ask_leaf", `{"prompt":"deeper"}`))
	midModel := rt.NewModel(askLeaf, rt.Text("mid answer"), askLeaf, rt.Text("mid answer"))
	mid, err := agent.New(midModel, agent.WithName("mid"), agent.WithObserver(obs.observe),
		agent.WithTools([]toolgen.Tool{leaf.AsTool("ask_leaf", "asks the leaf")}))
	require.NoError(t, err)
	topModel := rt.NewModel(rt.Calls(rt.Call("t1", "ask_mid", `{"prompt":"a"}`), rt.Call("t2", "ask_mid", `{"prompt":"b"}`)), rt.Text("done"))
	top, err := agent.New(topModel, agent.WithName("top"), agent.WithObserver(obs.observe),
		agent.WithTools([]toolgen.Tool{mid.AsTool("ask_mid", "asks mid")}), agent.WithParallelism(1))
	require.NoError(t, err)

	s, err := top.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	require.Equal(t, "done", s.Output())

	// Each scripted response costs 10 in, 5 out: top made 2, each mid run
	// 2, each leaf run 1.
	assert.Equal(t, agent.Usage{InputTokens: 10 * (2 + 2*2 + 2*1), OutputTokens: 5 * (2 + 2*2 + 2*1)}, s.Usage)

	runs := map[string]string{}    // run id: agent
	parents := map[string]string{} // run id: parent run id
	calls := map[string]string{}   // run id: parent call id
	for _, e := range obs.events() {
		if prev, ok := runs[e.RunID]; ok {
			assert.Equal(t, prev, e.Agent, "one run, one agent")
			assert.Equal(t, parents[e.RunID], e.ParentRunID, "one run, one parent")
			assert.Equal(t, calls[e.RunID], e.ParentCallID, "one run, one parent call")
		}
		runs[e.RunID], parents[e.RunID], calls[e.RunID] = e.Agent, e.ParentRunID, e.ParentCallID
	}
	var midCalls []string
	for id, name := range runs {
		switch name {
		case "mid":
			midCalls = append(midCalls, calls[id])
		case "leaf":
			assert.Equal(t, "m1", calls[id], "the leaf's parent call is mid's call of ask_leaf")
		}
	}
	assert.ElementsMatch(t, []string{"t1", "t2"}, midCalls, "each mid run names the call of top's that started it")
	require.Len(t, runs, 5, "top, two mid runs, two leaf runs")
	for id, name := range runs {
		switch name {
		case "top":
			assert.Equal(t, s.RunID, id)
			assert.Empty(t, parents[id])
		case "mid":
			assert.Equal(t, s.RunID, parents[id])
		case "leaf":
			assert.Equal(t, "mid", runs[parents[id]])
		default:
			t.Errorf("run %s of agent %q", id, name)
		}
	}
}

func TestSubAgentUsageCountsWhenItFails(t *testing.T) {
	send := toolgen.Tool{Name: "send", InputSchema: []byte(`{"type":"object"}`), RequiresApproval: true,
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("sent"), nil }}
	sub, err := agent.New(rt.NewModel(rt.Calls(rt.Call("s1", "send", `{}`))), agent.WithTools([]toolgen.Tool{send}), agent.WithName("mailer"))
	require.NoError(t, err)
	model := rt.NewModel(rt.Calls(rt.Call("1", "helper", `{"prompt":"mail bob"}`)), rt.Text("could not"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{sub.AsTool("helper", "asks a helper")}))
	require.NoError(t, err)
	s, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	assert.Equal(t, agent.Usage{InputTokens: 30, OutputTokens: 15}, s.Usage, "two responses of its own, one of the paused sub-agent")
	assert.Equal(t, `agent helper (mailer) stopped: it needs a person's approval to run send {}, which cannot be given from here`,
		lastResults(t, model)[0].Result.Text())
}

func TestSubAgentMessagesNameTheAgent(t *testing.T) {
	failing, err := agent.New(rt.NewModel(rt.Fail(errors.New("the API is down"))), agent.WithName("researcher"))
	require.NoError(t, err)
	res := callSub(t, failing.AsTool("helper", "asks a helper"), `{"prompt":"go"}`)
	assert.True(t, res.IsError)
	assert.Contains(t, res.Text(), "agent helper (researcher) failed: the API is down")

	same, err := agent.New(rt.NewModel(rt.Fail(errors.New("the API is down"))), agent.WithName("helper"))
	require.NoError(t, err)
	res = callSub(t, same.AsTool("helper", "asks a helper"), `{"prompt":"go"}`)
	assert.Contains(t, res.Text(), "agent helper failed: the API is down", "a name the tool has already is not said twice")
}
