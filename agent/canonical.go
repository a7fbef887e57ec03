package agent

import (
	"slices"
	"unicode/utf16"

	"github.com/toolgen-dev/toolgen/internal/wire"
)

// canonicalJSON is the canonical form of the JSON value args, after RFC
// 8785 (the JSON Canonicalization Scheme), read as a tool reads it (with
// the decoder of generated dispatch): no white space; object members
// sorted by their keys' UTF-16 code units (members of one key keep their
// order, so a duplicated key's order still counts); strings with only the
// escapes RFC 8785 writes (\" \\ \b \f \n \r \t, \u00xx for the other
// control characters), every other character as itself, so "\u0041" is
// "A"; and each number in the canonical form of wire.AppendCanonicalNumber.
// That last is where it parts from RFC 8785, which writes a number as the
// shortest form of the nearest IEEE double: here a number's exact decimal
// value counts, so 100, 100.0 and 1e2 are one number while two amounts
// that differ past a double's precision stay two.
//
// ok is false when args are not JSON the decoder reads.
func canonicalJSON(args []byte) (canonical []byte, ok bool) {
	var d wire.Decoder
	d.Reset(args)
	canonical, ok = appendCanonicalValue(nil, &d)
	if d.Close() != nil {
		return nil, false
	}
	return canonical, ok
}

// appendCanonicalValue appends the canonical form of the value d is at.
func appendCanonicalValue(dst []byte, d *wire.Decoder) ([]byte, bool) {
	switch d.Kind() {
	case wire.KindObject:
		return appendCanonicalObject(dst, d)
	case wire.KindArray:
		if _, ok := d.Array(); !ok {
			return dst, false
		}
		dst = append(dst, '[')
		for n := 0; d.Elem(); n++ {
			if n > 0 {
				dst = append(dst, ',')
			}
			var ok bool
			if dst, ok = appendCanonicalValue(dst, d); !ok {
				return dst, false
			}
		}
		return append(dst, ']'), true
	case wire.KindString:
		s, ok := d.String()
		return wire.AppendCanonicalString(dst, s), ok
	case wire.KindNumber:
		n, ok := d.Number()
		return wire.AppendCanonicalNumber(dst, []byte(n)), ok
	case wire.KindBool:
		b, ok := d.Bool()
		if b {
			return append(dst, "true"...), ok
		}
		return append(dst, "false"...), ok
	case wire.KindNull:
		return append(dst, "null"...), d.Null()
	}
	return dst, false
}

// canonicalMember is an object member in canonical form.
type canonicalMember struct {
	key   string
	value []byte
}

func appendCanonicalObject(dst []byte, d *wire.Decoder) ([]byte, bool) {
	if !d.Object() {
		return dst, false
	}
	var members []canonicalMember
	for key, more := d.Field(); more; key, more = d.Field() {
		m := canonicalMember{key: string(key)} // the key is valid until the next Field
		var ok bool
		if m.value, ok = appendCanonicalValue(nil, d); !ok {
			return dst, false
		}
		members = append(members, m)
	}
	slices.SortStableFunc(members, func(a, b canonicalMember) int { return compareUTF16(a.key, b.key) })
	dst = append(dst, '{')
	for i, m := range members {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = wire.AppendCanonicalString(dst, m.key)
		dst = append(dst, ':')
		dst = append(dst, m.value...)
	}
	return append(dst, '}'), true
}

// compareUTF16 orders two strings by their UTF-16 code units, as RFC 8785
// sorts keys (it differs from byte order above U+FFFF).
func compareUTF16(a, b string) int {
	return slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b)))
}
