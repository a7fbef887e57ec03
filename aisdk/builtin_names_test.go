package aisdk_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/aisdk"
	"github.com/toolgen-dev/toolgen/builtin"
)

// Package builtin's tools reach useChat alike under either naming: the
// write asks for approval under its own name, and once approved its file
// change is a fileChange part.
func TestBuiltinToolsUnderEitherNaming(t *testing.T) {
	for _, n := range []builtin.Names{builtin.NativeNames, builtin.CommonNames} {
		t.Run(n.String(), func(t *testing.T) {
			root := t.TempDir()
			ws, err := builtin.NewWorkspace(root)
			require.NoError(t, err)
			t.Cleanup(func() { ws.Close() })
			tools, err := ws.FileTools(builtin.Naming(n))
			require.NoError(t, err)
			write := n.Of(builtin.ToolWriteFile)
			input := `{"content":"hi","path":"a.txt"}`
			if n == builtin.CommonNames {
				input = `{"content":"hi","file_path":"a.txt"}`
			}
			model := rt.NewModel(rt.Calls(rt.Call("c1", write, input)), rt.StreamText("Written."))
			ag, err := agent.New(model, agent.WithTools(tools))
			require.NoError(t, err)
			store, err := aisdk.NewMemoryStore(4)
			require.NoError(t, err)
			srv := serveAgent(t, ag, aisdk.WithStore(store))

			chunks := post(t, srv.URL, body(t, "chat", userMsg("u1", "write a.txt")))
			assert.Contains(t, short(chunks), `tool-input-available toolCallId="c1" toolName="`+string(write)+`" input=`+input)
			approvalID := approvalIDs(chunks)["c1"]
			require.NotEmpty(t, approvalID, "%s requires approval", write)
			assert.NoFileExists(t, filepath.Join(root, "a.txt"))

			approved := true
			answer := aisdk.UIMessage{ID: chunks[0]["messageId"].(string), Role: "assistant", Parts: []aisdk.UIPart{
				{Type: "step-start"},
				{Type: "tool-" + string(write), ToolCallID: "c1", State: aisdk.StateApprovalResponded, Input: json.RawMessage(input),
					Approval: &aisdk.Approval{ID: approvalID, Approved: &approved}},
			}}
			chunks = post(t, srv.URL, body(t, "chat", userMsg("u1", "write a.txt"), answer))
			var changes []any
			for _, c := range chunks {
				if c["toolName"] == aisdk.ToolFileChange && c["type"] == aisdk.ChunkToolInputAvailable {
					changes = append(changes, c["input"])
				}
			}
			assert.Equal(t, []any{map[string]any{"path": "a.txt", "kind": "created"}}, changes)
			assert.Contains(t, short(chunks), `tool-output-available toolCallId="c1" output="created a.txt (2 bytes)"`)
			data, err := os.ReadFile(filepath.Join(root, "a.txt"))
			require.NoError(t, err)
			assert.Equal(t, "hi", string(data))
		})
	}
}
