package builtin

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"io"
	"os"
	"unicode/utf8"

	"github.com/toolgen-dev/toolgen"
)

// MaxChangeBytes is the size of the largest file whose old content a
// file change keeps (toolgen.FileChange.Before), for Revert, and of the
// largest files it shows a diff of.
const MaxChangeBytes = 64 << 10

// fileState is what a change report says of a file's content at one time.
type fileState struct {
	exists bool
	size   int64
	hash   string // SHA-256, hex
	data   []byte // the content, when at most MaxChangeBytes; nil otherwise
}

// contentState is the state of a content held in memory.
func contentState(content []byte) fileState {
	sum := sha256.Sum256(content)
	s := fileState{exists: true, size: int64(len(content)), hash: hex.EncodeToString(sum[:])}
	if len(content) <= MaxChangeBytes {
		s.data = append([]byte{}, content...)
	}
	return s
}

// stateRecorder hashes what is written to it, keeping the first
// MaxChangeBytes+1 bytes.
type stateRecorder struct {
	h    hash.Hash
	size int64
	head []byte
}

func newStateRecorder() *stateRecorder { return &stateRecorder{h: sha256.New()} }

func (r *stateRecorder) Write(p []byte) (int, error) {
	r.h.Write(p)
	r.size += int64(len(p))
	if keep := MaxChangeBytes + 1 - len(r.head); keep > 0 {
		r.head = append(r.head, p[:min(keep, len(p))]...)
	}
	return len(p), nil
}

func (r *stateRecorder) state() fileState {
	s := fileState{exists: true, size: r.size, hash: hex.EncodeToString(r.h.Sum(nil))}
	if r.size <= MaxChangeBytes {
		s.data = r.head
		if s.data == nil {
			s.data = []byte{}
		}
	}
	return s
}

// readState reads the state of the file a name leads to; a file that
// does not exist is a state that does not exist.
func (w *Workspace) readState(ctx context.Context, path, name string) (fileState, error) {
	file, _, err := w.openName(path, name, os.O_RDONLY)
	if err != nil {
		if _, serr := w.root.Lstat(name); os.IsNotExist(serr) {
			return fileState{}, nil
		}
		return fileState{}, err
	}
	defer file.Close()
	rec := newStateRecorder()
	if _, err := io.Copy(rec, ctxReader{ctx, file}); err != nil {
		return fileState{}, explain(path, err)
	}
	return rec.state(), nil
}

// fileChange describes the change of a file (name, as the workspace
// names it) from one state to another.
func fileChange(name string, before, after fileState) toolgen.FileChange {
	c := toolgen.FileChange{Path: rel(name), Kind: toolgen.FileModified,
		SizeBefore: before.size, SizeAfter: after.size, HashBefore: before.hash, HashAfter: after.hash}
	oldName, newName := "a/"+c.Path, "b/"+c.Path
	switch {
	case !before.exists:
		c.Kind, oldName = toolgen.FileCreated, "/dev/null"
	case !after.exists:
		c.Kind, newName = toolgen.FileDeleted, "/dev/null"
	}
	if before.exists {
		c.Before = before.data
	}
	if (before.data != nil || !before.exists) && (after.data != nil || !after.exists) && diffable(before.data) && diffable(after.data) {
		if diff, ok := unifiedDiff(oldName, newName, before.data, after.data); ok {
			c.Diff = diff
		}
	}
	return c
}

// diffable tells text that a diff may show: UTF-8 without NUL bytes.
func diffable(b []byte) bool {
	return bytes.IndexByte(b, 0) < 0 && utf8.Valid(b)
}
