// Package errsignature holds functions whose signatures cannot be tools.
package errsignature

import (
	"context"

	"github.com/toolgen-dev/toolgen"
)

// Generic has a type parameter.
//
//toolgen:tool
func Generic[T any](v T) error { return nil }

// Box is generic.
type Box[T any] struct{ V T }

// Method is a method of a generic type.
//
//toolgen:tool
func (b *Box[T]) Method(n int) error { return nil }

// Variadic takes a variadic parameter.
//
//toolgen:tool
func Variadic(names ...string) error { return nil }

// LateContext takes a context after another parameter.
//
//toolgen:tool
func LateContext(name string, ctx context.Context) error { return nil }

// CtxPointer takes a *toolgen.Ctx.
//
//toolgen:tool
func CtxPointer(rc *toolgen.Ctx, name string) error { return nil }

// Unnamed has unnamed parameters.
//
//toolgen:tool
func Unnamed(string, int) error { return nil }

// Blank has a blank parameter.
//
//toolgen:tool
func Blank(name string, _ int) error { return nil }

// SameArgument has two parameters that become one argument.
//
//toolgen:tool
func SameArgument(userID string, user_id string) error { return nil }

// TwoValues returns two values.
//
//toolgen:tool
func TwoValues() (string, int) { return "", 0 }

// ErrorFirst returns the error first.
//
//toolgen:tool
func ErrorFirst() (error, string) { return nil, "" }

// TwoErrors returns two errors.
//
//toolgen:tool
func TwoErrors() (error, error) { return nil, nil }

// Three returns three values.
//
//toolgen:tool
func Three() (int, string, error) { return 0, "", nil }

// Nothing returns nothing.
//
//toolgen:tool
func Nothing() {}

// Channel returns a channel.
//
//toolgen:tool
func Channel() (chan int, error) { return nil, nil }

// ReadOnly reads itself from text but cannot write itself.
type ReadOnly struct{ s string }

// UnmarshalText reads the value.
func (r *ReadOnly) UnmarshalText(b []byte) error { r.s = string(b); return nil }

// Holder holds a ReadOnly.
type Holder struct {
	Items []ReadOnly `json:"items"`
}

// Unwritable returns a value that cannot be written.
//
//toolgen:tool
func Unwritable() (ReadOnly, error) { return ReadOnly{}, nil }

// UnwritableInside returns a struct holding one.
//
//toolgen:tool
func UnwritableInside() (*Holder, error) { return nil, nil }

// Several has several mistakes, all reported.
//
//toolgen:tool
func Several(a int, ctx context.Context, b ...string) (int, int) { return 0, 0 }

// Readable takes a ReadOnly as an argument, which is fine.
//
//toolgen:tool
func Readable(r ReadOnly) error { return nil }
