package builtin

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// A claim is what keeps the workspace's own writes, the commands whose
// file changes are being compared, and Revert apart, in this process, so
// that each file change is reported by the call that made it:
//
//   - a command's whole run, from the comparison's first walk to its last,
//     excludes the workspace's writes below its directory: one waits for
//     the other, so that the command's walks never see a write of
//     write_file, edit_file or delete_file, nor their temporary files;
//   - commands share a directory with one another (what each changes
//     cannot be told apart from the outside: see the package doc), but
//     each learns that another ran meanwhile, to say so; a command whose
//     changes nobody wants holds nothing up, and only tells the others;
//   - writes share a directory too, but one file is written by one call
//     at a time, so that each reports the change from what it found;
//   - Revert excludes all of them, so that what it checks is what it
//     replaces.
//
// Claims are granted in the order asked (one that must wait holds up
// those asked after it that conflict with it), so that a stream of writes
// cannot starve a command, nor commands a write. They are kept by
// directory, as workspaces resolve it: two workspaces of one directory
// (FileTools and ShellTool each open their own) conflict, and so do
// directories one inside the other.
type claimKind int

const (
	claimCommand   claimKind = iota // a command whose changes are compared
	claimUnwatched                  // a command whose changes are not: it only tells the others it runs
	claimWrite                      // a write of the workspace's file tools
	claimRevert                     // Revert
)

func (k claimKind) command() bool { return k == claimCommand || k == claimUnwatched }

type claim struct {
	kind    claimKind
	dir     string        // the directory: absolute, links resolved
	file    string        // for a write, the file (its name joined to dir)
	granted chan struct{} // closed when granted
	held    bool
	// shared: for a command, another command held an overlapping
	// directory during its run, whose changes it may have seen.
	shared bool
}

func (c *claim) conflicts(other *claim) bool {
	switch {
	case c.kind == claimUnwatched || other.kind == claimUnwatched:
		return false
	case c.kind == claimCommand && other.kind == claimCommand:
		return false
	case c.kind == claimWrite && other.kind == claimWrite:
		return overlapping(c.file, other.file)
	}
	return overlapping(c.dir, other.dir)
}

// overlapping tells whether one directory is the other or inside it.
func overlapping(a, b string) bool {
	return a == b || inside(a, b) || inside(b, a)
}

func inside(dir, parent string) bool {
	return strings.HasPrefix(dir, strings.TrimSuffix(parent, string(filepath.Separator))+string(filepath.Separator))
}

// claims are the process's claims.
var claims claimTable

type claimTable struct {
	mu      sync.Mutex
	held    []*claim
	waiting []*claim // in the order asked
}

// testHookClaimWaits, when set by a test, is called (with the table
// locked) when a claim has to wait.
var testHookClaimWaits func()

// take waits until c is granted, or ctx is done.
func (t *claimTable) take(ctx context.Context, c *claim) error {
	c.granted = make(chan struct{})
	t.mu.Lock()
	t.waiting = append(t.waiting, c)
	t.grantLocked()
	granted := c.held
	if !granted && testHookClaimWaits != nil {
		testHookClaimWaits()
	}
	t.mu.Unlock()
	if granted {
		return nil
	}
	select {
	case <-c.granted:
		return nil
	case <-ctx.Done():
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if c.held { // granted meanwhile
		t.releaseLocked(c)
	} else {
		t.waiting = slices.DeleteFunc(t.waiting, func(w *claim) bool { return w == c })
		t.grantLocked() // those it held up may go
	}
	return ctx.Err()
}

// release gives a claim back.
func (t *claimTable) release(c *claim) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.releaseLocked(c)
}

// sharedWith tells whether another command shared a command's directory
// while it held its claim.
func (t *claimTable) sharedWith(c *claim) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return c.shared
}

func (t *claimTable) releaseLocked(c *claim) {
	t.held = slices.DeleteFunc(t.held, func(h *claim) bool { return h == c })
	c.held = false
	t.grantLocked()
}

// grantLocked grants, in order, each waiting claim that conflicts neither
// with a held one nor with one asked before it that still waits.
func (t *claimTable) grantLocked() {
	var still []*claim
	for _, c := range t.waiting {
		if slices.ContainsFunc(t.held, c.conflicts) || slices.ContainsFunc(still, c.conflicts) {
			still = append(still, c)
			continue
		}
		if c.kind.command() {
			for _, h := range t.held {
				if h.kind.command() && overlapping(h.dir, c.dir) {
					h.shared, c.shared = true, true
				}
			}
		}
		c.held = true
		t.held = append(t.held, c)
		close(c.granted)
	}
	t.waiting = still
}

// holdFile takes the claim of a write of the file a name leads to (its
// last links resolved, unless lstat: a name that is itself the file
// written); the function returned gives it back. The name may lead
// elsewhere by the time the file is written: the write then finds the
// file changed (replace), and says so.
func (w *Workspace) holdFile(ctx context.Context, path, name string, lstat bool) (release func(), err error) {
	target := name
	if !lstat {
		if resolved, err := w.resolveLinks(path, name); err == nil {
			target = resolved
		} // else the write fails, and says why, in its own words
	}
	return w.hold(ctx, &claim{kind: claimWrite, file: filepath.Join(w.dir, target)})
}

// holdPath is holdFile of the file path names, whose name in the
// workspace it returns.
func (w *Workspace) holdPath(ctx context.Context, path string, lstat bool) (name string, release func(), err error) {
	if name, err = w.name(path); err != nil {
		return "", nil, err
	}
	release, err = w.holdFile(ctx, path, name, lstat)
	return name, release, err
}

// hold takes a claim of the workspace's directory; the function returned
// gives it back.
func (w *Workspace) hold(ctx context.Context, c *claim) (release func(), err error) {
	c.dir = w.dir
	if err := claims.take(ctx, c); err != nil {
		return nil, err
	}
	return func() { claims.release(c) }, nil
}
