package builtin_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
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

var namings = []builtin.Names{builtin.NativeNames, builtin.CommonNames}

func names(tools []toolgen.Tool) []toolgen.ToolName {
	var out []toolgen.ToolName
	for _, t := range tools {
		out = append(out, t.Name)
	}
	return out
}

func TestNamingOffersTheToolsUnderEachNaming(t *testing.T) {
	dir := t.TempDir()
	native, err := builtin.FileTools(dir)
	require.NoError(t, err)
	assert.Equal(t, []toolgen.ToolName{"read_file", "list_files", "search_files", "glob", "write_file", "edit_file", "delete_file"}, names(native))
	common, err := builtin.FileTools(dir, builtin.Naming(builtin.CommonNames))
	require.NoError(t, err)
	assert.Equal(t, []toolgen.ToolName{"read", "list_files", "grep", "glob", "write", "edit", "delete_file"}, names(common))
	readOnly, err := builtin.FileTools(dir, builtin.Naming(builtin.CommonNames), builtin.ReadOnly())
	require.NoError(t, err)
	assert.Equal(t, []toolgen.ToolName{"read", "list_files", "grep", "glob"}, names(readOnly))

	shell, err := builtin.ShellTool(dir)
	require.NoError(t, err)
	assert.Equal(t, []toolgen.ToolName{"run_command"}, names(shell))
	bash, err := builtin.ShellTool(dir, builtin.ShellNaming(builtin.CommonNames))
	require.NoError(t, err)
	assert.Equal(t, []toolgen.ToolName{"bash"}, names(bash))

	sb := openSandbox(t, dir)
	all, err := sb.Tools(builtin.Naming(builtin.CommonNames))
	require.NoError(t, err)
	assert.Equal(t, []toolgen.ToolName{"read", "list_files", "grep", "glob", "write", "edit", "delete_file", "bash"}, names(all),
		"Naming given to Sandbox.Tools names its shell tool too")
	all, err = sb.Tools()
	require.NoError(t, err)
	assert.Equal(t, "run_command", string(all[len(all)-1].Name))
	all, err = openSandbox(t, dir, builtin.ShellNaming(builtin.CommonNames)).Tools()
	require.NoError(t, err)
	assert.Equal(t, []toolgen.ToolName{"read_file", "list_files", "search_files", "glob", "write_file", "edit_file", "delete_file", "bash"}, names(all))

	_, err = builtin.FileTools(dir, builtin.Naming(7))
	assert.EqualError(t, err, "builtin.Naming(7): not NativeNames or CommonNames")
	_, err = builtin.ShellTool(dir, builtin.ShellNaming(-1))
	assert.EqualError(t, err, "builtin.ShellNaming(-1): not NativeNames or CommonNames")
}

func TestNamesOf(t *testing.T) {
	for native, common := range map[toolgen.ToolName]toolgen.ToolName{
		builtin.ToolReadFile: builtin.ToolRead, builtin.ToolWriteFile: builtin.ToolWrite, builtin.ToolEditFile: builtin.ToolEdit,
		builtin.ToolSearchFiles: builtin.ToolGrep, builtin.ToolRunCommand: builtin.ToolBash,
		builtin.ToolGlob: builtin.ToolGlob, builtin.ToolDeleteFile: builtin.ToolDeleteFile, builtin.ToolListFiles: builtin.ToolListFiles,
		"my_tool": "my_tool",
	} {
		assert.Equal(t, native, builtin.NativeNames.Of(native))
		assert.Equal(t, common, builtin.CommonNames.Of(native))
	}
	assert.Equal(t, "native", builtin.NativeNames.String())
	assert.Equal(t, "common", builtin.CommonNames.String())
	assert.Equal(t, "builtin.Names(9)", builtin.Names(9).String())
}

// schemaOf is a tool's arguments: each property's name and type, and the
// required ones.
func schemaOf(t *testing.T, tool toolgen.Tool) (map[string]string, []string) {
	t.Helper()
	var s struct {
		Properties map[string]struct {
			Type string `json:"type"`
		} `json:"properties"`
		Required             []string `json:"required"`
		AdditionalProperties bool     `json:"additionalProperties"`
	}
	require.NoError(t, json.Unmarshal(tool.InputSchema, &s))
	props := map[string]string{}
	for name, p := range s.Properties {
		props[name] = p.Type
	}
	return props, s.Required
}

// allTools is every built-in tool under n, by name.
func allTools(t *testing.T, dir string, n builtin.Names, opts ...builtin.FileOption) map[toolgen.ToolName]toolgen.Tool {
	t.Helper()
	tools, err := openSandbox(t, dir).Tools(append(opts, builtin.Naming(n))...)
	require.NoError(t, err)
	out := map[toolgen.ToolName]toolgen.Tool{}
	for _, tool := range tools {
		out[tool.Name] = tool
	}
	return out
}

// TestCommonToolsTakeTheHarnessArguments: the common tools' schemas have
// the argument names of the AI SDK harness's adapters (Claude Code's
// and Pi's read, write, edit, bash, grep, glob), and each common tool is
// annotated, gated and marked as its native counterpart is.
func TestCommonToolsTakeTheHarnessArguments(t *testing.T) {
	dir := t.TempDir()
	common := allTools(t, dir, builtin.CommonNames)
	native := allTools(t, dir, builtin.NativeNames)
	type args struct {
		props    map[string]string
		required []string
	}
	want := map[toolgen.ToolName]args{
		"read":        {map[string]string{"file_path": "string", "offset": "integer", "limit": "integer"}, []string{"file_path"}},
		"write":       {map[string]string{"file_path": "string", "content": "string"}, []string{"file_path", "content"}},
		"edit":        {map[string]string{"file_path": "string", "old_string": "string", "new_string": "string", "replace_all": "boolean"}, []string{"file_path", "old_string", "new_string"}},
		"bash":        {map[string]string{"command": "string", "timeout": "integer"}, []string{"command"}},
		"grep":        {map[string]string{"pattern": "string", "path": "string", "glob": "string"}, []string{"pattern"}},
		"glob":        {map[string]string{"pattern": "string", "path": "string"}, []string{"pattern"}},
		"list_files":  {map[string]string{"path": "string", "recursive": "boolean"}, nil},
		"delete_file": {map[string]string{"path": "string"}, []string{"path"}},
	}
	require.Len(t, common, len(want))
	for name, w := range want {
		tool, ok := common[name]
		require.True(t, ok, "no tool %s", name)
		props, required := schemaOf(t, tool)
		assert.Equal(t, w.props, props, name)
		assert.Equal(t, w.required, required, name)

		counterpart := native[nativeOf(name)]
		require.NotEmpty(t, counterpart.Name, name)
		assert.Equal(t, counterpart.Annotations, tool.Annotations, name)
		assert.Equal(t, counterpart.RequiresApproval, tool.RequiresApproval, name)
		assert.True(t, tool.Builtin, name)
		assert.NotContains(t, tool.Description, "_file", "%s's description names only tools of its naming", name)
	}
	assert.True(t, strings.HasPrefix(common["bash"].Description, "Bash runs a shell command"))
	assert.Contains(t, common["bash"].Description, "Here commands may run for at most", "described as configured, as run_command")
}

// nativeOf is the native name of a tool named under either naming.
func nativeOf(name toolgen.ToolName) toolgen.ToolName {
	for _, native := range []toolgen.ToolName{builtin.ToolReadFile, builtin.ToolWriteFile, builtin.ToolEditFile, builtin.ToolSearchFiles, builtin.ToolRunCommand} {
		if builtin.CommonNames.Of(native) == name {
			return native
		}
	}
	return name
}

// pathArg is the name of the argument naming the file of read, write and
// edit under n.
func pathArg(n builtin.Names) string {
	if n == builtin.CommonNames {
		return "file_path"
	}
	return "path"
}

// TestBothNamingsRunTheSameCode: the same operations under either naming
// give the same results, errors included, and the messages name the
// tools of the naming in use.
func TestBothNamingsRunTheSameCode(t *testing.T) {
	results := map[builtin.Names][]string{}
	for _, n := range namings {
		dir := t.TempDir()
		putFile(t, filepath.Join(dir, "src", "a.go"), "package a\n\nfunc Hello() {}\n")
		putFile(t, filepath.Join(dir, "bin.dat"), "x\x00y")
		tools := allTools(t, dir, n, builtin.FilesWithoutApproval())
		p := pathArg(n)
		call := func(native toolgen.ToolName, args string) string {
			res, err := tools[n.Of(native)].Call(context.Background(), []byte(args))
			require.NoError(t, err)
			return fmt.Sprintf("%v %s", res.IsError, res.Text())
		}
		bashTimeout := `{"command":"sleep 5","timeout_seconds":1}`
		if n == builtin.CommonNames {
			bashTimeout = `{"command":"sleep 5","timeout":300}`
		}
		start := time.Now()
		timedOut := call(builtin.ToolRunCommand, bashTimeout)
		took := time.Since(start)
		assert.Less(t, took, 4*time.Second, "the model's timeout holds (%s)", n)
		assert.Contains(t, timedOut, "[timed out after ", n)
		results[n] = []string{
			call(builtin.ToolReadFile, args(p, "src/a.go", "offset", 3)),
			call(builtin.ToolWriteFile, args(p, "src/b.txt", "content", "one\n")),
			call(builtin.ToolEditFile, args(p, "src/b.txt", "old_string", "one", "new_string", "two")),
			call(builtin.ToolReadFile, args(p, "src/b.txt")),
			call(builtin.ToolSearchFiles, args("pattern", "Hel+o", "path", "src", "glob", "*.go")),
			call(builtin.ToolGlob, args("pattern", "*.go", "path", "src")),
			call(builtin.ToolGlob, args("pattern", "**/*.txt")),
			call(builtin.ToolListFiles, args("path", "src")),
			call(builtin.ToolRunCommand, args("command", "cat src/b.txt")),
			call(builtin.ToolDeleteFile, args("path", "src/b.txt")),
		}
		msgs := []string{
			call(builtin.ToolReadFile, args(p, "bin.dat")),
			call(builtin.ToolEditFile, args(p, "src/a.go", "old_string", "", "new_string", "x")),
			call(builtin.ToolListFiles, args("path", "src/a.go")),
			call(builtin.ToolGlob, args("pattern", "*", "path", "src/a.go")),
			call(builtin.ToolSearchFiles, args("pattern", "x", "path", "bin.dat")),
		}
		read, write, search := n.Of(builtin.ToolReadFile), n.Of(builtin.ToolWriteFile), n.Of(builtin.ToolSearchFiles)
		assert.Equal(t, []string{
			fmt.Sprintf(`true path "bin.dat" is a binary file (it is not UTF-8 text); %s reads text files`, read),
			fmt.Sprintf(`true old_string is empty; to create or overwrite a file, use %s`, write),
			fmt.Sprintf(`true path "src/a.go" is a file, not a directory; use %s`, read),
			fmt.Sprintf(`true path "src/a.go" is a file, not a directory; use %s`, read),
			fmt.Sprintf(`true path "bin.dat" is a binary file (it is not UTF-8 text); %s searches text files`, search),
		}, msgs, n)
	}
	assert.Equal(t, []string{
		"false      3\tfunc Hello() {}",
		"false created src/b.txt (4 bytes)",
		"false edited src/b.txt: 1 occurrence replaced",
		"false      1\ttwo",
		"false src/a.go:3: func Hello() {}",
		"false src/a.go",
		"false src/b.txt",
		"false src/a.go\nsrc/b.txt",
		"false two\n[exit code 0]",
		"false deleted src/b.txt (4 bytes)",
	}, results[builtin.NativeNames])
	assert.Equal(t, results[builtin.NativeNames], results[builtin.CommonNames])
}

func TestGlobInADirectory(t *testing.T) {
	e := newFileEnv(t)
	e.touch("a.go", "src/b.go", "src/sub/c.go", "other/d.go")
	assert.Equal(t, "src/b.go\nsrc/sub/c.go", e.ok(builtin.ToolGlob, args("pattern", "**/*.go", "path", "src")))
	assert.Equal(t, "src/b.go", e.ok(builtin.ToolGlob, args("pattern", "*.go", "path", "src/")))
	assert.Equal(t, "a.go", e.ok(builtin.ToolGlob, args("pattern", "*.go", "path", ".")))
	assert.Equal(t, "a.go", e.ok(builtin.ToolGlob, args("pattern", filepath.Join(e.root, "*.go"), "path", "src")), "an absolute pattern ignores path")
	assert.Equal(t, `path "nope" does not exist`, e.fail(builtin.ToolGlob, args("pattern", "*", "path", "nope")))
	assert.Equal(t, `path "../x" is outside the workspace`, e.fail(builtin.ToolGlob, args("pattern", "*", "path", "../x")))
	assert.Equal(t, `no files match "src/*.txt"`, e.ok(builtin.ToolGlob, args("pattern", "*.txt", "path", "src")))
}

// TestBothNamingsThroughTheAgentLoop: a scripted model edits a project
// with the tools of each naming; the writes ask (they require approval),
// are approved, run, and report their file changes, which Revert undoes;
// the run's transcript is the same but for the names.
func TestBothNamingsThroughTheAgentLoop(t *testing.T) {
	transcripts := map[builtin.Names][]string{}
	for _, n := range namings {
		t.Run(n.String(), func(t *testing.T) {
			root := t.TempDir()
			putFile(t, filepath.Join(root, "greeting.txt"), "Helo\n")
			tools, err := openSandbox(t, root).Tools(builtin.Naming(n))
			require.NoError(t, err)
			p := pathArg(n)
			command := args("command", "echo done > out.txt && cat out.txt")
			model := agenttest.NewModel(agenttest.Calls(
				agenttest.Call("1", n.Of(builtin.ToolReadFile), args(p, "greeting.txt")),
				agenttest.Call("2", n.Of(builtin.ToolSearchFiles), args("pattern", "Hel+o")),
				agenttest.Call("3", n.Of(builtin.ToolGlob), args("pattern", "*.txt")),
			), agenttest.Calls(
				agenttest.Call("4", n.Of(builtin.ToolEditFile), args(p, "greeting.txt", "old_string", "Helo", "new_string", "Hello")),
				agenttest.Call("5", n.Of(builtin.ToolWriteFile), args(p, "new.txt", "content", "new\n")),
				agenttest.Call("6", n.Of(builtin.ToolRunCommand), command),
			), agenttest.Text("done"))
			ag, err := agent.New(model, agent.WithTools(tools))
			require.NoError(t, err)
			var seen []string
			var changes []toolgen.FileChange
			record := func(e agent.Event) error {
				switch e.Kind {
				case agent.EventToolFinished:
					seen = append(seen, fmt.Sprintf("%s %s", e.Call.ID, e.Result.Text()))
				case agent.EventFileChanged:
					seen = append(seen, fmt.Sprintf("%s %s %s", e.Call.ID, e.FileChange.Kind, e.FileChange.Path))
					changes = append(changes, *e.FileChange)
				}
				return nil
			}
			s, err := ag.RunStream(context.Background(), "fix the greeting", nil, record)
			require.NoError(t, err)
			require.Equal(t, agent.StopPaused, s.StopReason, "edit, write and the command require approval")
			var asked []string
			for _, d := range s.Paused.Calls {
				asked = append(asked, fmt.Sprintf("%s %s %s", d.Call.ID, d.Outcome, d.Reason))
			}
			assert.Equal(t, []string{"4 ask the tool requires approval", "5 ask the tool requires approval", "6 ask the tool requires approval"}, asked)
			require.NoError(t, s.Approve("4", "5", "6"))
			s, err = ag.ResumeStream(context.Background(), s, nil, record)
			require.NoError(t, err)
			require.Equal(t, agent.StopDone, s.StopReason)
			slices.Sort(seen) // the calls of a turn run in parallel
			transcripts[n] = seen

			require.NoError(t, openWorkspace(t, root).Revert(changes...), "the run's changes roll back from its events")
			e := openFileEnv(t, root)
			assert.Equal(t, "Helo\n", e.read("greeting.txt"))
			assert.NoFileExists(t, filepath.Join(root, "new.txt"))
			assert.NoFileExists(t, filepath.Join(root, "out.txt"))
		})
	}
	assert.Equal(t, []string{
		"1      1\tHelo",
		"2 greeting.txt:1: Helo",
		"3 greeting.txt",
		"4 edited greeting.txt: 1 occurrence replaced",
		"4 modified greeting.txt",
		"5 created new.txt",
		"5 created new.txt (4 bytes)",
		"6 created out.txt",
		"6 done\n[exit code 0]",
	}, transcripts[builtin.NativeNames])
	assert.Equal(t, transcripts[builtin.NativeNames], transcripts[builtin.CommonNames])
}
