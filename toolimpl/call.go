package toolimpl

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/panics"
)

// ToolFailed turns an error returned by a tool into its result. When ctx is
// done and the error is the context's, the call itself failed: it returns the
// context's error so that the caller stops; otherwise the error's text is a
// result the model sees.
func ToolFailed(ctx context.Context, err error) (toolgen.Result, error) {
	if cerr := ctx.Err(); cerr != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		return toolgen.Result{}, cerr
	}
	return toolgen.ErrorResult(err.Error()), nil
}

// Recover turns a panic in a tool into a failed result naming the tool.
// Generated dispatch defers it first thing:
//
//	defer toolimpl.Recover(ToolGetWeather, &res, &err)
func Recover(name toolgen.ToolName, res *toolgen.Result, err *error) {
	if p := recover(); p != nil {
		*res = toolgen.ErrorResult(fmt.Sprintf("tool %s failed: panic: %s", name, panics.Text(p)))
		*err = nil
	}
}

// Structured is the result holding the JSON e wrote (its capacity clipped,
// so appending to it never writes into shared memory), or a failed result
// naming e's first error.
func Structured(e *Encoder) toolgen.Result {
	out, err := e.Written()
	if err != nil {
		return toolgen.ErrorResult("could not encode the tool's result: " + err.Error())
	}
	return toolgen.Result{Structured: out}
}

// SortedKeys returns the keys of m in order, for writing maps
// deterministically.
func SortedKeys[K cmp.Ordered, V any](m map[K]V) []K {
	return slices.Sorted(maps.Keys(m))
}

// BadArgs is the result that tells a model why its arguments were refused:
//
//	if err := d.Close(); err != nil {
//		return toolimpl.BadArgs(err), nil
//	}
//
//go:noinline
func BadArgs(err error) toolgen.Result {
	return toolgen.ErrorResult(err.Error())
}
