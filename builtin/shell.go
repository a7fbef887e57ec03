package builtin

// run_command, the shell tool (the package doc has its reference; this is
// the design, point by point):
//
//	tools, err := builtin.ShellTool(dir, builtin.Timeout(5*time.Minute), builtin.KeepEnv("GOPATH"))
//
// - It runs /bin/sh -c COMMAND with the working directory dir (which must
//   exist), stdin empty (/dev/null), and returns stdout and stderr together,
//   in the order written, then a last line "[exit code N]" (or "[killed by
//   signal SIGxxx]"). A command that fails is still a successful result: the
//   model must read its output. No output reads "(no output)".
// - Output beyond MaxOutput bytes (default 30,000) keeps its first and last
//   halves, with the middle replaced by "[... N bytes omitted ...]".
// - Timeout (default 2 minutes) is the longest a command may run; the model
//   may ask for less with timeout_seconds, never more. The command runs in a
//   new session (its own process group, without a controlling terminal), and
//   on timeout the whole group is killed (SIGKILL), the output so far
//   returned with "[timed out after 2m0s: the command and every process it
//   started were killed]". Processes it left in the background are killed
//   when the command exits too, so nothing it started outlives the call. A
//   cancelled context kills the group the same way, and the call returns
//   the context's error.
// - The environment is explicit, never the whole process environment: PATH,
//   HOME, USER, LOGNAME, LANG, LC_ALL, LC_CTYPE, TZ, TMPDIR and TERM as the
//   process had them when ShellTool was called (PATH
//   /usr/local/bin:/usr/bin:/bin if unset), PWD set to dir, the variables
//   named by KeepEnv, and the KEY=VALUE pairs of Env (which win).
// - run_command requires approval (the agent loop pauses until a person
//   approves each call) unless ShellWithoutApproval; permission rules match
//   its command, e.g. Deny {Tool: builtin.ToolRunCommand, Args:
//   {"command": "*rm -rf*"}}. Rules match text: they are guard rails; the
//   confinement below is the boundary.
// - Commands are confined by the kernel, by default (the package doc's
//   table under run_command says what per resource). A command, and every
//   process it starts, can
//   - write (create, remove, rename) only in dir and in $TMPDIR, a private
//     directory made for the call and removed after it, plus WritePaths;
//   - read and execute only there, in /usr, /bin, /sbin, /lib*, /opt, an
//     allow list of /etc (etcReadable: what programs need to start, no
//     credential), /dev/null, /dev/zero, /dev/full, /dev/urandom and the
//     system-wide files of /proc, plus ReadPaths; not $HOME, nor the
//     per-process directories of /proc (Landlock, Linux 5.13);
//   - make no socket but unix socket pairs (no netlink either):
//     no TCP (AllowConnect opens connect to its ports, Landlock ABI 4),
//     UDP (AllowDNS), MPTCP, SCTP, raw, packet or unix socket by path, no
//     TCP Fast Open send, no io_uring; AllowNetwork lifts it all (a seccomp
//     filter, sandbox_filter_linux.go);
//   - not signal, nor connect to abstract unix sockets of, any process
//     outside the command (Landlock ABI 6, Linux 6.12);
//   - inherit no descriptor but stdin, stdout and stderr, keep no
//     capability, gain none (no_new_privs), and, when the program may make
//     a mount namespace (root), change no file's metadata outside the
//     writable paths: every other mount is read-only for it
//     (sandbox_privileges_linux.go);
//   - not outlive the call, nor the program: a helper (below) adopts what
//     calls setsid or forks twice, and kills it all when the shell exits,
//     times out (it keeps the timeout itself), is cancelled, or when the
//     program dies (a pipe only the program holds closes; the parent-death
//     signal comes).
//   Not confined: whether a process exists (kill -0 fails differently);
//   for a program that is not root, the metadata of its user's own files
//   outside (chmod, utimes: Landlock does not check them, and no mount
//   namespace can be had without privilege); memory as a whole (each
//   process is bounded, not their sum); disk space as a whole (many files,
//   each under the size limit).
// - Resource limits (setrlimit), with the helper: a command may run at most
//   1024 processes beyond those its user runs when it starts, so that a
//   fork bomb fails to fork there rather than take the machine's (the
//   kernel exempts root: the tool's description says so); write files of
//   at most 1 GiB ("File too large", SIGXFSZ, root included); each process
//   may use the timeout times the CPUs of CPU time (SIGXCPU) and allocate
//   half the machine's memory (RLIMIT_DATA); and dump no core.
//   Limits(ResourceLimits{...}) changes them; Unlimited lifts one.
// - On systems that lack a part (an older Landlock ABI, no seccomp, no
//   mount namespace), commands get the rest; without Landlock, or on
//   another system, they run unconfined. Never silently: the tool's
//   description says which protections are in force, and
//   RequireConfinement makes ShellTool fail unless all of them are.
//   Unconfined opts out altogether: the shell runs directly, as the
//   process could run it.
// - The helper is the program itself: each command re-executes
//   /proc/self/exe with a marker argv[0] that an init function of this
//   package recognizes before main runs, so a program needs nothing but to
//   import builtin (a go test binary works the same way; see
//   sandbox_linux.go). It costs a few milliseconds a command
//   (BENCHMARKS.md). The program's own package init functions run in the
//   helper too: keep them free of outside effects.
//
// Unix only: on other systems ShellTool returns an error.

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/option"
)

// Defaults of run_command's limits.
const (
	DefaultTimeout   = 2 * time.Minute // the longest a command may run
	DefaultMaxOutput = 30_000          // bytes of a command's output kept
)

// pipeGrace is how long a call waits, once the shell has exited or been
// killed, for processes that escaped its group and still hold its output.
const pipeGrace = time.Second

// defaultPath is PATH when the process has none.
const defaultPath = "/usr/local/bin:/usr/bin:/bin"

// passedEnv are the variables a command gets from the process's
// environment: enough for programs to find each other, a home, a locale
// and a temporary directory, and nothing that would hand them the
// process's secrets by default.
var passedEnv = []string{"PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "TMPDIR", "TERM"}

// ShellOption configures ShellTool. Options given bad values make ShellTool
// fail with an error naming each option and its value, as
// "builtin.MaxOutput(0): must be at least 1"; no value is clamped or
// ignored.
type ShellOption func(*shellConfig) error

type shellConfig struct {
	timeout    time.Duration
	maxOutput  int
	keep       []string
	set        []string
	noApproval bool
	names      Names
	sandbox    sandboxConfig
	require    bool
}

// Timeout sets the longest a command may run (DefaultTimeout by default);
// d must be positive. The model may ask for less in a call, never more.
func Timeout(d time.Duration) ShellOption {
	return func(c *shellConfig) error { return option.Positive("builtin.Timeout", d, &c.timeout) }
}

// MaxOutput sets how many bytes of a command's output the model reads
// (DefaultMaxOutput by default), at least 1: the first half and the last
// half, the middle dropped.
func MaxOutput(n int) ShellOption {
	return func(c *shellConfig) error { return option.AtLeastOne("builtin.MaxOutput", n, &c.maxOutput) }
}

// KeepEnv passes these variables from the process's environment as well,
// when they are set. A name that is empty or holds "=" is an error.
func KeepEnv(names ...string) ShellOption {
	return func(c *shellConfig) error {
		var errs []error
		for _, name := range names {
			if name == "" || strings.ContainsAny(name, "=\x00") {
				errs = append(errs, fmt.Errorf("builtin.KeepEnv: %q is not a variable name", name))
			}
		}
		c.keep = append(c.keep, names...)
		return errors.Join(errs...)
	}
}

// Env sets these variables, each written KEY=VALUE (KEY not empty). They
// win over the variables taken from the process's environment.
func Env(vars ...string) ShellOption {
	return func(c *shellConfig) error {
		var errs []error
		for _, kv := range vars {
			if k, _, ok := strings.Cut(kv, "="); !ok || k == "" || strings.ContainsRune(kv, 0) {
				errs = append(errs, fmt.Errorf("builtin.Env: %q is not KEY=VALUE", kv))
			}
		}
		c.set = append(c.set, vars...)
		return errors.Join(errs...)
	}
}

// ShellWithoutApproval lets run_command run without asking a person first.
// Permission rules still apply.
func ShellWithoutApproval() ShellOption {
	return func(c *shellConfig) error { c.noApproval = true; return nil }
}

// shell runs the commands of run_command.
type shell struct {
	root      string
	timeout   time.Duration
	maxOutput int
	env       []string
	confine   confinement
	policy    sandboxPolicy // what every command's helper enforces, but its temporary directory
	approval  bool          // run_command requires approval (not ShellWithoutApproval)
	names     Names         // the name it is offered under: run_command or bash
}

// ShellTool returns the run_command tool: it runs a command through
// /bin/sh -c in root, an existing directory. The command gets the
// variables PATH, HOME, USER, LOGNAME, LANG, LC_ALL, LC_CTYPE, TZ, TMPDIR
// and TERM from the process's environment as it is now (PATH
// /usr/local/bin:/usr/bin:/bin when unset; TMPDIR a private directory when
// confined), PWD set to root, the variables named by KeepEnv and those of
// Env, and nothing else. The tool requires approval unless
// ShellWithoutApproval.
//
// Commands are confined by the kernel (Landlock, a seccomp filter, a
// read-only mount namespace for root) to root, their temporary directory
// and the system's files, with no network and no privilege, bounded in
// processes, file size, CPU time and memory, and ended with the program
// that runs them; the options ReadPaths, WritePaths, AllowConnect,
// AllowDNS, AllowNetwork, Limits, RequireConfinement and Unconfined change
// that. The tool's description says what is
// confined on this kernel.
func ShellTool(root string, opts ...ShellOption) ([]toolgen.Tool, error) {
	s, err := newShell(root, opts)
	if err != nil {
		return nil, err
	}
	return s.tools(s.names), nil
}

// newShell checks the options and the kernel, and prepares what every
// command of root runs with.
func newShell(root string, opts []ShellOption) (*shell, error) {
	if err := shellSupported(); err != nil {
		return nil, err
	}
	c := shellConfig{timeout: DefaultTimeout, maxOutput: DefaultMaxOutput}
	if err := applyOptions(&c, opts); err != nil {
		return nil, err
	}
	dir, err := shellRoot(root)
	if err != nil {
		return nil, err
	}
	confine, err := newConfinement(c.sandbox, c.require, c.timeout)
	if err != nil {
		return nil, err
	}
	s := &shell{root: dir, timeout: c.timeout, maxOutput: c.maxOutput, env: shellEnv(dir, c.keep, c.set), confine: confine, approval: !c.noApproval, names: c.names}
	s.policy = newPolicy(confine, dir)
	return s, nil
}

// tools is run_command, or bash under CommonNames, described as
// configured.
func (s *shell) tools(names Names) []toolgen.Tool {
	name := names.Of(ToolRunCommand)
	tools := slices.DeleteFunc(s.Tools(), func(t toolgen.Tool) bool { return t.Name != name })
	for i := range tools {
		// The doc comment cannot know the configured limits, nor what the
		// kernel confines; the model plans better knowing them.
		tools[i].Description += " " + s.confine.describe()
		if l := s.confine.describeLimits(); l != "" {
			tools[i].Description += " " + l
		}
		tools[i].Description += fmt.Sprintf(" Here commands may run for at most %s, and the output is capped at %d bytes.", s.timeout, s.maxOutput)
		tools[i].RequiresApproval = tools[i].RequiresApproval && s.approval
		tools[i].Builtin = true // an agent's preset decides it (toolgen.Tool.Builtin)
	}
	return tools
}

// applyOptions applies opts to c and reports every mistake in them at once.
func applyOptions[C any, O ~func(*C) error](c *C, opts []O) error {
	var errs []error
	for _, opt := range opts {
		if opt == nil {
			errs = append(errs, errors.New("builtin: nil option"))
			continue
		}
		if err := opt(c); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// shellRoot makes root absolute (PWD must be) and checks it is a directory.
func shellRoot(root string) (string, error) {
	dir, err := filepath.Abs(root)
	if err != nil {
		return "", fmt.Errorf("builtin: shell root %s: %w", root, err)
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return "", fmt.Errorf("builtin: shell root %s is not a directory", root)
	}
	return dir, nil
}

// shellEnv is the environment of every command, in a fixed order, each
// variable once.
func shellEnv(root string, keep, set []string) []string {
	var e envList
	for _, name := range append(passedEnv[:len(passedEnv):len(passedEnv)], keep...) {
		if v, ok := os.LookupEnv(name); ok {
			e.set(name, v)
		}
	}
	if _, ok := e.index["PATH"]; !ok {
		e.set("PATH", defaultPath)
	}
	e.set("PWD", root)
	for _, kv := range set {
		k, v, _ := strings.Cut(kv, "=")
		e.set(k, v)
	}
	return e.vars
}

// envList is an environment in which setting a variable again replaces it
// in place.
type envList struct {
	vars  []string
	index map[string]int
}

func (e *envList) set(k, v string) {
	if e.index == nil {
		e.index = map[string]int{}
	}
	if i, ok := e.index[k]; ok {
		e.vars[i] = k + "=" + v
		return
	}
	e.index[k] = len(e.vars)
	e.vars = append(e.vars, k+"="+v)
}

// RunCommand runs a shell command in the workspace: /bin/sh -c COMMAND, with
// the workspace root as the working directory and an empty stdin (so
// interactive programs get end of input: pass flags that make them not ask).
// It returns stdout and stderr together, in the order written, then a last
// line with the exit code, "[exit code N]"; a command that fails still
// returns its output. Long output keeps its beginning and its end, the middle
// replaced by "[... N bytes omitted ...]": filter it (grep, head, tail)
// rather than print it all. A command that runs past its timeout is killed
// with every process it started, and the output so far comes back with
// "[timed out after ...]". Each call is a new shell: cd and variables do not
// carry over to the next call. Processes left in the background (cmd &) are
// killed when the command exits, so do not start servers with it. Only a few
// environment variables are set (PATH, HOME, LANG...).
//
// Parameters:
//   - command minLength=1: the command line, for example "go test ./... 2>&1 | tail -40"; pipes, redirection, && and ; work.
//   - timeout_seconds min=1: the longest the command may run, in seconds; at most the configured limit, which applies when absent.
//
//toolgen:tool requires_approval destructive openworld
func (s *shell) RunCommand(ctx context.Context, command string, timeoutSeconds *int) (string, error) {
	return s.runReported(ctx, command, s.limit(timeoutSeconds))
}

// runReported runs a command for at most limit, and reports it as the
// model reads it: the output, then the status line and any note.
func (s *shell) runReported(ctx context.Context, command string, limit time.Duration) (string, error) {
	o, err := s.run(ctx, command, limit)
	if err != nil {
		return "", err
	}
	last := o.status
	if o.note != "" {
		last += "\n" + o.note
	}
	return report(o.out, last), nil
}

// commandOutcome is what came of a command that ran.
type commandOutcome struct {
	out      *cappedWriter
	status   string // how it ended: "[exit code N]", "[killed by signal S]", "[timed out ...]"
	code     int    // its exit code; -1 when killed
	timedOut bool
	note     string // about the file changes reported, or ""
}

// run runs a command for at most limit: the work of run_command, and of
// Sandbox.Run. The error is for a command that could not run, or a ctx
// that ended.
func (s *shell) run(ctx context.Context, command string, limit time.Duration) (commandOutcome, error) {
	if err := ctx.Err(); err != nil {
		return commandOutcome{}, err
	}
	// Before the timeout starts: the comparison may first wait for the
	// workspace's writes in progress.
	changed := watchTree(ctx, s.root)
	defer changed() // releases the claim of the directory, whatever happens
	runCtx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	o := commandOutcome{out: newCappedWriter(s.maxOutput), code: -1}
	var run *shellRun
	var err error
	if s.supervised() {
		run, err = s.helperCommand(runCtx, command, limit, o.out)
	} else {
		run = s.command(runCtx, command, o.out)
	}
	if run.cleanup != nil {
		defer run.cleanup()
	}
	if err == nil {
		err = run.run()
	}
	cmd := run.cmd
	if cmd != nil && cmd.Process != nil {
		// What the command left in the background goes with it, so that no
		// process outlives the call it was started by.
		_ = killGroup(cmd.Process.Pid)
	}
	// Files the command changed are reported (once it and what it
	// started are gone) whatever became of it.
	o.note = changed()
	exited := cmd != nil && cmd.ProcessState != nil
	var exitErr error
	if exited && run.exit != nil {
		// Read first: the helper may say it ended the command at its
		// timeout itself.
		o.status, o.code, exitErr = run.exit()
	}
	switch {
	case ctx.Err() != nil:
		return commandOutcome{}, ctx.Err()
	case run.timedOut.Load():
		o.timedOut, o.code = true, -1
		o.status = fmt.Sprintf("[timed out after %s: the command and every process it started were killed]", limit)
	case !exited:
		return commandOutcome{}, fmt.Errorf("cannot run /bin/sh in %s: %w", s.root, err)
	case exitErr != nil:
		return commandOutcome{}, fmt.Errorf("cannot run /bin/sh in %s: %w", s.root, exitErr)
	case run.exit == nil:
		o.status, o.code = exitText(cmd.ProcessState), cmd.ProcessState.ExitCode()
	}
	return o, nil
}

// limit is the call's timeout: the model's, capped at the configured one.
func (s *shell) limit(seconds *int) time.Duration {
	// Compared in seconds first, so that a huge request cannot overflow.
	if seconds == nil || int64(*seconds) > int64(s.timeout/time.Second) {
		return s.timeout
	}
	return min(time.Duration(*seconds)*time.Second, s.timeout)
}

// command prepares /bin/sh -c command. When ctx is done before the shell
// exits, the shell's whole process group is killed and timedOut is set.
//
// exec.CommandContext alone kills only the shell: its children would keep
// running, and keep the output pipe open so that Wait never returned. So
// the command runs in its own group, Cancel kills the group, and WaitDelay
// stops waiting for the pipe when something outside the group still holds
// it.
func (s *shell) command(ctx context.Context, command string, out *cappedWriter) *shellRun {
	run := &shellRun{}
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", command)
	cmd.Dir = s.root
	cmd.Env = s.env
	// One writer for both: exec then gives the command a single pipe for
	// stdout and stderr, so their order is kept.
	cmd.Stdout = out
	cmd.Stderr = out
	cmd.SysProcAttr = newGroup()
	cmd.Cancel = func() error {
		run.timedOut.Store(true)
		return killGroup(cmd.Process.Pid)
	}
	cmd.WaitDelay = pipeGrace
	run.cmd = cmd
	return run
}

// shellRun is a command being run.
type shellRun struct {
	cmd        *exec.Cmd
	timedOut   atomic.Bool                               // set when the context ended the command
	afterStart func()                                    // called once the command started, if not nil
	exit       func() (last string, code int, err error) // the result's last line and exit code (-1: killed) once it exited, if not from cmd
	cleanup    func()                                    // called when the call is done, if not nil
}

// run runs the command and waits for it.
func (r *shellRun) run() error {
	if err := r.cmd.Start(); err != nil {
		if r.afterStart != nil {
			r.afterStart()
		}
		return err
	}
	if r.afterStart != nil {
		r.afterStart()
	}
	return r.cmd.Wait()
}

// report is the text the model reads: the output, then the last line.
func report(out *cappedWriter, last string) string {
	text := out.String()
	if text == "" {
		text = "(no output)"
	}
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return text + last
}

// cappedWriter keeps the first half and the last half of at most limit bytes
// written to it, and counts what it dropped between them. exec writes from
// one goroutine at a time (stdout and stderr share it), and finishes before
// Run returns.
type cappedWriter struct {
	head, tail       []byte
	headMax, tailMax int
	total            int64
}

func newCappedWriter(limit int) *cappedWriter {
	return &cappedWriter{headMax: limit / 2, tailMax: limit - limit/2}
}

func (w *cappedWriter) Write(p []byte) (int, error) {
	w.total += int64(len(p))
	n := min(w.headMax-len(w.head), len(p))
	w.head = append(w.head, p[:n]...)
	w.tail = append(w.tail, p[n:]...)
	// Trimmed only once it holds twice what it keeps: copies stay amortized
	// O(1) a byte and memory O(max + len(p)).
	if len(w.tail) > 2*w.tailMax {
		w.tail = append(w.tail[:0], w.tail[len(w.tail)-w.tailMax:]...)
	}
	return len(p), nil
}

// String is the output kept, with a marker where bytes were dropped.
func (w *cappedWriter) String() string {
	tail := w.tail[max(0, len(w.tail)-w.tailMax):]
	omitted := w.total - int64(len(w.head)) - int64(len(tail))
	if omitted == 0 {
		return string(w.head) + string(tail)
	}
	var b bytes.Buffer
	b.Write(w.head)
	fmt.Fprintf(&b, "\n[... %d bytes omitted ...]\n", omitted)
	b.Write(tail)
	return b.String()
}
