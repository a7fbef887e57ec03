package wire

import "encoding/json"

// RawValue reads any JSON value and returns its text without copying it:
// the bytes belong to the arguments, as those encoding/json hands to
// UnmarshalJSON belong to its input (a json.Unmarshaler that keeps them
// must copy them, as its contract says). For types that decode themselves.
// An object within the value that repeats a member name is a problem, as
// everywhere in the arguments ("duplicate member"): the bytes go to code that
// may read them another way.
func (d *Decoder) RawValue() ([]byte, bool) {
	k := d.Kind()
	if k == KindInvalid {
		d.failAt("looking for the start of a value")
		return nil, false
	}
	start := d.pos
	if (k == KindObject || k == KindArray) && !d.checked() && !d.noWalk {
		if end, ok := d.checkNames(); ok {
			d.pos = end
			return d.data[start:end:end], true
		}
	}
	d.skipValue()
	if d.fatal {
		return nil, false
	}
	return d.data[start:d.pos:d.pos], true
}

// Number reads a JSON number and keeps its literal text, as encoding/json
// reads a json.Number. A string holding a number, which encoding/json also
// accepts, is a problem here: the schema says number.
func (d *Decoder) Number() (json.Number, bool) {
	if !d.is(KindNumber) && !d.expect(typeNumber) {
		return "", false
	}
	lit, ok := d.scanNumber()
	if !ok {
		return "", false
	}
	return json.Number(d.store(lit)), true
}
