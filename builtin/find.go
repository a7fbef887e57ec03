package builtin

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"syscall"
)

// Files larger than this are not searched.
const maxSearchFileSize = 16 << 20

// ListFiles lists a directory of the workspace: its entries, or with
// recursive every file and directory below it. Directories end with "/";
// .git directories are left out.
//
// Parameters:
//   - path: the directory, relative to the workspace root; the root when absent.
//   - recursive: list everything below the directory; false when absent.
//
//toolgen:tool readonly idempotent
func (f *files) ListFiles(ctx context.Context, path *string, recursive *bool) (string, error) {
	dir, err := f.ws.statDir(strOr(path, "."))
	if err != nil {
		return "", err
	}
	out := newLister(f.maxResults)
	if recursive != nil && *recursive {
		err = f.ws.walk(ctx, dir, func(e entry) error {
			out.add(e.name, e.IsDir())
			return out.full()
		})
	} else {
		err = f.listDir(dir, out)
	}
	if err != nil && !errors.Is(err, errFull) {
		return "", explain(strOr(path, "."), err)
	}
	return out.text("(empty directory)"), nil
}

func (f *files) listDir(dir string, out *lister) error {
	entries, err := f.ws.readDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.Name() == ".git" {
			continue
		}
		out.add(path.Join(fsName(dir), e.Name()), e.IsDir())
		if out.full() != nil {
			return errFull
		}
	}
	return nil
}

func strOr(p *string, def string) string {
	if p == nil || *p == "" {
		return def
	}
	return *p
}

// fsName is a root-relative name as io/fs spells it.
func fsName(name string) string { return path.Clean(rel(name)) }

// errFull stops a walk once a listing holds all it may show.
var errFull = errors.New("listing full")

// lister collects at most limit lines, then notes that there were more.
type lister struct {
	lines []string
	limit int
	more  bool
}

func newLister(limit int) *lister { return &lister{limit: limit} }

func (l *lister) add(name string, dir bool) {
	if len(l.lines) == l.limit {
		l.more = true
		return
	}
	if dir {
		name += "/"
	}
	l.lines = append(l.lines, name)
}

func (l *lister) full() error {
	if l.more {
		return errFull
	}
	return nil
}

func (l *lister) text(empty string) string {
	if len(l.lines) == 0 {
		return empty
	}
	text := strings.Join(l.lines, "\n")
	if l.more {
		text += fmt.Sprintf("\n[... more not shown: the list stops at %d; narrow the path or pattern]", l.limit)
	}
	return text
}

// walk visits everything below dir (not dir itself), depth first, each
// directory's entries in lexical order, without following symbolic links
// and without entering .git. An error from visit stops the walk.
//
// Only dir itself must be readable: a directory below it that cannot be
// read (no permission, replaced since it was listed) is skipped rather than
// failing the whole call. This walks with os.Root's own methods, not its
// io/fs view, which refuses names that are not UTF-8: one such directory
// would fail every walk.
func (w *Workspace) walk(ctx context.Context, dir string, visit func(entry) error) error {
	start := fsName(dir)
	r := w.root
	if start != "." {
		// os.Root.OpenRoot on a file does not say ENOTDIR; callers test it.
		if info, err := w.root.Stat(start); err == nil && !info.IsDir() {
			return &fs.PathError{Op: "open", Path: start, Err: syscall.ENOTDIR}
		}
		sub, err := w.root.OpenRoot(start)
		if err != nil {
			return err
		}
		defer sub.Close()
		r = sub
	}
	entries, err := readEntries(r)
	if err != nil {
		return err
	}
	return walkEntries(ctx, r, start, entries, visit)
}

// entry is what a walk visits: a root-relative name, its directory entry,
// and the directory it is in, open, so that it opens with one system call
// (through the whole path, os.Root would open every directory on the way).
type entry struct {
	fs.DirEntry
	name string
	dir  *os.Root
}

func walkEntries(ctx context.Context, r *os.Root, dir string, entries []fs.DirEntry, visit func(entry) error) error {
	for _, e := range entries {
		if err := ctx.Err(); err != nil {
			return err
		}
		if e.IsDir() && e.Name() == ".git" {
			continue
		}
		name := path.Join(dir, e.Name())
		if err := visit(entry{DirEntry: e, name: name, dir: r}); err != nil {
			return err
		}
		if !e.IsDir() {
			continue
		}
		if err := walkSub(ctx, r, name, e.Name(), visit); err != nil {
			return err
		}
	}
	return nil
}

// walkSub walks a subdirectory; one that cannot be read (no permission, or
// gone since its parent was read) is skipped.
func walkSub(ctx context.Context, parent *os.Root, name, base string, visit func(entry) error) error {
	sub, err := parent.OpenRoot(base)
	if err != nil {
		return nil
	}
	defer sub.Close()
	entries, err := readEntries(sub)
	if err != nil {
		return nil
	}
	return walkEntries(ctx, sub, name, entries, visit)
}

// readEntries reads a directory's entries, sorted by name.
func readEntries(r *os.Root) ([]fs.DirEntry, error) {
	d, err := r.Open(".")
	if err != nil {
		return nil, err
	}
	defer d.Close()
	entries, err := d.ReadDir(-1)
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, err
}

// readDir reads a directory's entries, sorted by name.
func (w *Workspace) readDir(name string) ([]fs.DirEntry, error) {
	d, err := w.root.Open(name)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	entries, err := d.ReadDir(-1)
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, err
}

// Glob finds the files of the workspace whose paths match a pattern, sorted.
// In the pattern, * matches within one path segment, ** any number of
// segments, ? one character, [a-z] a set: **/*.go, cmd/*/main.go.
//
// Parameters:
//   - pattern: the pattern, relative to the workspace root.
//
//toolgen:tool readonly idempotent
func (f *files) Glob(ctx context.Context, pattern string) (string, error) {
	segs, err := f.globSegments(pattern)
	if err != nil {
		return "", err
	}
	start := staticPrefix(segs)
	out := newLister(f.maxResults)
	err = f.ws.walk(ctx, start, func(e entry) error {
		if !e.IsDir() && matchSegments(segs, strings.Split(e.name, "/")) {
			out.add(e.name, false)
		}
		return out.full()
	})
	if (errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)) && start != "." {
		err = nil // a pattern below a directory that is not there matches nothing
	}
	if err != nil && !errors.Is(err, errFull) {
		return "", explain(pattern, err)
	}
	return out.text(fmt.Sprintf("no files match %q", pattern)), nil
}

// globSegments checks a pattern and splits it into path segments.
func (f *files) globSegments(pattern string) ([]string, error) {
	name, err := f.ws.name(pattern)
	if err != nil {
		return nil, err
	}
	segs := strings.Split(shellSets(rel(name)), "/")
	for _, s := range segs {
		if _, err := path.Match(s, ""); err != nil {
			return nil, fmt.Errorf("pattern %q is malformed: %v", pattern, err)
		}
	}
	return segs, nil
}

// shellSets spells the shell's negated sets, [!a-z], as path.Match does,
// [^a-z]: models write both, and path.Match would read [!a-z] as a set
// holding "!".
func shellSets(pattern string) string {
	b := []byte(pattern)
	inSet := false
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '\\':
			i++ // an escaped character is never special
		case !inSet && b[i] == '[':
			inSet = true
			if i+1 < len(b) && b[i+1] == '!' {
				b[i+1] = '^'
				i++
			}
		case inSet && b[i] == ']':
			inSet = false
		}
	}
	return string(b)
}

// staticPrefix is the directory the pattern's leading plain segments name,
// where the walk starts.
func staticPrefix(segs []string) string {
	var fixed []string
	for _, s := range segs[:len(segs)-1] {
		if strings.ContainsAny(s, `*?[\`) {
			break
		}
		fixed = append(fixed, s)
	}
	if len(fixed) == 0 {
		return "."
	}
	return path.Join(fixed...)
}

// matchSegments matches a path's segments against a pattern's, where **
// stands for any number of segments.
func matchSegments(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(name); i++ {
				if matchSegments(pat[1:], name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], name[0]); !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}

// SearchFiles searches the contents of the workspace's text files for a
// regular expression (RE2 syntax) and returns the matching lines as
// path:line: text. Binary files and .git are skipped.
//
// Parameters:
//   - pattern: the regular expression, for example "func \\w+Handler" or "(?i)todo".
//   - path: a directory or file to search, relative to the workspace root; the root when absent.
//   - glob: search only files whose name (or, with a "/", whose path) matches it, for example "*.go".
//
//toolgen:tool readonly idempotent
func (f *files) SearchFiles(ctx context.Context, pattern string, path, glob *string) (string, error) {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return "", fmt.Errorf("pattern %q is not a valid regular expression: %v", pattern, err)
	}
	keep, err := globFilter(strOr(glob, ""))
	if err != nil {
		return "", err
	}
	where := strOr(path, ".")
	s := &searcher{re: re, quick: quickFilter(pattern), keep: keep, out: newLister(f.maxResults)}
	if err := f.searchPath(ctx, where, s); err != nil && !errors.Is(err, errFull) {
		return "", explain(where, err)
	}
	return s.out.text(fmt.Sprintf("no matches for %q", pattern)), nil
}

// searchPath searches one file, or every file below a directory. A file
// named by path that cannot be searched is an error saying why; in a
// directory, such files are skipped.
func (f *files) searchPath(ctx context.Context, where string, s *searcher) error {
	name, err := f.ws.name(where)
	if err != nil {
		return err
	}
	info, err := f.ws.root.Stat(name)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return s.file(f.ws, where, name)
	}
	return f.ws.walk(ctx, name, func(e entry) error {
		if e.IsDir() || !e.Type().IsRegular() || !s.keep(e.name) {
			return nil
		}
		file, info, err := openEntry(e)
		if err != nil {
			return nil // a file that cannot be searched is skipped in a directory
		}
		defer file.Close()
		if err := s.scan(e.name, e.name, file, info); errors.Is(err, errFull) {
			return err
		}
		return nil
	})
}

// globFilter turns search_files' glob into a test on root-relative names.
func globFilter(glob string) (func(string) bool, error) {
	if glob == "" {
		return func(string) bool { return true }, nil
	}
	segs := strings.Split(shellSets(strings.TrimPrefix(glob, "./")), "/")
	for _, s := range segs {
		if _, err := path.Match(s, ""); err != nil {
			return nil, fmt.Errorf("glob %q is malformed: %v", glob, err)
		}
	}
	if len(segs) == 1 {
		return func(name string) bool { ok, _ := path.Match(segs[0], path.Base(name)); return ok }, nil
	}
	return func(name string) bool { return matchSegments(segs, strings.Split(name, "/")) }, nil
}

// searcher collects matching lines.
type searcher struct {
	re    *regexp.Regexp
	quick *regexp.Regexp // nil, or a whole-file test no matching file fails
	keep  func(string) bool
	out   *lister
}

// quickFilter compiles a test of a whole file that every file with a
// matching line passes: the pattern in multi-line mode, where ^ and $ match
// at each line's ends as they do when lines are matched one by one. Most
// files of a search have no match, and one pass over a file is much faster
// than one per line. \A and \z anchor to the text's ends, which differ
// between a line and a file: with them there is no quick test.
func quickFilter(pattern string) *regexp.Regexp {
	parsed, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil || anchorsText(parsed) {
		return nil
	}
	re, err := regexp.Compile("(?m:" + pattern + ")")
	if err != nil {
		return nil
	}
	return re
}

func anchorsText(re *syntax.Regexp) bool {
	if re.Op == syntax.OpBeginText || re.Op == syntax.OpEndText {
		return true
	}
	for _, sub := range re.Sub {
		if anchorsText(sub) {
			return true
		}
	}
	return false
}

// file searches one file, refusing it when it is not a regular file, has
// other hard links (its contents may be a file's outside the workspace), is
// too large or binary. path is the file as the model named it, name its
// name in the root.
func (s *searcher) file(w *Workspace, path, name string) error {
	file, info, err := w.openName(path, name, os.O_RDONLY)
	if err != nil {
		return err
	}
	defer file.Close()
	return s.scan(path, name, file, info)
}

// openEntry opens a regular file a walk met, in its open directory.
func openEntry(e entry) (*os.File, fs.FileInfo, error) {
	f, err := e.dir.OpenFile(e.Name(), os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err == nil {
		err = checkRegular(e.name, info)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, info, nil
}

// scan searches an open file.
func (s *searcher) scan(path, name string, file *os.File, info fs.FileInfo) error {
	if info.Size() > maxSearchFileSize {
		return &pathError{path: path, msg: fmt.Sprintf("is too large to search (%d bytes; the limit is %d)", info.Size(), maxSearchFileSize)}
	}
	data, err := io.ReadAll(io.LimitReader(file, maxSearchFileSize))
	if err != nil {
		return explain(path, err)
	}
	if !isText(data[:min(len(data), textSniffLen)]) {
		return &pathError{path: path, msg: "is a binary file (it is not UTF-8 text); search_files searches text files"}
	}
	if s.quick != nil && !s.quick.Match(data) {
		return nil
	}
	for n, line := range lines(data) {
		if s.re.Match(line) {
			s.out.add(fmt.Sprintf("%s:%d: %s", fsName(name), n, shorten(line)), false)
			if err := s.out.full(); err != nil {
				return err
			}
		}
	}
	return nil
}

// lines yields the 1-based number and text of each line.
func lines(data []byte) func(yield func(int, []byte) bool) {
	return func(yield func(int, []byte) bool) {
		for n := 1; len(data) > 0; n++ {
			line := data
			if i := bytes.IndexByte(data, '\n'); i >= 0 {
				line, data = data[:i], data[i+1:]
			} else {
				data = nil
			}
			if !yield(n, bytes.TrimRight(line, "\r")) {
				return
			}
		}
	}
}

// shorten keeps a matching line readable.
func shorten(line []byte) string {
	const max = 300
	s := strings.TrimSpace(string(line))
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && (s[cut]&0xC0) == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}
