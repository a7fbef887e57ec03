package main

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
)

func TestApproveSendsTheEmail(t *testing.T) {
	var out strings.Builder
	state, outbox, err := run(&out, t.TempDir(), false, script())
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, state.StopReason)
	assert.Equal(t, "Weather: Paris: 17°C, sunny. Email: sent to ana@example.com", state.Output())
	require.Len(t, outbox.Sent, 1)
	assert.Contains(t, outbox.Sent[0], "to ana@example.com: Weather in Paris (Sunny, 17°C.) [key "+state.RunID+"/call_2]")
	assert.Contains(t, out.String(), "waiting for approval: send_email")
}

func TestRejectSendsNothing(t *testing.T) {
	state, outbox, err := run(io.Discard, t.TempDir(), true, script())
	require.NoError(t, err)
	assert.Empty(t, outbox.Sent)
	assert.Equal(t, "Weather: Paris: 17°C, sunny. Email: Denied by the user: the user wants to write it themselves", state.Output())
}
