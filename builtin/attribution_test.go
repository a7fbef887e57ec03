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

	"github.com/toolgen-dev/toolgen/builtin"
	"github.com/toolgen-dev/toolgen/runtime"
)

// recordedCall is one tool call made with a context that records the file
// changes it reports.
type recordedCall struct {
	changes []runtime.FileChange
	text    string
	isError bool
}

func callRecording(t *testing.T, tool runtime.Tool, args string) recordedCall {
	t.Helper()
	var rc recordedCall
	ctx := runtime.WithFileChanges(context.Background(), func(c runtime.FileChange) { rc.changes = append(rc.changes, c) })
	res, err := tool.Call(ctx, []byte(args))
	require.NoError(t, err)
	rc.text, rc.isError = res.Text(), res.IsError
	return rc
}

// kindsAndPaths is what a list of changes says happened, to compare.
func kindsAndPaths(changes []runtime.FileChange) []string {
	var out []string
	for _, c := range changes {
		out = append(out, fmt.Sprintf("%s %s", c.Kind, c.Path))
	}
	return out
}

// A command and a file tool running at the same time in one workspace (the
// calls of one turn run in parallel) each report the changes they made,
// and only those: a command's comparison of the tree before and after it
// does not take in what write_file, edit_file or delete_file did
// meanwhile, nor their temporary files.
func TestConcurrentCallsReportOnlyTheirOwnChanges(t *testing.T) {
	cases := []struct {
		name    string
		tool    runtime.ToolName
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
				root := t.TempDir()
				putFile(t, filepath.Join(root, "a.txt"), "one\n")
				e := openFileEnv(t, root, builtin.FilesWithoutApproval())
				shell, err := builtin.ShellTool(root)
				require.NoError(t, err)

				var file, cmd recordedCall
				var wg sync.WaitGroup
				wg.Go(func() { cmd = callRecording(t, shell[0], args("command", command)) })
				wg.Go(func() {
					time.Sleep(time.Duration(rand.IntN(40)) * time.Millisecond)
					file = callRecording(t, e.tools[tc.tool], tc.args)
				})
				wg.Wait()

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
		root := t.TempDir()
		putFile(t, filepath.Join(root, "a.txt"), "one\n")
		e := openFileEnv(t, root, builtin.FilesWithoutApproval())
		shell, err := builtin.ShellTool(root)
		require.NoError(t, err)

		var edit, cmd recordedCall
		var mu sync.Mutex
		var order []runtime.FileChange // in the order reported
		record := func(rc *recordedCall) {
			mu.Lock()
			defer mu.Unlock()
			order = append(order, rc.changes...)
		}
		var wg sync.WaitGroup
		wg.Go(func() {
			cmd = callRecording(t, shell[0], args("command", "sleep 0.02; echo x >> a.txt"))
			record(&cmd)
		})
		wg.Go(func() {
			time.Sleep(time.Duration(rand.IntN(40)) * time.Millisecond)
			edit = callRecording(t, e.tools[builtin.ToolEditFile], args("path", "a.txt", "old_string", "one", "new_string", "two"))
			record(&edit)
		})
		wg.Wait()
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
