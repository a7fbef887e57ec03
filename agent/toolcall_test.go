package agent_test

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	rtm "github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// runWithin runs the agent, failing the test if Run has not returned
// within d (the behaviour under test used to be a hang).
func runWithin(t *testing.T, d time.Duration, ctx context.Context, ag *agent.Agent) (*agent.State, error) {
	t.Helper()
	type ran struct {
		s   *agent.State
		err error
	}
	done := make(chan ran, 1)
	go func() {
		s, err := ag.Run(ctx, "go", nil)
		done <- ran{s, err}
	}()
	select {
	case r := <-done:
		return r.s, r.err
	case <-time.After(d):
		t.Fatalf("Run did not return within %v", d)
		return nil, nil
	}
}

// runDone runs the agent as runWithin does, within 5 s, and checks that
// the run ended done.
func runDone(t *testing.T, ctx context.Context, ag *agent.Agent) *agent.State {
	t.Helper()
	s, err := runWithin(t, 5*time.Second, ctx, ag)
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, s.StopReason)
	return s
}

// keepFinished is an observer that keeps the EventToolFinished events in
// *finished.
func keepFinished(finished *[]agent.Event) agent.Option {
	return agent.WithObserver(func(e agent.Event) {
		if e.Kind == agent.EventToolFinished {
			*finished = append(*finished, e)
		}
	})
}

func objectTool(name rtm.ToolName, call func(ctx context.Context, args []byte) (rtm.Result, error)) rtm.Tool {
	return rtm.Tool{Name: name, InputSchema: []byte(`{"type":"object"}`), Call: call}
}

func goexitTool(name rtm.ToolName) rtm.Tool {
	return objectTool(name, func(context.Context, []byte) (rtm.Result, error) {
		runtime.Goexit()
		return rtm.TextResult("unreachable"), nil
	})
}

// TestGoexitToolIsAnErrorResult: a tool that ends its goroutine with
// runtime.Goexit (as t.FailNow does) is a failed result that keeps the
// call's id and name and names the tool, and the run goes on, as after a
// panic.
func TestGoexitToolIsAnErrorResult(t *testing.T) {
	// Generated dispatch defers runtime.Recover, which sees nothing when the
	// goroutine exits: the loop must notice all the same.
	generated := objectTool("gen_quit", func(context.Context, []byte) (res rtm.Result, err error) {
		defer toolimpl.Recover("gen_quit", &res, &err)
		runtime.Goexit()
		return rtm.TextResult("unreachable"), nil
	})
	var rec recorder
	var finished []agent.Event
	model := rt.NewModel(
		rt.Calls(rt.Call("c1", "quit", `{}`), rt.Call("c2", "ok", `{}`), rt.Call("c3", "gen_quit", `{}`)),
		rt.Text("sorry"),
	)
	ag, err := agent.New(model, agent.WithTools([]rtm.Tool{goexitTool("quit"), rec.tool("ok", nil), generated}), keepFinished(&finished))
	require.NoError(t, err)
	s := runDone(t, context.Background(), ag)
	assert.Equal(t, "sorry", s.Output(), "the model was asked again")

	results := lastResults(t, model)
	require.Len(t, results, 3)
	for i, want := range []struct{ id, name, text string }{
		{"c1", "quit", "tool quit stopped without returning (runtime.Goexit)"},
		{"c2", "ok", "ok done"},
		{"c3", "gen_quit", "tool gen_quit stopped without returning (runtime.Goexit)"},
	} {
		assert.Equal(t, want.id, results[i].CallID)
		assert.Equal(t, rtm.ToolName(want.name), results[i].Name)
		assert.Equal(t, want.text, results[i].Result.Text())
		assert.Equal(t, want.name != "ok", results[i].Result.IsError)
	}
	require.Len(t, finished, 3)
	for _, e := range finished {
		if e.Call.Name != "ok" {
			assert.True(t, e.IsError, e.Call.Name)
			assert.Equal(t, "runtime.Goexit", e.Reason)
		}
	}
}

// TestToolboxCallRunsOnTheCallersGoroutine pins the documented behaviour of
// Toolbox.Call: it runs the tool on the caller's goroutine, so a tool that
// calls runtime.Goexit ends the caller's goroutine (running its deferred
// calls), as any function would. Only the agent loop, which runs calls on
// goroutines of its own, turns that into a result.
func TestToolboxCallRunsOnTheCallersGoroutine(t *testing.T) {
	box, err := rtm.NewToolbox([]rtm.Tool{goexitTool("quit")})
	require.NoError(t, err)
	returned := make(chan bool, 1)
	exited := make(chan struct{})
	go func() {
		defer close(exited)
		_, _ = box.Call(context.Background(), "quit", []byte(`{}`))
		returned <- true
	}()
	select {
	case <-exited:
	case <-time.After(5 * time.Second):
		t.Fatal("the goroutine calling the tool did not end")
	}
	assert.Empty(t, returned, "Call returned to its caller")
}

// stuckTool ignores its context and blocks until release is closed; it
// records its context's cause and closes exited when it returns.
type stuckTool struct {
	release, exited chan struct{}
	cause           chan error
}

func newStuckTool(t *testing.T) *stuckTool {
	s := &stuckTool{release: make(chan struct{}), exited: make(chan struct{}), cause: make(chan error, 1)}
	t.Cleanup(func() {
		select {
		case <-s.release:
		default:
			close(s.release)
		}
	})
	return s
}

func (s *stuckTool) tool(name rtm.ToolName) rtm.Tool {
	return objectTool(name, func(ctx context.Context, _ []byte) (rtm.Result, error) {
		defer close(s.exited)
		<-s.release
		s.cause <- context.Cause(ctx)
		return rtm.TextResult("too late"), nil
	})
}

// finish releases the tool, waits for it, and checks that no goroutine of
// the run is left.
func (s *stuckTool) finish(t *testing.T) error {
	t.Helper()
	close(s.release)
	select {
	case <-s.exited:
	case <-time.After(5 * time.Second):
		t.Fatal("the released tool did not return")
	}
	goleak.VerifyNone(t)
	return <-s.cause
}

// TestToolTimeoutAbandonsAStuckCall: a tool that ignores its context is
// abandoned when its timeout passes; the model reads why, the call keeps its
// id and name, the other calls of the turn are unaffected and the run goes
// on. Once the tool returns, its goroutine ends.
func TestToolTimeoutAbandonsAStuckCall(t *testing.T) {
	stuck := newStuckTool(t)
	var rec recorder
	var finished []agent.Event
	model := rt.NewModel(rt.Calls(rt.Call("c1", "stuck", `{}`), rt.Call("c2", "ok", `{}`)), rt.Text("it timed out"))
	ag, err := agent.New(model, agent.WithTools([]rtm.Tool{stuck.tool("stuck"), rec.tool("ok", nil)}),
		agent.WithToolTimeout(50*time.Millisecond, "stuck"), keepFinished(&finished))
	require.NoError(t, err)
	s := runDone(t, context.Background(), ag)
	assert.Equal(t, "it timed out", s.Output())
	results := lastResults(t, model)
	require.Len(t, results, 2)
	assert.Equal(t, "c1", results[0].CallID)
	assert.Equal(t, rtm.ToolName("stuck"), results[0].Name)
	assert.True(t, results[0].Result.IsError)
	assert.Equal(t, "tool stuck did not finish within 50ms; it was abandoned", results[0].Result.Text())
	assert.Equal(t, "ok done", results[1].Result.Text())
	require.Len(t, finished, 2)
	for _, e := range finished {
		if e.Call.Name == "stuck" {
			assert.True(t, e.IsError)
			assert.Equal(t, "timed out; abandoned", e.Reason)
		}
	}

	cause := stuck.finish(t)
	assert.EqualError(t, cause, "tool stuck did not finish within 50ms", "the tool's context ended, saying why")
}

// TestToolTimeoutOfAToolThatGivesUp: a tool that honours its context
// returns the context's error at the deadline; that is a timeout result for
// the model, not a failure of the run.
func TestToolTimeoutOfAToolThatGivesUp(t *testing.T) {
	tool := objectTool("wait", func(ctx context.Context, _ []byte) (rtm.Result, error) {
		<-ctx.Done()
		return toolimpl.ToolFailed(ctx, ctx.Err())
	})
	model := rt.NewModel(rt.Calls(rt.Call("c1", "wait", `{}`)), rt.Text("ok"))
	ag, err := agent.New(model, agent.WithTools([]rtm.Tool{tool}), agent.WithToolTimeout(20*time.Millisecond))
	require.NoError(t, err)
	runDone(t, context.Background(), ag)
	res := lastResults(t, model)[0].Result
	assert.True(t, res.IsError)
	assert.Equal(t, "tool wait did not finish within 20ms; it was abandoned", res.Text())
}

// TestToolTimeoutPerTool: a timeout given for named tools overrides the
// default one, and 0 means no bound.
func TestToolTimeoutPerTool(t *testing.T) {
	stuck := newStuckTool(t)
	slow := objectTool("slow", func(ctx context.Context, _ []byte) (rtm.Result, error) {
		if _, ok := ctx.Deadline(); ok {
			return rtm.ErrorResult("slow has a deadline"), nil
		}
		time.Sleep(150 * time.Millisecond)
		return rtm.TextResult("slow done"), nil
	})
	model := rt.NewModel(rt.Calls(rt.Call("c1", "stuck", `{}`), rt.Call("c2", "slow", `{}`)), rt.Text("ok"))
	ag, err := agent.New(model, agent.WithTools([]rtm.Tool{stuck.tool("stuck"), slow}),
		agent.WithToolTimeout(0, "slow"), agent.WithToolTimeout(30*time.Millisecond))
	require.NoError(t, err)
	_, err = runWithin(t, 5*time.Second, context.Background(), ag)
	require.NoError(t, err)
	assert.Equal(t, []string{"tool stuck did not finish within 30ms; it was abandoned", "slow done"}, texts(lastResults(t, model)))
	_ = stuck.finish(t)
}

func TestToolTimeoutDefault(t *testing.T) {
	var deadline time.Time
	var has bool
	tool := objectTool("a", func(ctx context.Context, _ []byte) (rtm.Result, error) {
		deadline, has = ctx.Deadline()
		return rtm.TextResult("ok"), nil
	})
	run := func(opts ...agent.Option) {
		model := rt.NewModel(rt.Calls(rt.Call("c1", "a", `{}`)), rt.Text("ok"))
		ag, err := agent.New(model, append(opts, agent.WithTools([]rtm.Tool{tool}))...)
		require.NoError(t, err)
		_, err = ag.Run(context.Background(), "go", nil)
		require.NoError(t, err)
	}
	start := time.Now()
	run()
	require.True(t, has, "a call has a deadline by default")
	assert.WithinDuration(t, start.Add(agent.DefaultToolTimeout), deadline, time.Minute)
	run(agent.WithToolTimeout(0))
	assert.False(t, has, "WithToolTimeout(0) removes the bound")
}

func TestToolTimeoutConfigurationErrors(t *testing.T) {
	var rec recorder
	tools := agent.WithTools([]rtm.Tool{rec.tool("a", nil)})
	_, err := agent.New(rt.NewModel(), tools, agent.WithToolTimeout(-time.Second))
	assert.EqualError(t, err, "agent.WithToolTimeout(-1s): must not be negative (0 means no bound)")
	_, err = agent.New(rt.NewModel(), tools, agent.WithToolTimeout(time.Second, "a", "zz", "b"))
	assert.EqualError(t, err, "agent: tool timeouts name tools that are not registered: b, zz (registered tools: a)")
}

// TestCancelledRunDoesNotWaitPastTheTimeout: cancelling Run's context
// cancels the calls' contexts; the loop waits for the calls, but not for
// one that ignores its context beyond its timeout.
func TestCancelledRunDoesNotWaitPastTheTimeout(t *testing.T) {
	stuck := newStuckTool(t)
	started := make(chan struct{})
	blocker := objectTool("stuck", func(ctx context.Context, args []byte) (rtm.Result, error) {
		close(started)
		return stuck.tool("stuck").Call(ctx, args)
	})
	model := rt.NewModel(rt.Calls(rt.Call("c1", "stuck", `{}`)), rt.Text("never"))
	ag, err := agent.New(model, agent.WithTools([]rtm.Tool{blocker}), agent.WithToolTimeout(100*time.Millisecond))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-started; cancel() }()
	s, err := runWithin(t, 5*time.Second, ctx, ag)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 1, model.Remaining(), "the model is not asked again")
	assert.Equal(t, agent.RoleAssistant, s.Messages[len(s.Messages)-1].Role, "the state ends at the last complete step")
	cause := stuck.finish(t)
	assert.True(t, errors.Is(cause, context.Canceled), "the call's context was cancelled with the run's: %v", cause)
}
