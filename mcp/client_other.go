//go:build !unix

package mcp

import "os/exec"

// ownProcessGroup does nothing where process groups are not available.
func ownProcessGroup(*exec.Cmd) {}

// killGroup kills cmd's process.
func killGroup(cmd *exec.Cmd) {
	if cmd == nil || cmd.Process == nil {
		return
	}
	_ = cmd.Process.Kill()
}
