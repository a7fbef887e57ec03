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
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/toolgen-dev/toolgen"
)

// Files larger than this are not searched.
const maxSearchFileSize = 16 << 20

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
	s := &searcher{re: re, keep: keep, limit: f.maxResults, tool: f.names.Of(ToolSearchFiles)}
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
	sw := &searchWalk{s: s, ctx: ctx, out: out, batches: make(chan *searchBatch, maxSearchBatches+1)}
	var wg sync.WaitGroup
	for range max(1, min(runtime.GOMAXPROCS(0), maxSearchWorkers)) {
		wg.Go(func() {
			buf, lines := getSearchBuffer(), getSearchBuffer()
			defer putSearchBuffer(buf)
			defer putSearchBuffer(lines)
			for b := range sw.batches {
				s.batch(wctx, b, buf, lines)
			}
		})
	}
	problems, err := w.walkLeaving(ctx, dir, sw.visit, sw.flush)
	if err == nil {
		err = sw.stop
	}
	if err == nil && sw.pending != nil {
		sw.flush(sw.pending.dir) // the walk closed it: no handle, the files fail
		err = sw.stop
	}
	for err == nil && len(sw.queue) > 0 {
		err = sw.take()
	}
	cancel() // the batches left, if the search stopped, end at once
	close(sw.batches)
	wg.Wait()
	return append(problems, sw.unread...), err
}

// searchWalk is the walk of one search of a tree: it gathers the files it
// meets into batches, sends them to the workers, and takes their results in
// walk order.
type searchWalk struct {
	s       *searcher
	ctx     context.Context // the search's (the workers' is cancelled when it ends)
	out     *matches
	batches chan *searchBatch // to the workers
	queue   []*searchBatch    // sent to the workers, in walk order
	pending *searchBatch      // being filled
	unread  walkProblems
	stop    error // what stopped the search
}

// visit adds a file the walk meets to the pending batch.
func (sw *searchWalk) visit(e entry) error {
	if sw.stop != nil {
		return sw.stop
	}
	if e.IsDir() || !e.Type().IsRegular() || !sw.s.keep(e.name) {
		return nil
	}
	if sw.pending != nil && (sw.pending.dir != e.dir || len(sw.pending.files) == maxSearchBatch) {
		sw.flush(sw.pending.dir)
		if sw.stop != nil {
			return sw.stop
		}
	}
	if sw.pending == nil {
		sw.pending = &searchBatch{dir: e.dir, done: make(chan struct{})}
	}
	f := searchFile{name: e.name, base: e.Name(), lines: found{max: sw.s.limit + 1}}
	// The directory is open for the batch, or opened again (as to
	// open a file in it), and the file opened by a worker.
	if _, f.err = e.dir.root(); f.err == nil {
		if hook := testHookWalkOpen; hook != nil {
			if err := hook(e.name); err != nil {
				f.err = &fs.PathError{Op: "open", Path: f.base, Err: err}
			}
		}
	}
	sw.pending.files = append(sw.pending.files, f)
	return nil
}

// flush sends the pending batch to the workers, with its directory d (the
// walk is done with it for now).
func (sw *searchWalk) flush(d *walkDir) {
	b := sw.pending
	if b == nil || b.dir != d {
		return
	}
	sw.pending = nil
	b.root, d.r = d.r, nil
	if sw.stop != nil {
		if b.root != nil {
			b.root.Close()
		}
		return
	}
	sw.queue = append(sw.queue, b)
	sw.batches <- b
	if err := sw.takeDone(maxSearchBatches); err != nil {
		sw.stop = err
	}
}

// takeDone takes the batches done, and waits for the oldest while more
// than max are in flight.
func (sw *searchWalk) takeDone(max int) error {
	for len(sw.queue) > 0 {
		if len(sw.queue) <= max {
			select {
			case <-sw.queue[0].done:
			default:
				return nil
			}
		}
		if err := sw.take(); err != nil {
			return err
		}
	}
	return nil
}

// take takes the results of the oldest batch: their lines go out, their
// errors are problems to report, or stop the search.
func (sw *searchWalk) take() error {
	b := sw.queue[0]
	<-b.done
	sw.queue[0] = nil
	sw.queue = sw.queue[1:]
	for i := range b.files {
		f := &b.files[i]
		sw.out.add(f.lines.text, f.lines.count)
		var skipped *pathError
		switch err := f.err; {
		case err == nil || errors.As(err, &skipped):
		case errors.Is(err, errFull) || sw.ctx.Err() != nil:
			return err
		default:
			sw.unread.add(f.name, err)
		}
		if err := sw.out.full(); err != nil {
			return err
		}
	}
	return nil
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
	limit int              // matching lines shown
	tool  toolgen.ToolName // the tool's name, for messages
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
		return &pathError{path: path, msg: fmt.Sprintf("is a binary file (it is not UTF-8 text); %s searches text files", s.tool)}
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
