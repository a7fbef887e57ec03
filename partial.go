package toolgen

import (
	"context"
	"fmt"
)

// Partial streams a running tool's partial results, each a T: what it has
// so far (the rows read up to now, the text written so far), which a UI
// may show until the result replaces it. A generated tool receives one by
// declaring a toolgen.Partial[T] parameter, which toolgen hides from the
// input schema like a context.Context or a toolgen.Ctx; the generated
// dispatch makes it from the call's context and T's generated encoder, so
// Send writes JSON without reflection, and the tool's
// [Tool.PartialSchema] is the JSON Schema of what it sends.
//
// Each Send or Report goes to the receiver of the call's context (see
// [WithProgress]) on the goroutine that calls it, as [ReportProgress] does.
// When nobody listens, Active is false and Send encodes nothing: a tool
// may call Send as often as it likes, and skip building what it would send
// by asking Active first.
//
// The zero Partial listens to nobody.
type Partial[T any] struct {
	progress func(Progress)          // the call's context's receiver, or nil
	encode   func(T) ([]byte, error) // T's JSON; set whenever progress is
}

// NewPartial returns the Partial of a call whose context is ctx, writing
// each value sent with encode. Generated dispatch calls it with the
// encoder toolgen wrote for T; a test calling a tool function directly can
// pass one of its own, such as one calling json.Marshal. encode must not
// be nil.
func NewPartial[T any](ctx context.Context, encode func(T) ([]byte, error)) Partial[T] {
	if encode == nil {
		panic("toolgen: NewPartial needs an encoder")
	}
	receive := progressFrom(ctx)
	if receive == nil {
		return Partial[T]{}
	}
	return Partial[T]{progress: receive, encode: encode}
}

// Active reports whether anybody receives the call's progress; when
// nobody does, Send and Report do nothing.
func (p Partial[T]) Active() bool { return p.progress != nil }

// Send reports v as the tool's partial result (Progress.Partial, v's JSON).
// Each Send replaces what the previous one sent: send all there is so far,
// not what was added since. Its error is the encoder's (a NaN, a failing
// MarshalJSON), when nothing was reported; it is nil when nobody listens.
func (p Partial[T]) Send(v T) error { return p.SendWith(Progress{}, v) }

// SendWith reports r with v as its Partial: the tool's message, progress
// and partial result in one report. A Partial set in r is replaced.
func (p Partial[T]) SendWith(r Progress, v T) error {
	if p.progress == nil {
		return nil
	}
	data, err := p.encode(v)
	if err != nil {
		return fmt.Errorf("toolgen: writing a partial result: %w", err)
	}
	r.Partial = data
	p.progress(r)
	return nil
}

// Report reports r as it is, as Ctx.Report does: a message, how far the
// tool is, with no partial result (or one the tool wrote itself).
func (p Partial[T]) Report(r Progress) {
	if p.progress != nil {
		p.progress(r)
	}
}
