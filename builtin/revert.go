package builtin

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/toolgen-dev/toolgen"
)

// ErrChangedSince is the error of Revert for a file that is no longer as a
// change left it (or that another process has open, and may be writing),
// and of a write whose file changed while it was being
// written (write_file, edit_file, Sandbox.WriteFile: the file was left as
// it was found).
var ErrChangedSince = errors.New("changed since")

// Revert undoes changes the workspace's file tools reported
// (toolgen.FileChange, from the agent's file_changed events), given in the
// order they were made: each file gets back the content it had before the
// first of its changes, and a file they created is removed.
//
// Nothing is written unless every file can be reverted: each must still
// be as its last change left it (the same content, by its hash, or absent
// after a deletion; ErrChangedSince otherwise), the changes of a file must
// follow one another, and the content to restore must have been kept
// (toolgen.FileChange.Before, for files up to MaxChangeBytes). A file is
// restored as write_file writes it: whole, atomically, keeping its mode.
//
// Within the process, Revert is one step: it waits for the writes of the
// file tools (of every workspace of the directory) and for the commands
// of run_command whose changes are being compared (at most their
// timeout), and they wait for it,
// so that a write acknowledged before Revert began makes it fail with
// ErrChangedSince, and one that comes after it finds the file reverted
// and survives.
//
// Another process is not held up by the workspace's claims, and may
// write a file at any moment, so each file is replaced or removed only as
// follows, and a file that fails it is left as the other process made it,
// with an error that wraps ErrChangedSince for it (the files reverted
// before it stay reverted, and the error names them):
//
//   - The file the check found is opened and held under a write lease
//     (Linux's fcntl F_SETLEASE): the lease is granted only while no other
//     descriptor of the file is open, and any open of it by another process
//     from then on is seen (the kernel signals the lease's break with
//     SIGIO, which a Go program ignores unless os/signal asks for it). A
//     file another process has open (it may be writing through that
//     descriptor) is not reverted: "is open in another process".
//   - A content is restored by exchanging a new file holding it with the
//     file at the name (renameat2 RENAME_EXCHANGE: atomic, nothing is
//     replaced), then looking at the file that came out: only if it is the
//     held file, with the content the change left (its hash read again),
//     the same size and modification time, and no other process opened it
//     since the lease was taken, is it removed. Otherwise the names are
//     exchanged back, so that the other process's file is at the name
//     again and the new content is what gets removed. If the new content
//     was itself opened by another process while it was at the name (a
//     lease on it tells), or yet another file was renamed over the name
//     in between, that file may hold a write: it is moved aside, never
//     removed, and the error names it.
//   - A file to remove is first moved to a private name, and removed only
//     under the same checks (it is put back otherwise).
//   - A deleted file comes back only if nothing took its name
//     (renameat2 RENAME_NOREPLACE).
//
// So a write by another process is never lost when it comes before the
// exchange (it is found, and the file left to it), or after it (it lands
// on the restored file), whether it renames a file over the name or writes
// into the file. What this cannot promise, since POSIX has no compare and
// swap of a file against a process that takes no lock:
//
//   - An open that had already looked up the name before the exchange (or
//     the move aside) and reaches the file's lease check only after Revert
//     looked at the lease, in the same system call, a window of
//     microseconds: its writes go to the file Revert removes.
//   - Where there are no leases (another system than Linux, a file system
//     without them such as NFS, a file the process neither owns nor has
//     CAP_LEASE for), a process that opened the file before the exchange
//     and writes only after Revert's last look loses that write; and
//     without RENAME_EXCHANGE (an old kernel, some network and overlay file
//     systems), the file is renamed over after the checks, and a write in
//     the instant between them and the rename is lost.
//
// A test races Revert against a second process writing each way, at random
// moments, over thousands of trials (TOOLGEN_REVERT_TRIALS=100000 for the
// long run), and finds every write.
func (w *Workspace) Revert(changes ...toolgen.FileChange) error {
	ctx := context.Background()
	plan, errs := w.planRevert(changes)
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("builtin: nothing reverted: %w", err)
	}
	release, err := w.hold(ctx, &claim{kind: claimRevert})
	if err != nil {
		return err
	}
	defer release()
	for _, r := range plan {
		if err := w.checkReverting(ctx, r); err != nil {
			errs = append(errs, err)
		}
	}
	if testHookRevertChecked != nil {
		testHookRevertChecked()
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("builtin: nothing reverted: %w", err)
	}
	var reverted []string
	for _, r := range plan {
		if err := w.restore(ctx, r); err != nil {
			errs = append(errs, err)
			continue
		}
		reverted = append(reverted, strconv.Quote(r.path))
	}
	switch err := errors.Join(errs...); {
	case err == nil:
		return nil
	case len(reverted) == 0:
		return fmt.Errorf("builtin: nothing reverted: %w", err)
	default:
		return fmt.Errorf("builtin: revert incomplete: %s reverted, but: %w", strings.Join(reverted, ", "), err)
	}
}

// testHookRevertChecked, when set by a test, is called once Revert has
// checked every file, before it writes.
var testHookRevertChecked func()

// reverting is what Revert does to one file.
type reverting struct {
	path, name string
	last       toolgen.FileChange // the file's last change
	remove     bool               // the file did not exist: remove it
	content    []byte             // what it held, to restore
	target     string             // name, its last links resolved, when checked
	found      fs.FileInfo        // the file found by the check; nil when absent
}

// planRevert is what Revert does to each file, in the order of their
// first changes, or what makes it impossible.
func (w *Workspace) planRevert(changes []toolgen.FileChange) ([]*reverting, []error) {
	var (
		plan   []*reverting
		byPath = map[string]*reverting{}
		errs   []error
	)
	for _, c := range changes {
		if r, ok := byPath[c.Path]; ok {
			if r.last.HashAfter != c.HashBefore {
				errs = append(errs, fmt.Errorf("%s: its changes do not follow one another (one left %s, the next found %s)", c.Path, short(r.last.HashAfter), short(c.HashBefore)))
			}
			r.last = c
			continue
		}
		r := &reverting{path: c.Path, last: c, remove: c.HashBefore == "" && c.Kind == toolgen.FileCreated}
		byPath[c.Path] = r
		name, err := w.name(c.Path)
		if err == nil && name == "." {
			err = &pathError{path: c.Path, msg: "is the workspace root, not a file"}
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		r.name = name
		if !r.remove {
			if r.content, err = restorable(c); err != nil {
				errs = append(errs, err)
				continue
			}
		}
		plan = append(plan, r)
	}
	return plan, errs
}

// checkReverting finds the file as its last change left it, and notes
// which file it is; ErrChangedSince otherwise.
func (w *Workspace) checkReverting(ctx context.Context, r *reverting) error {
	target, err := w.resolveLinks(r.path, r.name)
	if err != nil {
		return err
	}
	current, found, err := w.stateOf(ctx, r.path, target)
	if err != nil {
		return err
	}
	if current.exists != (r.last.Kind != toolgen.FileDeleted) || current.hash != r.last.HashAfter {
		return changedSince(r.path)
	}
	r.target, r.found = target, found
	return nil
}

// stateOf reads the state of the file a name leads to, and describes the
// file (nil when there is none). A file that changes while it is read has
// changed since.
func (w *Workspace) stateOf(ctx context.Context, path, name string) (fileState, fs.FileInfo, error) {
	file, info, err := w.openName(path, name, os.O_RDONLY)
	if err != nil {
		if _, serr := w.root.Lstat(name); errors.Is(serr, fs.ErrNotExist) {
			return fileState{}, nil, nil
		}
		return fileState{}, nil, err
	}
	defer file.Close()
	rec := newStateRecorder()
	if _, err := io.Copy(rec, ctxReader{ctx, file}); err != nil {
		return fileState{}, nil, explain(path, err)
	}
	if now, err := file.Stat(); err != nil || !sameVersion(now, info) {
		return fileState{}, nil, changedSince(path)
	}
	return rec.state(), info, nil
}

func changedSince(path string) error {
	return &pathError{path: path, msg: "changed since the change being reverted; it was not reverted", err: ErrChangedSince}
}

// restorable is the content a change found, checked against its hash.
func restorable(c toolgen.FileChange) ([]byte, error) {
	content := c.Before
	if content == nil && c.SizeBefore == 0 {
		content = []byte{} // an empty file (Before is left out of JSON)
	}
	if c.HashBefore == "" || (content == nil && c.SizeBefore > 0) {
		return nil, &pathError{path: c.Path, msg: fmt.Sprintf("cannot be reverted: its content before the change (%d bytes) was not kept", c.SizeBefore)}
	}
	sum := sha256.Sum256(content)
	if hex.EncodeToString(sum[:]) != c.HashBefore {
		return nil, &pathError{path: c.Path, msg: "cannot be reverted: the content kept does not match its hash"}
	}
	return content, nil
}

// restore gives a file the content it had, or removes it, if it still
// is the file checked.
func (w *Workspace) restore(ctx context.Context, r *reverting) error {
	if r.remove {
		if r.found == nil {
			return nil // created, then deleted: as before already
		}
		return w.removeReverting(r)
	}
	content := func(wr io.Writer) error {
		_, err := io.Copy(wr, bytes.NewReader(r.content))
		return err
	}
	if r.found == nil {
		// Deleted: it comes back only if nothing took the name.
		if dir, _ := split(r.target); dir != "." {
			if err := w.root.MkdirAll(dir, 0o755); err != nil {
				return explain(r.path, err)
			}
		}
		return changedIfSo(r.path, w.replace(ctx, r.path, r.target, nil, content))
	}
	held, err := w.holdReverting(r)
	if err != nil {
		return err
	}
	defer held.release()
	err = w.exchangeRestore(ctx, r, held, content)
	if errors.Is(err, errNoExchange) {
		// Renamed over, the held file cannot be given back: an open of it
		// that the lease held up would then write into a removed file. So
		// the lease is given up first, as if there were none.
		if !held.still(r) {
			return changedSince(r.path)
		}
		held.release()
		err = w.replace(ctx, r.path, r.target, r.found, content)
	}
	return changedIfSo(r.path, err)
}

func changedIfSo(path string, err error) error {
	if errors.Is(err, ErrChangedSince) {
		return changedSince(path)
	}
	return err
}

// The errors of the steps of Revert that another process's doings decide.
var (
	errNoExchange    = errors.New("the file system cannot exchange two names")
	errNoLease       = errors.New("no lease to be had")
	errOpenElsewhere = errors.New("open in another process")
)

// heldFile is the file Revert is about to replace or remove, held open
// and, where the system grants one, under a write lease: an open of it by
// another process (to write into it) from then on is seen (opened).
type heldFile struct {
	f      *os.File
	leased bool
}

// holdReverting opens the file the check of r found, which its name must
// still lead to, and takes a write lease on it. A file another process
// has open (and may be writing through) is not reverted: the lease is
// refused while any other descriptor of the file is open.
func (w *Workspace) holdReverting(r *reverting) (*heldFile, error) {
	f, info, err := w.openName(r.path, r.target, os.O_RDONLY)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, changedSince(r.path)
		}
		return nil, err
	}
	if !sameVersion(info, r.found) {
		f.Close()
		return nil, changedSince(r.path)
	}
	h := &heldFile{f: f}
	switch err := takeWriteLease(f); {
	case err == nil:
		h.leased = true
	case errors.Is(err, errOpenElsewhere):
		f.Close()
		return nil, &pathError{path: r.path, msg: "is open in another process, which may be writing it; it was not reverted", err: ErrChangedSince}
	}
	return h, nil
}

// still reports whether the held file is still as the check found it:
// not opened by another process since the lease was taken, the same size
// and modification time, the content the change left. The lease is looked
// at last, as close as can be to the step that removes the file.
func (h *heldFile) still(r *reverting) bool {
	sum := sha256.New()
	if _, err := io.Copy(sum, io.NewSectionReader(h.f, 0, 1<<62)); err != nil || hex.EncodeToString(sum.Sum(nil)) != r.last.HashAfter {
		return false
	}
	if now, err := h.f.Stat(); err != nil || !sameVersion(now, r.found) {
		return false
	}
	return !h.leased || !leaseBroken(h.f)
}

// release gives up the lease and closes the file; again, it does nothing.
func (h *heldFile) release() {
	if h.f == nil {
		return
	}
	if h.leased {
		releaseLease(h.f)
	}
	h.f.Close()
	h.f = nil
}

// exchangeRestore restores r's content by exchanging a new file holding it
// with the file at the name (renameat2 RENAME_EXCHANGE), then looking at
// what came out: if it is the held file, unchanged and opened by no one,
// it is removed; otherwise another process wrote the file (or replaced
// it, or opened it to write) before the exchange, and the names are
// exchanged back, so that its write is at the name again and the new
// content is what gets removed. errNoExchange where the file system cannot
// exchange.
func (w *Workspace) exchangeRestore(ctx context.Context, r *reverting, held *heldFile, content func(io.Writer) error) error {
	dir, base := split(r.target)
	tmpName, tmp, err := w.newContent(ctx, r.path, dir, base, r.found, content)
	if err != nil {
		return err
	}
	defer tmp.Close()
	_, tmpBase := split(tmpName)
	if err := w.exchange(dir, tmpBase, base); err != nil {
		w.root.Remove(tmpName)
		switch {
		case errors.Is(err, errNoExchange):
			return err
		case errors.Is(err, fs.ErrNotExist):
			return changedSince(r.path) // the name was removed meanwhile
		}
		return writeFailed(ctx, r.path, err)
	}
	if out, err := w.root.Lstat(tmpName); err == nil && os.SameFile(out, r.found) && held.still(r) {
		w.root.Remove(tmpName)
		w.syncDir(dir)
		return nil
	}
	return w.exchangeBack(r, dir, tmpName, tmp)
}

// exchangeBack gives the name back the file exchangeRestore took out of
// it. What it gets in return should be the new content (tmp), which is
// removed, unless another process opened it while it was at the name (a
// write lease on it, taken before it leaves the name, tells): then it may
// hold that process's write, and is moved aside, never removed, as is a
// file another process renamed over the name in between; the error names
// it.
func (w *Workspace) exchangeBack(r *reverting, dir, tmpName string, tmp *os.File) error {
	_, tmpBase := split(tmpName)
	_, base := split(r.target)
	leaseErr := takeWriteLease(tmp)
	if leaseErr == nil {
		defer releaseLease(tmp)
	}
	if err := w.exchange(dir, tmpBase, base); err != nil {
		return &pathError{path: r.path, msg: fmt.Sprintf("changed while it was being reverted, and could not be given back (%v): what another process made of it is now %s", err, rel(tmpName)), err: ErrChangedSince}
	}
	back, err := w.root.Lstat(tmpName)
	ours, oerr := tmp.Stat()
	isOurs := err == nil && oerr == nil && os.SameFile(back, ours)
	openedOurs := errors.Is(leaseErr, errOpenElsewhere) || leaseErr == nil && leaseBroken(tmp)
	if isOurs && !openedOurs {
		w.root.Remove(tmpName)
		w.syncDir(dir)
		return changedSince(r.path)
	}
	aside := asideName(dir)
	if w.root.Rename(tmpName, aside) != nil {
		aside = tmpName
	}
	w.syncDir(dir)
	if isOurs {
		return &pathError{path: r.path, msg: "changed since the change being reverted, and was opened by another process while it was being reverted: the name leads to that process's file, and the content restored for a moment (which it may have written to) is now " + rel(aside), err: ErrChangedSince}
	}
	return &pathError{path: r.path, msg: "changed since the change being reverted, and again while it was being reverted: the name leads to the first of those changes, and the second is now " + rel(aside), err: ErrChangedSince}
}

// removeReverting removes a file a change created: held (holdReverting)
// and moved to a private name first, it is removed only if it is still as
// the change left it (heldFile.still), and put back otherwise.
func (w *Workspace) removeReverting(r *reverting) error {
	held, err := w.holdReverting(r)
	if err != nil {
		return err
	}
	defer held.release()
	dir, _ := split(r.target)
	aside := asideName(dir)
	if err := w.root.Rename(r.target, aside); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return changedSince(r.path)
		}
		return explain(r.path, err)
	}
	err = changedSince(r.path)
	if moved, serr := w.root.Lstat(aside); serr == nil && os.SameFile(moved, r.found) && held.still(r) {
		err = explain(r.path, w.root.Remove(aside))
	}
	if err != nil {
		if !w.putBackAside(r.target, aside) {
			return &pathError{path: r.path, msg: "changed since the change being reverted, and again while it was being reverted: what was found at the name is now " + rel(aside), err: ErrChangedSince}
		}
		return err
	}
	w.syncDir(dir)
	return nil
}

func short(hash string) string {
	if hash == "" {
		return "no file"
	}
	return hash[:min(len(hash), 12)]
}
