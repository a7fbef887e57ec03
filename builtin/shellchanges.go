package builtin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/toolgen-dev/toolgen"
)

// Bounds of the comparison of the workspace before and after a command.
const (
	maxTrackedFiles = 10_000  // files compared; beyond, a command's changes go unreported
	maxTrackedBytes = 8 << 20 // bytes read, each time, to keep old contents and hash new ones
)

// trackedFile is what a command's comparison knows of a file.
type trackedFile struct {
	size  int64
	mtime time.Time
	state fileState // the content, when it was read; exists is false otherwise
}

// tree is the regular files of a directory (not in .git directories), by
// slash-separated path.
type tree map[string]*trackedFile

// errTooManyFiles stops a walk of more than maxTrackedFiles files.
var errTooManyFiles = fmt.Errorf("more than %d files", maxTrackedFiles)

// files visits the regular files of the workspace (not in .git, nor the
// temporary files of workspaces: see isWorkspaceTemp), with the
// workspace's own walk: one directory open at a time, names that are not
// UTF-8 included. A directory it cannot read is not compared.
func (w *Workspace) files(ctx context.Context, visit func(path string, info fs.FileInfo) error) error {
	n := 0
	_, err := w.walk(ctx, ".", func(e entry) error {
		if !e.Type().IsRegular() || isWorkspaceTemp(path.Base(e.name)) {
			return nil
		}
		if n++; n > maxTrackedFiles {
			return errTooManyFiles
		}
		info, err := e.Info()
		if err != nil {
			return nil // vanished: not compared
		}
		return visit(e.name, info)
	})
	return err
}

// readTracked reads a file's state if the budget allows, which it spends.
func readTracked(ctx context.Context, root *os.Root, path string, size int64, budget *int64) fileState {
	if size > *budget {
		return fileState{}
	}
	file, err := root.Open(filepath.FromSlash(path))
	if err != nil {
		return fileState{}
	}
	defer file.Close()
	rec := newStateRecorder()
	n, err := io.Copy(rec, io.LimitReader(ctxReader{ctx, file}, *budget+1))
	*budget -= n
	if err != nil || *budget < 0 {
		return fileState{}
	}
	return rec.state()
}

// snapshotBefore records the files below root before a command: sizes and
// modification times, and the contents of the small ones within
// maxTrackedBytes, to compare with and to revert to.
func snapshotBefore(ctx context.Context, w *Workspace) (tree, error) {
	root := w.root
	t := tree{}
	budget := int64(maxTrackedBytes)
	err := w.files(ctx, func(path string, info fs.FileInfo) error {
		f := &trackedFile{size: info.Size(), mtime: info.ModTime()}
		if info.Size() <= MaxChangeBytes {
			f.state = readTracked(ctx, root, path, info.Size(), &budget)
		}
		t[path] = f
		return nil
	})
	return t, err
}

// commandChanges compares the files below root with those before a
// command, and returns the changes in path order. A file changed when its
// size or modification time did, or its content, when it was kept. Old
// contents are those the snapshot kept; new ones are hashed (and kept, when
// small) within maxTrackedBytes. note says what went unreported, if
// anything.
func commandChanges(ctx context.Context, w *Workspace, before tree) (changes []toolgen.FileChange, note string, err error) {
	root := w.root
	budget := int64(maxTrackedBytes)
	seen := map[string]bool{}
	unhashed := 0
	err = w.files(ctx, func(path string, info fs.FileInfo) error {
		seen[path] = true
		old := before[path]
		var now fileState
		if old == nil || old.size != info.Size() || !old.mtime.Equal(info.ModTime()) || old.state.exists {
			now = readTracked(ctx, root, path, info.Size(), &budget)
		}
		if old != nil {
			same := old.size == info.Size() && old.mtime.Equal(info.ModTime())
			if old.state.exists && now.exists {
				same = now.hash == old.state.hash
			}
			if same {
				return nil // unchanged, as far as can be told
			}
		}
		if !now.exists {
			unhashed++
			now = fileState{exists: true, size: info.Size()}
		}
		was := fileState{}
		if old != nil {
			was = old.state
			if !was.exists {
				was = fileState{exists: true, size: old.size}
			}
		}
		changes = append(changes, fileChange(filepath.FromSlash(path), was, now))
		return nil
	})
	if errors.Is(err, errTooManyFiles) {
		return nil, fmt.Sprintf("[file changes not reported: the workspace has %v]", err), nil
	}
	if err != nil {
		return nil, "", err
	}
	for path, old := range before {
		if !seen[path] {
			was := old.state
			if !was.exists {
				was = fileState{exists: true, size: old.size}
			}
			changes = append(changes, fileChange(filepath.FromSlash(path), was, fileState{}))
		}
	}
	slices.SortFunc(changes, func(a, b toolgen.FileChange) int {
		switch {
		case a.Path < b.Path:
			return -1
		case a.Path > b.Path:
			return 1
		}
		return 0
	})
	if unhashed > 0 {
		note = fmt.Sprintf("[file changes: %d changed %s not hashed: more than %d bytes changed]", unhashed, plural(unhashed, "file", "files"), maxTrackedBytes)
	}
	return changes, note, nil
}

// watchTree starts the comparison of a command's workspace, when ctx wants
// file changes; done reports them and returns a note for the model, or ""
// (once: calling it again returns the same note, and reports nothing).
//
// From the first walk to the last, the command holds a claim of its
// directory (see claimTable): the workspace's own writes wait for it, and
// it waits for them, so that its comparison takes in no change of theirs.
func watchTree(ctx context.Context, dir string) (done func() string) {
	if !toolgen.ReportsFileChanges(ctx) {
		// Nothing to compare; the commands that compare learn it ran.
		resolved, err := filepath.EvalSymlinks(dir)
		held := &claim{kind: claimUnwatched, dir: resolved}
		if err != nil || claims.take(ctx, held) != nil {
			return func() string { return "" }
		}
		return sync.OnceValue(func() string { claims.release(held); return "" })
	}
	w, err := NewWorkspace(dir)
	if err != nil {
		return func() string { return "" }
	}
	held := &claim{kind: claimCommand, dir: w.dir}
	if err := claims.take(ctx, held); err != nil {
		w.Close()
		return func() string { return "" } // the context ended: so does the command
	}
	finish := func() {
		claims.release(held)
		w.Close()
	}
	before, err := snapshotBefore(ctx, w)
	if err != nil {
		finish()
		if errors.Is(err, errTooManyFiles) {
			return func() string { return fmt.Sprintf("[file changes not reported: the workspace has %v]", err) }
		}
		return func() string { return "" }
	}
	return sync.OnceValue(func() string {
		defer finish()
		changes, note, err := commandChanges(ctx, w, before)
		if err != nil {
			return ""
		}
		for _, c := range changes {
			toolgen.ReportFileChange(ctx, c)
		}
		if claims.sharedWith(held) && len(changes) > 0 {
			note = joinNotes(note, "[file changes: another command ran in this workspace meanwhile; the changes reported may include some of its own]")
		}
		return note
	})
}

func joinNotes(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}
