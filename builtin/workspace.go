package builtin

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/toolgen-dev/toolgen"
)

// ErrOutsideWorkspace is the error of every attempt to reach a path outside
// the workspace: through "..", an absolute path, or a symbolic link. It
// wraps toolgen.ErrOutsideSandbox, so that a tool working through a
// toolgen.Sandbox tells a refusal without knowing this package.
var ErrOutsideWorkspace error = outsideWorkspace{}

type outsideWorkspace struct{}

func (outsideWorkspace) Error() string { return "outside the workspace" }
func (outsideWorkspace) Unwrap() error { return toolgen.ErrOutsideSandbox }

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
// with the separators of the system; "." is the root itself. An absolute
// path is accepted when it lies inside the workspace directory, spelt with
// its links resolved or as it was given (a model told "you work in
// /home/me/x" uses that spelling even when /home is a link).
//
// The name is not cleaned: "." and empty components go, but ".." stays,
// for os.Root to resolve as the kernel would. Cleaning as text would
// remove "link/.." where the kernel goes to the parent of the link's
// target ("self/../x", with self a link to ".", is outside the root, not
// "x"). A path whose ".." lead above the root even as text is refused here,
// with a clearer message than os.Root's (and before write_file creates a
// directory on the way); what the name leads to on disk is os.Root's
// business at each operation.
func (w *Workspace) name(path string) (string, error) {
	if strings.ContainsRune(path, 0) {
		return "", &pathError{path: path, msg: "contains a NUL byte"}
	}
	p := filepath.FromSlash(path)
	if filepath.IsAbs(p) {
		var ok bool
		if p, ok = w.below(p); !ok {
			return "", outside(path)
		}
	}
	if escapes(filepath.Clean(p)) {
		return "", outside(path)
	}
	return tidy(p), nil
}

// tidy drops the empty and "." components of a relative path, keeping
// "..": "./a//b/../c/" is "a/b/../c"; "" is ".".
func tidy(p string) string {
	var parts []string
	for part := range strings.SplitSeq(p, string(filepath.Separator)) {
		if part != "" && part != "." {
			parts = append(parts, part)
		}
	}
	if len(parts) == 0 {
		return "."
	}
	return strings.Join(parts, string(filepath.Separator))
}

// below makes an absolute path relative to the workspace directory: the
// path must start with the directory, component by component, and what
// follows is the name, ".." components included (os.Root resolves them).
func (w *Workspace) below(abs string) (string, bool) {
	vol := filepath.VolumeName(abs)
	p := vol + string(filepath.Separator)
	if rest := tidy(abs[len(vol):]); rest != "." {
		p += rest
	}
	for _, dir := range [...]string{w.dir, w.given} {
		prefix := strings.TrimSuffix(dir, string(filepath.Separator)) + string(filepath.Separator)
		switch {
		case p == dir:
			return ".", true
		case strings.HasPrefix(p, prefix):
			return p[len(prefix):], true
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

// split splits a name from w.name into its directory ("." for the root)
// and its last component.
func split(name string) (dir, base string) {
	i := strings.LastIndexByte(name, filepath.Separator)
	if i < 0 {
		return ".", name
	}
	return name[:i], name[i+1:]
}

// maxLinks is how many symbolic links resolveLinks follows, as os.Root.
const maxLinks = 8

// resolveLinks follows the symbolic links a name ends with (os.Root
// follows those on the way) to the name of what they lead to, which may not
// exist yet. A file is replaced under that name, so that writing through a
// link writes the file it leads to, not a new file in the link's place.
// The names are os.Root's to resolve: a link that leads out of the root is
// refused at the next step.
func (w *Workspace) resolveLinks(path, name string) (string, error) {
	for range maxLinks + 1 {
		info, err := w.root.Lstat(name)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return name, nil
		case err != nil:
			return "", explain(path, err)
		case info.Mode()&fs.ModeSymlink == 0:
			return name, nil
		}
		target, err := w.root.Readlink(name)
		if err != nil {
			return "", explain(path, err)
		}
		target = filepath.FromSlash(target)
		if filepath.IsAbs(target) {
			return "", outside(path) // os.Root follows no absolute link
		}
		if dir, _ := split(name); dir != "." {
			target = dir + string(filepath.Separator) + target
		}
		name = tidy(target)
	}
	return "", &pathError{path: path, msg: "is a loop of symbolic links", err: syscall.ELOOP}
}

// testHookWrite, when set by a test, wraps the writer of every new file
// content (to fail or slow down a write).
var testHookWrite func(io.Writer) io.Writer

// replace gives the file that name leads to (through links) the content
// write writes, or creates it: the content goes to a new file in the same
// directory, synced, which is then renamed over the name. A reader, a crash,
// a kill or a full disk sees the old content or the new, never a mix; on a
// failure the new file is removed. old is the file replaced, nil if there
// was none: the new file keeps its mode (and owner, where the process may
// set it), and replaces it only if the name still leads to it, unchanged
// (sameVersion); when old is nil, the new file takes the name only if
// nothing else took it meanwhile. Otherwise the error wraps
// ErrChangedSince. A hard link is never written through: the name gets a
// new file.
func (w *Workspace) replace(ctx context.Context, path, name string, old fs.FileInfo, write func(io.Writer) error) error {
	target, err := w.resolveLinks(path, name)
	if err != nil {
		return err
	}
	dir, base := split(target)
	tmpName, tmp, err := w.newContent(ctx, path, dir, base, old, write)
	if err != nil {
		return err
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			w.root.Remove(tmpName)
		}
	}()
	if old != nil {
		if now, serr := w.root.Lstat(target); serr != nil || !sameVersion(now, old) {
			return changedWhileWriting(path)
		}
	}
	if old != nil {
		err = w.root.Rename(tmpName, target)
	} else {
		// There was no file: one made meanwhile is not replaced.
		_, tmpBase := split(tmpName)
		if err = w.renameNoReplace(dir, tmpBase, base); errors.Is(err, fs.ErrExist) {
			return changedWhileWriting(path)
		}
	}
	if err != nil {
		return writeFailed(ctx, path, err)
	}
	done = true
	tmp.Close()
	w.syncDir(dir)
	return nil
}

// newContent writes what write writes to a new file in dir, named for base
// (createTemp), synced, with old's mode (and owner, where the process may
// set it) when old is not nil. On an error nothing is left behind;
// otherwise the caller renames the file, or removes it.
func (w *Workspace) newContent(ctx context.Context, path, dir, base string, old fs.FileInfo, write func(io.Writer) error) (string, *os.File, error) {
	perm := fs.FileMode(0o644) // a new file's, less the umask
	if old != nil {
		perm = 0o600 // until it gets the old file's mode
	}
	tmpName, tmp, err := w.createTemp(dir, base, perm)
	if err != nil {
		return "", nil, explain(path, err)
	}
	if old != nil {
		keepOwner(tmp, old)
		err = tmp.Chmod(old.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky))
	}
	if err == nil {
		var out io.Writer = tmp
		if testHookWrite != nil {
			out = testHookWrite(out)
		}
		bw := bufio.NewWriterSize(ctxWriter{ctx, out}, 64<<10)
		if err = write(bw); err == nil {
			err = bw.Flush()
		}
	}
	if err == nil {
		err = tmp.Sync()
	}
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		tmp.Close()
		w.root.Remove(tmpName)
		return "", nil, writeFailed(ctx, path, err)
	}
	return tmpName, tmp, nil
}

// writeFailed is the error of a write that failed: the context's, if it
// ended, or one that says the file was left as it was.
func writeFailed(ctx context.Context, path string, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		err = pe.Err
	}
	return &pathError{path: path, msg: fmt.Sprintf("could not be written (%v); the file was left as it was", err), err: err}
}

func changedWhileWriting(path string) error {
	return &pathError{path: path, msg: "changed while it was being written; it was left as it is: read it again", err: ErrChangedSince}
}

// sameVersion tells whether two descriptions of a file are of one file
// with one content, as far as its metadata tells: the same file, size
// and modification time. A change made by another process that keeps the
// size within one tick of the file system's clock goes unseen.
func sameVersion(a, b fs.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}

// checkThenRename renames a file of dir to a name of the same directory
// if nothing has that name (fs.ErrExist otherwise), checking first: a
// file made between the check and the rename is replaced.
func (w *Workspace) checkThenRename(dir, from, to string) error {
	if dir != "." {
		from, to = filepath.Join(dir, from), filepath.Join(dir, to)
	}
	switch _, err := w.root.Lstat(to); {
	case err == nil:
		return &os.LinkError{Op: "rename", Old: from, New: to, Err: fs.ErrExist}
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	return w.root.Rename(from, to)
}

// createTemp creates a new file in dir to hold a new content of base,
// named as isWorkspaceTemp recognises.
func (w *Workspace) createTemp(dir, base string, perm fs.FileMode) (string, *os.File, error) {
	prefix := "." + base[:cutAt([]byte(base), 64)] + tempMarker
	if dir != "." {
		prefix = dir + string(filepath.Separator) + prefix
	}
	for try := 0; ; try++ {
		name := prefix + strconv.FormatUint(rand.Uint64(), 36) + tempSuffix
		f, err := w.root.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) && try < 100 {
			continue
		}
		return name, f, err
	}
}

// The names of the files the workspace makes for a moment: a new content,
// before it is renamed over its file (".NAME.toolgen-RANDOM.tmp"), and a
// file being deleted (".toolgen-delete-RANDOM").
const (
	tempMarker  = ".toolgen-"
	tempSuffix  = ".tmp"
	asidePrefix = ".toolgen-delete-"
)

// isWorkspaceTemp tells a name (the last component) the workspace gives a
// file of a moment (see createTemp and asideName): a command's comparison
// of the tree never reports one, were it made by a workspace of another
// process or left behind by a process killed mid-write.
func isWorkspaceTemp(base string) bool {
	if random, ok := strings.CutPrefix(base, asidePrefix); ok {
		return len(random) == 26 && strings.Trim(random, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") == ""
	}
	body, ok := strings.CutSuffix(base, tempSuffix)
	i := strings.LastIndex(body, tempMarker)
	if !ok || !strings.HasPrefix(base, ".") || i < 2 {
		return false
	}
	random := body[i+len(tempMarker):]
	return len(random) >= 1 && len(random) <= 13 && strings.Trim(random, "0123456789abcdefghijklmnopqrstuvwxyz") == ""
}

// syncDir makes a rename in dir durable, as far as the system allows.
func (w *Workspace) syncDir(dir string) {
	if d, err := w.root.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// ctxWriter writes to w until ctx is done.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

// rel shows a root-relative name to the model, slash-separated.
func rel(name string) string {
	if name == "" {
		return "."
	}
	return filepath.ToSlash(name)
}
