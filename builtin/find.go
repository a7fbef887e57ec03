package builtin

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"regexp"
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
		err = f.ws.walk(ctx, dir, func(name string, d fs.DirEntry) error {
			out.add(name, d.IsDir())
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
	entries, err := fs.ReadDir(f.ws.root.FS(), fsName(dir))
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

// walk visits everything below dir (not dir itself), in lexical order,
// without following symbolic links and without entering .git.
func (w *Workspace) walk(ctx context.Context, dir string, visit func(name string, d fs.DirEntry) error) error {
	start := fsName(dir)
	return fs.WalkDir(w.root.FS(), start, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ctxErr := ctx.Err(); ctxErr != nil {
			return ctxErr
		}
		if name == start {
			return nil
		}
		if d.IsDir() && d.Name() == ".git" {
			return fs.SkipDir
		}
		return visit(name, d)
	})
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
	err = f.ws.walk(ctx, start, func(name string, d fs.DirEntry) error {
		if !d.IsDir() && matchSegments(segs, strings.Split(name, "/")) {
			out.add(name, false)
		}
		return out.full()
	})
	if errors.Is(err, fs.ErrNotExist) && start != "." {
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
	segs := strings.Split(rel(name), "/")
	for _, s := range segs {
		if _, err := path.Match(s, ""); err != nil {
			return nil, fmt.Errorf("pattern %q is malformed: %v", pattern, err)
		}
	}
	return segs, nil
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
	s := &searcher{re: re, keep: keep, out: newLister(f.maxResults)}
	if err := f.searchPath(ctx, where, s); err != nil && !errors.Is(err, errFull) {
		return "", explain(where, err)
	}
	return s.out.text(fmt.Sprintf("no matches for %q", pattern)), nil
}

// searchPath searches one file, or every file below a directory.
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
		return s.file(f.ws.root.FS(), fsName(name), info)
	}
	return f.ws.walk(ctx, name, func(name string, d fs.DirEntry) error {
		if d.IsDir() || !d.Type().IsRegular() || !s.keep(name) {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil // gone since the directory was read
		}
		return s.file(f.ws.root.FS(), name, info)
	})
}

// globFilter turns search_files' glob into a test on root-relative names.
func globFilter(glob string) (func(string) bool, error) {
	if glob == "" {
		return func(string) bool { return true }, nil
	}
	segs := strings.Split(strings.TrimPrefix(glob, "./"), "/")
	for _, s := range segs {
		if _, err := path.Match(s, ""); err != nil {
			return nil, fmt.Errorf("glob %q is malformed: %v", glob, err)
		}
	}
	if len(segs) == 1 {
		return func(name string) bool { ok, _ := path.Match(glob, path.Base(name)); return ok }, nil
	}
	return func(name string) bool { return matchSegments(segs, strings.Split(name, "/")) }, nil
}

// searcher collects matching lines.
type searcher struct {
	re   *regexp.Regexp
	keep func(string) bool
	out  *lister
}

// file searches one file: skipped when large, binary or hard-linked (its
// contents may be a file's outside the workspace).
func (s *searcher) file(fsys fs.FS, name string, info fs.FileInfo) error {
	if info.Size() > maxSearchFileSize {
		return nil
	}
	if st, ok := info.Sys().(*syscall.Stat_t); ok && st.Nlink > 1 {
		return nil
	}
	data, err := readAll(fsys, name)
	if err != nil || bytes.IndexByte(data[:min(len(data), 8<<10)], 0) >= 0 || !s.re.Match(data) {
		return nil // unreadable, binary or without a match: one pass over the bytes decides
	}
	for n, line := range lines(data) {
		if s.re.Match(line) {
			s.out.lines = append(s.out.lines, fmt.Sprintf("%s:%d: %s", name, n, shorten(line)))
			if len(s.out.lines) == s.out.limit {
				s.out.more = true
				return errFull
			}
		}
	}
	return nil
}

func readAll(fsys fs.FS, name string) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
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
