//go:build unix

package builtin

import (
	"io/fs"
	"syscall"
)

// hardLinked reports whether a file has other names (hard links), which may
// lie outside the workspace.
func hardLinked(info fs.FileInfo) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && st.Nlink > 1
}
