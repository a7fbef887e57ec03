package agent_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
)

// bound is how long a test waits for what must happen at once: far beyond
// what it needs, so that a hang fails the test instead of blocking it.
const bound = 10 * time.Second

// events records what a streaming run reports, one line an event.
type events struct {
	mu    sync.Mutex
	lines []string
	all   []agent.Event
}

// consume is a RunStream consumer recording every event.
func (ev *events) consume(e agent.Event) error {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	ev.lines = append(ev.lines, describe(e))
	ev.all = append(ev.all, e)
	return nil
}

func (ev *events) seen() []string {
	ev.mu.Lock()
	defer ev.mu.Unlock()
	return slices.Clone(ev.lines)
}

// describe is an event in a line: its turn and kind, and what the kind
// carries that a test checks.
func describe(e agent.Event) string {
	s := fmt.Sprintf("%d %s", e.Turn, e.Kind)
	switch e.Kind {
	case agent.EventModelPart:
		p := e.Part
		s += " " + string(p.Kind)
		switch p.Kind {
		case agent.PartText, agent.PartReasoning:
			s += " " + p.Text
		case agent.PartCallStart, agent.PartCallDone:
			s += fmt.Sprintf(" %d %s %s", p.Index, p.Call.ID, p.Call.Name)
		case agent.PartCallArgs:
			s += fmt.Sprintf(" %d %s", p.Index, p.Text)
		case agent.PartFinish:
			s += " " + p.Finish
		}
	case agent.EventCallRequested, agent.EventCallAllowed, agent.EventCallPaused, agent.EventCallDenied, agent.EventCallApproved, agent.EventToolStarted:
		s += fmt.Sprintf(" %s %s", e.Call.ID, e.Call.Name)
	case agent.EventCallRejected:
		s += fmt.Sprintf(" %s %s %q", e.Call.ID, e.Call.Name, e.Reason)
	case agent.EventToolFinished:
		s += fmt.Sprintf(" %s %s %q", e.Call.ID, e.Call.Name, e.Result.Text())
	case agent.EventRunStopped:
		s += " " + string(e.Stop)
	case agent.EventRunFailed:
		s += " " + e.Err.Error()
	}
	return s
}

// callParts are the lines of call i's parts and the turn's usage and
// finish, as agent.Parts streams a response with calls.
func callParts(turn int, calls ...agent.ToolCall) []string {
	var lines []string
	for i, c := range calls {
		lines = append(lines,
			fmt.Sprintf("%d model_part call_start %d %s %s", turn, i, c.ID, c.Name),
			fmt.Sprintf("%d model_part call_args %d %s", turn, i, c.Args),
			fmt.Sprintf("%d model_part call_done %d %s %s", turn, i, c.ID, c.Name))
	}
	return append(lines, fmt.Sprintf("%d model_part usage", turn), fmt.Sprintf("%d model_part finish tool_calls", turn))
}

func TestRunStreamTextInDeltas(t *testing.T) {
	model := rt.NewModel(rt.StreamText("He", "llo", ", world"))
	ag, err := agent.New(model)
	require.NoError(t, err)
	var ev events
	state, err := ag.RunStream(context.Background(), "hi", nil, ev.consume)
	require.NoError(t, err)
	assert.Equal(t, []string{
		"1 turn_started",
		"1 model_part text He",
		"1 model_part text llo",
		"1 model_part text , world",
		"1 model_part usage",
		"1 model_part finish stop",
		"1 model_responded",
		"1 turn_finished",
		"1 run_stopped done",
	}, ev.seen())
	assert.Equal(t, "Hello, world", state.Output())
	assert.Equal(t, agent.StopDone, state.StopReason)
	assert.Equal(t, agent.Usage{InputTokens: 10, OutputTokens: 5}, ev.all[6].Usage, "model_responded has the usage")
}

// meetingTools are two tools that each wait for the other to start: a run
// finishes them only if it runs them at the same time.
func meetingTools(rec *recorder) []toolgen.Tool {
	started := map[toolgen.ToolName]chan struct{}{"a": make(chan struct{}), "b": make(chan struct{})}
	other := map[toolgen.ToolName]toolgen.ToolName{"a": "b", "b": "a"}
	meet := func(name toolgen.ToolName) func(*toolgen.Tool) {
		return func(tl *toolgen.Tool) {
			call := tl.Call
			tl.Call = func(ctx context.Context, args []byte) (toolgen.Result, error) {
				close(started[name])
				select {
				case <-started[other[name]]:
				case <-ctx.Done():
					return toolgen.Result{}, ctx.Err()
				case <-time.After(bound):
					return toolgen.ErrorResult("the other call never started"), nil
				}
				return call(ctx, args)
			}
		}
	}
	return []toolgen.Tool{rec.tool("a", meet("a")), rec.tool("b", meet("b"))}
}

func TestRunStreamParallelCalls(t *testing.T) {
	var rec recorder
	calls := []agent.ToolCall{rt.Call("1", "a", `{"x":1}`), rt.Call("2", "b", `{}`)}
	model := rt.NewModel(rt.Calls(calls...), rt.StreamText("both done"))
	ag, err := agent.New(model, agent.WithTools(meetingTools(&rec)))
	require.NoError(t, err)
	var ev events
	state, err := ag.RunStream(context.Background(), "go", nil, ev.consume)
	require.NoError(t, err)
	assert.Equal(t, "both done", state.Output())

	seen := ev.seen()
	before := append(append([]string{"1 turn_started"}, callParts(1, calls...)...),
		"1 model_responded",
		"1 call_requested 1 a", "1 call_allowed 1 a",
		"1 call_requested 2 b", "1 call_allowed 2 b")
	tools := []string{"1 tool_started 1 a", "1 tool_finished 1 a \"a done\"", "1 tool_started 2 b", "1 tool_finished 2 b \"b done\""}
	after := []string{
		"1 turn_finished",
		"2 turn_started", "2 model_part text both done", "2 model_part usage", "2 model_part finish stop",
		"2 model_responded", "2 turn_finished", "2 run_stopped done",
	}
	require.Len(t, seen, len(before)+len(tools)+len(after))
	assert.Equal(t, before, seen[:len(before)])
	middle := seen[len(before) : len(before)+len(tools)]
	assert.ElementsMatch(t, tools, middle, "the calls run at once, so their events interleave")
	for _, c := range calls {
		started := slices.Index(middle, fmt.Sprintf("1 tool_started %s %s", c.ID, c.Name))
		finished := slices.IndexFunc(middle, func(s string) bool {
			return s == fmt.Sprintf("1 tool_finished %s %s %q", c.ID, c.Name, string(c.Name)+" done")
		})
		assert.Less(t, started, finished, "call %s starts before it finishes", c.ID)
	}
	assert.Equal(t, after, seen[len(before)+len(tools):])
	assert.Equal(t, []string{"a done", "b done"}, texts(lastResults(t, model)))
}

func TestRunStreamPausedThenResumed(t *testing.T) {
	var rec recorder
	call := rt.Call("1", "w", `{"path":"f"}`)
	model := rt.NewModel(rt.Calls(call), rt.StreamText("written"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("w", requiresApproval)}))
	require.NoError(t, err)
	ctx := context.Background()

	var ev events
	state, err := ag.RunStream(ctx, "write f", nil, ev.consume)
	require.NoError(t, err)
	require.Equal(t, agent.StopPaused, state.StopReason)
	want := append(append([]string{"1 turn_started"}, callParts(1, call)...),
		"1 model_responded", "1 call_requested 1 w", "1 call_paused 1 w", "1 run_stopped paused")
	assert.Equal(t, want, ev.seen())
	assert.Empty(t, rec.ran())

	require.NoError(t, state.Approve())
	var resumed events
	state, err = ag.ResumeStream(ctx, state, nil, resumed.consume)
	require.NoError(t, err)
	assert.Equal(t, []string{
		"1 call_approved 1 w", "1 tool_started 1 w", `1 tool_finished 1 w "w done"`, "1 turn_finished",
		"2 turn_started", "2 model_part text written", "2 model_part usage", "2 model_part finish stop",
		"2 model_responded", "2 turn_finished", "2 run_stopped done",
	}, resumed.seen())
	assert.Equal(t, []string{`w {"path":"f"}`}, rec.ran())
	assert.Equal(t, "written", state.Output())
}

func TestRunStreamWithAModelThatDoesNotStream(t *testing.T) {
	resp := agent.Response{
		Message: agent.Message{Role: agent.RoleAssistant, Text: "whole"},
		Usage:   agent.Usage{InputTokens: 3, OutputTokens: 1},
	}
	model := agent.ModelFunc(func(context.Context, agent.Request) (agent.Response, error) { return resp, nil })
	ag, err := agent.New(model)
	require.NoError(t, err)
	var ev events
	state, err := ag.RunStream(context.Background(), "hi", nil, ev.consume)
	require.NoError(t, err)
	var parts []agent.Part
	for _, e := range ev.all {
		if e.Kind == agent.EventModelPart {
			parts = append(parts, e.Part)
		}
	}
	assert.Equal(t, slices.Collect(agent.Parts(resp)), parts)
	assert.Equal(t, []string{
		"1 turn_started", "1 model_part text whole", "1 model_part usage", "1 model_part finish stop",
		"1 model_responded", "1 turn_finished", "1 run_stopped done",
	}, ev.seen())
	assert.Equal(t, "whole", state.Output())
	assert.Equal(t, resp.Usage, state.Usage)
}

func TestRunStreamConsumerErrorStopsTheRun(t *testing.T) {
	defer goleak.VerifyNone(t)
	var rec recorder
	model := rt.NewModel(rt.Calls(rt.Call("1", "a", `{}`)), rt.StreamText("x", "y", "z"), rt.Text("never"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("a", nil)}))
	require.NoError(t, err)
	stop := errors.New("the reader went away")
	var ev events
	state, err := ag.RunStream(context.Background(), "go", nil, func(e agent.Event) error {
		_ = ev.consume(e)
		if e.Kind == agent.EventModelPart && e.Part.Text == "y" {
			return stop
		}
		return nil
	})
	require.ErrorIs(t, err, stop)

	seen := ev.seen()
	assert.Equal(t, []string{"2 turn_started", "2 model_part text x", "2 model_part text y"}, seen[len(seen)-3:],
		"the consumer is given nothing after its error")
	ended := model.Ended()
	require.Len(t, ended, 2)
	assert.ErrorIs(t, ended[1], stop, "the model's stream saw its context cancelled, with the consumer's error as the cause")
	assert.Equal(t, 1, model.Remaining())

	// The state is the run up to the last complete step: the tool's results.
	assert.Equal(t, 1, state.Turns)
	assert.Equal(t, agent.StopReason(""), state.StopReason)
	require.Len(t, state.Messages, 3)
	assert.Equal(t, agent.RoleTool, state.Messages[2].Role)
	assert.Equal(t, []string{"a done"}, texts(state.Messages[2].Results))
	assert.Equal(t, agent.Usage{InputTokens: 10, OutputTokens: 5}, state.Usage)
}

func TestRunStreamConsumerErrorCancelsRunningCalls(t *testing.T) {
	defer goleak.VerifyNone(t)
	var rec recorder
	cancelled := make(chan error, 1)
	slow := rec.tool("slow", func(tl *toolgen.Tool) {
		tl.Call = func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			select {
			case <-ctx.Done():
				cancelled <- context.Cause(ctx)
				return toolgen.Result{}, ctx.Err()
			case <-time.After(bound):
				return toolgen.TextResult("never cancelled"), nil
			}
		}
	})
	model := rt.NewModel(rt.Calls(rt.Call("1", "slow", `{}`)), rt.Text("never"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{slow}))
	require.NoError(t, err)
	stop := errors.New("enough")
	state, err := ag.RunStream(context.Background(), "go", nil, func(e agent.Event) error {
		if e.Kind == agent.EventToolStarted {
			return stop
		}
		return nil
	})
	require.ErrorIs(t, err, stop)
	select {
	case cause := <-cancelled:
		assert.ErrorIs(t, cause, stop)
	default:
		t.Fatal("the run returned before its call ended")
	}
	assert.Len(t, state.Messages, 2, "the turn's calls never completed")
	assert.Equal(t, 1, model.Remaining())
}

func TestRunStreamCancelledByTheCaller(t *testing.T) {
	defer goleak.VerifyNone(t)
	gate := rt.NewGate()
	model := rt.NewModel(rt.StreamText("x", "y").Hold(1, gate))
	ag, err := agent.New(model)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type outcome struct {
		state *agent.State
		err   error
	}
	done := make(chan outcome, 1)
	var ev events
	go func() {
		s, err := ag.RunStream(ctx, "hi", nil, ev.consume)
		done <- outcome{s, err}
	}()
	select {
	case <-gate.Reached():
	case <-time.After(bound):
		t.Fatal("the stream never reached the gate")
	}
	assert.Equal(t, []string{"1 turn_started", "1 model_part text x"}, ev.seen(), "what the consumer saw mid-stream")
	cancel()
	var out outcome
	select {
	case out = <-done:
	case <-time.After(bound):
		t.Fatal("the run did not stop")
	}
	require.ErrorIs(t, out.err, context.Canceled)
	assert.Equal(t, []string{"1 turn_started", "1 model_part text x", "0 run_failed context canceled"}, ev.seen(), "the failure, and no other event after the cancel")
	assert.Equal(t, []error{context.Canceled}, model.Ended())
	assert.Equal(t, 0, out.state.Turns)
	assert.Len(t, out.state.Messages, 1)
	gate.Release()
}

// script is a run of three turns: two calls, a call whose arguments come in
// pieces, then the answer in pieces.
func script() []rt.Reply {
	return []rt.Reply{
		rt.Calls(rt.Call("1", "a", `{"x":1}`), rt.Call("2", "b", `{"y":"z"}`)),
		rt.Deltas(
			agent.Part{Kind: agent.PartReasoning, Text: "then a again"},
			agent.Part{Kind: agent.PartText, Text: "Once more: "},
			agent.Part{Kind: agent.PartCallStart, Call: agent.ToolCall{ID: "3", Name: "a"}},
			agent.Part{Kind: agent.PartCallArgs, Text: `{"x"`},
			agent.Part{Kind: agent.PartCallArgs, Text: `:2}`},
			agent.Part{Kind: agent.PartCallDone, Call: rt.Call("3", "a", `{"x":2}`)},
			agent.Part{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 7, OutputTokens: 3}},
			agent.Part{Kind: agent.PartFinish, Finish: "tool_calls"},
		),
		rt.StreamText("All ", "done."),
	}
}

func TestRunStreamEndsInTheStateRunGives(t *testing.T) {
	run := func(stream bool) (*agent.State, *rt.Model) {
		var rec recorder
		model := rt.NewModel(script()...)
		ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("a", nil), rec.tool("b", nil)}))
		require.NoError(t, err)
		var state *agent.State
		if stream {
			state, err = ag.RunStream(context.Background(), "go", nil, func(agent.Event) error { return nil })
		} else {
			state, err = ag.Run(context.Background(), "go", nil)
		}
		require.NoError(t, err)
		state.RunID = "" // random
		return state, model
	}
	streamed, streamedModel := run(true)
	whole, wholeModel := run(false)
	assert.Equal(t, whole, streamed)
	assert.Equal(t, wholeModel.Requests(), streamedModel.Requests())
	assert.Equal(t, "All done.", streamed.Output())
	assert.Equal(t, 3, streamed.Turns)
}
