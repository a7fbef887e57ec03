package wire

import (
	"errors"
	"unicode/utf8"
)

// DecodeRune decodes the first rune of a string or byte slice. Only a few
// bytes are converted, so that the conversion needs no allocation.
func DecodeRune[T ~string | ~[]byte](s T) (rune, int) {
	var b [utf8.UTFMax]byte
	n := copy(b[:], s[:min(len(s), utf8.UTFMax)])
	return utf8.DecodeRune(b[:n])
}

// CheckJSON checks that b is exactly one JSON value, with the Decoder's
// scanner (empty input is an error here: there is no Reset).
func CheckJSON(b []byte) error {
	d := Decoder{data: b}
	d.skipValue()
	if !d.fatal {
		d.checkEnd()
	}
	if d.fatal {
		return errors.New(d.syntax)
	}
	return nil
}

// AppendCompact appends the JSON text b, which CheckJSON accepted, without
// the white space between tokens.
func AppendCompact(dst, b []byte) []byte {
	return appendCompact(dst, b, false)
}
