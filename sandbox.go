package toolgen

import (
	"context"
	"errors"
)

// Sandbox is where a tool does file and command work on the program's
// behalf: a directory it cannot leave, and commands that run confined to
// it. A tool finds it in its Ctx (Ctx.Sandbox), put there by whoever calls
// it: the agent loop given agent.WithSandbox, or a program calling a
// Toolbox with WithCtx. Package builtin implements it with the same
// confinement as its file tools and run_command (builtin.NewSandbox), so a
// tool of one's own gets the boundary the built-in tools have without
// knowing how it is made.
//
// The interface is in this package, not in builtin, so that a tool depends
// on the tool API only, and a program (or a test) may give its tools
// another sandbox: a remote machine's, a container's, an in-memory one.
//
// Paths are relative to the sandbox's root and slash-separated; "." is the
// root. A path that leads outside the root ("..", an absolute path outside
// it, a symbolic link out) is an error that wraps ErrOutsideSandbox. A path
// that does not exist is an error that wraps fs.ErrNotExist.
//
// Its methods are safe for concurrent use, and honour ctx: a done context
// stops a read, a write or a command.
type Sandbox interface {
	// ReadFile returns the content of a regular file.
	ReadFile(ctx context.Context, path string) ([]byte, error)
	// WriteFile gives a file this content, creating it and its parent
	// directories, or replacing what it held, as one change: a reader sees
	// the old content or the new. The change is reported to ctx's receiver
	// (ReportFileChange), as the built-in file tools report theirs.
	WriteFile(ctx context.Context, path string, data []byte) error
	// List returns the entries of a directory, sorted by name.
	List(ctx context.Context, dir string) ([]DirEntry, error)
	// Run runs a shell command line (/bin/sh -c) with the root as its
	// working directory, confined as the sandbox confines commands, and
	// returns what came of it. A command that fails is not an error: its
	// exit code says so. The error is for a command that could not be run,
	// or a ctx that ended (the command and what it started are killed
	// then). Files the command changed are reported to ctx's receiver.
	Run(ctx context.Context, command string) (CommandResult, error)
}

// DirEntry is an entry of a directory listed by Sandbox.List.
type DirEntry struct {
	Name  string // the entry's name in its directory
	IsDir bool   // a directory (a symbolic link is not one, whatever it leads to)
	Link  bool   // a symbolic link, not followed
	Size  int64  // bytes, for a regular file; 0 otherwise
}

// CommandResult is what came of a command run by Sandbox.Run.
type CommandResult struct {
	// Output is what the command wrote to stdout and stderr, in the order
	// written; a long output keeps its beginning and its end, the middle
	// replaced by a marker saying how much was left out.
	Output string
	// ExitCode is the shell's exit status; -1 when it was killed (by a
	// signal, or at its timeout).
	ExitCode int
	// TimedOut says the command ran past the sandbox's timeout and was
	// killed with everything it started.
	TimedOut bool
	// Status is a line for a person or a model saying how it ended, as
	// "[exit code 1]" or "[killed by signal SIGSEGV]".
	Status string
}

// ErrOutsideSandbox is wrapped by the error of every attempt to reach a path
// outside a sandbox's root.
var ErrOutsideSandbox = errors.New("outside the sandbox")

// ErrNoSandbox is the error for a tool that needs a sandbox and was called
// without one: Ctx.Sandbox is nil outside an agent run given
// agent.WithSandbox. A tool that needs one returns it (wrapped or not) and
// does no file or command work of its own instead: falling back to the
// process's own files would drop the boundary the program asked for.
var ErrNoSandbox = errors.New("no sandbox: this tool works in a sandbox, and was called without one (give the agent one with agent.WithSandbox, or put one in the toolgen.Ctx of the call)")

// NeedSandbox returns c.Sandbox, or ErrNoSandbox when there is none.
func (c Ctx) NeedSandbox() (Sandbox, error) {
	if c.Sandbox == nil {
		return nil, ErrNoSandbox
	}
	return c.Sandbox, nil
}
