// Package argrepair carries, in a context, a request that a generated
// tool repair the malformed arguments of one call, and the receiver of
// what it repaired. Package toolgen makes the request
// (toolgen.Tool.CallRepairing); the decoder of internal/wire, which cannot
// import toolgen, reads it.
package argrepair

import (
	"context"
	"unsafe"
)

type key struct{}

// request is for the call whose arguments are the len bytes at args: a
// context is handed on to whatever the tool calls, and a tool called from
// within it, with other arguments, must not take the request as its own.
type request struct {
	args   *byte
	len    int
	report func(note string)
}

// With returns a context asking the tool called with args, and only that
// call, to repair them and report its repairs to report.
func With(ctx context.Context, args []byte, report func(note string)) context.Context {
	return context.WithValue(ctx, key{}, &request{unsafe.SliceData(args), len(args), report})
}

// For returns the receiver of repairs that ctx asks of the call reading
// args (the very bytes), or nil: no repairs.
func For(ctx context.Context, args []byte) func(note string) {
	r, _ := ctx.Value(key{}).(*request)
	if r == nil || len(args) == 0 || r.args != unsafe.SliceData(args) || r.len != len(args) {
		return nil
	}
	return r.report
}
