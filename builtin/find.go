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
	"path/filepath"
	"regexp"
	"regexp/syntax"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
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
	var unread walkProblems
	if recursive != nil && *recursive {
		unread, err = f.ws.walk(ctx, dir, func(e entry) error {
			out.add(e.name, e.IsDir())
			return out.full()
		})
	} else {
		err = f.listDir(dir, out)
	}
	if err != nil && !errors.Is(err, errFull) {
		return "", explain(strOr(path, "."), err)
	}
	return answer(out, "(empty directory)", "nothing found", unread)
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
		out.add(join(rel(dir), e.Name()), e.IsDir())
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

// join is the name of an entry of directory dir (slash-separated, as rel
// spells it). It does not clean the name: dir may hold ".." after a link,
// which only os.Root resolves as the kernel would.
func join(dir, base string) string {
	if dir == "." || dir == "" {
		return base
	}
	return dir + "/" + base
}

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
// and without entering .git. An error from visit stops the walk, and so
// does a done context.
//
// Only dir itself must be readable: a directory below it that cannot be
// read (no permission, no descriptor left, replaced by a link to outside)
// does not stop the walk but is reported in the problems returned, so that
// a tool never answers that nothing is there when it could not look. One
// that vanished since its parent was read is not a problem: it is not
// there.
//
// A walk holds a handful of descriptors whatever the depth: each directory
// is opened (from its parent if that is still open, or from the root by its
// name: os.Root resolves the name again, confined), read, and closed before
// its subdirectories are walked; it is opened again only if a visitor opens
// a file in it after that. This walks with os.Root's own methods, not its
// io/fs view, which refuses names that are not UTF-8: one such directory
// would fail every walk.
func (w *Workspace) walk(ctx context.Context, dir string, visit func(entry) error) (walkProblems, error) {
	return w.walkLeaving(ctx, dir, visit, nil)
}

// walkLeaving is walk, calling leave (when not nil) with each directory
// the walk is done with for now, before it closes it (when it goes into a
// subdirectory, and at its end). leave may take the directory's open
// handle (setting its r to nil), which it must then close.
func (w *Workspace) walkLeaving(ctx context.Context, dir string, visit func(entry) error, leave func(*walkDir)) (walkProblems, error) {
	start := rel(dir)
	if start != "." {
		// os.Root.OpenRoot on a file does not say ENOTDIR; callers test it.
		if info, err := w.root.Stat(start); err == nil && !info.IsDir() {
			return nil, &fs.PathError{Op: "open", Path: start, Err: syscall.ENOTDIR}
		}
	}
	wk := &walker{ws: w, visit: visit, leave: leave}
	d := &walkDir{ws: w, name: start}
	entries, err := d.read()
	if err != nil {
		d.close()
		return nil, err
	}
	err = wk.entries(ctx, d, entries)
	return wk.problems, err
}

// walker is one walk.
type walker struct {
	ws       *Workspace
	visit    func(entry) error
	leave    func(*walkDir) // nil, or called before a directory is closed
	problems walkProblems
}

// entry is what a walk visits: a root-relative name, its directory entry,
// and its directory, which opens a file with one system call (through the
// whole path, os.Root would open every directory on the way).
type entry struct {
	fs.DirEntry
	name string
	dir  *walkDir
}

// walkDir is a directory of a walk, open only while needed.
type walkDir struct {
	ws   *Workspace
	name string   // root-relative, slash-separated
	r    *os.Root // nil when closed
}

// root opens the directory if it is not open.
func (d *walkDir) root() (*os.Root, error) {
	if d.r != nil {
		return d.r, nil
	}
	var err error
	if d.name == "." {
		d.r, err = d.ws.root.OpenRoot(".")
	} else {
		d.r, err = d.ws.root.OpenRoot(filepath.FromSlash(d.name))
	}
	return d.r, err
}

func (d *walkDir) close() {
	if d.r != nil {
		d.r.Close()
		d.r = nil
	}
}

// read reads the directory's entries, sorted by name, leaving it open.
func (d *walkDir) read() ([]fs.DirEntry, error) {
	r, err := d.root()
	if err != nil {
		return nil, err
	}
	if hook := testHookWalkOpen; hook != nil {
		if err := hook(d.name); err != nil {
			return nil, &fs.PathError{Op: "readdirent", Path: d.name, Err: err}
		}
	}
	return readEntries(d, r)
}

// testHookWalkOpen, when set by a test, is called with the name of each
// directory a walk reads and each file search_files is to open, and fails
// them with the error it returns.
var testHookWalkOpen func(name string) error

func (wk *walker) entries(ctx context.Context, d *walkDir, entries []fs.DirEntry) error {
	defer wk.release(d)
	for _, e := range entries {
		if err := ctx.Err(); err != nil {
			return err
		}
		if e.IsDir() && e.Name() == ".git" {
			continue
		}
		name := join(d.name, e.Name())
		if err := wk.visit(entry{DirEntry: e, name: name, dir: d}); err != nil {
			return err
		}
		if !e.IsDir() {
			continue
		}
		sub := &walkDir{ws: wk.ws, name: name}
		if d.r != nil {
			// One system call rather than one per component of the name
			// from the root; if this fails, read opens it from the root,
			// as when the directory is no longer open.
			if r, err := d.r.OpenRoot(e.Name()); err == nil {
				sub.r = r
			}
		}
		wk.release(d) // one directory open at a time, whatever the depth
		subEntries, err := sub.read()
		if err != nil {
			sub.close()
			wk.problems.add(name, err)
			continue
		}
		if err := wk.entries(ctx, sub, subEntries); err != nil {
			return err
		}
	}
	return nil
}

// release closes a directory the walk is done with for now.
func (wk *walker) release(d *walkDir) {
	if wk.leave != nil {
		wk.leave(d)
	}
	d.close()
}

// readDir reads a directory's entries, sorted by name.
func (w *Workspace) readDir(name string) ([]fs.DirEntry, error) {
	return readDirSorted(w.root, name)
}

// readDirSorted reads the entries of directory name of r, sorted by name.
func readDirSorted(r *os.Root, name string) ([]fs.DirEntry, error) {
	d, err := r.Open(name)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	entries, err := d.ReadDir(-1)
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, err
}

// walkProblems are the parts of a tree a walk could not read: directories
// it could not list, files it could not open.
type walkProblems []error

// maxProblemsShown is how many problems a result names.
const maxProblemsShown = 5

// add notes that name could not be read, unless it is gone.
func (p *walkProblems) add(name string, err error) {
	if errors.Is(err, fs.ErrNotExist) {
		return // gone since its directory was read: it is not there
	}
	*p = append(*p, explain(name, err))
}

func (p walkProblems) String() string {
	var b strings.Builder
	for i, err := range p[:min(len(p), maxProblemsShown)] {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(err.Error())
	}
	if len(p) > maxProblemsShown {
		fmt.Fprintf(&b, "; and %d more", len(p)-maxProblemsShown)
	}
	return b.String()
}

// answer is the result of a walking tool: the list, followed by what could
// not be read. When nothing was found and part of the tree could not be
// read, it is an error: absence is not established.
// nothing says that the walk found nothing, for the error.
func answer(out *lister, empty, nothing string, unread walkProblems) (string, error) {
	return answerText(out.text(empty), len(out.lines) > 0, nothing, unread)
}

// answerText is answer for a result text, which found something or not.
func answerText(text string, found bool, nothing string, unread walkProblems) (string, error) {
	if len(unread) == 0 {
		return text, nil
	}
	if !found {
		return "", fmt.Errorf("%s in what could be read, but part of the tree could not be read: %s", nothing, unread)
	}
	return fmt.Sprintf("%s\n[part of the tree could not be read: %s]", text, unread), nil
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
	m := newMatcher(segs)
	unread, err := f.ws.walk(ctx, filepath.FromSlash(start), func(e entry) error {
		if !e.IsDir() && m.match(e.name) {
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
	return answer(out, fmt.Sprintf("no files match %q", pattern), fmt.Sprintf("no files match %q", pattern), unread)
}

// Limits of glob patterns (glob's, and search_files' glob), which keep the
// cost of matching one path small and predictable.
const (
	maxPatternBytes = 1024 // bytes in a pattern
	maxPatternStars = 16   // ** segments in a pattern, runs of them counting as one
)

// globSegments checks a pattern and splits it into path segments.
func (f *files) globSegments(pattern string) ([]string, error) {
	name, err := f.ws.name(pattern)
	if err != nil {
		return nil, err
	}
	return patternSegments("pattern", pattern, rel(name))
}

// patternSegments checks a pattern (what names it in messages) and splits
// it into path segments, runs of ** made one.
func patternSegments(what, pattern, slashed string) ([]string, error) {
	if len(pattern) > maxPatternBytes {
		return nil, fmt.Errorf("%s is too long (%d bytes; the limit is %d)", what, len(pattern), maxPatternBytes)
	}
	var segs []string
	stars := 0
	for _, s := range strings.Split(shellSets(slashed), "/") {
		if s == "**" {
			if len(segs) > 0 && segs[len(segs)-1] == "**" {
				continue // a**/**b is a**b: one run, one way to match
			}
			stars++
		}
		if _, err := path.Match(s, ""); err != nil {
			return nil, fmt.Errorf("%s %q is malformed: %v", what, pattern, err)
		}
		segs = append(segs, s)
	}
	if stars > maxPatternStars {
		return nil, fmt.Errorf("%s %q has %d ** segments; the limit is %d", what, pattern, stars, maxPatternStars)
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
	return strings.Join(fixed, "/")
}

// matcher matches slash-separated names against a pattern's segments, where
// ** stands for any number of segments. It follows every way the pattern
// may go at once (a set of positions in the pattern, one segment of the
// name at a time), so a match costs at most segments of the pattern times
// segments of the name, whatever the number of **: trying each way in turn
// took exponential time.
type matcher struct {
	pat       []string
	cur, next []bool // positions in pat reached; len(pat) is the end
}

func newMatcher(pat []string) *matcher {
	return &matcher{pat: pat, cur: make([]bool, len(pat)+1), next: make([]bool, len(pat)+1)}
}

func (m *matcher) match(name string) bool {
	clear(m.cur)
	m.cur[0] = true
	m.skipStars(m.cur)
	for seg := range strings.SplitSeq(name, "/") {
		clear(m.next)
		alive := false
		for i, p := range m.pat {
			if !m.cur[i] {
				continue
			}
			if p == "**" {
				m.next[i] = true // ** takes this segment and may take more
				alive = true
			} else if ok, _ := path.Match(p, seg); ok {
				m.next[i+1] = true
				alive = true
			}
		}
		if !alive {
			return false
		}
		m.skipStars(m.next)
		m.cur, m.next = m.next, m.cur
	}
	return m.cur[len(m.pat)]
}

// skipStars adds the positions reached by letting ** take no segment.
func (m *matcher) skipStars(set []bool) {
	for i, p := range m.pat {
		if set[i] && p == "**" {
			set[i+1] = true
		}
	}
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
	s := &searcher{re: re, keep: keep, limit: f.maxResults}
	if s.lit = requiredLiteral(pattern); s.lit == nil {
		s.quick = quickFilter(pattern)
	}
	out := &matches{limit: f.maxResults}
	unread, err := f.searchPath(ctx, where, s, out)
	if err != nil && !errors.Is(err, errFull) {
		return "", explain(where, err)
	}
	nothing := fmt.Sprintf("no matches for %q", pattern)
	return answerText(out.String(nothing), out.n > 0, nothing, unread)
}

// matches collects the matching lines search_files shows, at most limit,
// in one text (a search may find hundreds of thousands), then notes that
// there were more.
type matches struct {
	files [][]byte // the files' lines, each ended by a newline
	size  int      // bytes in files
	n     int      // lines in files
	limit int
	more  bool
}

// add adds a file's matching lines, count lines each ended by a newline,
// which it keeps.
func (m *matches) add(lines []byte, count int) {
	if m.n+count > m.limit {
		cut := 0
		for ; m.n < m.limit; m.n++ {
			cut += bytes.IndexByte(lines[cut:], '\n') + 1
		}
		lines, count = lines[:cut], 0
		m.more = true
	}
	if len(lines) > 0 {
		m.files = append(m.files, lines)
		m.size += len(lines)
		m.n += count
	}
}

func (m *matches) full() error {
	if m.more {
		return errFull
	}
	return nil
}

// String is the result: the lines, or empty when there are none.
func (m *matches) String(empty string) string {
	if m.n == 0 {
		return empty
	}
	var b strings.Builder
	b.Grow(m.size + 100)
	for _, lines := range m.files {
		b.Write(lines)
	}
	text := b.String()
	text = text[:len(text)-1] // the last newline
	if m.more {
		text += fmt.Sprintf("\n[... more not shown: the list stops at %d; narrow the path or pattern]", m.limit)
	}
	return text
}

// found are the matching lines of one file, as shown.
type found struct {
	text  []byte // lines, each ended by a newline
	count int
	max   int // lines wanted: the last stops the search of the file with errFull
}

// add adds a matching line, "path:n: text", the text trimmed and cut to
// keep it readable.
func (f *found) add(shown string, n int, line []byte) error {
	const max = 300
	line = bytes.TrimSpace(line)
	cut := len(line) > max
	if cut {
		i := max
		for i > 0 && (line[i]&0xC0) == 0x80 {
			i--
		}
		line = line[:i]
	}
	f.text = append(f.text, shown...)
	f.text = append(f.text, ':')
	f.text = strconv.AppendInt(f.text, int64(n), 10)
	f.text = append(f.text, ": "...)
	f.text = append(f.text, line...)
	if cut {
		f.text = append(f.text, "…"...)
	}
	f.text = append(f.text, '\n')
	if f.count++; f.count >= f.max {
		return errFull
	}
	return nil
}

// searchPath searches one file, or every file below a directory. A file
// named by path that cannot be searched is an error saying why. In a
// directory, the files search_files does not search (binary, too large,
// hard-linked, special) are skipped, and those it could not read are
// reported.
func (f *files) searchPath(ctx context.Context, where string, s *searcher, out *matches) (walkProblems, error) {
	name, err := f.ws.name(where)
	if err != nil {
		return nil, err
	}
	info, err := f.ws.root.Stat(name)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		file, info, err := f.ws.openName(where, name, os.O_RDONLY)
		if err != nil {
			return nil, err
		}
		defer file.Close()
		buf := getSearchBuffer()
		defer putSearchBuffer(buf)
		lines := &found{max: s.limit + 1}
		err = s.scan(ctx, where, rel(name), file, info, buf, lines)
		out.add(lines.text, lines.count)
		if err == nil {
			err = out.full()
		}
		return nil, err
	}
	return s.walk(ctx, f.ws, name, out)
}

// Searching a tree, the walk goes on while a few workers open, read and
// search the files it met, in batches: the files of a directory met one
// after the other, with the directory's open handle, which the walk hands
// over when it is done with the directory instead of closing it. The walk
// itself holds one directory open at a time, as every walk; each batch
// waiting or being searched holds its directory, and a worker one file,
// so a search holds, whatever the depth, the walk's directory, at most
// maxSearchBatches+1 batches' directories and maxSearchWorkers files open.
// Results are taken in the walk's order, so the answer is the one a search
// of one file after the other gives, limits included.
const (
	maxSearchWorkers = 4  // at most; GOMAXPROCS when fewer
	maxSearchBatches = 8  // batches met and not yet taken
	maxSearchBatch   = 64 // files in a batch
)

// searchBatch is files of one directory to search, and then their results.
type searchBatch struct {
	dir   *walkDir
	root  *os.Root // the directory's handle, the batch's to close
	files []searchFile
	done  chan struct{} // closed once every file has its result
}

// searchFile is a file of a batch and its result.
type searchFile struct {
	name  string // root-relative
	base  string
	lines found // at most limit+1
	err   error
}

// walk searches every file below dir, in walk order.
func (s *searcher) walk(ctx context.Context, w *Workspace, dir string, out *matches) (walkProblems, error) {
	wctx, cancel := context.WithCancel(ctx)
	batches := make(chan *searchBatch, maxSearchBatches+1)
	var wg sync.WaitGroup
	for range max(1, min(runtime.GOMAXPROCS(0), maxSearchWorkers)) {
		wg.Go(func() {
			buf, lines := getSearchBuffer(), getSearchBuffer()
			defer putSearchBuffer(buf)
			defer putSearchBuffer(lines)
			for b := range batches {
				s.batch(wctx, b, buf, lines)
			}
		})
	}
	var (
		queue   []*searchBatch // sent to the workers, in walk order
		pending *searchBatch   // being filled
		unread  walkProblems
		stop    error // what stopped the search
	)
	// take takes the results of the oldest batch: their lines go out,
	// their errors are problems to report, or stop the search.
	take := func() error {
		b := queue[0]
		<-b.done
		queue[0] = nil
		queue = queue[1:]
		for i := range b.files {
			f := &b.files[i]
			out.add(f.lines.text, f.lines.count)
			var skipped *pathError
			switch err := f.err; {
			case err == nil || errors.As(err, &skipped):
			case errors.Is(err, errFull) || ctx.Err() != nil:
				return err
			default:
				unread.add(f.name, err)
			}
			if err := out.full(); err != nil {
				return err
			}
		}
		return nil
	}
	// takeDone takes the batches done, and waits for the oldest while
	// more than max are in flight.
	takeDone := func(max int) error {
		for len(queue) > 0 {
			if len(queue) <= max {
				select {
				case <-queue[0].done:
				default:
					return nil
				}
			}
			if err := take(); err != nil {
				return err
			}
		}
		return nil
	}
	// flush sends the pending batch to the workers, with its directory.
	flush := func(d *walkDir) {
		b := pending
		if b == nil || b.dir != d {
			return
		}
		pending = nil
		b.root, d.r = d.r, nil
		if stop != nil {
			if b.root != nil {
				b.root.Close()
			}
			return
		}
		queue = append(queue, b)
		batches <- b
		if err := takeDone(maxSearchBatches); err != nil {
			stop = err
		}
	}
	problems, err := w.walkLeaving(ctx, dir, func(e entry) error {
		if stop != nil {
			return stop
		}
		if e.IsDir() || !e.Type().IsRegular() || !s.keep(e.name) {
			return nil
		}
		if pending != nil && (pending.dir != e.dir || len(pending.files) == maxSearchBatch) {
			flush(pending.dir)
			if stop != nil {
				return stop
			}
		}
		if pending == nil {
			pending = &searchBatch{dir: e.dir, done: make(chan struct{})}
		}
		f := searchFile{name: e.name, base: e.Name(), lines: found{max: s.limit + 1}}
		// The directory is open for the batch, or opened again (as to
		// open a file in it), and the file opened by a worker.
		if _, f.err = e.dir.root(); f.err == nil {
			if hook := testHookWalkOpen; hook != nil {
				if err := hook(e.name); err != nil {
					f.err = &fs.PathError{Op: "open", Path: f.base, Err: err}
				}
			}
		}
		pending.files = append(pending.files, f)
		return nil
	}, flush)
	if err == nil {
		err = stop
	}
	if err == nil && pending != nil {
		flush(pending.dir) // the walk closed it: no handle, the files fail
		err = stop
	}
	for err == nil && len(queue) > 0 {
		err = take()
	}
	cancel() // the batches left, if the search stopped, end at once
	close(batches)
	wg.Wait()
	return append(problems, unread...), err
}

// batch searches the files of a batch and closes its directory.
// buf holds a file's contents, lines its matching lines as they are found.
func (s *searcher) batch(ctx context.Context, b *searchBatch, buf, lines *[]byte) {
	defer close(b.done)
	if b.root != nil {
		defer b.root.Close()
	}
	for i := range b.files {
		f := &b.files[i]
		switch {
		case f.err != nil:
		case ctx.Err() != nil:
			f.err = ctx.Err()
		case b.root == nil:
			f.err = &fs.PathError{Op: "open", Path: f.base, Err: os.ErrClosed}
		default:
			f.lines.text = (*lines)[:0]
			f.err = s.file(ctx, b.root, f, buf)
			*lines = f.lines.text[:0]
			f.lines.text = bytes.Clone(f.lines.text) // as large as it needs
		}
	}
}

// file opens and searches a file of a batch.
func (s *searcher) file(ctx context.Context, dir *os.Root, f *searchFile, buf *[]byte) error {
	file, err := dir.OpenFile(f.base, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return err
	}
	defer file.Close()
	info, err := file.Stat()
	if err == nil {
		err = checkRegular(f.name, info)
	}
	if err == nil {
		err = s.scan(ctx, f.name, f.name, file, info, buf, &f.lines)
	}
	if errors.Is(err, errFull) {
		err = nil // all that can be shown from this file is there
	}
	return err
}

// globFilter turns search_files' glob into a test on root-relative names.
func globFilter(glob string) (func(string) bool, error) {
	if glob == "" {
		return func(string) bool { return true }, nil
	}
	segs, err := patternSegments("glob", glob, strings.TrimPrefix(glob, "./"))
	if err != nil {
		return nil, err
	}
	if len(segs) == 1 {
		return func(name string) bool { ok, _ := path.Match(segs[0], path.Base(name)); return ok }, nil
	}
	m := newMatcher(segs)
	return m.match, nil
}

// searcher is the search of one search_files call.
type searcher struct {
	re    *regexp.Regexp
	lit   *literal       // nil, or a literal every matching line holds
	quick *regexp.Regexp // without lit: nil, or a whole-file test no matching file fails
	keep  func(string) bool
	limit int // matching lines shown
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

// Search buffers are reused from file to file and search to search: a
// search reads every file it searches whole, and allocating for each was
// most of its garbage.
var searchBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

func getSearchBuffer() *[]byte  { return searchBuffers.Get().(*[]byte) }
func putSearchBuffer(b *[]byte) { *b = (*b)[:0]; searchBuffers.Put(b) }

// scan searches an open file; shown is its name in the results, path its
// name in errors. It refuses a file too large or binary with a *pathError,
// and adds each matching line to out, stopping with errFull when out has
// all it wants. buf holds the file's contents.
func (s *searcher) scan(ctx context.Context, path, shown string, file *os.File, info fs.FileInfo, buf *[]byte, out *found) error {
	if info.Size() > maxSearchFileSize {
		return &pathError{path: path, msg: fmt.Sprintf("is too large to search (%d bytes; the limit is %d)", info.Size(), maxSearchFileSize)}
	}
	data, err := readText(ctx, file, info.Size(), buf)
	if err != nil {
		return err
	}
	if data == nil {
		return &pathError{path: path, msg: "is a binary file (it is not UTF-8 text); search_files searches text files"}
	}
	if s.lit != nil {
		return s.scanLiteral(data, shown, out)
	}
	if s.quick != nil && !s.quick.Match(data) {
		return nil
	}
	for n, line := range lines(data) {
		if s.re.Match(line) {
			if err := out.add(shown, n, line); err != nil {
				return err
			}
		}
	}
	return nil
}

// scanLiteral finds the lines holding the literal and matches only them.
func (s *searcher) scanLiteral(data []byte, shown string, out *found) error {
	f := newFinder(s.lit, data)
	n, counted := 1, 0 // line n starts at counted
	for from := 0; ; {
		at := f.next(from)
		if at < 0 {
			return nil
		}
		start := bytes.LastIndexByte(data[:at], '\n') + 1
		end := len(data)
		if i := bytes.IndexByte(data[at:], '\n'); i >= 0 {
			end = at + i
		}
		n += bytes.Count(data[counted:start], []byte{'\n'})
		counted = start
		line := bytes.TrimRight(data[start:end], "\r")
		if s.lit.whole || s.re.Match(line) {
			if err := out.add(shown, n, line); err != nil {
				return err
			}
		}
		from = end + 1
	}
}

// searchBlock is what readText reads first: enough to tell a binary file,
// which is read no further, and all of most source files.
const searchBlock = 64 << 10

// readText reads a file of size bytes (as its stat says) into buf, at most
// maxSearchFileSize bytes: its size when opened, or up to EOF if it has
// shrunk since or gives no size; its contents, or nil if the file is
// binary: its first textSniffLen bytes are not text.
func readText(ctx context.Context, file *os.File, size int64, buf *[]byte) ([]byte, error) {
	data := (*buf)[:0]
	defer func() { *buf = data[:0] }()
	want := int(min(size, maxSearchFileSize)) + 1 // +1: no growing to find the end
	end := searchBlock                            // until the start is known to be text
	sniffed := false
	for len(data) < maxSearchFileSize {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if cap(data) < min(want, end) {
			data = slices.Grow(data, min(want, end)-len(data))
		} else if len(data) == cap(data) {
			data = slices.Grow(data, min(len(data), maxSearchFileSize-len(data)))
		}
		n, err := file.Read(data[len(data):min(cap(data), end)])
		data = data[:len(data)+n]
		if err == io.EOF || size > 0 && int64(len(data)) == size {
			break // as large as it was when it was opened: no read for EOF
		}
		if err != nil {
			return nil, err
		}
		if !sniffed && len(data) >= textSniffLen {
			if !isText(data[:textSniffLen]) {
				return nil, nil
			}
			sniffed, end = true, maxSearchFileSize
		}
	}
	if !sniffed && !isText(data[:min(len(data), textSniffLen)]) {
		return nil, nil
	}
	return data, nil
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
