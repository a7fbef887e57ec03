package builtin

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/toolgen-dev/toolgen/runtime"
)

// ErrChangedSince is the error of Revert for a file that is no longer as a
// change left it.
var ErrChangedSince = errors.New("changed since")

// Revert undoes changes the workspace's file tools reported
// (runtime.FileChange, from the agent's file_changed events), given in the
// order they were made: each file gets back the content it had before the
// first of its changes, and a file they created is removed.
//
// Nothing is written unless every file can be reverted: each must still
// be as its last change left it (the same content, by its hash, or absent
// after a deletion; ErrChangedSince otherwise), the changes of a file must
// follow one another, and the content to restore must have been kept
// (runtime.FileChange.Before, for files up to MaxChangeBytes). A file is
// restored as write_file writes it: whole, atomically, keeping its mode.
func (w *Workspace) Revert(changes ...runtime.FileChange) error {
	ctx := context.Background()
	type revert struct {
		path, name string
		remove     bool   // the file did not exist: remove it
		content    []byte // what it held
		current    fileState
	}
	var (
		plan []*revert
		last = map[string]runtime.FileChange{}
		errs []error
	)
	for _, c := range changes {
		if prev, ok := last[c.Path]; ok {
			if prev.HashAfter != c.HashBefore {
				errs = append(errs, fmt.Errorf("%s: its changes do not follow one another (one left %s, the next found %s)", c.Path, short(prev.HashAfter), short(c.HashBefore)))
			}
			last[c.Path] = c
			continue
		}
		last[c.Path] = c
		name, err := w.name(c.Path)
		if err == nil && name == "." {
			err = &pathError{path: c.Path, msg: "is the workspace root, not a file"}
		}
		if err != nil {
			errs = append(errs, err)
			continue
		}
		r := &revert{path: c.Path, name: name, remove: c.HashBefore == "" && c.Kind == runtime.FileCreated}
		if !r.remove {
			content, err := restorable(c)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			r.content = content
		}
		plan = append(plan, r)
	}
	for _, r := range plan {
		c := last[r.path]
		current, err := w.readState(ctx, r.path, r.name)
		switch {
		case err != nil:
			errs = append(errs, err)
		case current.exists != (c.Kind != runtime.FileDeleted) || current.hash != c.HashAfter:
			errs = append(errs, &pathError{path: r.path, msg: "changed since the change being reverted; it was not reverted", err: ErrChangedSince})
		}
		r.current = current
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("builtin: nothing reverted: %w", err)
	}
	for _, r := range plan {
		if err := w.restore(ctx, r.path, r.name, r.remove, r.content, r.current.exists); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// restorable is the content a change found, checked against its hash.
func restorable(c runtime.FileChange) ([]byte, error) {
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

// restore gives a file the content it had, or removes it.
func (w *Workspace) restore(ctx context.Context, path, name string, remove bool, content []byte, exists bool) error {
	if remove {
		if !exists {
			return nil // created, then deleted: as before already
		}
		target, err := w.resolveLinks(path, name)
		if err == nil {
			err = w.root.Remove(target)
		}
		return explain(path, err)
	}
	var old os.FileInfo
	if exists {
		file, info, err := w.openName(path, name, os.O_RDONLY)
		if err != nil {
			return err
		}
		file.Close()
		old = info
	} else if dir, _ := split(name); dir != "." {
		if err := w.root.MkdirAll(dir, 0o755); err != nil {
			return explain(path, err)
		}
	}
	return w.replace(ctx, path, name, old, func(wr io.Writer) error {
		_, err := io.Copy(wr, bytes.NewReader(content))
		return err
	})
}

func short(hash string) string {
	if hash == "" {
		return "no file"
	}
	return hash[:min(len(hash), 12)]
}
