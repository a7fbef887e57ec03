package agenttest_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/runtime"
	"github.com/toolgen-dev/toolgen/runtime/agent"
	"github.com/toolgen-dev/toolgen/runtime/agent/agenttest"
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
	assert.Equal(t, runtime.ToolName("t"), r.Message.Calls[0].Name)
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
