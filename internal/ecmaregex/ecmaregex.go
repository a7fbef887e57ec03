// Package ecmaregex translates JSON Schema patterns, which mean what
// ECMA-262's new RegExp(pattern, "u") means, into Go (RE2) regular
// expressions that match the same strings. It accepts the part of ECMA-262
// syntax that it can translate faithfully and refuses the rest with the
// position and what to write instead: RE2 cannot check backreferences and
// lookarounds, and RE2-only syntax ((?i), \z, \pL, [[:alpha:]], \Q...\E)
// is not ECMA-262.
//
// The translator is a scanner over the pattern's text, since the meaning
// of shared syntax differs: ECMA's . excludes \r, U+2028 and U+2029 as
// well as \n; its \s and \S take in Unicode spaces and \v; [ inside a class
// is a literal; \u escapes name UTF-16 code units.
package ecmaregex

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Error is a pattern toolgen cannot translate: Offset is the byte offset in
// the pattern where the trouble starts.
type Error struct {
	Offset int
	Msg    string
}

func (e *Error) Error() string { return fmt.Sprintf("at offset %d: %s", e.Offset, e.Msg) }

// maxRepeat is RE2's largest repetition count.
const maxRepeat = 1000

// Translate returns the Go regular expression that matches what pattern
// matches as an ECMA-262 regular expression with the u flag.
func Translate(pattern string) (string, error) {
	t := &translator{src: pattern}
	t.disjunction()
	if t.err == nil && t.pos < len(t.src) {
		t.fail(t.pos, "unmatched ) (write \\) for a literal parenthesis)")
	}
	if t.err != nil {
		return "", t.err
	}
	out := t.out.String()
	if _, err := regexp.Compile(out); err != nil {
		return "", &Error{0, "Go's regexp package cannot compile it: " + err.Error()}
	}
	return out, nil
}

type translator struct {
	src   string
	pos   int
	out   strings.Builder
	err   *Error
	depth int
}

func (t *translator) fail(at int, format string, args ...any) {
	if t.err == nil {
		t.err = &Error{at, fmt.Sprintf(format, args...)}
	}
}

func (t *translator) more() bool { return t.err == nil && t.pos < len(t.src) }

func (t *translator) peek() byte { return t.src[t.pos] }

func (t *translator) disjunction() {
	for t.more() {
		switch t.peek() {
		case '|':
			t.out.WriteByte('|')
			t.pos++
		case ')':
			if t.depth == 0 {
				t.fail(t.pos, "unmatched ) (write \\) for a literal parenthesis)")
			}
			return
		default:
			t.term()
		}
	}
}

// term is an assertion, or an atom with an optional quantifier.
func (t *translator) term() {
	start := t.pos
	switch c := t.peek(); {
	case c == '^' || c == '$':
		t.out.WriteByte(c)
		t.pos++
		t.noQuantifier(start)
		return
	case strings.HasPrefix(t.src[t.pos:], `\b`) || strings.HasPrefix(t.src[t.pos:], `\B`):
		t.out.WriteString(t.src[t.pos : t.pos+2]) // ASCII word boundaries in both
		t.pos += 2
		t.noQuantifier(start)
		return
	case strings.HasPrefix(t.src[t.pos:], "(?=") || strings.HasPrefix(t.src[t.pos:], "(?!") ||
		strings.HasPrefix(t.src[t.pos:], "(?<=") || strings.HasPrefix(t.src[t.pos:], "(?<!"):
		t.fail(start, "lookarounds like %s...) are ECMA-262 syntax that RE2, which the decoder uses, cannot check; "+
			"rewrite the pattern without them, or check the value in the tool", t.src[start:t.pos+3+boolInt(t.src[t.pos+2] == '<')])
		return
	}
	t.atom()
	t.quantifier()
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (t *translator) noQuantifier(at int) {
	if t.more() && strings.IndexByte("*+?{", t.peek()) >= 0 {
		t.fail(t.pos, "nothing to repeat: %q is an assertion", t.src[at:t.pos])
	}
}

func (t *translator) atom() {
	start := t.pos
	switch c := t.peek(); c {
	case '.':
		t.out.WriteString(`[^\n\r\x{2028}\x{2029}]`)
		t.pos++
	case '(':
		t.group()
	case '[':
		t.class()
	case '\\':
		t.atomEscape()
	case '*', '+', '?':
		t.fail(start, "nothing to repeat before %c (write \\%c for the character)", c, c)
	case '{':
		t.fail(start, "a lone { is not ECMA-262 syntax with the u flag (write \\{ for the character)")
	case '}', ']':
		t.fail(start, "a lone %c is not ECMA-262 syntax with the u flag (write \\%c for the character)", c, c)
	default:
		r, size := utf8.DecodeRuneInString(t.src[t.pos:])
		t.literal(r)
		t.pos += size
	}
}

func (t *translator) literal(r rune) {
	t.out.WriteString(regexp.QuoteMeta(string(r)))
}

func (t *translator) group() {
	start := t.pos
	rest := t.src[t.pos:]
	switch {
	case strings.HasPrefix(rest, "(?:"):
		t.pos += 3
	case strings.HasPrefix(rest, "(?<"):
		end := strings.IndexByte(rest, '>')
		if end < 0 || !validGroupName(rest[3:end]) {
			t.fail(start, "malformed group name (write (?<name>...) with a name of letters, digits, _ and $)")
			return
		}
		t.pos += end + 1
	case strings.HasPrefix(rest, "(?"):
		t.fail(start, "inline flags and modifiers like %s are not JSON Schema (ECMA-262) syntax; %s",
			flagsText(rest), flagsAdvice(rest))
		return
	default:
		t.pos++
	}
	// Captures do not change what matches: every group is a plain one.
	t.out.WriteString("(?:")
	t.depth++
	t.disjunction()
	t.depth--
	if t.err != nil {
		return
	}
	if !t.more() || t.peek() != ')' {
		t.fail(start, "unclosed group (write \\( for a literal parenthesis)")
		return
	}
	t.out.WriteByte(')')
	t.pos++
}

func validGroupName(name string) bool {
	if name == "" {
		return false
	}
	for i, r := range name {
		if !(r == '_' || r == '$' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return true
}

// flagsText is the (?flags) or (?flags: at the start of rest.
func flagsText(rest string) string {
	end := strings.IndexAny(rest, ":)")
	if end < 0 {
		return rest
	}
	return rest[:end+1]
}

// flagsAdvice says what to write instead of inline flags: for (?i), each
// letter as a class of its cases.
func flagsAdvice(rest string) string {
	flags := flagsText(rest)
	if !strings.Contains(flags, "i") {
		return "write the pattern without them"
	}
	var b strings.Builder
	for _, r := range rest[len(flags):] {
		if strings.ContainsRune(`^$\.*+?()[]{}|/`, r) { // too much to rewrite here
			b.Reset()
			break
		}
		upper, lower := unicode.ToUpper(r), unicode.ToLower(r)
		if upper != lower {
			b.WriteString("[" + string(upper) + string(lower) + "]")
		} else {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 || len(rest) > 40 {
		return "write each letter as a class of its cases, like [Aa]"
	}
	return "write " + b.String()
}

func (t *translator) quantifier() {
	if !t.more() {
		return
	}
	start := t.pos
	switch c := t.peek(); c {
	case '*', '+', '?':
		t.out.WriteByte(c)
		t.pos++
	case '{':
		min, max, end, ok := parseBraces(t.src, t.pos)
		if !ok {
			t.fail(start, "malformed {n}, {n,} or {n,m} (write \\{ for the character)")
			return
		}
		if max >= 0 && min > max {
			t.fail(start, "%s: the numbers are out of order", t.src[start:end])
			return
		}
		if min > maxRepeat || max > maxRepeat {
			t.fail(start, "%s: RE2, which the decoder uses, repeats at most %d times; use a smaller count, or minLength/maxLength", t.src[start:end], maxRepeat)
			return
		}
		t.out.WriteString(t.src[start:end])
		t.pos = end
	default:
		return
	}
	if t.more() && t.peek() == '?' { // lazy: the same strings match
		t.out.WriteByte('?')
		t.pos++
	}
	if t.more() && strings.IndexByte("*+?{", t.peek()) >= 0 {
		t.fail(t.pos, "nothing to repeat: a quantifier cannot follow %s", t.src[start:t.pos])
	}
}

// parseBraces reads {n}, {n,} or {n,m} at s[i] (max -1 for none). Counts
// beyond an int are reported as maxRepeat+1.
func parseBraces(s string, i int) (min, max, end int, ok bool) {
	j := i + 1
	min, j, ok = braceNumber(s, j)
	if !ok || j >= len(s) {
		return 0, 0, 0, false
	}
	max = min
	if s[j] == ',' {
		j++
		max = -1
		if j < len(s) && s[j] != '}' {
			if max, j, ok = braceNumber(s, j); !ok {
				return 0, 0, 0, false
			}
		}
	}
	if j >= len(s) || s[j] != '}' {
		return 0, 0, 0, false
	}
	return min, max, j + 1, true
}

func braceNumber(s string, i int) (int, int, bool) {
	j := i
	for j < len(s) && '0' <= s[j] && s[j] <= '9' {
		j++
	}
	if j == i {
		return 0, j, false
	}
	n, err := strconv.Atoi(s[i:j])
	if err != nil || n > maxRepeat {
		n = maxRepeat + 1
	}
	return n, j, true
}
