package builtin

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"os"

	"github.com/toolgen-dev/toolgen"
)

// Sandbox is a toolgen.Sandbox on this machine: a Workspace for the files
// and run_command's runner for the commands, so that a tool of one's own
// (given it through agent.WithSandbox and toolgen.Ctx.Sandbox) has the
// boundary the built-in tools have, by the same code:
//
//   - ReadFile, WriteFile and List resolve every path with os.Root, as the
//     file tools do: "..", absolute paths outside the directory and
//     symbolic links out are refused (errors wrapping
//     toolgen.ErrOutsideSandbox and ErrOutsideWorkspace); so are special
//     files and files with other hard links. WriteFile replaces a file as
//     write_file does (a new file renamed over it) and reports the change
//     as write_file does.
//   - Run runs the command as run_command does: /bin/sh -c in the
//     directory, confined by the kernel (Landlock) and bounded by resource
//     limits as the ShellOptions given to NewSandbox say, with the same
//     environment, timeout, output cap, no-orphans helper and file change
//     reports.
//
// Tools returns the built-in tools working on the same directory with the
// same configuration, so that the model's tools and one's own share one
// boundary. A Sandbox is safe for concurrent use.
type Sandbox struct {
	ws    *Workspace
	shell *shell
}

var _ toolgen.Sandbox = (*Sandbox)(nil)

// NewSandbox returns the sandbox of dir, an existing directory. opts
// configure its commands as they configure ShellTool (confinement,
// resource limits, timeout, output cap, environment; ShellWithoutApproval applies to the
// run_command of Tools only). Close releases it. Like ShellTool, it
// needs a Unix system: elsewhere it returns an error.
func NewSandbox(dir string, opts ...ShellOption) (*Sandbox, error) {
	ws, err := NewWorkspace(dir)
	if err != nil {
		return nil, err
	}
	// The shell works in the directory the workspace resolved, so that
	// both mean the same directory even if a link on the way changes.
	sh, err := newShell(ws.Dir(), opts)
	if err != nil {
		_ = ws.Close()
		return nil, err
	}
	return &Sandbox{ws: ws, shell: sh}, nil
}

// Dir is the sandbox's directory, absolute, symbolic links resolved.
func (s *Sandbox) Dir() string { return s.ws.Dir() }

// Close releases the sandbox's directory handle. The Tools it returned
// stop working with it.
func (s *Sandbox) Close() error { return s.ws.Close() }

// Tools returns the file tools of the sandbox's directory, configured by
// opts (see FileTools), and its run_command, configured by the options
// given to NewSandbox. Naming(CommonNames) among opts names them all
// under the common names (read ... bash), as ShellNaming(CommonNames)
// given to NewSandbox names the shell tool.
func (s *Sandbox) Tools(opts ...FileOption) ([]toolgen.Tool, error) {
	f, err := s.ws.newFiles(opts)
	if err != nil {
		return nil, err
	}
	names := s.shell.names
	if f.names == CommonNames {
		names = CommonNames
	}
	return append(f.offered(), s.shell.tools(names)...), nil
}

// ReadFile returns the content of a regular file of the sandbox.
func (s *Sandbox) ReadFile(ctx context.Context, path string) ([]byte, error) {
	file, info, err := s.ws.open(path, os.O_RDONLY)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	var buf bytes.Buffer
	buf.Grow(int(info.Size()) + 1) // +1: the end is seen without growing
	if _, err := buf.ReadFrom(ctxReader{ctx, file}); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, explain(path, err)
	}
	return buf.Bytes(), nil
}

// WriteFile gives a file of the sandbox this content, as write_file does.
func (s *Sandbox) WriteFile(ctx context.Context, path string, data []byte) error {
	_, _, err := s.ws.writeFile(ctx, path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
	return err
}

// List returns the entries of a directory of the sandbox, sorted by name,
// .git included.
func (s *Sandbox) List(ctx context.Context, dir string) ([]toolgen.DirEntry, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	name, err := s.ws.statDir(dir, ToolReadFile)
	if err != nil {
		return nil, err
	}
	entries, err := s.ws.readDir(name)
	if err != nil {
		return nil, explain(dir, err)
	}
	out := make([]toolgen.DirEntry, 0, len(entries))
	for _, e := range entries {
		d := toolgen.DirEntry{Name: e.Name(), IsDir: e.IsDir(), Link: e.Type()&fs.ModeSymlink != 0}
		if e.Type().IsRegular() {
			if info, err := e.Info(); err == nil {
				d.Size = info.Size()
			}
		}
		out = append(out, d)
	}
	return out, nil
}

// Run runs a command in the sandbox, as run_command does, for at most the
// configured Timeout.
func (s *Sandbox) Run(ctx context.Context, command string) (toolgen.CommandResult, error) {
	o, err := s.shell.run(ctx, command, s.shell.timeout)
	if err != nil {
		return toolgen.CommandResult{}, err
	}
	return toolgen.CommandResult{Output: o.out.String(), ExitCode: o.code, TimedOut: o.timedOut, Status: o.status}, nil
}
