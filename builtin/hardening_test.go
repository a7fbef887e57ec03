package builtin_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/builtin"
)

// Hostile arguments: no call may hang, take the memory of the machine, or
// answer that something is absent when it could not look.

// callWithin calls a tool and fails the test if it takes longer than d. A
// bound on a hang, not a measure of speed: d is far above what the call
// takes.
func callWithin(t *testing.T, d time.Duration, ctx context.Context, tool toolgen.Tool, args string) (toolgen.Result, error) {
	t.Helper()
	type outcome struct {
		res toolgen.Result
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		res, err := tool.Call(ctx, []byte(args))
		done <- outcome{res, err}
	}()
	select {
	case o := <-done:
		return o.res, o.err
	case <-time.After(d):
		t.Fatalf("%s %s did not return within %s", tool.Name, args, d)
		return toolgen.Result{}, nil
	}
}

// deepDir makes depth nested directories below root and returns the
// deepest, relative to root.
func deepDir(t *testing.T, root string, depth int) string {
	t.Helper()
	parts := make([]string, depth)
	for i := range parts {
		parts[i] = fmt.Sprintf("d%02d", i)
	}
	rel := filepath.Join(parts...)
	require.NoError(t, os.MkdirAll(filepath.Join(root, rel), 0o755))
	return rel
}

// A pattern of many ** used to take time exponential in their number: 20
// of them against a file 12 directories deep ran for minutes, deaf to its
// context.
func TestGlobRepeatedDoubleStars(t *testing.T) {
	e := newFileEnv(t)
	name := strings.Repeat("n", 33) + ".txt"
	deep := filepath.ToSlash(deepDir(t, e.root, 12))
	e.write(deep+"/"+name, "needle\n")
	e.write(deep+"/other.txt", "needle\n")
	pattern := strings.Repeat("**/", 20) + name
	require.Len(t, pattern, 97)

	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	res, err := callWithin(t, time.Second, ctx, e.tools[builtin.ToolGlob], jsonArgs("pattern", pattern))
	require.NoError(t, err)
	require.Equal(t, deep+"/"+name, res.Text())
	res, err = callWithin(t, time.Second, ctx, e.tools[builtin.ToolSearchFiles], jsonArgs("pattern", "needle", "glob", pattern))
	require.NoError(t, err)
	require.Equal(t, deep+"/"+name+":1: needle", res.Text())
	// ** between other segments, many times over, still matches as it should
	alternating := strings.Repeat("**/d*/", 6) + "**/" + name
	require.Equal(t, deep+"/"+name, e.ok(builtin.ToolGlob, jsonArgs("pattern", alternating)))
	require.Equal(t, `no files match "**/d*/**/x/**/`+name+`"`, e.ok(builtin.ToolGlob, jsonArgs("pattern", "**/d*/**/x/**/"+name)))
}

// Patterns are bounded, with a message saying so.
func TestGlobPatternLimits(t *testing.T) {
	e := newFileEnv(t)
	e.write("a.go", "x\n")
	stars := strings.Repeat("**/a/", 17) + "*.go"
	require.Equal(t, fmt.Sprintf("pattern %q has 17 ** segments; the limit is 16", stars), e.fail(builtin.ToolGlob, jsonArgs("pattern", stars)))
	require.Equal(t, fmt.Sprintf("glob %q has 17 ** segments; the limit is 16", stars), e.fail(builtin.ToolSearchFiles, jsonArgs("pattern", "x", "glob", stars)))
	long := strings.Repeat("a", 1000) + "/" + strings.Repeat("b", 24)
	require.Equal(t, "pattern is too long (1025 bytes; the limit is 1024)", e.fail(builtin.ToolGlob, jsonArgs("pattern", long)))
	require.Equal(t, "glob is too long (1025 bytes; the limit is 1024)", e.fail(builtin.ToolSearchFiles, jsonArgs("pattern", "x", "glob", long)))
	// runs of ** count as one
	require.Equal(t, "a.go", e.ok(builtin.ToolGlob, jsonArgs("pattern", strings.Repeat("**/", 200)+"*.go")))
}

// A cancelled context stops a walk: the call fails with the context's
// error instead of answering.
func TestWalksStopWhenCancelled(t *testing.T) {
	e := newFileEnv(t)
	for i := range 50 {
		e.write(fmt.Sprintf("d%02d/f.txt", i), "needle\n")
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	for name, args := range map[toolgen.ToolName]string{
		builtin.ToolGlob:        jsonArgs("pattern", "**/f.txt"),
		builtin.ToolSearchFiles: jsonArgs("pattern", "needle"),
		builtin.ToolListFiles:   jsonArgs("recursive", true),
	} {
		_, err := callWithin(t, 5*time.Second, ctx, e.tools[name], args)
		require.ErrorIs(t, err, context.Canceled, name)
	}
}

// fewFilesEnv names the tree a re-executed test binary walks with few
// descriptors.
const fewFilesEnv = "BUILTIN_TEST_FEW_FILES_TREE"

// With a low limit of open files, a walk that held a descriptor per level
// failed deep down, took the failure for an unreadable directory, skipped
// it, and answered that nothing matched. The walk is made in a child
// process whose limit is 20 descriptors, in a tree 60 levels deep.
func TestDeepTreeWithFewDescriptors(t *testing.T) {
	if dir := os.Getenv(fewFilesEnv); dir != "" {
		walkWithFewDescriptors(t, dir)
		return
	}
	if runtime.GOOS != "linux" {
		t.Skip("the limit of open files is set with Linux's setrlimit")
	}
	root := t.TempDir()
	deep := filepath.ToSlash(deepDir(t, root, 60))
	putFile(t, filepath.Join(root, deep, "deep.txt"), "needle\n")

	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestDeepTreeWithFewDescriptors$", "-test.count=1")
	cmd.Env = append(os.Environ(), fewFilesEnv+"="+root)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	var got map[string]string
	_, js, ok := strings.Cut(string(out), "RESULTS ")
	require.True(t, ok, "%s", out)
	js, _, _ = strings.Cut(js, "\n")
	require.NoError(t, json.Unmarshal([]byte(js), &got), "%s", out)
	require.Equal(t, map[string]string{
		"glob":   deep + "/deep.txt",
		"search": deep + "/deep.txt:1: needle",
		"list":   deep + "/deep.txt",
		"limit":  "20",
	}, got)
}

// walkWithFewDescriptors is the child's part: the calls, with at most 20
// open files, their results printed as JSON.
func walkWithFewDescriptors(t *testing.T, dir string) {
	e := openFileEnv(t, dir, builtin.MaxResults(1000))
	require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_NOFILE, &syscall.Rlimit{Cur: 20, Max: 20}))
	var lim syscall.Rlimit
	require.NoError(t, syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim))
	got := map[string]string{
		"glob":   e.call(builtin.ToolGlob, jsonArgs("pattern", "**/deep.txt")).Text(),
		"search": e.call(builtin.ToolSearchFiles, jsonArgs("pattern", "needle")).Text(),
		"limit":  fmt.Sprint(lim.Cur),
	}
	list := e.call(builtin.ToolListFiles, jsonArgs("recursive", true)).Text()
	got["list"] = list[strings.LastIndexByte(list, '\n')+1:]
	js, err := json.Marshal(got)
	require.NoError(t, err)
	fmt.Printf("RESULTS %s\n", js)
}

// Where permissions are enforced (not for root), an unreadable directory
// is reported, never taken for an empty one.
func TestWalksReportUnreadableDirectories(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads any directory; TestWalkProblemsAreReported injects the failure instead")
	}
	e := newFileEnv(t)
	e.write("locked/inside.go", "needle\n")
	locked := filepath.Join(e.root, "locked")
	require.NoError(t, os.Chmod(locked, 0))
	t.Cleanup(func() { os.Chmod(locked, 0o755) })
	require.Equal(t, `no files match "**/*.go" in what could be read, but part of the tree could not be read: path "locked" cannot be accessed (permission denied)`,
		e.fail(builtin.ToolGlob, jsonArgs("pattern", "**/*.go")))
}

// --- edit_file and read_file on huge files ---

// sparseFile makes a file of size bytes that takes no room on disk: 2,000
// lines of text (more than read_file looks at to tell text from binary),
// then NUL bytes.
func sparseFile(t *testing.T, path string, size int64) {
	t.Helper()
	putFile(t, path, strings.Repeat("hello\n", 2000))
	require.NoError(t, os.Truncate(path, size))
}

// edit_file read the whole file, whatever its size: a 2 GiB file took
// 6 GiB of memory. It is refused before it is read.
func TestEditFileRefusesAHugeFile(t *testing.T) {
	e := newFileEnv(t)
	const size = 2 << 30
	sparseFile(t, filepath.Join(e.root, "big.txt"), size)

	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res, err := callWithin(t, 5*time.Second, t.Context(), e.tools[builtin.ToolEditFile], jsonArgs("path", "big.txt", "old_string", "hello", "new_string", "bye"))
	runtime.ReadMemStats(&after)
	require.NoError(t, err)
	require.True(t, res.IsError, res.Text())
	require.Equal(t, `path "big.txt" is too large to edit (2147483648 bytes; edit_file edits files up to 16777216 bytes); write_file can replace it whole`, res.Text())
	require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(1<<20), "bytes allocated to refuse a 2 GiB file")
	info, err := os.Stat(filepath.Join(e.root, "big.txt"))
	require.NoError(t, err)
	require.Equal(t, int64(size), info.Size())
}

func TestMaxEditBytes(t *testing.T) {
	e := newFileEnv(t, builtin.MaxEditBytes(10))
	e.write("ten.txt", "0123456789")
	e.write("eleven.txt", "0123456789a")
	require.Equal(t, "edited ten.txt: 1 occurrence replaced", e.ok(builtin.ToolEditFile, jsonArgs("path", "ten.txt", "old_string", "0", "new_string", "x")))
	require.Equal(t, `path "eleven.txt" is too large to edit (11 bytes; edit_file edits files up to 10 bytes); write_file can replace it whole`,
		e.fail(builtin.ToolEditFile, jsonArgs("path", "eleven.txt", "old_string", "0", "new_string", "x")))
	require.Equal(t, "0123456789a", e.read("eleven.txt"))
}

// read_file of a huge file read on past its context's end: reaching the
// line after a 1 TiB line of NUL bytes reads it all.
func TestReadFileStopsWhenCancelled(t *testing.T) {
	e := newFileEnv(t)
	sparseFile(t, filepath.Join(e.root, "huge.txt"), 1<<40)
	ctx, cancel := context.WithTimeout(t.Context(), 100*time.Millisecond)
	defer cancel()
	_, err := callWithin(t, 5*time.Second, ctx, e.tools[builtin.ToolReadFile], jsonArgs("path", "huge.txt", "offset", 2002))
	require.ErrorIs(t, err, context.DeadlineExceeded)

	cancelled, cancel2 := context.WithCancel(t.Context())
	cancel2()
	_, err = callWithin(t, 5*time.Second, cancelled, e.tools[builtin.ToolReadFile], jsonArgs("path", "huge.txt"))
	require.ErrorIs(t, err, context.Canceled)
}

// --- paths resolved as the kernel resolves them ---

// "link/.." is the parent of the link's target, not the directory holding
// the link: cleaning paths as text made them name other files.
func TestDotDotAfterALinkIsResolvedAsTheKernelDoes(t *testing.T) {
	e := newFileEnv(t)
	e.write("x", "root x\n")
	e.write("a/x", "a x\n")
	e.write("a/b/c/keep", "")
	e.write("sub/y", "sub y\n")
	require.NoError(t, os.Symlink("a/b", filepath.Join(e.root, "lnk")))
	require.NoError(t, os.Symlink(".", filepath.Join(e.root, "self")))

	// What the kernel reads through the same spelling.
	kernel, err := os.ReadFile(e.root + "/lnk/../x")
	require.NoError(t, err)
	require.Equal(t, "a x\n", string(kernel))
	require.Equal(t, "     1\ta x", e.ok(builtin.ToolReadFile, jsonArgs("path", "lnk/../x")))
	require.Equal(t, "     1\ta x", e.ok(builtin.ToolReadFile, jsonArgs("path", e.root+"/lnk/../x")))
	require.Equal(t, "lnk/../x:1: a x", e.ok(builtin.ToolSearchFiles, jsonArgs("pattern", "x", "path", "lnk/../x")))
	require.Equal(t, "lnk/../b/\nlnk/../x", e.ok(builtin.ToolListFiles, jsonArgs("path", "lnk/..")))
	require.Equal(t, "lnk/../x", e.ok(builtin.ToolGlob, jsonArgs("pattern", "lnk/../?")))
	require.Equal(t, "created lnk/../new.txt (4 bytes)", e.ok(builtin.ToolWriteFile, jsonArgs("path", "lnk/../new.txt", "content", "new\n")))
	require.Equal(t, "new\n", e.read("a/new.txt"))
	require.NoFileExists(t, filepath.Join(e.root, "new.txt"))
	require.Equal(t, "edited lnk/../x: 1 occurrence replaced", e.ok(builtin.ToolEditFile, jsonArgs("path", "lnk/../x", "old_string", "a x", "new_string", "A X")))
	require.Equal(t, "A X\n", e.read("a/x"))
	require.Equal(t, "root x\n", e.read("x"))

	// self is the root: self/.. is the root's parent, outside (os.Root,
	// like the kernel, goes up from the link's target).
	for name, args := range map[toolgen.ToolName]string{
		builtin.ToolReadFile:    jsonArgs("path", "self/../x"),
		builtin.ToolSearchFiles: jsonArgs("pattern", "x", "path", "self/../x"),
		builtin.ToolListFiles:   jsonArgs("path", "self/.."),
		builtin.ToolGlob:        jsonArgs("pattern", "self/../*"),
		builtin.ToolWriteFile:   jsonArgs("path", "self/../x", "content", "y"),
		builtin.ToolEditFile:    jsonArgs("path", "self/../x", "old_string", "root", "new_string", "y"),
	} {
		var path string
		if name == builtin.ToolGlob {
			path = "self/../*"
		} else if name == builtin.ToolListFiles {
			path = "self/.."
		} else {
			path = "self/../x"
		}
		require.Equal(t, fmt.Sprintf("path %q is outside the workspace", path), e.fail(name, args), name)
	}
	require.Equal(t, "root x\n", e.read("x"))
	// A real directory's .. is its parent, as before.
	require.Equal(t, "     1\troot x", e.ok(builtin.ToolReadFile, jsonArgs("path", "sub/../x")))
	require.Equal(t, `path "sub/.." is the workspace root, not a file`, e.fail(builtin.ToolWriteFile, jsonArgs("path", "sub/..", "content", "y")))
}

// --- atomic writes ---

// tempFiles lists the files a replacement left in dir, other than want.
func leftovers(t *testing.T, dir string, want ...string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var left []string
	for _, e := range entries {
		if !strings.Contains(strings.Join(want, "\x00")+"\x00", e.Name()+"\x00") {
			left = append(left, e.Name())
		}
	}
	return left
}

// Writing through a link writes the file it leads to; the link stays.
func TestWritesGoThroughLinks(t *testing.T) {
	e := newFileEnv(t)
	e.write("target.txt", "old\n")
	require.NoError(t, os.Chmod(filepath.Join(e.root, "target.txt"), 0o640))
	require.NoError(t, os.Symlink("target.txt", filepath.Join(e.root, "link.txt")))
	require.NoError(t, os.Symlink("missing.txt", filepath.Join(e.root, "dangling.txt")))

	require.Equal(t, "replaced link.txt (4 bytes)", e.ok(builtin.ToolWriteFile, jsonArgs("path", "link.txt", "content", "new\n")))
	require.Equal(t, "edited link.txt: 1 occurrence replaced", e.ok(builtin.ToolEditFile, jsonArgs("path", "link.txt", "old_string", "new", "new_string", "edited")))
	require.Equal(t, "edited\n", e.read("target.txt"))
	target, err := os.Readlink(filepath.Join(e.root, "link.txt"))
	require.NoError(t, err)
	require.Equal(t, "target.txt", target)
	info, err := os.Stat(filepath.Join(e.root, "target.txt"))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o640), info.Mode())

	require.Equal(t, "created dangling.txt (1 bytes)", e.ok(builtin.ToolWriteFile, jsonArgs("path", "dangling.txt", "content", "x")))
	require.Equal(t, "x", e.read("missing.txt"))
	require.Empty(t, leftovers(t, e.root, "target.txt", "link.txt", "dangling.txt", "missing.txt"))
}

// A writer killed in the middle of a write leaves the old content, whole:
// the new content goes to another file, renamed over the old one when
// complete. The writer is a child process that writes slowly.
func TestKilledWriterLeavesTheOldContent(t *testing.T) {
	if os.Getenv(slowWriterEnv) != "" {
		t.Skip("the child runs TestSlowWriterChild")
	}
	dir := t.TempDir()
	old := strings.Repeat("old content\n", 100_000)
	putFile(t, filepath.Join(dir, "f.txt"), old)
	require.NoError(t, os.Chmod(filepath.Join(dir, "f.txt"), 0o600))

	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestSlowWriterChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), slowWriterEnv+"="+dir)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	require.NoError(t, cmd.Start())
	// Wait until the new content is partly written, then kill the writer.
	deadline := time.Now().Add(30 * time.Second)
	written := false
	for !written && time.Now().Before(deadline) {
		for _, name := range leftovers(t, dir, "f.txt") {
			if info, err := os.Stat(filepath.Join(dir, name)); err == nil && info.Size() >= 64<<10 {
				written = true
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	require.NoError(t, cmd.Process.Kill())
	err := cmd.Wait()
	require.True(t, written, "the child wrote nothing: %s", out.String())
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit), "%v: %s", err, out.String())
	require.Equal(t, old, readFile(t, filepath.Join(dir, "f.txt")), "the old content, whole")
	info, err := os.Stat(filepath.Join(dir, "f.txt"))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), info.Mode())
}

const slowWriterEnv = "BUILTIN_TEST_SLOW_WRITER_DIR"

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(data)
}
