package builtin

import (
	"path/filepath"
	"slices"
)

// RunAs makes commands run as uid: the program must be root. It lets the
// tests see the process limit enforced, which the kernel does not on
// root.
func RunAs(uid uint32) ShellOption {
	return func(c *shellConfig) error { c.sandbox.testUID = &uid; return nil }
}

// EtcReadable tells whether a confined command may read path, a file of
// /etc: the allow list grants it, or it leads (by symbolic links) into a
// directory commands read.
func EtcReadable(path string) bool {
	dirs, files := etcEntries("/etc")
	granted := func(p string) bool {
		return slices.Contains(files, p) || below(p, dirs) || below(p, systemReadDirs)
	}
	if granted(path) {
		return true
	}
	resolved, err := filepath.EvalSymlinks(path)
	return err == nil && granted(resolved)
}
