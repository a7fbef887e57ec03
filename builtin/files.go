package builtin

//go:generate go tool toolgen

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/option"
)

// Defaults of the file tools' limits.
const (
	DefaultMaxReadBytes = 100_000  // bytes of output one read_file call returns
	DefaultMaxResults   = 200      // matches or paths one call returns
	DefaultReadLines    = 2000     // lines read_file returns without a limit
	DefaultMaxEditBytes = 16 << 20 // size of the largest file edit_file edits
)

// FileOption configures FileTools. Options given bad values make FileTools
// fail with an error naming each option and its value, as
// "builtin.MaxResults(0): must be at least 1"; no value is clamped or
// ignored.
type FileOption func(*files) error

// ReadOnly leaves out write_file, edit_file and delete_file: a narrower
// toolbox is a stronger guarantee than a rule.
func ReadOnly() FileOption { return func(f *files) error { f.readOnly = true; return nil } }

// MaxReadBytes caps the output of one read_file call (DefaultMaxReadBytes by
// default); n must be at least 1.
func MaxReadBytes(n int) FileOption {
	return func(f *files) error { return option.AtLeastOne("builtin.MaxReadBytes", n, &f.maxRead) }
}

// MaxResults caps the matches of search_files and the paths of glob and
// list_files (DefaultMaxResults by default); n must be at least 1.
func MaxResults(n int) FileOption {
	return func(f *files) error { return option.AtLeastOne("builtin.MaxResults", n, &f.maxResults) }
}

// MaxEditBytes is the size of the largest file edit_file edits: it holds
// the file in memory. A larger file is refused before it is read. Default
// DefaultMaxEditBytes; n must be at least 1.
func MaxEditBytes(n int) FileOption {
	return func(f *files) error { return option.AtLeastOne("builtin.MaxEditBytes", n, &f.maxEdit) }
}

// FilesWithoutApproval lets write_file and edit_file run without asking.
// delete_file still asks: it is destructive, and a program that lets it run
// says so with a permission rule (or agent.PresetAllowAll).
func FilesWithoutApproval() FileOption {
	return func(f *files) error { f.noApproval = true; return nil }
}

// files are the file tools of one workspace.
type files struct {
	ws         *Workspace
	readOnly   bool
	noApproval bool
	maxRead    int
	maxResults int
	maxEdit    int
	names      Names // the tools' names, and the names the messages give
}

// FileTools returns the file tools of a workspace rooted at root: read_file,
// list_files, search_files, glob, write_file, edit_file and delete_file (the
// first four with ReadOnly). The three that write require approval;
// FilesWithoutApproval lifts it for write_file and edit_file.
func FileTools(root string, opts ...FileOption) ([]toolgen.Tool, error) {
	ws, err := NewWorkspace(root)
	if err != nil {
		return nil, err
	}
	tools, err := ws.FileTools(opts...)
	if err != nil {
		_ = ws.Close()
		return nil, err
	}
	return tools, nil
}

// FileTools returns the workspace's file tools (see the package function).
func (w *Workspace) FileTools(opts ...FileOption) ([]toolgen.Tool, error) {
	f, err := w.newFiles(opts)
	if err != nil {
		return nil, err
	}
	return f.offered(), nil
}

// newFiles returns the file tools of the workspace, configured by opts.
func (w *Workspace) newFiles(opts []FileOption) (*files, error) {
	f := &files{ws: w, maxRead: DefaultMaxReadBytes, maxResults: DefaultMaxResults, maxEdit: DefaultMaxEditBytes}
	if err := applyOptions(f, opts); err != nil {
		return nil, err
	}
	return f, nil
}

// offered are the tools f offers, as configured.
func (f *files) offered() []toolgen.Tool {
	var out []toolgen.Tool
	for _, name := range fileTools[f.names] {
		t := f.tool(name)
		writes := !t.Annotations.ReadOnly
		if writes && f.readOnly {
			continue
		}
		if writes && f.noApproval && !t.Annotations.Destructive {
			t.RequiresApproval = false
		}
		t.Builtin = true // an agent's preset decides it (toolgen.Tool.Builtin)
		out = append(out, t)
	}
	return out
}

func (f *files) tool(name toolgen.ToolName) toolgen.Tool {
	for _, t := range f.Tools() {
		if t.Name == name {
			return t
		}
	}
	panic("builtin: no tool " + name) // fileTools names the generated tools
}

// ReadFile reads a text file of the workspace, with line numbers. Paths are
// relative to the workspace root. A long file comes in parts: the output
// ends by saying which offset to read from next.
//
// Parameters:
//   - path: the file, relative to the workspace root.
//   - offset min=1: the first line to read, counting from 1; 1 when absent.
//   - limit min=1: how many lines to read at most; 2000 when absent.
//
//toolgen:tool readonly idempotent
func (f *files) ReadFile(ctx context.Context, path string, offset, limit *int) (string, error) {
	file, _, err := f.ws.open(path, os.O_RDONLY)
	if err != nil {
		return "", err
	}
	defer file.Close()
	// A done context stops the reading of a huge file at the next read.
	r := bufio.NewReaderSize(ctxReader{ctx, file}, 64<<10)
	if head, _ := r.Peek(textSniffLen); !isText(head) {
		return "", &pathError{path: path, msg: fmt.Sprintf("is a binary file (it is not UTF-8 text); %s reads text files", f.names.Of(ToolReadFile))}
	}
	return readLines(r, valueOr(offset, 1), valueOr(limit, DefaultReadLines), f.maxRead)
}

// ctxReader reads from r until ctx is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

func valueOr(p *int, def int) int {
	if p == nil {
		return def
	}
	return *p
}

// textSniffLen is how much of a file decides whether it is text.
const textSniffLen = 8 << 10

// isText tells text from binary by the start of a file: a NUL byte or bytes
// that are not UTF-8 mean it is not text. read_file refuses what
// search_files skips, so the two agree on what a text file is.
func isText(head []byte) bool {
	return bytes.IndexByte(head, 0) < 0 && validUTF8Prefix(head)
}

// validUTF8Prefix is utf8.Valid, allowing a rune cut at the end.
func validUTF8Prefix(b []byte) bool {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				b = b[:i]
			}
			break
		}
	}
	return utf8.Valid(b)
}

// readLines renders lines offset..offset+limit-1 as "   12\ttext", within
// maxBytes of output; when it stops before the end it says where to go on.
// Lines before offset are skipped without being kept, and of a line only
// what can be shown is kept, so memory stays within maxBytes whatever the
// file (a minified bundle, a log without newlines).
func readLines(r *bufio.Reader, offset, limit, maxBytes int) (string, error) {
	var out strings.Builder
	n := 0
	for {
		keep := 0
		if n+1 >= offset {
			keep = maxBytes
		}
		line, err := nextLine(r, keep)
		if err != nil {
			return "", err
		}
		if line.eof {
			return endOfFile(&out, n, offset), nil
		}
		n++
		if n < offset {
			continue
		}
		prefix := fmt.Sprintf("%6d\t", n)
		size := len(prefix) + line.size + 1
		// n-offset, not n >= offset+limit: offset+limit may overflow.
		if n-offset >= limit || (out.Len() > 0 && out.Len()+size > maxBytes) {
			fmt.Fprintf(&out, "[... the file goes on: read from offset %d]", n)
			return out.String(), nil
		}
		out.WriteString(prefix)
		if size <= maxBytes {
			out.Write(line.text)
			out.WriteByte('\n')
			continue
		}
		// A single line longer than the whole budget (minified code) is
		// cut, so that one read always makes progress.
		cut := cutAt(line.text, maxBytes-len(prefix))
		out.Write(line.text[:cut])
		fmt.Fprintf(&out, " [... line cut: %d more bytes]\n", line.size-cut)
	}
}

// cutAt is where to cut text to keep at most n bytes, on a rune boundary.
func cutAt(text []byte, n int) int {
	cut := min(max(n, 0), len(text))
	for cut > 0 && cut < len(text) && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return cut
}

// fileLine is one line of a file, without its ending ("\n" or "\r\n").
type fileLine struct {
	text []byte // the start of the line: all of it, or at least what is kept
	size int    // the whole line's length in bytes
	eof  bool   // there was no line left
}

// nextLine reads the next line, keeping at most keep bytes of its text.
func nextLine(r *bufio.Reader, keep int) (fileLine, error) {
	var (
		l    fileLine
		raw  int  // bytes read, line ending included
		last byte // the byte before the current chunk, for a "\r\n" split across chunks
	)
	for {
		chunk, err := r.ReadSlice('\n')
		if len(l.text) < keep {
			l.text = append(l.text, chunk[:min(len(chunk), keep-len(l.text))]...)
		}
		raw += len(chunk)
		if err == bufio.ErrBufferFull {
			last = chunk[len(chunk)-1]
			continue
		}
		if err != nil && err != io.EOF {
			return fileLine{}, err
		}
		l.eof = raw == 0
		l.size = raw - endingLen(chunk, last)
		if len(l.text) > l.size {
			l.text = l.text[:l.size]
		}
		return l, nil
	}
}

// endingLen is the length of the line ending that ends chunk, the last part
// of a line (last is the byte before it).
func endingLen(chunk []byte, last byte) int {
	if len(chunk) == 0 || chunk[len(chunk)-1] != '\n' {
		return 0
	}
	before := last
	if len(chunk) >= 2 {
		before = chunk[len(chunk)-2]
	}
	if before == '\r' {
		return 2
	}
	return 1
}

func endOfFile(out *strings.Builder, lines, offset int) string {
	switch {
	case lines == 0:
		return "(empty file)"
	case offset > lines:
		return fmt.Sprintf("offset %d is past the end of the file (%d lines)", offset, lines)
	}
	return strings.TrimSuffix(out.String(), "\n")
}

// WriteFile writes a text file in the workspace, creating it and its parent
// directories if needed, and replacing what it held.
//
// Parameters:
//   - path: the file, relative to the workspace root.
//   - content: the whole new content of the file.
//
//toolgen:tool requires_approval idempotent
func (f *files) WriteFile(ctx context.Context, path, content string) (string, error) {
	name, created, err := f.ws.writeFile(ctx, path, func(w io.Writer) error {
		_, err := io.WriteString(w, content)
		return err
	})
	if err != nil {
		return "", err
	}
	verb := "replaced"
	if created {
		verb = "created"
	}
	return fmt.Sprintf("%s %s (%d bytes)", verb, rel(name), len(content)), nil
}

// writeFile gives the file a path names the content write writes, creating
// it and its parent directories, and reports the change: the work of
// write_file, and of Sandbox.WriteFile. It returns the file's name in the
// workspace, and whether it was created.
func (w *Workspace) writeFile(ctx context.Context, path string, write func(io.Writer) error) (name string, created bool, err error) {
	name, err = w.name(path)
	if err != nil {
		return "", false, err
	}
	if name == "." {
		return "", false, &pathError{path: path, msg: "is the workspace root, not a file"}
	}
	release, err := w.holdFile(ctx, path, name, false)
	if err != nil {
		return "", false, err
	}
	defer release()
	old, err := w.checkWritable(path, name)
	if err != nil {
		return "", false, err
	}
	if dir, _ := split(name); dir != "." {
		if err := w.root.MkdirAll(dir, 0o755); err != nil {
			return "", false, explain(path, err)
		}
	}
	if old != nil {
		// Opened for writing, and checked, as the file itself: the same
		// refusals as before it was replaced by a new file (no write
		// permission, a hard link or a special file swapped in).
		file, info, err := w.openName(path, name, os.O_WRONLY)
		if err != nil {
			return "", false, err
		}
		file.Close()
		old = info
	}
	report := toolgen.ReportsFileChanges(ctx)
	var before fileState
	if report && old != nil {
		if before, err = w.readState(ctx, path, name); err != nil {
			before = fileState{exists: true, size: old.Size()} // unreadable: no hash, no content
		}
	}
	var after *stateRecorder
	if report {
		after = newStateRecorder()
	}
	err = w.replace(ctx, path, name, old, func(out io.Writer) error {
		if report {
			out = io.MultiWriter(out, after)
		}
		return write(out)
	})
	if err != nil {
		return "", false, err
	}
	if report {
		toolgen.ReportFileChange(ctx, fileChange(name, before, after.state()))
	}
	return name, old == nil, nil
}

// checkWritable returns the file a path names, nil if there is none,
// refusing what must not be written: directories (the root among them),
// special files, files with other hard links. It gives clear messages
// early; the file is checked again once open.
func (w *Workspace) checkWritable(path, name string) (fs.FileInfo, error) {
	info, err := w.root.Stat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, explain(path, err)
	case info.IsDir():
		if root, err := w.root.Stat("."); err == nil && os.SameFile(info, root) {
			return nil, &pathError{path: path, msg: "is the workspace root, not a file"}
		}
		return nil, &pathError{path: path, msg: "is a directory, not a file"}
	}
	return info, checkRegular(path, info)
}

// EditFile replaces text in a file of the workspace: old_string must appear
// exactly once (copy it from read_file, without the line numbers, white
// space included), or set replace_all to replace every occurrence.
//
// Parameters:
//   - path: the file, relative to the workspace root.
//   - old_string: the exact text to replace.
//   - new_string: the text to put in its place.
//   - replace_all: replace every occurrence, not just one; false when absent.
//
//toolgen:tool requires_approval
func (f *files) EditFile(ctx context.Context, path, oldString, newString string, replaceAll *bool) (string, error) {
	if oldString == "" {
		return "", fmt.Errorf("old_string is empty; to create or overwrite a file, use %s", f.names.Of(ToolWriteFile))
	}
	if oldString == newString {
		return "", errors.New("old_string and new_string are the same; there is nothing to change")
	}
	// From the read to the report: what the file held is what the edit
	// changed, and no command claims the change (see claimTable).
	name, release, err := f.ws.holdPath(ctx, path, false)
	if err != nil {
		return "", err
	}
	defer release()
	// Opened for writing (so that a file the process may not write is
	// refused as before) and checked; the new content replaces it whole
	// (see replace), and only if the name still leads to it.
	file, info, err := f.ws.openName(path, name, os.O_RDWR)
	if err != nil {
		return "", err
	}
	defer file.Close()
	content, err := f.readForEdit(ctx, path, file, info)
	if err != nil {
		return "", err
	}
	n := bytes.Count(content, []byte(oldString))
	switch {
	case n == 0:
		return "", fmt.Errorf("%s does not contain old_string; read the file again and copy the text exactly, white space included", path)
	case n > 1 && (replaceAll == nil || !*replaceAll):
		return "", fmt.Errorf("old_string appears %d times in %s; include more of the surrounding text to make it unique, or set replace_all", n, path)
	}
	// The edited file is bounded as the file edited is: n replacements of a
	// long new_string would otherwise write n times its size (16 MiB of
	// one-byte matches by a 1 MiB new_string is 16 TiB).
	if grow := len(newString) - len(oldString); grow > 0 && n > (f.maxEdit-len(content))/grow {
		return "", fmt.Errorf("the edit would make %s larger than %s makes files (%d bytes): %d %s of old_string by new_string add %d bytes each; %s can replace it whole",
			path, f.names.Of(ToolEditFile), f.maxEdit, n, plural(n, "replacement", "replacements"), grow, f.names.Of(ToolWriteFile))
	}
	report := toolgen.ReportsFileChanges(ctx)
	var after *stateRecorder
	if report {
		after = newStateRecorder()
	}
	err = f.ws.replace(ctx, path, name, info, func(w io.Writer) error {
		if report {
			w = io.MultiWriter(w, after)
		}
		return writeReplaced(w, content, []byte(oldString), []byte(newString))
	})
	if err != nil {
		return "", err
	}
	if report {
		toolgen.ReportFileChange(ctx, fileChange(name, contentState(content), after.state()))
	}
	return fmt.Sprintf("edited %s: %d %s replaced", rel(name), n, plural(n, "occurrence", "occurrences")), nil
}

// readForEdit reads a file to edit, refusing it, before reading, when it is
// larger than maxEdit (and if it grew past it since).
func (f *files) readForEdit(ctx context.Context, path string, file *os.File, info fs.FileInfo) ([]byte, error) {
	tooLarge := func(size int64) error {
		return &pathError{path: path, msg: fmt.Sprintf("is too large to edit (%d bytes; %s edits files up to %d bytes); %s can replace it whole", size, f.names.Of(ToolEditFile), f.maxEdit, f.names.Of(ToolWriteFile))}
	}
	if info.Size() > int64(f.maxEdit) {
		return nil, tooLarge(info.Size())
	}
	var buf bytes.Buffer
	buf.Grow(int(info.Size()) + 1)
	if _, err := buf.ReadFrom(io.LimitReader(ctxReader{ctx, file}, int64(f.maxEdit)+1)); err != nil {
		if ctx.Err() != nil {
			return nil, err
		}
		return nil, explain(path, err)
	}
	if buf.Len() > f.maxEdit {
		return nil, tooLarge(int64(buf.Len()))
	}
	return buf.Bytes(), nil
}

// writeReplaced writes content with every oldString replaced by newString,
// without building the new content in memory.
func writeReplaced(w io.Writer, content, oldString, newString []byte) error {
	for {
		i := bytes.Index(content, oldString)
		if i < 0 {
			_, err := w.Write(content)
			return err
		}
		if _, err := w.Write(content[:i]); err != nil {
			return err
		}
		if _, err := w.Write(newString); err != nil {
			return err
		}
		content = content[i+len(oldString):]
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// DeleteFile deletes a file of the workspace. It deletes one regular file:
// not a directory, and not a symbolic link (neither the link nor what it
// leads to).
//
// Parameters:
//   - path: the file, relative to the workspace root.
//
//toolgen:tool requires_approval destructive idempotent
func (f *files) DeleteFile(ctx context.Context, path string) (string, error) {
	name, release, err := f.ws.holdPath(ctx, path, true)
	if err != nil {
		return "", err
	}
	defer release()
	// Lstat: the last component is not followed. os.Root still refuses a
	// path whose directories lead out.
	info, err := f.ws.root.Lstat(name)
	switch {
	case err != nil:
		return "", explain(path, err)
	case name == ".":
		return "", &pathError{path: path, msg: "is the workspace root, not a file"}
	case info.IsDir():
		if root, err := f.ws.root.Stat("."); err == nil && os.SameFile(info, root) {
			return "", &pathError{path: path, msg: "is the workspace root, not a file"}
		}
		return "", &pathError{path: path, msg: "is a directory; delete_file deletes files, one at a time"}
	case info.Mode()&fs.ModeSymlink != 0:
		return "", &pathError{path: path, msg: "is a symbolic link; delete_file deletes regular files (neither the link nor what it leads to is deleted)"}
	}
	if err := checkRegular(path, info); err != nil {
		return "", err
	}
	report := toolgen.ReportsFileChanges(ctx)
	var before fileState
	if report {
		// The content, for the change report (and Revert), read from the
		// file itself: opened, then checked to be the file looked at.
		file, opened, err := f.ws.openName(path, name, os.O_RDONLY)
		if err != nil {
			return "", err
		}
		rec := newStateRecorder()
		_, err = io.Copy(rec, ctxReader{ctx, file})
		file.Close()
		switch {
		case ctx.Err() != nil:
			return "", ctx.Err()
		case err != nil:
			return "", explain(path, err)
		case !os.SameFile(opened, info):
			return "", changedWhileDeleting(path)
		}
		before = rec.state()
	}
	if err := ctx.Err(); err != nil {
		return "", err
	}
	// The name must still be the file checked: a link or a directory
	// swapped in since is left alone. Checking the name and then removing
	// it could remove whatever was renamed over it in between (and a stat
	// racing a rename can even see the old file with the new link count),
	// so the file is first moved aside to a name nothing else uses, checked
	// there, and removed there; anything else is put back.
	dir, _ := split(name)
	aside := asideName(dir)
	if err := f.ws.root.Rename(name, aside); err != nil {
		return "", explain(path, err)
	}
	if now, err := f.ws.root.Lstat(aside); err != nil || !os.SameFile(now, info) || !now.Mode().IsRegular() || hardLinked(now) {
		return "", f.ws.putBack(path, name, aside)
	}
	if err := f.ws.root.Remove(aside); err != nil {
		f.ws.putBack(path, name, aside)
		return "", explain(path, err)
	}
	f.ws.syncDir(dir)
	if report {
		toolgen.ReportFileChange(ctx, fileChange(name, before, fileState{}))
	}
	return fmt.Sprintf("deleted %s (%d bytes)", rel(name), info.Size()), nil
}

// asideName is a name in dir for a file about to be deleted: random, so
// that nothing else renames over it.
func asideName(dir string) string {
	return filepath.Join(dir, asidePrefix+rand.Text())
}

// putBack returns what delete_file moved aside to its name, unless
// something new took the name meanwhile: that is never replaced (it would
// be lost), and what was moved aside stays where it is, as the error says.
func (w *Workspace) putBack(path, name, aside string) error {
	if w.putBackAside(name, aside) {
		return changedWhileDeleting(path)
	}
	return &pathError{path: path, msg: "changed while it was being deleted, and again since: nothing was deleted, and what was found at the name is now " + rel(aside)}
}

// putBackAside returns what was moved aside to its name, unless something
// new took the name meanwhile; it tells whether it did.
func (w *Workspace) putBackAside(name, aside string) bool {
	if err := w.root.Link(aside, name); err == nil {
		w.root.Remove(aside)
		return true
	}
	// A directory cannot be linked: renamed back if the name is still free.
	if _, err := w.root.Lstat(name); errors.Is(err, fs.ErrNotExist) && w.root.Rename(aside, name) == nil {
		return true
	}
	return false
}

func changedWhileDeleting(path string) error {
	return &pathError{path: path, msg: "changed while it was being deleted; it was left as it is: look at it again"}
}

// statDir checks that a path names a directory; for a file, the message
// says to read it with reader.
func (w *Workspace) statDir(path string, reader toolgen.ToolName) (string, error) {
	name, err := w.name(path)
	if err != nil {
		return "", err
	}
	info, err := w.root.Stat(name)
	if err != nil {
		return "", explain(path, err)
	}
	if !info.IsDir() {
		return "", &pathError{path: path, msg: "is a file, not a directory; use " + string(reader)}
	}
	return name, nil
}
