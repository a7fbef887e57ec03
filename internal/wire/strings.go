package wire

import (
	"encoding/binary"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/toolgen-dev/toolgen/internal/jsonformat"
)

// String storage.
//
// Strings returned by a Decoder must outlive the arguments (the caller may
// reuse its buffer) without costing one allocation each. They live in an
// arena: one []byte, allocated on the first string that needs storing, with
// room for every string the arguments can hold (unescaping never makes a
// string longer, except for invalid UTF-8: one byte becomes three). Strings
// are appended to it and returned with unsafe.String over the appended
// bytes, as strings.Builder does; that is safe because of one rule: a byte
// that a string points at is never written again. Only the unused tail
// (arena[len:cap]) is ever written, and only by appending. When a string
// does not fit, a fresh chunk is allocated instead of growing the arena (to
// grow would copy, and the old strings would keep the old chunk alive anyway).
//
// Spare hands the unused tail to an Encoder and clips the arena's capacity,
// so that even a string stored later cannot write over the encoded result.
// The arena has no room set aside for the result unless the caller says it
// will encode one (ReserveSpare, as toolimpl.Dispatch does): that would
// make every decoding allocate (and clear) more; Spare allocates instead
// when the tail is shorter.

// spareMin is the room that Spare hands out when no size was reserved, so
// that a small result is encoded without growing its buffer.
const spareMin = 256

// store returns a string holding a copy of b, in the arena.
func (d *Decoder) store(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if cap(d.arena)-len(d.arena) < len(b) {
		d.arena = d.newChunk(len(b))
	}
	start := len(d.arena)
	d.arena = append(d.arena, b...)
	return unsafe.String(&d.arena[start], len(b))
}

// storePlain is store(data[start:end]) with a string of up to 16 bytes
// copied without a call: as two words, two half-words or three bytes,
// which overlap when the string is shorter than the two of them.
func (d *Decoder) storePlain(data []byte, start, end int) string {
	n := end - start
	if n <= 0 || n > 16 {
		return d.store(data[start:end])
	}
	if cap(d.arena)-len(d.arena) < n {
		d.arena = d.newChunk(n)
	}
	k := len(d.arena)
	src := data[start:end]
	dst := d.arena[k : k+n]
	switch {
	case n >= 8:
		binary.LittleEndian.PutUint64(dst, binary.LittleEndian.Uint64(src))
		binary.LittleEndian.PutUint64(dst[n-8:], binary.LittleEndian.Uint64(src[n-8:]))
	case n >= 4:
		binary.LittleEndian.PutUint32(dst, binary.LittleEndian.Uint32(src))
		binary.LittleEndian.PutUint32(dst[n-4:], binary.LittleEndian.Uint32(src[n-4:]))
	default:
		dst[0], dst[n/2], dst[n-1] = src[0], src[n/2], src[n-1]
	}
	// d.arena = d.arena[...] stores only the length, where a store of the
	// slice would cost a write barrier while the collector marks.
	d.arena = d.arena[:k+n]
	return unsafe.String(&dst[0], n)
}

// tinyChunk is the size of the first chunk of the arena for small
// arguments: below the runtime's 16 bytes for tiny allocations, which are
// packed together and cost much less than one of the arguments' size.
const tinyChunk = 15

// newChunk allocates a chunk of the arena for a string of n bytes: room for
// every string of the arguments (and the result's room, ReserveSpare), or,
// for small arguments (up to 128 bytes) whose first string is short and
// with no room reserved, a tiny chunk that their strings will likely share
// (a string that does not fit gets the large chunk then).
func (d *Decoder) newChunk(n int) []byte {
	if d.arena == nil && n <= tinyChunk && len(d.data) <= 128 && d.spare == 0 {
		return make([]byte, 0, tinyChunk)
	}
	return make([]byte, 0, max(len(d.data), n)+d.spare)
}

// contents returns the unescaped contents of the string literal whose
// contents are d.data[start:end]: that subslice itself when plain, or else
// d.scratch, reused (so the result is valid until the next call).
func (d *Decoder) contents(start, end int, plain bool) []byte {
	if plain {
		return d.data[start:end]
	}
	return d.unescape(start, end)
}

func (d *Decoder) unescape(start, end int) []byte {
	d.scratch = appendUnescaped(d.scratch[:0], d.data[start:end])
	return d.scratch
}

// stringRest is String from data[i] on, the first byte of the contents
// start.. that is not plain. It checks the rest of the literal as
// scanStringRest does, with the same errors, and unescapes it into the
// arena as it goes: one pass, where checking and then unescaping would read
// the contents twice. The arena has room for the rest of the arguments,
// which the string cannot outgrow unless it holds invalid UTF-8 (each bad
// byte becomes U+FFFD, three bytes), and then the append moves the arena to
// a larger chunk, leaving the strings already stored where they were. Until
// the string is complete, it is only written into the arena's unused tail.
func (d *Decoder) stringRest(start, i int) (string, bool) {
	data := d.data
	if cap(d.arena)-len(d.arena) < len(data)-start {
		d.arena = make([]byte, 0, len(data)+d.spare)
	}
	n := len(d.arena)
	a := append(d.arena, data[start:i]...)
	for i < len(data) {
		switch c := data[i]; {
		case c == '"':
			d.pos = i + 1
			d.arena = a
			if len(a) == n {
				return "", true
			}
			return unsafe.String(&a[n], len(a)-n), true
		case c == '\\':
			// appendEscaped joins the escape after a surrogate only when
			// it reads as the other half: a malformed one (hex4 is then
			// negative) is left to this loop, which rejects it.
			if m := escapeLen(data[i:]); m <= 0 {
				if d.repairCtx != nil && d.fixString(start, i-m, "in a string escape") {
					return d.String() // the literal, repaired
				}
				d.failString(i)
				return "", false
			}
			a, i = appendEscaped(a, data, i)
		case c < 0x20:
			if d.repairCtx != nil && d.fixString(start, i, "in a string literal") {
				return d.String() // the literal, repaired
			}
			d.failString(i)
			return "", false
		default:
			a, i = appendRune(a, data, i)
		}
		j := plainEnd(data, i)
		a = append(a, data[i:j]...)
		i = j
	}
	d.failString(len(data))
	return "", false
}

// appendUnescaped appends the string that the contents of a string
// literal stand for, which the scanner has checked, to dst. As in
// encoding/json, an invalid UTF-8 byte and an escaped surrogate that is not
// half of a pair each become U+FFFD.
func appendUnescaped(dst, raw []byte) []byte {
	for i := 0; i < len(raw); {
		// Within checked contents, what is not plain is a backslash or
		// not ASCII.
		run := plainEnd(raw, i)
		dst = append(dst, raw[i:run]...)
		if i = run; i >= len(raw) {
			break
		}
		if raw[i] == '\\' {
			dst, i = appendEscaped(dst, raw, i)
			continue
		}
		dst, i = appendRune(dst, raw, i)
	}
	return dst
}

// appendRune appends the rune at raw[i], U+FFFD for a byte that is not
// valid UTF-8, and returns the offset after it.
func appendRune(dst, raw []byte, i int) ([]byte, int) {
	r, size := utf8.DecodeRune(raw[i:])
	if r == utf8.RuneError && size == 1 {
		return utf8.AppendRune(dst, utf8.RuneError), i + 1
	}
	return append(dst, raw[i:i+size]...), i + size
}

// simpleEscapes maps the letter after a backslash to the byte it stands for.
var simpleEscapes = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// appendEscaped appends what the escape sequence at raw[i] stands for and
// returns the offset after it.
func appendEscaped(dst, raw []byte, i int) ([]byte, int) {
	if raw[i+1] != 'u' {
		return append(dst, simpleEscapes[raw[i+1]]), i + 2
	}
	r := hex4(raw[i+2:])
	i += 6
	if utf16.IsSurrogate(r) {
		low := rune(-1)
		if i+6 <= len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
			low = hex4(raw[i+2:])
		}
		if pair := utf16.DecodeRune(r, low); pair != utf8.RuneError {
			r = pair
			i += 6
		} else {
			r = utf8.RuneError
		}
	}
	return utf8.AppendRune(dst, r), i
}

// hex4 returns the value of the four hexadecimal digits at the start of s,
// or a negative number when one of the four is not a hexadecimal digit.
func hex4(s []byte) rune {
	return jsonformat.HexValue(s[0])<<12 | jsonformat.HexValue(s[1])<<8 | jsonformat.HexValue(s[2])<<4 | jsonformat.HexValue(s[3])
}
