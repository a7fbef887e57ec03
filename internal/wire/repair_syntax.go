package wire

import (
	"bytes"
	"strings"
	"unicode"
)

// Repairs of the syntax (see repair.go for the list and the rule): JSON as
// a model writes it when it writes Python or JavaScript, or writes prose
// around it. Each is made by the read that meets the error, where what it
// is reading makes the fix certain, and never within a value being skipped
// (an unknown member, a json.RawMessage, a value after a problem): there
// the reader wants no particular type, so nothing is certain. An any reads
// through the same methods as a typed value, so it gets the repairs that
// need no type (None as a member, a name in single quotes, a string's
// control characters) and no other: True, a string in single quotes or a
// name without quotes is no value it reads.

// typedRead reports whether the Decoder is reading a value through a read
// method rather than skipping one: skipping enters containers without
// pushing them on the path.
func (d *Decoder) typedRead() bool { return d.depth == d.nseg }

// spliceSyntax replaces d.data[start:end] with text as a repair of the
// syntax, noted at pointer: errPos is where the arguments as sent have
// their syntax error, found while context. The replaced text is the
// repaired value: nothing within it is repaired further.
func (d *Decoder) spliceSyntax(start, end, errPos int, text []byte, pointer, note, context string) {
	d.repairSyntax(pointer, note, d.syntaxAt(errPos, context))
	d.rep.end = d.splice(start, end, text)
	d.rep.text = false
}

// wordAt reports whether the bare word w (True, False, None) is at d.pos,
// followed by what may follow a value: white space, a comma, a closing
// bracket or the end.
func (d *Decoder) wordAt(w string) bool {
	end := d.pos + len(w)
	if end > len(d.data) || string(d.data[d.pos:end]) != w {
		return false
	}
	return end == len(d.data) || valueFollow(d.data[end])
}

// valueFollow reports whether c may follow a value.
func valueFollow(c byte) bool { return isSpace(c) || c == ',' || c == '}' || c == ']' }

// pythonBool reads Python's True or False at d.pos as JSON's true or false,
// where a boolean is read (Bool, through expect): a bool leaves no other
// meaning. A string, number or any read there refuses it (True is not the
// string "True": the model wrote no string).
func (d *Decoder) pythonBool() bool {
	word, json := "True", "true"
	if !d.wordAt(word) {
		word, json = "False", "false"
		if !d.wordAt(word) {
			return false
		}
	}
	if !d.typedRead() || !d.canRepair() {
		return false
	}
	d.spliceSyntax(d.pos, d.pos+len(word), d.pos, []byte(json), d.pointer(),
		"Python's "+word+", read as "+json, "looking for the start of a value")
	return true
}

// noneAt reports whether Python's None is at d.pos, as an object's member,
// where a value is read and a repair can be made: peekKind then reports
// null, without changing the data. None is read as null only by a read of
// null itself (readNone, from literal): a value read as another type finds
// null there, a problem as sent (a syntax error when the value is
// skipped), and a json.RawMessage, which skips the value it reads, is
// refused.
func (d *Decoder) noneAt() bool {
	if !d.wordAt("None") || !d.typedRead() {
		return false
	}
	s := d.top()
	return s != nil && s.object && s.n > 0 && d.canRepair()
}

// readNone reads the None at d.pos (noneAt) as null: the reader of a
// pointer, a member that reads null as absent, or an any.
func (d *Decoder) readNone() {
	d.spliceSyntax(d.pos, d.pos+len("None"), d.pos, []byte("null"), d.pointer(),
		"Python's None, read as null", "looking for the start of a value")
	d.pos = d.rep.end
}

// singleQuotedValue reads the string in single quotes at d.pos as that
// string, where a string is read (String, StringBytes).
func (d *Decoder) singleQuotedValue() bool {
	if !d.at('\'') || !d.typedRead() {
		return false
	}
	lit, end, _, _, ok := requote(d.data, d.pos+1, '\'')
	if !ok || !followedBy(d.data, end, ",}]") || !d.canRepair() {
		return false
	}
	d.spliceSyntax(d.pos, end, d.pos, lit, d.pointer(),
		"a string in single quotes, read as the string "+excerpt(lit, true), "looking for the start of a value")
	return true
}

// singleQuotedKey reads the member name in single quotes at d.pos as that
// name, where an object is read. The name is read as any other: an unknown
// one is a problem, and a variant may be renamed.
func (d *Decoder) singleQuotedKey() bool {
	if !d.at('\'') || d.repairCtx == nil || !d.typedRead() {
		return false
	}
	lit, end, _, _, ok := requote(d.data, d.pos+1, '\'')
	if !ok || !followedBy(d.data, end, ":") || !d.canRepair() {
		return false
	}
	pointer := d.pointerDepth(d.nseg - 1)
	pointer = string(AppendPointerToken(append([]byte(pointer), '/'), appendUnescaped(nil, lit[1:len(lit)-1])))
	d.spliceSyntax(d.pos, end, d.pos, lit, pointer,
		"the name "+string(d.data[d.pos:end])+" in single quotes, read as "+string(lit), "looking for the start of an object key")
	return true
}

// bareName meets a member name without quotes at d.pos ({city: "Paris"},
// as JavaScript writes it), where an object is read. Such a name is
// certain only as a known member's name, which the decoder does not know
// here: it notes the repair, reports an empty name (no member's) and
// leaves d.pos at the name. A struct's reader then asks Unknown, whose
// quoteBare quotes the name when it is exactly a known one and reads the
// member again; any other reader (a map's, an any's) reads a value at the
// name, a syntax error, and the call is refused as sent.
func (d *Decoder) bareName() (start, end int, ok bool) {
	if d.repairCtx == nil || !d.typedRead() {
		return 0, 0, false
	}
	i := d.pos
	for i < len(d.data) && (d.data[i] == '_' || d.data[i] == '$' || 'a' <= d.data[i]|0x20 && d.data[i]|0x20 <= 'z' || i > d.pos && isDigit(d.data[i])) {
		i++
	}
	if i == d.pos || !followedBy(d.data, i, ":") || !d.canRepair() {
		return 0, 0, false
	}
	name := d.data[d.pos:i]
	pointer := string(AppendPointerToken(append([]byte(d.pointerDepth(d.nseg-1)), '/'), name))
	d.repairSyntax(pointer, "the name "+string(name)+` without quotes, read as "`+string(name)+`"`,
		d.syntaxAt(d.pos, "looking for the start of an object key"))
	d.rep.bare, d.rep.bareEnd = d.pos, i
	return d.pos, d.pos, true
}

// quoteBare quotes the name without quotes that the member just returned
// has (bareName), when it is exactly one of the object's names, and reads
// the member again, from the comma before it (or, the first, its name).
func (r *ObjectReader) quoteBare(d *Decoder, s *segment) bool {
	start, end := d.rep.bare, d.rep.bareEnd
	d.rep.bareEnd = 0
	if r.obj.Index(d.data[start:end:end]) < 0 {
		return false // not a member's name: Unknown reads a value at it, a syntax error
	}
	quoted := make([]byte, 0, end-start+2)
	quoted = append(append(append(quoted, '"'), d.data[start:end]...), '"')
	d.rep.end = d.splice(start, end, quoted)
	d.rep.text = false
	s.n--
	d.pos = start
	if s.n > 0 {
		for d.pos--; isSpace(d.data[d.pos]); d.pos-- {
		}
	}
	return true
}

// followedBy reports whether the first byte from data[i] on that is not
// white space is one of set, or (for a value) the end of the input.
func followedBy(data []byte, i int, set string) bool {
	for i < len(data) && isSpace(data[i]) {
		i++
	}
	if i == len(data) {
		return set != ":"
	}
	return strings.IndexByte(set, data[i]) >= 0
}

// requote reads the string whose contents start at data[start], up to the
// first quote q not escaped, and returns it as a JSON string literal, and
// where it ends. A string in single quotes ends at the first quote not
// escaped: 'it's' ends after it, and what follows then makes it refused.
// Within it, \' is an apostrophe, a double quote (escaped or not) is one, a
// JSON escape stands for what it stands for in JSON, and a control
// character is itself (escaped in the literal); any other escape (\x41,
// \d) is refused, as Python and JavaScript read it differently. controls
// and apostrophes report whether the string had a control character or a
// \'.
func requote(data []byte, start int, q byte) (lit []byte, end int, controls, apostrophes, ok bool) {
	lit = append(make([]byte, 0, 16), '"')
	for i := start; i < len(data); {
		switch c := data[i]; {
		case c == q:
			return append(lit, '"'), i + 1, controls, apostrophes, true
		case c == '"':
			lit = append(lit, '\\', '"')
			i++
		case c == '\\' && i+1 < len(data) && data[i+1] == '\'':
			lit = append(lit, '\'')
			i += 2
			apostrophes = true
		case c == '\\':
			n := escapeLen(data[i:])
			if n <= 0 {
				return nil, 0, false, false, false
			}
			lit = append(lit, data[i:i+n]...)
			i += n
		case c < 0x20:
			lit = appendControl(lit, c)
			i++
			controls = true
		default:
			lit = append(lit, c)
			i++
		}
	}
	return nil, 0, false, false, false // no closing quote
}

// appendControl appends the JSON escape of the control character c.
func appendControl(dst []byte, c byte) []byte {
	switch c {
	case '\n':
		return append(dst, '\\', 'n')
	case '\t':
		return append(dst, '\\', 't')
	case '\r':
		return append(dst, '\\', 'r')
	}
	return append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
}

// fixString reads the string literal whose contents start at start, which
// String found malformed at errPos (while context), with its control
// characters escaped and \' read as an apostrophe: a line break or a tab
// written as itself in a string is that character, and \' is ' in every
// language that writes it, so the string is certain. A string that never
// closes, or has another malformed escape (\d, \x41), is refused. d.pos is
// left at the literal's quote.
func (d *Decoder) fixString(start, errPos int, context string) bool {
	if !d.canRepair() {
		return false
	}
	lit, end, controls, apostrophes, ok := requote(d.data, start, '"')
	if !ok {
		return false
	}
	d.spliceSyntax(start-1, end, errPos, lit, d.pointer(), stringNote(controls, apostrophes), context)
	return true
}

// stringNote says what fixString repaired.
func stringNote(controls, apostrophes bool) string {
	const c, a = "control characters (a line break, a tab) in a string, escaped", `\' in a string, read as '`
	switch {
	case controls && apostrophes:
		return c + "; " + a
	case controls:
		return c
	}
	return a
}

// Text around the arguments.

// unwrap reads the arguments from within the text around them, when the
// arguments as sent start with something that starts no JSON value: one
// Markdown code fence (```json or ```, each fence a line of its own) with
// prose or nothing before and after it, or else one object after prose
// (prose after it is left out by dropProse, when reading ends there).
// Anything else is left for the decoder to refuse.
func (d *Decoder) unwrap() {
	data := d.data
	if fence := bytes.Index(data, []byte("```")); fence >= 0 {
		d.unfence(fence)
		return
	}
	open := bytes.IndexByte(data, '{')
	if open < 0 || !prose(data[:open]) {
		return
	}
	d.repairSyntax("", "text before the arguments object, left out", d.syntaxAt(d.firstSpace(), "looking for the start of a value"))
	d.data = data[open:]
	d.rep.shift = open
	d.rep.unwrapped = true
}

// firstSpace is the offset of the first byte that is not white space.
func (d *Decoder) firstSpace() int {
	i := 0
	for i < len(d.data) && isSpace(d.data[i]) {
		i++
	}
	return i
}

// unfence reads the arguments from within the Markdown code fence that
// starts at data[fence]: a line ```json or ```, the arguments, a line ```,
// with nothing else before and after but white space or prose, and no
// other fence.
func (d *Decoder) unfence(fence int) {
	data := d.data
	before := data[:fence]
	if lineStart := bytes.LastIndexByte(before, '\n') + 1; !onlySpaceOrTab(before[lineStart:]) || !prose(before) {
		return
	}
	line := bytes.IndexByte(data[fence:], '\n')
	if line < 0 {
		return
	}
	line += fence
	if lang := strings.TrimSpace(string(data[fence+3 : line])); lang != "" && !strings.EqualFold(lang, "json") {
		return
	}
	rest := data[line+1:]
	closing := bytes.Index(rest, []byte("```"))
	if closing <= 0 {
		return
	}
	inner, after := rest[:closing], rest[closing+3:]
	lineEnd := bytes.IndexByte(after, '\n')
	if lineEnd < 0 {
		lineEnd = len(after)
	}
	if !onlySpace(after[:lineEnd]) || !onlySpaceOrTab(inner[bytes.LastIndexByte(inner, '\n')+1:]) ||
		bytes.Contains(after, []byte("```")) || !prose(after) || onlySpace(inner) {
		return // the closing fence is not on a line of its own, there is more than one block, or more than prose
	}
	note := "the arguments in a Markdown code fence, read without it"
	if !onlySpace(before) || !onlySpace(after) {
		note += " and the text around it"
	}
	d.repairSyntax("", note, d.syntaxAt(d.firstSpace(), "looking for the start of a value"))
	d.data = inner
	d.rep.shift = line + 1
	d.rep.unwrapped = true
}

func onlySpaceOrTab(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// dropProse leaves out the text after the arguments object, where reading
// ends (checkEnd), when it is prose; msg is the syntax error it has as
// sent. The arguments must be an object as sent (or within the text
// unwrap left out).
func (d *Decoder) dropProse(msg string) bool {
	if !d.canRepair() || d.sentFirstByte() != '{' && !d.rep.unwrapped || d.nseg != 0 {
		return false
	}
	if !prose(d.data[d.pos:]) {
		return false
	}
	d.repairSyntax("", "text after the arguments object, left out", msg)
	d.data = d.data[:d.pos]
	return true
}

// prose reports whether text, before or after the arguments, is prose
// holding nothing the arguments may be part of: no bracket or brace (a
// second object, a list), no backquote (code), no <, > or | (a special
// token like <|call|>), no backslash, and no quoted name and a colon (a
// member). Empty text or white space is prose; other text needs a letter,
// unless it only ends a sentence ("{...}." after "Call it with").
func prose(text []byte) bool {
	if onlySpace(text) {
		return true
	}
	if bytes.ContainsAny(text, "{}[]`<>|\\") || quotedName(text) {
		return false
	}
	return hasLetter(text) || sentenceEnd(text)
}

// quotedName reports whether a quote in text is followed by a colon.
func quotedName(text []byte) bool {
	for i, c := range text {
		if c != '"' && c != '\'' {
			continue
		}
		j := i + 1
		for j < len(text) && isSpace(text[j]) {
			j++
		}
		if j < len(text) && text[j] == ':' {
			return true
		}
	}
	return false
}

func hasLetter(text []byte) bool {
	return bytes.ContainsFunc(text, unicode.IsLetter)
}

// sentenceEnd reports whether text is only a full stop, ! or ?, with white
// space.
func sentenceEnd(text []byte) bool {
	t := bytes.TrimSpace(text)
	return len(t) == 1 && strings.IndexByte(".!?", t[0]) >= 0
}
