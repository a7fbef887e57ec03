//go:build !linux

package builtin

import (
	"io/fs"
	"os"
	"slices"
	"strings"
)

// readEntries reads the entries of a walk's directory, sorted by name.
func readEntries(_ *walkDir, r *os.Root) ([]fs.DirEntry, error) {
	d, err := r.Open(".")
	if err != nil {
		return nil, err
	}
	defer d.Close()
	entries, err := d.ReadDir(-1)
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, err
}
