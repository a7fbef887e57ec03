package builtin

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// ErrOutsideWorkspace is the error of every attempt to reach a path outside
// the workspace: through "..", an absolute path, or a symbolic link.
var ErrOutsideWorkspace = errors.New("outside the workspace")

// Workspace is a directory that file tools cannot leave. Every path is
// resolved by os.Root, which refuses, at the time of each operation, any
// path that leaves the directory, through symbolic links too (intermediate
// ones, chains, a directory swapped for a link between two calls). String
// checks come first only to give clearer messages.
type Workspace struct {
	root  *os.Root
	dir   string // absolute, symbolic links resolved
	given string // absolute, as given to NewWorkspace (it may go through links)
}

// NewWorkspace opens a workspace rooted at dir, which must be an existing
// directory.
func NewWorkspace(dir string) (*Workspace, error) {
	given, err := filepath.Abs(dir)
	var abs string
	if err == nil {
		abs, err = filepath.EvalSymlinks(given)
	}
	if err != nil {
		return nil, fmt.Errorf("builtin: workspace %s: %w", dir, err)
	}
	root, err := os.OpenRoot(abs)
	if err != nil {
		return nil, fmt.Errorf("builtin: workspace %s is not a directory: %w", dir, err)
	}
	return &Workspace{root: root, dir: abs, given: given}, nil
}

// Dir is the workspace's directory, absolute.
func (w *Workspace) Dir() string { return w.dir }

// Close releases the workspace's directory handle.
func (w *Workspace) Close() error { return w.root.Close() }

// pathError is a problem with a path the model gave.
type pathError struct {
	path string
	msg  string
	err  error
}

func (e *pathError) Error() string { return fmt.Sprintf("path %q %s", e.path, e.msg) }
func (e *pathError) Unwrap() error { return e.err }

func outside(path string) error {
	return &pathError{path: path, msg: "is outside the workspace", err: ErrOutsideWorkspace}
}

// name turns a path from the model into a name inside the root: relative,
// clean, slash-separated; "" and "." are the root itself. An absolute path
// is accepted when it lies inside the workspace directory, spelt with its
// links resolved or as it was given (a model told "you work in /home/me/x"
// uses that spelling even when /home is a link). The check is lexical: what
// the name leads to on disk is os.Root's business at each operation.
func (w *Workspace) name(path string) (string, error) {
	if strings.ContainsRune(path, 0) {
		return "", &pathError{path: path, msg: "contains a NUL byte"}
	}
	p := filepath.FromSlash(path)
	if filepath.IsAbs(p) {
		var ok bool
		if p, ok = w.below(filepath.Clean(p)); !ok {
			return "", outside(path)
		}
	}
	p = filepath.Clean(p)
	if escapes(p) {
		return "", outside(path)
	}
	return p, nil
}

// below makes a clean absolute path relative to the workspace directory.
func (w *Workspace) below(abs string) (string, bool) {
	for _, dir := range [...]string{w.dir, w.given} {
		if rel, err := filepath.Rel(dir, abs); err == nil && !escapes(rel) {
			return rel, true
		}
	}
	return "", false
}

// escapes reports whether a clean relative path leads up out of its base.
func escapes(rel string) bool {
	return rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// explain turns an error from os.Root into one for the model, keeping
// ErrOutsideWorkspace and fs.ErrNotExist for errors.Is.
func explain(path string, err error) error {
	var pe *fs.PathError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &pe) && pe.Err.Error() == "path escapes from parent":
		// os.Root's own error for a path (or a link) leading out; it is not
		// exported, and the attack tests fail if its text ever changes.
		return outside(path)
	case errors.Is(err, fs.ErrNotExist):
		return &pathError{path: path, msg: "does not exist", err: fs.ErrNotExist}
	case errors.Is(err, syscall.ELOOP):
		return &pathError{path: path, msg: "is a loop of symbolic links", err: err}
	case errors.Is(err, syscall.EISDIR):
		return &pathError{path: path, msg: "is a directory, not a file", err: err}
	case errors.Is(err, syscall.ENOTDIR):
		return &pathError{path: path, msg: "goes through a file as if it were a directory", err: err}
	case errors.Is(err, fs.ErrPermission):
		return &pathError{path: path, msg: "cannot be accessed (permission denied)", err: err}
	}
	if errors.As(err, &pe) {
		return &pathError{path: path, msg: "failed: " + pe.Err.Error(), err: err}
	}
	return err
}

// open opens a regular file for reading (flag os.O_RDONLY) or for reading
// and writing (os.O_RDWR), refusing directories, special files and files
// with other hard links (a hard link is a file inside the workspace that
// may share its contents with one outside it).
//
// The checks are made on the open file, not on the path before opening it:
// the path may be swapped for something else in between. O_NONBLOCK keeps
// opening a FIFO from waiting forever for a writer (it has no effect on
// regular files).
func (w *Workspace) open(path string, flag int) (*os.File, fs.FileInfo, error) {
	name, err := w.name(path)
	if err != nil {
		return nil, nil, err
	}
	return w.openName(path, name, flag)
}

// openName is open for a name already checked by w.name.
func (w *Workspace) openName(path, name string, flag int) (*os.File, fs.FileInfo, error) {
	f, err := w.root.OpenFile(name, flag|syscall.O_NONBLOCK, 0o644)
	if err != nil {
		return nil, nil, explain(path, err)
	}
	info, err := f.Stat()
	if err == nil {
		err = checkRegular(path, info)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, info, nil
}

func checkRegular(path string, info fs.FileInfo) error {
	if info.IsDir() {
		return &pathError{path: path, msg: "is a directory, not a file; use list_files"}
	}
	if !info.Mode().IsRegular() {
		return &pathError{path: path, msg: "is not a regular file"}
	}
	if hardLinked(info) {
		return &pathError{path: path, msg: "has other hard links, which may lie outside the workspace; it is not read or written", err: ErrOutsideWorkspace}
	}
	return nil
}

// rel shows a root-relative name to the model, slash-separated.
func rel(name string) string {
	if name == "" {
		return "."
	}
	return filepath.ToSlash(name)
}
