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
