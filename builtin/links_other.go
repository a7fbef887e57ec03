//go:build !unix

package builtin

import "io/fs"

// hardLinked cannot tell off Unix: the file tools rely on os.Root alone.
func hardLinked(fs.FileInfo) bool { return false }
