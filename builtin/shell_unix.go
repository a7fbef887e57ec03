//go:build unix

package builtin

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

func shellSupported() error { return nil }

// newGroup starts the shell in a new session: its own process group, so
// that killing the group reaches everything the command started, and no
// controlling terminal, so that a program that would prompt on /dev/tty
// (ssh, sudo) fails at once instead of stopping until the timeout.
func newGroup() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setsid: true}
}

// killGroup kills the process group led by pid. A group with no process
// left is not an error.
//
// Once the leader is reaped and the whole group gone, the kernel may give
// the number to a new process; that one would be hit only if it also led
// its own group, after pids wrapped around, within the moment between the
// exit and this call.
func killGroup(pid int) error {
	err := syscall.Kill(-pid, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return os.ErrProcessDone
	}
	return err
}

// exitText is the result's last line for a shell that exited by itself.
func exitText(ps *os.ProcessState) string {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok {
		return waitText(ws)
	}
	return fmt.Sprintf("[exit code %d]", ps.ExitCode())
}

// waitText is the result's last line for a shell that ended with ws.
func waitText(ws syscall.WaitStatus) string {
	if ws.Signaled() {
		return fmt.Sprintf("[killed by signal %s]", signalName(ws.Signal()))
	}
	return fmt.Sprintf("[exit code %d]", ws.ExitStatus())
}

// signalNames are the POSIX signals, by the names people know them by
// (syscall.Signal's String is a description: "killed").
var signalNames = map[syscall.Signal]string{
	syscall.SIGABRT: "SIGABRT", syscall.SIGALRM: "SIGALRM", syscall.SIGBUS: "SIGBUS",
	syscall.SIGFPE: "SIGFPE", syscall.SIGHUP: "SIGHUP", syscall.SIGILL: "SIGILL",
	syscall.SIGINT: "SIGINT", syscall.SIGKILL: "SIGKILL", syscall.SIGPIPE: "SIGPIPE",
	syscall.SIGQUIT: "SIGQUIT", syscall.SIGSEGV: "SIGSEGV", syscall.SIGSYS: "SIGSYS",
	syscall.SIGTERM: "SIGTERM", syscall.SIGTRAP: "SIGTRAP", syscall.SIGUSR1: "SIGUSR1",
	syscall.SIGUSR2: "SIGUSR2", syscall.SIGXCPU: "SIGXCPU", syscall.SIGXFSZ: "SIGXFSZ",
}

func signalName(sig syscall.Signal) string {
	if name, ok := signalNames[sig]; ok {
		return name
	}
	return fmt.Sprintf("%d (%s)", int(sig), sig)
}
