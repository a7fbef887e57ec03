package temporal_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/codemode"
	"github.com/toolgen-dev/toolgen/temporal"
)

// lookupThenSend is a program, written in Go as the loop's tests write
// them: it looks up, then sends what it found (send requires approval).
// As a real runner does, it stops where it is at a host error that is not
// a *codemode.CallError (the pause).
type lookupThenSend struct{}

func (lookupThenSend) Run(ctx context.Context, p codemode.Program, host codemode.Host) (codemode.Result, error) {
	found, err := host(ctx, "lookup", json.RawMessage(`{"q":"x"}`))
	if err != nil {
		return codemode.Result{}, err
	}
	sent, err := host(ctx, "send", json.RawMessage(`{"to":"bob","body":`+string(found)+`}`))
	var ce *codemode.CallError
	if err != nil && !errors.As(err, &ce) {
		return codemode.Result{}, err
	}
	value, _ := json.Marshal(map[string]any{"sent": sent, "refused": err != nil})
	return codemode.Result{Value: value, Calls: 2}, nil
}

// TestCodeModeOnTemporal: a program's call that asks pauses the workflow;
// approved through the client, the program runs again in a new activity,
// replaying the lookup's recorded result, so each tool runs once.
func TestCodeModeOnTemporal(t *testing.T) {
	srv := newServer(t)
	var cnt counter
	model := &turnModel{replies: []agent.Response{
		calls(agent.ToolCall{ID: "c1", Name: codemode.ToolRunCode, Args: []byte(`{"program":"lookup then send"}`)}),
		text("sent"),
	}}
	a, err := agent.New(model, agent.WithTools([]toolgen.Tool{
		cnt.tool("lookup", func(t *toolgen.Tool) { t.Annotations.ReadOnly = true }),
		cnt.tool("send", func(t *toolgen.Tool) { t.RequiresApproval = true }),
	}), agent.WithCodeMode(agent.CodeMode{Runner: lookupThenSend{}, Declarations: "declare function lookup(args: {q: string}): Promise<string>;"}))
	require.NoError(t, err)
	c := serveAgent(srv, a, temporal.Options{})
	ctx := context.Background()

	const id = "run-code-mode"
	require.NoError(t, c.Start(ctx, id, "send bob what x is"))
	pending := waitPaused(t, srv, c, id)
	require.Len(t, pending, 1)
	assert.Equal(t, agent.PendingCall{ID: "c1.2", Name: "send", Args: json.RawMessage(`{"to":"bob","body":"lookup done with {\"q\":\"x\"}"}`),
		Reason: "the tool requires approval", ProgramCallID: "c1"}, pending[0])
	require.NoError(t, c.Approve(ctx, id, "c1.2"))

	s, err := c.Result(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "sent", s.Output())
	assert.Equal(t, 1, cnt.count("lookup"), "replayed, not run again")
	assert.Equal(t, 1, cnt.count("send"))
	results := s.Messages[len(s.Messages)-2].Results
	require.Len(t, results, 1)
	assert.JSONEq(t, `{"sent":"send done with {\"to\":\"bob\",\"body\":\"lookup done with {\\\"q\\\":\\\"x\\\"}\"}","refused":false}`, results[0].Result.Text())
}
