package builtin

import (
	"context"
	"time"
)

// The tools under their common names (Naming(CommonNames), ShellNaming):
// each is generated with its own static schema and calls the native tool's
// method, so both namings run the same code. glob, delete_file and
// list_files are the same tools under both.

// Read reads a text file of the workspace, with line numbers. Paths are
// relative to the workspace root. A long file comes in parts: the output
// ends by saying which offset to read from next.
//
// Parameters:
//   - file_path: the file, relative to the workspace root.
//   - offset min=1: the first line to read, counting from 1; 1 when absent.
//   - limit min=1: how many lines to read at most; 2000 when absent.
//
//toolgen:tool readonly idempotent
func (f *files) Read(ctx context.Context, filePath string, offset, limit *int) (string, error) {
	return f.ReadFile(ctx, filePath, offset, limit)
}

// Write writes a text file in the workspace, creating it and its parent
// directories if needed, and replacing what it held.
//
// Parameters:
//   - file_path: the file, relative to the workspace root.
//   - content: the whole new content of the file.
//
//toolgen:tool requires_approval idempotent
func (f *files) Write(ctx context.Context, filePath, content string) (string, error) {
	return f.WriteFile(ctx, filePath, content)
}

// Edit replaces text in a file of the workspace: old_string must appear
// exactly once (copy it from read, without the line numbers, white space
// included), or set replace_all to replace every occurrence.
//
// Parameters:
//   - file_path: the file, relative to the workspace root.
//   - old_string: the exact text to replace.
//   - new_string: the text to put in its place.
//   - replace_all: replace every occurrence, not just one; false when absent.
//
//toolgen:tool requires_approval
func (f *files) Edit(ctx context.Context, filePath, oldString, newString string, replaceAll *bool) (string, error) {
	return f.EditFile(ctx, filePath, oldString, newString, replaceAll)
}

// Grep searches the contents of the workspace's text files for a regular
// expression (RE2 syntax) and returns the matching lines as path:line:
// text. Binary files and .git are skipped.
//
// Parameters:
//   - pattern: the regular expression, for example "func \\w+Handler" or "(?i)todo".
//   - path: a directory or file to search, relative to the workspace root; the root when absent.
//   - glob: search only files whose name (or, with a "/", whose path) matches it, for example "*.go".
//
//toolgen:tool readonly idempotent
func (f *files) Grep(ctx context.Context, pattern string, path, glob *string) (string, error) {
	return f.SearchFiles(ctx, pattern, path, glob)
}

// Bash runs a shell command in the workspace: /bin/sh -c COMMAND, with the
// workspace root as the working directory and an empty stdin (so
// interactive programs get end of input: pass flags that make them not
// ask). It returns stdout and stderr together, in the order written, then a
// last line with the exit code, "[exit code N]"; a command that fails still
// returns its output. Long output keeps its beginning and its end, the
// middle replaced by "[... N bytes omitted ...]": filter it (grep, head,
// tail) rather than print it all. A command that runs past its timeout is
// killed with every process it started, and the output so far comes back
// with "[timed out after ...]". Each call is a new shell: cd and variables
// do not carry over to the next call. Processes left in the background
// (cmd &) are killed when the command exits, so do not start servers with
// it. Only a few environment variables are set (PATH, HOME, LANG...).
//
// Parameters:
//   - command minLength=1: the command line, for example "go test ./... 2>&1 | tail -40"; pipes, redirection, && and ; work.
//   - timeout min=1: the longest the command may run, in milliseconds; at most the configured limit, which applies when absent.
//
//toolgen:tool requires_approval destructive openworld
func (s *shell) Bash(ctx context.Context, command string, timeout *int) (string, error) {
	return s.runReported(ctx, command, s.limitMillis(timeout))
}

// limitMillis is the call's timeout given in milliseconds: the model's,
// capped at the configured one.
func (s *shell) limitMillis(ms *int) time.Duration {
	// Compared in milliseconds first, so that a huge request cannot overflow.
	if ms == nil || int64(*ms) > s.timeout.Milliseconds() {
		return s.timeout
	}
	return min(time.Duration(*ms)*time.Millisecond, s.timeout)
}
