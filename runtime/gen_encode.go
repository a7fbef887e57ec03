package runtime

import (
	"cmp"
	"encoding"
	"encoding/json"
	"slices"
	"time"
)

// Encoder writes a tool's result as JSON without reflection. Generated code
// drives it; commas are its business: the caller writes Object, Key, value,
// Key, value..., EndObject (and Array, value, value..., EndArray).
//
// The first error (a NaN, a failing MarshalText...) sticks; Result then
// reports it as a failed result.
type Encoder struct {
	buf []byte
	err error
}

// Reset starts writing into buf's spare capacity (buf[len(buf):]); buf may be
// nil.
func (e *Encoder) Reset(buf []byte) { panic("not implemented") }

// Object writes '{'.
func (e *Encoder) Object() { panic("not implemented") }

// EndObject writes '}'.
func (e *Encoder) EndObject() { panic("not implemented") }

// Key writes a member's key and the colon.
func (e *Encoder) Key(k string) { panic("not implemented") }

// Array writes '['.
func (e *Encoder) Array() { panic("not implemented") }

// EndArray writes ']'.
func (e *Encoder) EndArray() { panic("not implemented") }

// String writes s as a JSON string (invalid UTF-8 becomes U+FFFD, as in
// encoding/json).
func (e *Encoder) String(s string) { panic("not implemented") }

// Bool writes true or false.
func (e *Encoder) Bool(b bool) { panic("not implemented") }

// Int writes an integer.
func (e *Encoder) Int(i int64) { panic("not implemented") }

// Uint writes an unsigned integer.
func (e *Encoder) Uint(u uint64) { panic("not implemented") }

// Float writes a float of the given bits (32 or 64) as encoding/json does;
// NaN and infinities are errors.
func (e *Encoder) Float(f float64, bits int) { panic("not implemented") }

// Null writes null.
func (e *Encoder) Null() { panic("not implemented") }

// Bytes writes b as a base64 string, or null for a nil slice.
func (e *Encoder) Bytes(b []byte) { panic("not implemented") }

// Time writes t as an RFC 3339 string with nanoseconds, as time.Time's
// MarshalJSON does.
func (e *Encoder) Time(t time.Time) { panic("not implemented") }

// Raw writes a JSON text as it is (null when empty); invalid JSON is an error.
func (e *Encoder) Raw(b []byte) { panic("not implemented") }

// Text writes what m.MarshalText returns as a string.
func (e *Encoder) Text(m encoding.TextMarshaler) { panic("not implemented") }

// JSON writes what m.MarshalJSON returns; invalid JSON is an error.
func (e *Encoder) JSON(m json.Marshaler) { panic("not implemented") }

// Any writes v. Plain JSON values (nil, bool, numbers, string, []any,
// map[string]any, json.RawMessage, json.Marshaler) are written directly; any
// other dynamic type falls back to encoding/json.
func (e *Encoder) Any(v any) { panic("not implemented") }

// Fail records err as the encoder's error unless one is already recorded.
func (e *Encoder) Fail(err error) { panic("not implemented") }

// Err returns the first error recorded.
func (e *Encoder) Err() error { return e.err }

// Output returns the JSON written so far.
func (e *Encoder) Output() []byte { return e.buf }

// Result returns a structured result holding the JSON written (its capacity
// clipped, so appending to it never writes into shared memory), or a failed
// result naming the error.
func (e *Encoder) Result() Result { panic("not implemented") }

// SortedKeys returns the keys of m in order, for writing maps
// deterministically.
func SortedKeys[K cmp.Ordered, V any](m map[K]V) []K {
	keys := make([]K, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
