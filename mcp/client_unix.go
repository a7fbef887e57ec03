//go:build unix

package mcp

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup starts cmd in a process group of its own, so that Close
// can end what it starts too (npx starts node, a shell starts its command).
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills what is left of cmd's process group.
func killGroup(cmd *exec.Cmd) {
	if cmd == nil || cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
