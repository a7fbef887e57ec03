package temporal_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/worker"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/temporal"
)

type kinds struct {
	mu sync.Mutex
	k  []string
}

func (k *kinds) observe(e agent.Event) {
	k.mu.Lock()
	defer k.mu.Unlock()
	s := string(e.Kind)
	if e.Call.ID != "" {
		s += " " + e.Call.ID
	}
	k.k = append(k.k, s)
}

func longScript() []rt.Reply {
	var r []rt.Reply
	for i := range 6 {
		r = append(r, rt.Calls(rt.Call(fmt.Sprint("c", i+1), "read", `{}`)))
	}
	return append(r, rt.Text("done"))
}

func readAgent(t *testing.T, m agent.Model, sum agent.Model, k *kinds) *agent.Agent {
	read := toolgen.Tool{Name: "read", InputSchema: []byte(`{"type":"object"}`), Annotations: toolgen.Annotations{ReadOnly: true},
		Call: func(context.Context, []byte) (toolgen.Result, error) {
			return toolgen.TextResult(strings.Repeat("x", 8000)), nil
		}}
	a, err := agent.New(m, agent.WithTools([]toolgen.Tool{read}), agent.WithObserver(k.observe),
		agent.WithCompaction(3000, agent.ElideToolResults(1, 1024), agent.Summarize(sum, 2)))
	require.NoError(t, err)
	return a
}

func summaries() *rt.Model {
	var r []rt.Reply
	for range 10 {
		r = append(r, rt.Text("summary"))
	}
	return rt.NewModel(r...)
}

func TestCompactionAndEventsAsRun(t *testing.T) {
	srv := newServer(t)
	var got, want kinds
	a := readAgent(t, rt.NewModel(longScript()...), summaries(), &got)
	c := serveAgent(srv, a, temporal.Options{})
	ctx := context.Background()
	require.NoError(t, c.Start(ctx, "run-c", "read"))
	s, err := c.Result(ctx, "run-c")
	require.NoError(t, err)

	inProcess := readAgent(t, rt.NewModel(longScript()...), summaries(), &want)
	w, err := inProcess.Run(ctx, "read", nil)
	require.NoError(t, err)
	assert.Equal(t, jsonOf(t, w.Messages), jsonOf(t, s.Messages))
	assert.Equal(t, w.Compactions, s.Compactions)
	assert.NotEmpty(t, s.Compactions)
	assert.Equal(t, want.k, got.k)
	t.Log(len(got.k), got.k)

	h := fetchHistory(t, srv.GetDefaultClient(), "run-c")
	var none kinds
	replayer := worker.NewWorkflowReplayer()
	temporal.RegisterWorkflow(replayer, readAgent(t, rt.NewModel(), rt.NewModel(), &none), temporal.Options{})
	require.NoError(t, replayer.ReplayWorkflowHistory(nil, h))
	assert.Empty(t, none.k, "no event is delivered again on replay")
}
