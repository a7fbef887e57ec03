//go:build unix

package builtin_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/builtin"
)

// userTool is a tool of one's own that does its file and command work
// through the sandbox of its Ctx: {"op": "read"|"write"|"list"|"run",
// "path", "data", "command"}. A refusal for leaving the sandbox reads
// "outside: ..." and a call without a sandbox "no sandbox: ...".
var userTool = toolgen.Tool{
	Name: "work", Description: "works in the sandbox", InputSchema: []byte(`{"type":"object"}`),
	Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
		var a struct{ Op, Path, Data, Command string }
		if err := json.Unmarshal(args, &a); err != nil {
			return toolgen.ErrorResult(err.Error()), nil
		}
		sb, err := toolgen.CtxFrom(ctx).NeedSandbox()
		if err != nil {
			return toolgen.ErrorResult(err.Error()), nil
		}
		var text string
		switch a.Op {
		case "read":
			var data []byte
			data, err = sb.ReadFile(ctx, a.Path)
			text = string(data)
		case "write":
			err = sb.WriteFile(ctx, a.Path, []byte(a.Data))
			text = "written"
		case "list":
			var entries []toolgen.DirEntry
			entries, err = sb.List(ctx, a.Path)
			var names []string
			for _, e := range entries {
				switch {
				case e.Link:
					names = append(names, e.Name+"@")
				case e.IsDir:
					names = append(names, e.Name+"/")
				default:
					names = append(names, fmt.Sprintf("%s(%d)", e.Name, e.Size))
				}
			}
			text = strings.Join(names, " ")
		case "run":
			var r toolgen.CommandResult
			r, err = sb.Run(ctx, a.Command)
			text = fmt.Sprintf("%s|exit %d|%s", r.Output, r.ExitCode, r.Status)
		}
		switch {
		case errors.Is(err, toolgen.ErrOutsideSandbox):
			return toolgen.ErrorResult("outside: " + err.Error()), nil
		case err != nil:
			return toolgen.ErrorResult(err.Error()), nil
		}
		return toolgen.TextResult(text), nil
	},
}

// sandboxWorld is a workspace with, outside it, a secret file and a
// directory, and links to both planted inside.
// sandboxSecret is the content of the file outside the workspace.
const sandboxSecret = "SANDBOX-SECRET-2c9e"

type sandboxWorld struct {
	ws, secret, outside string
}

func newSandboxWorld(t *testing.T) sandboxWorld {
	base := t.TempDir()
	w := sandboxWorld{ws: filepath.Join(base, "ws"), secret: filepath.Join(base, "secret.txt"), outside: filepath.Join(base, "outside")}
	require.NoError(t, os.Mkdir(w.ws, 0o755))
	require.NoError(t, os.Mkdir(w.outside, 0o755))
	require.NoError(t, os.WriteFile(w.secret, []byte(sandboxSecret+"\n"), 0o644))
	require.NoError(t, os.Symlink(w.secret, filepath.Join(w.ws, "link-secret")))
	require.NoError(t, os.Symlink(w.outside, filepath.Join(w.ws, "link-out")))
	return w
}

// runWork runs an agent whose model calls the user tool once per op, in
// order, then answers; it returns each call's result (prefixed "ERR " when
// it failed) and the file changes reported.
func runWork(t *testing.T, opts []agent.Option, ops ...string) ([]string, []string) {
	t.Helper()
	var replies []agenttest.Reply
	for i, op := range ops {
		replies = append(replies, agenttest.Calls(agenttest.Call(fmt.Sprint(i), "work", op)))
	}
	model := agenttest.NewModel(append(replies, agenttest.Text("done"))...)
	var changes []string
	opts = append([]agent.Option{agent.WithTools([]toolgen.Tool{userTool}), agent.WithObserver(func(e agent.Event) {
		if e.Kind == agent.EventFileChanged {
			changes = append(changes, fmt.Sprintf("%s: %s %s", e.Call.ID, e.FileChange.Kind, e.FileChange.Path))
		}
	})}, opts...)
	ag, err := agent.New(model, opts...)
	require.NoError(t, err)
	st, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	require.Equal(t, "done", st.Output())
	var results []string
	for _, m := range st.Messages {
		for _, r := range m.Results {
			text := r.Result.Text()
			if r.Result.IsError {
				text = "ERR " + text
			}
			results = append(results, text)
		}
	}
	require.Len(t, results, len(ops))
	return results, changes
}

func op(pairs ...any) string { return jsonArgs(pairs...) }

func TestSandboxForUserToolsInAnAgentRun(t *testing.T) {
	w := newSandboxWorld(t)
	sb := openSandbox(t, w.ws)
	got, changes := runWork(t, []agent.Option{agent.WithSandbox(sb)},
		op("op", "write", "path", "sub/a.txt", "data", "hello\n"),
		op("op", "read", "path", "sub/a.txt"),
		op("op", "write", "path", "sub/a.txt", "data", "hello again\n"),
		op("op", "list", "path", "sub"),
		op("op", "list", "path", "."),
		op("op", "run", "command", "cat sub/a.txt; echo made > b.txt; exit 3"),
		op("op", "read", "path", "b.txt"),
		op("op", "read", "path", "missing.txt"),
	)
	assert.Equal(t, []string{
		"written",
		"hello\n",
		"written",
		"a.txt(12)",
		"link-out@ link-secret@ sub/",
		"hello again\n|exit 3|[exit code 3]",
		"made\n",
		`ERR path "missing.txt" does not exist`,
	}, got)
	assert.Equal(t, []string{"0: created sub/a.txt", "2: modified sub/a.txt", "5: created b.txt"}, changes,
		"writes and commands report their changes as the built-in tools do")
}

func TestSandboxRefusesPathsOutside(t *testing.T) {
	w := newSandboxWorld(t)
	sb := openSandbox(t, w.ws)
	got, changes := runWork(t, []agent.Option{agent.WithSandbox(sb)},
		op("op", "read", "path", "../secret.txt"),
		op("op", "read", "path", w.secret),
		op("op", "read", "path", "link-secret"),
		op("op", "write", "path", "../escape.txt", "data", "x"),
		op("op", "write", "path", filepath.Join(w.outside, "x.txt"), "data", "x"),
		op("op", "write", "path", "link-out/x.txt", "data", "x"),
		op("op", "write", "path", "link-secret", "data", "x"),
		op("op", "list", "path", ".."),
		op("op", "list", "path", "link-out"),
	)
	for i, text := range got {
		assert.True(t, strings.HasPrefix(text, "ERR outside: "), "call %d is refused as outside the sandbox: %s", i, text)
		assert.NotContains(t, text, sandboxSecret)
	}
	assert.Empty(t, changes)
	data, err := os.ReadFile(w.secret)
	require.NoError(t, err)
	assert.Equal(t, sandboxSecret+"\n", string(data))
	entries, err := os.ReadDir(w.outside)
	require.NoError(t, err)
	assert.Empty(t, entries)
	assert.NoFileExists(t, filepath.Join(filepath.Dir(w.ws), "escape.txt"))
}

func TestSandboxCommandTimeout(t *testing.T) {
	sb := openSandbox(t, t.TempDir(), builtin.Timeout(time.Second))
	r, err := sb.Run(context.Background(), "echo started; sleep 60")
	require.NoError(t, err)
	assert.True(t, r.TimedOut)
	assert.Equal(t, -1, r.ExitCode)
	assert.Equal(t, "started\n", r.Output)
	assert.Equal(t, "[timed out after 1s: the command and every process it started were killed]", r.Status)
}

func TestSandboxWithoutOneIsAClearError(t *testing.T) {
	got, _ := runWork(t, nil, op("op", "read", "path", "a.txt"))
	assert.Equal(t, []string{"ERR " + toolgen.ErrNoSandbox.Error()}, got)
}

func TestSandboxToolsShareItsConfiguration(t *testing.T) {
	sb := openSandbox(t, t.TempDir(), builtin.Unconfined(), builtin.ShellWithoutApproval())
	tools, err := sb.Tools(builtin.ReadOnly())
	require.NoError(t, err)
	var names []toolgen.ToolName
	for _, tool := range tools {
		names = append(names, tool.Name)
		if tool.Name == builtin.ToolRunCommand {
			assert.False(t, tool.RequiresApproval)
			assert.Contains(t, tool.Description, "Commands are not confined")
		}
	}
	assert.Equal(t, []toolgen.ToolName{builtin.ToolReadFile, builtin.ToolListFiles, builtin.ToolSearchFiles, builtin.ToolGlob, builtin.ToolRunCommand}, names)
}

func TestNewSandboxErrors(t *testing.T) {
	_, err := builtin.NewSandbox(filepath.Join(t.TempDir(), "missing"))
	assert.Error(t, err)
	_, err = builtin.NewSandbox(t.TempDir(), builtin.MaxOutput(0))
	assert.EqualError(t, err, "builtin.MaxOutput(0): must be at least 1")
}
