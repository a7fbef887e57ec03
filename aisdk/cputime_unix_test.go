//go:build unix

package aisdk_test

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used (user and system): on a
// busy machine, a steadier measure than the time that passed.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
