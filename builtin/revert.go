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
// change left it, and of a write whose file changed while it was being
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
// Another process is not held up by any of this, and may change a file
// between its check and its replacement. Each file is therefore replaced
// only if it still is the file that was checked, unchanged: for a
// content, the name must lead to the same file, of the same size and
// modification time, at the moment it is renamed over; a file to remove
// is first moved to a private name and removed only if its content is
// still the one checked (it is put back otherwise); a deleted file comes
// back only if nothing took its name (renameat2 RENAME_NOREPLACE, on
// Linux). A file that fails this is left as the other process made it,
// and the error wraps ErrChangedSince for it; the files reverted before
// it stay reverted, and the error names them. What no check can see is a
// write by another process into the file itself in the instant between
// the last check and the rename, or one that keeps its size within one
// tick of the file system's clock.
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
		return w.removeReverting(ctx, r)
	}
	if dir, _ := split(r.target); r.found == nil && dir != "." {
		if err := w.root.MkdirAll(dir, 0o755); err != nil {
			return explain(r.path, err)
		}
	}
	err := w.replace(ctx, r.path, r.target, r.found, func(wr io.Writer) error {
		_, err := io.Copy(wr, bytes.NewReader(r.content))
		return err
	})
	if errors.Is(err, ErrChangedSince) {
		return changedSince(r.path)
	}
	return err
}

// removeReverting removes a file a change created: moved to a private
// name first, it is removed only if its content there is still the one
// the change left, and put back otherwise.
func (w *Workspace) removeReverting(ctx context.Context, r *reverting) error {
	dir, _ := split(r.target)
	aside := asideName(dir)
	if err := w.root.Rename(r.target, aside); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return changedSince(r.path)
		}
		return explain(r.path, err)
	}
	moved, found, err := w.stateOf(ctx, r.path, aside)
	if err == nil && (found == nil || moved.hash != r.last.HashAfter) {
		err = changedSince(r.path)
	}
	if err == nil {
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
