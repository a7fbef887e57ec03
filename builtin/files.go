package builtin

//go:generate go tool toolgen

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/toolgen-dev/toolgen/runtime"
)

// Defaults of the file tools' limits.
const (
	DefaultMaxReadBytes = 100_000 // bytes of output one read_file call returns
	DefaultMaxResults   = 200     // matches or paths one call returns
	DefaultReadLines    = 2000    // lines read_file returns without a limit
)

// FileOption configures FileTools.
type FileOption func(*files)

// ReadOnly leaves out write_file and edit_file: a narrower toolbox is a
// stronger guarantee than a rule.
func ReadOnly() FileOption { return func(f *files) { f.readOnly = true } }

// MaxReadBytes caps the output of one read_file call.
func MaxReadBytes(n int) FileOption { return func(f *files) { f.maxRead = max(n, 1) } }

// MaxResults caps the matches of search_files and the paths of glob and
// list_files.
func MaxResults(n int) FileOption { return func(f *files) { f.maxResults = max(n, 1) } }

// FilesWithoutApproval lets write_file and edit_file run without asking.
func FilesWithoutApproval() FileOption { return func(f *files) { f.noApproval = true } }

// files are the file tools of one workspace.
type files struct {
	ws         *Workspace
	readOnly   bool
	noApproval bool
	maxRead    int
	maxResults int
}

// FileTools returns the file tools of a workspace rooted at root: read_file,
// list_files, search_files, glob, write_file and edit_file (the first four
// with ReadOnly). The two that write require approval unless
// FilesWithoutApproval.
func FileTools(root string, opts ...FileOption) ([]runtime.Tool, error) {
	ws, err := NewWorkspace(root)
	if err != nil {
		return nil, err
	}
	return ws.FileTools(opts...), nil
}

// FileTools returns the workspace's file tools (see the package function).
func (w *Workspace) FileTools(opts ...FileOption) []runtime.Tool {
	f := &files{ws: w, maxRead: DefaultMaxReadBytes, maxResults: DefaultMaxResults}
	for _, opt := range opts {
		opt(f)
	}
	var out []runtime.Tool
	for _, name := range toolOrder {
		t := f.tool(name)
		writes := !t.Annotations.ReadOnly
		if writes && f.readOnly {
			continue
		}
		if writes && f.noApproval {
			t.RequiresApproval = false
		}
		out = append(out, t)
	}
	return out
}

// toolOrder is the order the tools are offered in: reading before writing.
var toolOrder = []runtime.ToolName{ToolReadFile, ToolListFiles, ToolSearchFiles, ToolGlob, ToolWriteFile, ToolEditFile}

func (f *files) tool(name runtime.ToolName) runtime.Tool {
	for _, t := range f.Tools() {
		if t.Name == name {
			return t
		}
	}
	panic("builtin: no tool " + name) // toolOrder names the generated tools
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
	file, _, err := f.ws.open(path)
	if err != nil {
		return "", err
	}
	defer file.Close()
	r := bufio.NewReaderSize(file, 64<<10)
	if err := refuseBinary(path, r); err != nil {
		return "", err
	}
	return readLines(r, valueOr(offset, 1), valueOr(limit, DefaultReadLines), f.maxRead)
}

func valueOr(p *int, def int) int {
	if p == nil {
		return def
	}
	return *p
}

// refuseBinary peeks at the start of a file: a NUL byte or bytes that are
// not UTF-8 mean it is not text.
func refuseBinary(path string, r *bufio.Reader) error {
	head, _ := r.Peek(8 << 10)
	if bytes.IndexByte(head, 0) >= 0 || !validUTF8Prefix(head) {
		return &pathError{path: path, msg: "is a binary file (it is not UTF-8 text); read_file reads text files"}
	}
	return nil
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
func readLines(r *bufio.Reader, offset, limit, maxBytes int) (string, error) {
	var out strings.Builder
	n := 0
	for {
		line, err := r.ReadString('\n')
		if line == "" && err == io.EOF {
			return endOfFile(&out, n, offset), nil
		}
		if err != nil && err != io.EOF {
			return "", err
		}
		n++
		if n < offset {
			continue
		}
		text := fmt.Sprintf("%6d\t%s\n", n, strings.TrimRight(line, "\r\n"))
		if n >= offset+limit || (out.Len() > 0 && out.Len()+len(text) > maxBytes) {
			fmt.Fprintf(&out, "[... the file goes on: read from offset %d]", n)
			return out.String(), nil
		}
		out.WriteString(capLine(text, maxBytes))
	}
}

// capLine cuts a single line longer than the whole budget (minified code),
// so that one read always makes progress.
func capLine(text string, maxBytes int) string {
	if len(text) <= maxBytes {
		return text
	}
	cut := maxBytes
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return text[:cut] + fmt.Sprintf(" [... line cut: %d more bytes]\n", len(text)-cut)
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
	name, err := f.ws.name(path)
	if err != nil {
		return "", err
	}
	if name == "." {
		return "", &pathError{path: path, msg: "is the workspace root, not a file"}
	}
	existed, err := f.checkWritable(path, name)
	if err != nil {
		return "", err
	}
	if dir := filepath.Dir(name); dir != "." {
		if err := f.ws.root.MkdirAll(dir, 0o755); err != nil {
			return "", explain(path, err)
		}
	}
	if err := f.ws.root.WriteFile(name, []byte(content), 0o644); err != nil {
		return "", explain(path, err)
	}
	verb := "created"
	if existed {
		verb = "replaced"
	}
	return fmt.Sprintf("%s %s (%d bytes)", verb, rel(name), len(content)), nil
}

// checkWritable reports whether the file exists, refusing what must not be
// written: directories, special files, files with other hard links.
func (f *files) checkWritable(path, name string) (bool, error) {
	info, err := f.ws.root.Stat(name)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	case err != nil:
		return false, explain(path, err)
	}
	return true, checkRegular(path, info)
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
		return "", errors.New("old_string is empty; to create or overwrite a file, use write_file")
	}
	if oldString == newString {
		return "", errors.New("old_string and new_string are the same; there is nothing to change")
	}
	file, info, err := f.ws.open(path)
	if err != nil {
		return "", err
	}
	data, err := io.ReadAll(file)
	file.Close()
	if err != nil {
		return "", explain(path, err)
	}
	content := string(data)
	n := strings.Count(content, oldString)
	switch {
	case n == 0:
		return "", fmt.Errorf("%s does not contain old_string; read the file again and copy the text exactly, white space included", path)
	case n > 1 && (replaceAll == nil || !*replaceAll):
		return "", fmt.Errorf("old_string appears %d times in %s; include more of the surrounding text to make it unique, or set replace_all", n, path)
	case n > 1:
		content = strings.ReplaceAll(content, oldString, newString)
	default:
		content = strings.Replace(content, oldString, newString, 1)
	}
	name, _ := f.ws.name(path) // open accepted it
	if err := f.ws.root.WriteFile(name, []byte(content), info.Mode().Perm()); err != nil {
		return "", explain(path, err)
	}
	return fmt.Sprintf("edited %s: %d %s replaced", rel(name), n, plural(n, "occurrence", "occurrences")), nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// statDir checks that a path names a directory.
func (w *Workspace) statDir(path string) (string, error) {
	name, err := w.name(path)
	if err != nil {
		return "", err
	}
	info, err := w.root.Stat(name)
	if err != nil {
		return "", explain(path, err)
	}
	if !info.IsDir() {
		return "", &pathError{path: path, msg: "is a file, not a directory; use read_file"}
	}
	return name, nil
}

