package temporal_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/temporal"
)

// promptModel answers by the turn, as turnModel, and records the prompt
// (the first message) of every request it gets.
type promptModel struct {
	turnModel
	mu      sync.Mutex
	prompts []string
}

func (m *promptModel) Generate(ctx context.Context, req agent.Request) (agent.Response, error) {
	m.mu.Lock()
	m.prompts = append(m.prompts, req.Messages[0].Text)
	m.mu.Unlock()
	return m.turnModel.Generate(ctx, req)
}

func (m *promptModel) seen() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.prompts...)
}

// TestStartRefusesAnIDInUse: starting a run with the id of one that is
// running is an error (ErrRunExists) that names the id, and starts
// nothing: the running run goes on as if it had not happened, and the
// second prompt never reaches the model. It used to return nil, the
// prompt silently dropped. An id that ran is refused too (its calls'
// idempotency keys are taken), and of two starts racing on one id, one
// wins.
func TestStartRefusesAnIDInUse(t *testing.T) {
	srv := newServer(t)
	var cnt counter
	model := &promptModel{turnModel: turnModel{replies: []agent.Response{
		calls(agent.ToolCall{ID: "c1", Name: "send", Args: []byte(`{"to":"bob"}`)}),
		text("sent"),
	}}}
	a := newAgent(t, &cnt, model)
	c := serveAgent(srv, a, temporal.Options{})
	ctx := context.Background()

	const id = "run-once"
	require.NoError(t, c.Start(ctx, id, "send it"))
	require.Len(t, waitPaused(t, srv, c, id), 1)
	first, err := srv.GetDefaultClient().DescribeWorkflowExecution(ctx, id, "")
	require.NoError(t, err)

	err = c.Start(ctx, id, "delete everything")
	require.ErrorIs(t, err, temporal.ErrRunExists)
	assert.EqualError(t, err, `temporal: run "run-once" is running: a run with this id exists; the prompt was not started (an id names one run)`)

	// The running run is unaffected: still paused on its call, it goes on
	// when approved, and only its prompt reached the model.
	p, err := c.Pending(ctx, id)
	require.NoError(t, err)
	require.Len(t, p, 1)
	assert.Equal(t, "c1", p[0].ID)
	require.NoError(t, c.Approve(ctx, id))
	s, err := c.Result(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "sent", s.Output())
	assert.Equal(t, "send it", s.Messages[0].Text)
	assert.Equal(t, 1, cnt.count("send"))
	assert.Equal(t, []string{"send it", "send it"}, model.seen(), "the second prompt never reached the model")
	now, err := srv.GetDefaultClient().DescribeWorkflowExecution(ctx, id, "")
	require.NoError(t, err)
	assert.Equal(t, first.GetWorkflowExecutionInfo().GetExecution().GetRunId(), now.GetWorkflowExecutionInfo().GetExecution().GetRunId(), "one run of the id")

	// An id that ran names that run still.
	err = c.Start(ctx, id, "send it again")
	require.ErrorIs(t, err, temporal.ErrRunExists)
	assert.ErrorContains(t, err, `temporal: run "run-once" ran (status Completed)`)

	// Two starts racing on a new id: one starts, the other is refused.
	const raced = "run-raced"
	errs := make(chan error, 2)
	for _, prompt := range []string{"first", "second"} {
		go func() { errs <- c.Start(ctx, raced, prompt) }()
	}
	var refused, started int
	for range 2 {
		switch err := <-errs; {
		case err == nil:
			started++
		case assert.ErrorIs(t, err, temporal.ErrRunExists):
			refused++
		}
	}
	assert.Equal(t, 1, started)
	assert.Equal(t, 1, refused)
}
