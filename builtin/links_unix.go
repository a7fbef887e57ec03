//go:build unix

package builtin

import (
	"io/fs"
	"os"
	"syscall"
)

// hardLinked reports whether a file has other names (hard links), which may
// lie outside the workspace.
func hardLinked(info fs.FileInfo) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && st.Nlink > 1
}

// keepOwner gives a new file the owner and group of the file it replaces,
// when the process may (a privileged process may; others own what they
// write, as with any editor).
func keepOwner(f *os.File, old fs.FileInfo) {
	st, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	info, err := f.Stat()
	if err != nil {
		return
	}
	if now, ok := info.Sys().(*syscall.Stat_t); ok && (now.Uid != st.Uid || now.Gid != st.Gid) {
		f.Chown(int(st.Uid), int(st.Gid)) // a failure leaves the writer's
	}
}
