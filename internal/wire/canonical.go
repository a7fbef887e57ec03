package wire

// Canonical numbers for permission rules. A rule's glob over a number must
// not be sidestepped by spelling: 7, 7.0, 7e0 and 70e-1 are all read as 7
// by a tool, so all are matched as "7". The canonical form of a number is
// its exact decimal value, worked out from the literal's digits (never
// through a float):
//
//   - an integer is written without a fraction or exponent: 7, -12, 300;
//   - any other number as a plain decimal without trailing zeros: 0.5,
//     -12.25, 0.001;
//   - zero, -0 included, is 0;
//   - a number whose plain form would need more than maxPlainZeros zeros
//     that the literal did not write (1e999999999, 1e-500) is written in
//     exponent form instead: one digit, a fraction without trailing zeros
//     if any, e and the exponent: 1e999999999, -2.5e-500. That form is as
//     unique as the plain one, and keeps the text about as long as the
//     literal, so that a hostile exponent allocates nothing.

// maxPlainZeros bounds the zeros the plain form may add to a literal's
// digits.
const maxPlainZeros = 400

// AppendCanonicalJSON appends the JSON value raw (checked JSON) compacted,
// with every number, nested ones included, in its canonical form.
func AppendCanonicalJSON(dst, raw []byte) []byte {
	return appendCompact(dst, raw, true)
}

// appendCompact appends the checked JSON text b without the white space
// between tokens, and with its numbers in canonical form if canonical.
func appendCompact(dst, b []byte, canonical bool) []byte {
	inString := false
	start := 0
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case inString && c == '\\':
			i++
		case c == '"':
			inString = !inString
		case inString:
		case isSpace(c):
			dst = append(dst, b[start:i]...)
			start = i + 1
		case canonical && (c == '-' || isDigit(c)):
			dst = append(dst, b[start:i]...)
			end, _ := numberEnd(b, i)
			dst = AppendCanonicalNumber(dst, b[i:end])
			start = end
			i = end - 1
		}
	}
	return append(dst, b[start:]...)
}

// AppendCanonicalString appends s (valid UTF-8) as a JSON string in one
// spelling, RFC 8785's: nothing escaped but the quote, the backslash and
// control characters (\b \t \n \f \r, else \u00xx).
func AppendCanonicalString[S string | []byte](dst []byte, s S) []byte {
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			dst = append(dst, '\\', c)
		case c >= 0x20:
			dst = append(dst, c)
		case c == '\b':
			dst = append(dst, '\\', 'b')
		case c == '\t':
			dst = append(dst, '\\', 't')
		case c == '\n':
			dst = append(dst, '\\', 'n')
		case c == '\f':
			dst = append(dst, '\\', 'f')
		case c == '\r':
			dst = append(dst, '\\', 'r')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
	}
	return append(dst, '"')
}

// AppendCanonicalNumber appends the canonical form of the number literal
// lit (checked by the scanner).
func AppendCanonicalNumber(dst, lit []byte) []byte {
	n := splitLiteral(lit)
	digits := make([]byte, 0, len(n.intDigits)+len(n.frac))
	digits = append(append(digits, n.intDigits...), n.frac...)
	for len(digits) > 0 && digits[0] == '0' {
		digits = digits[1:]
	}
	trailing := 0
	for len(digits) > 0 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
		trailing++
	}
	if len(digits) == 0 {
		return append(dst, '0')
	}
	if n.neg {
		dst = append(dst, '-')
	}
	// The value is digits × 10^(exponent + shift).
	shift := int64(trailing - len(n.frac))
	if len(n.expDigits) <= 15 {
		scale := parseDecimal(n.expDigits)
		if n.expNeg {
			scale = -scale
		}
		scale += shift
		if plain, ok := appendPlain(dst, digits, scale); ok {
			return plain
		}
		return appendExponentForm(dst, digits, int64String(scale+int64(len(digits))-1))
	}
	// An exponent of 16 digits or more: far beyond maxPlainZeros, and
	// beyond an int64 maybe, so it is adjusted as a digit string; shift is
	// much smaller than it, so its sign does not change.
	adjust := shift + int64(len(digits)) - 1
	if n.expNeg {
		adjust = -adjust
	}
	mag := addSmall(n.expDigits, adjust)
	if n.expNeg {
		mag = append([]byte{'-'}, mag...)
	}
	return appendExponentForm(dst, digits, mag)
}

// parseDecimal returns the value of a few decimal digits ("" is 0).
func parseDecimal(digits []byte) int64 {
	var v int64
	for _, c := range digits {
		v = v*10 + int64(c-'0')
	}
	return v
}

// appendPlain appends digits × 10^scale as a plain decimal, or reports
// false when that needs more than maxPlainZeros added zeros.
func appendPlain(dst, digits []byte, scale int64) ([]byte, bool) {
	point := int64(len(digits)) + scale // digits before the decimal point
	switch {
	case scale >= 0 && scale <= maxPlainZeros:
		dst = append(dst, digits...)
		return appendZeros(dst, scale), true
	case scale >= 0:
		return dst, false
	case point > 0:
		dst = append(dst, digits[:point]...)
		dst = append(dst, '.')
		return append(dst, digits[point:]...), true
	case -point <= maxPlainZeros:
		dst = append(dst, '0', '.')
		dst = appendZeros(dst, -point)
		return append(dst, digits...), true
	}
	return dst, false
}

func appendZeros(dst []byte, n int64) []byte {
	for ; n > 0; n-- {
		dst = append(dst, '0')
	}
	return dst
}

// appendExponentForm appends d.ddd e exp, the fraction left out when there
// is a single digit.
func appendExponentForm(dst, digits, exp []byte) []byte {
	dst = append(dst, digits[0])
	if len(digits) > 1 {
		dst = append(dst, '.')
		dst = append(dst, digits[1:]...)
	}
	dst = append(dst, 'e')
	return append(dst, exp...)
}

func int64String(v int64) []byte {
	if v < 0 {
		return append([]byte{'-'}, uint64String(uint64(-v))...)
	}
	return uint64String(uint64(v))
}

func uint64String(v uint64) []byte {
	var buf [20]byte
	i := len(buf)
	for {
		i--
		buf[i] = byte('0' + v%10)
		v /= 10
		if v == 0 {
			return buf[i:]
		}
	}
}

// addSmall returns the decimal digits of mag + delta, where mag (decimal
// digits without leading zeros) is far greater than |delta|.
func addSmall(mag []byte, delta int64) []byte {
	out := make([]byte, len(mag)+1)
	neg := delta < 0
	d := uint64(delta)
	if neg {
		d = uint64(-delta)
	}
	carry := int64(0)
	for i := len(mag) - 1; i >= 0; i-- {
		digit := int64(mag[i]-'0') + carry
		if neg {
			digit -= int64(d % 10)
		} else {
			digit += int64(d % 10)
		}
		d /= 10
		carry = 0
		switch {
		case digit < 0:
			digit += 10
			carry = -1
		case digit > 9:
			digit -= 10
			carry = 1
		}
		out[i+1] = byte('0' + digit)
	}
	out[0] = byte('0' + carry) // mag > |delta|, so carry is 0 or 1
	for len(out) > 1 && out[0] == '0' {
		out = out[1:]
	}
	return out
}
