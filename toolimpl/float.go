package toolimpl

import (
	"math"
	"strconv"
)

// appendFloat formats f as encoding/json does: the shortest decimal that
// reads back as the same float of that many bits, without an exponent
// unless the magnitude is below 1e-6 or at least 1e21, and with a
// negative exponent's leading zero dropped (1e-7, not 1e-07).
func appendFloat(dst []byte, f float64, bits int) []byte {
	if bits != 32 {
		bits = 64
		if out, ok := appendShortDecimal(dst, f); ok {
			return out
		}
	}
	if abs := math.Abs(f); abs != 0 && exponentNeeded(abs, bits) {
		return dropExponentZero(strconv.AppendFloat(dst, f, 'e', -1, bits))
	}
	return strconv.AppendFloat(dst, f, 'f', -1, bits)
}

func exponentNeeded(abs float64, bits int) bool {
	if bits == 32 {
		a := float32(abs)
		return a < 1e-6 || a >= 1e21
	}
	return abs < 1e-6 || abs >= 1e21
}

// dropExponentZero turns a trailing e-0d into e-d.
func dropExponentZero(b []byte) []byte {
	n := len(b)
	if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1]
		return b[:n-1]
	}
	return b
}

// shortDecimalPlaces is how many decimal places appendShortDecimal tries.
const shortDecimalPlaces = 4

var pow10 = [shortDecimalPlaces + 1]float64{1, 10, 100, 1000, 10000}

// appendShortDecimal writes a float64 that is an integer or a decimal of at
// most shortDecimalPlaces places, as strconv's shortest form would, without
// its general algorithm; ok is false for any other float.
//
// Why it agrees with strconv: for the fewest places k whose nearest decimal
// n/10^k reads back as f, that decimal is the shortest form. With |f·10^k|
// below 2^50, f·10^k rounds to n (its error is far below one half), no other
// decimal of k places reads back as f, and float64(n)/10^k is exactly what
// reading the decimal gives, since n and 10^k are exact and division rounds
// correctly.
func appendShortDecimal(dst []byte, f float64) ([]byte, bool) {
	if f == 0 || math.Abs(f) < 1e-6 { // zero keeps its sign; small ones need an exponent
		return dst, false
	}
	for k, p := range pow10 {
		m := f * p
		if math.Abs(m) >= 1<<50 {
			return dst, false
		}
		n := math.Round(m)
		if n/p != f {
			continue
		}
		return appendDecimal(dst, int64(n), k), true
	}
	return dst, false
}

// appendDecimal writes n/10^places in plain decimal notation; |n| is
// below 2^50 and places at most shortDecimalPlaces.
func appendDecimal(dst []byte, n int64, places int) []byte {
	var buf [24]byte
	i := len(buf)
	u := uint64(n)
	if n < 0 {
		u = -u
	}
	for range places {
		i--
		buf[i] = '0' + byte(u%10)
		u /= 10
	}
	if places > 0 {
		i--
		buf[i] = '.'
	}
	for {
		i--
		buf[i] = '0' + byte(u%10)
		if u /= 10; u == 0 {
			break
		}
	}
	if n < 0 {
		i--
		buf[i] = '-'
	}
	return append(dst, buf[i:]...)
}
