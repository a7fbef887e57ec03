package temporal_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/temporal"
)

// TestADecidedCallStaysDecidedOnTemporal: once Approve or Reject returned
// for a call, a different answer is an error naming the first, which
// stands; the same answer again is not an error. Approve(c2) then
// Reject(c2) used to succeed: c2, approved, never ran.
func TestADecidedCallStaysDecidedOnTemporal(t *testing.T) {
	srv := newServer(t)
	var cnt counter
	model := &turnModel{replies: []agent.Response{
		calls(
			agent.ToolCall{ID: "c2", Name: "send", Args: []byte(`{"to":"bob"}`)},
			agent.ToolCall{ID: "c3", Name: "send", Args: []byte(`{"to":"eve"}`)},
			agent.ToolCall{ID: "c4", Name: "send", Args: []byte(`{"to":"ana"}`)},
		),
		text("done"),
	}}
	a := newAgent(t, &cnt, model)
	c := serveAgent(srv, a, temporal.Options{})
	ctx := context.Background()

	const id = "run-decided"
	require.NoError(t, c.Start(ctx, id, "send them"))
	require.Len(t, waitPaused(t, srv, c, id), 3)
	require.NoError(t, c.Approve(ctx, id, "c2"))
	require.NoError(t, c.Reject(ctx, id, "not eve", "c3"))
	assert.Equal(t, []string{"c4"}, pendingIDs(t, c, id))

	assert.ErrorContains(t, c.Reject(ctx, id, "changed my mind", "c2"), "call c2 (send) was approved already; a decided call stays decided, so it cannot be rejected now")
	assert.ErrorContains(t, c.Approve(ctx, id, "c3"), "call c3 (send) was rejected already; a decided call stays decided, so it cannot be approved now")
	assert.ErrorContains(t, c.Approve(ctx, id, "c4", "c3"), "call c3 (send) was rejected already", "a list with one decided call")
	assert.Equal(t, []string{"c4"}, pendingIDs(t, c, id), "a refused answer changes nothing")
	require.NoError(t, c.Approve(ctx, id, "c2"), "the same answer again")
	require.NoError(t, c.Reject(ctx, id, "another reason", "c3"), "the same answer again")
	require.NoError(t, c.Approve(ctx, id)) // all: c4, the one still waiting

	s, err := c.Result(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "done", s.Output())
	assert.Equal(t, 2, cnt.count("send"))
	results := s.Messages[len(s.Messages)-2].Results
	require.Len(t, results, 3)
	assert.Equal(t, `send done with {"to":"bob"}`, results[0].Result.Text())
	assert.Equal(t, "Denied by the user: not eve", results[1].Result.Text(), "the first reason stands")
	assert.Equal(t, `send done with {"to":"ana"}`, results[2].Result.Text())
	assert.ErrorContains(t, c.Reject(ctx, id, "", "c2"), "", "the run has moved on")
}

func pendingIDs(t *testing.T, c *temporal.Client, id string) []string {
	t.Helper()
	p, err := c.Pending(context.Background(), id)
	require.NoError(t, err)
	var ids []string
	for _, pc := range p {
		ids = append(ids, pc.ID)
	}
	return ids
}
