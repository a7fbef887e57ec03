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
//  2. marks every descriptor above stderr close-on-exec (the program may
//     have left some open), and watches for the program's death: a pipe
//     whose write end only the program holds, and the parent-death signal;
//  3. sets the resource limits (they bind it too, harmlessly); then on one
//     OS thread, locked and never unlocked: gives the thread a mount
//     namespace with every mount read-only but the writable paths (when
//     the program may: root), sets no_new_privs, enforces the Landlock
//     ruleset, drops every capability, installs the network filter and
//     starts /bin/sh -c COMMAND from that thread: the shell and all it
//     starts inherit them, while the helper itself stays outside, so that
//     (Landlock ABI 6) the command can neither signal it nor read its /proc
//     files. With a process or memory limit, the shell starts stopped and
//     gets them before it runs (startLimited): the helper keeps neither, so
//     that it can still make the threads and mappings it needs once the
//     command used up its own;
//  4. waits for the shell, for SIGTERM from the program (its timeout or
//     cancellation), for the command's timeout, which it keeps itself, or
//     for the program's death; then kills the shell's process group and,
//     until it has no child left, every process it has adopted (a stopped
//     or traced one too), and writes the shell's wait status on file
//     descriptor 3 before it exits.
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
	"sync"
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
	// The network filter (sandbox_filter_linux.go), when Filter is set.
	Filter bool     `json:"filter,omitempty"`
	Net    netRules `json:"netrules"`
	// Every mount read-only but the writable paths (ReadOnly), in a mount
	// namespace of the command's own (sandbox_privileges_linux.go).
	ReadOnly bool `json:"ro,omitempty"`
	// Resource limits, 0 for none: processes beyond the user's, bytes,
	// seconds of CPU time, bytes of memory.
	Processes int   `json:"nproc,omitempty"`
	FileSize  int64 `json:"fsize,omitempty"`
	CPU       int64 `json:"cpu,omitempty"`
	Memory    int64 `json:"mem,omitempty"`
	// Per command: the program that started the helper, and how long the
	// command may run (ms), which the helper enforces itself.
	Parent  int   `json:"parent,omitempty"`
	Timeout int64 `json:"timeout,omitempty"`
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

// etcReadable are the files and directories of /etc that commands may
// read (a directory with all below it): what programs need to start and
// run, and nothing else, so that a credential dropped anywhere else in
// /etc (a package manager's auth file, a cluster's admin config, a VPN's
// keys) stays out of reach. Names may hold shell patterns.
var etcReadable = []string{
	// Users and names: who is who, how names resolve.
	"passwd", "group", "nsswitch.conf", "hosts", "host.conf", "resolv.conf", "gai.conf",
	"hostname", "networks", "protocols", "services", "rpc", "ethertypes",
	// The loader, time and language.
	"ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "timezone", "locale.alias", "locale.conf", "default/locale",
	// Which system this is.
	"os-release", "lsb-release", "debian_version", "alpine-release", "redhat-release", "system-release", "issue",
	// Certificates, and the crypto libraries' own settings.
	"ssl/certs", "ssl/openssl.cnf", "ca-certificates", "ca-certificates.conf", "pki/ca-trust", "pki/tls/certs",
	"pki/tls/openssl.cnf", "crypto-policies", "gnutls",
	// Programs' system-wide configuration and data.
	"alternatives", "java-*", "python3*", "perl", "mime.types", "magic", "magic.mime", "mailcap",
	"shells", "bash.bashrc", "inputrc", "terminfo", "fonts",
	"gitconfig", "vim", "vimrc", "nanorc", "manpath.config", "papersize", "xattr.conf", "ssh/ssh_config", "ssh/ssh_config.d",
}

// etcEntries lists what of dir (/etc) commands may read, split by kind.
func etcEntries(dir string) (dirs, files []string) {
	var paths []string
	for _, name := range etcReadable {
		matches, _ := filepath.Glob(filepath.Join(dir, name))
		paths = append(paths, matches...)
	}
	return splitByKind(paths)
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
	if c.limits.CPUTime > 0 {
		p.CPU = int64((c.limits.CPUTime + time.Second - 1) / time.Second)
	}
	if c.limits.Memory > 0 {
		p.Memory = c.limits.Memory
	}
	p.Filter = c.filter
	p.Net = c.netRules()
	if !c.landlock {
		return p
	}
	// A test's RunAs gives up root, and with it the mount namespace, as a
	// program of that user would run.
	p.ReadOnly = c.readOnly && p.UID == nil
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
	if c.cfg.dns {
		p.Connect = append(slices.Clip(p.Connect), 53)
	}
	return p
}

// netRules is what the network filter lets commands do.
func (c confinement) netRules() netRules {
	return netRules{TCP: len(c.cfg.connect) > 0 || c.cfg.dns, UDP: c.cfg.dns, Any: c.cfg.anyNetwork}
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

// Descriptors the program passes the helper, after stdin, stdout and
// stderr.
const (
	statusFD   = 3 // the helper writes the shell's status here
	lifelineFD = 4 // the read end of a pipe whose write end only the program holds
)

// parentDeathSignal is the signal the kernel sends the helper when the
// thread that started it ends (PR_SET_PDEATHSIG, set by os/exec): when the
// program dies, but also when that thread alone ends, which a Go program
// does when a goroutine locked to it returns. So on it the helper checks
// that its parent changed before it acts.
const parentDeathSignal = syscall.SIGHUP

// runHelper is the helper process: it runs argv under the policy described
// by desc and returns the helper's exit code.
func runHelper(desc string, argv []string) int {
	// No descriptor of the program's reaches the command, whatever it left
	// without close-on-exec: each one the helper got is closed at exec.
	closeAtExec()
	status := os.NewFile(statusFD, "status")
	fail := func(err error) int {
		fmt.Fprintf(status, "error %s", err)
		return 126
	}
	var policy sandboxPolicy
	if err := json.Unmarshal([]byte(desc), &policy); err != nil {
		return fail(fmt.Errorf("bad policy: %w", err))
	}
	orphaned := watchParent(policy.Parent)
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
	// Its own group, for the helper to kill without killing itself; and
	// killed should the helper be (an OOM kill), rather than left running
	// with nothing to keep its timeout.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := setLimits(policy); err != nil {
		return fail(err)
	}
	started := make(chan error)
	go func() {
		// Never unlocked: the thread ends with the goroutine, and its
		// ruleset, filter and mount namespace with it.
		runtime.LockOSThread()
		started <- startConfined(cmd, policy)
		// The thread that started the shell lives as long as the helper:
		// the shell's parent-death signal comes when that thread ends.
		select {}
	}()
	if err := <-started; err != nil {
		return fail(err)
	}
	// For the program to end the shell's group should the helper die.
	fmt.Fprintf(status, "pid %d\n", cmd.Process.Pid)
	waited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(waited) }()
	var deadline <-chan time.Time
	if policy.Timeout > 0 {
		deadline = time.After(time.Duration(policy.Timeout) * time.Millisecond)
	}
	kind := "status"
	select {
	case <-waited:
	case <-term:
	case <-orphaned:
	case <-deadline:
		kind = "timeout"
	}
	endTree(cmd.Process.Pid, waited)
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok {
		fmt.Fprintf(status, "%s %d", kind, uint32(ws))
	}
	return 0
}

// closeAtExec marks every descriptor above stderr close-on-exec.
func closeAtExec() {
	if unix.CloseRange(3, ^uint(0), unix.CLOSE_RANGE_CLOEXEC) == nil {
		return
	}
	// Before Linux 5.11: one by one.
	entries, _ := os.ReadDir("/proc/self/fd")
	for _, e := range entries {
		if fd, err := strconv.Atoi(e.Name()); err == nil && fd > 2 {
			syscall.CloseOnExec(fd)
		}
	}
}

// watchParent returns a channel closed when the program that started the
// helper (pid parent) is gone: its end of the lifeline pipe closed, which
// the kernel does whatever way the program ended, or the parent-death
// signal came and the helper's parent is no longer the program. It is
// closed at once when the program died before the helper got here.
func watchParent(parent int) <-chan struct{} {
	gone := make(chan struct{})
	var once sync.Once
	end := func() { once.Do(func() { close(gone) }) }
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, parentDeathSignal)
	if parent != 0 && os.Getppid() != parent {
		end()
	}
	go func() {
		lifeline := os.NewFile(lifelineFD, "lifeline")
		// Nothing is written on it: a read returns at end of file.
		_, _ = lifeline.Read(make([]byte, 1))
		end()
	}()
	go func() {
		for range hup {
			if os.Getppid() != parent {
				end()
				return
			}
		}
	}()
	return gone
}

// setLimits sets the resource limits of the policy on the helper, whose
// command inherits them; they bind the helper too, harmlessly: it dumps no
// core, writes no file, uses little CPU. The process and memory limits are
// the command's alone (startLimited).
func setLimits(policy sandboxPolicy) error {
	if err := unix.Setrlimit(unix.RLIMIT_CORE, &unix.Rlimit{}); err != nil {
		return fmt.Errorf("setrlimit(RLIMIT_CORE): %w", err)
	}
	for _, l := range []struct {
		name     string
		resource int
		value    int64
	}{
		{"RLIMIT_FSIZE", unix.RLIMIT_FSIZE, policy.FileSize},
		{"RLIMIT_CPU", unix.RLIMIT_CPU, policy.CPU},
	} {
		if l.value <= 0 {
			continue
		}
		soft, hard := uint64(l.value), uint64(l.value)
		if l.resource == unix.RLIMIT_CPU {
			hard++ // SIGXCPU at the soft limit, for a process to see; SIGKILL at the hard one
		}
		if err := setLimit(0, l.resource, soft, hard); err != nil {
			return fmt.Errorf("setrlimit(%s): %w", l.name, err)
		}
	}
	return nil
}

// endTree ends the command: its group, then every process the helper
// adopted, until the shell is reaped (waited closed) and no child is left.
// A stopped or traced process does not hold it up: SIGKILL ends them, and
// a tracer that left the group is adopted, and killed, once the shell it
// traces is dead.
func endTree(shell int, waited <-chan struct{}) {
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-waited:
			killAdopted(shell)
			return
		default:
		}
		_ = syscall.Kill(-shell, syscall.SIGKILL)
		for _, pid := range childrenOf(os.Getpid()) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
		select {
		case <-waited:
		case <-tick.C:
		}
	}
}

// startConfined confines the calling thread, which must be locked, and
// starts cmd from it: the mount namespace first (it needs the
// capabilities), then no privileges, Landlock and the network filter.
func startConfined(cmd *exec.Cmd, policy sandboxPolicy) error {
	if policy.ReadOnly {
		writable := slices.Concat(policy.WriteDirs, slices.DeleteFunc(slices.Clone(policy.WriteFiles), func(p string) bool { return strings.HasPrefix(p, "/dev/") }))
		if err := readOnlyOutside(writable); err != nil {
			return fmt.Errorf("mount namespace: %w", err)
		}
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("prctl(PR_SET_NO_NEW_PRIVS): %w", err)
	}
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
		if err := ll.LandlockRestrictSelf(fd, flags); err != nil {
			return fmt.Errorf("landlock_restrict_self: %w", err)
		}
	}
	if policy.Processes == 0 && policy.Memory == 0 {
		if err := dropAndFilter(policy); err != nil {
			return err
		}
		return cmd.Start()
	}
	return startLimited(cmd, policy)
}

// dropAndFilter drops the thread's capabilities and installs the network
// filter: last before the command starts, as they take from the helper
// what it needs to set the rest up.
func dropAndFilter(policy sandboxPolicy) error {
	if err := dropCapabilities(); err != nil {
		return err
	}
	if policy.Filter {
		return installFilter(policy.Net)
	}
	return nil
}

// startLimited starts cmd with the limits that must not bind the helper:
// a process limit of policy.Processes beyond those its user runs (the
// helper's threads count as the user's processes, and the Go runtime
// cannot do without a new thread it needs), and the memory limit (a Go
// program, the helper among them, maps tens of MiB of its runtime's
// tables before main runs, and a race-enabled one far more). So they
// cannot be set here before starting cmd; nor, without a race, on cmd
// once it runs (what it forks first would escape them). So cmd starts
// stopped, traced by this thread (PTRACE_TRACEME: it stops at its exec),
// gets its limits from outside (prlimit) and is let go. The calling thread
// must be locked: only it may detach.
func startLimited(cmd *exec.Cmd, policy sandboxPolicy) error {
	if err := dropAndFilter(policy); err != nil {
		return err
	}
	cmd.SysProcAttr.Ptrace = true
	if err := cmd.Start(); err != nil {
		if errors.Is(err, syscall.EPERM) {
			// Yama's ptrace_scope 3, or a seccomp filter, refuses it.
			return fmt.Errorf("%w (the command starts traced, to get its process and memory limits: the system may forbid ptrace; builtin.Limits with Processes and Memory builtin.Unlimited does without)", err)
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
	if policy.Processes > 0 {
		n := uint64(userTasks(os.Getuid()) + policy.Processes)
		if err := lowerLimit(pid, unix.RLIMIT_NPROC, n); err != nil {
			return abort(fmt.Errorf("prlimit(RLIMIT_NPROC): %w", err))
		}
	}
	if policy.Memory > 0 {
		if err := lowerLimit(pid, unix.RLIMIT_DATA, uint64(policy.Memory)); err != nil {
			return abort(fmt.Errorf("prlimit(RLIMIT_DATA): %w", err))
		}
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
	return setLimit(pid, resource, n, n)
}

// setLimit sets the soft and hard limits of resource of process pid (0:
// this one), or leaves each lower when it is.
func setLimit(pid, resource int, soft, hard uint64) error {
	var old unix.Rlimit
	if err := unix.Prlimit(pid, resource, nil, &old); err != nil {
		return err
	}
	lim := unix.Rlimit{Cur: min(soft, old.Cur), Max: min(hard, old.Max)}
	lim.Cur = min(lim.Cur, lim.Max)
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

// physicalMemory is the machine's memory in bytes.
func physicalMemory() int64 {
	var info unix.Sysinfo_t
	if unix.Sysinfo(&info) != nil {
		return 0
	}
	return int64(info.Totalram) * int64(info.Unit)
}

// killAdopted kills the shell's group, then every child of the helper
// (processes the command left behind, adopted since the helper is their
// subreaper) until none is left. A process being killed cannot fork, and
// its children are adopted before it can be waited for, so each round
// finds what the last one left.
func killAdopted(shell int) {
	_ = syscall.Kill(-shell, syscall.SIGKILL)
	// A helper with no child has no descendant left: the usual end of a
	// command, told without reading /proc.
	if _, err := syscall.Wait4(-1, nil, syscall.WNOHANG, nil); errors.Is(err, syscall.ECHILD) {
		return
	}
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

// shellPid splits the line the helper writes once the shell started, "pid
// N", from what it wrote after.
func shellPid(text string) (int, string) {
	line, rest, ok := strings.Cut(text, "\n")
	n, found := strings.CutPrefix(line, "pid ")
	if !ok || !found {
		return 0, text
	}
	pid, _ := strconv.Atoi(n)
	return pid, rest
}

// helperStatus reads what the helper wrote on its status pipe: the shell's
// wait status and whether the helper ended it at its timeout, or why the
// shell could not start.
func helperStatus(text string) (ws syscall.WaitStatus, timedOut bool, err error) {
	switch kind, rest, _ := strings.Cut(text, " "); kind {
	case "status", "timeout":
		n, err := strconv.ParseUint(rest, 10, 32)
		if err != nil {
			return 0, false, fmt.Errorf("sandbox helper: bad status %q", text)
		}
		return syscall.WaitStatus(n), kind == "timeout", nil
	case "error":
		return 0, false, errors.New(rest)
	default:
		return 0, false, errors.New("the sandbox helper ended without a status")
	}
}

// supervised tells whether commands go through the helper: always, unless
// Unconfined. Without Landlock the helper still ends what a command leaves
// behind.
func (s *shell) supervised() bool { return !s.confine.cfg.unconfined }

// helperCommand prepares the helper that runs command, confined, for at
// most limit, with a private temporary directory, and reads the shell's
// status from it.
func (s *shell) helperCommand(ctx context.Context, command string, limit time.Duration, out *cappedWriter) (*shellRun, error) {
	run := &shellRun{}
	tmp, err := os.MkdirTemp("", "toolgen-run-")
	if err != nil {
		return run, fmt.Errorf("private temporary directory: %w", err)
	}
	var closers []io.Closer
	run.cleanup = func() {
		for _, c := range closers {
			_ = c.Close()
		}
		_ = os.RemoveAll(tmp)
	}
	policy := s.policy
	if policy.Landlock {
		policy.WriteDirs = append(slices.Clip(policy.WriteDirs), tmp)
	}
	// The helper ends the command at its timeout itself, and when this
	// program is gone: nothing outlives its caller.
	policy.Parent = os.Getpid()
	policy.Timeout = max(1, limit.Milliseconds())
	desc, err := json.Marshal(policy)
	if err != nil {
		return run, err
	}
	statusR, statusW, err := os.Pipe()
	if err != nil {
		return run, err
	}
	closers = append(closers, statusR)
	// The lifeline: the helper reads its end until this program's end
	// closes, which the kernel does when the program exits, however.
	lifeR, lifeW, err := os.Pipe()
	if err != nil {
		statusW.Close()
		return run, err
	}
	closers = append(closers, lifeW)
	cmd := exec.CommandContext(ctx, helperExe)
	cmd.Args = []string{helperName, string(desc), "/bin/sh", "-c", command}
	cmd.Dir = s.root
	cmd.Env = s.envWithTmp(tmp)
	cmd.Stdout = out
	cmd.Stderr = out
	cmd.ExtraFiles = []*os.File{statusW, lifeR} // statusFD, lifelineFD
	cmd.SysProcAttr = newGroup()
	cmd.SysProcAttr.Pdeathsig = parentDeathSignal
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
	// The status is read as it comes, so that a helper that dies (killed)
	// has its shell's group ended at once, not once the output's pipe
	// closes: what holds it open is that group.
	status := make(chan helperOutcome, 1)
	run.afterStart = func() {
		statusW.Close()
		lifeR.Close()
		go func() { status <- readHelperStatus(statusR) }()
	}
	run.exit = func() (string, int, error) {
		o := <-status
		if o.timedOut {
			run.timedOut.Store(true)
		}
		return o.last, o.code, o.err
	}
	return run, nil
}

// envWithTmp is the commands' environment with TMPDIR set to tmp.
func (s *shell) envWithTmp(tmp string) []string {
	env := envList{}
	for _, kv := range s.env {
		k, v, _ := strings.Cut(kv, "=")
		env.set(k, v)
	}
	env.set("TMPDIR", tmp)
	return env.vars
}

// helperOutcome is what the helper said of its command: the result's last
// line and the exit code (-1: killed), or why it could not say; and
// whether it ended the command at its timeout.
type helperOutcome struct {
	last     string
	code     int
	timedOut bool
	err      error
}

// readHelperStatus reads the helper's status pipe to its end, which comes
// when the helper exits, however. A helper that died after starting its
// shell, without a status, was killed: the shell's group is ended here.
func readHelperStatus(statusR io.Reader) helperOutcome {
	text, err := io.ReadAll(io.LimitReader(statusR, 4096))
	if err != nil {
		return helperOutcome{code: -1, err: err}
	}
	shell, rest := shellPid(string(text))
	ws, timedOut, err := helperStatus(rest)
	if err != nil {
		if shell > 0 {
			// The shell has its parent-death signal; what it started in
			// its group goes now.
			_ = killGroup(shell)
		}
		return helperOutcome{code: -1, err: err}
	}
	code := ws.ExitStatus()
	if ws.Signaled() {
		code = -1
	}
	return helperOutcome{last: waitText(ws), code: code, timedOut: timedOut}
}
