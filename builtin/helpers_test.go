package builtin_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/builtin"
)

// fileEnv is a workspace in a temporary directory and its file tools.
type fileEnv struct {
	t     testing.TB
	root  string
	tools map[toolgen.ToolName]toolgen.Tool
}

// newFileEnv makes an empty workspace with the file tools, approval off.
func newFileEnv(t testing.TB, opts ...builtin.FileOption) *fileEnv {
	t.Helper()
	return openFileEnv(t, t.TempDir(), opts...)
}

// openFileEnv makes the file tools of an existing directory.
func openFileEnv(t testing.TB, root string, opts ...builtin.FileOption) *fileEnv {
	t.Helper()
	list, err := builtin.FileTools(root, opts...)
	require.NoError(t, err)
	e := &fileEnv{t: t, root: root, tools: map[toolgen.ToolName]toolgen.Tool{}}
	for _, tool := range list {
		e.tools[tool.Name] = tool
	}
	return e
}

// call calls a tool with arguments built by args.
func (e *fileEnv) call(name toolgen.ToolName, args string) toolgen.Result {
	e.t.Helper()
	tool, ok := e.tools[name]
	require.True(e.t, ok, "no tool %s", name)
	res, err := tool.Call(context.Background(), []byte(args))
	require.NoError(e.t, err, "%s %s", name, args)
	return res
}

// ok calls a tool that must succeed and returns its text.
func (e *fileEnv) ok(name toolgen.ToolName, args string) string {
	e.t.Helper()
	res := e.call(name, args)
	require.False(e.t, res.IsError, "%s %s failed: %s", name, args, res.Text())
	return res.Text()
}

// fail calls a tool that must fail and returns its message.
func (e *fileEnv) fail(name toolgen.ToolName, args string) string {
	e.t.Helper()
	res := e.call(name, args)
	require.True(e.t, res.IsError, "%s %s succeeded: %s", name, args, res.Text())
	return res.Text()
}

// write creates a file below the root (and its parents).
func (e *fileEnv) write(name, content string) {
	e.t.Helper()
	putFile(e.t, filepath.Join(e.root, name), content)
}

// openWorkspace opens a workspace of dir, closed when the test ends.
func openWorkspace(t testing.TB, dir string) *builtin.Workspace {
	t.Helper()
	ws, err := builtin.NewWorkspace(dir)
	require.NoError(t, err)
	t.Cleanup(func() { ws.Close() })
	return ws
}

// openSandbox makes a sandbox of dir with opts, closed when the test ends.
func openSandbox(t testing.TB, dir string, opts ...builtin.ShellOption) *builtin.Sandbox {
	t.Helper()
	sb, err := builtin.NewSandbox(dir, opts...)
	require.NoError(t, err)
	t.Cleanup(func() { sb.Close() })
	return sb
}

// sentBack is changes after a round trip through JSON, as a UI sends the
// events back.
func sentBack(t testing.TB, changes []toolgen.FileChange) []toolgen.FileChange {
	t.Helper()
	data, err := json.Marshal(changes)
	require.NoError(t, err)
	var decoded []toolgen.FileChange
	require.NoError(t, json.Unmarshal(data, &decoded))
	return decoded
}

// touch writes empty files below the root, making their directories.
func (e *fileEnv) touch(names ...string) {
	e.t.Helper()
	for _, name := range names {
		e.write(name, "")
	}
}

// read returns a file's content below the root.
func (e *fileEnv) read(name string) string {
	e.t.Helper()
	data, err := os.ReadFile(filepath.Join(e.root, name))
	require.NoError(e.t, err)
	return string(data)
}

func putFile(t testing.TB, path, content string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
}

// jsonArgs writes a JSON object from name, value pairs. Strings are written
// byte for byte (only quotes, backslashes and control characters escaped),
// so that invalid UTF-8 reaches the tool's decoder as a model would send it.
func jsonArgs(pairs ...any) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := 0; i+1 < len(pairs); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(rawJSONString(pairs[i].(string)))
		b.WriteByte(':')
		switch v := pairs[i+1].(type) {
		case string:
			b.WriteString(rawJSONString(v))
		default:
			fmt.Fprint(&b, v)
		}
	}
	b.WriteByte('}')
	return b.String()
}

func rawJSONString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20:
			fmt.Fprintf(&b, `\u%04x`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// fileState is what a snapshot records of one file system entry.
type fileState struct {
	mode    os.FileMode
	modTime int64
	content string // a file's content or a link's target
}

// snapshotTree records every entry below dir (dir itself excluded), without
// following links, leaving out the subtree skip.
func snapshotTree(t testing.TB, dir, skip string) map[string]fileState {
	t.Helper()
	out := map[string]fileState{}
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if path == skip {
			return filepath.SkipDir
		}
		if path == dir {
			return nil
		}
		st := fileState{mode: info.Mode(), modTime: info.ModTime().UnixNano()}
		switch {
		case info.Mode()&os.ModeSymlink != 0:
			st.content, err = os.Readlink(path)
		case info.Mode().IsRegular():
			var data []byte
			data, err = os.ReadFile(path)
			st.content = string(data)
		}
		out[path] = st
		return err
	})
	require.NoError(t, err)
	return out
}

// requireSameTree fails with every difference between two snapshots.
func requireSameTree(t testing.TB, before, after map[string]fileState) {
	t.Helper()
	var diffs []string
	for path, b := range before {
		a, ok := after[path]
		switch {
		case !ok:
			diffs = append(diffs, "deleted: "+path)
		case a != b:
			diffs = append(diffs, fmt.Sprintf("changed: %s: %+v -> %+v", path, b, a))
		}
	}
	for path := range after {
		if _, ok := before[path]; !ok {
			diffs = append(diffs, "created: "+path)
		}
	}
	sort.Strings(diffs)
	require.Empty(t, diffs, "the outside of the workspace changed")
}
