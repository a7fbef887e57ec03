package builtin

// How a command is confined on Linux.
//
// Landlock confines the thread that enforces a ruleset and every process
// it starts afterwards, for good; it cannot be applied to another process.
// run_command must not confine the program that calls it, so each command
// goes through a helper: the program re-executes itself (/proc/self/exe)
// with argv[0] set to helperName and the policy, as JSON, in argv[1]. The
// init function below recognizes that argv[0] before main runs, so any
// program that imports builtin (a test binary too: its init functions run
// before TestMain) is its own helper and needs nothing else. The helper
//
//  1. becomes a child subreaper (PR_SET_CHILD_SUBREAPER): every process the
//     command leaves behind, including those that call setsid or fork twice
//     to be adopted by init, is adopted by the helper instead;
//  2. sets the file size and core limits (they bind it too, harmlessly);
//     then on one OS thread, locked and never unlocked, sets no_new_privs
//     and enforces the Landlock ruleset, then starts /bin/sh -c COMMAND from
//     that thread: the shell and all it starts inherit the ruleset, while
//     the helper itself stays outside it, so that (Landlock ABI 6) the
//     command can neither signal it nor read its /proc files. With a
//     process limit, the shell starts stopped and gets its limit before it
//     runs (startLimited): the helper keeps none, so that it can still make
//     the threads it needs once the command used up its own;
//  3. waits for the shell, or for SIGTERM from the program (timeout or
//     cancellation), then kills the shell's process group and, until it has
//     no child left, every process it has adopted, and writes the shell's
//     wait status on file descriptor 3 before it exits.
//
// The program's package init functions run in the helper, as in any
// process of the program, before builtin's init; they had better not have
// effects outside the process.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/landlock-lsm/go-landlock/landlock"
	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

// helperName is argv[0] of the helper process; no program is started so
// by accident.
const helperName = "toolgen-run-command-sandbox"

// helperGrace is how long the helper has, after SIGTERM, to kill the
// command's processes and exit.
const helperGrace = 10 * time.Second

// helperExe is the program that runs as the helper: this one.
const helperExe = "/proc/self/exe"

func init() {
	if len(os.Args) >= 3 && os.Args[0] == helperName {
		// Not os.Exit: the program's exit hooks are not the helper's (and
		// the race detector's waits a second).
		syscall.Exit(runHelper(os.Args[1], os.Args[2:]))
	}
}

func helperSupported() bool { return true }

func probeLandlock() int {
	v, err := ll.LandlockGetABIVersion()
	if err != nil || v < 0 {
		return 0
	}
	return v
}

// sandboxPolicy is what the helper applies: the paths by kind (Landlock
// grants directory rights only on directories), and the network.
type sandboxPolicy struct {
	Landlock   bool     `json:"landlock,omitempty"`
	ReadDirs   []string `json:"rd,omitempty"`
	ReadFiles  []string `json:"rf,omitempty"`
	WriteDirs  []string `json:"wd,omitempty"`
	WriteFiles []string `json:"wf,omitempty"`
	Refer      bool     `json:"refer,omitempty"` // the kernel knows the right to link and rename across directories
	Network    bool     `json:"net,omitempty"`   // TCP is confined
	Connect    []uint16 `json:"connect,omitempty"`
	// Resource limits, 0 for none: processes beyond the user's, bytes.
	Processes int   `json:"nproc,omitempty"`
	FileSize  int64 `json:"fsize,omitempty"`
	// The user the helper and the command run as, when not the program's:
	// only tests set it (RunAs), to see the process limit enforced when
	// they run as root.
	UID *uint32 `json:"uid,omitempty"`
}

// systemReadDirs are the directories a shell and the usual tools read and
// execute from.
var systemReadDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/opt"}

// procFiles are the system-wide files of /proc that commands read (the
// number of CPUs, memory, load, sysctl values). The directories of
// processes are not among them, /proc/self included: the kernel lets a
// process read /proc/PID/environ of another that it could not ptrace as
// long as the file's path is readable, so none is; /dev/fd works all the
// same (Landlock does not check the directories a path goes through), and
// ps does not.
var procFiles = []string{
	"/proc/cpuinfo", "/proc/meminfo", "/proc/stat", "/proc/loadavg", "/proc/uptime", "/proc/version",
	"/proc/filesystems", "/proc/swaps", "/proc/vmstat", "/proc/cgroups", "/proc/sys", "/proc/pressure",
}

// systemReadFiles are devices commands read; systemWriteFiles, devices they
// write.
var (
	systemReadFiles  = []string{"/dev/urandom", "/dev/random"}
	systemWriteFiles = []string{"/dev/null", "/dev/zero", "/dev/full"}
)

// etcSecrets are the files and directories of /etc that hold secrets
// rather than configuration: password hashes, sudo rules, private keys and
// credentials. Everything else in /etc is readable.
var etcSecrets = []string{
	"/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-", "/etc/security/opasswd",
	"/etc/sudoers", "/etc/sudoers.d", "/etc/doas.conf",
	"/etc/ssl/private", "/etc/pki/tls/private", "/etc/letsencrypt", "/etc/wireguard", "/etc/ipsec.secrets",
	"/etc/ppp/chap-secrets", "/etc/ppp/pap-secrets", "/etc/NetworkManager/system-connections",
	"/etc/krb5.keytab", "/etc/credstore", "/etc/credstore.encrypted",
}

// etcSecret tells whether path is one of etcSecrets, or an SSH host key.
func etcSecret(path string) bool {
	return slices.Contains(etcSecrets, path) ||
		strings.HasPrefix(path, "/etc/ssh/ssh_host_") && strings.HasSuffix(path, "_key")
}

// holdsSecret tells whether a directory of /etc holds a secret below it.
func holdsSecret(dir string) bool {
	if dir == "/etc/ssh" {
		return true
	}
	for _, s := range etcSecrets {
		if strings.HasPrefix(s, dir+"/") {
			return true
		}
	}
	return false
}

// etcEntries lists dir (/etc) without its secrets: a rule on a directory
// grants all below it, so the directories that hold a secret are listed
// in turn, down to the secret, which is left out.
func etcEntries(dir string) (dirs, files []string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil
	}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		if etcSecret(path) {
			continue
		}
		info, err := os.Stat(path) // through symlinks: Landlock does the same
		switch {
		case err != nil:
		case info.IsDir() && holdsSecret(path):
			d, f := etcEntries(path)
			dirs, files = append(dirs, d...), append(files, f...)
		case info.IsDir():
			dirs = append(dirs, path)
		default:
			files = append(files, path)
		}
	}
	return dirs, files
}

// splitByKind sorts existing paths into directories and files; those that
// do not exist are left out.
func splitByKind(paths []string) (dirs, files []string) {
	for _, p := range paths {
		info, err := os.Stat(p)
		switch {
		case err != nil:
		case info.IsDir():
			dirs = append(dirs, p)
		default:
			files = append(files, p)
		}
	}
	return dirs, files
}

// newPolicy is the part of every command's policy that does not change
// from one command to the next: all but the private temporary directory.
func newPolicy(c confinement, root string) sandboxPolicy {
	p := sandboxPolicy{UID: c.cfg.testUID}
	if c.limits.Processes > 0 && (!c.nprocExempt || p.UID != nil && *p.UID != 0) {
		p.Processes = c.limits.Processes
	}
	if c.limits.FileSize > 0 {
		p.FileSize = c.limits.FileSize
	}
	if !c.landlock {
		return p
	}
	p.Landlock = true
	p.ReadDirs, p.ReadFiles = splitByKind(slices.Concat(systemReadDirs, procFiles, c.cfg.read))
	d, f := etcEntries("/etc")
	p.ReadDirs, p.ReadFiles = append(p.ReadDirs, d...), append(p.ReadFiles, f...)
	f = slices.DeleteFunc(slices.Clone(systemReadFiles), func(p string) bool { _, err := os.Stat(p); return err != nil })
	p.ReadFiles = append(p.ReadFiles, f...)
	p.WriteDirs, p.WriteFiles = splitByKind(append([]string{root}, c.cfg.write...))
	f = slices.DeleteFunc(slices.Clone(systemWriteFiles), func(p string) bool { _, err := os.Stat(p); return err != nil })
	p.WriteFiles = append(p.WriteFiles, f...)
	p.Refer = c.abi >= abiRefer
	p.Network = !c.cfg.anyNetwork
	p.Connect = c.cfg.connect
	return p
}

// writeDirRights are the rights in the directories commands write to.
const writeDirRights = ll.AccessFSExecute | ll.AccessFSReadFile | ll.AccessFSReadDir |
	ll.AccessFSWriteFile | ll.AccessFSTruncate | ll.AccessFSRemoveDir | ll.AccessFSRemoveFile |
	ll.AccessFSMakeDir | ll.AccessFSMakeReg | ll.AccessFSMakeSym | ll.AccessFSMakeFifo | ll.AccessFSMakeSock

// rules are the Landlock configuration and rules of the policy.
func (p sandboxPolicy) rules() (landlock.Config, []landlock.Rule) {
	// V7 pins what is confined; a later ABI would confine more (UDP, unix
	// sockets by path) and break commands that work today.
	cfg := landlock.V7
	if !p.Network {
		cfg.HandledAccessNet = 0
	}
	var rules []landlock.Rule
	if len(p.ReadDirs) > 0 {
		rules = append(rules, landlock.RODirs(p.ReadDirs...).IgnoreIfMissing())
	}
	if len(p.ReadFiles) > 0 {
		rules = append(rules, landlock.ROFiles(p.ReadFiles...).IgnoreIfMissing())
	}
	if len(p.WriteDirs) > 0 {
		// Everything but making device nodes: a block device made in the
		// workspace (by root) would be the whole disk.
		rule := landlock.PathAccess(writeDirRights, p.WriteDirs...)
		if p.Refer {
			// Renames and links between directories of the workspace (git
			// moves objects so); the kernel still refuses them from or to a
			// directory without the right. ABI 1 knows no such right and
			// refuses them all.
			rule = rule.WithRefer()
		}
		rules = append(rules, rule.IgnoreIfMissing())
	}
	if len(p.WriteFiles) > 0 {
		rules = append(rules, landlock.RWFiles(p.WriteFiles...).IgnoreIfMissing())
	}
	if p.Network {
		for _, port := range p.Connect {
			rules = append(rules, landlock.ConnectTCP(port))
		}
	}
	return cfg.BestEffort(), rules
}

// runHelper is the helper process: it runs argv under the policy described
// by desc and returns the helper's exit code.
func runHelper(desc string, argv []string) int {
	// Not for the command to inherit (and write a status of its choosing).
	syscall.CloseOnExec(3)
	status := os.NewFile(3, "status")
	fail := func(err error) int {
		fmt.Fprintf(status, "error %s", err)
		return 126
	}
	var policy sandboxPolicy
	if err := json.Unmarshal([]byte(desc), &policy); err != nil {
		return fail(fmt.Errorf("bad policy: %w", err))
	}
	if id := policy.UID; id != nil {
		// The whole helper, as a program of that user's would be.
		if err := errors.Join(syscall.Setgroups(nil), syscall.Setgid(int(*id)), syscall.Setuid(int(*id))); err != nil {
			return fail(fmt.Errorf("becoming uid %d: %w", *id, err))
		}
	}
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		return fail(fmt.Errorf("prctl(PR_SET_CHILD_SUBREAPER): %w", err))
	}
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM)

	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	// Its own group, for the helper to kill without killing itself.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// Limits that bind the helper too, harmlessly: it writes to no file
	// and dumps no core. The process limit does not (startLimited).
	if err := unix.Setrlimit(unix.RLIMIT_CORE, &unix.Rlimit{}); err != nil {
		return fail(fmt.Errorf("setrlimit(RLIMIT_CORE): %w", err))
	}
	if policy.FileSize > 0 {
		if err := lowerLimit(0, unix.RLIMIT_FSIZE, uint64(policy.FileSize)); err != nil {
			return fail(fmt.Errorf("setrlimit(RLIMIT_FSIZE): %w", err))
		}
	}
	started := make(chan error)
	go func() {
		// Never unlocked: the thread ends with the goroutine, and its
		// ruleset with it.
		runtime.LockOSThread()
		started <- startConfined(cmd, policy)
	}()
	if err := <-started; err != nil {
		return fail(err)
	}
	waited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(waited) }()
	select {
	case <-waited:
	case <-term:
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-waited
	}
	killAdopted(cmd.Process.Pid)
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok {
		fmt.Fprintf(status, "status %d", uint32(ws))
	}
	return 0
}

// startConfined enforces the policy on the calling thread, which must be
// locked, and starts cmd from it.
func startConfined(cmd *exec.Cmd, policy sandboxPolicy) error {
	if policy.Landlock {
		cfg, rules := policy.rules()
		fd, flags, err := cfg.NewRulesetFD(rules...)
		if err != nil {
			return fmt.Errorf("landlock: %w", err)
		}
		if fd < 0 {
			return errors.New("landlock: nothing to enforce on this kernel")
		}
		defer syscall.Close(fd)
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			return fmt.Errorf("prctl(PR_SET_NO_NEW_PRIVS): %w", err)
		}
		if err := ll.LandlockRestrictSelf(fd, flags); err != nil {
			return fmt.Errorf("landlock_restrict_self: %w", err)
		}
	}
	if policy.Processes == 0 {
		return cmd.Start()
	}
	return startLimited(cmd, policy.Processes)
}

// startLimited starts cmd with a process limit of processes beyond those
// its user runs. The limit must not bind the helper, whose threads count
// as the user's processes (the Go runtime cannot do without a new thread
// it needs), so it cannot be set here before starting cmd; nor, without a
// race, on cmd once it runs. So cmd starts stopped, traced by this thread
// (PTRACE_TRACEME: it stops at its exec), gets its limit from outside
// (prlimit) and is let go. The calling thread must be locked: only it may
// detach.
func startLimited(cmd *exec.Cmd, processes int) error {
	cmd.SysProcAttr.Ptrace = true
	if err := cmd.Start(); err != nil {
		if errors.Is(err, syscall.EPERM) {
			// Yama's ptrace_scope 3, or a seccomp filter, refuses it.
			return fmt.Errorf("%w (the command starts traced, to get its process limit: the system may forbid ptrace; builtin.Limits with Processes: builtin.Unlimited does without)", err)
		}
		return err
	}
	pid := cmd.Process.Pid
	abort := func(err error) error {
		_ = syscall.Kill(pid, syscall.SIGKILL)
		_ = cmd.Wait()
		return err
	}
	var ws syscall.WaitStatus
	if _, err := syscall.Wait4(pid, &ws, 0, nil); err != nil {
		return abort(fmt.Errorf("waiting for the command to stop at its start: %w", err))
	}
	if !ws.Stopped() {
		return abort(fmt.Errorf("the command did not stop at its start (wait status %#x)", uint32(ws)))
	}
	n := uint64(userTasks(os.Getuid()) + processes)
	if err := lowerLimit(pid, unix.RLIMIT_NPROC, n); err != nil {
		return abort(fmt.Errorf("prlimit(RLIMIT_NPROC): %w", err))
	}
	// Detached without a signal: the SIGTRAP of its exec is dropped.
	if err := syscall.PtraceDetach(pid); err != nil {
		return abort(fmt.Errorf("ptrace(PTRACE_DETACH): %w", err))
	}
	return nil
}

// lowerLimit sets the soft and hard limits of resource of process pid (0:
// this one) to n, or leaves them lower when they are: only a privileged
// program may raise a hard limit.
func lowerLimit(pid, resource int, n uint64) error {
	var old unix.Rlimit
	if err := unix.Prlimit(pid, resource, nil, &old); err != nil {
		return err
	}
	lim := unix.Rlimit{Cur: min(n, old.Cur), Max: min(n, old.Max)}
	return unix.Prlimit(pid, resource, &lim, nil)
}

// userTasks counts the processes and threads of user uid, as the kernel
// counts them against RLIMIT_NPROC, nearly: from the owner and the link
// count of each /proc/PID/task (2 plus the threads), one stat a process
// rather than a read of its status. The owner is the effective user, and
// root for a process that made itself undumpable (an ssh-agent): those are
// left out, and the command gets that many processes fewer.
func userTasks(uid int) int {
	dir, err := os.Open("/proc")
	if err != nil {
		return 0
	}
	defer dir.Close()
	names, _ := dir.Readdirnames(-1)
	n := 0
	for _, name := range names {
		if name == "" || name[0] < '0' || name[0] > '9' {
			continue
		}
		var st syscall.Stat_t
		if syscall.Stat("/proc/"+name+"/task", &st) == nil && int(st.Uid) == uid && st.Nlink > 2 {
			n += int(st.Nlink) - 2
		}
	}
	return n
}

// privileged tells whether the kernel lets this program's processes
// exceed RLIMIT_NPROC (root, CAP_SYS_RESOURCE or CAP_SYS_ADMIN), and
// whether its commands may raise their limits (CAP_SYS_RESOURCE, which
// root's commands get back at exec from the bounding set).
func privileged() (nprocExempt, liftable bool) {
	caps := func(name string) uint64 { return 0 }
	if status, err := os.ReadFile("/proc/self/status"); err == nil {
		caps = func(name string) uint64 {
			for line := range strings.Lines(string(status)) {
				if value, ok := strings.CutPrefix(line, name+":"); ok {
					n, _ := strconv.ParseUint(strings.TrimSpace(value), 16, 64)
					return n
				}
			}
			return 0
		}
	}
	const resource, admin = 1 << unix.CAP_SYS_RESOURCE, 1 << unix.CAP_SYS_ADMIN
	root := os.Getuid() == 0
	eff := caps("CapEff")
	liftable = eff&resource != 0 || root && caps("CapBnd")&resource != 0
	return root || eff&(resource|admin) != 0, liftable
}

// killAdopted kills the shell's group, then every child of the helper
// (processes the command left behind, adopted since the helper is their
// subreaper) until none is left. A process being killed cannot fork, and
// its children are adopted before it can be waited for, so each round
// finds what the last one left.
func killAdopted(shell int) {
	_ = syscall.Kill(-shell, syscall.SIGKILL)
	self := os.Getpid()
	for {
		for _, pid := range childrenOf(self) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
		if _, err := syscall.Wait4(-1, nil, 0, nil); errors.Is(err, syscall.ECHILD) {
			return
		}
		// Reap what else is gone without waiting, then look again.
		for {
			if pid, err := syscall.Wait4(-1, nil, syscall.WNOHANG, nil); pid <= 0 || err != nil {
				break
			}
		}
	}
}

// childrenOf lists the processes whose parent is pid, from /proc.
func childrenOf(pid int) []int {
	dir, err := os.Open("/proc")
	if err != nil {
		return nil
	}
	defer dir.Close()
	names, _ := dir.Readdirnames(-1)
	var kids []int
	for _, name := range names {
		n, err := strconv.Atoi(name)
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + name + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		i := strings.LastIndexByte(string(stat), ')')
		if i < 0 {
			continue
		}
		fields := strings.Fields(string(stat[i+1:]))
		if len(fields) >= 2 && fields[1] == strconv.Itoa(pid) {
			kids = append(kids, n)
		}
	}
	return kids
}

// helperStatus reads what the helper wrote on its status pipe: the shell's
// wait status, or why the shell could not start.
func helperStatus(text string) (syscall.WaitStatus, error) {
	switch kind, rest, _ := strings.Cut(text, " "); kind {
	case "status":
		n, err := strconv.ParseUint(rest, 10, 32)
		if err != nil {
			return 0, fmt.Errorf("sandbox helper: bad status %q", text)
		}
		return syscall.WaitStatus(n), nil
	case "error":
		return 0, errors.New(rest)
	default:
		return 0, errors.New("the sandbox helper ended without a status")
	}
}

// supervised tells whether commands go through the helper: always, unless
// Unconfined. Without Landlock the helper still ends what a command leaves
// behind.
func (s *shell) supervised() bool { return !s.confine.cfg.unconfined }

// helperCommand prepares the helper that runs command, confined, with a
// private temporary directory, and reads the shell's status from it.
func (s *shell) helperCommand(ctx context.Context, command string, out *cappedWriter) (*shellRun, error) {
	run := &shellRun{}
	tmp, err := os.MkdirTemp("", "toolgen-run-")
	if err != nil {
		return run, fmt.Errorf("private temporary directory: %w", err)
	}
	run.cleanup = func() { _ = os.RemoveAll(tmp) }
	policy := s.policy
	if policy.Landlock {
		policy.WriteDirs = append(slices.Clip(policy.WriteDirs), tmp)
	}
	desc, err := json.Marshal(policy)
	if err != nil {
		return run, err
	}
	statusR, statusW, err := os.Pipe()
	if err != nil {
		return run, err
	}
	cmd := exec.CommandContext(ctx, helperExe)
	cmd.Args = []string{helperName, string(desc), "/bin/sh", "-c", command}
	cmd.Dir = s.root
	env := envList{}
	for _, kv := range s.env {
		k, v, _ := strings.Cut(kv, "=")
		env.set(k, v)
	}
	env.set("TMPDIR", tmp)
	cmd.Env = env.vars
	cmd.Stdout = out
	cmd.Stderr = out
	cmd.ExtraFiles = []*os.File{statusW}
	cmd.SysProcAttr = newGroup()
	cmd.Cancel = func() error {
		// The helper kills the shell and all it left, then exits; should it
		// not, WaitDelay kills it (and what it had not killed yet escapes).
		run.timedOut.Store(true)
		return cmd.Process.Signal(syscall.SIGTERM)
	}
	// Nothing but the helper's processes hold the output, and they are gone
	// when it exits: the delay only bounds its cleanup.
	cmd.WaitDelay = helperGrace
	run.cmd = cmd
	run.afterStart = func() { statusW.Close() }
	cleanup := run.cleanup
	run.cleanup = func() { statusR.Close(); cleanup() }
	run.exit = func() (string, int, error) {
		text, err := io.ReadAll(io.LimitReader(statusR, 4096))
		if err != nil {
			return "", -1, err
		}
		ws, err := helperStatus(string(text))
		if err != nil {
			return "", -1, err
		}
		code := ws.ExitStatus()
		if ws.Signaled() {
			code = -1
		}
		return waitText(ws), code, nil
	}
	return run, nil
}
