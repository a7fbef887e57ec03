package ecmaregex

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// whiteSpace is ECMA-262's \s: WhiteSpace (tab, vertical tab, form feed,
// space, no-break space, byte order mark and the Zs category) and
// LineTerminator (\n, \r, U+2028, U+2029), as sorted ranges.
var whiteSpace = [][2]rune{
	{0x09, 0x0d}, {0x20, 0x20}, {0xa0, 0xa0}, {0x1680, 0x1680}, {0x2000, 0x200a},
	{0x2028, 0x2029}, {0x202f, 0x202f}, {0x205f, 0x205f}, {0x3000, 0x3000}, {0xfeff, 0xfeff},
}

func rangesFragment(ranges [][2]rune) string {
	var b strings.Builder
	for _, r := range ranges {
		fmt.Fprintf(&b, `\x{%x}`, r[0])
		if r[1] != r[0] {
			fmt.Fprintf(&b, `-\x{%x}`, r[1])
		}
	}
	return b.String()
}

// complement is the ranges of code points not in ranges (sorted).
func complement(ranges [][2]rune) [][2]rune {
	var out [][2]rune
	next := rune(0)
	for _, r := range ranges {
		if r[0] > next {
			out = append(out, [2]rune{next, r[0] - 1})
		}
		next = r[1] + 1
	}
	if next <= unicode.MaxRune {
		out = append(out, [2]rune{next, unicode.MaxRune})
	}
	return out
}

// escapedText writes a character given by an escape: \x{...}, or a
// punctuation character escaped.
func escapedText(r rune) string {
	if r < utf8.RuneSelf && (unicode.IsPunct(r) || unicode.IsSymbol(r)) {
		return `\` + string(r)
	}
	return fmt.Sprintf(`\x{%x}`, r)
}

// runeText writes r so that it stands for itself in an RE2 class or alone:
// ASCII letters and digits as they are, other ASCII punctuation escaped,
// other printable characters as they are, the rest as \x{...}.
func runeText(r rune) string {
	switch {
	case 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9':
		return string(r)
	case r < utf8.RuneSelf && unicode.IsPunct(r) || r < utf8.RuneSelf && unicode.IsSymbol(r):
		return `\` + string(r)
	case r >= utf8.RuneSelf && unicode.IsGraphic(r) && !unicode.IsSpace(r) && !unicode.Is(unicode.Zs, r):
		return string(r)
	}
	return fmt.Sprintf(`\x{%x}`, r)
}

// classEscape translates \d \D \w \W \s \S \p{..} \P{..} at t.pos into a
// fragment that can stand inside [...] (inClass), or alone. It reports
// false when t.pos is not at one.
func (t *translator) classEscape(inClass bool) (string, bool) {
	if t.pos+1 >= len(t.src) {
		return "", false
	}
	c := t.src[t.pos+1]
	switch c {
	case 'd', 'D', 'w', 'W': // ASCII in both
		t.pos += 2
		return `\` + string(c), true
	case 's', 'S':
		t.pos += 2
		set := whiteSpace
		if c == 'S' {
			set = complement(whiteSpace)
		}
		if inClass {
			return rangesFragment(set), true
		}
		return "[" + rangesFragment(set) + "]", true
	case 'p', 'P':
		return t.property(c == 'P', inClass), true
	}
	return "", false
}

// property translates \p{...} or \P{...}.
func (t *translator) property(negated, inClass bool) string {
	start := t.pos
	rest := t.src[t.pos+2:]
	if !strings.HasPrefix(rest, "{") {
		t.fail(start, "\\%c without braces is not ECMA-262 syntax; write \\%c{%s}", t.src[start+1], t.src[start+1], firstRune(rest))
		return ""
	}
	end := strings.IndexByte(rest, '}')
	if end < 0 {
		t.fail(start, "unclosed \\%c{", t.src[start+1])
		return ""
	}
	name := rest[1:end]
	t.pos += 2 + end + 1
	class, ok := propertyClass(name)
	if !ok {
		t.fail(start, "\\%c{%s}: toolgen translates general categories (\\p{L}, \\p{Lu}, \\p{gc=Nd}) and scripts "+
			"(\\p{Script=Greek}), named by their short names, and Any and ASCII", t.src[start+1], name)
		return ""
	}
	if strings.HasPrefix(class, "[") { // Any, ASCII: given as ranges
		ranges := class[1 : len(class)-1]
		switch {
		case !negated && inClass:
			return ranges
		case !negated:
			return class
		case inClass:
			t.fail(start, "\\P{%s} inside a class: write the class without it", name)
			return ""
		}
		return "[^" + ranges + "]"
	}
	if negated {
		return `\P{` + class + `}`
	}
	return `\p{` + class + `}`
}

func firstRune(s string) string {
	r, _ := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return "L"
	}
	return string(r)
}

// propertyClass returns the RE2 name of an ECMA-262 property: a general
// category or a script that Go's unicode tables have, or Any and ASCII as
// ranges.
func propertyClass(name string) (string, bool) {
	key, value, hasValue := strings.Cut(name, "=")
	switch {
	case !hasValue && name == "Any":
		return "[" + rangesFragment([][2]rune{{0, unicode.MaxRune}}) + "]", true
	case !hasValue && name == "ASCII":
		return "[" + rangesFragment([][2]rune{{0, 0x7f}}) + "]", true
	case !hasValue:
		key, value = "gc", name
	}
	switch key {
	case "gc", "General_Category":
		if _, ok := unicode.Categories[value]; ok {
			return value, true
		}
	case "sc", "Script":
		if _, ok := unicode.Scripts[value]; ok {
			return value, true
		}
	}
	return "", false
}

// atomEscape translates an escape outside a class.
func (t *translator) atomEscape() {
	if frag, ok := t.classEscape(false); ok {
		t.out.WriteString(frag)
		return
	}
	if r, ok := t.characterEscape(false); ok {
		t.out.WriteString(escapedText(r))
	}
}

// characterEscape reads an escape that stands for one character. On
// anything else it records why and reports false.
func (t *translator) characterEscape(inClass bool) (rune, bool) {
	start := t.pos
	if t.pos+1 >= len(t.src) {
		t.fail(start, "the pattern ends in a lone \\ (write \\\\ for a backslash)")
		return 0, false
	}
	c := t.src[t.pos+1]
	t.pos += 2
	switch {
	case strings.IndexByte("fnrtv", c) >= 0:
		return controlEscapes[c], true
	case c == 'c':
		if t.pos < len(t.src) && ('a' <= t.src[t.pos]|0x20 && t.src[t.pos]|0x20 <= 'z') {
			t.pos++
			return rune(t.src[t.pos-1] % 32), true
		}
		t.fail(start, "\\c must be followed by a letter (\\cJ is a line feed)")
		return 0, false
	case c == 'x':
		if v, ok := hexDigits(t.src, t.pos, 2); ok {
			t.pos += 2
			return v, true
		}
		t.fail(start, "\\x must be followed by two hexadecimal digits (write \\u{...} for more)")
		return 0, false
	case c == 'u':
		return t.unicodeEscape(start)
	case c == '0' && (t.pos >= len(t.src) || !isDigit(t.src[t.pos])):
		return 0, true
	case strings.IndexByte(`^$\.*+?()[]{}|/`, c) >= 0:
		return rune(c), true
	case c == '-' && inClass:
		return '-', true
	case c == 'b' && inClass:
		return '\b', true
	}
	t.refuseEscape(start, c, inClass)
	return 0, false
}

// controlEscapes are the characters of \f, \n, \r, \t and \v.
var controlEscapes = map[byte]rune{'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v'}

// refuseEscape records why the escape of c at start stands for no character
// the translation can give: backreferences, other regexp dialects' escapes,
// and escapes that ECMA-262 refuses with the u flag.
func (t *translator) refuseEscape(start int, c byte, inClass bool) {
	switch {
	case isDigit(c) && inClass:
		t.fail(start, "\\%c inside a class is not ECMA-262 syntax with the u flag (write \\x.. for a character)", c)
	case isDigit(c):
		t.fail(start, "backreferences like \\%c are ECMA-262 syntax that RE2, which the decoder uses, cannot check; "+
			"rewrite the pattern without them, or check the value in the tool", c)
	case c == 'k':
		t.fail(start, "backreferences like \\k<name> are ECMA-262 syntax that RE2, which the decoder uses, cannot check; "+
			"rewrite the pattern without them, or check the value in the tool")
	case c == 'A' || c == 'z' || c == 'Z':
		t.fail(start, "\\%c is not JSON Schema (ECMA-262) syntax; write %s (there is no multiline flag, so it matches only at the %s)",
			c, map[bool]string{true: "^", false: "$"}[c == 'A'], map[bool]string{true: "start", false: "end"}[c == 'A'])
	case c == 'Q':
		t.fail(start, "\\Q...\\E is not JSON Schema (ECMA-262) syntax; escape each special character with \\ instead")
	case c == 'C':
		t.fail(start, "\\C is not JSON Schema (ECMA-262) syntax; write [^] for any character")
	case c == 'a' || c == 'e':
		t.fail(start, "\\%c is not JSON Schema (ECMA-262) syntax; write \\x%02x", c, map[byte]int{'a': 7, 'e': 0x1b}[c])
	default:
		r, _ := utf8.DecodeRuneInString(t.src[start+1:])
		t.fail(start, "\\%c is not an ECMA-262 escape with the u flag; write the character itself "+
			"(only ^ $ \\ . * + ? ( ) [ ] { } | / are escaped)", r)
	}
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func hexDigits(s string, i, n int) (rune, bool) {
	if i+n > len(s) {
		return 0, false
	}
	var v rune
	for _, c := range []byte(s[i : i+n]) {
		d := strings.IndexByte("0123456789abcdef", c)
		if d < 0 {
			d = strings.IndexByte("0123456789ABCDEF", c)
		}
		if d < 0 {
			return 0, false
		}
		v = v*16 + rune(d)
	}
	return v, true
}

// unicodeEscape reads the rest of \uHHHH (a surrogate pair written as two
// is one code point) or \u{H...}.
func (t *translator) unicodeEscape(start int) (rune, bool) {
	if t.pos < len(t.src) && t.src[t.pos] == '{' {
		end := strings.IndexByte(t.src[t.pos:], '}')
		if end > 1 && end <= 9 {
			if v, ok := hexDigits(t.src, t.pos+1, end-1); ok && v <= unicode.MaxRune {
				t.pos += end + 1
				return t.notSurrogate(start, v)
			}
		}
		t.fail(start, "\\u{...} must hold a code point in hexadecimal, at most 10FFFF")
		return 0, false
	}
	v, ok := hexDigits(t.src, t.pos, 4)
	if !ok {
		t.fail(start, "\\u must be followed by four hexadecimal digits or {code point}")
		return 0, false
	}
	t.pos += 4
	if 0xd800 <= v && v < 0xdc00 && strings.HasPrefix(t.src[t.pos:], `\u`) {
		if lo, ok := hexDigits(t.src, t.pos+2, 4); ok && 0xdc00 <= lo && lo < 0xe000 {
			t.pos += 6
			return 0x10000 + (v-0xd800)<<10 + (lo - 0xdc00), true
		}
	}
	return t.notSurrogate(start, v)
}

func (t *translator) notSurrogate(start int, v rune) (rune, bool) {
	if 0xd800 <= v && v < 0xe000 {
		t.fail(start, "a lone surrogate (%s) can never match a string toolgen decodes; write the whole code point as \\u{...}", t.src[start:t.pos])
		return 0, false
	}
	return v, true
}

// posixClass is RE2's [[:alpha:]] and the like.
var posixClass = regexp.MustCompile(`^\[\^?\[:\^?[a-z]+:\]`)

// class translates [...] or [^...]; every member is written as \x{..} so
// that nothing in it reads as RE2-only syntax ([:alpha:] is a set of
// characters in ECMA-262).
func (t *translator) class() {
	start := t.pos
	if posix := posixClass.FindString(t.src[t.pos:]); posix != "" {
		t.fail(start, "POSIX classes like %s are not JSON Schema (ECMA-262) syntax (there it is a set of the characters "+
			"in it, then a lone ]); write a set like [A-Za-z] or a property like \\p{L}", posix)
		return
	}
	t.pos++
	negated := t.more() && t.peek() == '^'
	if negated {
		t.pos++
	}
	var b strings.Builder
	empty := true
	for {
		if !t.more() {
			t.fail(start, "unclosed [ (write \\[ for the character)")
			return
		}
		if t.peek() == ']' {
			t.pos++
			break
		}
		empty = false
		lo, single, frag := t.classAtom()
		if t.err != nil {
			return
		}
		if t.pos+1 < len(t.src) && t.peek() == '-' && t.src[t.pos+1] != ']' {
			dash := t.pos
			t.pos++
			hi, hiSingle, _ := t.classAtom()
			if t.err != nil {
				return
			}
			if !single || !hiSingle {
				t.fail(dash, "a class escape like \\d cannot bound a range (write \\- for a hyphen)")
				return
			}
			if lo > hi {
				t.fail(dash, "range out of order in a class")
				return
			}
			b.WriteString(runeText(lo) + "-" + runeText(hi))
			continue
		}
		b.WriteString(frag)
	}
	switch {
	case empty && negated: // [^] is any character
		t.out.WriteString("[" + rangesFragment([][2]rune{{0, unicode.MaxRune}}) + "]")
	case empty: // [] matches nothing
		t.out.WriteString("[^" + rangesFragment([][2]rune{{0, unicode.MaxRune}}) + "]")
	case negated:
		t.out.WriteString("[^" + b.String() + "]")
	default:
		t.out.WriteString("[" + b.String() + "]")
	}
}

// classAtom reads one member of a class: a character (single) or a class
// escape; frag is its text inside an RE2 class.
func (t *translator) classAtom() (r rune, single bool, frag string) {
	if t.peek() == '\\' {
		if frag, ok := t.classEscape(true); ok {
			return 0, false, frag
		}
		r, ok := t.characterEscape(true)
		if !ok {
			return 0, false, ""
		}
		return r, true, escapedText(r)
	}
	r, size := utf8.DecodeRuneInString(t.src[t.pos:])
	t.pos += size
	return r, true, runeText(r)
}
