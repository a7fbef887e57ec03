package builtin_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/builtin"
)

// recordedCall is one tool call made with a context that records the file
// changes it reports.
type recordedCall struct {
	changes []toolgen.FileChange
	text    string
	isError bool
}

func callRecording(t *testing.T, tool toolgen.Tool, args string) recordedCall {
	t.Helper()
	return callRecordingInto(t, tool, args, nil)
}

// callRecordingInto is callRecording, also calling also with each change
// as it is reported.
func callRecordingInto(t *testing.T, tool toolgen.Tool, args string, also func(toolgen.FileChange)) recordedCall {
	t.Helper()
	var rc recordedCall
	ctx := toolgen.WithFileChanges(context.Background(), func(c toolgen.FileChange) {
		rc.changes = append(rc.changes, c)
		if also != nil {
			also(c)
		}
	})
	res, err := tool.Call(ctx, []byte(args))
	require.NoError(t, err)
	rc.text, rc.isError = res.Text(), res.IsError
	return rc
}

// kindsAndPaths is what a list of changes says happened, to compare.
func kindsAndPaths(changes []toolgen.FileChange) []string {
	var out []string
	for _, c := range changes {
		out = append(out, fmt.Sprintf("%s %s", c.Kind, c.Path))
	}
	return out
}

// workspaceWithAFile makes a workspace holding a.txt ("one\n"), its file
// tools (none asks for approval) and its shell tool.
func workspaceWithAFile(t *testing.T) (root string, e *fileEnv, shell toolgen.Tool) {
	t.Helper()
	root = t.TempDir()
	putFile(t, filepath.Join(root, "a.txt"), "one\n")
	e = openFileEnv(t, root, builtin.FilesWithoutApproval())
	tools, err := builtin.ShellTool(root)
	require.NoError(t, err)
	return root, e, tools[0]
}

// atOnce runs command and fileCall at the same time, fileCall after a
// random pause of up to 40 ms that lets it fall anywhere in a command that
// pauses first, and waits for both.
func atOnce(command, fileCall func()) {
	var wg sync.WaitGroup
	wg.Go(command)
	wg.Go(func() {
		time.Sleep(time.Duration(rand.IntN(40)) * time.Millisecond)
		fileCall()
	})
	wg.Wait()
}

// A command and a file tool running at the same time in one workspace (the
// calls of one turn run in parallel) each report the changes they made,
// and only those: a command's comparison of the tree before and after it
// does not take in what write_file, edit_file or delete_file did
// meanwhile, nor their temporary files.
func TestConcurrentCallsReportOnlyTheirOwnChanges(t *testing.T) {
	cases := []struct {
		name    string
		tool    toolgen.ToolName
		args    string
		want    []string
		content map[string]string // the workspace after both calls
	}{
		{"edit_file", builtin.ToolEditFile, args("path", "a.txt", "old_string", "one", "new_string", "two"),
			[]string{"modified a.txt"}, map[string]string{"a.txt": "two\n"}},
		{"write_file replacing", builtin.ToolWriteFile, args("path", "a.txt", "content", "new\n"),
			[]string{"modified a.txt"}, map[string]string{"a.txt": "new\n"}},
		{"write_file creating", builtin.ToolWriteFile, args("path", "sub/c.txt", "content", "c\n"),
			[]string{"created sub/c.txt"}, map[string]string{"a.txt": "one\n", "sub/c.txt": "c\n"}},
		{"delete_file", builtin.ToolDeleteFile, args("path", "a.txt"),
			[]string{"deleted a.txt"}, map[string]string{}},
	}
	// The command's own change: a file of its own, written after a pause
	// that lets the file tool's call fall inside the command's run.
	const command = "sleep 0.02; echo b > b.txt"
	const trials = 12
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for trial := range trials {
				root, e, shell := workspaceWithAFile(t)
				var file, cmd recordedCall
				atOnce(func() { cmd = callRecording(t, shell, args("command", command)) },
					func() { file = callRecording(t, e.tools[tc.tool], tc.args) })

				require.False(t, file.isError, file.text)
				require.False(t, cmd.isError, cmd.text)
				assert.Equal(t, tc.want, kindsAndPaths(file.changes), "trial %d: the file tool's changes", trial)
				assert.Equal(t, []string{"created b.txt"}, kindsAndPaths(cmd.changes), "trial %d: the command's changes (%s)", trial, cmd.text)
				want := map[string]string{"b.txt": "b\n"}
				for k, v := range tc.content {
					want[k] = v
				}
				assert.Equal(t, want, treeContents(t, root), "trial %d: no temporary file is left", trial)
				if t.Failed() {
					return
				}
			}
		})
	}
}

// When a command and a file tool change the same file at the same time,
// one goes first: each reports the change it made from what it found, and
// the two reports follow one another, so that Revert undoes both.
func TestConcurrentChangesOfOneFileFollowOneAnother(t *testing.T) {
	const trials = 12
	for trial := range trials {
		root, e, shell := workspaceWithAFile(t)
		var edit, cmd recordedCall
		var mu sync.Mutex
		var order []toolgen.FileChange // in the order reported, as the agent's events are
		record := func(c toolgen.FileChange) {
			mu.Lock()
			defer mu.Unlock()
			order = append(order, c)
		}
		atOnce(func() { cmd = callRecordingInto(t, shell, args("command", "sleep 0.02; echo x >> a.txt"), record) },
			func() {
				edit = callRecordingInto(t, e.tools[builtin.ToolEditFile], args("path", "a.txt", "old_string", "one", "new_string", "two"), record)
			})
		require.False(t, edit.isError, edit.text)
		require.Len(t, edit.changes, 1, "trial %d", trial)
		require.Len(t, cmd.changes, 1, "trial %d: %s", trial, cmd.text)
		require.Equal(t, "two\nx\n", e.read("a.txt"))
		require.Len(t, order, 2)
		assert.Equal(t, order[0].HashAfter, order[1].HashBefore, "trial %d: the second change starts where the first left the file", trial)
		assert.Equal(t, sha("one\n"), order[0].HashBefore)
		assert.Equal(t, sha("two\nx\n"), order[1].HashAfter)

		ws, err := builtin.NewWorkspace(root)
		require.NoError(t, err)
		require.NoError(t, ws.Revert(order...))
		ws.Close()
		assert.Equal(t, "one\n", e.read("a.txt"), "trial %d", trial)
		if t.Failed() {
			return
		}
	}
}

// treeContents is every regular file below root (not in .git), by
// slash-separated path.
func treeContents(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		name, _ := filepath.Rel(root, path)
		out[filepath.ToSlash(name)] = string(data)
		return nil
	}))
	return out
}

// In the agent loop, where the calls of one turn run in parallel, each
// file_changed event names the call that made the change.
func TestParallelCallsOfATurnGetTheirOwnFileChanges(t *testing.T) {
	const runs = 5
	for run := range runs {
		root := t.TempDir()
		putFile(t, filepath.Join(root, "a.txt"), "one\n")
		files, err := builtin.FileTools(root, builtin.FilesWithoutApproval())
		require.NoError(t, err)
		shell, err := builtin.ShellTool(root, builtin.ShellWithoutApproval())
		require.NoError(t, err)
		model := agenttest.NewModel(agenttest.Calls(
			agenttest.Call("cmd", builtin.ToolRunCommand, args("command", "sleep 0.1; echo b > b.txt")),
			agenttest.Call("edit", builtin.ToolEditFile, args("path", "a.txt", "old_string", "one", "new_string", "two")),
			agenttest.Call("write", builtin.ToolWriteFile, args("path", "c/c.txt", "content", "c\n")),
		), agenttest.Text("done"))
		ag, err := agent.New(model, agent.WithTools(files, shell))
		require.NoError(t, err)
		got := map[string][]string{}
		_, err = ag.RunStream(context.Background(), "go", nil, func(e agent.Event) error {
			if e.Kind == agent.EventFileChanged {
				got[e.Call.ID] = append(got[e.Call.ID], fmt.Sprintf("%s %s", e.FileChange.Kind, e.FileChange.Path))
			}
			return nil
		})
		require.NoError(t, err)
		assert.Equal(t, map[string][]string{
			"cmd":   {"created b.txt"},
			"edit":  {"modified a.txt"},
			"write": {"created c/c.txt"},
		}, got, "run %d", run)
	}
}

// A write waiting for a command's run to end stops when its context
// ends, and the writes after it are not held up by it.
func TestAWriteWaitingForACommandStopsWithItsContext(t *testing.T) {
	root := t.TempDir()
	putFile(t, filepath.Join(root, "a.txt"), "one\n")
	e := openFileEnv(t, root, builtin.FilesWithoutApproval())
	shell, err := builtin.ShellTool(root)
	require.NoError(t, err)
	cmdDone := make(chan recordedCall, 1)
	started := make(chan struct{})
	go func() {
		ctx := toolgen.WithFileChanges(context.Background(), func(toolgen.FileChange) {})
		close(started)
		res, err := shell[0].Call(ctx, []byte(args("command", "sleep 0.5; echo b > b.txt")))
		assert.NoError(t, err)
		cmdDone <- recordedCall{text: res.Text(), isError: res.IsError}
	}()
	<-started
	time.Sleep(150 * time.Millisecond) // the command holds the directory
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err = e.tools[builtin.ToolEditFile].Call(ctx, []byte(args("path", "a.txt", "old_string", "one", "new_string", "two")))
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Equal(t, "one\n", e.read("a.txt"), "the cancelled write wrote nothing")
	cmd := <-cmdDone
	require.False(t, cmd.isError, cmd.text)
	e.ok(builtin.ToolEditFile, args("path", "a.txt", "old_string", "one", "new_string", "two"))
	assert.Equal(t, "two\n", e.read("a.txt"))
}

// Two commands running at the same time cannot be told apart by a
// comparison of the tree: each reports what changed during its run, and
// says that another command ran meanwhile.
func TestParallelCommandsSayTheirChangesMayMix(t *testing.T) {
	root := t.TempDir()
	shell, err := builtin.ShellTool(root)
	require.NoError(t, err)
	var first, second recordedCall
	var wg sync.WaitGroup
	wg.Go(func() { first = callRecording(t, shell[0], args("command", "sleep 0.3; echo 1 > one.txt")) })
	wg.Go(func() { second = callRecording(t, shell[0], args("command", "sleep 0.3; echo 2 > two.txt")) })
	wg.Wait()
	const note = "[file changes: another command ran in this workspace meanwhile; the changes reported may include some of its own]"
	for _, rc := range []recordedCall{first, second} {
		require.False(t, rc.isError, rc.text)
		assert.Contains(t, rc.text, note)
		assert.NotEmpty(t, rc.changes)
	}
	assert.Contains(t, kindsAndPaths(first.changes), "created one.txt")
	assert.Contains(t, kindsAndPaths(second.changes), "created two.txt")

	// Alone, no note.
	alone := callRecording(t, shell[0], args("command", "echo 3 > three.txt"))
	assert.NotContains(t, alone.text, "another command")
	assert.Equal(t, []string{"created three.txt"}, kindsAndPaths(alone.changes))
}

// The temporary files of workspaces (of another process, or left by one
// killed mid-write) are never reported as changes of a command.
func TestCommandsDoNotReportWorkspaceTemporaryFiles(t *testing.T) {
	root := t.TempDir()
	putFile(t, filepath.Join(root, ".left.txt.toolgen-0abc.tmp"), "left behind\n")
	got := callRecording(t, mustShell(t, root), args("command",
		"echo x > .a.txt.toolgen-1k2j3h4g5f6d.tmp && mkdir -p d && echo y > d/.b.go.toolgen-zz9.tmp && echo z > .toolgen-delete-ABCDEFGHIJKLMNOPQRSTUVWXYZ && rm .left.txt.toolgen-0abc.tmp && echo real > .a.txt.tmp"))
	require.False(t, got.isError, got.text)
	assert.Equal(t, []string{"created .a.txt.tmp"}, kindsAndPaths(got.changes), "a file merely named like one is reported")
}

func mustShell(t *testing.T, root string) toolgen.Tool {
	t.Helper()
	shell, err := builtin.ShellTool(root)
	require.NoError(t, err)
	return shell[0]
}

// A command whose changes nobody wants (a program serving run_command
// without a receiver of file changes) holds no write up, but a command
// that compares, running at the same time, says its changes may include
// the other's.
func TestAnUnwatchedCommandIsKnownToTheOthers(t *testing.T) {
	root := t.TempDir()
	putFile(t, filepath.Join(root, "a.txt"), "one\n")
	shell := mustShell(t, root)
	e := openFileEnv(t, root, builtin.FilesWithoutApproval())
	var watched recordedCall
	var wg sync.WaitGroup
	wg.Go(func() {
		res, err := shell.Call(context.Background(), []byte(args("command", "sleep 1; echo u > unwatched.txt")))
		assert.NoError(t, err)
		assert.False(t, res.IsError, res.Text())
	})
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	e.ok(builtin.ToolEditFile, args("path", "a.txt", "old_string", "one", "new_string", "two"))
	assert.Less(t, time.Since(start), 800*time.Millisecond, "the edit did not wait for the unwatched command")
	wg.Go(func() { watched = callRecording(t, shell, args("command", "echo w > watched.txt")) })
	wg.Wait()
	assert.Contains(t, watched.text, "another command ran in this workspace meanwhile")
}
