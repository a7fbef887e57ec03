package wire

import (
	"encoding/binary"
	"math/bits"
	"strconv"
	"unicode/utf8"

	"github.com/toolgen-dev/toolgen/internal/jsonformat"
)

// The byte-level JSON scanner under Decoder: white space, literals, numbers,
// strings and skipping whole values, all checking RFC 8259 syntax. A syntax
// error is fatal: it is recorded once and every later read reports false.

// maxDepth bounds the nesting of arrays and objects, so that a hostile
// argument cannot make reading (or the recursion in Skip and Any) expensive.
const maxDepth = 1000

// plainStringByte marks the bytes that a string literal holds as they are:
// printable ASCII other than the quote and the backslash.
var plainStringByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func (d *Decoder) skipSpace() {
	for d.pos < len(d.data) && isSpace(d.data[d.pos]) {
		d.pos++
	}
}

// at reports whether the next byte is c.
func (d *Decoder) at(c byte) bool { return d.pos < len(d.data) && d.data[d.pos] == c }

// fail records the syntax error that stops reading. It also moves to the
// end of the input, so that reads find nothing there without checking
// d.fatal on their fast paths.
func (d *Decoder) fail(msg string) {
	if !d.fatal {
		d.fatal = true
		d.syntax = msg
	}
	d.pos = len(d.data)
}

// failAt records a syntax error about the byte at d.pos (which is found
// while context, e.g. "looking for the start of a value"), or the end of the
// input when there is no such byte.
func (d *Decoder) failAt(context string) {
	d.fail(d.syntaxAt(d.pos, context))
}

// syntaxAt is the syntax error about the byte at pos, or the end of the
// input when there is no such byte, found while context.
func (d *Decoder) syntaxAt(pos int, context string) string {
	if pos >= len(d.data) {
		return "not valid JSON: unexpected end of input"
	}
	return "not valid JSON: invalid " + describeByte(d.data, pos) + " " + context + " at offset " + strconv.Itoa(d.sentOffset(pos))
}

// sentOffset is the offset in the arguments as sent of d.data[pos] (repairs
// change d.data).
func (d *Decoder) sentOffset(pos int) int {
	if d.rep != nil {
		return pos + d.rep.shift
	}
	return pos
}

// describeByte names the character starting at data[i] for an error
// message: "character 'x'", or "byte 0xff" when it is not valid UTF-8.
func describeByte(data []byte, i int) string {
	r, size := utf8.DecodeRune(data[i:])
	if r == utf8.RuneError && size <= 1 {
		return "byte 0x" + string([]byte{hexDigits[data[i]>>4], hexDigits[data[i]&0xf]})
	}
	return "character " + strconv.QuoteRune(r)
}

// kinds classifies a value by its first byte (KindInvalid: no value starts so).
var kinds = func() (t [256]Kind) {
	for c := '0'; c <= '9'; c++ {
		t[c] = KindNumber
	}
	t['-'] = KindNumber
	t['{'], t['['], t['"'] = KindObject, KindArray, KindString
	t['t'], t['f'], t['n'] = KindBool, KindBool, KindNull
	return t
}()

// peekKind is Kind, with the common case inlined: the next byte starts a
// value, with no white space before it. (After a syntax error, d.pos is at
// the end: see fail.)
func (d *Decoder) peekKind() Kind {
	if uint(d.pos) < uint(len(d.data)) && kinds[d.data[d.pos]] != KindInvalid {
		return kinds[d.data[d.pos]]
	}
	return d.kindAfterSpace()
}

func (d *Decoder) kindAfterSpace() Kind {
	if d.fatal {
		return KindInvalid
	}
	d.skipSpace()
	if d.pos >= len(d.data) {
		return KindInvalid
	}
	k := kinds[d.data[d.pos]]
	if k == KindInvalid && d.repairCtx != nil && d.noneAt() {
		return KindNull // Python's None, read as null by literal
	}
	return k
}

// skipValue consumes the next value, checking its syntax.
func (d *Decoder) skipValue() {
	d.skipSpace()
	if d.pos >= len(d.data) {
		d.failAt("")
		return
	}
	switch c := d.data[d.pos]; kinds[c] {
	case KindObject:
		d.skipContainer('}')
	case KindArray:
		d.skipContainer(']')
	case KindString:
		d.scanString()
	case KindNumber:
		d.scanNumber()
	case KindBool:
		if c == 't' {
			d.literal("true")
		} else {
			d.literal("false")
		}
	case KindNull:
		d.literal("null")
	default:
		d.failAt("looking for the start of a value")
	}
}

// skipContainer consumes the array or object at d.pos (closer is its closing
// bracket), checking the syntax of everything inside.
func (d *Decoder) skipContainer(closer byte) {
	if !d.enter() {
		return
	}
	for first := true; d.next(first, closer); first = false {
		if closer == '}' {
			if d.memberKey(); d.fatal {
				return
			}
		}
		d.skipValue()
		if d.fatal {
			return
		}
	}
	d.depth--
}

// enter consumes the opening bracket at d.pos, unless the nesting is already
// as deep as allowed.
func (d *Decoder) enter() bool {
	if d.depth >= maxDepth {
		d.fail("nesting deeper than " + strconv.Itoa(maxDepth) + " levels at offset " + strconv.Itoa(d.sentOffset(d.pos)))
		return false
	}
	d.depth++
	d.pos++
	return true
}

// next moves to the next member or element of the container being read,
// consuming the comma before it (unless first). It reports false, having
// consumed the closing bracket, at the end of the container, and false on a
// syntax error. What follows the comma is checked by whoever reads it.
func (d *Decoder) next(first bool, closer byte) bool {
	if d.fatal {
		return false
	}
	d.skipSpace()
	switch {
	case d.at(closer):
		d.pos++
		return false
	case first:
		return true
	case d.at(','):
		d.pos++
		return true
	case closer == '}':
		d.failAt("after an object member")
	default:
		d.failAt("after an array element")
	}
	return false
}

// memberKey consumes an object member's key and the colon after it, and
// returns the span of the key's contents in d.data and whether they are
// plain (need no unescaping).
func (d *Decoder) memberKey() (start, end int, plain bool) {
	if !d.at('"') {
		d.skipSpace()
		if !d.at('"') && !d.singleQuotedKey() {
			if start, end, ok := d.bareName(); ok {
				return start, end, true
			}
			d.failAt("looking for the start of an object key")
			return 0, 0, false
		}
	}
	start, end, plain = d.scanString()
	if d.at(':') {
		d.pos++
		return start, end, plain
	}
	if !d.fatal {
		d.skipSpace()
		if !d.at(':') {
			d.failAt("after an object key")
			return 0, 0, false
		}
		d.pos++
	}
	return start, end, plain
}

// literal consumes the literal word (true, false or null) at d.pos.
func (d *Decoder) literal(word string) bool {
	for i := 1; i < len(word); i++ {
		if d.pos+i >= len(d.data) || d.data[d.pos+i] != word[i] {
			if i == 1 && word == "null" && d.repairCtx != nil && d.noneAt() {
				d.readNone()
				return true
			}
			d.pos += i
			d.failAt("in the literal " + word)
			return false
		}
	}
	d.pos += len(word)
	return true
}

// scanNumber consumes the number literal at d.pos and returns its text.
func (d *Decoder) scanNumber() ([]byte, bool) {
	start := d.pos
	end, ok := numberEnd(d.data, start)
	d.pos = end
	if !ok {
		d.failAt("in a number")
		return nil, false
	}
	return d.data[start:end], true
}

// numberEnd checks the number literal that starts at s[i] against RFC 8259's
// grammar and returns where it ends; when the literal is malformed, it
// returns the offset of the first wrong byte (len(s) for a cut-off literal).
func numberEnd[T ~string | ~[]byte](s T, i int) (int, bool) {
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && isDigit(s[i]):
		i = jsonformat.DigitsEnd(s, i)
	default:
		return i, false
	}
	if i < len(s) && s[i] == '.' {
		i++
		if i >= len(s) || !isDigit(s[i]) {
			return i, false
		}
		i = jsonformat.DigitsEnd(s, i)
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i >= len(s) || !isDigit(s[i]) {
			return i, false
		}
		i = jsonformat.DigitsEnd(s, i)
	}
	return i, true
}

// scanString consumes the string literal at d.pos and returns the span of
// its contents (between the quotes) and whether they are plain: no escapes
// and valid UTF-8, so that the contents are the string.
func (d *Decoder) scanString() (start, end int, plain bool) {
	data := d.data
	start = d.pos + 1
	i := plainEnd(data, start)
	if i < len(data) && data[i] == '"' {
		d.pos = i + 1
		return start, i, true
	}
	return d.scanStringRest(start, i)
}

// scanStringRest is scanString from data[i] on, where there is more than
// printable ASCII.
func (d *Decoder) scanStringRest(start, i int) (int, int, bool) {
	end, escaped, invalid, ok := stringEnd(d.data, i)
	if !ok {
		d.failString(end)
		return start, start, false
	}
	d.pos = end + 1
	return start, end, !escaped && !invalid
}

// stringEnd reads a string literal's contents from data[i] on and returns
// the offset of its closing quote, whether the contents hold an escape and
// whether they hold invalid UTF-8; or, ok false, the offset where the
// literal goes wrong: a malformed escape's backslash, a control character,
// or the end of data.
func stringEnd(data []byte, i int) (end int, escaped, invalid, ok bool) {
	for i = plainEnd(data, i); i < len(data); i = plainEnd(data, i) {
		switch c := data[i]; {
		case c == '"':
			return i, escaped, invalid, true
		case c == '\\':
			n := escapeLen(data[i:])
			if n <= 0 {
				return i, escaped, invalid, false
			}
			i += n
			escaped = true
		case c < 0x20:
			return i, escaped, invalid, false
		default:
			r, size := utf8.DecodeRune(data[i:])
			invalid = invalid || r == utf8.RuneError && size == 1
			i += size
		}
	}
	return len(data), escaped, invalid, false
}

// failString records the syntax error of a string literal that goes wrong
// at data[at], as stringEnd reports it.
func (d *Decoder) failString(at int) {
	d.pos = at
	switch {
	case at == len(d.data):
		d.failAt("")
	case d.data[at] == '\\':
		d.pos = at - escapeLen(d.data[at:])
		d.failAt("in a string escape")
	default:
		d.failAt("in a string literal")
	}
}

// PlainEnd is plainEnd, for writers of JSON strings: the bytes it passes
// over are those a string holds as they are.
func PlainEnd(data []byte, i int) int { return plainEnd(data, i) }

// plainEnd returns the offset of the first byte from data[i] on that a
// string literal does not hold as it is (see plainStringByte), or
// len(data). It looks at eight bytes at a time.
func plainEnd(data []byte, i int) int {
	for ; i+8 <= len(data); i += 8 {
		if m := specialBytes(binary.LittleEndian.Uint64(data[i:])); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
	}
	for i < len(data) && plainStringByte[data[i]] {
		i++
	}
	return i
}

// Bytes of a word, the first one lowest, for specialBytes.
const (
	lowBits  = 0x0101010101010101
	highBits = 0x8080808080808080
)

// specialBytes returns the word x with the high bit set in the lowest byte
// that is not plain (a quote, a backslash, a control character or not
// ASCII), or 0 when all eight are plain. After the exclusive ors, a quote
// or a backslash is a zero byte, whose high bit the subtraction of one
// sets; subtracting 0x20 sets it in a control character; a byte that is
// not ASCII has it already. The subtractions set it in no plain byte (only
// bytes that are not ASCII go above 0x80 in q and b). Bytes above the
// lowest marked one may be marked too (a borrow carries upwards), but a
// plain byte never borrows, so the lowest mark is exact.
func specialBytes(x uint64) uint64 {
	q := x ^ (lowBits * '"')
	b := x ^ (lowBits * '\\')
	return ((q - lowBits) | (b - lowBits) | (x - lowBits*0x20) | x) & highBits
}

// escapeLen returns the length of the escape sequence at the start of s, or
// minus the offset of its first wrong byte.
func escapeLen(s []byte) int {
	if len(s) < 2 {
		return -len(s)
	}
	switch s[1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 2
	case 'u':
		for i := 2; i < 6; i++ {
			if i >= len(s) || jsonformat.HexValue(s[i]) < 0 {
				return -i
			}
		}
		return 6
	}
	return -1
}

const hexDigits = "0123456789abcdef"

// IsNumber reports whether s is exactly one JSON number literal.
func IsNumber(s string) bool {
	end, ok := numberEnd(s, 0)
	return ok && end == len(s)
}
