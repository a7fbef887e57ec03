package toolimpl

import "sync"

// Partial results (toolgen.Partial[T]) are written by a generated
// function per tool:
//
//	func toolgenSendSearch(v Page) ([]byte, error) {
//		e := toolimpl.PartialEncoder()
//		toolgenEncodePage(e, &v)
//		return toolimpl.PartialWritten(e)
//	}
//
// Unlike a result, which is written into the memory its decoder left
// spare, a partial result has no memory of its own to go in, and its
// receiver may keep each one. Growing a fresh buffer from nothing took
// three allocations and 1.6 KiB for a page of 20 rows (encoding/json: two,
// 608 B); writing into a pooled buffer and copying out what was written
// takes one allocation of the exact size (576 B).

// partialBufferMax is the largest buffer the pool keeps: a tool that sent
// one huge partial result does not leave that much memory held for good.
const partialBufferMax = 64 << 10

var partialEncoders = sync.Pool{New: func() any { return new(Encoder) }}

// PartialEncoder returns an Encoder, from a pool, for writing one partial
// result; PartialWritten gives it back.
func PartialEncoder() *Encoder {
	e := partialEncoders.Get().(*Encoder)
	e.Reset(e.buf[:0])
	return e
}

// PartialWritten returns a copy of the JSON e wrote, which the caller owns,
// or e's first error, and returns e to the pool: e must not be used after.
func PartialWritten(e *Encoder) ([]byte, error) {
	out, err := e.Written()
	if err == nil {
		out = append(make([]byte, 0, len(out)), out...)
	}
	if cap(e.buf) <= partialBufferMax {
		partialEncoders.Put(e)
	}
	return out, err
}
