package toolimpl

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"
)

// Encoder writes a tool's result as JSON without reflection. Generated code
// drives it; commas are its business: the caller writes Object, Key, value,
// Key, value..., EndObject (and Array, value, value..., EndArray).
//
// The first error (a NaN, a failing MarshalText...) sticks; Written then
// returns it.
type Encoder struct {
	buf []byte
	err error
}

// Reset starts writing into buf's spare capacity (buf[len(buf):]); buf may be
// nil.
func (e *Encoder) Reset(buf []byte) {
	// Only the spare capacity is ours: the output starts at buf[len(buf)],
	// what came before stays untouched, and growing copies only the output.
	*e = Encoder{buf: buf[len(buf):]}
}

// Object writes '{'.
func (e *Encoder) Object() {
	e.value()
	e.buf = append(e.buf, '{')
}

// EndObject writes '}'.
func (e *Encoder) EndObject() {
	e.buf = append(e.buf, '}')
}

// Key writes a member's key and the colon.
func (e *Encoder) Key(k string) {
	e.value()
	e.buf = append(appendQuoted(e.buf, k), ':')
}

// Member writes a member's key as generated code spells it: already quoted,
// with its colon ("city":), so that nothing is escaped at run time.
func (e *Encoder) Member(quotedKey string) {
	// A member follows the object's '{' or another member's value: a comma
	// unless it is the first. (value's fuller test costs every inlined
	// Member more to compile.)
	if n := len(e.buf); n > 0 && e.buf[n-1] != '{' {
		e.buf = append(e.buf, ',')
	}
	e.buf = append(e.buf, quotedKey...)
}

// Array writes '['.
func (e *Encoder) Array() {
	e.value()
	e.buf = append(e.buf, '[')
}

// EndArray writes ']'.
func (e *Encoder) EndArray() {
	e.buf = append(e.buf, ']')
}

// String writes s as a JSON string (invalid UTF-8 becomes U+FFFD, as in
// encoding/json).
func (e *Encoder) String(s string) {
	e.value()
	e.buf = appendQuoted(e.buf, s)
}

// Bool writes true or false.
func (e *Encoder) Bool(b bool) {
	e.value()
	e.buf = strconv.AppendBool(e.buf, b)
}

// Int writes an integer.
func (e *Encoder) Int(i int64) {
	e.value()
	e.buf = strconv.AppendInt(e.buf, i, 10)
}

// Uint writes an unsigned integer.
func (e *Encoder) Uint(u uint64) {
	e.value()
	e.buf = strconv.AppendUint(e.buf, u, 10)
}

// Float writes a float of the given bits (32 or 64) as encoding/json does;
// NaN and infinities are errors.
func (e *Encoder) Float(f float64, bits int) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		e.failValue(errors.New("json: unsupported value: " + strconv.FormatFloat(f, 'g', -1, 64)))
		return
	}
	e.value()
	e.buf = appendFloat(e.buf, f, bits)
}

// Null writes null.
func (e *Encoder) Null() {
	e.value()
	e.buf = append(e.buf, "null"...)
}

// Bytes writes b as a base64 string; a nil slice is "" (encoding/json
// writes null, which the schema, a string, does not allow).
func (e *Encoder) Bytes(b []byte) {
	e.value()
	e.buf = append(base64.StdEncoding.AppendEncode(append(e.buf, '"'), b), '"')
}

// Time writes t as an RFC 3339 string with nanoseconds, as time.Time's
// MarshalJSON does.
func (e *Encoder) Time(t time.Time) {
	e.value()
	out, err := t.AppendText(append(e.buf, '"'))
	if err != nil {
		e.Fail(err)
		e.buf = append(e.buf, "null"...)
		return
	}
	e.buf = append(out, '"')
}

// Raw writes a JSON text as it is (null when empty); invalid JSON is an error.
func (e *Encoder) Raw(b []byte) {
	if len(b) == 0 {
		e.Null()
		return
	}
	e.json(b, "raw JSON value")
}

// Text writes what m.MarshalText returns as a string.
func (e *Encoder) Text(m encoding.TextMarshaler) {
	b, ok, err := marshalText(m)
	switch {
	case !ok:
		e.fallback(m)
	case err != nil:
		e.failValue(fmt.Errorf("json: error calling MarshalText for type %T: %w", m, err))
	default:
		e.value()
		e.buf = appendQuoted(e.buf, b)
	}
}

// JSON writes what m.MarshalJSON returns; invalid JSON is an error.
func (e *Encoder) JSON(m json.Marshaler) {
	b, ok, err := marshalJSON(m)
	switch {
	case !ok:
		e.fallback(m)
	case err != nil:
		e.failValue(fmt.Errorf("json: error calling MarshalJSON for type %T: %w", m, err))
	default:
		e.json(b, fmt.Sprintf("MarshalJSON for type %T", m))
	}
}

// Any writes v. Plain JSON values (nil, bool, numbers, string, []any,
// map[string]any, json.RawMessage, json.Marshaler) are written directly; any
// other dynamic type falls back to encoding/json.
func (e *Encoder) Any(v any) {
	switch v := v.(type) {
	case nil:
		e.Null()
	case bool:
		e.Bool(v)
	case string:
		e.String(v)
	case float64:
		e.Float(v, 64)
	case float32:
		e.Float(float64(v), 32)
	case json.Number:
		e.number(v)
	case []any:
		e.anySlice(v)
	case map[string]any:
		e.anyMap(v)
	case json.RawMessage:
		e.Raw(v)
	case time.Time:
		e.Time(v)
	case json.Marshaler:
		e.JSON(v)
	case encoding.TextMarshaler:
		e.Text(v)
	default:
		if !e.integer(v) {
			e.fallback(v)
		}
	}
}

// Fail records err as the encoder's error unless one is already recorded.
func (e *Encoder) Fail(err error) {
	if e.err == nil {
		e.err = err
	}
}

// Err returns the first error recorded.
func (e *Encoder) Err() error { return e.err }

// Output returns the JSON written so far.
func (e *Encoder) Output() []byte { return e.buf }

// Written returns the JSON written, its capacity clipped so that appending
// to it never writes into memory the Encoder shares, or the first error.
func (e *Encoder) Written() ([]byte, error) {
	if e.err != nil {
		return nil, e.err
	}
	return e.buf[:len(e.buf):len(e.buf)], nil
}

// Number writes a json.Number as encoding/json does: its literal, 0 when
// empty; a literal that is not a JSON number is an error.
func (e *Encoder) Number(n json.Number) {
	e.number(n)
}

// NotAMember is the error a union's generated writer fails with when the
// interface holds a type that was not a member when the file was generated
// (a type added since, or one of another package that embeds the
// interface).
func NotAMember(union string, v any) error {
	return fmt.Errorf("toolgen: %T is not a member of union %s as the generated code knows it; run go generate again", v, union)
}
