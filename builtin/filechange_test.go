package builtin_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/builtin"
)

func sha(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// changes calls a tool with a context that records the file changes it
// reports, and returns them.
func (e *fileEnv) changes(name toolgen.ToolName, args string) ([]toolgen.FileChange, toolgen.Result) {
	e.t.Helper()
	var got []toolgen.FileChange
	ctx := toolgen.WithFileChanges(context.Background(), func(c toolgen.FileChange) { got = append(got, c) })
	res, err := e.tools[name].Call(ctx, []byte(args))
	require.NoError(e.t, err)
	return got, res
}

func args(kv ...any) string {
	m := map[string]any{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	b, _ := json.Marshal(m)
	return string(b)
}

func TestFileToolsReportTheirChanges(t *testing.T) {
	e := newFileEnv(t, builtin.FilesWithoutApproval())

	got, res := e.changes(builtin.ToolWriteFile, args("path", "dir/a.txt", "content", "one\ntwo\n"))
	require.False(t, res.IsError, res.Text())
	assert.Equal(t, []toolgen.FileChange{{
		Path: "dir/a.txt", Kind: toolgen.FileCreated,
		SizeAfter: 8, HashAfter: sha("one\ntwo\n"),
		Diff: "--- /dev/null\n+++ b/dir/a.txt\n@@ -0,0 +1,2 @@\n+one\n+two\n",
	}}, got, "created")

	got, res = e.changes(builtin.ToolWriteFile, args("path", "dir/a.txt", "content", "one\n2\n"))
	require.False(t, res.IsError, res.Text())
	assert.Equal(t, []toolgen.FileChange{{
		Path: "dir/a.txt", Kind: toolgen.FileModified,
		SizeBefore: 8, SizeAfter: 6, HashBefore: sha("one\ntwo\n"), HashAfter: sha("one\n2\n"),
		Before: []byte("one\ntwo\n"),
		Diff:   "--- a/dir/a.txt\n+++ b/dir/a.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n",
	}}, got, "replaced")

	got, res = e.changes(builtin.ToolEditFile, args("path", "dir/a.txt", "old_string", "one", "new_string", "1"))
	require.False(t, res.IsError, res.Text())
	assert.Equal(t, []toolgen.FileChange{{
		Path: "dir/a.txt", Kind: toolgen.FileModified,
		SizeBefore: 6, SizeAfter: 4, HashBefore: sha("one\n2\n"), HashAfter: sha("1\n2\n"),
		Before: []byte("one\n2\n"),
		Diff:   "--- a/dir/a.txt\n+++ b/dir/a.txt\n@@ -1,2 +1,2 @@\n-one\n+1\n 2\n",
	}}, got, "edited")

	got, res = e.changes(builtin.ToolEditFile, args("path", "dir/a.txt", "old_string", "absent", "new_string", "x"))
	require.True(t, res.IsError)
	assert.Empty(t, got, "a failed edit changes nothing")

	got, res = e.changes(builtin.ToolReadFile, args("path", "dir/a.txt"))
	require.False(t, res.IsError)
	assert.Empty(t, got, "reading changes nothing")
}

func TestFileChangesOfLargeAndBinaryFiles(t *testing.T) {
	e := newFileEnv(t, builtin.FilesWithoutApproval())
	large := strings.Repeat("x", builtin.MaxChangeBytes) + "\n"
	e.write("large.txt", large)
	got, _ := e.changes(builtin.ToolEditFile, args("path", "large.txt", "old_string", "\n", "new_string", "y\n"))
	require.Len(t, got, 1)
	c := got[0]
	assert.Equal(t, toolgen.FileModified, c.Kind)
	assert.Equal(t, int64(len(large)), c.SizeBefore)
	assert.Equal(t, int64(len(large)+1), c.SizeAfter)
	assert.Equal(t, sha(large), c.HashBefore)
	assert.Equal(t, sha(e.read("large.txt")), c.HashAfter)
	assert.Nil(t, c.Before, "too large to keep")
	assert.Empty(t, c.Diff)

	e.write("bin", "a\x00b")
	got, _ = e.changes(builtin.ToolWriteFile, args("path", "bin", "content", "text"))
	require.Len(t, got, 1)
	assert.Equal(t, []byte("a\x00b"), got[0].Before, "kept, for Revert")
	assert.Empty(t, got[0].Diff, "no diff of binary content")
}

func TestRevertRestoresTheWorkspace(t *testing.T) {
	e := newFileEnv(t, builtin.FilesWithoutApproval())
	e.write("kept.txt", "original\n")
	e.write("empty.txt", "")
	var all []toolgen.FileChange
	for _, call := range []struct {
		tool toolgen.ToolName
		args string
	}{
		{builtin.ToolWriteFile, args("path", "new/created.txt", "content", "new\n")},
		{builtin.ToolEditFile, args("path", "kept.txt", "old_string", "original", "new_string", "edited")},
		{builtin.ToolWriteFile, args("path", "kept.txt", "content", "rewritten\n")},
		{builtin.ToolWriteFile, args("path", "empty.txt", "content", "full\n")},
	} {
		got, res := e.changes(call.tool, call.args)
		require.False(t, res.IsError, res.Text())
		all = append(all, got...)
	}
	// The changes may come from JSON (a UI sending back the events).
	ws := openWorkspace(t, e.root)
	require.NoError(t, ws.Revert(sentBack(t, all)...))
	assert.Equal(t, "original\n", e.read("kept.txt"))
	assert.Equal(t, "", e.read("empty.txt"))
	assert.NoFileExists(t, filepath.Join(e.root, "new", "created.txt"))
}

func TestRevertRefusesAFileChangedSince(t *testing.T) {
	e := newFileEnv(t, builtin.FilesWithoutApproval())
	e.write("a.txt", "a\n")
	e.write("b.txt", "b\n")
	ca, _ := e.changes(builtin.ToolWriteFile, args("path", "a.txt", "content", "A\n"))
	cb, _ := e.changes(builtin.ToolWriteFile, args("path", "b.txt", "content", "B\n"))
	e.write("b.txt", "someone else's\n")

	ws := openWorkspace(t, e.root)
	err := ws.Revert(append(ca, cb...)...)
	require.ErrorIs(t, err, builtin.ErrChangedSince)
	assert.Contains(t, err.Error(), `"b.txt"`)
	assert.Equal(t, "A\n", e.read("a.txt"), "nothing is written unless every file can be reverted")
	assert.Equal(t, "someone else's\n", e.read("b.txt"))

	// A created file changed since is not removed; a deleted one
	// recreated since is not overwritten.
	cc, _ := e.changes(builtin.ToolWriteFile, args("path", "c.txt", "content", "c\n"))
	e.write("c.txt", "changed\n")
	require.ErrorIs(t, ws.Revert(cc...), builtin.ErrChangedSince)
	assert.Equal(t, "changed\n", e.read("c.txt"))
	gone := toolgen.FileChange{Path: "c.txt", Kind: toolgen.FileDeleted, SizeBefore: 2, HashBefore: sha("c\n"), Before: []byte("c\n")}
	require.ErrorIs(t, ws.Revert(gone), builtin.ErrChangedSince)
	require.NoError(t, os.Remove(filepath.Join(e.root, "c.txt")))
	require.NoError(t, ws.Revert(gone), "a deleted file comes back")
	assert.Equal(t, "c\n", e.read("c.txt"))
}

func TestRevertRefusesWhatItCannotRestore(t *testing.T) {
	e := newFileEnv(t, builtin.FilesWithoutApproval())
	large := strings.Repeat("x", builtin.MaxChangeBytes+1)
	e.write("large.txt", large)
	got, _ := e.changes(builtin.ToolWriteFile, args("path", "large.txt", "content", "small"))
	ws := openWorkspace(t, e.root)
	err := ws.Revert(got...)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "was not kept")
	assert.Equal(t, "small", e.read("large.txt"))

	tampered := toolgen.FileChange{Path: "large.txt", Kind: toolgen.FileModified, SizeBefore: 3, HashBefore: sha("old"), Before: []byte("new"), HashAfter: sha("small")}
	assert.ErrorContains(t, ws.Revert(tampered), "does not match its hash")

	outside := toolgen.FileChange{Path: "../x", Kind: toolgen.FileCreated, HashAfter: sha("x")}
	assert.ErrorIs(t, ws.Revert(outside), builtin.ErrOutsideWorkspace)

	first := toolgen.FileChange{Path: "large.txt", Kind: toolgen.FileModified, HashBefore: sha("a"), Before: []byte("a"), HashAfter: sha("b")}
	second := toolgen.FileChange{Path: "large.txt", Kind: toolgen.FileModified, HashBefore: sha("c"), HashAfter: sha("small")}
	assert.ErrorContains(t, ws.Revert(first, second), "do not follow one another")
	assert.Equal(t, "small", e.read("large.txt"))
}

func TestFileChangesInAStreamingRun(t *testing.T) {
	root := t.TempDir()
	tools, err := builtin.FileTools(root, builtin.FilesWithoutApproval())
	require.NoError(t, err)
	model := agenttest.NewModel(agenttest.Calls(
		agenttest.Call("1", builtin.ToolWriteFile, args("path", "a.txt", "content", "a\n")),
	), agenttest.Calls(
		agenttest.Call("2", builtin.ToolEditFile, args("path", "a.txt", "old_string", "a", "new_string", "b")),
	), agenttest.Text("done"))
	ag, err := agent.New(model, agent.WithTools(tools))
	require.NoError(t, err)
	var seen []string
	var changes []toolgen.FileChange
	_, err = ag.RunStream(context.Background(), "go", nil, func(e agent.Event) error {
		switch e.Kind {
		case agent.EventToolStarted, agent.EventToolFinished:
			seen = append(seen, fmt.Sprintf("%s %s", e.Kind, e.Call.ID))
		case agent.EventFileChanged:
			seen = append(seen, fmt.Sprintf("%s %s %s %s", e.Kind, e.Call.ID, e.FileChange.Kind, e.FileChange.Path))
			changes = append(changes, *e.FileChange)
		}
		return nil
	})
	require.NoError(t, err)
	assert.Equal(t, []string{
		"tool_started 1", "file_changed 1 created a.txt", "tool_finished 1",
		"tool_started 2", "file_changed 2 modified a.txt", "tool_finished 2",
	}, seen)

	ws := openWorkspace(t, root)
	require.NoError(t, ws.Revert(changes...), "the run's changes roll back from its events")
	assert.NoFileExists(t, filepath.Join(root, "a.txt"))
}

// commandChanges runs a command with run_command in root, recording the
// file changes it reports.
func commandChanges(t *testing.T, root, command string) ([]toolgen.FileChange, string) {
	t.Helper()
	tools, err := builtin.ShellTool(root)
	require.NoError(t, err)
	var got []toolgen.FileChange
	ctx := toolgen.WithFileChanges(context.Background(), func(c toolgen.FileChange) { got = append(got, c) })
	res, err := tools[0].Call(ctx, []byte(args("command", command)))
	require.NoError(t, err)
	require.False(t, res.IsError, res.Text())
	return got, res.Text()
}

func TestRunCommandReportsTheFilesItChanged(t *testing.T) {
	root := t.TempDir()
	e := openFileEnv(t, root)
	e.write("edit.txt", "one\n")
	e.write("gone.txt", "bye\n")
	e.write("same.txt", "same\n")
	e.write(".git/HEAD", "ref\n")
	got, text := commandChanges(t, root, "echo two >> edit.txt && rm gone.txt && mkdir -p d && printf new > d/new.txt && touch same.txt && echo x > .git/HEAD")
	assert.Equal(t, "(no output)\n[exit code 0]", text)
	assert.Equal(t, []toolgen.FileChange{
		{Path: "d/new.txt", Kind: toolgen.FileCreated, SizeAfter: 3, HashAfter: sha("new"),
			Diff: "--- /dev/null\n+++ b/d/new.txt\n@@ -0,0 +1 @@\n+new\n\\ No newline at end of file\n"},
		{Path: "edit.txt", Kind: toolgen.FileModified, SizeBefore: 4, SizeAfter: 8, HashBefore: sha("one\n"), HashAfter: sha("one\ntwo\n"),
			Before: []byte("one\n"), Diff: "--- a/edit.txt\n+++ b/edit.txt\n@@ -1 +1,2 @@\n one\n+two\n"},
		{Path: "gone.txt", Kind: toolgen.FileDeleted, SizeBefore: 4, HashBefore: sha("bye\n"),
			Before: []byte("bye\n"), Diff: "--- a/gone.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-bye\n"},
	}, got, "a file touched but not changed is not reported, nor .git")

	ws := openWorkspace(t, root)
	require.NoError(t, ws.Revert(got...))
	assert.Equal(t, "one\n", e.read("edit.txt"))
	assert.Equal(t, "bye\n", e.read("gone.txt"))
	assert.NoFileExists(t, filepath.Join(root, "d", "new.txt"))
}

func TestRunCommandChangesAreBounded(t *testing.T) {
	root := t.TempDir()
	e := openFileEnv(t, root)
	big := strings.Repeat("x", builtin.MaxChangeBytes+1)
	e.write("big.txt", big)
	got, _ := commandChanges(t, root, "echo more >> big.txt")
	require.Len(t, got, 1)
	assert.Equal(t, toolgen.FileModified, got[0].Kind)
	assert.Empty(t, got[0].HashBefore, "a large file's old content is not read")
	assert.Nil(t, got[0].Before)
	assert.Equal(t, sha(big+"more\n"), got[0].HashAfter)

	const note = "\n[file changes not reported: the workspace has more than 10000 files]"
	got, text := commandChanges(t, root, "mkdir many && cd many && seq 1 10001 | xargs touch")
	assert.Empty(t, got)
	assert.Equal(t, "(no output)\n[exit code 0]"+note, text, "found when comparing after the command")
	got, text = commandChanges(t, root, "echo y > y.txt")
	assert.Empty(t, got)
	assert.Equal(t, "(no output)\n[exit code 0]"+note, text, "found before the command")
}

func TestDeleteFileReportsAndReverts(t *testing.T) {
	e := newFileEnv(t)
	e.write("dir/a.txt", "one\ntwo\n")
	e.write("bin", "a\x00b")
	large := strings.Repeat("x", builtin.MaxChangeBytes+1)
	e.write("large.txt", large)

	got, res := e.changes(builtin.ToolDeleteFile, args("path", "dir/a.txt"))
	require.False(t, res.IsError, res.Text())
	assert.Equal(t, []toolgen.FileChange{{
		Path: "dir/a.txt", Kind: toolgen.FileDeleted,
		SizeBefore: 8, HashBefore: sha("one\ntwo\n"),
		Before: []byte("one\ntwo\n"),
		Diff:   "--- a/dir/a.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-one\n-two\n",
	}}, got)
	deleted := got

	got, res = e.changes(builtin.ToolDeleteFile, args("path", "bin"))
	require.False(t, res.IsError, res.Text())
	require.Len(t, got, 1)
	assert.Equal(t, []byte("a\x00b"), got[0].Before, "kept, for Revert")
	assert.Empty(t, got[0].Diff, "no diff of binary content")
	deleted = append(deleted, got...)

	got, res = e.changes(builtin.ToolDeleteFile, args("path", "large.txt"))
	require.False(t, res.IsError, res.Text())
	require.Len(t, got, 1)
	assert.Equal(t, toolgen.FileChange{Path: "large.txt", Kind: toolgen.FileDeleted,
		SizeBefore: int64(len(large)), HashBefore: sha(large)}, got[0], "too large to keep or show")
	largeChange := got[0]

	got, res = e.changes(builtin.ToolDeleteFile, args("path", "dir/a.txt"))
	require.True(t, res.IsError)
	assert.Empty(t, got, "a failed deletion changes nothing")

	// Revert brings the files back (from JSON, as a UI would send the
	// events back), the directory emptied too.
	require.NoError(t, os.Remove(filepath.Join(e.root, "dir")))
	ws := openWorkspace(t, e.root)
	require.NoError(t, ws.Revert(sentBack(t, deleted)...))
	assert.Equal(t, "one\ntwo\n", e.read("dir/a.txt"))
	assert.Equal(t, "a\x00b", e.read("bin"))

	// A large file's content was not kept: it cannot come back, and Revert
	// says so rather than creating an empty file.
	assert.ErrorContains(t, ws.Revert(largeChange), "was not kept")
	assert.NoFileExists(t, filepath.Join(e.root, "large.txt"))

	// A file written, then deleted, in one run: reverting both leaves
	// what was there before the run.
	e.write("c.txt", "before\n")
	var run []toolgen.FileChange
	for _, call := range []struct {
		tool toolgen.ToolName
		args string
	}{
		{builtin.ToolWriteFile, args("path", "c.txt", "content", "during\n")},
		{builtin.ToolDeleteFile, args("path", "c.txt")},
		{builtin.ToolWriteFile, args("path", "tmp.txt", "content", "scratch\n")},
		{builtin.ToolDeleteFile, args("path", "tmp.txt")},
	} {
		got, res := e.changes(call.tool, call.args)
		require.False(t, res.IsError, res.Text())
		run = append(run, got...)
	}
	require.NoError(t, ws.Revert(run...))
	assert.Equal(t, "before\n", e.read("c.txt"))
	assert.NoFileExists(t, filepath.Join(e.root, "tmp.txt"), "created then deleted: nothing to restore")
}
