package agent_test

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
)

// seen is an event as the comparisons see it: without the run id (Run's is
// random), durations (clocks differ) and the error's identity (its text
// stays). The tool events of one turn run concurrently in Run, so each
// stretch of them is put in call order (started before finished).
type seen struct {
	agent.Event
	ErrText string
}

func (o *observed) normalized() []seen {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := make([]seen, len(o.all))
	for i, ev := range o.all {
		s := seen{Event: ev}
		if ev.Err != nil {
			s.ErrText = ev.Err.Error()
		}
		s.RunID, s.Duration, s.Err = "", 0, nil
		out[i] = s
	}
	isTool := func(s seen) bool {
		return s.Kind == agent.EventToolStarted || s.Kind == agent.EventToolFinished || s.Kind == agent.EventFileChanged
	}
	for i := 0; i < len(out); {
		j := i
		for j < len(out) && isTool(out[j]) {
			j++
		}
		slices.SortStableFunc(out[i:j], func(a, b seen) int {
			return cmp.Or(cmp.Compare(a.Call.ID, b.Call.ID), cmp.Compare(toolOrder[a.Kind], toolOrder[b.Kind]))
		})
		i = max(j, i+1)
	}
	return out
}

var toolOrder = map[agent.EventKind]int{agent.EventToolStarted: 0, agent.EventFileChanged: 1, agent.EventToolFinished: 2}

func kindsOf(ss []seen) []agent.EventKind {
	out := make([]agent.EventKind, len(ss))
	for i, s := range ss {
		out[i] = s.Kind
	}
	return out
}

// driveSeam drives a run through the seam by hand, as an engine does: an
// action's effect, recorded through JSON, then its Apply function, each
// tool call of a turn one after the other; the events each step recorded
// are taken and delivered (Emit) right after it. approve answers a pause;
// without it the run stops at the first.
func driveSeam(t *testing.T, ag *agent.Agent, s *agent.State, approve func(*agent.State)) []agent.ActionKind {
	t.Helper()
	ctx := context.Background()
	deliver := func() { ag.Emit(ctx, s.TakeEvents()...) }
	var kinds []agent.ActionKind
	for step := 0; ; step++ {
		require.Less(t, step, 100)
		act, err := ag.Next(s)
		require.NoError(t, err)
		deliver()
		kinds = append(kinds, act.Kind)
		switch act.Kind {
		case agent.ActionStop:
			return kinds
		case agent.ActionAwaitApproval:
			if approve == nil {
				return kinds
			}
			approve(s)
		case agent.ActionCompact:
			res, err := ag.Compact(ctx, *roundTrip(t, &act.Request), act.Tokens)
			require.NoError(t, err)
			require.NoError(t, ag.ApplyCompaction(s, *roundTrip(t, &res)))
			deliver()
		case agent.ActionAskModel:
			resp, err := ag.Model().Generate(ctx, *roundTrip(t, &act.Request))
			require.NoError(t, err)
			require.NoError(t, ag.ApplyResponse(s, *roundTrip(t, &resp)))
			deliver()
		case agent.ActionCallTools:
			for _, c := range act.Calls {
				res, err := ag.CallTool(ctx, s.RunID, *roundTrip(t, &c), nil)
				require.NoError(t, err)
				require.NoError(t, ag.ApplyResults(s, []agent.ToolResult{*roundTrip(t, &res)}))
				deliver()
			}
		}
	}
}

// TestSeamEventsMatchRun: a run driven through the seam by hand delivers
// the events Run and Resume emit on the same script (approvals, a denial
// by policy, an unknown tool, a rejection, parallel calls), in the same
// order with the same fields, tool events included (CallTool's own).
func TestSeamEventsMatchRun(t *testing.T) {
	ctx := context.Background()
	var runEvents, seamEvents observed

	var recRun recorder
	agRun := engineAgent(t, &recRun, rt.NewModel(engineScript()...), agent.WithName("eng"), agent.WithObserver(runEvents.observe))
	want, err := agRun.Run(ctx, "go", nil)
	require.NoError(t, err)
	approveAndReject(t, want)
	want, err = agRun.Resume(ctx, want, nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopDone, want.StopReason)

	var rec recorder
	ag := engineAgent(t, &rec, rt.NewModel(engineScript()...), agent.WithName("eng"), agent.WithObserver(seamEvents.observe))
	s := agent.NewState("run-1", "go")
	driveSeam(t, ag, s, func(s *agent.State) { approveAndReject(t, s) })
	require.Equal(t, agent.StopDone, s.StopReason)
	assert.Equal(t, jsonOf(t, want.Messages), jsonOf(t, s.Messages))

	got := seamEvents.normalized()
	assert.Equal(t, runEvents.normalized(), got)
	assert.Equal(t, []agent.EventKind{
		"turn_started", "model_responded",
		"call_requested", "call_allowed", "call_requested", "call_denied", "call_requested", "call_allowed",
		"tool_started", "tool_finished", "tool_started", "tool_finished", "turn_finished",
		"turn_started", "model_responded",
		"call_requested", "call_paused", "call_requested", "call_allowed", "call_requested", "call_paused", "call_requested", "call_denied",
		"run_stopped",
		"call_approved", "call_rejected",
		"tool_started", "tool_finished", "tool_started", "tool_finished", "turn_finished",
		"turn_started", "model_responded", "turn_finished", "run_stopped",
	}, kindsOf(got))
	for _, e := range got {
		assert.Equal(t, "eng", e.Agent, "Emit labels events as Run does")
	}
	assert.Empty(t, s.TakeEvents(), "every event was taken")
}

// TestSeamEventsMatchRunAtMaxTurns: the stop for running out of turns, on
// a turn whose calls are all refused (the turn ends within Next).
func TestSeamEventsMatchRunAtMaxTurns(t *testing.T) {
	script := func() *rt.Model {
		return rt.NewModel(rt.Calls(rt.Call("1", "denied", `{}`)), rt.Calls(rt.Call("2", "free", `{}`), rt.Call("3", "denied", `{}`)))
	}
	var runEvents, seamEvents observed
	var rec recorder
	agRun := engineAgent(t, &rec, script(), agent.WithMaxTurns(2), agent.WithObserver(runEvents.observe))
	want, err := agRun.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopMaxTurns, want.StopReason)

	ag := engineAgent(t, &rec, script(), agent.WithMaxTurns(2), agent.WithObserver(seamEvents.observe))
	s := agent.NewState("run-1", "go")
	kinds := driveSeam(t, ag, s, nil)
	assert.Equal(t, []agent.ActionKind{agent.ActionAskModel, agent.ActionAskModel, agent.ActionCallTools, agent.ActionStop}, kinds)
	assert.Equal(t, agent.StopMaxTurns, s.StopReason)
	assert.Equal(t, jsonOf(t, want.Messages), jsonOf(t, s.Messages))
	got := seamEvents.normalized()
	assert.Equal(t, runEvents.normalized(), got)
	assert.Equal(t, agent.EventRunStopped, got[len(got)-1].Kind)
	assert.Equal(t, agent.StopMaxTurns, got[len(got)-1].Stop)
}

// TestSeamEventsAtAPause: Next records the pause's events once; asked
// again while calls wait, it records none.
func TestSeamEventsAtAPause(t *testing.T) {
	var rec recorder
	ag := engineAgent(t, &rec, rt.NewModel(rt.Calls(rt.Call("1", "gated", `{}`))))
	s := agent.NewState("r", "go")
	kinds := driveSeam(t, ag, s, nil)
	assert.Equal(t, []agent.ActionKind{agent.ActionAskModel, agent.ActionAwaitApproval}, kinds)
	act, err := ag.Next(s)
	require.NoError(t, err)
	assert.Equal(t, agent.ActionAwaitApproval, act.Kind)
	assert.Empty(t, s.TakeEvents())
}

// usageModel reports input tokens for each request (its estimate and a
// margin), as a provider does: the compaction's yardstick then is the
// model's count.
type usageModel struct{ m agent.Model }

func (u usageModel) Generate(ctx context.Context, req agent.Request) (agent.Response, error) {
	resp, err := u.m.Generate(ctx, req)
	resp.Usage.InputTokens = agent.EstimateTokens(req) + 700
	return resp, err
}

// TestSeamCompactionMatchesRun drives the long run through the seam with
// each compaction policy (and both in order), and compares the transcript,
// the requests the model got (the summarizer's too), the compactions, the
// usage and the events with Run's.
func TestSeamCompactionMatchesRun(t *testing.T) {
	for _, c := range []struct {
		name     string
		policies func(sum agent.Model) []agent.Compactor
	}{
		{"elide", func(agent.Model) []agent.Compactor { return []agent.Compactor{agent.ElideToolResults(1, 1024)} }},
		{"summarize", func(sum agent.Model) []agent.Compactor { return []agent.Compactor{agent.Summarize(sum, 2)} }},
		{"elide,summarize", func(sum agent.Model) []agent.Compactor {
			return []agent.Compactor{agent.ElideToolResults(3, 1024), agent.Summarize(sum, 2)}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			build := func(ev *observed) (*agent.Agent, *rt.Model, *rt.Model) {
				model, sum := rt.NewModel(longScript()...), summarizer(longTurns)
				ag, err := agent.New(usageModel{model}, agent.WithTools([]toolgen.Tool{readTool()}), agent.WithSystem("You read parts."),
					agent.WithCompaction(budget, c.policies(sum)...), agent.WithObserver(ev.observe))
				require.NoError(t, err)
				return ag, model, sum
			}
			var runEvents, seamEvents observed
			agRun, modelRun, sumRun := build(&runEvents)
			want, err := agRun.Run(context.Background(), "Read the parts.", nil)
			require.NoError(t, err)
			require.Equal(t, agent.StopDone, want.StopReason)
			require.NotEmpty(t, want.Compactions)

			ag, model, sum := build(&seamEvents)
			s := agent.NewState("run-1", "Read the parts.")
			kinds := driveSeam(t, ag, s, nil)
			assert.Contains(t, kinds, agent.ActionCompact)
			assert.Equal(t, "the last part was part 15", s.Output())
			assert.Equal(t, jsonOf(t, want.Messages), jsonOf(t, s.Messages))
			assert.Equal(t, jsonOf(t, modelRun.Requests()), jsonOf(t, model.Requests()))
			assert.Equal(t, jsonOf(t, sumRun.Requests()), jsonOf(t, sum.Requests()))
			assert.Equal(t, want.Compactions, s.Compactions)
			assert.Equal(t, want.Usage, s.Usage)
			assert.Equal(t, want.Turns, s.Turns)
			assert.Equal(t, runEvents.normalized(), seamEvents.normalized())
		})
	}
}

// TestSeamCompactsOnce: Next asks for a compaction once per request, even
// when the policies could not bring it under the budget (it is sent as it
// is, as Run sends it).
func TestSeamCompactsOnce(t *testing.T) {
	noop := agent.CompactorFunc(func(context.Context, agent.Compaction) (agent.Compacted, error) {
		return agent.Compacted{Policy: "noop"}, nil
	})
	ag, err := agent.New(rt.NewModel(rt.Text("hi")), agent.WithCompaction(1, noop))
	require.NoError(t, err)
	s := agent.NewState("r", "a prompt over one token")
	kinds := driveSeam(t, ag, s, nil)
	assert.Equal(t, []agent.ActionKind{agent.ActionCompact, agent.ActionAskModel, agent.ActionStop}, kinds)
	assert.Empty(t, s.Compactions)
}

func TestSeamCompactionErrors(t *testing.T) {
	ctx := context.Background()
	var rec recorder
	plain := engineAgent(t, &rec, rt.NewModel())
	_, err := plain.Compact(ctx, agent.Request{}, 10)
	assert.ErrorContains(t, err, "does not compact")

	ag, err := agent.New(rt.NewModel(), agent.WithTools([]toolgen.Tool{rec.tool("free", nil)}), agent.WithCompaction(1, agent.ElideToolResults(0, 0)))
	require.NoError(t, err)
	s := agent.NewState("r", "go")
	err = ag.ApplyCompaction(s, agent.CompactionResult{Messages: []agent.Message{{Role: agent.RoleUser, Text: "other"}}})
	assert.ErrorContains(t, err, "does not end with the message being answered")
	require.NoError(t, ag.ApplyResponse(s, agent.Response{Message: agent.Message{Calls: []agent.ToolCall{rt.Call("1", "free", `{}`)}}}))
	act, err := ag.Next(s)
	require.NoError(t, err)
	require.Equal(t, agent.ActionCallTools, act.Kind)
	assert.ErrorContains(t, ag.ApplyCompaction(s, agent.CompactionResult{}), "not waiting for the model")

	failing := agent.CompactorFunc(func(context.Context, agent.Compaction) (agent.Compacted, error) {
		return agent.Compacted{}, fmt.Errorf("no")
	})
	ag, err = agent.New(rt.NewModel(), agent.WithCompaction(1, failing))
	require.NoError(t, err)
	s = agent.NewState("r", "a prompt over one token")
	act, err = ag.Next(s)
	require.NoError(t, err)
	require.Equal(t, agent.ActionCompact, act.Kind)
	_, err = ag.Compact(ctx, act.Request, act.Tokens)
	assert.EqualError(t, err, "agent: compaction: no")
}
