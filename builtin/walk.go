package builtin

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

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
