package builtin

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// run_command's confinement: what a command may reach, how it is set up
// and how it is reported. The mechanism is in sandbox_linux.go.

// Landlock ABI versions that bring each protection run_command uses.
const (
	abiFiles   = 1 // reading, writing and executing files, by path
	abiRefer   = 2 // links and renames across directories
	abiTrunc   = 3 // truncating files
	abiNetwork = 4 // TCP connect and bind
	abiScopes  = 6 // signals and abstract unix sockets outside the command
)

// landlockABI reports the Landlock ABI version the kernel supports, 0 when
// it has none. Tests replace it to simulate other kernels.
var landlockABI = probeLandlock

// sandboxConfig is what the options say of confinement.
type sandboxConfig struct {
	unconfined bool     // Unconfined
	read       []string // ReadPaths
	write      []string // WritePaths
	connect    []uint16 // AllowConnect
	anyNetwork bool     // AllowNetwork
	limits     ResourceLimits
	testUID    *uint32 // the user commands run as, when not the program's: tests only (RunAs)
}

// Unlimited, as a field of ResourceLimits, lifts that limit.
const Unlimited = -1

// Defaults of the resource limits of confined commands.
const (
	DefaultProcesses = 1024    // processes a command may add to the user's
	DefaultFileSize  = 1 << 30 // bytes: the largest file a command may write
)

// ResourceLimits bound what a confined command, and every process it
// starts, may use. A field left 0 takes its default; Unlimited lifts it.
// They are the kernel's resource limits (setrlimit), set on the command
// by the helper that confines it.
//
// Processes is how many processes (threads count as processes) the
// command may run beyond those its user already runs when it starts
// (DefaultProcesses): a fork bomb stops there (fork fails with "Resource
// temporarily unavailable", or the shell's "Cannot fork") instead of
// taking the machine's processes, until the timeout kills it all. The
// kernel counts every process of the user (RLIMIT_NPROC), so other
// programs of the same user that start meanwhile eat into it. It does not
// apply to root, nor to a program with CAP_SYS_RESOURCE or CAP_SYS_ADMIN:
// the kernel exempts them.
//
// FileSize is the largest file, in bytes, a command may write
// (DefaultFileSize; RLIMIT_FSIZE, root included): a write past it fails
// with "File too large", and the process gets SIGXFSZ, which kills it
// unless it ignores the signal.
//
// Core dumps are off (RLIMIT_CORE 0): a crashing command leaves no core
// file in the workspace.
//
// A program with CAP_SYS_RESOURCE (root, usually) cannot keep its
// commands from raising the limits again (ulimit): for it they bound
// accidents, not a hostile command. The tool's description says which
// limits hold.
type ResourceLimits struct {
	Processes int
	FileSize  int64
}

// Limits sets the resource limits of commands (see ResourceLimits): a
// field left 0 keeps its default, or what an earlier Limits set. A
// negative field other than Unlimited is an error. Commands run with
// Unconfined, or on a system without the helper, get no limits.
func Limits(l ResourceLimits) ShellOption {
	return func(c *shellConfig) error {
		var errs []error
		if l.Processes < Unlimited {
			errs = append(errs, fmt.Errorf("builtin.Limits: Processes %d: must be positive, 0 for the default or builtin.Unlimited", l.Processes))
		}
		if l.FileSize < Unlimited {
			errs = append(errs, fmt.Errorf("builtin.Limits: FileSize %d: must be positive, 0 for the default or builtin.Unlimited", l.FileSize))
		}
		if l.Processes != 0 {
			c.sandbox.limits.Processes = l.Processes
		}
		if l.FileSize != 0 {
			c.sandbox.limits.FileSize = l.FileSize
		}
		return errors.Join(errs...)
	}
}

// withDefaults is l with its zero fields set to their defaults.
func (l ResourceLimits) withDefaults() ResourceLimits {
	if l.Processes == 0 {
		l.Processes = DefaultProcesses
	}
	if l.FileSize == 0 {
		l.FileSize = DefaultFileSize
	}
	return l
}

// ReadPaths lets commands read (and execute) these files and directories,
// and everything below the directories, besides the workspace and the
// system directories. Paths must be absolute; a path that does not exist
// when ShellTool is called is left out.
func ReadPaths(paths ...string) ShellOption {
	return func(c *shellConfig) error {
		if err := absolutePaths("ReadPaths", paths); err != nil {
			return err
		}
		c.sandbox.read = append(c.sandbox.read, paths...)
		return nil
	}
}

// WritePaths lets commands read, write, create and remove these files and
// directories, and everything below the directories, besides the workspace
// and their private temporary directory: a build cache, for example
// builtin.WritePaths(os.Getenv("HOME")+"/.cache/go-build"). Paths must be
// absolute; a path that does not exist when ShellTool is called is left
// out.
func WritePaths(paths ...string) ShellOption {
	return func(c *shellConfig) error {
		if err := absolutePaths("WritePaths", paths); err != nil {
			return err
		}
		c.sandbox.write = append(c.sandbox.write, paths...)
		return nil
	}
}

func absolutePaths(option string, paths []string) error {
	var errs []error
	for _, p := range paths {
		if !filepath.IsAbs(p) || strings.ContainsRune(p, 0) {
			errs = append(errs, fmt.Errorf("builtin.%s: %q is not an absolute path", option, p))
		}
	}
	return errors.Join(errs...)
}

// AllowConnect lets commands open TCP connections to these ports (on any
// host). Without it, and without AllowNetwork, a confined command can
// neither connect to nor listen on any TCP port.
func AllowConnect(ports ...uint16) ShellOption {
	return func(c *shellConfig) error {
		var errs []error
		for _, p := range ports {
			if p == 0 {
				errs = append(errs, errors.New("builtin.AllowConnect(0): not a port"))
			}
		}
		c.sandbox.connect = append(c.sandbox.connect, ports...)
		return errors.Join(errs...)
	}
}

// AllowNetwork leaves TCP unconfined: commands may connect to any port and
// listen on any (a test suite that starts servers needs it). Files,
// signals and abstract sockets stay confined.
func AllowNetwork() ShellOption {
	return func(c *shellConfig) error { c.sandbox.anyNetwork = true; return nil }
}

// Unconfined runs commands as the process could run them itself, with no
// confinement by the kernel and nothing done about processes that leave
// the command's process group (setsid, daemons): the opt-out, for a
// command line people type themselves, or a container that is the
// boundary already.
func Unconfined() ShellOption {
	return func(c *shellConfig) error { c.sandbox.unconfined = true; return nil }
}

// RequireConfinement makes ShellTool fail, rather than run commands less
// confined than it says, when the kernel cannot enforce every protection:
// Landlock ABI 6 or later (Linux 6.12) is needed for files, network,
// signals and abstract sockets. Without it, ShellTool confines what the
// kernel allows and the tool's description says what that is.
func RequireConfinement() ShellOption {
	return func(c *shellConfig) error { c.require = true; return nil }
}

// confinement is what run_command enforces on this kernel with this
// configuration.
type confinement struct {
	abi         int  // the kernel's Landlock ABI version, 0 without Landlock
	landlock    bool // commands run under a Landlock ruleset
	cfg         sandboxConfig
	limits      ResourceLimits // with defaults; zero when commands are not supervised
	nprocExempt bool           // the kernel does not enforce the process limit on this program
	liftable    bool           // commands may raise their limits (CAP_SYS_RESOURCE)
}

// newConfinement checks the configuration against the kernel.
func newConfinement(c sandboxConfig, require bool) (confinement, error) {
	if c.unconfined {
		if require {
			return confinement{}, errors.New("builtin.RequireConfinement: contradicts builtin.Unconfined")
		}
		return confinement{cfg: c}, nil
	}
	abi := 0
	if helperSupported() {
		abi = landlockABI()
	}
	if require && abi < abiScopes {
		return confinement{}, fmt.Errorf("builtin.RequireConfinement: %s, and run_command needs ABI %d or later (Linux 6.12) to confine files, network, signals and abstract sockets", kernelLandlock(abi), abiScopes)
	}
	conf := confinement{abi: abi, landlock: abi >= abiFiles, cfg: c}
	if helperSupported() {
		conf.limits = c.limits.withDefaults()
		conf.nprocExempt, conf.liftable = privileged()
	}
	return conf, nil
}

// kernelLandlock says what Landlock this kernel has.
func kernelLandlock(abi int) string {
	if abi == 0 {
		return "this system has no Landlock (Linux 5.13 or later, with Landlock enabled)"
	}
	return fmt.Sprintf("this kernel's Landlock ABI is %d", abi)
}

// describe is the sentence of the tool's description that says which
// protections are in force, so that neither the model nor a person reading
// the tool list takes an unconfined shell for a sandbox.
func (c confinement) describe() string {
	if c.cfg.unconfined {
		return "Commands are not confined: they can read and write anything this program can, and reach the network."
	}
	if !c.landlock {
		return "Commands are NOT confined: " + kernelLandlock(c.abi) + ", so they can read and write anything this program can, and reach the network."
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Commands run confined by the kernel (Landlock ABI %d): they can write only in the working directory", c.abi)
	for _, p := range c.cfg.write {
		fmt.Fprintf(&b, ", in %s", p)
	}
	b.WriteString(" and in $TMPDIR (a private directory, removed after each command); read only there and in the system directories (/usr, /bin, /lib, /etc without its secrets, the system-wide files of /proc)")
	for _, p := range c.cfg.read {
		fmt.Fprintf(&b, ", %s", p)
	}
	if !c.grantsHome() {
		b.WriteString(", not in $HOME")
	}
	switch {
	case c.cfg.anyNetwork:
		b.WriteString("; TCP is allowed")
	case c.abi < abiNetwork:
		b.WriteString("; the network is NOT confined on this kernel")
	case len(c.cfg.connect) > 0:
		ports := slices.Clone(c.cfg.connect)
		slices.Sort(ports)
		fmt.Fprintf(&b, "; they can open TCP connections only to ports %s, and listen on none", joinPorts(slices.Compact(ports)))
	default:
		b.WriteString("; they can neither open nor accept TCP connections")
	}
	if c.abi >= abiScopes {
		b.WriteString("; they cannot signal processes or reach abstract sockets outside the command.")
	} else {
		b.WriteString("; signals and abstract sockets are NOT confined on this kernel.")
	}
	if c.abi < abiTrunc {
		b.WriteString(" Truncating or renaming files outside may not be prevented on this kernel.")
	}
	return b.String()
}

// describeLimits is the sentence of the tool's description that says what
// bounds a command's resources, "" when nothing does (Unconfined, or no
// helper on this system).
func (c confinement) describeLimits() string {
	l := c.limits
	if l == (ResourceLimits{}) {
		return ""
	}
	var parts []string
	switch {
	case l.Processes == Unlimited:
		parts = append(parts, "the number of processes is not limited")
	case c.nprocExempt:
		parts = append(parts, "the number of processes is NOT limited (this program runs as root or with CAP_SYS_RESOURCE or CAP_SYS_ADMIN, which the kernel exempts)")
	default:
		parts = append(parts, fmt.Sprintf("a command may start at most %d processes (fork then fails)", l.Processes))
	}
	if l.FileSize == Unlimited {
		parts = append(parts, "file sizes are not limited")
	} else {
		parts = append(parts, fmt.Sprintf("it may write files of at most %s (larger writes fail with \"File too large\")", byteSize(l.FileSize)))
	}
	text := "Limits: " + strings.Join(parts, "; ") + "; CPU and memory are bounded only by the timeout."
	if c.liftable {
		text += " Commands run with CAP_SYS_RESOURCE here, so they can raise these limits themselves (ulimit)."
	}
	return text
}

// byteSize writes n bytes in the largest binary unit that divides it.
func byteSize(n int64) string {
	for _, u := range []struct {
		name string
		size int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%d %s", n/u.size, u.name)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}

// grantsHome tells whether ReadPaths or WritePaths give any of $HOME.
func (c confinement) grantsHome() bool {
	home := os.Getenv("HOME")
	if home == "" {
		return true // nothing to say about it
	}
	for _, p := range slices.Concat(c.cfg.read, c.cfg.write) {
		if p == home || strings.HasPrefix(p, home+"/") || strings.HasPrefix(home, strings.TrimSuffix(p, "/")+"/") {
			return true
		}
	}
	return false
}

func joinPorts(ports []uint16) string {
	s := make([]string, len(ports))
	for i, p := range ports {
		s[i] = fmt.Sprint(p)
	}
	return strings.Join(s, ", ")
}
