package builtin

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// setHook sets a test hook for the duration of a test.
func setHook[T any](t *testing.T, hook *T, v T) {
	var zero T
	*hook = v
	t.Cleanup(func() { *hook = zero })
}

func testFiles(t *testing.T, opts ...FileOption) (*files, string) {
	t.Helper()
	dir := t.TempDir()
	w, err := NewWorkspace(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	f := &files{ws: w, maxRead: DefaultMaxReadBytes, maxResults: DefaultMaxResults, maxEdit: DefaultMaxEditBytes}
	for _, opt := range opts {
		opt(f)
	}
	return f, dir
}

func wantResult(t *testing.T, what string, got string, err error, want string) {
	t.Helper()
	if err != nil {
		t.Errorf("%s: %v", what, err)
	} else if got != want {
		t.Errorf("%s:\n got %q\nwant %q", what, got, want)
	}
}

func wantError(t *testing.T, what string, got string, err error, want string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error, result %q", what, got)
	} else if err.Error() != want {
		t.Errorf("%s:\n got error %q\nwant error %q", what, err, want)
	}
}

// A directory or a file a walk cannot read is reported: the tools never
// answer that nothing is there when they could not look. (Root reads any
// directory whatever its mode, so the failure is injected.)
func TestWalkProblemsAreReported(t *testing.T) {
	f, dir := testFiles(t)
	ctx := context.Background()
	writeTestFile(t, filepath.Join(dir, "a/found.go"), "needle\n")
	writeTestFile(t, filepath.Join(dir, "b/hidden.go"), "needle\n")
	writeTestFile(t, filepath.Join(dir, "c/unopened.txt"), "needle\n")
	writeTestFile(t, filepath.Join(dir, "c/ok.txt"), "needle\n")
	setHook(t, &testHookWalkOpen, func(name string) error {
		switch name {
		case "b":
			return syscall.EACCES
		case "c/unopened.txt":
			return syscall.EMFILE
		}
		return nil
	})
	const bad = `path "b" cannot be accessed (permission denied)`

	got, err := f.Glob(ctx, "**/*.go", nil)
	wantResult(t, "glob with a match", got, err, "a/found.go\n[part of the tree could not be read: "+bad+"]")
	got, err = f.Glob(ctx, "b/*.go", nil)
	wantError(t, "glob in the unreadable directory", got, err, `path "b/*.go" cannot be accessed (permission denied)`)
	got, err = f.Glob(ctx, "**/hidden.go", nil)
	wantError(t, "glob without a match", got, err, `no files match "**/hidden.go" in what could be read, but part of the tree could not be read: `+bad)

	got, err = f.SearchFiles(ctx, "needle", nil, nil)
	wantResult(t, "search_files", got, err, "a/found.go:1: needle\nc/ok.txt:1: needle\n[part of the tree could not be read: "+bad+`; path "c/unopened.txt" failed: too many open files]`)
	got, err = f.SearchFiles(ctx, "needle", nil, ptrTo("hidden.go"))
	wantError(t, "search_files without a match", got, err, `no matches for "needle" in what could be read, but part of the tree could not be read: `+bad)

	yes := true
	got, err = f.ListFiles(ctx, nil, &yes)
	wantResult(t, "list_files", got, err, "a/\na/found.go\nb/\nc/\nc/ok.txt\nc/unopened.txt\n[part of the tree could not be read: "+bad+"]")
	got, err = f.ListFiles(ctx, ptrTo("b"), &yes)
	wantError(t, "list_files of the unreadable directory", got, err, bad)
}

// More problems than a result shows are counted.
func TestWalkProblemsAreCapped(t *testing.T) {
	f, dir := testFiles(t)
	for _, d := range []string{"d1", "d2", "d3", "d4", "d5", "d6", "d7"} {
		writeTestFile(t, filepath.Join(dir, d, "x"), "")
	}
	setHook(t, &testHookWalkOpen, func(name string) error {
		if name != "." {
			return syscall.EIO
		}
		return nil
	})
	got, err := f.Glob(context.Background(), "**/x", nil)
	wantError(t, "glob", got, err, `no files match "**/x" in what could be read, but part of the tree could not be read: `+
		`path "d1" failed: input/output error; path "d2" failed: input/output error; path "d3" failed: input/output error; `+
		`path "d4" failed: input/output error; path "d5" failed: input/output error; and 2 more`)
}

// A walk stops as soon as its context is done, and holds few directories
// open whatever the depth.
func TestWalkStopsWhenCancelled(t *testing.T) {
	f, dir := testFiles(t)
	for _, d := range []string{"a", "b", "c", "d"} {
		writeTestFile(t, filepath.Join(dir, d, "sub", "x"), "")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var read []string
	setHook(t, &testHookWalkOpen, func(name string) error {
		read = append(read, name)
		if name == "a" {
			cancel()
		}
		return nil
	})
	_, err := f.Glob(ctx, "**/x", nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("glob: %v", err)
	}
	if strings.Join(read, " ") != ". a" {
		t.Errorf("directories read: %q, want [. a]", read)
	}
}

// failingWriter fails once n bytes are written.
type failingWriter struct {
	w   io.Writer
	n   int
	err error
}

func (f *failingWriter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		n, _ := f.w.Write(p[:f.n])
		f.n = 0
		return n, f.err
	}
	f.n -= len(p)
	return f.w.Write(p)
}

// A write that fails half way (a full disk) leaves the old content whole,
// and no new file behind.
func TestFailedWriteLeavesTheOldContent(t *testing.T) {
	f, dir := testFiles(t)
	ctx := context.Background()
	old := strings.Repeat("old\n", 100_000)
	writeTestFile(t, filepath.Join(dir, "f.txt"), old)
	if err := os.Chmod(filepath.Join(dir, "f.txt"), 0o600); err != nil {
		t.Fatal(err)
	}
	setHook(t, &testHookWrite, func(w io.Writer) io.Writer {
		return &failingWriter{w: w, n: 100_000, err: syscall.ENOSPC}
	})
	const want = `path "f.txt" could not be written (no space left on device); the file was left as it was`

	got, err := f.WriteFile(ctx, "f.txt", strings.Repeat("new\n", 100_000))
	wantError(t, "write_file", got, err, want)
	got, err = f.EditFile(ctx, "f.txt", "old", "new", ptrTo(true))
	wantError(t, "edit_file", got, err, want)
	got, err = f.WriteFile(ctx, "sub/new.txt", strings.Repeat("new\n", 100_000))
	wantError(t, "write_file of a new file", got, err, `path "sub/new.txt" could not be written (no space left on device); the file was left as it was`)

	checkDir(t, dir, "f.txt", "sub")
	checkDir(t, filepath.Join(dir, "sub"))
	if data, _ := os.ReadFile(filepath.Join(dir, "f.txt")); string(data) != old {
		t.Errorf("f.txt changed: %d bytes", len(data))
	}
	if info, err := os.Stat(filepath.Join(dir, "f.txt")); err != nil || info.Mode() != 0o600 {
		t.Errorf("f.txt: %v, %v", info.Mode(), err)
	}

	// A cancelled write is the same: the old content stays.
	cctx, cancel := context.WithCancel(ctx)
	setHook(t, &testHookWrite, func(w io.Writer) io.Writer {
		cancel()
		return w
	})
	_, err = f.WriteFile(cctx, "f.txt", "new\n")
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled write_file: %v", err)
	}
	checkDir(t, dir, "f.txt", "sub")
	if data, _ := os.ReadFile(filepath.Join(dir, "f.txt")); string(data) != old {
		t.Errorf("f.txt changed: %d bytes", len(data))
	}
}

// checkDir fails unless dir holds exactly the names want.
func checkDir(t *testing.T, dir string, want ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != strings.Join(want, " ") {
		t.Errorf("%s holds %q, want %q", dir, names, want)
	}
}

// slowWriter writes a little at a time.
type slowWriter struct{ w io.Writer }

func (s slowWriter) Write(p []byte) (int, error) {
	n := 0
	for len(p) > 0 {
		chunk := p[:min(len(p), 4096)]
		m, err := s.w.Write(chunk)
		n += m
		if err != nil {
			return n, err
		}
		p = p[len(chunk):]
		time.Sleep(5 * time.Millisecond)
	}
	return n, nil
}

// TestSlowWriterChild is the child of TestKilledWriterLeavesTheOldContent:
// it replaces f.txt slowly, to be killed half way.
func TestSlowWriterChild(t *testing.T) {
	dir := os.Getenv("BUILTIN_TEST_SLOW_WRITER_DIR")
	if dir == "" {
		t.Skip("run by TestKilledWriterLeavesTheOldContent")
	}
	w, err := NewWorkspace(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	f := &files{ws: w, maxRead: DefaultMaxReadBytes, maxResults: DefaultMaxResults, maxEdit: DefaultMaxEditBytes}
	testHookWrite = func(w io.Writer) io.Writer { return slowWriter{w} }
	// 1.2 MB at 4 KiB every 5 ms: about 1.5 s, for the parent to kill.
	_, err = f.EditFile(context.Background(), "f.txt", "old", "new", ptrTo(true))
	t.Fatalf("the child was not killed before the end of the write: %v", err)
}
