//go:build unix

package mcp

import "syscall"

// openFileLimit returns the process's soft limit on open descriptors, or 0
// when unknown.
func openFileLimit() uint64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0
	}
	return r.Cur
}
