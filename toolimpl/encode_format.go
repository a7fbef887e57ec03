package toolimpl

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"unicode/utf8"
	"unsafe"

	"github.com/toolgen-dev/toolgen/internal/wire"
)

// Helpers of the Encoder: separators, string escaping, number formatting,
// and the values that are written through other code (marshalers, raw JSON,
// encoding/json).

// startCap is the capacity an Encoder allocates when it has none.
const startCap = 256

// value prepares to write a value or a key: it writes the comma that
// separates it from the previous one, unless it is the first in its
// container (or the value of a key).
func (e *Encoder) value() {
	if cap(e.buf) == 0 {
		e.buf = make([]byte, 0, startCap)
	}
	if n := len(e.buf); n > 0 {
		switch e.buf[n-1] {
		case '{', '[', ':':
		default:
			e.buf = append(e.buf, ',')
		}
	}
}

// failValue records err and writes null in place of the value, so that the
// output stays well formed around it.
func (e *Encoder) failValue(err error) {
	e.Fail(err)
	e.Null()
}

// shortEscapes maps the bytes that have a two-character escape to its letter.
const hexDigits = "0123456789abcdef"

var shortEscapes = [utf8.RuneSelf]byte{'"': '"', '\\': '\\', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}

// safeASCII marks the ASCII bytes that a JSON string holds as they are.
var safeASCII = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendQuoted appends s as a JSON string, escaped as encoding/json escapes
// strings except that <, > and & are left alone (there is no HTML here):
// quotes, backslashes and control characters are escaped, invalid UTF-8
// becomes \ufffd, and U+2028 and U+2029 are escaped for JavaScript's sake.
func appendQuoted[T ~string | ~[]byte](dst []byte, s T) []byte {
	dst = append(dst, '"')
	i := 0
	if len(s) < 16 {
		for i < len(s) && s[i] < utf8.RuneSelf && safeASCII[s[i]] {
			i++
		}
	} else {
		// Eight bytes at a time, over the bytes of s as a slice, without a
		// copy: a string's header and a slice's both start with the
		// pointer to the bytes.
		i = wire.PlainEnd(unsafe.Slice(*(**byte)(unsafe.Pointer(&s)), len(s)), 0)
	}
	if i < len(s) {
		return appendQuotedRest(dst, s, i)
	}
	return append(append(dst, s...), '"')
}

// appendQuotedRest is appendQuoted from s[i] on, where something may need
// escaping.
func appendQuotedRest[T ~string | ~[]byte](dst []byte, s T, i int) []byte {
	start := 0
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if !safeASCII[c] {
				dst = appendEscapedByte(append(dst, s[start:i]...), c)
				start = i + 1
			}
			i++
			continue
		}
		r, size := wire.DecodeRune(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(append(dst, s[start:i]...), `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(append(dst, s[start:i]...), `\u202`...)
			dst = append(dst, hexDigits[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(append(dst, s[start:]...), '"')
}

func appendEscapedByte(dst []byte, c byte) []byte {
	if e := shortEscapes[c]; e != 0 {
		return append(dst, '\\', e)
	}
	return append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
}

// json writes b, a JSON text from source, compacted, after checking it.
func (e *Encoder) json(b []byte, source string) {
	if err := wire.CheckJSON(b); err != nil {
		e.failValue(errors.New(source + ": " + err.Error()))
		return
	}
	e.value()
	e.buf = wire.AppendCompact(e.buf, b)
}

// number writes a json.Number as encoding/json does: "" is 0, and anything
// but a number literal is an error.
func (e *Encoder) number(n json.Number) {
	switch {
	case n == "":
		e.value()
		e.buf = append(e.buf, '0')
	case !wire.IsNumber(string(n)):
		e.failValue(fmt.Errorf("json: invalid number literal %q", string(n)))
	default:
		e.value()
		e.buf = append(e.buf, n...)
	}
}

func (e *Encoder) anySlice(a []any) {
	if a == nil {
		e.Null()
		return
	}
	e.Array()
	for _, v := range a {
		e.Any(v)
	}
	e.EndArray()
}

func (e *Encoder) anyMap(m map[string]any) {
	if m == nil {
		e.Null()
		return
	}
	e.Object()
	for _, k := range slices.Sorted(maps.Keys(m)) {
		e.Key(k)
		e.Any(m[k])
	}
	e.EndObject()
}

// integer writes v if it is of an integer type: an int or an int64
// directly, the rarer types through fmt, whose %d reads each of them
// without reflection.
func (e *Encoder) integer(v any) bool {
	switch v := v.(type) {
	case int:
		e.Int(int64(v))
	case int64:
		e.Int(v)
	case int8, int16, int32, uint, uint8, uint16, uint32, uint64, uintptr:
		e.value()
		e.buf = fmt.Appendf(e.buf, "%d", v)
	default:
		return false
	}
	return true
}

// fallback writes v with encoding/json: the one place where a result is
// written by reflection, for dynamic types that are not plain JSON values.
// HTML escaping is off, as in the rest of the Encoder.
func (e *Encoder) fallback(v any) {
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		e.failValue(err)
		return
	}
	e.value()
	e.buf = append(e.buf, bytes.TrimSuffix(out.Bytes(), []byte("\n"))...)
}

// marshalJSON calls m.MarshalJSON. It reports ok false when that panics, as
// a nil pointer's method typically does, so that the caller falls back on
// encoding/json, which writes null for a nil pointer (and panics again for
// a value whose method really panics, as encoding/json itself would).
func marshalJSON(m json.Marshaler) (b []byte, ok bool, err error) {
	defer notOKOnPanic(&ok)
	b, err = m.MarshalJSON()
	return b, true, err
}

// marshalText is marshalJSON for encoding.TextMarshaler.
func marshalText(m encoding.TextMarshaler) (b []byte, ok bool, err error) {
	defer notOKOnPanic(&ok)
	b, err = m.MarshalText()
	return b, true, err
}

// notOKOnPanic, deferred, stops a panic and sets *ok to false. (The two
// functions above stay two, each calling its method directly: one taking
// the method as a function value costs every marshaler an extra call.)
func notOKOnPanic(ok *bool) {
	if recover() != nil {
		*ok = false
	}
}
