package aisdk_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/aisdk"
)

// TestMemoryStoreKeepsPausedRunsWithOddArgs: a run paused on a call whose
// arguments are not JSON (providers send "" for a tool without
// parameters; models send truncated objects, two documents, a byte order
// mark, invalid UTF-8) is saved and loaded with the model's bytes, and
// resumes: the approval can be answered.
func TestMemoryStoreKeepsPausedRunsWithOddArgs(t *testing.T) {
	for name, args := range map[string]string{
		"empty":           ``,
		"truncated":       `{"to":"ana@exa`,
		"not JSON":        `to=ana`,
		"byte order mark": "\ufeff{}",
		"two documents":   `{}{}`,
		"not UTF-8":       "{\"to\":\"\xff\"}",
		"spaces":          `{ "to": "ana" }`,
		"HTML":            `{"to":"<ana>"}`,
		"huge":            `{"to":"` + strings.Repeat("a", 1<<20),
	} {
		t.Run(name, func(t *testing.T) {
			var ran [][]byte
			send := toolgen.Tool{
				Name: "send", InputSchema: []byte(`{"type":"object"}`), RequiresApproval: true,
				Call: func(_ context.Context, args []byte) (toolgen.Result, error) {
					ran = append(ran, bytes.Clone(args))
					return toolgen.ErrorResult("invalid arguments"), nil
				},
			}
			model := rt.NewModel(rt.Calls(rt.Call("c1", "send", args)), rt.Text("done"))
			ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{send}))
			require.NoError(t, err)
			s, err := ag.Run(context.Background(), "send it", nil)
			require.NoError(t, err)
			require.Equal(t, agent.StopPaused, s.StopReason)

			store, err := aisdk.NewMemoryStore(4)
			require.NoError(t, err)
			require.NoError(t, store.Save(context.Background(), "chat-1", &aisdk.Chat{Run: s}), "the paused run is saved")
			chat, err := store.Load(context.Background(), "chat-1")
			require.NoError(t, err)
			require.NotNil(t, chat)
			loaded := chat.Run
			require.Len(t, loaded.Pending(), 1)
			assert.True(t, bytes.Equal([]byte(args), loaded.Pending()[0].Args), "the model's bytes: %.100q", loaded.Pending()[0].Args)
			assert.True(t, bytes.Equal([]byte(args), loaded.Messages[1].Calls[0].Args))

			require.NoError(t, loaded.Approve("c1"))
			done, err := ag.Resume(context.Background(), loaded, nil)
			require.NoError(t, err)
			assert.Equal(t, agent.StopDone, done.StopReason)
			require.Len(t, ran, 1)
			assert.True(t, bytes.Equal([]byte(args), ran[0]), "the approved call ran with the model's bytes")
		})
	}
}

// The same bytes over HTTP, as the chat page sends them: the run pauses
// on the call, its approval is answered in a second request, and the call
// runs once with the model's bytes (where a State that did not marshal
// left the user an approval that could never be answered).
func TestOddArgsApprovalOverHTTP(t *testing.T) {
	for name, args := range map[string]string{
		"empty":           ``,
		"truncated":       `{"path":"f`,
		"byte order mark": "\ufeff{}",
		"two documents":   `{}{}`,
		"not UTF-8":       "{\"path\":\"\xff\"}",
	} {
		t.Run(name, func(t *testing.T) {
			rec := &tools{}
			model := rt.NewModel(rt.Calls(rt.Call("c1", "write", args)), rt.StreamText("Done."))
			srv := serve(t, model, rec)
			chunks := post(t, srv.URL, body(t, "chat", userMsg("u1", "write f")))
			approvalID := approvalIDs(chunks)["c1"]
			require.NotEmpty(t, approvalID, "the run paused and asked: %v", short(chunks))
			msgID := chunks[0]["messageId"].(string)

			chunks = post(t, srv.URL, body(t, "chat", userMsg("u1", "write f"), answer(msgID, "c1", approvalID, true, "")))
			assert.Equal(t, `finish finishReason="stop"`, short(chunks)[len(chunks)-1])
			assert.Equal(t, []string{"write " + args}, rec.calls(), "the approved call ran once, with the model's bytes")
		})
	}
}
