// Package builtin holds ready-made tools for coding agents: file tools
// confined to a workspace directory (read_file, list_files, search_files,
// glob, write_file, edit_file, delete_file) and a shell tool (run_command). They are
// ordinary annotated methods, made into tools by toolgen like any user's
// (tools_gen.go), and their names are the usual ones, as constants for
// permission rules: builtin.ToolReadFile, builtin.ToolRunCommand...
// NewSandbox gives tools of one's own the same boundary: a
// runtime.Sandbox (read, write, list, run) made of the same Workspace and
// the same confined runner, for agent.WithSandbox.
//
// Files: workspace.go (confinement on os.Root), files.go (the tools),
// find.go (walking, glob and search), shell.go (run_command), sandbox.go
// (what run_command's confinement is, its options and description),
// sandbox_linux.go (the helper that confines each command, and Landlock),
// sandbox_filter_linux.go (the seccomp filter for sockets),
// sandbox_privileges_linux.go (capabilities, the read-only mount
// namespace), toolsandbox.go (Sandbox, the runtime.Sandbox of both).
package builtin
