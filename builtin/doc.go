// Package builtin holds ready-made tools for coding agents: file tools
// confined to a workspace directory (read_file, list_files, search_files,
// glob, write_file, edit_file, delete_file) and a shell tool (run_command). They are
// ordinary annotated methods, made into tools by toolgen like any user's
// (tools_gen.go), and their names are the usual ones, as constants for
// permission rules: builtin.ToolReadFile, builtin.ToolRunCommand... They
// also come under the AI SDK harness's common names (read, write, edit,
// grep, glob, bash: see "Common names").
// NewSandbox gives tools of one's own the same boundary: a
// toolgen.Sandbox (read, write, list, run) made of the same Workspace and
// the same confined runner, for agent.WithSandbox.
//
// Every tool of the package is marked toolgen.Tool.Builtin: an agent's
// preset (agent.WithPreset) decides its calls from its annotations, over
// its RequiresApproval, as the AI SDK harness's permission modes govern
// its built-in tools (allow-edits lets write_file and edit_file run, and
// asks for delete_file and run_command). The program's own tools keep
// their RequiresApproval under every preset.
//
// In a program:
//
//	files, err := builtin.FileTools(dir)                 // read_file, list_files, search_files, glob, write_file, edit_file, delete_file
//	shell, err := builtin.ShellTool(dir, builtin.Timeout(5*time.Minute))
//	a, err := agent.New(model, agent.WithTools(files, shell), agent.WithPermissions(permission.Permissions{
//		Deny:  []toolgen.Rule{builtin.RunCommandRule{Command: "*rm -rf*"}.Rule()},
//		Allow: []toolgen.Rule{{Tool: builtin.ToolReadFile}, {Tool: builtin.ToolSearchFiles}},
//	}))
//
// examples/codingagent runs such an agent
// offline on a throw-away project, with a scripted model: reads run, the edit
// asks and is approved, "rm -rf build" is denied, the project's check runs.
// The run streams (Agent.RunStream): the model's text is printed as it comes,
// word by word with the scripted model.
//
//	$ go run ./examples/codingagent
//	allowed      list_files {"recursive":true} (allow rule list_files)
//	allowed      read_file {"path":"check.sh"} (allow rule read_file)
//	allowed      search_files {"pattern":"Hel+o"} (allow rule search_files)
//	paused       edit_file {"path":"greeting.txt","old_string":"Helo","new_string":"Hello"} (ask rule edit_file)
//	denied       run_command {"command":"rm -rf build"} (deny rule run_command(command="rm -rf*"))
//	  ? edit_file {"path":"greeting.txt","old_string":"Helo","new_string":"Hello"} asks for approval (ask rule edit_file)
//	allowed      run_command {"command":"sh check.sh"} (allow rule run_command(command="sh check.sh"))
//	model: I ran the check: "check: ok\n[exit code 0]". The build directory was not removed: the policy denies rm -rf.
//
// # File tools
//
// Every path the model gives is relative to the workspace root (an absolute
// path inside it is accepted too) and is resolved by os.Root, which refuses at
// the time of each operation any path that leaves the directory: through ..,
// an absolute path, or a symbolic link (a link to outside, a chain, a dangling
// link, a link in an intermediate directory, a directory swapped for a link
// between two calls). The model reads "path "../x" is outside the workspace";
// callers can test "errors.Is(err, builtin.ErrOutsideWorkspace)". Files with
// other hard links are neither read nor written (a hard link is a file inside
// the workspace that may be one outside it), and names with NUL bytes are
// refused. Paths are not cleaned as text: .. is resolved by os.Root after the
// links before it, as the kernel resolves it (with self a link to ., self/../x
// is outside the workspace, not x); a path whose .. climb above the root even
// as text is refused at once.
//
//   - read_file: a text file with line numbers ("%6d<TAB>line"), from offset
//     (a line, from 1) for limit lines (2,000 by default), within MaxReadBytes
//     of output (100,000); when it stops early it ends with "[... the file
//     goes on: read from offset N]". Binary files (a NUL byte or invalid UTF-8
//     in the first 8 KiB) are refused.
//   - list_files: a directory's entries, or everything below it with
//     recursive; directories end with /; .git is left out; at most MaxResults
//     (200) entries, then a note.
//   - search_files: lines matching a regular expression (RE2; "^" and "$" at
//     each line's ends), as "path:line: text", in a directory or one file,
//     optionally only in files matching glob (*.go by name, cmd/**/*.go by
//     path; the same limits as glob's patterns); in a directory, binary files,
//     .git, files over 16 MiB and hard-linked files are skipped (a single file
//     named by path that cannot be searched is an error saying why); at most
//     MaxResults matches.
//   - glob: the files whose paths match a pattern (* within a segment, **
//     across segments, "?", [a-z], "[!a-z]"), sorted, the pattern relative
//     to path (a directory; the root when absent); at most MaxResults. A
//     pattern has at most 1,024 bytes and 16 ** segments (a run of **/**
//     counts as one); matching a path costs at most the pattern's segments
//     times the path's, however many **.
//   - write_file: writes a whole file, creating parent directories; says
//     whether it created or replaced it. Requires approval.
//   - edit_file: replaces old_string by new_string; refuses (and says how
//     many) when the text appears zero or several times, unless replace_all;
//     refuses an empty old_string. Files larger than MaxEditBytes (16 MiB) are
//     refused before they are read, and so is an edit whose result would be
//     larger (replace_all of a long new_string multiplies it). Requires
//     approval.
//   - delete_file: deletes one regular file and says how large it was. It
//     refuses directories (no recursive deletion: files go one at a time, each
//     reported and revertible), symbolic links (neither the link nor what it
//     leads to is deleted: a file change cannot describe a link, so Revert
//     could not bring it back), hard-linked and special files, and the
//     workspace root. Annotated destructive: it requires approval even with
//     FilesWithoutApproval(), and PresetAllowEdits asks for it. Its file
//     change (deleted) keeps the old content up to MaxChangeBytes, so
//     Workspace.Revert restores the file.
//
// list_files (recursive), search_files and glob never take what they could not
// read for absence: a directory they cannot list or a file they cannot open
// (no permission, no descriptor left, replaced by a link to outside) is named
// after the results, "[part of the tree could not be read: path "x" cannot be
// accessed (permission denied)]" (the first five, then a count), and when
// nothing was found the call fails, "no files match "p" in what could be read,
// but part of the tree could not be read: ...". A walk holds a few descriptors
// whatever the depth of the tree. search_files reads and searches files on a
// few goroutines (GOMAXPROCS, at most 4) while its walk goes on, and answers
// in the walk's order all the same, limits included. Every tool stops when its
// context is done, in the middle of a walk or of a huge file.
//
// write_file and edit_file write the new content to a temporary file in the
// same directory (.NAME.toolgen-RANDOM.tmp), sync it, and rename it over the file: a
// reader, a crash, a kill or a full disk sees the old content or the new,
// never a mix, and a failed write removes the temporary file (a process killed
// mid-write leaves it behind). The file keeps its mode (and its owner when the
// process may set it); a path that is a symbolic link writes the file it leads
// to, and the link stays. edit_file replaces the file only if the path still
// leads to the file it read, unchanged (the same size and modification
// time), and a file write_file creates never replaces one another process
// made meanwhile; otherwise the call fails, "changed while it was being
// written", and errors.Is(err, builtin.ErrChangedSince).
//
// Options: ReadOnly() (only the four that read), MaxReadBytes(n),
// MaxResults(n), MaxEditBytes(n) (each n at least 1: a smaller one is
// FileTools's error, naming the option), FilesWithoutApproval() (for
// write_file and edit_file; delete_file still asks). FileTools keeps its
// directory open for the program's life; to close it, use
// builtin.NewWorkspace(dir), "tools, err := ws.FileTools(opts...)" and
// ws.Close(). The read tools are annotated read-only, so PresetAllowReads lets
// them run and asks for the others.
//
// # run_command
//
// "builtin.ShellTool(dir, opts...)" returns run_command:
//
//   - It runs "/bin/sh -c COMMAND" in dir with an empty stdin, and returns
//     stdout and stderr together, in the order written, then a last line
//     "[exit code N]" (or "[killed by signal SIGxxx]"). A failing command is
//     still a successful result: the model must read its output. No output
//     reads "(no output)".
//   - Output beyond MaxOutput bytes (default 30,000) keeps its first and last
//     halves, the middle replaced by "[... N bytes omitted ...]".
//   - Timeout (default 2 minutes) is the longest a command may run; the model
//     may ask for less with timeout_seconds, never more. The command runs in a
//     new session (its own process group, no controlling terminal); on timeout
//     the whole group is killed and the output so far comes back with "[timed
//     out after 2m0s: the command and every process it started were killed]".
//     Processes left in the background are killed when the command exits, so
//     nothing it started outlives the call. A cancelled context kills the
//     group too, and the call returns the context's error.
//   - The environment is explicit, never the whole process environment: PATH,
//     HOME, USER, LOGNAME, LANG, LC_ALL, LC_CTYPE, TZ, TMPDIR, TERM as the
//     process had them when ShellTool was called (PATH defaults to
//     /usr/local/bin:/usr/bin:/bin), PWD set to dir, the variables named by
//     KeepEnv(...), and the "Env("KEY=VALUE", ...)" pairs, which win.
//   - It requires approval unless ShellWithoutApproval(), and is annotated
//     destructive (so PresetAllowEdits asks for it).
//   - Commands are confined by the kernel, by default: Landlock (Linux 5.13+)
//     for files, TCP, signals and abstract sockets, a seccomp filter for every
//     other socket, and, when the program may make one (root), a mount
//     namespace in which everything outside the writable paths is read-only.
//     What a command, and everything it starts, gets:
//
// | resource | confined | allowed by an option | not confined | | --- | --- |
// --- | --- | | files | write only in dir and a private "$TMPDIR" (removed
// after the call); read and execute only there, in /usr, /bin, /lib*, /opt,
// the system-wide files of /proc and an allow list of /etc (users, names,
// loader, time, locale, certificates, programs' settings: no credential of any
// program) | ReadPaths, WritePaths (a build cache: "$HOME" is closed
// otherwise) | | | metadata of files outside (mode, owner, times) | read-only
// mounts ("Read-only file system") when the program runs as root (it has
// CAP_SYS_ADMIN) | | for a program that is not root: its user's own files (no
// mount namespace without privilege); the description says so | | TCP | no
// connect, no bind, no listen (Landlock ABI 4+, Linux 6.7) |
// "AllowConnect(443, ...)": connect to those ports only; AllowDNS(): port 53 |
// | | every other socket: UDP, MPTCP, SCTP, raw, packet, netlink, unix sockets
// by path (a docker.sock), TCP Fast Open sends, io_uring | refused
// ("Permission denied"; io_uring: not implemented) | AllowDNS(): UDP, to any
// address (the filter sees a socket's kind, not where it sends);
// AllowNetwork(): every socket, connect and listen anywhere | | | signals,
// abstract unix sockets, other processes' /proc | only within the command
// (Landlock ABI 6+, Linux 6.12) | | whether a process exists ("kill -0") | |
// descriptors | only stdin (/dev/null), stdout and stderr reach the command,
// whatever the program left open | | | | privileges | none: no capability
// (bounding set included, for root), no set-user-ID (no_new_privs) | | run as
// root, a command keeps uid 0: it owns what it makes, reads and writes by
// owner what the rows above let it, and the process count does not bind it | |
// processes | at most 1024 beyond those the user runs (a fork bomb gets
// "Cannot fork"); killed with all they started at the end, timeout or
// cancellation of the call, and when the program that called dies, however |
// "Limits(ResourceLimits{Processes: ...})" | the count, for root (the kernel
// exempts it) | | CPU time | each process: the timeout times the CPUs
// (SIGXCPU) | "Limits(ResourceLimits{CPUTime: ...})" | | | memory | each
// process: half the machine's memory (RLIMIT_DATA: Go and Java programs run
// under it) | "Limits(ResourceLimits{Memory: ...})" | the command as a whole
// (no cgroup is made: processes times memory) | | disk | files of at most 1
// GiB ("File too large", SIGXFSZ); no core dumps |
// "Limits(ResourceLimits{FileSize: ...})" | space as a whole (many files) |
//
// Unlimited lifts a limit; RequireConfinement() makes ShellTool fail unless
// every row above holds (Landlock ABI 6, seccomp on amd64 or arm64, and for
// root the mount namespace); Unconfined() opts out (a container that is the
// boundary already). On a system that lacks a part, a command gets the rest,
// and the tool's description says what holds: it never falls back silently.
//   - When the program dies (a crash, an OOM kill, a deploy's SIGKILL), its
//     commands die with it: the helper that runs each one watches a pipe only
//     the program holds and its parent-death signal, and kills the command's
//     group and every process it adopted; it also enforces the timeout itself,
//     so a program that hangs or is stopped cannot keep a command running. A
//     stopped or traced process does not hold the kill up. Should the helper
//     itself be killed (the OOM killer), the shell dies with it and the
//     program kills the shell's group; only what left that group (setsid)
//     lives on, bounded by its CPU time. (Unconfined() commands have no
//     helper: they can outlive the program.)
//   - How it works: each command re-runs the program itself (/proc/self/exe)
//     as a helper, detected by an init in builtin, so a program needs nothing
//     beyond importing builtin. The program's own package initialisers
//     therefore also run in the helper: keep them free of effects outside the
//     process. Cost: the helper's start-up, some 8x a bare /bin/sh
//     (BENCHMARKS.md). Permission rules still only match text: they are guard
//     rails, and the kernel's confinement is the boundary.
//     "builtin.NewSandbox(dir, opts...).Run" and run_command served over MCP
//     go through the same helper. Unix only.
//
// # Sandbox for your own tools
//
// A tool of your own that reads, writes or runs commands should do it where
// the built-in tools do, inside the same boundary. toolgen.Sandbox (read,
// write, list, run) is that boundary as the tool API sees it, and
// toolgen.Ctx.Sandbox carries it to every call: agent.WithSandbox(sb) puts it
// there (a sub-agent inherits its caller's), as does a program that calls a
// Toolbox with toolgen.WithCtx. "builtin.NewSandbox(dir, opts...)" implements
// it with the file tools' os.Root workspace and run_command's confined runner
// (the same ShellOptions), and sb.Tools() gives the built-in tools on the same
// directory and configuration:
//
//	// Format formats a Go file of the project, then runs go vet.
//	//
//	// Parameters:
//	//   - path: the Go file, relative to the project root.
//	//
//	//toolgen:tool requires_approval
//	func Format(ctx context.Context, rc toolgen.Ctx, path string) (string, error) {
//		sb, err := rc.NeedSandbox() // toolgen.ErrNoSandbox when the run has none
//		if err != nil {
//			return "", err
//		}
//		src, err := sb.ReadFile(ctx, path) // "../x", /etc/passwd, a link out: errors.Is(err, toolgen.ErrOutsideSandbox)
//		if err != nil {
//			return "", err
//		}
//		out, err := format.Source(src)
//		if err != nil {
//			return "", err
//		}
//		if err := sb.WriteFile(ctx, path, out); err != nil { // reported as a file change, like write_file's
//			return "", err
//		}
//		r, err := sb.Run(ctx, "go vet ./...") // confined as run_command is
//		if err != nil {
//			return "", err
//		}
//		return fmt.Sprintf("formatted %s; go vet: %s\n%s", path, r.Status, r.Output), nil
//	}
//
//	sb, err := builtin.NewSandbox(dir, builtin.WritePaths(cache))
//	defer sb.Close()
//	tools, err := sb.Tools() // read_file ... delete_file, run_command, on the same boundary
//	a, err := agent.New(model, agent.WithTools(tools, Tools()), agent.WithSandbox(sb))
//
// Paths are relative to the sandbox's root. WriteFile replaces a file as
// write_file does (a new file renamed over it) and reports the change; List
// returns the entries of one directory (toolgen.DirEntry: name, kind, size;
// links not followed); Run returns a toolgen.CommandResult (output, exit code,
// TimedOut, the status line) and errors only when the command could not run or
// the context ended. A tool called without a sandbox gets toolgen.ErrNoSandbox
// from NeedSandbox, and should return it rather than fall back to the
// process's own files. The interface is in runtime, not builtin, so a tool
// depends on the tool API only, and a program may give its tools another
// implementation (a container's, a remote machine's, an in-memory one in
// tests). mcp.NewServer does not set one: tools served over MCP that need a
// sandbox get toolgen.ErrNoSandbox.
//
// # File changes: which call made what
//
// Given a context that wants them (toolgen.WithFileChanges; the agent loop
// gives every call one), the tools report each file they change
// (toolgen.FileChange): write_file, edit_file, delete_file and
// Sandbox.WriteFile the change they made, and run_command (and
// Sandbox.Run) what differs in the workspace between before and after the
// command (regular files outside .git). The calls of one turn run in
// parallel, so the comparison of a command could see the changes of a
// write_file running at the same time; it does not, in one process:
//
//   - A command whose changes are compared holds its directory from its
//     first walk to its last. The workspace's writes (write_file,
//     edit_file, delete_file, Sandbox.WriteFile, Revert) of files below it
//     wait for it to end, and it waits for the writes in progress to end
//     before its first walk (its timeout starts after). Each change is
//     thus reported by the call that made it, and a command and a file
//     tool changing one file one after the other report changes that
//     follow one another, which Revert undoes. This holds for every
//     workspace of the directory in the process (FileTools and ShellTool
//     each open their own), and for directories one inside the other.
//   - Writes run in parallel with one another, one call at a time for one
//     file.
//   - The workspace's temporary files (.NAME.toolgen-RANDOM.tmp, and
//     .toolgen-delete-RANDOM for a file being deleted) are never reported,
//     whoever made them: another process's workspace, or one killed
//     mid-write.
//   - Two commands running at the same time in one directory cannot be
//     told apart: a comparison sees what changed, not which process changed
//     it. Each reports every change made during its run, the other's
//     included, and its result says so: "[file changes: another command ran
//     in this workspace meanwhile; the changes reported may include some of
//     its own]". Where each change must be attributed exactly, run the
//     calls one at a time (agent.WithParallelism(1)).
//   - Another process is not held up: a change it makes during a command's
//     run is reported as the command's. Its changes during a write of the
//     file tools are detected as far as the file's metadata tells (see
//     Workspace.Revert).
//
// The receiver of the changes is called while the call holds its claim:
// it must not wait for a write or a Revert of the same directory (it would
// wait for itself).
//
// Workspace.Revert undoes a list of changes, in one step for the process:
// it waits for the writes and commands in progress, and they for it, so
// that a write acknowledged before it makes it fail with ErrChangedSince
// (nothing is written), and one after it finds the files reverted. Against
// another process, which waits for nothing, it holds the file under a
// write lease and exchanges names atomically (Linux), then checks what it
// took out and gives it back if it changed: its doc says exactly what that
// covers and the instants it cannot.
//
// # Common names
//
// The AI SDK harness gives the built-in tools of the runtimes it drives
// (Claude Code, Pi...) common names, with its adapters' argument names.
// Naming(CommonNames) offers the file tools under them, ShellNaming(CommonNames)
// the shell tool, and Sandbox.Tools(Naming(CommonNames)) both; the web search
// tool of package search comes as webSearch from its Client's CommonTools.
// Each name is a generated tool with its own static schema, a thin method
// calling the native tool's, so both sets run the same code:
//
//	native (NativeNames)                    common (CommonNames)
//	read_file {path, offset, limit}         read {file_path, offset, limit}
//	write_file {path, content}              write {file_path, content}
//	edit_file {path, old_string,            edit {file_path, old_string,
//	  new_string, replace_all}                new_string, replace_all}
//	search_files {pattern, path, glob}      grep {pattern, path, glob}
//	glob {pattern, path}                    glob {pattern, path} (the same tool)
//	run_command {command, timeout_seconds}  bash {command, timeout} (milliseconds)
//	list_files {path, recursive}            list_files (no common name)
//	delete_file {path}                      delete_file (no common name)
//	search.ToolWebSearch web_search {query} search.ToolCommonWebSearch webSearch {query}
//
// The argument names are those the harness's adapters declare (Claude
// Code's and Pi's agree on file_path, old_string, new_string and
// replace_all); bash's timeout is in milliseconds, as Claude Code's is, and
// is capped at the configured Timeout as timeout_seconds is. Arguments only
// some runtimes have (grep's output modes, bash's run_in_background,
// webSearch's domain lists) are left out: the schema says what the tool does.
//
// The tools under both namings have the same annotations, RequiresApproval
// and Builtin mark, so presets (agent.WithPreset), approvals, file changes
// (which the tools report, whatever their name) and Workspace.Revert treat
// them alike. Permission rules name tools: each naming has its constants
// (ToolRead... ToolBash) and typed rules (ReadRule{FilePath: "*.go"},
// BashRule{Command: "rm *"}), and Names.Of gives a native name's
// counterpart, so that "toolgen.Rule{Tool: names.Of(builtin.ToolRunCommand)}"
// holds under either. The messages a tool returns name the tools of its
// naming ("use write").
//
// # Where things live
//
// workspace.go (confinement on os.Root), files.go (the file tools that
// read and write one file), find.go (list_files), find_glob.go (glob),
// find_search.go (search_files), match.go (glob patterns, glob's and
// search_files'), walk.go (the walk of a tree and what the walking tools
// answer), shell.go (run_command), sandbox.go (what run_command's
// confinement is, its options and description),
// sandbox_linux.go (the helper that confines each command, and Landlock),
// sandbox_filter_linux.go (the seccomp filter for sockets),
// sandbox_privileges_linux.go (capabilities, the read-only mount
// namespace), toolsandbox.go (Sandbox, the toolgen.Sandbox of both),
// filechange.go and shellchanges.go (the changes the tools report),
// claims.go (what keeps writes, compared commands and Revert apart),
// revert.go (Workspace.Revert), names.go (Names, Naming, ShellNaming: which
// names the tools are offered under), common.go (the tools under their
// common names).
package builtin
