package wire

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"math"
	"regexp"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/toolgen-dev/toolgen/internal/jsonformat"
)

// Kind is the kind of a JSON value.
type Kind byte

// The kinds of JSON values. KindInvalid is what Kind reports at the end of the
// input or after a syntax error.
const (
	KindInvalid Kind = iota
	KindNull
	KindBool
	KindNumber
	KindString
	KindArray
	KindObject
)

// Decoder reads a tool's JSON arguments in one pass, without reflection, and
// collects every problem it finds with its JSON pointer. Generated dispatch
// drives it; it is exported for generated code, not as a general JSON API.
//
// Use: Reset, then one read of the top-level value (generated code calls
// Object), then Close for the verdict. A read method that finds the wrong
// kind of value records a problem, skips the value and reports false, so the
// caller carries on and more problems are found in one call. A syntax error
// stops everything: after it every read reports false and Close reports only
// the syntax error.
//
// A Decoder is meant to live on the caller's stack; the zero value is ready
// after Reset. Strings it returns stay valid forever (they are never
// overwritten); byte slices it returns are valid until the next call.
type Decoder struct {
	data  []byte
	pos   int
	depth int // open arrays and objects, read or skipped

	fatal  bool   // a syntax error stopped reading
	syntax string // its message

	problems []Problem
	omitted  int // problems beyond maxProblems

	// The path to the current value: the open containers, in segs while
	// they fit (so that the Decoder does not allocate for them), then in deep.
	segs [16]segment
	deep []segment
	nseg int
	// checkedSeg is 1 + the index of the segment whose object a nameWalk
	// looked through last, 0 before any (see checked).
	checkedSeg int32
	// noWalk: Object and RawValue read without a nameWalk (SkipNameWalks).
	noWalk bool

	arena   []byte // string storage, see store
	spare   int    // room the arena sets aside for a result (ReserveSpare)
	scratch []byte // unescaped bytes returned by StringBytes and Field

	// Repairs (repair.go): the context that may ask for them, nil when it
	// does not; and what was repaired, allocated at the first repair.
	repairCtx context.Context
	rep       *repairLog
}

// Reset prepares d to read args. Empty or all-whitespace args read as {}: a
// tool without parameters accepts a model that sends nothing.
func (d *Decoder) Reset(args []byte) {
	// Field by field: the segments need no clearing, and the scratch
	// buffer and the deep stack can be reused (no string points into them).
	// A pointer field is written only when it is not as wanted already:
	// while the collector marks, each pointer store costs a write barrier,
	// and the usual Decoder here is a fresh one, all zero.
	d.data, d.pos, d.depth = args, 0, 0
	d.fatal, d.omitted, d.nseg, d.spare = false, 0, 0, 0
	if d.checkedSeg != 0 || d.noWalk {
		d.checkedSeg, d.noWalk = 0, false
	}
	if d.syntax != "" {
		d.syntax = ""
	}
	if d.problems != nil {
		d.problems = nil
	}
	if len(d.deep) != 0 {
		d.deep = d.deep[:0]
	}
	if d.arena != nil {
		d.arena = nil
	}
	if len(d.scratch) != 0 {
		d.scratch = d.scratch[:0]
	}
	if d.repairCtx != nil {
		d.repairCtx = nil
	}
	if d.rep != nil {
		d.rep = nil
	}
	switch {
	case onlySpace(args):
		d.data = emptyObject
	case len(args) > maxArgs:
		d.fail("arguments larger than 2 GiB")
	}
}

// Kind reports the kind of the next value without consuming it.
func (d *Decoder) Kind() Kind { return d.peekKind() }

// Object starts reading an object member by member, with Field. It reports
// false, having recorded "expected object, got K" and skipped the value, if
// the next value is not an object, and false on a syntax error. Unless an
// object around it was, the object is first looked through for repeated
// member names, at any depth, each a problem ("duplicate member"): Field
// hands every member out, repeated or not, and the caller (a map, a value
// read as any) may keep the last, but Close refuses the arguments.
func (d *Decoder) Object() bool {
	if !d.is(KindObject) && !d.expect(typeObject) {
		return false
	}
	if d.checked() || d.noWalk {
		return d.push(true)
	}
	if _, ok := d.checkNames(); !ok {
		return d.push(true) // the syntax error is the read's to find
	}
	if !d.push(true) {
		return false
	}
	d.top().checked = true
	d.checkedSeg = int32(d.nseg)
	return true
}

// SkipNameWalks makes Object and RawValue read, until the next Reset,
// without first looking their value through for repeated member names:
// for a reader that refuses a repeated name itself at the level it reads
// and looks through (CheckNames) any value it hands on. Package mcp's fast
// path reads a request's envelope so, and walks only the arguments, once.
// An ObjectReader still refuses a repeated member of its object.
func (d *Decoder) SkipNameWalks() { d.noWalk = true }

// object is Object without the look for repeated names, for readers that
// find them themselves (ObjectReader) or read a member or two (Tag).
func (d *Decoder) object() bool {
	return (d.is(KindObject) || d.expect(typeObject)) && d.push(true)
}

// Field advances to the next member of the object started by Object and
// returns its key, unescaped (valid until the next call). Problems recorded
// until the next Field name that member (/key). The caller must consume the
// member's value exactly once, with a read method, Skip or Unknown. Field
// reports false after the closing brace, or on a syntax error.
func (d *Decoder) Field() ([]byte, bool) {
	// The usual case, checked without calls: an object whose segment is
	// in d.segs, and a plain key and its colon right there, after the
	// comma that ends the previous member. Anything else is left to
	// fieldSlow, which starts again from d.pos. (ObjectReader.Next has
	// the same path written out.)
	n := d.nseg - 1
	if uint(n) >= uint(len(d.segs)) {
		return d.fieldSlow()
	}
	s := &d.segs[n]
	data, pos := d.data, d.pos
	if s.n > 0 {
		if uint(pos) >= uint(len(data)) || data[pos] != ',' {
			return d.fieldSlow()
		}
		pos++
	}
	if !s.object || uint(pos) >= uint(len(data)) || data[pos] != '"' {
		return d.fieldSlow()
	}
	pos++
	end := plainEnd(data, pos)
	if uint(end+1) >= uint(len(data)) || binary.LittleEndian.Uint16(data[end:end+2]) != '"'|':'<<8 {
		return d.fieldSlow()
	}
	d.pos = end + 2
	s.n++
	s.keyStart, s.keyEnd, s.keyPlain = int32(pos), int32(end), true
	return data[pos:end], true
}

// fieldSlow is Field where its fast path finds no plain key right there.
func (d *Decoder) fieldSlow() ([]byte, bool) {
	s := d.top()
	if s == nil || !s.object {
		return nil, false
	}
	return d.fieldRest(s)
}

// fieldRest is Field where the next key is not plain, or white space or the
// end of the object comes first.
func (d *Decoder) fieldRest(s *segment) ([]byte, bool) {
	if d.at('}') {
		d.pos++ // the end, right there
		d.end()
		return nil, false
	}
	if s.n > 0 && d.at(',') {
		d.pos++ // the usual case, without next's checks
		if d.repairCtx != nil && d.trailingComma('}') {
			d.end()
			return nil, false
		}
	} else if !d.next(s.n == 0, '}') {
		d.end()
		return nil, false
	}
	start, end, plain := d.memberKey()
	if d.fatal {
		return nil, false
	}
	s.n++
	s.keyStart, s.keyEnd, s.keyPlain = int32(start), int32(end), plain
	if plain {
		return d.data[start:end], true
	}
	return d.unescape(start, end), true
}

// KeyString returns the current member's key as a string (for map keys).
func (d *Decoder) KeyString() string {
	s := d.top()
	if s == nil || !s.object || s.n == 0 {
		return ""
	}
	return d.store(d.contents(int(s.keyStart), int(s.keyEnd), s.keyPlain))
}

// Array starts reading an array. Like Object, it reports false after
// recording a problem when the value is not an array. The count it reports
// is a capacity hint for generated code of earlier versions, and always 0:
// counting the elements ahead would read the array twice, so callers grow
// by appending.
func (d *Decoder) Array() (n int, ok bool) {
	if !d.is(KindArray) && !d.expect(typeArray) {
		return 0, false
	}
	return 0, d.push(false)
}

// Elem advances to the next element of the array started by Array; problems
// recorded until the next Elem name that element (/key/3). It reports false
// after the closing bracket, or on a syntax error.
func (d *Decoder) Elem() bool {
	// The usual cases first, without calls: an array whose segment is in
	// d.segs, and a comma, or the first element, right there.
	if n := d.nseg - 1; uint(n) < uint(len(d.segs)) && !d.segs[n].object {
		s := &d.segs[n]
		if pos := d.pos; uint(pos) < uint(len(d.data)) {
			c := d.data[pos]
			if s.n > 0 && c == ',' && d.repairCtx == nil {
				d.pos++
				s.n++
				return true
			}
			if s.n == 0 && c > ' ' && c != ']' {
				// whoever reads the first element checks it
				s.n++
				return true
			}
		}
	}
	return d.elemRest()
}

// elemRest is Elem for the cases its fast path leaves.
func (d *Decoder) elemRest() bool {
	s := d.top()
	if s == nil || s.object {
		return false
	}
	if d.at(']') {
		d.pos++ // the end, right there
		d.end()
		return false
	}
	if s.n > 0 && d.at(',') {
		d.pos++ // the usual case, without next's checks
		if d.repairCtx != nil && d.pos < len(d.data) && kinds[d.data[d.pos]] == KindInvalid && d.trailingComma(']') {
			d.end()
			return false
		}
	} else if s.n == 0 && d.pos < len(d.data) && d.data[d.pos] > ' ' && d.data[d.pos] != ']' {
		// the first element, right there: whoever reads it checks it
	} else if !d.next(s.n == 0, ']') {
		d.end()
		return false
	}
	s.n++
	return true
}

// Null consumes a null and reports true, or leaves any other value unread
// and reports false.
func (d *Decoder) Null() bool {
	if d.Kind() != KindNull {
		return false
	}
	return d.literal("null")
}

// String reads a string. With repairs asked for (RepairIfAsked), a number
// in its canonical spelling is read as its text.
func (d *Decoder) String() (string, bool) {
	if !d.is(KindString) && !d.expect(typeText) {
		return "", false
	}
	data := d.data
	start := d.pos + 1
	i := plainEnd(data, start)
	if i < len(data) && data[i] == '"' {
		d.pos = i + 1
		return d.storePlain(data, start, i), true
	}
	return d.stringRest(start, i)
}

// StringBytes reads a string and returns its unescaped bytes, valid until the
// next call, without allocating (for enums and encoding.TextUnmarshaler).
func (d *Decoder) StringBytes() ([]byte, bool) {
	if !d.is(KindString) && !d.expect(typeString) {
		return nil, false
	}
	data := d.data
	start := d.pos + 1
	if i := plainEnd(data, start); i < len(data) && data[i] == '"' {
		d.pos = i + 1 // the usual case, without a call
		return data[start:i], true
	}
	start, end, plain := d.scanString()
	switch {
	case plain:
		return d.data[start:end], true
	case d.fatal:
		return nil, false
	}
	return d.unescape(start, end), true
}

// Bool reads true or false.
func (d *Decoder) Bool() (bool, bool) {
	if !d.is(KindBool) && !d.expect(typeBoolean) {
		return false, false
	}
	if d.data[d.pos] == 't' {
		return true, d.literal("true")
	}
	return false, d.literal("false")
}

// Int reads an integer in [min, max]. As in JSON Schema, an integer is a
// number with no fractional part: 3, 3.0 and 3e2 are integers, 3.5 is not.
func (d *Decoder) Int(min, max int64) (int64, bool) {
	// The usual case, without a call: a few digits, plainly spelled (as
	// smallInt reads them), then a byte that ends the number.
	data, i := d.data, d.pos
	var v int64
	for ; i < len(data) && i-d.pos < 18; i++ {
		c := data[i] - '0'
		if c > 9 {
			break
		}
		v = v*10 + int64(c)
	}
	if n := i - d.pos; n > 0 && i < len(data) && (data[d.pos] != '0' || n == 1) && numberFollow[data[i]] && min <= v && v <= max {
		d.pos = i
		return v, true
	}
	if v, end, ok := smallInt(d.data, d.pos); ok && min <= v && v <= max {
		d.pos = end
		return v, true
	}
	return d.intRest(min, max)
}

// intRest is Int beyond smallInt: any spelling of an integer, and the
// problems.
func (d *Decoder) intRest(min, max int64) (int64, bool) {
	lit, neg, mag, fits, ok := d.integer()
	if !ok {
		return 0, false
	}
	v, inRange := toInt64(neg, mag)
	inRange = inRange && fits
	switch {
	case !inRange && neg, inRange && v < min:
		d.problem(excerpt(lit, false) + " is less than the minimum " + strconv.FormatInt(min, 10))
	case !inRange, v > max:
		d.problem(excerpt(lit, false) + " is greater than the maximum " + strconv.FormatInt(max, 10))
	default:
		return v, true
	}
	return 0, false
}

// Uint reads an unsigned integer in [min, max].
func (d *Decoder) Uint(min, max uint64) (uint64, bool) {
	lit, neg, mag, fits, ok := d.integer()
	if !ok {
		return 0, false
	}
	switch {
	case neg && (mag != 0 || !fits), fits && mag < min: // -0 is 0
		d.problem(excerpt(lit, false) + " is less than the minimum " + strconv.FormatUint(min, 10))
	case !fits || mag > max:
		d.problem(excerpt(lit, false) + " is greater than the maximum " + strconv.FormatUint(max, 10))
	default:
		return mag, true
	}
	return 0, false
}

// Float reads a number in [min, max] (use ±Inf for no bound) that fits in a
// float of the given bits (32 or 64). The bounds are compared with the
// number read as a float64, before it is rounded to 32 bits, so that they
// mean what the schema's minimum and maximum say (see narrowFloat).
func (d *Decoder) Float(min, max float64, bits int) (float64, bool) {
	if !d.is(KindNumber) && !d.expect(typeNumber) {
		return 0, false
	}
	lit, ok := d.scanNumber()
	if !ok {
		return 0, false
	}
	f, ok := d.parseFloat(lit, 64)
	switch {
	case !ok:
	case f < min:
		d.problem(excerpt(lit, false) + " is less than the minimum " + formatBound(min))
	case f > max:
		d.problem(excerpt(lit, false) + " is greater than the maximum " + formatBound(max))
	default:
		return d.narrowFloat(lit, f, bits)
	}
	return 0, false
}

// Bytes reads a base64 string (standard alphabet, as encoding/json writes
// []byte) into a new slice.
func (d *Decoder) Bytes() ([]byte, bool) {
	s, ok := d.StringBytes()
	if !ok {
		return nil, false
	}
	b := make([]byte, base64.StdEncoding.DecodedLen(len(s)))
	n, err := base64.StdEncoding.Decode(b, s)
	if err != nil {
		d.problem("expected base64 string: " + err.Error())
		return nil, false
	}
	return b[:n], true
}

// Time reads a string in RFC 3339's date-time format, exactly as the
// schema's format date-time says (see jsonformat.ParseDateTime: lower case t and z
// and leap seconds are accepted, which encoding/json rejects).
func (d *Decoder) Time() (time.Time, bool) {
	s, ok := d.StringBytes()
	if !ok {
		return time.Time{}, false
	}
	t, ok := jsonformat.ParseDateTime(s)
	if !ok {
		d.problem(quote(s) + ` is not an RFC 3339 date-time (like "2026-01-02T15:04:05Z")`)
		return time.Time{}, false
	}
	return t, true
}

// Raw reads any JSON value and returns a copy of its text.
func (d *Decoder) Raw() ([]byte, bool) {
	b, ok := d.RawValue()
	if !ok {
		return nil, false
	}
	return append([]byte(nil), b...), true
}

// Any reads any JSON value as encoding/json decodes into an any: nil, bool,
// float64, string, []any or map[string]any.
func (d *Decoder) Any() (any, bool) {
	switch d.Kind() {
	case KindNull:
		return nil, d.Null()
	case KindBool:
		b, ok := d.Bool()
		return b, ok
	case KindNumber:
		return d.Float(math.Inf(-1), math.Inf(1), 64)
	case KindString:
		return d.String()
	case KindArray:
		return d.anyArray()
	case KindObject:
		return d.anyObject()
	}
	d.failAt("looking for the start of a value")
	return nil, false
}

// Skip consumes the next value, checking its syntax.
func (d *Decoder) Skip() {
	if !d.fatal {
		d.skipValue()
	}
}

// Unknown records that the current member is not a known field and skips
// its value. known lists the known fields, ready to print ("a", "b").
func (d *Decoder) Unknown(known string) {
	if known == "" {
		d.problem("unknown field (this object has no fields)")
	} else {
		d.problem("unknown field (known fields: " + known + ")")
	}
	d.Skip()
}

// Missing records that the current object lacks the required member name.
func (d *Decoder) Missing(name string) {
	if d.fatal {
		return
	}
	if d.inRepaired() {
		d.failRepair()
		return
	}
	d.problemAt(d.memberPointer(name), "missing (required)")
}

// memberPointer is the pointer of the member name of the current object.
func (d *Decoder) memberPointer(name string) string {
	return string(AppendPointerToken(append([]byte(d.pointer()), '/'), name))
}

// NotOneOf records that the string just read is not one of allowed (ready to
// print: "c", "f").
func (d *Decoder) NotOneOf(got []byte, allowed string) {
	d.problem(quote(got) + " is not one of " + allowed)
}

// NotOneOfInt records that the integer just read is not one of allowed.
func (d *Decoder) NotOneOfInt(got int64, allowed string) {
	d.problem(strconv.FormatInt(got, 10) + " is not one of " + allowed)
}

// Invalid records msg as a problem with the value just read.
func (d *Decoder) Invalid(msg string) {
	d.problem(msg)
}

// CheckLength checks that s has at least min and, when max >= 0, at most max
// characters (Unicode code points, as JSON Schema counts them).
func (d *Decoder) CheckLength(s string, min, max int) {
	n := utf8.RuneCountInString(s)
	switch {
	case n < min:
		d.problem(quote(s) + " is " + count(n, "character") + " long, shorter than the minimum " + strconv.Itoa(min))
	case max >= 0 && n > max:
		d.problem(quote(s) + " is " + count(n, "character") + " long, longer than the maximum " + strconv.Itoa(max))
	}
}

// CheckItems checks that an array of n elements has at least min and, when
// max >= 0, at most max.
func (d *Decoder) CheckItems(n, min, max int) {
	switch {
	case n < min:
		d.problem("has " + count(n, "item") + ", fewer than the minimum " + strconv.Itoa(min))
	case max >= 0 && n > max:
		d.problem("has " + count(n, "item") + ", more than the maximum " + strconv.Itoa(max))
	}
}

// MatchPattern checks that re matches s (unanchored, as JSON Schema's
// pattern), where re is the RE2 translation of the schema's ECMA-262
// pattern; a problem quotes pattern as the schema writes it.
func (d *Decoder) MatchPattern(s string, re *regexp.Regexp, pattern string) {
	if d.rep != nil && d.repairedText() {
		d.failRepair() // a number read as a string, where the string has a structure
	}
	if !re.MatchString(s) {
		d.problem(quote(s) + " does not match the pattern " + pattern)
	}
}

// CheckFormat checks s against a JSON Schema format that toolgen supports
// (see Formats).
func (d *Decoder) CheckFormat(s string, format string) {
	if d.rep != nil && d.repairedText() {
		d.failRepair() // as in MatchPattern
	}
	if valid, known := jsonformat.Valid(s, format); known && !valid {
		d.problem(quote(s) + " is not a valid " + format)
	}
}

// Close checks that nothing but white space follows the value read and
// returns the verdict: nil, or an *ArgsError listing every problem. After
// repairs (RepairIfAsked), nil also reports them to the context's receiver;
// arguments the repairs did not make whole get the error they have as
// sent.
func (d *Decoder) Close() error {
	if !d.fatal {
		d.checkEnd()
	}
	if d.rep != nil && len(d.rep.notes) > 0 {
		return d.repairVerdict()
	}
	switch {
	case d.fatal:
		return &ArgsError{Problems: []Problem{{Message: d.syntax}}}
	case len(d.problems) > 0:
		return &ArgsError{Problems: d.problems, omitted: d.omitted}
	}
	return nil
}

// ReserveSpare makes the string storage, when the arguments need any, set
// aside n bytes (spareMin when n is not positive) for a result, which Spare
// then hands out: a call whose arguments hold strings and whose result fits
// allocates once for both. Call it after Reset.
func (d *Decoder) ReserveSpare(n int) {
	if n <= 0 {
		n = spareMin
	}
	d.spare = n
}

// Spare returns room for an Encoder (see Encoder.Reset): the spare capacity
// of d's string storage, so that the result is written into memory already
// allocated for the arguments, or, when that is less than the room reserved
// (spareMin when none was), a new buffer of that size.
//
// The spare capacity is handed out once: the arena's capacity is clipped,
// so that a string stored later goes to a new chunk instead of over the
// encoded result (see store).
func (d *Decoder) Spare() []byte {
	n, want := len(d.arena), d.spare
	if want == 0 { // none reserved
		want = spareMin
	}
	if cap(d.arena)-n < want {
		return make([]byte, 0, want)
	}
	spare := d.arena[n:n]
	d.arena = d.arena[:n:n]
	return spare
}

// Formats lists the JSON Schema formats that CheckFormat checks.
var Formats = jsonformat.Names()

// ArgsError is the verdict on arguments that could not be read: every problem
// found, or the one syntax error that stopped reading.
type ArgsError struct {
	Problems []Problem
	omitted  int // problems found beyond the ones listed
}

// Problem is one thing wrong with the arguments.
type Problem struct {
	// Pointer is the JSON pointer (RFC 6901) of the value, "" for the whole
	// arguments object.
	Pointer string
	Message string
}

// Error lists the problems for a model to read:
//
//	invalid arguments: /unit: "kelvin" is not one of "c", "f"; /city: missing (required)
func (e *ArgsError) Error() string {
	return errorText(e.Problems, e.omitted)
}
