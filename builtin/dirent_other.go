//go:build !linux

package builtin

import (
	"io/fs"
	"os"
)

// readEntries reads the entries of a walk's directory, sorted by name.
func readEntries(_ *walkDir, r *os.Root) ([]fs.DirEntry, error) {
	return readDirSorted(r, ".")
}
