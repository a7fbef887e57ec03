package wire

import (
	"math"
	"math/bits"
	"strconv"

	"github.com/toolgen-dev/toolgen/internal/jsonformat"
)

// Exact integer reading. JSON Schema's integer is any number whose value has
// no fractional part, whatever its spelling: 300, 3e2, 300.0 and 3000e-1 are
// all the integer 300. The value is worked out from the literal's digits and
// exponent, never through a float, so that it is exact, and a huge exponent
// is settled without big arithmetic.

// intClass says what a number literal is as an integer.
type intClass byte

const (
	intExact    intClass = iota // an integer that fits in a uint64 (with its sign)
	intFraction                 // not an integer
	intOverflow                 // an integer too large for a uint64
)

// maxExponent caps the exponent read from a literal; beyond it every
// non-zero value is out of range or fractional anyway.
const maxExponent = 1 << 30

// parseInteger returns the sign and magnitude of the integer that the
// number literal lit (checked by the scanner) stands for.
func parseInteger(lit []byte) (neg bool, mag uint64, class intClass) {
	if v, ok := smallInteger(lit); ok {
		return false, v, intExact
	}
	n := splitNumber(lit)
	m := mantissa{}
	m.add(n.intDigits)
	m.add(n.frac)
	switch scale := n.exp - len(n.frac) + m.trailingZeros; {
	case m.zero():
		return n.neg, 0, intExact
	case scale < 0:
		return n.neg, 0, intFraction
	case !m.overflow:
		if mag, ok := scaleUp(m.value, scale); ok {
			return n.neg, mag, intExact
		}
	}
	return n.neg, 0, intOverflow
}

// numberParts are the parts of a number literal: -12.50e3 is neg, "12",
// "50" and 3.
type numberParts struct {
	neg             bool
	intDigits, frac []byte
	exp             int
}

func splitNumber(lit []byte) numberParts {
	p := splitLiteral(lit)
	return numberParts{neg: p.neg, intDigits: p.intDigits, frac: p.frac, exp: exponentValue(p.expNeg, p.expDigits)}
}

// literalParts are the parts of a number literal: -012.50e-007 is neg,
// "012", "50", expNeg and "7" (the exponent without leading zeros).
type literalParts struct {
	neg, expNeg     bool
	intDigits, frac []byte
	expDigits       []byte
}

func splitLiteral(lit []byte) literalParts {
	var n literalParts
	i := 0
	if lit[0] == '-' {
		n.neg = true
		i++
	}
	end := jsonformat.DigitsEnd(lit, i)
	n.intDigits, i = lit[i:end], end
	if i < len(lit) && lit[i] == '.' {
		end = jsonformat.DigitsEnd(lit, i+1)
		n.frac, i = lit[i+1:end], end
	}
	if i < len(lit) { // e or E
		i++
		switch lit[i] {
		case '-':
			n.expNeg = true
			i++
		case '+':
			i++
		}
		for i < len(lit)-1 && lit[i] == '0' {
			i++
		}
		n.expDigits = lit[i:]
	}
	return n
}

// numberFollow marks the bytes that may follow a number in valid JSON,
// which end its literal: white space, a comma and closing brackets.
var numberFollow = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, ',': true, '}': true, ']': true}

// smallInt is Int's fast path: the value of the number literal at
// data[i] and where it ends, when it is an integer of at most 18 digits
// spelled plainly (no leading zero, fraction or exponent), so that it fits
// in an int64 and numberEnd would end it there too; false for anything
// else, which Int reads the long way.
func smallInt(data []byte, i int) (v int64, end int, ok bool) {
	if uint(i) >= uint(len(data)) {
		return 0, 0, false
	}
	neg := data[i] == '-'
	if neg {
		i++
	}
	start := i
	for ; i < len(data); i++ {
		c := data[i] - '0'
		if c > 9 {
			break
		}
		v = v*10 + int64(c)
	}
	n := i - start
	switch {
	case n == 0 || n > 18 || n > 1 && data[start] == '0':
		return 0, 0, false
	case i < len(data) && (data[i] == '.' || data[i]|0x20 == 'e'):
		return 0, 0, false
	case neg:
		return -v, i, true
	}
	return v, i, true
}

// smallInteger is parseInteger's fast path: the value of lit when it is
// only digits, few enough not to overflow.
func smallInteger(lit []byte) (uint64, bool) {
	if len(lit) > 19 {
		return 0, false
	}
	var v uint64
	for _, c := range lit {
		if !isDigit(c) {
			return 0, false
		}
		v = v*10 + uint64(c-'0')
	}
	return v, true
}

// exponentValue is the value of an exponent's digits, capped at
// ±maxExponent.
func exponentValue(neg bool, digits []byte) int {
	e := 0
	for _, c := range digits {
		if e < maxExponent {
			e = e*10 + int(c-'0')
		}
	}
	e = min(e, maxExponent)
	if neg {
		return -e
	}
	return e
}

// mantissa accumulates the digits of a number literal, without its
// trailing zeros (counted apart, as they only scale the value).
type mantissa struct {
	value         uint64
	overflow      bool // the digits do not fit in value
	trailingZeros int  // zeros seen since the last non-zero digit
	nonZero       bool
}

func (m *mantissa) add(digits []byte) {
	for _, c := range digits {
		if c == '0' {
			m.trailingZeros++
			continue
		}
		// The zeros were not trailing after all.
		for ; m.trailingZeros > 0; m.trailingZeros-- {
			m.push(0)
		}
		m.push(uint64(c - '0'))
		m.nonZero = true
	}
}

func (m *mantissa) push(digit uint64) {
	hi, lo := bits.Mul64(m.value, 10)
	lo, carry := bits.Add64(lo, digit, 0)
	if hi != 0 || carry != 0 {
		m.overflow = true
	}
	m.value = lo
}

func (m *mantissa) zero() bool { return !m.nonZero }

// scaleUp returns v×10^scale, and false if it does not fit in a uint64.
func scaleUp(v uint64, scale int) (uint64, bool) {
	for ; scale > 0; scale-- {
		if v > math.MaxUint64/10 {
			return 0, false
		}
		v *= 10
	}
	return v, true
}

// maxFloat32 is the largest number a float32 field accepts: the shortest
// decimal that reads back as math.MaxFloat32, which is what schemas show
// as a float32's maximum. Numbers between math.MaxFloat32 and it round
// to math.MaxFloat32.
const maxFloat32 = 3.4028235e+38

// narrowFloat rounds f, read from lit, to a float of the given bits. A
// float32 beyond ±maxFloat32 (possible only when the caller gave no
// bound) is out of range, as it would round to an infinity.
func (d *Decoder) narrowFloat(lit []byte, f float64, bits int) (float64, bool) {
	if bits != 32 {
		return f, true
	}
	if math.Abs(f) > maxFloat32 {
		d.problem(excerpt(lit, false) + " is out of range for a 32-bit float")
		return 0, false
	}
	// Rounded once, from the literal, as encoding/json reads a float32:
	// rounding f again could take a literal just past a float32 halfway
	// point to the wrong side (1.0000000596046447753906251 is not 1).
	if f32, ok := shortFloat32(lit); ok {
		return float64(f32), true
	}
	// No error: |f| <= maxFloat32 is below where a float32 overflows.
	f32, _ := strconv.ParseFloat(string(lit), 32)
	return f32, true
}
