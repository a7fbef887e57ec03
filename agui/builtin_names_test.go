package agui_test

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/agui"
	"github.com/toolgen-dev/toolgen/builtin"
)

// Package builtin's tools reach an AG-UI client alike under either
// naming: the edit is an interrupt under its own name, and once approved
// its file change joins the state's fileChanges.
func TestBuiltinToolsUnderEitherNaming(t *testing.T) {
	for _, n := range []builtin.Names{builtin.NativeNames, builtin.CommonNames} {
		t.Run(n.String(), func(t *testing.T) {
			root := t.TempDir()
			require.NoError(t, os.WriteFile(filepath.Join(root, "a.txt"), []byte("Helo\n"), 0o644))
			ws, err := builtin.NewWorkspace(root)
			require.NoError(t, err)
			t.Cleanup(func() { ws.Close() })
			tools, err := ws.FileTools(builtin.Naming(n))
			require.NoError(t, err)
			edit := n.Of(builtin.ToolEditFile)
			args := `{"new_string":"Hello","old_string":"Helo","path":"a.txt"}`
			if n == builtin.CommonNames {
				args = `{"file_path":"a.txt","new_string":"Hello","old_string":"Helo"}`
			}
			model := rt.NewModel(rt.Calls(rt.Call("c1", edit, args)), rt.StreamText("Fixed."))
			ag, err := agent.New(model, agent.WithTools(tools))
			require.NoError(t, err)
			h, err := agui.NewHandler(ag)
			require.NoError(t, err)
			srv := httptest.NewServer(h)
			t.Cleanup(srv.Close)

			first := run(t, srv.URL, input("t", user("u1", "Fix the greeting.")))
			list := interrupts(t, first)
			require.Len(t, list, 1)
			assert.Equal(t, map[string]any{"toolName": string(edit), "arguments": args}, list[0]["metadata"])

			second := run(t, srv.URL, resume("t", map[string]*bool{list[0]["id"].(string): yes()}, "", user("u1", "Fix the greeting.")))
			changes := state(t, second)["fileChanges"].([]any)
			require.Len(t, changes, 1)
			change := changes[0].(map[string]any)
			assert.Equal(t, []any{"c1", "a.txt", "modified"}, []any{change["toolCallId"], change["path"], change["kind"]})
			data, err := os.ReadFile(filepath.Join(root, "a.txt"))
			require.NoError(t, err)
			assert.Equal(t, "Hello\n", string(data))
		})
	}
}
