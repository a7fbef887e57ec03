package builtin_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/builtin"
)

func toolNames(tools []toolgen.Tool) []toolgen.ToolName {
	var names []toolgen.ToolName
	for _, t := range tools {
		names = append(names, t.Name)
	}
	return names
}

func TestFileToolsOptions(t *testing.T) {
	dir := t.TempDir()
	all, err := builtin.FileTools(dir)
	require.NoError(t, err)
	require.Equal(t, []toolgen.ToolName{builtin.ToolReadFile, builtin.ToolListFiles, builtin.ToolSearchFiles, builtin.ToolGlob, builtin.ToolWriteFile, builtin.ToolEditFile, builtin.ToolDeleteFile}, toolNames(all))
	for _, tool := range all {
		writes := tool.Name == builtin.ToolWriteFile || tool.Name == builtin.ToolEditFile || tool.Name == builtin.ToolDeleteFile
		assert.Equal(t, !writes, tool.Annotations.ReadOnly, "%s ReadOnly", tool.Name)
		assert.Equal(t, writes, tool.RequiresApproval, "%s RequiresApproval", tool.Name)
		assert.Equal(t, tool.Name == builtin.ToolDeleteFile, tool.Annotations.Destructive, "%s Destructive", tool.Name)
		assert.NotEmpty(t, tool.Description, tool.Name)
	}

	ro, err := builtin.FileTools(dir, builtin.ReadOnly())
	require.NoError(t, err)
	require.Equal(t, []toolgen.ToolName{builtin.ToolReadFile, builtin.ToolListFiles, builtin.ToolSearchFiles, builtin.ToolGlob}, toolNames(ro))

	free, err := builtin.FileTools(dir, builtin.FilesWithoutApproval())
	require.NoError(t, err)
	require.Len(t, free, 7)
	for _, tool := range free {
		// delete_file is destructive: it still asks.
		assert.Equal(t, tool.Name == builtin.ToolDeleteFile, tool.RequiresApproval, tool.Name)
	}
}

// TestFileToolsOptionErrors: a bad value is an error naming the option and
// the value (every bad option at once); nothing is clamped.
func TestFileToolsOptionErrors(t *testing.T) {
	dir := t.TempDir()
	_, err := builtin.FileTools(dir, builtin.MaxReadBytes(0), builtin.MaxResults(-1), builtin.MaxEditBytes(0), nil)
	require.EqualError(t, err, strings.Join([]string{
		"builtin.MaxReadBytes(0): must be at least 1",
		"builtin.MaxResults(-1): must be at least 1",
		"builtin.MaxEditBytes(0): must be at least 1",
		"builtin: nil option",
	}, "\n"))
	ws := openWorkspace(t, dir)
	_, err = ws.FileTools(builtin.MaxResults(0))
	require.EqualError(t, err, "builtin.MaxResults(0): must be at least 1")
	tools, err := ws.FileTools(builtin.MaxResults(1))
	require.NoError(t, err)
	require.Len(t, tools, 7)
}

func TestFileToolsNeedADirectory(t *testing.T) {
	dir := t.TempDir()
	_, err := builtin.FileTools(filepath.Join(dir, "missing"))
	require.ErrorContains(t, err, "missing")

	file := filepath.Join(dir, "file.txt")
	putFile(t, file, "x")
	_, err = builtin.FileTools(file)
	require.ErrorContains(t, err, "is not a directory")
}

func TestWorkspaceDirResolvesLinks(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	require.NoError(t, os.Mkdir(real, 0o755))
	require.NoError(t, os.Symlink(real, filepath.Join(dir, "link")))
	ws := openWorkspace(t, filepath.Join(dir, "link"))
	require.Equal(t, real, ws.Dir())

	// An absolute path is inside the workspace in either spelling.
	putFile(t, filepath.Join(real, "a.txt"), "hello\n")
	e := openFileEnv(t, filepath.Join(dir, "link"))
	require.Equal(t, "     1\thello", e.ok(builtin.ToolReadFile, jsonArgs("path", filepath.Join(dir, "link", "a.txt"))))
	require.Equal(t, "     1\thello", e.ok(builtin.ToolReadFile, jsonArgs("path", filepath.Join(real, "a.txt"))))
	require.Contains(t, e.fail(builtin.ToolReadFile, jsonArgs("path", filepath.Join(dir, "a.txt"))), "is outside the workspace")
}

// --- read_file ---

func TestReadFile(t *testing.T) {
	e := newFileEnv(t)
	e.write("a.txt", "alpha\nbeta\ngamma\n")
	e.write("noeol.txt", "one\ntwo")
	e.write("crlf.txt", "one\r\ntwo\r\n\r\nfour")
	e.write("empty.txt", "")
	e.write("blank.txt", "\n")
	e.write("sub/b.txt", "x\n")
	read := func(a string) string { return e.ok(builtin.ToolReadFile, a) }

	require.Equal(t, "     1\talpha\n     2\tbeta\n     3\tgamma", read(jsonArgs("path", "a.txt")))
	require.Equal(t, "     1\tone\n     2\ttwo", read(jsonArgs("path", "noeol.txt")))
	require.Equal(t, "     1\tone\n     2\ttwo\n     3\t\n     4\tfour", read(jsonArgs("path", "crlf.txt")))
	require.Equal(t, "(empty file)", read(jsonArgs("path", "empty.txt")))
	require.Equal(t, "     1\t", read(jsonArgs("path", "blank.txt")))
	require.Equal(t, "     1\tx", read(jsonArgs("path", "sub/b.txt")))
	require.Equal(t, "     1\tx", read(jsonArgs("path", "./sub/../sub/b.txt")))
	require.Equal(t, "     1\tx", read(jsonArgs("path", filepath.Join(e.root, "sub/b.txt"))))

	// offset and limit
	require.Equal(t, "     2\tbeta\n     3\tgamma", read(jsonArgs("path", "a.txt", "offset", 2)))
	require.Equal(t, "     2\tbeta\n[... the file goes on: read from offset 3]", read(jsonArgs("path", "a.txt", "offset", 2, "limit", 1)))
	require.Equal(t, "     1\talpha\n     2\tbeta\n     3\tgamma", read(jsonArgs("path", "a.txt", "limit", 3)))
	require.Equal(t, "     3\tgamma", read(jsonArgs("path", "a.txt", "offset", 3, "limit", 1)))
	require.Equal(t, "offset 4 is past the end of the file (3 lines)", read(jsonArgs("path", "a.txt", "offset", 4)))
	require.Equal(t, "offset 9223372036854775807 is past the end of the file (3 lines)", read(jsonArgs("path", "a.txt", "offset", int64(1<<63-1))))
	// offset+limit overflows: the whole file, not "read from offset 1" forever
	require.Equal(t, "     1\talpha\n     2\tbeta\n     3\tgamma", read(jsonArgs("path", "a.txt", "limit", int64(1<<63-1))))
	require.Equal(t, "     3\tgamma", read(jsonArgs("path", "a.txt", "offset", 3, "limit", int64(1<<63-1))))
	require.Equal(t, "(empty file)", read(jsonArgs("path", "empty.txt", "offset", 5)))

	// The arguments are checked before the tool runs.
	require.Contains(t, e.fail(builtin.ToolReadFile, jsonArgs("path", "a.txt", "offset", 0)), "/offset: 0 is less than the minimum 1")
	require.Contains(t, e.fail(builtin.ToolReadFile, jsonArgs("path", "a.txt", "limit", 0)), "/limit: 0 is less than the minimum 1")
}

func TestReadFileDefaultLimit(t *testing.T) {
	e := newFileEnv(t)
	var b strings.Builder
	for i := 1; i <= 2500; i++ {
		fmt.Fprintf(&b, "l%d\n", i)
	}
	e.write("long.txt", b.String())
	out := e.ok(builtin.ToolReadFile, jsonArgs("path", "long.txt"))
	lines := strings.Split(out, "\n")
	require.Len(t, lines, builtin.DefaultReadLines+1)
	require.Equal(t, "  2000\tl2000", lines[builtin.DefaultReadLines-1])
	require.Equal(t, "[... the file goes on: read from offset 2001]", lines[builtin.DefaultReadLines])
	require.Equal(t, "  2500\tl2500", e.ok(builtin.ToolReadFile, jsonArgs("path", "long.txt", "offset", 2500)))
}

func TestReadFileByteCap(t *testing.T) {
	e := newFileEnv(t, builtin.MaxReadBytes(50))
	var b strings.Builder
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&b, "line %02d\n", i) // "     1\tline 01\n" is 15 bytes
	}
	e.write("lines.txt", b.String())
	require.Equal(t, "     1\tline 01\n     2\tline 02\n     3\tline 03\n[... the file goes on: read from offset 4]",
		e.ok(builtin.ToolReadFile, jsonArgs("path", "lines.txt")))
	require.Equal(t, "     7\tline 07\n     8\tline 08\n     9\tline 09",
		e.ok(builtin.ToolReadFile, jsonArgs("path", "lines.txt", "offset", 7)))
	// limit first, then the byte cap
	require.Equal(t, "     4\tline 04\n[... the file goes on: read from offset 5]",
		e.ok(builtin.ToolReadFile, jsonArgs("path", "lines.txt", "offset", 4, "limit", 1)))
}

func TestReadFileCutsAnOverlongLine(t *testing.T) {
	e := newFileEnv(t, builtin.MaxReadBytes(20))
	e.write("min.js", strings.Repeat("x", 100)+"\nshort\n")
	// 7 bytes of prefix and 13 of the line fit; 87 of its 100 bytes are left.
	require.Equal(t, "     1\t"+strings.Repeat("x", 13)+" [... line cut: 87 more bytes]\n[... the file goes on: read from offset 2]",
		e.ok(builtin.ToolReadFile, jsonArgs("path", "min.js")))
	require.Equal(t, "     2\tshort", e.ok(builtin.ToolReadFile, jsonArgs("path", "min.js", "offset", 2)))

	// cut on a character boundary: 6 é (12 bytes) fit in 13
	e.write("accents.txt", strings.Repeat("é", 50)+"\r\n")
	require.Equal(t, "     1\t"+strings.Repeat("é", 6)+" [... line cut: 88 more bytes]",
		e.ok(builtin.ToolReadFile, jsonArgs("path", "accents.txt")))

	// a budget smaller than the prefix still shows the line number
	tiny := openFileEnv(t, e.root, builtin.MaxReadBytes(1))
	require.Equal(t, "     2\t [... line cut: 5 more bytes]", tiny.ok(builtin.ToolReadFile, jsonArgs("path", "min.js", "offset", 2)))
}

func TestReadFileHugeLineKeepsMemoryBounded(t *testing.T) {
	e := newFileEnv(t, builtin.MaxReadBytes(100))
	// 8 MiB without a newline: longer than any buffer
	big := strings.Repeat("abcdefgh", 1<<20)
	e.write("big.txt", big+"\r\nend\n")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	out := e.ok(builtin.ToolReadFile, jsonArgs("path", "big.txt"))
	runtime.ReadMemStats(&after)
	require.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(2<<20), "bytes allocated to read one 8 MiB line")
	require.Equal(t, "     1\t"+big[:93]+fmt.Sprintf(" [... line cut: %d more bytes]\n[... the file goes on: read from offset 2]", len(big)-93), out)
	require.Equal(t, "     2\tend", e.ok(builtin.ToolReadFile, jsonArgs("path", "big.txt", "offset", 2)))
	// the "\r\n" split across the reader's buffer is one line ending
	e.write("split.txt", strings.Repeat("y", 64<<10-1)+"\r\nz")
	require.Equal(t, fmt.Sprintf("     1\t%s [... line cut: %d more bytes]\n[... the file goes on: read from offset 2]", strings.Repeat("y", 93), 64<<10-1-93),
		e.ok(builtin.ToolReadFile, jsonArgs("path", "split.txt")))
}

func TestReadFileRefusals(t *testing.T) {
	e := newFileEnv(t)
	e.write("nul.bin", "text\x00more")
	e.write("latin1.txt", "caf\xe9\n")
	e.write("late.bin", strings.Repeat("a", 8191)+"é\n") // a character across the sniffed prefix is text
	e.write("a.txt", "x")
	require.NoError(t, os.Mkdir(filepath.Join(e.root, "sub"), 0o755))
	fail := func(path string) string { return e.fail(builtin.ToolReadFile, jsonArgs("path", path)) }

	require.Equal(t, `path "nul.bin" is a binary file (it is not UTF-8 text); read_file reads text files`, fail("nul.bin"))
	require.Equal(t, `path "latin1.txt" is a binary file (it is not UTF-8 text); read_file reads text files`, fail("latin1.txt"))
	require.Equal(t, `path "sub" is a directory, not a file; use list_files`, fail("sub"))
	require.Equal(t, `path "." is a directory, not a file; use list_files`, fail("."))
	require.Equal(t, `path "missing.txt" does not exist`, fail("missing.txt"))
	require.Equal(t, `path "a.txt/x" goes through a file as if it were a directory`, fail("a.txt/x"))
	require.Equal(t, `path "a\x00b" contains a NUL byte`, fail("a\x00b"))
	require.Contains(t, e.ok(builtin.ToolReadFile, jsonArgs("path", "late.bin")), "é")
	require.Contains(t, e.fail(builtin.ToolReadFile, `{}`), "/path: missing (required)")
}

// A FIFO is not a file to read: read_file must say so, not wait forever for
// a writer.
func TestFileToolsDoNotBlockOnAFIFO(t *testing.T) {
	e := newFileEnv(t)
	fifo := filepath.Join(e.root, "pipe")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	calls := []struct {
		tool toolgen.ToolName
		args string
		want string
	}{
		{builtin.ToolReadFile, jsonArgs("path", "pipe"), `path "pipe" is not a regular file`},
		{builtin.ToolSearchFiles, jsonArgs("pattern", "x", "path", "pipe"), `path "pipe" is not a regular file`},
		{builtin.ToolWriteFile, jsonArgs("path", "pipe", "content", "x"), `path "pipe" is not a regular file`},
		{builtin.ToolEditFile, jsonArgs("path", "pipe", "old_string", "x", "new_string", "y"), `path "pipe" is not a regular file`},
		{builtin.ToolDeleteFile, jsonArgs("path", "pipe"), `path "pipe" is not a regular file`},
	}
	for _, c := range calls {
		done := make(chan toolgen.Result, 1)
		go func() {
			res, _ := e.tools[c.tool].Call(t.Context(), []byte(c.args))
			done <- res
		}()
		select {
		case res := <-done:
			require.True(t, res.IsError, "%s: %s", c.tool, res.Text())
			require.Equal(t, c.want, res.Text(), c.tool)
		case <-time.After(20 * time.Second):
			// Unblock the call (open the other end, and close it so that a
			// read ends) so that the goroutine ends.
			if f, err := os.OpenFile(fifo, os.O_RDWR, 0); err == nil {
				f.Close()
			}
			<-done
			t.Fatalf("%s blocked on a FIFO", c.tool)
		}
	}
	// In a directory, the FIFO is skipped.
	require.Equal(t, `no matches for "x"`, e.ok(builtin.ToolSearchFiles, jsonArgs("pattern", "x")))
}

// TestReadFileContinuation reads a large file in parts, following the
// offsets the continuation messages give, and puts it together again.
func TestReadFileContinuation(t *testing.T) {
	e := newFileEnv(t, builtin.MaxReadBytes(4096))
	rng := rand.New(rand.NewPCG(1, 2))
	const total = 50_000
	want := make([]string, total)
	for i := range want {
		var b strings.Builder
		switch n := rng.IntN(100); {
		case n < 5: // empty
		case n < 6: // long
			b.WriteString(strings.Repeat("long ", 20+rng.IntN(600)))
		case n < 11: // multi-byte and tabs
			b.WriteString(strings.Repeat("\té日本", 1+rng.IntN(20)))
		default:
			for range rng.IntN(60) {
				b.WriteByte(byte('a' + rng.IntN(26)))
			}
		}
		want[i] = b.String()
	}
	e.write("big.txt", strings.Join(want, "\n")+"\n")

	var got []string
	offset := 1
	calls := 0
	for ; calls < 20_000; calls++ {
		out := e.ok(builtin.ToolReadFile, jsonArgs("path", "big.txt", "offset", offset))
		body, next, more := strings.Cut(out, "[... the file goes on: read from offset ")
		require.LessOrEqual(t, len(body), 4096, "call %d", calls)
		body = strings.TrimSuffix(body, "\n")
		for _, l := range strings.Split(body, "\n") {
			num, text, ok := strings.Cut(l, "\t")
			require.True(t, ok, "line without a number: %q", l)
			n, err := strconv.Atoi(strings.TrimSpace(num))
			require.NoError(t, err, "line %q", l)
			require.Equal(t, len(got)+1, n, "line numbers must follow each other")
			require.NotContains(t, text, "[... line cut")
			got = append(got, text)
		}
		if !more {
			break
		}
		n, err := strconv.Atoi(strings.TrimSuffix(next, "]"))
		require.NoError(t, err, "continuation %q", next)
		require.Equal(t, len(got)+1, n, "the continuation names the next line")
		offset = n
	}
	require.Less(t, calls, 20_000, "the reads did not reach the end")
	require.Equal(t, len(want), len(got))
	for i := range want {
		require.Equal(t, want[i], got[i], "line %d", i+1)
	}
	require.Greater(t, calls, 100)
}

// --- list_files ---

func TestListFiles(t *testing.T) {
	e := newFileEnv(t)
	e.touch("b.txt", ".hidden", "a/x.txt", "a/y/z.txt", ".git/config", "a/.git/HEAD")
	require.NoError(t, os.Mkdir(filepath.Join(e.root, "empty"), 0o755))
	list := func(a string) string { return e.ok(builtin.ToolListFiles, a) }

	require.Equal(t, ".hidden\na/\nb.txt\nempty/", list(`{}`))
	require.Equal(t, ".hidden\na/\nb.txt\nempty/", list(jsonArgs("path", "")))
	require.Equal(t, ".hidden\na/\nb.txt\nempty/", list(jsonArgs("path", ".")))
	require.Equal(t, ".hidden\na/\nb.txt\nempty/", list(jsonArgs("path", e.root)))
	require.Equal(t, "a/x.txt\na/y/", list(jsonArgs("path", "a")))
	require.Equal(t, "a/x.txt\na/y/", list(jsonArgs("path", "a/")))
	require.Equal(t, ".hidden\na/\na/x.txt\na/y/\na/y/z.txt\nb.txt\nempty/", list(jsonArgs("recursive", true)))
	require.Equal(t, "a/x.txt\na/y/\na/y/z.txt", list(jsonArgs("path", "a", "recursive", true)))
	require.Equal(t, "(empty directory)", list(jsonArgs("path", "empty")))
	require.Equal(t, "(empty directory)", list(jsonArgs("path", "empty", "recursive", true)))
	// .git is left out of listings, but can be listed by name
	require.Equal(t, ".git/config", list(jsonArgs("path", ".git")))

	require.Equal(t, `path "b.txt" is a file, not a directory; use read_file`, e.fail(builtin.ToolListFiles, jsonArgs("path", "b.txt")))
	require.Equal(t, `path "nope" does not exist`, e.fail(builtin.ToolListFiles, jsonArgs("path", "nope")))
}

func TestListFilesCap(t *testing.T) {
	e := newFileEnv(t, builtin.MaxResults(2))
	e.touch("d/1", "d/2", "d/sub/3", "two/1", "two/2")
	const more = "\n[... more not shown: the list stops at 2; narrow the path or pattern]"
	require.Equal(t, "d/1\nd/2"+more, e.ok(builtin.ToolListFiles, jsonArgs("path", "d")))
	require.Equal(t, "d/1\nd/2"+more, e.ok(builtin.ToolListFiles, jsonArgs("path", "d", "recursive", true)))
	require.Equal(t, "d/\nd/1"+more, e.ok(builtin.ToolListFiles, jsonArgs("recursive", true)))
	// exactly as many as the cap: nothing more to say
	require.Equal(t, "two/1\ntwo/2", e.ok(builtin.ToolListFiles, jsonArgs("path", "two")))
	require.Equal(t, "two/1\ntwo/2", e.ok(builtin.ToolListFiles, jsonArgs("path", "two", "recursive", true)))
}

// A directory whose name is not UTF-8, or that cannot be read, does not
// stop a walk of the rest.
func TestWalksSkipWhatTheyCannotRead(t *testing.T) {
	e := newFileEnv(t)
	e.write("a\xff/inner.go", "package x // needle\n")
	e.write("b/ok.go", "package b // needle\n")
	e.write("c/more.go", "package c // needle\n")
	require.Equal(t, "a\xff/\na\xff/inner.go\nb/\nb/ok.go\nc/\nc/more.go", e.ok(builtin.ToolListFiles, jsonArgs("recursive", true)))
	require.Equal(t, "a\xff/inner.go\nb/ok.go\nc/more.go", e.ok(builtin.ToolGlob, jsonArgs("pattern", "**/*.go")))
	require.Equal(t, "a\xff/inner.go:1: package x // needle\nb/ok.go:1: package b // needle\nc/more.go:1: package c // needle",
		e.ok(builtin.ToolSearchFiles, jsonArgs("pattern", "needle")))
}

// --- search_files ---

func TestSearchFiles(t *testing.T) {
	e := newFileEnv(t)
	e.write("a.go", "package a\n\nfunc Foo() {}\nfunc bar() {}\n")
	e.write("b.txt", "Foo here\r\nfoo there\r\n")
	e.write("sub/c.go", "// Foo in a comment\n")
	e.write("sub/deep/d.go", "func Foo2() {}\n")
	e.write("bin.dat", "Foo\x00\x01")
	e.write("latin1.txt", "Foo caf\xe9\n")
	e.write(".git/objects/x", "Foo\n")
	e.write("long.txt", "Foo "+strings.Repeat("é", 400)+"\n")
	search := func(a string) string { return e.ok(builtin.ToolSearchFiles, a) }

	require.Equal(t, "a.go:3: func Foo() {}\nb.txt:1: Foo here\nlong.txt:1: Foo "+strings.Repeat("é", 148)+"…\nsub/c.go:1: // Foo in a comment\nsub/deep/d.go:1: func Foo2() {}",
		search(jsonArgs("pattern", "Foo")))
	require.Equal(t, "a.go:3: func Foo() {}\nsub/c.go:1: // Foo in a comment\nsub/deep/d.go:1: func Foo2() {}",
		search(jsonArgs("pattern", "Foo", "glob", "*.go")))
	require.Equal(t, "sub/c.go:1: // Foo in a comment\nsub/deep/d.go:1: func Foo2() {}",
		search(jsonArgs("pattern", "Foo", "glob", "sub/**/*.go")))
	require.Equal(t, "sub/deep/d.go:1: func Foo2() {}",
		search(jsonArgs("pattern", "Foo", "glob", "sub/*/*.go")))
	require.Equal(t, "sub/c.go:1: // Foo in a comment\nsub/deep/d.go:1: func Foo2() {}",
		search(jsonArgs("pattern", "Foo", "path", "sub")))
	require.Equal(t, "b.txt:1: Foo here", search(jsonArgs("pattern", "Foo", "path", "b.txt")))
	require.Equal(t, "b.txt:1: Foo here", search(jsonArgs("pattern", "Foo", "path", filepath.Join(e.root, "b.txt"))))
	require.Equal(t, "b.txt:1: Foo here\nb.txt:2: foo there", search(jsonArgs("pattern", "(?i)^foo", "path", "b.txt")))
	// glob filters the files of a directory; a file named by path is searched
	require.Equal(t, "b.txt:2: foo there", search(jsonArgs("pattern", "^foo", "path", "b.txt", "glob", "*.go")))

	// Anchors apply to each line, not only to the file's ends.
	require.Equal(t, "a.go:3: func Foo() {}\na.go:4: func bar() {}\nsub/deep/d.go:1: func Foo2() {}", search(jsonArgs("pattern", "^func")))
	require.Equal(t, "b.txt:2: foo there", search(jsonArgs("pattern", `there$`)))
	require.Equal(t, "a.go:4: func bar() {}", search(jsonArgs("pattern", `\Afunc bar`)))

	require.Equal(t, `no matches for "zzz"`, search(jsonArgs("pattern", "zzz")))
	require.Equal(t, `no matches for "Foo"`, search(jsonArgs("pattern", "Foo", "glob", "*.rs")))

	fail := func(a string) string { return e.fail(builtin.ToolSearchFiles, a) }
	require.Equal(t, "pattern \"(\" is not a valid regular expression: error parsing regexp: missing closing ): `(`", fail(jsonArgs("pattern", "(")))
	require.Equal(t, `glob "[" is malformed: syntax error in pattern`, fail(jsonArgs("pattern", "x", "glob", "[")))
	require.Equal(t, `path "nope" does not exist`, fail(jsonArgs("pattern", "x", "path", "nope")))
	// A file named by path that is not searched says why.
	require.Equal(t, `path "bin.dat" is a binary file (it is not UTF-8 text); search_files searches text files`, fail(jsonArgs("pattern", "Foo", "path", "bin.dat")))
	require.Equal(t, `path "latin1.txt" is a binary file (it is not UTF-8 text); search_files searches text files`, fail(jsonArgs("pattern", "Foo", "path", "latin1.txt")))
}

func TestSearchFilesCap(t *testing.T) {
	e := newFileEnv(t, builtin.MaxResults(2))
	e.write("two.txt", "hit 1\nhit 2\n")
	e.write("three/a.txt", "hit 1\nmiss\nhit 3\n")
	e.write("three/b.txt", "hit 1\n")
	require.Equal(t, "three/a.txt:1: hit 1\nthree/a.txt:3: hit 3\n[... more not shown: the list stops at 2; narrow the path or pattern]",
		e.ok(builtin.ToolSearchFiles, jsonArgs("pattern", "hit", "path", "three")))
	// exactly as many matches as the cap: nothing more to say
	require.Equal(t, "two.txt:1: hit 1\ntwo.txt:2: hit 2", e.ok(builtin.ToolSearchFiles, jsonArgs("pattern", "hit", "path", "two.txt")))
	require.Equal(t, "three/a.txt:1: hit 1\nthree/a.txt:3: hit 3", e.ok(builtin.ToolSearchFiles, jsonArgs("pattern", "hit", "glob", "a.txt")))
}

// --- glob ---

func TestGlob(t *testing.T) {
	e := newFileEnv(t)
	for _, name := range []string{
		"main.go", "a.txt", "b.txt", "ab.txt", "c.md",
		"cmd/tool/main.go", "cmd/tool/util.go", "cmd/other/main.go", "cmd/x/y/main.go",
		"internal/z.go", ".git/hooks/h.go", "docs/a-b.go", "docs/a.go",
	} {
		e.write(name, "")
	}
	glob := func(p string) string { return e.ok(builtin.ToolGlob, jsonArgs("pattern", p)) }

	// sorted by path, a directory's files together
	require.Equal(t, "cmd/other/main.go\ncmd/tool/main.go\ncmd/tool/util.go\ncmd/x/y/main.go\ndocs/a-b.go\ndocs/a.go\ninternal/z.go\nmain.go", glob("**/*.go"))
	require.Equal(t, "cmd/other/main.go\ncmd/tool/main.go", glob("cmd/*/main.go"))
	require.Equal(t, "cmd/other/main.go\ncmd/tool/main.go\ncmd/x/y/main.go", glob("cmd/**/main.go"))
	require.Equal(t, "main.go", glob("*.go"))
	require.Equal(t, "main.go", glob("./*.go"))
	require.Equal(t, "a.txt\nb.txt", glob("?.txt"))
	require.Equal(t, "a.txt\nab.txt", glob("a*.txt"))
	require.Equal(t, "a.txt\nc.md", glob("[ac].*"))
	require.Equal(t, "b.txt", glob("[^ac].txt"))
	require.Equal(t, "b.txt", glob("[!ac].txt"))         // the shell's spelling too
	require.Equal(t, "a.txt\nb.txt", glob("[[!ab].txt")) // in a set, [ and ! are members
	require.Equal(t, `no files match "\\[!a].txt"`, glob(`\[!a].txt`))
	require.Equal(t, "internal/z.go", glob(filepath.Join(e.root, "internal/*")))
	require.Equal(t, "cmd/x/y/main.go", glob("cmd/x/y/main.go"))

	require.Equal(t, `no files match "*.rs"`, glob("*.rs"))
	require.Equal(t, `no files match "missing/*.go"`, glob("missing/*.go"))
	require.Equal(t, `no files match "main.go/*"`, glob("main.go/*"))
	require.Equal(t, `no files match "main.go/x/*"`, glob("main.go/x/*"))
	require.Equal(t, `no files match "cmd"`, glob("cmd")) // directories are not listed

	require.Equal(t, `pattern "[" is malformed: syntax error in pattern`, e.fail(builtin.ToolGlob, jsonArgs("pattern", "[")))
	require.Equal(t, `pattern "cmd/[a-/*.go" is malformed: syntax error in pattern`, e.fail(builtin.ToolGlob, jsonArgs("pattern", "cmd/[a-/*.go")))
}

func TestGlobCap(t *testing.T) {
	e := newFileEnv(t, builtin.MaxResults(2))
	e.touch("a.go", "b.go", "c.txt", "d/e.go")
	require.Equal(t, "a.go\nb.go\n[... more not shown: the list stops at 2; narrow the path or pattern]", e.ok(builtin.ToolGlob, jsonArgs("pattern", "**/*.go")))
	require.Equal(t, "a.go\nb.go", e.ok(builtin.ToolGlob, jsonArgs("pattern", "*.go")))
}

// --- write_file ---

func TestWriteFile(t *testing.T) {
	e := newFileEnv(t)
	write := func(path, content string) string {
		return e.ok(builtin.ToolWriteFile, jsonArgs("path", path, "content", content))
	}
	require.Equal(t, "created new.txt (6 bytes)", write("new.txt", "hello\n"))
	require.Equal(t, "hello\n", e.read("new.txt"))
	require.Equal(t, "replaced new.txt (2 bytes)", write("new.txt", "hi"))
	require.Equal(t, "hi", e.read("new.txt"))
	require.Equal(t, "replaced new.txt (0 bytes)", write("new.txt", ""))
	require.Equal(t, "", e.read("new.txt"))
	require.Equal(t, "created a/b/c.txt (1 bytes)", write("a/b/c.txt", "x"))
	require.Equal(t, "x", e.read("a/b/c.txt"))
	require.Equal(t, "created a/d.txt (1 bytes)", write(filepath.Join(e.root, "a/./b/../d.txt"), "y"))
	require.Equal(t, "y", e.read("a/d.txt"))
	info, err := os.Stat(filepath.Join(e.root, "new.txt"))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o644), info.Mode().Perm())

	// replacing keeps the mode
	e.write("run.sh", "#!/bin/sh\necho old\n")
	require.NoError(t, os.Chmod(filepath.Join(e.root, "run.sh"), 0o750))
	require.Equal(t, "replaced run.sh (19 bytes)", write("run.sh", "#!/bin/sh\necho new\n"))
	info, err = os.Stat(filepath.Join(e.root, "run.sh"))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o750), info.Mode().Perm())

	fail := func(path string) string {
		return e.fail(builtin.ToolWriteFile, jsonArgs("path", path, "content", "x"))
	}
	require.Equal(t, `path "." is the workspace root, not a file`, fail("."))
	require.Equal(t, `path "" is the workspace root, not a file`, fail(""))
	require.Equal(t, `path "a/.." is the workspace root, not a file`, fail("a/.."))
	require.Equal(t, fmt.Sprintf("path %q is the workspace root, not a file", e.root), fail(e.root))
	require.Equal(t, `path "a" is a directory, not a file`, fail("a"))
	require.Equal(t, `path "a/b/" is a directory, not a file`, fail("a/b/"))
	require.Equal(t, `path "new.txt/x" goes through a file as if it were a directory`, fail("new.txt/x"))
	require.Equal(t, `path "new.txt/x/y" goes through a file as if it were a directory`, fail("new.txt/x/y"))
	require.Equal(t, "", e.read("new.txt"))
}

// --- edit_file ---

func TestEditFile(t *testing.T) {
	e := newFileEnv(t)
	e.write("a.txt", "one two two three three three\n")
	require.NoError(t, os.Chmod(filepath.Join(e.root, "a.txt"), 0o600))
	edit := func(a string) string { return e.ok(builtin.ToolEditFile, a) }

	require.Equal(t, "edited a.txt: 1 occurrence replaced", edit(jsonArgs("path", "a.txt", "old_string", "one", "new_string", "1")))
	require.Equal(t, "1 two two three three three\n", e.read("a.txt"))
	require.Equal(t, "edited a.txt: 2 occurrences replaced", edit(jsonArgs("path", "a.txt", "old_string", "two", "new_string", "2", "replace_all", true)))
	require.Equal(t, "1 2 2 three three three\n", e.read("a.txt"))
	require.Equal(t, "edited a.txt: 1 occurrence replaced", edit(jsonArgs("path", "a.txt", "old_string", "1 ", "new_string", "", "replace_all", true)))
	require.Equal(t, "2 2 three three three\n", e.read("a.txt"))
	// longer and shorter replacements leave no stale bytes
	require.Equal(t, "edited a.txt: 3 occurrences replaced", edit(jsonArgs("path", "a.txt", "old_string", "three", "new_string", "3", "replace_all", true)))
	require.Equal(t, "2 2 3 3 3\n", e.read("a.txt"))
	require.Equal(t, "edited a.txt: 1 occurrence replaced", edit(jsonArgs("path", "a.txt", "old_string", "2 2", "new_string", "twenty-two", "replace_all", false)))
	require.Equal(t, "twenty-two 3 3 3\n", e.read("a.txt"))
	require.Equal(t, "edited a.txt: 1 occurrence replaced", edit(jsonArgs("path", filepath.Join(e.root, "a.txt"), "old_string", "twenty-two", "new_string", "22")))
	require.Equal(t, "22 3 3 3\n", e.read("a.txt"))

	info, err := os.Stat(filepath.Join(e.root, "a.txt"))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "the mode is kept")

	// Every refusal leaves the file as it was.
	e.write("sub/keep.txt", "")
	before := snapshotTree(t, e.root, "")
	for _, c := range []struct{ args, want string }{
		{jsonArgs("path", "a.txt", "old_string", "nine", "new_string", "9"),
			"a.txt does not contain old_string; read the file again and copy the text exactly, white space included"},
		{jsonArgs("path", "a.txt", "old_string", "3", "new_string", "three"),
			"old_string appears 3 times in a.txt; include more of the surrounding text to make it unique, or set replace_all"},
		{jsonArgs("path", "a.txt", "old_string", "3", "new_string", "three", "replace_all", false),
			"old_string appears 3 times in a.txt; include more of the surrounding text to make it unique, or set replace_all"},
		{jsonArgs("path", "a.txt", "old_string", "", "new_string", "x"),
			"old_string is empty; to create or overwrite a file, use write_file"},
		{jsonArgs("path", "a.txt", "old_string", "22", "new_string", "22"),
			"old_string and new_string are the same; there is nothing to change"},
		{jsonArgs("path", "nope.txt", "old_string", "a", "new_string", "b"), `path "nope.txt" does not exist`},
		{jsonArgs("path", "sub", "old_string", "a", "new_string", "b"), `path "sub" is a directory, not a file`},
		{jsonArgs("path", "a.txt", "old_string", "22"), "invalid arguments: /new_string: missing (required)"},
	} {
		require.Equal(t, c.want, e.fail(builtin.ToolEditFile, c.args), c.args)
	}
	requireSameTree(t, before, snapshotTree(t, e.root, ""))
}

// --- delete_file ---

func TestDeleteFile(t *testing.T) {
	e := newFileEnv(t)
	e.write("a.txt", "hello\n")
	e.write("sub/b.txt", "")
	e.write("sub/c.txt", "c")
	e.write("ro.txt", "read-only")
	require.NoError(t, os.Chmod(filepath.Join(e.root, "ro.txt"), 0o444))
	del := func(path string) string { return e.ok(builtin.ToolDeleteFile, jsonArgs("path", path)) }

	require.Equal(t, "deleted a.txt (6 bytes)", del("a.txt"))
	require.NoFileExists(t, filepath.Join(e.root, "a.txt"))
	require.Equal(t, "deleted sub/b.txt (0 bytes)", del("./sub//b.txt"))
	require.Equal(t, "deleted sub/c.txt (1 bytes)", del(filepath.Join(e.root, "sub", "c.txt")))
	require.DirExists(t, filepath.Join(e.root, "sub"), "the emptied directory stays")
	require.Equal(t, "deleted ro.txt (9 bytes)", del("ro.txt"), "a file's mode does not protect it, as with rm -f")

	// Every refusal leaves the workspace as it was: a symbolic link is
	// neither removed nor followed.
	e.write("target.txt", "target")
	e.write("d/inner.txt", "inner")
	require.NoError(t, os.Symlink("target.txt", filepath.Join(e.root, "link")))
	require.NoError(t, os.Symlink("missing.txt", filepath.Join(e.root, "dangling")))
	require.NoError(t, os.Symlink("d", filepath.Join(e.root, "dlink")))
	require.NoError(t, os.Link(filepath.Join(e.root, "target.txt"), filepath.Join(e.root, "hard.txt")))
	before := snapshotTree(t, e.root, "")
	for _, c := range []struct{ path, want string }{
		{"missing.txt", `path "missing.txt" does not exist`},
		{"a.txt", `path "a.txt" does not exist`}, // already deleted
		{"d", `path "d" is a directory; delete_file deletes files, one at a time`},
		{"d/", `path "d/" is a directory; delete_file deletes files, one at a time`},
		{"dlink", `path "dlink" is a symbolic link; delete_file deletes regular files (neither the link nor what it leads to is deleted)`},
		{"link", `path "link" is a symbolic link; delete_file deletes regular files (neither the link nor what it leads to is deleted)`},
		{"dangling", `path "dangling" is a symbolic link; delete_file deletes regular files (neither the link nor what it leads to is deleted)`},
		{"hard.txt", `path "hard.txt" has other hard links, which may lie outside the workspace; it is not read or written`},
		{".", `path "." is the workspace root, not a file`},
		{"", `path "" is the workspace root, not a file`},
		{"d/..", `path "d/.." is the workspace root, not a file`},
		{e.root, fmt.Sprintf("path %q is the workspace root, not a file", e.root)},
		{"target.txt/x", `path "target.txt/x" goes through a file as if it were a directory`},
	} {
		require.Equal(t, c.want, e.fail(builtin.ToolDeleteFile, jsonArgs("path", c.path)), c.path)
	}
	require.Contains(t, e.fail(builtin.ToolDeleteFile, `{}`), "/path: missing (required)")
	requireSameTree(t, before, snapshotTree(t, e.root, ""))

	// Through a link to a directory inside, the file in it is deleted.
	require.Equal(t, "deleted dlink/inner.txt (5 bytes)", del("dlink/inner.txt"))
	require.NoFileExists(t, filepath.Join(e.root, "d", "inner.txt"))
}
