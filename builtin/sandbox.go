package builtin

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
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

// sandboxConfig is what the options say of confinement.
type sandboxConfig struct {
	unconfined bool     // Unconfined
	read       []string // ReadPaths
	write      []string // WritePaths
	connect    []uint16 // AllowConnect
	dns        bool     // AllowDNS
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
// CPUTime is the most CPU time each process of a command may use
// (RLIMIT_CPU, rounded up to whole seconds): past it the process gets
// SIGXCPU, and SIGKILL a second later. It bounds a process that spins
// even when nobody is left to end it at its timeout. The default is the
// configured Timeout times the number of CPUs: no process that ends within
// its timeout can reach it. Each process has its own count; the timeout
// bounds the whole.
//
// Memory is the most memory each process of a command may allocate
// (RLIMIT_DATA: its heap and private mappings; DefaultMemory, half the
// machine's memory): past it allocations fail, and most programs exit
// with "out of memory". Go and Java programs run under it as usual (their
// reservations of address space do not count; a JVM with its default heap
// wants 512 MiB). It is at least 256 MiB. The command as a whole, many
// processes together, is bounded only by the process limit times this, and
// shared mappings (MAP_SHARED, memfd) do not count: no cgroup is made for
// it. Like the process limit, it is set on the command
// as it starts, stopped under ptrace: a system that forbids ptrace needs
// both Unlimited.
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
	CPUTime   time.Duration
	Memory    int64
}

// minMemory is the least Memory a command may be given: a Go program maps
// tens of MiB of its runtime's tables before main runs.
const minMemory = 256 << 20

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
		if l.CPUTime < Unlimited {
			errs = append(errs, fmt.Errorf("builtin.Limits: CPUTime %v: must be positive, 0 for the default or builtin.Unlimited", l.CPUTime))
		}
		if l.Memory < Unlimited || l.Memory > 0 && l.Memory < minMemory {
			errs = append(errs, fmt.Errorf("builtin.Limits: Memory %d: must be at least 256 MiB, 0 for the default or builtin.Unlimited", l.Memory))
		}
		if l.Processes != 0 {
			c.sandbox.limits.Processes = l.Processes
		}
		if l.FileSize != 0 {
			c.sandbox.limits.FileSize = l.FileSize
		}
		if l.CPUTime != 0 {
			c.sandbox.limits.CPUTime = l.CPUTime
		}
		if l.Memory != 0 {
			c.sandbox.limits.Memory = l.Memory
		}
		return errors.Join(errs...)
	}
}

// withDefaults is l with its zero fields set to their defaults, for
// commands that run for at most timeout.
func (l ResourceLimits) withDefaults(timeout time.Duration) ResourceLimits {
	if l.Processes == 0 {
		l.Processes = DefaultProcesses
	}
	if l.FileSize == 0 {
		l.FileSize = DefaultFileSize
	}
	if l.CPUTime == 0 {
		l.CPUTime = timeout * time.Duration(runtime.NumCPU())
	}
	if l.Memory == 0 {
		l.Memory = DefaultMemory()
	}
	return l
}

// DefaultMemory is the Memory of ResourceLimits when none is given: half
// the machine's memory (0 where it cannot be known: no limit).
func DefaultMemory() int64 { return physicalMemory() / 2 &^ (1<<20 - 1) }

// ReadPaths lets commands read (and execute) these files and directories,
// and everything below the directories, besides the workspace and the
// system directories. Paths must be absolute; a path that does not exist
// when ShellTool is called is left out.
func ReadPaths(paths ...string) ShellOption {
	return func(c *shellConfig) error { return addAbsolute(&c.sandbox.read, "ReadPaths", paths) }
}

// WritePaths lets commands read, write, create and remove these files and
// directories, and everything below the directories, besides the workspace
// and their private temporary directory: a build cache, for example
// builtin.WritePaths(os.Getenv("HOME")+"/.cache/go-build"). Paths must be
// absolute; a path that does not exist when ShellTool is called is left
// out.
func WritePaths(paths ...string) ShellOption {
	return func(c *shellConfig) error { return addAbsolute(&c.sandbox.write, "WritePaths", paths) }
}

// addAbsolute appends paths to *dst, or says which of them option was
// given that are not absolute.
func addAbsolute(dst *[]string, option string, paths []string) error {
	var errs []error
	for _, p := range paths {
		if !filepath.IsAbs(p) || strings.ContainsRune(p, 0) {
			errs = append(errs, fmt.Errorf("builtin.%s: %q is not an absolute path", option, p))
		}
	}
	if len(errs) == 0 {
		*dst = append(*dst, paths...)
	}
	return errors.Join(errs...)
}

// AllowConnect lets commands open TCP connections to these ports (on any
// host), and nothing else: no other socket, no listening. Without it,
// AllowDNS and AllowNetwork, a confined command has no network at all.
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

// AllowDNS lets commands resolve names: it allows UDP sockets and TCP
// connections to port 53. What it lets out: a datagram to any address and
// port (the filter that refuses sockets sees their family and protocol,
// not where they send), so a command can send what it read to any UDP
// service it can reach, and through any DNS resolver to a domain's
// servers, in the names it looks up; and it can bind a UDP port and
// receive there. Give it only to commands that need names and are trusted
// with that.
func AllowDNS() ShellOption {
	return func(c *shellConfig) error { c.sandbox.dns = true; return nil }
}

// AllowNetwork leaves the network unconfined: commands may make sockets
// of any kind (unix sockets by path too, a docker.sock among them),
// connect to any port and listen on any (a test suite that starts servers
// needs it). Files, signals and abstract sockets stay confined.
func AllowNetwork() ShellOption {
	return func(c *shellConfig) error { c.sandbox.anyNetwork = true; return nil }
}

// Unconfined runs commands as the process could run them itself, with no
// confinement by the kernel, no resource limits, and nothing done about
// processes that leave the command's process group (setsid, daemons), nor
// about a command whose program dies (no helper watches it): the opt-out,
// for a command line people type themselves, or a container that is the
// boundary already.
func Unconfined() ShellOption {
	return func(c *shellConfig) error { c.sandbox.unconfined = true; return nil }
}

// RequireConfinement makes ShellTool fail, rather than run commands less
// confined than it says, when the system cannot enforce every protection:
// Landlock ABI 6 or later (Linux 6.12) for files, TCP, signals and
// abstract sockets; seccomp filters (on amd64 or arm64) for every other
// socket; and, for a program run as root, a mount namespace (root's
// CAP_SYS_ADMIN) to keep the metadata of files outside unchanged. Without
// them, ShellTool confines what the system allows and the tool's
// description says what that is.
func RequireConfinement() ShellOption {
	return func(c *shellConfig) error { c.require = true; return nil }
}

// What the system offers run_command, asked once per ShellTool; tests
// replace them to simulate other systems.
var (
	landlockABI     = probeLandlock         // the Landlock ABI version, 0 without Landlock
	seccompFilters  = probeFilter           // seccomp filters work, for this architecture
	mountNamespaces = canMakeMountNamespace // this program may give a command a mount namespace
)

// confinement is what run_command enforces on this kernel with this
// configuration.
type confinement struct {
	abi         int  // the kernel's Landlock ABI version, 0 without Landlock
	landlock    bool // commands run under a Landlock ruleset
	filter      bool // commands run under the network filter
	readOnly    bool // every mount outside the writable paths is read-only for commands
	root        bool // the program runs as root
	cfg         sandboxConfig
	limits      ResourceLimits // with defaults; zero when commands are not supervised
	nprocExempt bool           // the kernel does not enforce the process limit on this program
}

// newConfinement checks the configuration against the system, for
// commands that run for at most timeout.
func newConfinement(c sandboxConfig, require bool, timeout time.Duration) (confinement, error) {
	if c.unconfined {
		if require {
			return confinement{}, errors.New("builtin.RequireConfinement: contradicts builtin.Unconfined")
		}
		return confinement{cfg: c}, nil
	}
	conf := confinement{cfg: c, root: os.Getuid() == 0}
	if helperSupported() {
		conf.abi = landlockABI()
		conf.landlock = conf.abi >= abiFiles
		conf.filter = seccompFilters()
		conf.readOnly = conf.landlock && mountNamespaces()
		conf.limits = c.limits.withDefaults(timeout)
		conf.nprocExempt = conf.root
	}
	if require {
		if err := conf.missing(); err != nil {
			return confinement{}, err
		}
	}
	return conf, nil
}

// missing says what of the full confinement this system cannot enforce.
func (c confinement) missing() error {
	var errs []error
	if c.abi < abiScopes {
		errs = append(errs, fmt.Errorf("builtin.RequireConfinement: %s, and run_command needs ABI %d or later (Linux 6.12) to confine files, network, signals and abstract sockets", kernelLandlock(c.abi), abiScopes))
	}
	if !c.filter {
		errs = append(errs, errors.New("builtin.RequireConfinement: this system takes no seccomp filter run_command knows how to write (Linux on amd64 or arm64), and it needs one to refuse sockets other than TCP"))
	}
	if c.root && c.landlock && !c.readOnly {
		errs = append(errs, errors.New("builtin.RequireConfinement: this program runs as root without CAP_SYS_ADMIN, so commands cannot get a mount namespace in which files outside keep their owner, mode and times"))
	}
	return errors.Join(errs...)
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
	b.WriteString(" and in $TMPDIR (a private directory, removed after each command); read only there and in the system directories (/usr, /bin, /lib, the system's configuration in /etc, the system-wide files of /proc)")
	for _, p := range c.cfg.read {
		fmt.Fprintf(&b, ", %s", p)
	}
	if !c.grantsHome() {
		b.WriteString(", not in $HOME")
	}
	b.WriteString("; " + c.describeNetwork())
	if c.abi >= abiScopes {
		b.WriteString("; they cannot signal processes or reach abstract sockets outside the command")
	} else {
		b.WriteString("; signals and abstract sockets are NOT confined on this kernel")
	}
	b.WriteString("; " + c.describePrivileges() + ".")
	if c.abi < abiTrunc {
		b.WriteString(" Truncating or renaming files outside may not be prevented on this kernel.")
	}
	return b.String()
}

// describeNetwork says what of the network commands reach.
func (c confinement) describeNetwork() string {
	ports := slices.Clone(c.cfg.connect)
	slices.Sort(ports)
	ports = slices.Compact(ports)
	switch {
	case c.cfg.anyNetwork:
		return "the network is open to them"
	case !c.filter && c.abi < abiNetwork:
		return "the network is NOT confined on this system"
	case !c.filter:
		tcp := "they can neither open nor accept TCP connections"
		if len(ports) > 0 {
			tcp = fmt.Sprintf("they can open TCP connections only to ports %s, and listen on none", joinPorts(ports))
		}
		return tcp + ", but other sockets (UDP, unix sockets by path) are NOT confined on this system"
	}
	var text string
	switch {
	case c.abi < abiNetwork && (len(ports) > 0 || c.cfg.dns):
		text = "they can open TCP connections to any port (this kernel's Landlock cannot confine where), and listen on none; no other socket"
	case len(ports) > 0:
		text = fmt.Sprintf("they can open TCP connections only to ports %s, and listen on none; no other socket", joinPorts(ports))
	default:
		text = "they have no network: no socket of any kind (TCP, UDP, raw, unix sockets by path...)"
	}
	if c.cfg.dns {
		text += " but UDP, for DNS (datagrams to any address), and TCP to port 53"
	}
	return text + ", only unix socket pairs"
}

// describePrivileges says what commands keep of the program's privileges.
func (c confinement) describePrivileges() string {
	switch {
	case c.readOnly:
		return "they keep no privilege (no capability, no set-user-ID), and every mount but the directories they write to is read-only for them, so they cannot change the mode, owner or times of files outside"
	case c.root:
		return "they keep no capability, but run as root without a mount namespace of their own (no CAP_SYS_ADMIN): they CAN change the mode and times of root's files outside the directories they write to"
	default:
		return "they keep no privilege (no capability, no set-user-ID), but can change the mode and times of their user's own files outside the directories they write to (this program may not make a mount namespace)"
	}
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
		parts = append(parts, "the number of processes is NOT limited (this program runs as root, which the kernel exempts)")
	default:
		parts = append(parts, fmt.Sprintf("a command may start at most %d processes (fork then fails)", l.Processes))
	}
	if l.FileSize == Unlimited {
		parts = append(parts, "file sizes are not limited")
	} else {
		parts = append(parts, fmt.Sprintf("it may write files of at most %s (larger writes fail with \"File too large\")", byteSize(l.FileSize)))
	}
	if l.CPUTime == Unlimited {
		parts = append(parts, "CPU time is not limited")
	} else if l.CPUTime > 0 {
		parts = append(parts, fmt.Sprintf("each process may use %s of CPU time", l.CPUTime.Round(time.Second)))
	}
	if l.Memory == Unlimited {
		parts = append(parts, "memory is not limited")
	} else if l.Memory > 0 {
		parts = append(parts, fmt.Sprintf("each process may allocate %s of memory (more fails)", byteSize(l.Memory)))
	}
	return "Limits: " + strings.Join(parts, "; ") + "."
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
