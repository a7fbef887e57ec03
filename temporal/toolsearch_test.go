package temporal_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/worker"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/temporal"
)

// recordingModel answers by the turn, as turnModel does, and records the
// tools each request sends.
type recordingModel struct {
	turnModel
	mu   sync.Mutex
	sent [][]toolgen.ToolName
}

func (m *recordingModel) Generate(ctx context.Context, req agent.Request) (agent.Response, error) {
	var names []toolgen.ToolName
	for _, t := range req.Tools {
		names = append(names, t.Name)
	}
	m.mu.Lock()
	m.sent = append(m.sent, names)
	m.mu.Unlock()
	return m.turnModel.Generate(ctx, req)
}

// TestToolSearchOnTemporal: a durable run searches, finds a deferred tool
// that needs approval, calls it next turn and waits; the approval arrives
// and the run goes on with the found tool still sent. The search is an
// activity, the loading is the workflow's pure step.
func TestToolSearchOnTemporal(t *testing.T) {
	srv := newServer(t)
	var cnt counter
	model := &recordingModel{turnModel: turnModel{replies: []agent.Response{
		calls(agent.ToolCall{ID: "s1", Name: agent.ToolSearchTools, Args: []byte(`{"query":"send"}`)}),
		calls(agent.ToolCall{ID: "c1", Name: "send", Args: []byte(`{"to":"bob"}`)}),
		text("sent"),
	}}}
	a, err := agent.New(model, agent.WithToolSearch(agent.ToolSearch{}), agent.WithTools([]toolgen.Tool{
		cnt.tool("lookup", func(t *toolgen.Tool) { t.Annotations.ReadOnly = true }),
		cnt.tool("send", func(t *toolgen.Tool) { t.RequiresApproval = true; t.Deferred = true }),
	}))
	require.NoError(t, err)
	srv.NewWorker("agents", func(r worker.Registry) { temporal.Register(r, a, nil, temporal.Options{}) })
	c := temporal.NewClient(srv.GetDefaultClient(), "agents")
	ctx := context.Background()

	const id = "run-search"
	require.NoError(t, c.Start(ctx, id, "send it"))
	p := waitPaused(t, srv, c, id)
	require.Len(t, p, 1)
	assert.Equal(t, toolgen.ToolName("send"), p[0].Name)
	require.NoError(t, c.Approve(ctx, id, "c1"))
	s, err := c.Result(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "sent", s.Output())
	assert.Equal(t, []toolgen.ToolName{"send"}, s.LoadedTools)
	assert.Equal(t, 1, cnt.count("send"))

	model.mu.Lock()
	defer model.mu.Unlock()
	require.Len(t, model.sent, 3)
	assert.Equal(t, []toolgen.ToolName{"lookup", agent.ToolSearchTools}, model.sent[0])
	assert.Equal(t, []toolgen.ToolName{"lookup", agent.ToolSearchTools, "send"}, model.sent[1], "the found tool after those sent up front")
	assert.Equal(t, []toolgen.ToolName{"lookup", agent.ToolSearchTools, "send"}, model.sent[2], "the found tool is still sent after the wait")
}
