package analyze

import (
	"cmp"
	"fmt"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
)

// Error is a mistake in the user's source, at the place it was made.
type Error struct {
	Pos token.Position
	Msg string
}

func (e Error) Error() string { return fmt.Sprintf("%s: %s", e.Pos, e.Msg) }

// Errors are all the mistakes found, sorted by position.
type Errors []Error

func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Relative rewrites positions relative to dir (the working directory), as
// compilers print them, and sorts them.
func (es Errors) Relative(dir string) Errors {
	out := slices.Clone(es)
	for i := range out {
		if rel, err := filepath.Rel(dir, out[i].Pos.Filename); err == nil && !strings.HasPrefix(rel, "..") {
			out[i].Pos.Filename = rel
		}
	}
	sortErrors(out)
	return out
}

func sortErrors(es Errors) {
	slices.SortStableFunc(es, func(a, b Error) int {
		return cmp.Or(
			cmp.Compare(a.Pos.Filename, b.Pos.Filename),
			cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column),
		)
	})
}

// collector gathers errors as analysis goes on.
type collector struct {
	fset *token.FileSet
	errs Errors
}

func (c *collector) errorf(pos token.Pos, format string, args ...any) {
	c.errs = append(c.errs, Error{Pos: c.fset.Position(pos), Msg: fmt.Sprintf(format, args...)})
}

// errorAt records an error at a position already resolved (for places
// inside a comment).
func (c *collector) errorAt(pos token.Position, format string, args ...any) {
	c.errs = append(c.errs, Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}
