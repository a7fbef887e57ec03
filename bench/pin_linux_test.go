package bench

import (
	"fmt"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// cpusAllowed returns the CPUs this process may run on.
func cpusAllowed() ([]int, error) {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return nil, err
	}
	var cpus []int
	for i := range 1024 {
		if set.IsSet(i) {
			cpus = append(cpus, i)
		}
	}
	return cpus, nil
}

// pinProcess restricts every thread of this process to cpus, as taskset
// does for a whole process. Linux sets affinity per thread, and a new thread
// inherits its creator's, so once every thread is pinned, all are; the
// threads are listed twice in case one was started during the first pass.
func pinProcess(cpus ...int) error {
	var set unix.CPUSet
	for _, c := range cpus {
		set.Set(c)
	}
	for range 2 {
		tasks, err := os.ReadDir("/proc/self/task")
		if err != nil {
			return err
		}
		for _, task := range tasks {
			tid, err := strconv.Atoi(task.Name())
			if err != nil {
				continue
			}
			if err := unix.SchedSetaffinity(tid, &set); err != nil && err != unix.ESRCH {
				return fmt.Errorf("pinning thread %d to CPUs %v: %w", tid, cpus, err)
			}
		}
	}
	return nil
}
