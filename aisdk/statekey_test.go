package aisdk_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/aisdk"
)

// An agent with a state key (agent.WithStateKey) serves approvals as any
// other: the handler gives the person's answer through the agent, which
// seals it, and the approved call runs; a paused run edited in the store
// without the key runs nothing.
func TestApprovalWithStateKey(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	for _, tamper := range []bool{false, true} {
		rec := &tools{}
		store, err := aisdk.NewMemoryStore(4)
		require.NoError(t, err)
		model := rt.NewModel(rt.Calls(rt.Call("c1", "write", `{"path":"f"}`)), rt.StreamText("Written."))
		a, err := agent.New(model, agent.WithTools(rec.all()), agent.WithStateKey(key))
		require.NoError(t, err)
		srv := serveAgent(t, a, aisdk.WithStore(store))
		msgID, approvalID := pause(t, srv, "chat")

		if tamper {
			saved, err := store.Load(context.Background(), "chat")
			require.NoError(t, err)
			saved.Run.Paused.Calls[0].Call.Args = json.RawMessage(`{"path":"/etc/passwd"}`)
			saved.Run.Messages[len(saved.Run.Messages)-1].Calls[0].Args = json.RawMessage(`{"path":"/etc/passwd"}`)
			require.NoError(t, store.Save(context.Background(), "chat", saved))
		}
		chunks := post(t, srv.URL, body(t, "chat", userMsg("u1", "write f"), answer(msgID, "c1", approvalID, true, "")))
		if tamper {
			assert.Equal(t, []string{"start", `error errorText="An error occurred."`, `finish finishReason="error"`}, short(chunks),
				"the handler tells the client no more than of any failure")
			assert.Empty(t, rec.calls())
			continue
		}
		assert.Contains(t, short(chunks), `tool-output-available toolCallId="c1" output="written"`)
		assert.Equal(t, []string{`write {"path":"f"}`}, rec.calls())
	}
}
