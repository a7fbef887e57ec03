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
	abi      int  // the kernel's Landlock ABI version, 0 without Landlock
	landlock bool // commands run under a Landlock ruleset
	cfg      sandboxConfig
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
	return confinement{abi: abi, landlock: abi >= abiFiles, cfg: c}, nil
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
