package wire

import (
	"math"
	"strconv"
)

// Helpers of the Decoder's read methods.

// emptyObject is what empty arguments read as. The Decoder never writes
// into the arguments, so it can be shared.
var emptyObject = []byte("{}")

// maxArgs bounds the size of arguments, so that offsets fit in 32 bits.
const maxArgs = math.MaxInt32

func onlySpace(b []byte) bool {
	for _, c := range b {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

// schemaType is a JSON Schema type that a read method wants.
type schemaType byte

const (
	typeObject schemaType = iota
	typeArray
	typeString
	typeBoolean
	typeNumber
	typeInteger
	// typeText is a string read by String, as it is: with repairs, a
	// number may be read as its text (see repair.go).
	typeText
)

var schemaTypes = [...]struct {
	name string
	kind Kind // the kind of JSON value that can be one
}{
	typeObject:  {"object", KindObject},
	typeArray:   {"array", KindArray},
	typeString:  {"string", KindString},
	typeBoolean: {"boolean", KindBool},
	typeNumber:  {"number", KindNumber},
	typeInteger: {"integer", KindNumber},
	typeText:    {"string", KindString},
}

// expect reports whether the next value can be of the type wanted. If it
// is another kind of value, it records a problem and skips the value; if
// there is no value, it records a syntax error. Callers first try is,
// which is inlined, for the usual case of a value of the right kind
// right there.
func (d *Decoder) expect(want schemaType) bool {
	switch k := d.peekKind(); {
	case k == schemaTypes[want].kind:
		return true
	case d.fatal:
	case k == KindInvalid && d.repairCtx != nil && d.repairWord(want):
		return true
	case k == KindInvalid:
		d.failAt("looking for the start of a value")
	case d.repairCtx != nil && d.repairValue(want, k):
		return true
	default:
		d.mismatch(schemaTypes[want].name, k)
	}
	return false
}

// is reports whether a value of kind k starts right at d.pos.
func (d *Decoder) is(k Kind) bool { return d.pos < len(d.data) && kinds[d.data[d.pos]] == k }

// end closes the innermost container after its closing bracket; after a
// syntax error the path no longer matters.
func (d *Decoder) end() {
	if !d.fatal {
		d.pop()
	}
}

// integer reads a number that must be an integer, and returns its literal,
// sign and magnitude; fits is false when the magnitude exceeds a uint64.
// It reports false, having recorded a problem, for anything else.
func (d *Decoder) integer() (lit []byte, neg bool, mag uint64, fits, ok bool) {
	if !d.is(KindNumber) && !d.expect(typeInteger) {
		return nil, false, 0, false, false
	}
	if lit, ok = d.scanNumber(); !ok {
		return nil, false, 0, false, false
	}
	neg, mag, class := parseInteger(lit)
	if class == intFraction {
		d.problem("expected integer, got number " + excerpt(lit, false))
		return nil, false, 0, false, false
	}
	return lit, neg, mag, class == intExact, true
}

// toInt64 returns the integer with sign neg and magnitude mag, and whether
// it fits in an int64.
func toInt64(neg bool, mag uint64) (int64, bool) {
	switch {
	case !neg && mag <= math.MaxInt64:
		return int64(mag), true
	case neg && mag <= math.MaxInt64:
		return -int64(mag), true
	case neg && mag == math.MaxInt64+1:
		return math.MinInt64, true
	}
	return 0, false
}

// parseFloat converts the number literal lit (checked by the scanner) to a
// float of the given bits, recording a problem when it is too large.
func (d *Decoder) parseFloat(lit []byte, bits int) (float64, bool) {
	if bits != 32 {
		bits = 64
		if f, ok := shortFloat(lit); ok {
			return f, true
		}
	}
	f, err := strconv.ParseFloat(string(lit), bits)
	if err != nil { // the syntax is right, so the value is out of range
		d.problem(excerpt(lit, false) + " is out of range for a " + strconv.Itoa(bits) + "-bit float")
		return 0, false
	}
	return f, true
}

// exactPow10 are the powers of ten up to 10^15, all exact in a float64.
var exactPow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15}

// exactPow10f32 are the powers of ten up to 10^10, all exact in a float32.
var exactPow10f32 = [...]float32{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10}

// shortFloat reads a number literal (valid JSON) of at most 15 digits and
// no exponent, the usual kind, without strconv: its digits make an integer
// m, exact in a float64, and m/10^places is then correctly rounded by the
// division itself, as strconv's own fast path reasons. ok is false for any
// other literal.
func shortFloat(lit []byte) (float64, bool) {
	m, places, neg, ok := shortDecimal(lit, 15)
	if !ok {
		return 0, false
	}
	f := float64(m) / exactPow10[places]
	if neg {
		f = -f
	}
	return f, true
}

// shortFloat32 is shortFloat for a float32: at most 7 digits (below 2^24,
// exact in a float32) and 10 places, divided in float32 arithmetic, which
// rounds once, as strconv.ParseFloat(lit, 32) does.
func shortFloat32(lit []byte) (float32, bool) {
	m, places, neg, ok := shortDecimal(lit, 7)
	if !ok || places >= len(exactPow10f32) {
		return 0, false
	}
	f := float32(m) / exactPow10f32[places]
	if neg {
		f = -f
	}
	return f, true
}

// shortDecimal reads a number literal (valid JSON) without an exponent and
// of at most maxDigits digits as the integer of its digits, the digits
// after its point, and its sign.
func shortDecimal(lit []byte, maxDigits int) (m uint64, places int, neg, ok bool) {
	neg = len(lit) > 0 && lit[0] == '-'
	i := 0
	if neg {
		i = 1
	}
	digits, point := 0, false
	for ; i < len(lit); i++ {
		c := lit[i]
		switch {
		case c >= '0' && c <= '9':
			m = m*10 + uint64(c-'0')
			digits++
			if point {
				places++
			}
		case c == '.' && !point:
			point = true
		default: // an exponent
			return 0, 0, false, false
		}
	}
	return m, places, neg, digits > 0 && digits <= maxDigits
}

func formatBound(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// anyArray reads an array as encoding/json decodes one into an any.
func (d *Decoder) anyArray() (any, bool) {
	_, ok := d.Array()
	if !ok {
		return nil, false
	}
	a := []any{}
	for d.Elem() {
		v, vok := d.Any()
		ok = ok && vok
		a = append(a, v)
	}
	return a, ok && !d.fatal
}

// anyObject reads an object as encoding/json decodes one into an any (the
// last of repeated keys wins).
func (d *Decoder) anyObject() (any, bool) {
	if !d.Object() {
		return nil, false
	}
	m := map[string]any{}
	ok := true
	for _, more := d.Field(); more; _, more = d.Field() {
		k := d.KeyString()
		v, vok := d.Any()
		ok = ok && vok
		m[k] = v
	}
	return m, ok && !d.fatal
}

// checkEnd records a syntax error if anything but white space follows the
// value read.
func (d *Decoder) checkEnd() {
	d.skipSpace()
	if d.pos >= len(d.data) {
		return
	}
	what := "the arguments"
	if d.sentFirstByte() == '{' {
		what = "the arguments object"
	}
	msg := "not valid JSON: unexpected data after " + what + " at offset " + strconv.Itoa(d.sentOffset(d.pos))
	if d.repairCtx != nil && d.dropProse(msg) {
		return
	}
	d.fail(msg)
}

// sentFirstByte is firstByte of the arguments as sent (repairs change
// d.data).
func (d *Decoder) sentFirstByte() byte {
	if d.rep != nil {
		return d.rep.first
	}
	return d.firstByte()
}

// firstByte returns the first byte of the arguments that is not white space.
func (d *Decoder) firstByte() byte {
	for _, c := range d.data {
		if !isSpace(c) {
			return c
		}
	}
	return 0
}

// count returns "1 noun" or "n nouns".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
