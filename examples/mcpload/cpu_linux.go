package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// clockTick is the unit of /proc/PID/stat's times (USER_HZ, 100 on Linux).
const clockTick = 10 * time.Millisecond

// processCPU is pid's user and system CPU time, from /proc/PID/stat.
func processCPU(pid int) (time.Duration, error) {
	_, cpu, err := readStat(pid)
	return cpu, err
}

// childrenCPU is the CPU time of pid and of its children.
func childrenCPU(pid int) (time.Duration, error) {
	total, err := processCPU(pid)
	if err != nil {
		return 0, err
	}
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, s := range stats {
		child, err := strconv.Atoi(filepath.Base(filepath.Dir(s)))
		if err != nil {
			continue
		}
		if ppid, cpu, err := readStat(child); err == nil && ppid == pid {
			total += cpu
		}
	}
	return total, nil
}

// readStat reads a process's parent and CPU time (utime+stime).
func readStat(pid int) (ppid int, cpu time.Duration, err error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, err
	}
	// The command name, in parentheses, may hold spaces: the fields
	// after its closing parenthesis are state, ppid, ... utime (14th
	// field of the line), stime (15th).
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, 0, fmt.Errorf("/proc/%d/stat: unexpected %q", pid, b)
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 13 {
		return 0, 0, fmt.Errorf("/proc/%d/stat: unexpected %q", pid, b)
	}
	ppid, err1 := strconv.Atoi(string(f[1]))
	utime, err2 := strconv.ParseInt(string(f[11]), 10, 64)
	stime, err3 := strconv.ParseInt(string(f[12]), 10, 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return 0, 0, fmt.Errorf("/proc/%d/stat: unexpected %q", pid, b)
	}
	return ppid, time.Duration(utime+stime) * clockTick, nil
}
