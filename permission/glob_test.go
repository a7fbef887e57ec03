package permission

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

var globCases = []struct {
	pattern, s string
	want       bool
}{
	// Whole-string, case-sensitive literals.
	{"", "", true},
	{"", "a", false},
	{"read_file", "read_file", true},
	{"read_file", "read_files", false},
	{"read_file", "Read_file", false},
	{"read_file", "read_fil", false},

	// Stars.
	{"*", "", true},
	{"*", "anything / at all", true},
	{"**", "", true},
	{"**", "a/b", true},
	{"a**b", "ab", true},
	{"a*", "a", true},
	{"*a", "ba", true},
	{"*a", "ab", false},
	{"a*b*c", "axxbyyc", true},
	{"a*b*c", "axxbyy", false},
	{"a*b", "a/b/c/b", true},
	{"git *", "git log --oneline", true},
	{"git *", "git", false},
	{"git *", "gitk", false},
	{"git*", "gitk", true},
	{"git log*", "git log --oneline", true},
	{"git log*", "git push", false},
	{"*rm -rf*", "sudo rm -rf /", true},
	{"*/etc/*", "cat /etc/passwd", true},
	{"*.go", "src/pkg/main.go", true},
	{"*x*x*x*x*y", strings.Repeat("x", 60), false},

	// Question marks: one character, a rune, not a byte.
	{"?", "", false},
	{"?", "a", true},
	{"?", "ab", false},
	{"?", "é", true},
	{"?", "日", true},
	{"??", "日", false},
	{"a?c", "a/c", true},
	{"a?c", "a c", true},
	{"日?語", "日本語", true},
	{"?", "\xff", true}, // an invalid byte is one character
	{"??", "\xe2\x82", true},

	// Sets.
	{"[abc]", "b", true},
	{"[abc]", "d", false},
	{"[abc]", "", false},
	{"[a-z]", "m", true},
	{"[a-z]", "M", false},
	{"[a-cx-z]", "y", true},
	{"[!abc]", "d", true},
	{"[!abc]", "a", false},
	{"[^abc]", "d", true},
	{"[^abc]", "a", false},
	{"[]]", "]", true},
	{"[]a]", "a", true},
	{"[]a]", "b", false},
	{"[!]]", "]", false},
	{"[!]]", "a", true},
	{"[^]]", "]", false},
	{"[a-]", "-", true},
	{"[-a]", "-", true},
	{"[a-]", "b", false},
	{"[!-]", "-", false},
	{"[\\]]", "]", true},
	{"[\\-a]", "-", true},
	{"[a\\-z]", "m", false},
	{"[a\\-z]", "z", true},
	{"[\\!a]", "!", true},
	{"[α-ω]", "λ", true},
	{"[α-ω]", "l", false},
	{"[!α-ω]", "l", true},
	{"[日本]", "本", true},
	{"[\U0001F600-\U0001F64F]", "\U0001F602", true},
	{"[a-a]", "a", true},
	{"x[0-9]*", "x1abc", true},
	{"x[0-9]*", "xa1", false},
	{"[*]", "*", true},
	{"[*]", "a", false},
	{"[?]", "?", true},
	{"[[]", "[", true},

	// Escapes.
	{`\*`, "*", true},
	{`\*`, "a", false},
	{`a\*b`, "a*b", true},
	{`a\*b`, "axb", false},
	{`\?`, "?", true},
	{`\?`, "a", false},
	{`\[a]`, "[a]", true},
	{`\\`, `\`, true},
	{`\a`, "a", true},
	{`*\*`, "ends with *", true},
	{`*\*`, "ends without", false},
	{`\日`, "日", true},

	// Malformed patterns match nothing, not even themselves.
	{"[", "[", false},
	{"[abc", "a", false},
	{"a[", "a[", false},
	{"[]", "]", false},
	{"[!]", "!", false},
	{"[z-a]", "m", false},
	{`\`, `\`, false},
	{`a\`, `a\`, false},
	{`[a\`, "a", false},
	{"*[", "x[", false},
	{"*[", "", false},
	{"a*[", "a", false},
	{"[z-a]*", "", false},
}

func TestMatch(t *testing.T) {
	for _, tt := range globCases {
		assert.Equal(t, tt.want, Match(tt.pattern, tt.s), "Match(%q, %q)", tt.pattern, tt.s)
		assert.Equal(t, tt.want, matchBytes(tt.pattern, []byte(tt.s)), "matchBytes(%q, %q)", tt.pattern, tt.s)
		assert.Equal(t, tt.want, refMatch(tt.pattern, tt.s), "refMatch(%q, %q): the reference disagrees with the case", tt.pattern, tt.s)
	}
}

func TestInvalidUTF8IsComparedByBytes(t *testing.T) {
	assert.True(t, Match("\xff", "\xff"))
	assert.False(t, Match("\xff", "\xfe"))
	assert.False(t, Match("\xe2", "\u20ac"), "an invalid byte is not the start of a valid character")
	assert.False(t, Match("\ufffd", "\xff"), "U+FFFD written out is not an invalid byte")
	assert.True(t, Match("[\ufffd]", "\xff"), "a set sees an invalid byte as U+FFFD")
}

func TestMalformedPatterns(t *testing.T) {
	tests := []struct{ pattern, err string }{
		{"", ""},
		{"*", ""},
		{"[]]", ""},
		{`\*`, ""},
		{"[a-]", ""},
		{"[", "unclosed '['"},
		{"[]", "unclosed '['"},
		{"[!]", "unclosed '['"},
		{"a[bc", "unclosed '['"},
		{`[a\`, "unclosed '['"},
		{`[a-\`, "unclosed '['"},
		{"[z-a]", "a range whose ends are reversed"},
		{"x[b-a]y", "a range whose ends are reversed"},
		{`\`, `a '\' with nothing after it`},
		{`ab*\`, `a '\' with nothing after it`},
	}
	for _, tt := range tests {
		err := checkPattern(tt.pattern)
		if tt.err == "" {
			assert.NoError(t, err, tt.pattern)
			continue
		}
		if assert.Error(t, err, tt.pattern) {
			assert.Equal(t, tt.err, err.Error(), tt.pattern)
		}
	}
}

func FuzzMatch(f *testing.F) {
	for _, tt := range globCases {
		f.Add(tt.pattern, tt.s)
	}
	f.Add("*a*b*", "xaybz")
	f.Add("[!a-c]?*\\*", "d\u00e9xyz*")
	f.Fuzz(func(t *testing.T, pattern, s string) {
		want := refMatch(pattern, s)
		if got := Match(pattern, s); got != want {
			t.Fatalf("Match(%q, %q) = %v, the reference says %v", pattern, s, got, want)
		}
		if got := matchBytes(pattern, []byte(s)); got != want {
			t.Fatalf("matchBytes(%q, %q) = %v, the reference says %v", pattern, s, got, want)
		}
		_, refErr := refParse(pattern)
		if valid := checkPattern(pattern) == nil; valid != (refErr == nil) {
			t.Fatalf("checkPattern(%q) valid=%v, the reference says %v", pattern, valid, refErr)
		}
	})
}

// The reference matcher: the glob semantics written as plainly as possible,
// a parse into tokens and a recursive match over characters (memoized, so
// that fuzzing is not slowed by exponential patterns).

type refToken struct {
	kind   byte // '*', '?', '[' or 'c' for a literal character
	lit    string
	ranges [][2]rune
	negate bool
}

type refError string

func (e refError) Error() string { return string(e) }

func refParse(p string) ([]refToken, error) {
	var toks []refToken
	i := 0
	// next reads one character, after a \ when there is one.
	next := func() (string, bool) {
		if p[i] == '\\' {
			i++
			if i == len(p) {
				return "", false
			}
		}
		_, w := utf8.DecodeRuneInString(p[i:])
		c := p[i : i+w]
		i += w
		return c, true
	}
	for i < len(p) {
		switch p[i] {
		case '*', '?':
			toks = append(toks, refToken{kind: p[i]})
			i++
		case '[':
			i++
			tok := refToken{kind: '['}
			if i < len(p) && (p[i] == '!' || p[i] == '^') {
				tok.negate = true
				i++
			}
			for first := true; ; first = false {
				if i >= len(p) {
					return nil, refError("unclosed")
				}
				if p[i] == ']' && !first {
					i++
					break
				}
				lo, ok := next()
				if !ok {
					return nil, refError("unclosed")
				}
				hi := lo
				if i+1 < len(p) && p[i] == '-' && p[i+1] != ']' {
					i++
					if hi, ok = next(); !ok {
						return nil, refError("unclosed")
					}
				}
				l, _ := utf8.DecodeRuneInString(lo)
				h, _ := utf8.DecodeRuneInString(hi)
				if h < l {
					return nil, refError("reversed")
				}
				tok.ranges = append(tok.ranges, [2]rune{l, h})
			}
			toks = append(toks, tok)
		default:
			c, ok := next()
			if !ok {
				return nil, refError("trailing backslash")
			}
			toks = append(toks, refToken{kind: 'c', lit: c})
		}
	}
	return toks, nil
}

func refMatch(pattern, s string) bool {
	toks, err := refParse(pattern)
	if err != nil {
		return false
	}
	var chars []string
	for i := 0; i < len(s); {
		_, w := utf8.DecodeRuneInString(s[i:])
		chars = append(chars, s[i:i+w])
		i += w
	}
	memo := map[[2]int]bool{}
	var rec func(ti, ci int) bool
	rec = func(ti, ci int) bool {
		key := [2]int{ti, ci}
		if v, ok := memo[key]; ok {
			return v
		}
		var ok bool
		switch {
		case ti == len(toks):
			ok = ci == len(chars)
		case toks[ti].kind == '*':
			ok = rec(ti+1, ci) || (ci < len(chars) && rec(ti, ci+1))
		case ci == len(chars):
			ok = false
		default:
			ok = refOne(toks[ti], chars[ci]) && rec(ti+1, ci+1)
		}
		memo[key] = ok
		return ok
	}
	return rec(0, 0)
}

func refOne(tok refToken, c string) bool {
	switch tok.kind {
	case '?':
		return true
	case 'c':
		return tok.lit == c
	}
	r, _ := utf8.DecodeRuneInString(c)
	in := false
	for _, rg := range tok.ranges {
		if rg[0] <= r && r <= rg[1] {
			in = true
		}
	}
	return in != tok.negate
}
