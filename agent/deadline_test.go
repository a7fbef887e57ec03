package agent_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	rtm "github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// keyedTool records the idempotency key of each call, and runs slowly
// the first time: how it stops then is up to stop.
type keyedTool struct {
	mu   sync.Mutex
	keys []string
}

func (k *keyedTool) tool(name rtm.ToolName, firstCall func(ctx context.Context) (rtm.Result, error)) rtm.Tool {
	return objectTool(name, func(ctx context.Context, _ []byte) (rtm.Result, error) {
		k.mu.Lock()
		k.keys = append(k.keys, rtm.CtxFrom(ctx).IdempotencyKey())
		n := len(k.keys)
		k.mu.Unlock()
		if n == 1 {
			return firstCall(ctx)
		}
		return rtm.TextResult(string(name) + " done"), nil
	})
}

func (k *keyedTool) calls() []string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]string(nil), k.keys...)
}

// TestRunDeadlineIsNotAToolTimeout: a run whose own context's deadline
// passes while a call runs ends with the context's error; the call did
// not finish, so it is recorded without a result, nobody is told it timed
// out, and Resume runs it again with the same idempotency key. Whether the
// tool stops at once, a little late (after the loop noticed the deadline),
// or only when its own timeout has passed, and with or without a bound of
// its own.
func TestRunDeadlineIsNotAToolTimeout(t *testing.T) {
	lateBy := func(d time.Duration) func(context.Context) (rtm.Result, error) {
		return func(ctx context.Context) (rtm.Result, error) {
			<-ctx.Done()
			time.Sleep(d) // the loop sees the deadline before the tool returns
			return toolimpl.ToolFailed(ctx, ctx.Err())
		}
	}
	release := make(chan struct{})
	defer close(release)
	for _, tc := range []struct {
		name        string
		toolTimeout time.Duration // 0: none
		firstCall   func(context.Context) (rtm.Result, error)
	}{
		{"the tool stops at once", agent.DefaultToolTimeout, lateBy(0)},
		{"the tool stops a little late", agent.DefaultToolTimeout, lateBy(50 * time.Millisecond)},
		{"the tool returns an error result", agent.DefaultToolTimeout, func(ctx context.Context) (rtm.Result, error) {
			<-ctx.Done()
			time.Sleep(20 * time.Millisecond)
			return rtm.Result{}, ctx.Err()
		}},
		{"no tool timeout", 0, lateBy(50 * time.Millisecond)},
		{"the tool ignores its context past its own timeout", 300 * time.Millisecond, func(ctx context.Context) (rtm.Result, error) {
			<-release
			return rtm.TextResult("too late"), nil
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var k keyedTool
			var mu sync.Mutex
			var finished []agent.Event
			var failed []error
			model := rt.NewModel(rt.Calls(rt.Call("c1", "slow", `{}`)), rt.Text("finished"))
			ag, err := agent.New(model, agent.WithTools([]rtm.Tool{k.tool("slow", tc.firstCall)}),
				agent.WithToolTimeout(tc.toolTimeout),
				agent.WithObserver(func(e agent.Event) {
					mu.Lock()
					defer mu.Unlock()
					switch e.Kind {
					case agent.EventToolFinished:
						finished = append(finished, e)
					case agent.EventRunFailed:
						failed = append(failed, e.Err)
					}
				}))
			require.NoError(t, err)

			ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
			defer cancel()
			s, err := runWithin(t, 5*time.Second, ctx, ag)
			require.ErrorIs(t, err, context.DeadlineExceeded, "the run ends with its context's error")
			require.NotNil(t, s.Paused, "the interrupted turn is kept")
			assert.Nil(t, s.Paused.Calls[0].Result, "the call did not finish: %+v", s.Paused.Calls[0].Result)
			assert.Equal(t, agent.RoleAssistant, s.Messages[len(s.Messages)-1].Role, "no result reached the transcript")
			mu.Lock()
			require.Len(t, finished, 1)
			assert.NotContains(t, finished[0].Result.Text(), "did not finish within", "nobody is told the tool timed out")
			assert.NotContains(t, finished[0].Reason, "timed out")
			assert.ErrorIs(t, finished[0].Err, context.DeadlineExceeded)
			assert.Len(t, failed, 1)
			mu.Unlock()

			s, err = ag.Resume(context.Background(), viaJSON(t, s), nil)
			require.NoError(t, err)
			assert.Equal(t, agent.StopDone, s.StopReason)
			assert.Equal(t, []string{"slow done"}, texts(lastResults(t, model)))
			keys := k.calls()
			require.Len(t, keys, 2, "Resume runs the call again")
			assert.Equal(t, keys[0], keys[1], "with the same idempotency key")
		})
	}
}

// TestToolTimeoutUnderARunDeadline: a tool's own timeout that passes
// before the run's deadline is still a timeout, reported to the model,
// and the run goes on; whether the tool gives up at its deadline or
// ignores it.
func TestToolTimeoutUnderARunDeadline(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	for name, call := range map[string]func(ctx context.Context, _ []byte) (rtm.Result, error){
		"gives up": func(ctx context.Context, _ []byte) (rtm.Result, error) {
			<-ctx.Done()
			return toolimpl.ToolFailed(ctx, ctx.Err())
		},
		"ignores it": func(ctx context.Context, _ []byte) (rtm.Result, error) {
			<-release
			return rtm.TextResult("too late"), nil
		},
	} {
		t.Run(name, func(t *testing.T) {
			model := rt.NewModel(rt.Calls(rt.Call("c1", "slow", `{}`)), rt.Text("it timed out"))
			ag, err := agent.New(model, agent.WithTools([]rtm.Tool{objectTool("slow", call)}),
				agent.WithToolTimeout(50*time.Millisecond))
			require.NoError(t, err)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			runDone(t, ctx, ag)
			res := lastResults(t, model)[0].Result
			assert.True(t, res.IsError)
			assert.Equal(t, "tool slow did not finish within 50ms; it was abandoned", res.Text())
		})
	}
}

// TestCancelledRunKeepsTheCallUnfinished: a plain cancel while a tool
// that ignores its context runs past its own timeout: the call did not
// finish, and Resume runs it again.
func TestCancelledRunKeepsTheCallUnfinished(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	var k keyedTool
	started := make(chan struct{})
	model := rt.NewModel(rt.Calls(rt.Call("c1", "stuck", `{}`)), rt.Text("finished"))
	ag, err := agent.New(model, agent.WithTools([]rtm.Tool{k.tool("stuck", func(context.Context) (rtm.Result, error) {
		close(started)
		<-release
		return rtm.TextResult("too late"), nil
	})}), agent.WithToolTimeout(100*time.Millisecond))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-started; cancel() }()
	s, err := runWithin(t, 5*time.Second, ctx, ag)
	require.ErrorIs(t, err, context.Canceled)
	assert.Nil(t, s.Paused.Calls[0].Result, "the call did not finish")
	s, err = ag.Resume(context.Background(), viaJSON(t, s), nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"stuck done"}, texts(lastResults(t, model)))
	assert.Len(t, k.calls(), 2)
	assert.False(t, strings.Contains(s.Output(), "abandoned"))
	assert.False(t, errors.Is(err, context.Canceled))
}
