package agent_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
)

// pagesTool reads three pages, reporting each through the call's Ctx as
// a generated tool would, and a late report after it returned.
func pagesTool(listening *[]bool, late chan<- func()) toolgen.Tool {
	return toolgen.Tool{
		Name: "read_pages", Description: "Read pages.", InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			c := toolgen.CtxFrom(ctx)
			*listening = append(*listening, c.Reporting())
			for i := 1; i <= 3; i++ {
				c.Report(toolgen.Progress{Message: "reading page", Progress: float64(i), Total: 3, Partial: json.RawMessage(`{"pages":` + string(rune('0'+i)) + `}`)})
			}
			if late != nil {
				late <- func() { toolgen.ReportProgress(ctx, toolgen.Progress{Message: "too late"}) }
			}
			return toolgen.TextResult("3 pages"), nil
		},
	}
}

// A tool's reports come between its tool_started and tool_finished, in
// order, to RunStream and to observers; a report made after the call
// ended is dropped; with nobody listening, the tool is told so and its
// reports go nowhere.
func TestToolProgressEvents(t *testing.T) {
	var listening []bool
	late := make(chan func(), 1)
	a, err := agent.New(rt.NewModel(rt.Calls(rt.Call("c1", "read_pages", `{}`)), rt.Text("done")),
		agent.WithTools([]toolgen.Tool{pagesTool(&listening, late)}))
	require.NoError(t, err)
	var kinds []agent.EventKind
	var progress []toolgen.Progress
	_, err = a.RunStream(context.Background(), "read", nil, func(e agent.Event) error {
		if e.Kind != agent.EventModelPart {
			kinds = append(kinds, e.Kind)
		}
		if e.Kind == agent.EventToolProgress {
			assert.Equal(t, "c1", e.Call.ID)
			progress = append(progress, *e.Progress)
		}
		return nil
	})
	require.NoError(t, err)
	(<-late)() // after the call ended: dropped
	require.Len(t, progress, 3)
	assert.Equal(t, toolgen.Progress{Message: "reading page", Progress: 2, Total: 3, Partial: json.RawMessage(`{"pages":2}`)}, progress[1])
	started, finished := indexOf(kinds, agent.EventToolStarted), indexOf(kinds, agent.EventToolFinished)
	assert.Equal(t, []agent.EventKind{agent.EventToolProgress, agent.EventToolProgress, agent.EventToolProgress}, kinds[started+1:finished])
	assert.Equal(t, []bool{true}, listening)

	quiet, err := agent.New(rt.NewModel(rt.Calls(rt.Call("c1", "read_pages", `{}`)), rt.Text("done")),
		agent.WithTools([]toolgen.Tool{pagesTool(&listening, nil)}))
	require.NoError(t, err)
	_, err = quiet.Run(context.Background(), "read", nil)
	require.NoError(t, err)
	assert.Equal(t, []bool{true, false}, listening, "nobody listens to a plain Run without observer or logger")
}

func indexOf(kinds []agent.EventKind, k agent.EventKind) int {
	for i, x := range kinds {
		if x == k {
			return i
		}
	}
	return -1
}

// A call abandoned at its timeout reports nothing after its tool_finished.
func TestToolProgressAfterTimeoutIsDropped(t *testing.T) {
	release := make(chan struct{})
	reported := make(chan struct{})
	slow := toolgen.Tool{Name: "slow", Description: "Slow.", InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			<-release
			toolgen.ReportProgress(ctx, toolgen.Progress{Message: "still here"})
			close(reported)
			return toolgen.TextResult("late"), nil
		}}
	var kinds []agent.EventKind
	a, err := agent.New(rt.NewModel(rt.Calls(rt.Call("c1", "slow", `{}`)), rt.Text("done")),
		agent.WithTools([]toolgen.Tool{slow}), agent.WithToolTimeout(20*time.Millisecond, "slow"),
		agent.WithObserver(func(e agent.Event) { kinds = append(kinds, e.Kind) }))
	require.NoError(t, err)
	_, err = a.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	close(release)
	select {
	case <-reported:
	case <-time.After(5 * time.Second):
		t.Fatal("the abandoned tool did not report")
	}
	assert.Equal(t, -1, indexOf(kinds, agent.EventToolProgress))
}

// A run whose own context has a progress receiver (a call somebody
// follows: a sub-agent's run, a durable engine's activity) hands its
// tools' reports to it too, whether or not the run's own events reach
// anybody; a report after the call ended reaches neither.
func TestToolProgressGoesOnToTheRunsReceiver(t *testing.T) {
	for _, observed := range []bool{false, true} {
		var listening []bool
		late := make(chan func(), 1)
		var events, outer []toolgen.Progress
		opts := []agent.Option{agent.WithTools([]toolgen.Tool{pagesTool(&listening, late)})}
		if observed {
			opts = append(opts, agent.WithObserver(func(e agent.Event) {
				if e.Kind == agent.EventToolProgress {
					events = append(events, *e.Progress)
				}
			}))
		}
		a, err := agent.New(rt.NewModel(rt.Calls(rt.Call("c1", "read_pages", `{}`)), rt.Text("done")), opts...)
		require.NoError(t, err)
		ctx := toolgen.WithProgress(context.Background(), func(p toolgen.Progress) { outer = append(outer, p) })
		_, err = a.Run(ctx, "read", nil)
		require.NoError(t, err)
		(<-late)()
		assert.Equal(t, []bool{true}, listening)
		require.Len(t, outer, 3, "observed %v", observed)
		assert.Equal(t, 3.0, outer[2].Progress)
		if observed {
			assert.Equal(t, outer, events)
		} else {
			assert.Empty(t, events)
		}
	}
}

// A sub-agent's tool reports as the progress of its caller's call too: a
// consumer of RunStream gets the sub-agent's own events (its tool's
// progress, labelled with the parent call) and the caller's call's.
func TestSubAgentToolProgressIsItsCallersProgress(t *testing.T) {
	var listening []bool
	sub, err := agent.New(rt.NewModel(rt.Calls(rt.Call("s1", "read_pages", `{}`)), rt.Text("read")),
		agent.WithTools([]toolgen.Tool{pagesTool(&listening, nil)}))
	require.NoError(t, err)
	a, err := agent.New(rt.NewModel(rt.Calls(rt.Call("c1", "reader", `{"prompt":"read"}`)), rt.Text("done")),
		agent.WithTools([]toolgen.Tool{sub.AsTool("reader", "Reads pages.")}))
	require.NoError(t, err)
	progress := map[string][]toolgen.Progress{}
	_, err = a.RunStream(context.Background(), "go", nil, func(e agent.Event) error {
		if e.Kind == agent.EventToolProgress {
			progress[e.ParentCallID+">"+e.Call.ID] = append(progress[e.ParentCallID+">"+e.Call.ID], *e.Progress)
		}
		return nil
	})
	require.NoError(t, err)
	require.Len(t, progress[">c1"], 3, "%v", progress)
	assert.Equal(t, progress[">c1"], progress["c1>s1"])
	assert.Len(t, progress, 2)
	assert.Equal(t, []bool{true}, listening)
}
