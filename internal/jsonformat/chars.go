package jsonformat

// The digit readers below serve the decoder (internal/wire) as well.

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// DigitsEnd returns the index of the first non-digit in s at or after i.
func DigitsEnd[T ~string | ~[]byte](s T, i int) int {
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return i
}

// HexValue returns the value of the hexadecimal digit c, or -1.
func HexValue(c byte) rune {
	switch {
	case isDigit(c):
		return rune(c - '0')
	case 'a' <= c && c <= 'f':
		return rune(c - 'a' + 10)
	case 'A' <= c && c <= 'F':
		return rune(c - 'A' + 10)
	}
	return -1
}
