package toolimpl

import (
	"context"
	"unsafe"

	"github.com/toolgen-dev/toolgen"
)

// Caller returns the Call of a tool whose function takes a context and a
// tabled struct and returns a tabled struct and an error: Dispatch with t
// and fn. Generated code uses it, instead of a dispatch function of the
// tool's own, for tools whose arguments and result have the layout of
// another tool's:
//
//	Call: toolimpl.Caller(&toolgenToolGetWeather, GetWeather),
//
// The compiler compiles a generic function once for all type arguments of
// one layout (their "GC shape"), so such tools share one dispatch function,
// as reflection-based registries such as go-sdk's AddTool share theirs; a
// tool of a layout of its own would cost more this way (the instantiation
// and its wrapper) than with a function of its own, so it keeps one.
//
// It is never inlined: an inlined copy would copy the closure into each
// caller, one function per tool again.
//
//go:noinline
func Caller[In, Out any](t *Tool, fn func(context.Context, In) (Out, error)) func(context.Context, []byte) (toolgen.Result, error) {
	return func(ctx context.Context, args []byte) (toolgen.Result, error) {
		var in In
		var out Out
		return Dispatch(ctx, args, t, unsafe.Pointer(&in), unsafe.Pointer(&out), func(ctx context.Context) (err error) {
			out, err = fn(ctx, in)
			return err
		})
	}
}

// CallerOK is Caller for a tool whose function returns only an error: its
// result is "ok".
//
//go:noinline
func CallerOK[In any](t *Tool, fn func(context.Context, In) error) func(context.Context, []byte) (toolgen.Result, error) {
	return func(ctx context.Context, args []byte) (toolgen.Result, error) {
		var in In
		return Dispatch(ctx, args, t, unsafe.Pointer(&in), nil, func(ctx context.Context) error {
			return fn(ctx, in)
		})
	}
}
