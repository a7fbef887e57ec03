package temporal_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/temporal"
)

// crawler is a read-only tool that can resume: it reports each page it
// has read with the page to read next as its partial result, and starts
// from the previous attempt's progress when it has one. Its first call
// reads three pages and then is held until the worker dies.
type crawler struct {
	h        *hold
	mu       sync.Mutex
	previous []*toolgen.Progress // per attempt: what it was told
}

func (c *crawler) tool() toolgen.Tool {
	return toolgen.Tool{Name: "crawl", Description: "crawls pages", InputSchema: []byte(`{"type":"object"}`), Annotations: toolgen.Annotations{ReadOnly: true},
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			tc := toolgen.CtxFrom(ctx)
			prev, ok := tc.PreviousProgress()
			c.mu.Lock()
			if ok {
				c.previous = append(c.previous, &prev)
			} else {
				c.previous = append(c.previous, nil)
			}
			c.mu.Unlock()
			next := 1
			if ok {
				var state struct{ Next int }
				if err := json.Unmarshal(prev.Partial, &state); err == nil {
					next = state.Next
				}
			}
			for page := next; page <= 10; page++ {
				tc.Report(toolgen.Progress{Message: "read a page", Progress: float64(page), Total: 10, Partial: json.RawMessage(`{"next":` + itoa(page+1) + `}`)})
				if page == 3 && c.h.wait() {
					return toolgen.Result{}, context.Canceled // lost with its worker: never recorded
				}
			}
			return toolgen.TextResult("crawled from page " + itoa(next)), nil
		}}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func crawlAgent(t *testing.T, c *crawler) *agent.Agent {
	model := &turnModel{replies: []agent.Response{calls(rt.Call("c1", "crawl", `{}`)), text("crawled")}}
	// An observer on the worker's agent: the activity still gets the
	// reports (the agent hands them on to its context's receiver).
	a, err := agent.New(model, agent.WithTools([]toolgen.Tool{c.tool()}), agent.WithObserver(func(agent.Event) {}))
	require.NoError(t, err)
	return a
}

// TestCrashMidToolResumesFromItsProgress: a tool's progress is its
// activity's heartbeat details, which Client.Progress reads while the call
// runs; when the worker dies mid-call, its heartbeats stop, the server
// notices within the heartbeat timeout (not the call's 24 hours), and the
// attempt on the new worker is told the last progress recorded, from
// which the tool resumes.
func TestCrashMidToolResumesFromItsProgress(t *testing.T) {
	srv := newServer(t)
	c := &crawler{h: newHold()}
	opts := temporal.Options{ModelTimeout: 2 * time.Second, ToolHeartbeat: 2 * time.Second}
	w1 := startCrashWorker(t, srv, crawlAgent(t, c), opts)
	runs := temporal.NewClient(srv.GetDefaultClient(), "agents")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	require.NoError(t, runs.Start(ctx, "crawl-1", "crawl"))

	select {
	case <-c.h.reached:
	case <-ctx.Done():
		t.Fatal("the crawl never reached page 3")
	}
	// The third page's report is the latest heartbeat the server has
	// (the SDK sends the latest at the end of its throttle interval).
	var got temporal.CallProgress
	require.Eventually(t, func() bool {
		p, err := runs.Progress(ctx, "crawl-1")
		require.NoError(t, err)
		got = p["c1"]
		return got.Progress.Progress == 3
	}, 30*time.Second, 50*time.Millisecond, "Client.Progress never showed page 3: %+v", got)
	assert.Equal(t, temporal.CallProgress{CallID: "c1", Tool: "crawl", Progress: toolgen.Progress{Message: "read a page", Progress: 3, Total: 10, Partial: json.RawMessage(`{"next":4}`)}}, got)

	w1.crash(t, c.h)
	startCrashWorker(t, srv, crawlAgent(t, c), opts)
	s, err := runs.Result(ctx, "crawl-1")
	require.NoError(t, err, "the lost call is noticed by its heartbeats, within the test's 90 s")
	assert.Equal(t, agent.StopDone, s.StopReason)
	results := s.Messages[2].Results
	require.Len(t, results, 1)
	assert.Equal(t, "crawled from page 4", results[0].Result.Text())
	c.mu.Lock()
	defer c.mu.Unlock()
	require.Len(t, c.previous, 2)
	assert.Nil(t, c.previous[0], "a first attempt has no previous progress")
	assert.Equal(t, &toolgen.Progress{Message: "read a page", Progress: 3, Total: 10, Partial: json.RawMessage(`{"next":4}`)}, c.previous[1])
}

// TestQuietToolOutlivesItsHeartbeatTimeout: a tool that reports no
// progress and runs three times its heartbeat timeout is not taken for
// lost: its activity heartbeats on a ticker while it runs.
func TestQuietToolOutlivesItsHeartbeatTimeout(t *testing.T) {
	srv := newServer(t)
	var cnt counter
	quiet := cnt.tool("wait", func(tool *toolgen.Tool) {
		tool.Annotations.ReadOnly = true
		call := tool.Call
		tool.Call = func(ctx context.Context, args []byte) (toolgen.Result, error) {
			select {
			case <-time.After(3 * time.Second):
			case <-ctx.Done():
				return toolgen.Result{}, ctx.Err()
			}
			return call(ctx, args)
		}
	})
	model := &turnModel{replies: []agent.Response{calls(rt.Call("c1", "wait", `{}`)), text("waited")}}
	a, err := agent.New(model, agent.WithTools([]toolgen.Tool{quiet}))
	require.NoError(t, err)
	startCrashWorker(t, srv, a, temporal.Options{ToolHeartbeat: time.Second})
	runs := temporal.NewClient(srv.GetDefaultClient(), "agents")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	require.NoError(t, runs.Start(ctx, "quiet-1", "wait"))
	s, err := runs.Result(ctx, "quiet-1")
	require.NoError(t, err)
	assert.Equal(t, "wait done with {}", s.Messages[2].Results[0].Result.Text())
	assert.Equal(t, 1, cnt.count("wait"), "one attempt, never taken for lost")
}
