package agenttest_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
)

func TestScriptIsPlayedInOrderAndRecorded(t *testing.T) {
	boom := errors.New("boom")
	m := agenttest.NewModel(
		agenttest.Calls(agenttest.Call("c1", "t", `{"a":1}`)),
		agenttest.Text("hi"),
		agenttest.Fail(boom),
	)
	ctx := context.Background()
	req := agent.Request{System: "s", Messages: []agent.Message{{Role: agent.RoleUser, Text: "q"}}}

	r, err := m.Generate(ctx, req)
	require.NoError(t, err)
	require.Len(t, r.Message.Calls, 1)
	assert.Equal(t, toolgen.ToolName("t"), r.Message.Calls[0].Name)
	assert.JSONEq(t, `{"a":1}`, string(r.Message.Calls[0].Args))

	r, err = m.Generate(ctx, req)
	require.NoError(t, err)
	assert.Equal(t, "hi", r.Message.Text)
	assert.Equal(t, agent.RoleAssistant, r.Message.Role)

	_, err = m.Generate(ctx, req)
	assert.ErrorIs(t, err, boom)
	_, err = m.Generate(ctx, req)
	assert.EqualError(t, err, "agenttest: the script has 3 replies and the agent asked for reply 4")
	assert.Equal(t, 0, m.Remaining())
	assert.Len(t, m.Requests(), 4)
	assert.Equal(t, "s", m.Requests()[0].System)
}

func TestCancelledContext(t *testing.T) {
	m := agenttest.NewModel(agenttest.Text("never"))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := m.Generate(ctx, agent.Request{})
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 1, m.Remaining())
}

// collect reads a stream, returning its parts and its error.
func collect(s func(func(agent.Part, error) bool)) ([]agent.Part, error) {
	var parts []agent.Part
	for p, err := range s {
		if err != nil {
			return parts, err
		}
		parts = append(parts, p)
	}
	return parts, nil
}

// within fails the test unless ch is closed within a bound far beyond
// what the test needs: a hang fails instead of blocking the run.
func within(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(10 * time.Second):
		t.Fatalf("%s did not happen", what)
	}
}

func TestStreamScriptedPartsAndWholeReplies(t *testing.T) {
	boom := errors.New("boom")
	call := agenttest.Call("c1", "t", `{"a":1}`)
	m := agenttest.NewModel(
		agenttest.StreamText("He", "llo"),
		agenttest.Calls(call),
		agenttest.Deltas(
			agent.Part{Kind: agent.PartReasoning, Text: "hmm"},
			agent.Part{Kind: agent.PartCallStart, Call: agent.ToolCall{ID: "c1", Name: "t"}},
			agent.Part{Kind: agent.PartCallArgs, Text: `{"a":`},
			agent.Part{Kind: agent.PartCallArgs, Text: `1}`},
		),
		agenttest.Fail(boom),
	)
	ctx := context.Background()
	req := agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: "q"}}}

	parts, err := collect(m.Stream(ctx, req))
	require.NoError(t, err)
	assert.Equal(t, []agent.Part{
		{Kind: agent.PartText, Text: "He"}, {Kind: agent.PartText, Text: "llo"},
		{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 10, OutputTokens: 5}},
		{Kind: agent.PartFinish, Finish: "stop"},
	}, parts)

	parts, err = collect(m.Stream(ctx, req))
	require.NoError(t, err)
	want, err := agenttest.Calls(call).Respond(req)
	require.NoError(t, err)
	assert.Equal(t, slices.Collect(agent.Parts(want)), parts, "a reply without deltas streams as agent.Parts")

	parts, err = collect(m.Stream(ctx, req))
	require.NoError(t, err)
	assert.Len(t, parts, 4, "Deltas adds no usage or finish")

	parts, err = collect(m.Stream(ctx, req))
	assert.ErrorIs(t, err, boom)
	assert.Empty(t, parts)

	_, err = collect(m.Stream(ctx, req))
	assert.EqualError(t, err, "agenttest: the script has 4 replies and the agent asked for reply 5")
	assert.Len(t, m.Requests(), 5)
	assert.Equal(t, []error{nil, nil, nil, boom, err}, m.Ended())
}

func TestGenerateCollectsDeltas(t *testing.T) {
	ctx := context.Background()
	m := agenttest.NewModel(
		agenttest.StreamText("He", "llo"),
		agenttest.Text("Hello"),
		agenttest.Deltas(
			agent.Part{Kind: agent.PartCallStart, Call: agent.ToolCall{ID: "c1", Name: "t"}},
			agent.Part{Kind: agent.PartCallArgs, Text: `{"a":`},
			agent.Part{Kind: agent.PartCallArgs, Text: `1}`},
		),
		agenttest.Deltas(agent.Part{Kind: agent.PartCallArgs, Index: 3}),
	)
	streamed, err := m.Generate(ctx, agent.Request{})
	require.NoError(t, err)
	whole, err := m.Generate(ctx, agent.Request{})
	require.NoError(t, err)
	assert.Equal(t, whole, streamed)

	calls, err := m.Generate(ctx, agent.Request{})
	require.NoError(t, err)
	assert.Equal(t, []agent.ToolCall{agenttest.Call("c1", "t", `{"a":1}`)}, calls.Message.Calls)

	_, err = m.Generate(ctx, agent.Request{})
	assert.ErrorContains(t, err, "call_args for call 3, after 0 calls")
}

func TestHoldStopsTheStreamUntilReleased(t *testing.T) {
	g := agenttest.NewGate()
	m := agenttest.NewModel(agenttest.StreamText("a", "b", "c").Hold(2, g))
	seen := make(chan string, 8)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for p, err := range m.Stream(context.Background(), agent.Request{}) {
			if err == nil && p.Kind == agent.PartText {
				seen <- p.Text
			}
		}
	}()
	within(t, g.Reached(), "reaching the gate")
	assert.Equal(t, "a", <-seen)
	assert.Equal(t, "b", <-seen)
	assert.Empty(t, seen, "nothing passes the gate before it is released")
	g.Release()
	within(t, done, "the end of the stream")
	assert.Equal(t, "c", <-seen)
	assert.Equal(t, []error{nil}, m.Ended())
}

func TestStreamCancelledAtAGate(t *testing.T) {
	g := agenttest.NewGate()
	m := agenttest.NewModel(agenttest.StreamText("a", "b").Hold(1, g))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	errs := make(chan error, 1)
	var parts []agent.Part
	go func() {
		p, err := collect(m.Stream(ctx, agent.Request{}))
		parts = p
		errs <- err
	}()
	within(t, g.Reached(), "reaching the gate")
	cancel()
	select {
	case err := <-errs:
		assert.ErrorIs(t, err, context.Canceled)
	case <-time.After(10 * time.Second):
		t.Fatal("the stream did not end")
	}
	assert.Equal(t, []agent.Part{{Kind: agent.PartText, Text: "a"}}, parts)
	assert.Equal(t, []error{context.Canceled}, m.Ended())
}

func TestStreamStoppedByItsConsumer(t *testing.T) {
	m := agenttest.NewModel(agenttest.StreamText("a", "b"), agenttest.StreamText("c"))
	for range m.Stream(context.Background(), agent.Request{}) {
		break
	}
	stop := errors.New("stop")
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	for range m.Stream(ctx, agent.Request{}) {
		cancel(stop)
		break
	}
	ended := m.Ended()
	assert.ErrorIs(t, ended[0], agenttest.ErrStopped)
	assert.ErrorIs(t, ended[1], stop, "the cause the stream's context ended with")
	assert.Equal(t, 0, m.Remaining())
}
