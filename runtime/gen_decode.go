package runtime

import (
	"regexp"
	"time"
)

// Kind is the kind of a JSON value.
type Kind byte

// The kinds of JSON values. KindInvalid is what Kind reports at the end of the
// input or after a syntax error.
const (
	KindInvalid Kind = iota
	KindNull
	KindBool
	KindNumber
	KindString
	KindArray
	KindObject
)

// Decoder reads a tool's JSON arguments in one pass, without reflection, and
// collects every problem it finds with its JSON pointer. Generated dispatch
// drives it; it is exported for generated code, not as a general JSON API.
//
// Use: Reset, then one read of the top-level value (generated code calls
// Object), then Close for the verdict. A read method that finds the wrong
// kind of value records a problem, skips the value and reports false, so the
// caller carries on and more problems are found in one call. A syntax error
// stops everything: after it every read reports false and Close reports only
// the syntax error.
//
// A Decoder is meant to live on the caller's stack; the zero value is ready
// after Reset. Strings it returns stay valid forever (they are never
// overwritten); byte slices it returns are valid until the next call.
type Decoder struct {
	data []byte
	pos  int
}

// Reset prepares d to read args. Empty or all-whitespace args read as {}: a
// tool without parameters accepts a model that sends nothing.
func (d *Decoder) Reset(args []byte) { panic("not implemented") }

// Kind reports the kind of the next value without consuming it.
func (d *Decoder) Kind() Kind { panic("not implemented") }

// Object starts reading an object. It reports false, having recorded
// "expected object, got K" and skipped the value, if the next value is not an
// object, and false on a syntax error.
func (d *Decoder) Object() bool { panic("not implemented") }

// Field advances to the next member of the object started by Object and
// returns its key, unescaped (valid until the next call). Problems recorded
// until the next Field name that member (/key). The caller must consume the
// member's value exactly once, with a read method, Skip or Unknown. Field
// reports false after the closing brace, or on a syntax error.
func (d *Decoder) Field() ([]byte, bool) { panic("not implemented") }

// KeyString returns the current member's key as a string (for map keys).
func (d *Decoder) KeyString() string { panic("not implemented") }

// Array starts reading an array, and reports how many elements it has (found
// by a quick scan, so that callers allocate once). Like Object, it reports
// false after recording a problem when the value is not an array.
func (d *Decoder) Array() (n int, ok bool) { panic("not implemented") }

// Elem advances to the next element of the array started by Array; problems
// recorded until the next Elem name that element (/key/3). It reports false
// after the closing bracket, or on a syntax error.
func (d *Decoder) Elem() bool { panic("not implemented") }

// Null consumes a null and reports true, or leaves any other value unread
// and reports false.
func (d *Decoder) Null() bool { panic("not implemented") }

// String reads a string.
func (d *Decoder) String() (string, bool) { panic("not implemented") }

// StringBytes reads a string and returns its unescaped bytes, valid until the
// next call, without allocating (for enums and encoding.TextUnmarshaler).
func (d *Decoder) StringBytes() ([]byte, bool) { panic("not implemented") }

// Bool reads true or false.
func (d *Decoder) Bool() (bool, bool) { panic("not implemented") }

// Int reads an integer in [min, max]. As in JSON Schema, an integer is a
// number with no fractional part: 3, 3.0 and 3e2 are integers, 3.5 is not.
func (d *Decoder) Int(min, max int64) (int64, bool) { panic("not implemented") }

// Uint reads an unsigned integer in [min, max].
func (d *Decoder) Uint(min, max uint64) (uint64, bool) { panic("not implemented") }

// Float reads a number in [min, max] (use ±Inf for no bound) that fits in a
// float of the given bits (32 or 64).
func (d *Decoder) Float(min, max float64, bits int) (float64, bool) { panic("not implemented") }

// Bytes reads a base64 string (standard alphabet, as encoding/json writes
// []byte) into a new slice.
func (d *Decoder) Bytes() ([]byte, bool) { panic("not implemented") }

// Time reads an RFC 3339 date-time string.
func (d *Decoder) Time() (time.Time, bool) { panic("not implemented") }

// Raw reads any JSON value and returns a copy of its text.
func (d *Decoder) Raw() ([]byte, bool) { panic("not implemented") }

// Any reads any JSON value as encoding/json decodes into an any: nil, bool,
// float64, string, []any or map[string]any.
func (d *Decoder) Any() (any, bool) { panic("not implemented") }

// Skip consumes the next value, checking its syntax.
func (d *Decoder) Skip() { panic("not implemented") }

// Unknown records that the current member is not a known field and skips
// its value. known lists the known fields, ready to print ("a", "b").
func (d *Decoder) Unknown(known string) { panic("not implemented") }

// Missing records that the current object lacks the required member name.
func (d *Decoder) Missing(name string) { panic("not implemented") }

// NotOneOf records that the string just read is not one of allowed (ready to
// print: "c", "f").
func (d *Decoder) NotOneOf(got []byte, allowed string) { panic("not implemented") }

// NotOneOfInt records that the integer just read is not one of allowed.
func (d *Decoder) NotOneOfInt(got int64, allowed string) { panic("not implemented") }

// Invalid records msg as a problem with the value just read.
func (d *Decoder) Invalid(msg string) { panic("not implemented") }

// CheckLength checks that s has at least min and, when max >= 0, at most max
// characters (Unicode code points, as JSON Schema counts them).
func (d *Decoder) CheckLength(s string, min, max int) { panic("not implemented") }

// CheckItems checks that an array of n elements has at least min and, when
// max >= 0, at most max.
func (d *Decoder) CheckItems(n, min, max int) { panic("not implemented") }

// CheckPattern checks that re matches s (unanchored, as JSON Schema's pattern).
func (d *Decoder) CheckPattern(s string, re *regexp.Regexp) { panic("not implemented") }

// CheckFormat checks s against a JSON Schema format that toolgen supports
// (see Formats).
func (d *Decoder) CheckFormat(s string, format string) { panic("not implemented") }

// Close checks that nothing but white space follows the value read and
// returns the verdict: nil, or an *ArgsError listing every problem.
func (d *Decoder) Close() error { panic("not implemented") }

// Spare returns spare capacity of d's string storage for an Encoder (see
// Encoder.Reset), so that the result is written into memory already
// allocated for the arguments. It may be nil.
func (d *Decoder) Spare() []byte { panic("not implemented") }

// Formats lists the JSON Schema formats that CheckFormat checks.
var Formats = []string{"date-time", "date", "time", "email", "uri", "uuid", "ipv4", "ipv6", "hostname"}

// ArgsError is the verdict on arguments that could not be read: every problem
// found, or the one syntax error that stopped reading.
type ArgsError struct {
	Problems []Problem
}

// Problem is one thing wrong with the arguments.
type Problem struct {
	// Pointer is the JSON pointer (RFC 6901) of the value, "" for the whole
	// arguments object.
	Pointer string
	Message string
}

// Error lists the problems for a model to read:
//
//	invalid arguments: /unit: "kelvin" is not one of "c", "f"; /city: missing (required)
func (e *ArgsError) Error() string { panic("not implemented") }
