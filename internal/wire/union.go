package wire

// Unions. A tagged union's value is an object whose tag member names the
// member type, and the tag may come after the other members (models do not
// keep an order). The union's reader looks ahead with Tag, which scans the
// object on a throwaway copy of the read position until it finds the tag
// (stopping there: when the tag comes first, only its key and value are
// read twice), and then reads the whole object once with the member's
// reader, which records problems with their pointers as usual. Buffering
// the object instead would copy it and read every member twice.

// Tag looks ahead into the object that is the next value for its member
// name and returns that member's string value, without consuming anything
// or recording a problem. The bytes are valid until the next call. It
// reports false when the next value is not an object, has no such member,
// the member is not a string, or the object has a syntax error: the caller
// then calls BadTag, which reads the object and says what is wrong.
func (d *Decoder) Tag(name string) ([]byte, bool) {
	if d.fatal || d.peekKind() != KindObject {
		return nil, false
	}
	c := Decoder{data: d.data, pos: d.pos, scratch: d.scratch[:0]}
	if !c.object() {
		return nil, false
	}
	for key, ok := c.Field(); ok; key, ok = c.Field() {
		if string(key) != name {
			c.Skip()
			continue
		}
		if !c.is(KindString) && c.peekKind() != KindString {
			return nil, false
		}
		return c.StringBytes()
	}
	return nil, false
}

// BadTag reads the next value, the object of a union whose tag did not
// name one of its members (as Tag reported), and records why: the value is
// not an object, the tag member is missing or not a string, or its value is
// not one of known (ready to print: "circle", "square").
func (d *Decoder) BadTag(name, known string) {
	if !d.Object() {
		return
	}
	seen := false
	for key, ok := d.Field(); ok; key, ok = d.Field() {
		if seen || string(key) != name {
			d.Skip()
			continue
		}
		seen = true
		if s, ok := d.StringBytes(); ok {
			d.NotOneOf(s, known)
		}
	}
	if !seen && !d.fatal {
		d.Missing(name)
	}
}

// Expected records that the next value is none of the JSON types want
// names ("string or object": an untagged union's members), and skips it.
func (d *Decoder) Expected(want string) {
	switch k := d.peekKind(); {
	case d.fatal:
	case k == KindInvalid:
		d.failAt("looking for the start of a value")
	default:
		d.mismatch(want, k)
	}
}
