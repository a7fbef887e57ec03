// Package errpartial holds toolgen.Partial parameters toolgen refuses.
package errpartial

import (
	"context"

	"github.com/toolgen-dev/toolgen"
)

// Row is a row.
type Row struct {
	ID int `json:"id"`
}

// TwoPartials sends two kinds of partial results.
//
//toolgen:tool
func TwoPartials(ctx context.Context, rows toolgen.Partial[[]Row], count toolgen.Partial[int]) error {
	return nil
}

// Channel sends a channel.
//
//toolgen:tool
func Channel(ch toolgen.Partial[chan int]) error { return nil }

// Failure sends an error.
//
//toolgen:tool
func Failure(name string, failure toolgen.Partial[error]) error { return nil }

// ReadOnly reads itself from text but cannot write itself.
type ReadOnly struct{ s string }

// UnmarshalText reads the value.
func (r *ReadOnly) UnmarshalText(b []byte) error { r.s = string(b); return nil }

// Unwritable sends a value that cannot be written.
//
//toolgen:tool
func Unwritable(p toolgen.Partial[[]ReadOnly]) error { return nil }

// Stamp writes itself with a pointer receiver.
type Stamp struct{ n int }

// MarshalJSON writes the stamp.
func (s *Stamp) MarshalJSON() ([]byte, error) { return []byte("1"), nil }

// ByValue sends a Stamp by value, which encoding/json writes by its fields.
//
//toolgen:tool
func ByValue(p toolgen.Partial[Stamp]) error { return nil }

// ByPointer sends a *Stamp, which is fine.
//
//toolgen:tool
func ByPointer(p toolgen.Partial[*Stamp]) error { return nil }

// PartialPointer takes a pointer to a Partial.
//
//toolgen:tool
func PartialPointer(p *toolgen.Partial[Row]) error { return nil }

// Listed names its Partial in its parameter list.
//
// Parameters:
//   - name: the name
//   - rows: the rows so far
//
//toolgen:tool
func Listed(name string, rows toolgen.Partial[[]Row]) error { return nil }
