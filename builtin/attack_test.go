package builtin_test

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/builtin"
)

// The attack corpus: paths a model (or a prompt injected into what it
// reads) may send to leave the workspace, each tried against every file
// tool it applies to, in one workspace next to a directory of secrets.

// newSecret is a string that appears in no file but one outside the
// workspace: finding it in a result means that file was read.
func newSecret(name string) string {
	return "SECRET-" + name + "-" + rand.Text()
}

// attackFixture is a workspace and, next to it (both in the test's
// temporary directory), files that the tools must never read, change or
// show.
type attackFixture struct {
	ws, out, parent string
	secrets         []string
}

func (f *attackFixture) secretFile(t *testing.T, path string) {
	t.Helper()
	s := newSecret(filepath.Base(path))
	f.secrets = append(f.secrets, s)
	putFile(t, path, s+"\n")
}

func (f *attackFixture) link(t *testing.T, target, name string) {
	t.Helper()
	p := filepath.Join(f.ws, name)
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.Symlink(target, p))
}

// Outside names start with "outside-": no listing may show one. Inside
// files that edits may change hold "SECRET" (not a secret: secrets have a
// random suffix).
func newAttackFixture(t *testing.T) *attackFixture {
	f := &attackFixture{ws: t.TempDir(), out: t.TempDir()}
	f.parent = filepath.Dir(f.ws)
	require.Equal(t, f.parent, filepath.Dir(f.out), "the workspace and the secrets are siblings")
	outBase := filepath.Base(f.out)

	f.secretFile(t, filepath.Join(f.out, "outside-secret.txt"))
	f.secretFile(t, filepath.Join(f.out, "outside-dir", "outside-nested.txt"))
	f.secretFile(t, filepath.Join(f.out, "outside-dir", "sub", "file"))
	f.secretFile(t, filepath.Join(f.parent, "outside-parent.txt"))
	f.secretFile(t, filepath.Join(f.out, "outside-hard.txt"))
	require.NoError(t, os.Link(filepath.Join(f.out, "outside-hard.txt"), filepath.Join(f.ws, "hard.txt")))

	for _, name := range []string{"inside.txt", "abs.txt", "abs2.txt", "chain_target.txt", "sub/insub.txt", "self.txt"} {
		putFile(t, filepath.Join(f.ws, name), "inside SECRET "+name+"\n")
	}
	require.NoError(t, os.MkdirAll(filepath.Join(f.ws, "real"), 0o755))

	f.link(t, filepath.Join(f.out, "outside-secret.txt"), "lnk_file")
	f.link(t, filepath.Join("..", outBase, "outside-secret.txt"), "lnk_file_rel")
	f.link(t, filepath.Join(f.out, "outside-dir"), "lnk_dir")
	f.link(t, filepath.Join(f.out, "outside-dir"), "dirlink")
	f.link(t, filepath.Join(f.out, "outside-dir"), "real/inner")
	f.link(t, "lnk_chain_b", "lnk_chain_a")
	f.link(t, filepath.Join(f.out, "outside-secret.txt"), "lnk_chain_b")
	f.link(t, "lnk_chain_dir_b", "lnk_chain_dir_a")
	f.link(t, filepath.Join("..", outBase, "outside-dir"), "lnk_chain_dir_b")
	f.link(t, "lnk_in_b", "lnk_in_a")
	f.link(t, "chain_target.txt", "lnk_in_b")
	f.link(t, "sub", "lnk_in_dir")
	f.link(t, ".", "lnk_self")
	f.link(t, filepath.Join(f.out, "outside-missing.txt"), "lnk_dangling_out")
	f.link(t, filepath.Join(f.out, "outside-missing-dir"), "lnk_dangling_out_dir")
	f.link(t, "dangling_target.txt", "lnk_dangling_in")
	f.link(t, "..", "lnk_parent")
	f.link(t, f.parent, "lnk_parent_abs")
	f.link(t, "/", "lnk_slash")
	f.link(t, "lnk_loop_b", "lnk_loop_a")
	f.link(t, "lnk_loop_a", "lnk_loop_b")
	return f
}

// attackOp is one way of giving a path to a tool.
type attackOp int

const (
	opRead       attackOp = iota // read_file path
	opList                       // list_files path
	opListRec                    // list_files path, recursive
	opSearch                     // search_files path
	opSearchGlob                 // search_files glob
	opGlob                       // glob pattern
	opWrite                      // write_file path
	opEdit                       // edit_file path
	numOps
)

var opNames = [numOps]string{"read_file", "list_files", "list_files recursive", "search_files path", "search_files glob", "glob", "write_file", "edit_file"}

// lists are the operations whose successful results name files.
func (op attackOp) lists() bool {
	return op == opList || op == opListRec || op == opSearch || op == opSearchGlob || op == opGlob
}

func (op attackOp) call(e *fileEnv, c attackCase) toolgen.Result {
	switch op {
	case opRead:
		return e.call(builtin.ToolReadFile, jsonArgs("path", c.path))
	case opList:
		return e.call(builtin.ToolListFiles, jsonArgs("path", c.path))
	case opListRec:
		return e.call(builtin.ToolListFiles, jsonArgs("path", c.path, "recursive", true))
	case opSearch:
		return e.call(builtin.ToolSearchFiles, jsonArgs("pattern", ".", "path", c.path))
	case opSearchGlob:
		return e.call(builtin.ToolSearchFiles, jsonArgs("pattern", ".", "glob", c.path))
	case opGlob:
		return e.call(builtin.ToolGlob, jsonArgs("pattern", c.globPattern()))
	case opWrite:
		return e.call(builtin.ToolWriteFile, jsonArgs("path", c.path, "content", "written SECRET by "+c.name+"\n"))
	case opEdit:
		return e.call(builtin.ToolEditFile, jsonArgs("path", c.path, "old_string", "SECRET", "new_string", "PWNED"))
	}
	panic("unknown op")
}

// outcome is what a call must return.
type outcome struct {
	kind string // "escape", "error" or "ok"
	text string // for "error" and "ok", a part of the result's text
}

var (
	escape    = outcome{kind: "escape"}
	missing   = outcome{kind: "error", text: "does not exist"}
	isFile    = outcome{kind: "error", text: "is a file, not a directory; use read_file"}
	noMatches = outcome{kind: "ok", text: "no matches for"}
	anyOK     = outcome{kind: "ok"}
)

func errorWith(text string) outcome { return outcome{kind: "error", text: text} }
func okWith(text string) outcome    { return outcome{kind: "ok", text: text} }

type attackCase struct {
	name string
	path string
	glob string // glob's pattern, when not path
	want [numOps]outcome
	// del is delete_file's outcome, tried apart (TestAttackCorpusDelete):
	// the other tools' cases depend on the files it would delete.
	del outcome
}

func (c attackCase) globPattern() string {
	if c.glob != "" {
		return c.glob
	}
	return c.path
}

// with returns c with other outcomes for some operations.
func (c attackCase) with(op attackOp, o outcome, more ...any) attackCase {
	c.want[op] = o
	for i := 0; i+1 < len(more); i += 2 {
		c.want[more[i].(attackOp)] = more[i+1].(outcome)
	}
	return c
}

func (c attackCase) globbing(pattern string, o outcome) attackCase {
	c.glob = pattern
	c.want[opGlob] = o
	return c
}

// escapeCase is a path every tool must refuse as outside the workspace
// (search_files' glob only filters names: it matches nothing there).
func escapeCase(name, path string) attackCase {
	c := attackCase{name: name, path: path}
	for op := range numOps {
		c.want[op] = escape
	}
	c.want[opSearchGlob] = anyOK
	c.del = escape
	return c
}

// deleting returns c with another outcome for delete_file.
func (c attackCase) deleting(o outcome) attackCase {
	c.del = o
	return c
}

// isLink is delete_file's refusal of a symbolic link, wherever it leads.
var isLink = errorWith("is a symbolic link; delete_file deletes regular files (neither the link nor what it leads to is deleted)")

// insideCase is a path to the file target inside the workspace, which
// every tool must reach; shown is how glob lists it.
func insideCase(name, path, target, shown string) attackCase {
	c := attackCase{name: name, path: path}
	c.want = [numOps]outcome{
		opRead:       okWith("inside SECRET " + target),
		opList:       isFile,
		opListRec:    isFile,
		opSearch:     okWith(":1: inside SECRET " + target),
		opSearchGlob: anyOK,
		opGlob:       okWith(shown),
		opWrite:      okWith("replaced "),
		opEdit:       okWith(": 1 occurrence replaced"),
	}
	c.del = okWith("deleted ")
	return c
}

// newNameCase is a harmless path that names nothing yet, inside the
// workspace: write_file creates it there.
func newNameCase(name, path string) attackCase {
	c := attackCase{name: name, path: path}
	c.want = [numOps]outcome{
		opRead:       missing,
		opList:       missing,
		opListRec:    missing,
		opSearch:     missing,
		opSearchGlob: anyOK,
		opGlob:       okWith("no files match"),
		opWrite:      okWith("created "),
		opEdit:       okWith(": 1 occurrence replaced"),
	}
	c.del = missing
	return c
}

func attackCorpus(f *attackFixture) []attackCase {
	outBase := filepath.Base(f.out)
	outFile := filepath.Join(f.out, "outside-secret.txt")
	hard := attackCase{name: "hard link to an outside file", path: "hard.txt"}
	hard.want = [numOps]outcome{
		opRead:       errorWith(`path "hard.txt" has other hard links, which may lie outside the workspace; it is not read or written`),
		opList:       isFile,
		opListRec:    isFile,
		opSearch:     errorWith(`path "hard.txt" has other hard links`),
		opSearchGlob: noMatches,
		opGlob:       okWith("hard.txt"),
		opWrite:      errorWith(`path "hard.txt" has other hard links`),
		opEdit:       errorWith(`path "hard.txt" has other hard links`),
	}
	hard.del = errorWith(`path "hard.txt" has other hard links`)
	root := attackCase{name: "the root as .", path: "."}
	root.want = [numOps]outcome{
		opRead:       errorWith(`path "." is a directory, not a file; use list_files`),
		opList:       okWith("inside.txt"),
		opListRec:    okWith("sub/insub.txt"),
		opSearch:     okWith("inside.txt:1: inside SECRET inside.txt"),
		opSearchGlob: noMatches,
		opGlob:       okWith(`no files match "."`),
		opWrite:      errorWith(`path "." is the workspace root, not a file`),
		opEdit:       errorWith(`path "." is a directory, not a file`),
	}
	root.del = errorWith(`path "." is the workspace root, not a file`)
	empty := root
	empty.name, empty.path = "the root as an empty path", ""
	empty = empty.with(opRead, errorWith(`path "" is a directory, not a file; use list_files`),
		opSearchGlob, okWith("inside.txt:1: inside SECRET inside.txt"), // no glob: every file
		opGlob, okWith(`no files match ""`),
		opWrite, errorWith(`path "" is the workspace root, not a file`),
		opEdit, errorWith(`path "" is a directory, not a file`)).deleting(
		errorWith(`path "" is the workspace root, not a file`))
	loop := attackCase{name: "a loop of links", path: "lnk_loop_a", glob: "lnk_loop_a/*"}
	for op := range numOps {
		loop.want[op] = errorWith(`path "lnk_loop_a" is a loop of symbolic links`)
	}
	loop.want[opGlob] = errorWith(`path "lnk_loop_a/*" is a loop of symbolic links`)
	loop.want[opSearchGlob] = noMatches
	loop.del = isLink
	long := strings.Repeat("a", 300)
	tooLong := attackCase{name: "a name longer than the system allows", path: long}
	for op := range numOps {
		tooLong.want[op] = errorWith("file name too long")
	}
	tooLong.want[opGlob] = okWith("no files match")
	tooLong.want[opSearchGlob] = noMatches
	tooLong.del = errorWith("file name too long")

	return []attackCase{
		// lexical escapes
		escapeCase("dot dot", ".."),
		escapeCase("dot dot slash", "../"),
		escapeCase("up to /etc/passwd", "../../etc/passwd"),
		escapeCase("down then up", "sub/../../x"),
		escapeCase("dot then up", "./../"+outBase+"/outside-secret.txt"),
		escapeCase("down, dot, up", "sub/./../../"+outBase+"/outside-secret.txt"),
		escapeCase("far up", strings.Repeat("../", 50)+"etc/passwd"),
		escapeCase("long way down then further up", strings.Repeat("a/", 2000)+strings.Repeat("../", 2001)+"etc/passwd").with(
			opSearchGlob, errorWith("glob is too long (10013 bytes; the limit is 1024)")),
		escapeCase("glob pattern up", "../*"),
		escapeCase("glob pattern down and up", "**/../../*"),
		escapeCase("invalid UTF-8 then up", "\xff\xfe/../../etc/passwd"),
		// absolute paths
		escapeCase("absolute /etc/passwd", "/etc/passwd"),
		escapeCase("absolute /", "/"),
		escapeCase("absolute //etc/passwd", "//etc/passwd"),
		escapeCase("absolute parent of the root", f.parent),
		escapeCase("absolute outside file", outFile),
		escapeCase("absolute sibling sharing the root's prefix", f.ws+"x/y"),
		escapeCase("absolute root then up", f.ws+"/../"+outBase+"/outside-secret.txt"),
		insideCase("absolute inside the root", filepath.Join(f.ws, "abs.txt"), "abs.txt", "abs.txt"),
		insideCase("absolute inside the root, down and up", f.ws+"/sub/../abs2.txt", "abs2.txt", "abs2.txt"),
		// symbolic links
		escapeCase("link to an outside file", "lnk_file").globbing("lnk_file/*", escape).deleting(isLink),
		escapeCase("relative link to an outside file", "lnk_file_rel").globbing("lnk_file_rel/*", escape).deleting(isLink),
		escapeCase("link to an outside directory", "lnk_dir").globbing("lnk_dir/*", escape).deleting(isLink),
		escapeCase("reading through a link to an outside directory", "lnk_dir/outside-nested.txt"),
		escapeCase("chain of links to an outside file", "lnk_chain_a").globbing("lnk_chain_a/*", escape).deleting(isLink),
		escapeCase("chain of links to an outside directory", "lnk_chain_dir_a/outside-nested.txt"),
		escapeCase("link as an intermediate directory", "dirlink/sub/file").globbing("dirlink/*/file", escape),
		escapeCase("link in an intermediate directory", "real/inner/sub/file").globbing("real/inner/*/file", escape),
		escapeCase("link to the root's parent", "lnk_parent/"+outBase+"/outside-secret.txt"),
		escapeCase("link to the root's parent, listed", "lnk_parent").globbing("lnk_parent/*", escape).deleting(isLink),
		escapeCase("absolute link to the root's parent", "lnk_parent_abs/outside-parent.txt"),
		escapeCase("link to /", "lnk_slash/etc/passwd"),
		escapeCase("dangling link to outside", "lnk_dangling_out").globbing("lnk_dangling_out/*", escape).deleting(isLink),
		escapeCase("dangling link to an outside directory", "lnk_dangling_out_dir/outside-created.txt"),
		insideCase("chain of links that stays inside", "lnk_in_a", "chain_target.txt", "lnk_in_a").deleting(isLink),
		insideCase("link to an inside directory", "lnk_in_dir/insub.txt", "sub/insub.txt", "lnk_in_dir/insub.txt"),
		insideCase("link to the root itself", "lnk_self/self.txt", "self.txt", "lnk_self/self.txt"),
		newNameCase("dangling link inside", "lnk_dangling_in").globbing("lnk_dangling_in", okWith("lnk_dangling_in")).deleting(isLink),
		loop,
		hard,
		// odd names
		escapeCase("NUL byte", "inside.txt\x00/../../etc/passwd").with(
			opRead, errorWith(`contains a NUL byte`), opList, errorWith(`contains a NUL byte`),
			opListRec, errorWith(`contains a NUL byte`), opSearch, errorWith(`contains a NUL byte`),
			opGlob, errorWith(`contains a NUL byte`), opWrite, errorWith(`contains a NUL byte`),
			opEdit, errorWith(`contains a NUL byte`)).deleting(errorWith(`contains a NUL byte`)),
		newNameCase("invalid UTF-8 name", "bad\xff.txt"),
		root,
		empty,
		newNameCase("Windows-style dot dot", `..\x`),
		newNameCase("Windows-style far up", `..\..\..\etc\passwd`),
		newNameCase("a name starting with two dots", "..foo"),
		tooLong,
		newNameCase("a deep path inside", strings.Repeat("d/", 100)+"f.txt"),
		newNameCase("tilde", "~"),
		newNameCase("tilde user path", "~root/.bashrc"),
		newNameCase("file URL", "file:///etc/passwd"),
		newNameCase("file URL to the outside file", "file://"+outFile),
		newNameCase("percent-encoded dot dot", "%2e%2e/%2e%2e/etc/passwd"),
	}
}

// decoded is a string as the tools' JSON decoder reads it from jsonArgs:
// invalid UTF-8 becomes U+FFFD.
func decoded(t *testing.T, s string) string {
	var out string
	require.NoError(t, json.Unmarshal([]byte(rawJSONString(s)), &out))
	return out
}

func TestAttackCorpus(t *testing.T) {
	f := newAttackFixture(t)
	before := snapshotTree(t, f.parent, f.ws)
	e := openFileEnv(t, f.ws)
	corpus := attackCorpus(f)
	require.GreaterOrEqual(t, len(corpus), 30)

	type seen struct {
		where string
		res   toolgen.Result
		op    attackOp
	}
	var results []seen
	for _, c := range corpus {
		t.Run(c.name, func(t *testing.T) {
			e.t = t
			for op := range numOps {
				res := op.call(e, c)
				where := fmt.Sprintf("%s %q", opNames[op], c.path)
				if op == opGlob {
					where = fmt.Sprintf("glob %q", c.globPattern())
				}
				results = append(results, seen{where, res, op})
				requireOutcome(t, where, res, c.want[op], decoded(t, c.globPatternFor(op)))
			}
		})
	}
	e.t = t

	// Nothing outside was read, shown, created, changed or deleted.
	for _, r := range results {
		for _, s := range f.secrets {
			require.NotContains(t, r.res.Text(), s, r.where)
		}
		// (a message that nothing matched repeats the model's own pattern)
		nothing := strings.HasPrefix(r.res.Text(), "no files match ") || strings.HasPrefix(r.res.Text(), "no matches for ")
		if r.op.lists() && !r.res.IsError && !nothing {
			require.NotContains(t, r.res.Text(), "outside-", "%s lists an outside name", r.where)
		}
	}
	requireSameTree(t, before, snapshotTree(t, f.parent, f.ws))

	// The harmless names were created inside.
	for _, name := range []string{`..\x`, "..foo", "~", "~root/.bashrc", "file:/etc/passwd", "dangling_target.txt", "bad\uFFFD.txt"} {
		require.FileExists(t, filepath.Join(f.ws, name))
	}
}

// TestAttackCorpusDelete tries delete_file on every path of the corpus, and
// a few more aimed at deletion, each in a fresh fixture: nothing outside is
// ever deleted or changed, a refusal changes nothing inside either, and
// a deletion removes the one file the path names.
func TestAttackCorpusDelete(t *testing.T) {
	// The cases name the fixture's paths: each case is taken from the
	// corpus of its own fixture.
	cases := func(f *attackFixture) []attackCase {
		return append(attackCorpus(f),
			attackCase{name: "the root, absolute", path: f.ws, del: errorWith("is the workspace root, not a file")},
			attackCase{name: "the root, absolute, with a slash", path: f.ws + "/", del: errorWith("is the workspace root, not a file")},
			attackCase{name: "the root as down and up", path: "sub/..", del: errorWith(`path "sub/.." is the workspace root, not a file`)},
			attackCase{name: "the root through a link to it", path: "lnk_self/.", del: isLink},
			attackCase{name: "up through a link to the root", path: "lnk_self/..", del: escape},
			attackCase{name: "a directory inside", path: "sub", del: errorWith(`path "sub" is a directory; delete_file deletes files, one at a time`)},
			attackCase{name: "a directory through a link", path: "lnk_in_dir/", del: isLink},
			attackCase{name: "/proc/self/cwd", path: "/proc/self/cwd/inside.txt", del: escape},
			attackCase{name: "/proc/self/root to the workspace", path: "/proc/self/root" + f.ws + "/inside.txt", del: escape},
			attackCase{name: "a file descriptor's link", path: "/proc/self/fd/0", del: escape},
			attackCase{name: "a regular file", path: "inside.txt", del: okWith("deleted inside.txt (")},
		)
	}
	n := len(cases(newAttackFixture(t)))
	for i := range n {
		f := newAttackFixture(t)
		c := cases(f)[i]
		t.Run(c.name, func(t *testing.T) {
			outsideBefore := snapshotTree(t, f.parent, f.ws)
			insideBefore := snapshotTree(t, f.ws, "")
			e := openFileEnv(t, f.ws)
			res := e.call(builtin.ToolDeleteFile, jsonArgs("path", c.path))
			where := fmt.Sprintf("delete_file %q", c.path)
			requireOutcome(t, where, res, c.del, decoded(t, c.path))
			for _, s := range f.secrets {
				require.NotContains(t, res.Text(), s, where)
			}
			requireSameTree(t, outsideBefore, snapshotTree(t, f.parent, f.ws))
			insideAfter := snapshotTree(t, f.ws, "")
			if res.IsError {
				requireSameTree(t, insideBefore, insideAfter)
				return
			}
			// One regular file is gone, nothing else.
			require.Len(t, insideAfter, len(insideBefore)-1, where)
			for name, st := range insideBefore {
				if _, ok := insideAfter[name]; !ok {
					require.True(t, st.mode.IsRegular(), "%s deleted %s, not a regular file", where, name)
				}
			}
		})
	}
}

// globPatternFor is the path op was given.
func (c attackCase) globPatternFor(op attackOp) string {
	if op == opGlob {
		return c.globPattern()
	}
	return c.path
}

func requireOutcome(t *testing.T, where string, res toolgen.Result, want outcome, path string) {
	t.Helper()
	text := res.Text()
	switch want.kind {
	case "escape":
		require.True(t, res.IsError, "%s: not refused: %s", where, text)
		require.Equal(t, fmt.Sprintf("path %q is outside the workspace", path), text, where)
	case "error":
		require.True(t, res.IsError, "%s: not refused: %s", where, text)
		require.Contains(t, text, want.text, where)
	case "ok":
		require.False(t, res.IsError, "%s: refused: %s", where, text)
		require.Contains(t, text, want.text, where)
	default:
		t.Fatalf("%s: no outcome", where)
	}
}

// raceCall is a call made while the workspace changes under it: it may
// fail (as outside the workspace, or missing, at any moment), and what it
// returns when it succeeds must pass ok.
type raceCall struct {
	tool toolgen.ToolName
	args string
	ok   func(string) bool
}

// race runs the renames in a loop (each loop a whole cycle, so the
// workspace ends as it began) while making the calls in turn, each bounded
// in count and time; no result may hold the secret.
func race(t *testing.T, e *fileEnv, secret string, renames [][2]string, calls []raceCall) {
	stop := make(chan struct{})
	var swaps atomic.Int64
	var wg sync.WaitGroup
	wg.Go(func() {
		for range 200_000 {
			select {
			case <-stop:
				return
			default:
			}
			for _, mv := range renames {
				if err := os.Rename(mv[0], mv[1]); err != nil {
					t.Errorf("rename: %v", err)
					return
				}
			}
			swaps.Add(1)
		}
	})
	deadline := time.Now().Add(2 * time.Second)
	n, succeeded, refused := 0, 0, 0
calls:
	for ; n < 50_000 && time.Now().Before(deadline); n++ {
		c := calls[n%len(calls)]
		res := e.call(c.tool, c.args)
		text := res.Text()
		if strings.Contains(text, secret) {
			t.Errorf("%s %s returned the outside secret: %s", c.tool, c.args, text)
			break calls
		}
		switch {
		case !res.IsError:
			succeeded++
			if !c.ok(text) {
				t.Errorf("%s %s: unexpected result %q", c.tool, c.args, text)
				break calls
			}
		case strings.Contains(text, "outside the workspace"):
			refused++
		}
	}
	close(stop)
	wg.Wait()
	t.Logf("%d calls (%d succeeded, %d refused as outside) during %d swaps", n, succeeded, refused, swaps.Load())
	require.Positive(t, n)
}

// linesOf accepts a result whose every line is one of want.
func linesOf(want ...string) lineCheck {
	return func(s string) bool {
		for _, line := range strings.Split(s, "\n") {
			if !isAny(want...)(line) {
				return false
			}
		}
		return true
	}
}

// lineCheck accepts a result line by line.
type lineCheck func(string) bool

// or also accepts a result whose other lines start with prefix.
func (c lineCheck) or(prefix string) func(string) bool {
	return func(s string) bool {
		for _, line := range strings.Split(s, "\n") {
			if !c(line) && !strings.HasPrefix(line, prefix) {
				return false
			}
		}
		return true
	}
}

func isAny(want ...string) func(string) bool {
	return func(s string) bool {
		for _, w := range want {
			if s == w {
				return true
			}
		}
		return false
	}
}

// TestAttackSwapDirectoryForLink swaps a directory of the workspace for a
// link to an outside directory, back and forth, while the tools read
// through it: os.Root resolves each path at each operation, so no call may
// ever see the outside file.
func TestAttackSwapDirectoryForLink(t *testing.T) {
	ws, out := t.TempDir(), t.TempDir()
	secret := newSecret("race")
	putFile(t, filepath.Join(out, "outside-dir", "secret.txt"), secret+"\n")
	putFile(t, filepath.Join(ws, "d", "secret.txt"), "inside d\n")
	d, dReal, dLink := filepath.Join(ws, "d"), filepath.Join(ws, "d_real"), filepath.Join(ws, "d_link")
	require.NoError(t, os.Symlink(filepath.Join(out, "outside-dir"), dLink))
	before := snapshotTree(t, filepath.Dir(ws), ws)
	e := openFileEnv(t, ws)

	noOutside := func(s string) bool { return !strings.Contains(s, "outside-") }
	// A walk that lists d as a directory, then finds it a link to outside
	// when it opens it, says so (as outside, or as a link it will not
	// follow, depending on the moment of the swap).
	const swapped = `[part of the tree could not be read: path "d" `
	// No write_file here: while d is renamed away, it would create a new d
	// (its parent directories) and stop the renames.
	race(t, e, secret, [][2]string{{d, dReal}, {dLink, d}, {d, dLink}, {dReal, d}}, []raceCall{
		{builtin.ToolReadFile, jsonArgs("path", "d/secret.txt"), isAny("     1\tinside d")},
		{builtin.ToolListFiles, jsonArgs("path", "d"), noOutside},
		{builtin.ToolListFiles, jsonArgs("path", "d", "recursive", true), noOutside},
		{builtin.ToolListFiles, jsonArgs("recursive", true), noOutside},
		{builtin.ToolSearchFiles, jsonArgs("pattern", "SECRET|inside", "path", "d"), isAny("d/secret.txt:1: inside d", `no matches for "SECRET|inside"`)},
		{builtin.ToolSearchFiles, jsonArgs("pattern", "SECRET|inside"), linesOf("d/secret.txt:1: inside d", "d_real/secret.txt:1: inside d", `no matches for "SECRET|inside"`).or(swapped)},
		{builtin.ToolSearchFiles, jsonArgs("pattern", "SECRET|inside", "path", "d/secret.txt"), isAny("d/secret.txt:1: inside d")},
		{builtin.ToolGlob, jsonArgs("pattern", "d/*"), isAny("d/secret.txt", `no files match "d/*"`)},
		{builtin.ToolGlob, jsonArgs("pattern", "**/secret.txt"), linesOf("d/secret.txt", "d_real/secret.txt", `no files match "**/secret.txt"`).or(swapped)},
		{builtin.ToolEditFile, jsonArgs("path", "d/secret.txt", "old_string", "SECRET", "new_string", "PWNED"), isAny()},
	})
	requireSameTree(t, before, snapshotTree(t, filepath.Dir(ws), ws))
	data, err := os.ReadFile(filepath.Join(ws, "d", "secret.txt"))
	require.NoError(t, err)
	require.Equal(t, "inside d\n", string(data))
}

// TestAttackSwapFileForLinks swaps a file of the workspace for a symbolic
// link and for a hard link to outside files, back and forth, while the
// tools write, edit and read it: the checks are made on the file opened,
// so no call may change or show an outside file.
func TestAttackSwapFileForLinks(t *testing.T) {
	ws, out := t.TempDir(), t.TempDir()
	secret := newSecret("race")
	putFile(t, filepath.Join(out, "outside-secret.txt"), secret+"\n")
	putFile(t, filepath.Join(out, "outside-hard.txt"), secret+"\n")
	putFile(t, filepath.Join(ws, "f.txt"), "inside f\n")
	f, fReal, fLink, fHard := filepath.Join(ws, "f.txt"), filepath.Join(ws, "f_real"), filepath.Join(ws, "f_link"), filepath.Join(ws, "f_hard")
	require.NoError(t, os.Symlink(filepath.Join(out, "outside-secret.txt"), fLink))
	require.NoError(t, os.Link(filepath.Join(out, "outside-hard.txt"), fHard))
	before := snapshotTree(t, filepath.Dir(ws), ws)
	e := openFileEnv(t, ws)

	// While f.txt is renamed away, write_file creates a new one, which the
	// next rename replaces.
	race(t, e, secret, [][2]string{{f, fReal}, {fLink, f}, {f, fLink}, {fHard, f}, {f, fHard}, {fReal, f}}, []raceCall{
		{builtin.ToolWriteFile, jsonArgs("path", "f.txt", "content", "written\n"), isAny("created f.txt (8 bytes)", "replaced f.txt (8 bytes)")},
		{builtin.ToolEditFile, jsonArgs("path", "f.txt", "old_string", "SECRET", "new_string", "PWNED"), isAny()},
		{builtin.ToolEditFile, jsonArgs("path", "f.txt", "old_string", "written", "new_string", "edited", "replace_all", true), isAny("edited f.txt: 1 occurrence replaced")},
		{builtin.ToolReadFile, jsonArgs("path", "f.txt"), isAny("     1\tinside f", "     1\twritten", "     1\tedited")},
		{builtin.ToolSearchFiles, jsonArgs("pattern", ".", "path", "f.txt"), isAny("f.txt:1: inside f", "f.txt:1: written", "f.txt:1: edited", `no matches for "."`)},
		{builtin.ToolSearchFiles, jsonArgs("pattern", "."), func(s string) bool { return !strings.Contains(s, "SECRET") }},
	})
	requireSameTree(t, before, snapshotTree(t, filepath.Dir(ws), ws))
}

// TestAttackSwapDeletedFile puts, over and over, a regular file, a symbolic
// link to an outside file, a hard link to another one and a directory link
// to outside at the name delete_file is deleting (each put in place by a
// rename, so the loop goes on whatever the deletions): the outside files
// are never deleted or changed, and what is deleted is only ever the name
// inside.
func TestAttackSwapDeletedFile(t *testing.T) {
	ws, out := t.TempDir(), t.TempDir()
	secret := newSecret("race")
	putFile(t, filepath.Join(out, "outside-secret.txt"), secret+"\n")
	putFile(t, filepath.Join(out, "outside-hard.txt"), secret+"\n")
	putFile(t, filepath.Join(out, "outside-dir", "f.txt"), secret+"\n")
	before := snapshotTree(t, filepath.Dir(ws), ws)
	e := openFileEnv(t, ws)
	f, tmp := filepath.Join(ws, "f.txt"), filepath.Join(ws, "tmp")
	puts := []func() error{
		func() error { return os.WriteFile(tmp, []byte("inside\n"), 0o644) },
		func() error { return os.Symlink(filepath.Join(out, "outside-secret.txt"), tmp) },
		func() error { return os.Link(filepath.Join(out, "outside-hard.txt"), tmp) },
		func() error { return os.Symlink(filepath.Join(out, "outside-dir"), tmp) },
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			if err := puts[i%len(puts)](); err != nil {
				t.Errorf("put: %v", err)
				return
			}
			if err := os.Rename(tmp, f); err != nil {
				t.Errorf("rename: %v", err)
				return
			}
		}
	})
	deleted := 0
	deadline := time.Now().Add(2 * time.Second)
	for n := 0; n < 20_000 && time.Now().Before(deadline); n++ {
		for _, path := range []string{"f.txt", "f.txt/f.txt"} {
			res := e.call(builtin.ToolDeleteFile, jsonArgs("path", path))
			require.NotContains(t, res.Text(), secret)
			if !res.IsError {
				require.Equal(t, "deleted f.txt (7 bytes)", res.Text())
				deleted++
			}
		}
	}
	close(stop)
	wg.Wait()
	t.Logf("%d deletions", deleted)
	requireSameTree(t, before, snapshotTree(t, filepath.Dir(ws), ws))
}
