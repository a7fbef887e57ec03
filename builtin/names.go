package builtin

import (
	"fmt"

	"github.com/toolgen-dev/toolgen"
)

// Names chooses the names the built-in tools are offered under, and the
// names of their arguments where those differ (see "Common names" in the
// package documentation for the table). Both sets are generated, each tool
// with its own static schema, and run the same code.
type Names int

const (
	// NativeNames: read_file, write_file, edit_file, delete_file,
	// list_files, glob, search_files and run_command, the package's own
	// names (the default).
	NativeNames Names = iota
	// CommonNames: read, write, edit, glob, grep and bash, with the
	// arguments file_path and timeout (milliseconds), the names the AI SDK
	// harness's adapters give the built-in tools of Claude Code, Pi and the
	// others; delete_file and list_files, which have no common name, keep
	// theirs.
	CommonNames
)

// String is "native" or "common".
func (n Names) String() string {
	switch n {
	case NativeNames:
		return "native"
	case CommonNames:
		return "common"
	}
	return fmt.Sprintf("builtin.Names(%d)", int(n))
}

// commonName maps each native name to its common one; the names missing
// here are the same under both.
var commonName = map[toolgen.ToolName]toolgen.ToolName{
	ToolReadFile:    ToolRead,
	ToolWriteFile:   ToolWrite,
	ToolEditFile:    ToolEdit,
	ToolSearchFiles: ToolGrep,
	ToolRunCommand:  ToolBash,
}

// Of is the name, under n, of the tool a native name (ToolReadFile...)
// names: ToolRead for ToolReadFile under CommonNames. A name that is not
// a native name of the package comes back as it is. Rules written with
// Of, "toolgen.Rule{Tool: names.Of(builtin.ToolReadFile)}", hold under
// either naming (their Args still use the arguments' names under n).
func (n Names) Of(native toolgen.ToolName) toolgen.ToolName {
	if n == CommonNames {
		if c, ok := commonName[native]; ok {
			return c
		}
	}
	return native
}

// set sets *dst to n, or says that option was given no Names.
func (n Names) set(option string, dst *Names) error {
	if n != NativeNames && n != CommonNames {
		return fmt.Errorf("builtin.%s(%d): not NativeNames or CommonNames", option, int(n))
	}
	*dst = n
	return nil
}

// Naming offers the file tools under n's names: FileTools(dir,
// Naming(CommonNames)) gives read, write, edit, delete_file, list_files,
// glob and grep. Given to Sandbox.Tools, it names the sandbox's shell
// tool too (bash under CommonNames).
func Naming(n Names) FileOption {
	return func(f *files) error { return n.set("Naming", &f.names) }
}

// ShellNaming offers the shell tool under n's name: run_command, or bash
// (arguments command and timeout, in milliseconds) under CommonNames.
func ShellNaming(n Names) ShellOption {
	return func(c *shellConfig) error { return n.set("ShellNaming", &c.names) }
}

// fileTools are the file tools under each naming, in the order they are
// offered: reading before writing.
var fileTools = map[Names][]toolgen.ToolName{
	NativeNames: {ToolReadFile, ToolListFiles, ToolSearchFiles, ToolGlob, ToolWriteFile, ToolEditFile, ToolDeleteFile},
	CommonNames: {ToolRead, ToolListFiles, ToolGrep, ToolGlob, ToolWrite, ToolEdit, ToolDeleteFile},
}
