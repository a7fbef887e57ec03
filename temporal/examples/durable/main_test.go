package main

import (
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/server/temporaltest"

	"github.com/toolgen-dev/toolgen/agent"
)

func TestApproveSendsTheEmailOnce(t *testing.T) {
	srv := temporaltest.NewServer(temporaltest.WithT(t))
	var out strings.Builder
	state, outbox, err := run(&out, srv.GetDefaultClient(), "approve", false)
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, state.StopReason)
	assert.Equal(t, "Weather: Paris: 17°C, sunny. Email: sent", state.Output())
	assert.Equal(t, []string{`{"to":"ana@example.com","subject":"Weather in Paris","body":"Sunny, 17°C."} [key approve/call_2]`}, outbox.sent())
	assert.Contains(t, out.String(), "waiting for approval: send_email")
}

func TestRejectSendsNothing(t *testing.T) {
	srv := temporaltest.NewServer(temporaltest.WithT(t))
	state, outbox, err := run(io.Discard, srv.GetDefaultClient(), "reject", true)
	require.NoError(t, err)
	assert.Empty(t, outbox.sent())
	assert.Equal(t, "Weather: Paris: 17°C, sunny. Email: Denied by the user: the user wants to write it themselves", state.Output())
}
