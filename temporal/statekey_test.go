package temporal_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/temporal"
)

// A run of an agent with a state key (agent.WithStateKey) pauses with its
// asks sealed, takes answers through the agent, which seals them, and
// runs the approved call: the workflow's decisions stay pure.
func TestStateKeyOnTemporal(t *testing.T) {
	srv := newServer(t)
	var cnt counter
	a, err := agent.New(rt.NewModel(script()...), agent.WithStateKey([]byte("0123456789abcdef0123456789abcdef")),
		agent.WithTools([]toolgen.Tool{
			cnt.tool("lookup", func(t *toolgen.Tool) { t.Annotations.ReadOnly = true }),
			cnt.tool("send", func(t *toolgen.Tool) { t.RequiresApproval = true; t.Annotations.Destructive = true }),
		}))
	require.NoError(t, err)
	c := serveAgent(srv, a, temporal.Options{})
	ctx := context.Background()

	const id = "run-keyed"
	require.NoError(t, c.Start(ctx, id, "send it"))
	require.Len(t, waitPaused(t, srv, c, id), 2)
	s, err := c.State(ctx, id)
	require.NoError(t, err)
	for _, d := range s.Paused.Calls {
		assert.True(t, strings.HasPrefix(d.Seal, "hmac-sha256:"), "each ask is sealed")
	}
	require.NoError(t, c.Approve(ctx, id, "c2"))
	require.NoError(t, c.Reject(ctx, id, "not eve", "c3"))

	s, err = c.Result(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "sent", s.Output())
	assert.Equal(t, 1, cnt.count("send"))
	assert.Equal(t, []string{"run-keyed/c1", "run-keyed/c2"}, cnt.keys)
}
