package genfile

import "github.com/toolgen-dev/toolgen/internal/textdiff"

// Diff is the unified diff -check prints (see textdiff.Unified).
func Diff(fromName, toName, from, to string) string {
	return textdiff.Unified(fromName, toName, from, to)
}
