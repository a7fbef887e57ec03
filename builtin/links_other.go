//go:build !unix

package builtin

import (
	"io/fs"
	"os"
)

// hardLinked cannot tell off Unix: the file tools rely on os.Root alone.
func hardLinked(fs.FileInfo) bool { return false }

// keepOwner does nothing off Unix.
func keepOwner(*os.File, fs.FileInfo) {}
