package wire

import (
	"bytes"
	"context"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/argrepair"
)

// Repairs of malformed arguments.
//
// A model sends a tool arguments that break the schema in ways whose fix is
// certain once the Go type being read is known: a string holding the JSON
// array that a []string parameter wants, "3" for an int, a single value
// where an array belongs, userId for user_id, the whole arguments in a
// Markdown code fence, a trailing comma, Python's True for a bool. A
// generic JSON repair cannot know that tags is a []string; the read method
// the generated code calls can: String, Int, Array and ObjectReader.Unknown
// each know what they want. So the repairs live here, made per value, by
// the read method that finds the wrong kind of value, and never as a pass
// over the JSON that guesses.
//
// What is repaired, and nothing else (the doc of toolimpl lists it for
// users):
//
//   - a string holding exactly one JSON array or object (white space around
//     it allowed), where an array or object is read: read as that value;
//   - a string holding exactly a JSON number literal (RFC 8259's grammar: no
//     white space, no +, no hex, no leading zeros), where a number is read:
//     read as that number, with the bounds, integrality and enum checks of
//     the unquoted number ("3.0" is the integer 3, as 3.0 is);
//   - "true" or "false" where a boolean is read;
//   - a number where a plain string is read (String: not an enum, a time,
//     bytes or a text type without checks), when its literal is the
//     canonical one (42, -7, 0.5; not 1e3, 1.50 or -0, whose text a
//     model may not mean): read as that text; a pattern or a format on the
//     string refuses the repair, passed or not, since such strings have a
//     structure (a zip code, a phone number) that a number may have lost;
//   - a single string, number, boolean or object where an array is read as
//     an object's member (not as an element: [1,2] for a [][]int is
//     ambiguous): read as an array of one. A string is not wrapped when it
//     is empty, starts with [, { or ", or holds white space or a , ; or |,
//     since it may be a list in another spelling;
//   - an unknown member name whose snake_case form is that of exactly one
//     known name (userId, UserID and user-id for user_id), when neither that
//     name nor another variant of it is in the object;
//   - a trailing comma before } or ] in a value read as an object or array.
//
// And the syntax that models write when they write Python or JavaScript,
// or prose (repair_syntax.go), where the read that meets it makes the fix
// certain; never within a value skipped (an unknown member, a
// json.RawMessage, a union's object while its tag is looked for), and
// within an any only what needs no type (None as a member, a name in
// single quotes, control characters in a string):
//
//   - Python's True or False where a boolean is read (not where a string
//     is: True is no certain "True");
//   - Python's None as an object's member, read as null: it stands where
//     null does (a pointer, a member that reads null as absent, an any),
//     and a value of another type (a required int) refuses it;
//   - a string in single quotes where a string is read, and a member name
//     in single quotes: 'it\'s' is it's, and 'say "hi"' holds the double
//     quotes; the string ends at the first quote not escaped, so 'it's'
//     is refused, and an escape JSON has not (\x41) is refused;
//   - a member name without quotes ({city: "Paris"}) that is exactly a
//     known name of the object being read (ObjectReader); a map's key or
//     any other name without quotes is refused;
//   - control characters (a line break, a tab) written as themselves in a
//     string read by String, escaped, and \' in it read as ' (no other
//     escape JSON has not: \d is d to JavaScript, \d to Python);
//   - text around the arguments: one Markdown code fence (```json or ```,
//     each fence a line of its own), or one object, with prose or nothing
//     before and after it. Prose holds no bracket or brace (a second
//     object is ambiguous), no backquote, no <, > or | (a special token),
//     no backslash and no quoted name and a colon; text before the object
//     must not start as a JSON value does (t, f, n, a digit, a minus or a
//     quote: "the arguments: {...}" is refused, since the error the
//     arguments have as sent is then not the one at their first byte).
//
// Within a repaired value nothing more is repaired, and a problem of the
// value itself (a bound, an enum, a missing member, a pattern...) undoes
// the repair: the call is refused. A refused call's error is exactly the
// one the decoder gives without repairs: the problems the values as sent
// have, recorded when their repairs were made, as the value read as sent
// would have recorded them, and a syntax error a repair avoided as the one
// error when there was one. So a call is refused as before whenever the
// repairs do not make it whole. (That holds for a reader whose problems
// outside a value do not depend on whether the value was read, as with
// generated code, which appends every element it meets, read or not, and
// counts items by elements.)
//
// A Decoder repairs nothing unless RepairIfAsked gave it a context that asks
// it of these very arguments (toolgen.Tool.CallRepairing), and looks at that
// context only when it meets a value it could repair: reading valid
// arguments costs nothing more.

// maxRepairs bounds the repairs made in one call; each one copies the
// arguments once (see splice).
const maxRepairs = maxProblems

// repairLog is what a Decoder knows of its repairs, allocated when it first
// meets something to repair in a context that asks for repairs.
type repairLog struct {
	report   func(note string)
	notes    []Problem // each repair: where, and what was read how
	resolved int       // problems recorded that a repair resolved (the values as sent have them)
	end      int       // where in d.data the latest repaired value ends; -1 before the first
	text     bool      // the latest repair read a number as a string
	failed   bool      // a repaired value had a problem of its own
	undo     string    // the syntax error the first repair of the syntax avoided
	shift    int       // an offset in the arguments as sent minus the same offset in d.data
	first    byte      // the first byte of the arguments as sent that is not white space
	reported bool

	unwrapped bool // the arguments were read from within text around them (unwrap)

	bare, bareEnd int // the latest name without quotes (bareName), while it waits for its object's reader
}

// RepairIfAsked lets d repair malformed arguments (see repair.go) when ctx
// asks it of the call whose arguments d was Reset to
// (toolgen.Tool.CallRepairing). Generated code calls it right after Reset;
// a tool generated with the directive option norepair does not.
func (d *Decoder) RepairIfAsked(ctx context.Context) {
	d.repairCtx = ctx
	if c := d.firstByte(); c != 0 && kinds[c] == KindInvalid && d.canRepair() {
		d.unwrap() // text around the arguments (repair_syntax.go)
	}
}

// canRepair reports whether a repair may be made at d.pos: the context
// asks for repairs, no syntax error stopped reading, the repairs are not
// too many, and d.pos is not within a repaired value.
func (d *Decoder) canRepair() bool {
	if d.repairCtx == nil || d.fatal {
		return false
	}
	if d.rep == nil {
		report := argrepair.For(d.repairCtx, d.data) // d.data: the arguments as sent, before any repair
		if report == nil {
			d.repairCtx = nil // not asked: look no more
			return false
		}
		d.rep = &repairLog{report: report, end: -1, first: d.firstByte()}
	}
	return len(d.rep.notes) < maxRepairs && d.pos >= d.rep.end
}

// repairValue tries to repair the next value, of kind got, where want is
// read (see expect). It reports true with d.data changed so that a value of
// the type wanted starts at d.pos, or false with nothing changed.
func (d *Decoder) repairValue(want schemaType, got Kind) bool {
	if !d.canRepair() {
		return false
	}
	start := d.pos
	d.skipValue()
	end := d.pos
	d.pos = start
	if d.fatal { // reading the value as sent meets the same syntax error
		return false
	}
	if end < len(d.data) && !valueFollow(d.data[end]) {
		return false // "1"00 read as 1 would run into what follows: 100
	}
	lit := d.data[start:end]
	var parts [][]byte
	var note string
	switch {
	case got == KindString && (want == typeArray || want == typeObject):
		parts, note = d.stringified(want, lit)
		if parts == nil && want == typeArray {
			parts, note = d.single(got, lit)
		}
	case want == typeArray:
		parts, note = d.single(got, lit)
	case got == KindString && (want == typeNumber || want == typeInteger):
		parts, note = quotedNumber(lit)
	case got == KindString && want == typeBoolean:
		parts, note = quotedBool(lit)
	case got == KindNumber && want == typeText:
		parts, note = numberText(lit)
	}
	if parts == nil {
		return false
	}
	pointer := d.pointer()
	d.problemAt(pointer, mismatchText(schemaTypes[want].name, got, lit))
	d.rep.resolved++
	d.rep.notes = append(d.rep.notes, Problem{Pointer: pointer, Message: note})
	d.rep.end = d.splice(start, end, parts...)
	d.rep.text = want == typeText
	return true
}

// stringified returns the JSON array or object (as want says) that the
// string literal lit holds, exactly one and nothing else, or nil.
func (d *Decoder) stringified(want schemaType, lit []byte) ([][]byte, string) {
	inner := bytes.Trim(stringContents(lit), " \t\r\n")
	open, what := byte('['), "array"
	if want == typeObject {
		open, what = '{', "object"
	}
	if len(inner) == 0 || inner[0] != open {
		return nil, ""
	}
	// Checked as the value itself will be read: within the nesting left.
	check := Decoder{data: inner, depth: d.depth}
	check.skipValue()
	if !check.fatal {
		check.checkEnd()
	}
	if check.fatal {
		return nil, ""
	}
	return [][]byte{inner}, "a string holding a JSON " + what + ", read as the " + what
}

// single returns the value lit, of kind got, as an array of one, when it
// is read as an object's member and is no list in another spelling; or nil.
func (d *Decoder) single(got Kind, lit []byte) ([][]byte, string) {
	if s := d.top(); s == nil || !s.object {
		return nil, "" // an element: [1,2] for a [][]int may mean [[1,2]] or [[1],[2]]
	}
	switch got {
	case KindString:
		s := stringContents(lit)
		if len(s) == 0 || bytes.IndexByte([]byte(`[{"`), s[0]) >= 0 || bytes.ContainsAny(s, " \t\r\n,;|") {
			return nil, ""
		}
	case KindNumber, KindBool, KindObject:
	default:
		return nil, ""
	}
	return [][]byte{{'['}, lit, {']'}}, "a single " + kindNames[got] + ", read as an array of one"
}

// quotedNumber returns the number the string literal lit holds, when it
// holds exactly a JSON number literal; or nil.
func quotedNumber(lit []byte) ([][]byte, string) {
	s := lit[1 : len(lit)-1]
	if end, ok := numberEnd(s, 0); !ok || end != len(s) {
		return nil, ""
	}
	return [][]byte{s}, "the string " + string(lit) + ", read as the number " + string(s)
}

// quotedBool returns true or false for the string literal "true" or
// "false"; or nil.
func quotedBool(lit []byte) ([][]byte, string) {
	s := string(lit[1 : len(lit)-1])
	if s != "true" && s != "false" {
		return nil, ""
	}
	return [][]byte{[]byte(s)}, "the string " + string(lit) + ", read as " + s
}

// numberText returns the number literal lit as a string, when lit is its
// canonical spelling; or nil.
func numberText(lit []byte) ([][]byte, string) {
	if !bytes.Equal(AppendCanonicalNumber(nil, lit), lit) {
		return nil, ""
	}
	return [][]byte{{'"'}, lit, {'"'}}, "the number " + string(lit) + `, read as the string "` + string(lit) + `"`
}

// stringContents returns the string the checked string literal lit stands
// for.
func stringContents(lit []byte) []byte {
	raw := lit[1 : len(lit)-1]
	if plainEnd(raw, 0) == len(raw) {
		return raw
	}
	return appendUnescaped(nil, raw)
}

// splice replaces d.data[start:end] with parts, in a new copy of the
// arguments (the decoder never writes into the caller's, and strings and
// raw values it returned may point into its own), and returns where the
// parts end.
func (d *Decoder) splice(start, end int, parts ...[]byte) int {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	data := make([]byte, 0, len(d.data)-(end-start)+n)
	data = append(data, d.data[:start]...)
	for _, p := range parts {
		data = append(data, p...)
	}
	data = append(data, d.data[end:]...)
	d.data = data
	d.rep.shift += (end - start) - n
	return start + n
}

// inRepaired reports whether d.pos is within the latest repaired value or
// at its end: a problem recorded there is the repaired value's own.
func (d *Decoder) inRepaired() bool { return d.rep != nil && d.pos <= d.rep.end }

// failRepair undoes the repairs (the call is refused), as a problem within
// a repaired value does.
func (d *Decoder) failRepair() { d.rep.failed = true }

// repairedText reports whether d.pos is at the end of a number just read as
// a string, which a pattern or format check on the string refuses.
func (d *Decoder) repairedText() bool { return d.inRepaired() && d.rep.text }

// repairSyntax records a repair of the syntax at d.pos, whose error as sent
// would have been the syntax error what: the first such error is the only
// one of a refused call.
func (d *Decoder) repairSyntax(pointer, note, what string) {
	if d.rep.undo == "" {
		d.rep.undo = what
	}
	d.rep.notes = append(d.rep.notes, Problem{Pointer: pointer, Message: note})
}

// trailingComma consumes a closer (] or }) right after the comma just
// consumed, with white space between, as a repair; it reports false,
// having consumed white space at most, when anything else follows or
// repairs are not asked for.
func (d *Decoder) trailingComma(closer byte) bool {
	d.skipSpace()
	if !d.at(closer) || !d.canRepair() {
		return false
	}
	what := "looking for the start of a value"
	if closer == '}' {
		what = "looking for the start of an object key"
	}
	d.repairSyntax(d.pointerDepth(d.nseg-1), "a trailing comma before "+string(closer)+", left out", d.syntaxAt(d.pos, what))
	// The comma is left out of the data too, so that the arguments read
	// are valid JSON. d.pos stays: one byte less for the comma, one more
	// for the closer consumed.
	comma := bytes.LastIndexByte(d.data[:d.pos], ',')
	d.splice(comma, comma+1)
	return true
}

// repairWord tries to repair the next value, which starts with no JSON
// value, where want is read: Python's True or False where a boolean is
// read, a string in single quotes where a string is (repair_syntax.go).
func (d *Decoder) repairWord(want schemaType) bool {
	switch want {
	case typeBoolean:
		return d.pythonBool()
	case typeString, typeText:
		return d.singleQuotedValue()
	}
	return false
}

// repairVerdict is Close's verdict once a repair was made: nil, with the
// repairs reported, when they made the arguments whole; else the error the
// arguments as sent have.
func (d *Decoder) repairVerdict() error {
	r := d.rep
	refused := d.fatal || r.failed || len(d.problems)+d.omitted > r.resolved
	switch {
	case refused && r.undo != "":
		return &ArgsError{Problems: []Problem{{Message: r.undo}}}
	case d.fatal:
		return &ArgsError{Problems: []Problem{{Message: d.syntax}}}
	case refused:
		return &ArgsError{Problems: d.problems, omitted: d.omitted}
	}
	if !r.reported {
		r.reported = true
		r.report(noteText(r.notes))
	}
	return nil
}

// noteText renders the repairs for the model to read:
//
//	arguments repaired before the call: /tags: a string holding a JSON array, read as the array; /days: the string "3", read as the number 3
func noteText(notes []Problem) string {
	var b strings.Builder
	writeProblems(&b, "arguments repaired before the call: ", notes)
	return b.String()
}

// rename reads the member just returned, whose name is unknown, under the
// one known name it is a variant of (see snakeCase), when no other member
// of the object has that name or another variant of it: the key is
// replaced in d.data and the member read again, so that the next call of
// Next returns the known name. It reports false, with nothing changed,
// when there is no such name or the repair cannot be made.
func (r *ObjectReader) rename(d *Decoder) bool {
	s := d.top()
	if s == nil || !s.object || !s.keyPlain || !d.canRepair() {
		return false
	}
	if d.rep.bareEnd > 0 && d.pos == d.rep.bare && int(s.keyStart) == d.rep.bare {
		return r.quoteBare(d, s)
	}
	keyStart, keyEnd := int(s.keyStart), int(s.keyEnd)
	key := d.data[keyStart:keyEnd]
	i := r.obj.variantOf(key)
	if i < 0 || i >= 64 {
		return false
	}
	name := r.obj.Names[i]
	if plainEnd([]byte(name), 0) != len(name) || !r.onlyVariant(d, name) {
		return false
	}
	valueStart := d.pos
	d.skipValue()
	valueEnd := d.pos
	d.pos = valueStart
	if d.fatal {
		return false
	}
	pointer := d.pointer()
	d.problemAt(pointer, "unknown field (known fields: "+r.obj.known+")")
	d.rep.resolved++
	d.rep.notes = append(d.rep.notes, Problem{Pointer: pointer, Message: `the name "` + string(key) + `", read as "` + name + `"`})
	// The key with its quotes becomes the name with its; the member is
	// entered again, from the comma before it (or, the first, its key).
	quoted := []byte(`"` + name + `"`)
	d.splice(keyStart-1, keyEnd+1, quoted)
	d.rep.end = valueEnd + len(quoted) - (keyEnd + 1 - (keyStart - 1))
	d.rep.text = false
	s.n--
	d.pos = keyStart - 1
	if s.n > 0 {
		for d.pos--; isSpace(d.data[d.pos]); d.pos-- {
		}
	}
	r.renamed |= 1 << i
	return true
}

// variantOf returns the index of the one name whose snake_case form is
// key's, or -1 when none or more than one is.
func (o *Object) variantOf(key []byte) int {
	want := snakeCase(nil, key)
	found := -1
	var buf []byte
	for i, n := range o.Names {
		buf = snakeCase(buf[:0], []byte(n))
		if !bytes.Equal(buf, want) {
			continue
		}
		if found >= 0 {
			return -1
		}
		found = i
	}
	return found
}

// onlyVariant reports whether the object being read holds no member named
// name and exactly one (the current one) whose name is a variant of it. A
// trailing comma before its } is passed over, as reading repairs it.
func (r *ObjectReader) onlyVariant(d *Decoder, name string) bool {
	want := snakeCase(nil, []byte(name))
	var buf []byte
	scan := Decoder{data: d.data, pos: r.start}
	variants := 0
	for scan.skipSpace(); !scan.at('}'); scan.skipSpace() {
		start, end, plain := scan.memberKey()
		if scan.fatal {
			return false
		}
		key := scan.contents(start, end, plain)
		if string(key) == name {
			return false
		}
		if buf = snakeCase(buf[:0], key); bytes.Equal(buf, want) {
			variants++
		}
		if scan.skipValue(); scan.fatal {
			return false
		}
		if scan.skipSpace(); scan.at(',') {
			scan.pos++
		} else if !scan.at('}') {
			return false
		}
	}
	return variants == 1
}

// snakeCase appends the snake_case form of name: ASCII letters in lower
// case, a hyphen as an underscore, and an underscore before an upper-case
// letter that starts a word (after a lower-case letter or a digit, or
// before a lower-case one after another upper-case one: HTTPServer is
// http_server). userId, UserID, user-id and USER_ID are all user_id; a
// name that differs in anything else (userid, user_id2) is another name.
func snakeCase(dst, name []byte) []byte {
	lower := func(c byte) bool { return 'a' <= c && c <= 'z' || isDigit(c) }
	upper := func(c byte) bool { return 'A' <= c && c <= 'Z' }
	for i, c := range name {
		switch {
		case c == '-':
			dst = append(dst, '_')
		case upper(c):
			if i > 0 && (lower(name[i-1]) || upper(name[i-1]) && i+1 < len(name) && 'a' <= name[i+1] && name[i+1] <= 'z') {
				dst = append(dst, '_')
			}
			dst = append(dst, c+'a'-'A')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}
