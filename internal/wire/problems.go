package wire

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Problems and where they are: the Decoder keeps a stack of the containers
// being read and renders a JSON pointer from it only when it records a
// problem, so that reading valid arguments never builds one.

// maxProblems caps the problems listed; more would drown the model.
const maxProblems = 50

// segment is one open container on the path to the current value. It is
// kept small (16 bytes): the Decoder holds 16 of them, and lives on its
// caller's stack.
type segment struct {
	// n counts the members or elements entered so far; the current one is
	// number n-1, and the segment adds nothing to the path while n is 0.
	n int32
	// For an object, the current member's key: the span of its contents in
	// the arguments (still escaped unless plain). Offsets fit in 32 bits:
	// Reset refuses larger arguments.
	keyStart, keyEnd int32
	object, keyPlain bool
	// checked: a nameWalk looked through the object and everything in it
	// (see Decoder.checked).
	checked bool
}

// push opens a container on the path; it reports false after recording a
// syntax error when the nesting is too deep.
func (d *Decoder) push(object bool) bool {
	if n := d.nseg; uint(n) < uint(len(d.segs)) && d.depth < maxDepth {
		// the usual case: enter's work, without its check
		d.depth++
		d.pos++
		d.segs[n] = segment{object: object}
		d.nseg = n + 1
		return true
	}
	if !d.enter() {
		return false
	}
	s := segment{object: object}
	switch i := d.nseg - len(d.segs); {
	case i < 0:
		d.segs[d.nseg] = s
	case i < len(d.deep):
		d.deep[i] = s
	default:
		d.deep = append(d.deep, s)
	}
	d.nseg++
	return true
}

func (d *Decoder) pop() {
	d.nseg--
	d.depth--
}

// seg returns the i-th open container, counting from the outermost.
func (d *Decoder) seg(i int) *segment {
	if i < len(d.segs) {
		return &d.segs[i]
	}
	return &d.deep[i-len(d.segs)]
}

// top returns the innermost open container, or nil.
func (d *Decoder) top() *segment {
	if n := d.nseg - 1; uint(n) < uint(len(d.segs)) {
		return &d.segs[n]
	}
	if d.nseg == 0 {
		return nil
	}
	return d.seg(d.nseg - 1)
}

// pointer renders the JSON pointer (RFC 6901) of the current value.
func (d *Decoder) pointer() string { return d.pointerDepth(d.nseg) }

// pointerDepth renders the JSON pointer of the value that the outermost n
// open containers lead to (n-1: the innermost container itself).
func (d *Decoder) pointerDepth(n int) string {
	var b []byte
	for i := 0; i < n; i++ {
		s := d.seg(i)
		switch {
		case s.n == 0:
		case s.object:
			key := appendUnescaped(nil, d.data[s.keyStart:s.keyEnd])
			b = AppendPointerToken(append(b, '/'), key)
		default:
			b = strconv.AppendInt(append(b, '/'), int64(s.n)-1, 10)
		}
	}
	return string(b)
}

// AppendPointerToken appends a JSON pointer (RFC 6901) reference token,
// escaping ~ as ~0 and / as ~1.
func AppendPointerToken[T ~string | ~[]byte](dst []byte, token T) []byte {
	for i := 0; i < len(token); i++ {
		switch c := token[i]; c {
		case '~':
			dst = append(dst, "~0"...)
		case '/':
			dst = append(dst, "~1"...)
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// problem records msg about the current value; it is ignored after a syntax
// error, which is then the only problem reported.
func (d *Decoder) problem(msg string) {
	switch {
	case d.fatal:
	case d.inRepaired(): // the repaired value's own: the repair is undone
		d.failRepair()
	default:
		d.problemAt(d.pointer(), msg)
	}
}

func (d *Decoder) problemAt(pointer, msg string) {
	if len(d.problems) >= maxProblems {
		d.omitted++
		return
	}
	d.problems = append(d.problems, Problem{Pointer: pointer, Message: msg})
}

// kindNames names the kinds in problems, as JSON Schema does.
var kindNames = [...]string{
	KindInvalid: "invalid",
	KindNull:    "null",
	KindBool:    "boolean",
	KindNumber:  "number",
	KindString:  "string",
	KindArray:   "array",
	KindObject:  "object",
}

// mismatch records that the next value, of kind got, is not the wanted type
// (a JSON Schema type name), and skips it.
func (d *Decoder) mismatch(want string, got Kind) {
	start := d.pos
	d.skipValue()
	if d.fatal {
		return
	}
	d.problem(mismatchText(want, got, d.data[start:d.pos]))
}

// mismatchText is the problem of the value lit, of kind got, where want is
// read.
func mismatchText(want string, got Kind, lit []byte) string {
	msg := "expected " + want + ", got " + kindNames[got]
	switch got {
	case KindString, KindNumber, KindBool:
		msg += " " + excerpt(lit, got == KindString)
	}
	return msg
}

// excerptLen is about how much of a value a problem quotes.
const excerptLen = 40

// excerpt returns the text of a literal, cut short when long.
func excerpt(lit []byte, quoted bool) string {
	if len(lit) <= excerptLen {
		return string(lit)
	}
	cut := string(lit[:runeStart(lit, excerptLen)]) + "…"
	if quoted {
		cut += `"`
	}
	return cut
}

// quote returns s quoted as a Go (and mostly JSON) string, cut short when long.
func quote[T ~string | ~[]byte](s T) string {
	if len(s) <= excerptLen {
		return strconv.Quote(string(s))
	}
	return strconv.Quote(string(s[:runeStart(s, excerptLen)]) + "…")
}

// runeStart returns the start of the UTF-8 sequence that s[i] belongs to,
// so that cutting s there leaves whole characters.
func runeStart[T ~string | ~[]byte](s T, i int) int {
	for j := i; j > 0 && i-j < utf8.UTFMax; j-- {
		if utf8.RuneStart(s[j]) {
			return j
		}
	}
	return i
}

// errorText renders the problems for Error.
func errorText(problems []Problem, omitted int) string {
	var b strings.Builder
	writeProblems(&b, "invalid arguments: ", problems)
	if omitted > 0 {
		b.WriteString("; … and " + strconv.Itoa(omitted) + " more problem")
		if omitted > 1 {
			b.WriteString("s")
		}
	}
	return b.String()
}

// writeProblems writes the heading and the problems, each under its
// pointer, separated by "; ": the text of an Error and of a repair note.
func writeProblems(b *strings.Builder, heading string, problems []Problem) {
	b.WriteString(heading)
	for i, p := range problems {
		if i > 0 {
			b.WriteString("; ")
		}
		if p.Pointer != "" {
			b.WriteString(p.Pointer)
			b.WriteString(": ")
		}
		b.WriteString(p.Message)
	}
}
