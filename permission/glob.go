package permission

import (
	"strings"
	"unicode/utf8"

	"github.com/toolgen-dev/toolgen/internal/wire"
)

// Match reports whether the glob pattern matches all of s. Globs are the
// patterns of permission rules (see toolgen.Rule), over tool names and
// argument values alike. They are fnmatch-like, not path.Match-like:
//
//   - a pattern matches the whole string, case-sensitively;
//   - * matches any run of characters, the empty run included, and crosses
//     / and spaces (path.Match's * stops at /, so "git *" would miss
//     "git add src/main.go");
//   - ? matches exactly one character (a Unicode code point, not a byte);
//   - [abc], [a-z], and [!abc] or [^abc], match one character in, or not
//     in, a set; a ] right after the [ (or [! or [^) is a member, and so is
//     a - first or last;
//   - \ makes the next character literal, in sets too: \* is a star, \[ a
//     bracket (so a JSON array value is matched by \["a","b"]), \\ a
//     backslash.
//
// A byte of invalid UTF-8 is one character, equal only to itself (a set
// sees it as U+FFFD). A malformed pattern (an unclosed [, a reversed range
// such as [z-a], a \ at the end) matches nothing; Permissions.Check reports
// it.
func Match(pattern, s string) bool {
	if literal(pattern) {
		return pattern == s
	}
	return match(pattern, s)
}

// matchBytes is Match over bytes (argument values), without a copy.
func matchBytes(pattern string, s []byte) bool {
	if literal(pattern) {
		return pattern == string(s)
	}
	return match(pattern, s)
}

// literal reports whether pattern has no special characters, so that it
// matches only itself.
func literal(pattern string) bool { return !strings.ContainsAny(pattern, `*?[\`) }

// errPattern says why a pattern is malformed.
type errPattern string

func (e errPattern) Error() string { return string(e) }

const (
	errUnclosedSet    errPattern = "unclosed '['"
	errReversedRange  errPattern = "a range whose ends are reversed"
	errTrailingEscape errPattern = `a '\' with nothing after it`
)

// checkPattern reports why pattern is malformed, or nil.
func checkPattern(pattern string) error {
	for i := 0; i < len(pattern); {
		if pattern[i] == '*' {
			i++
			continue
		}
		next, res := elem(pattern, i, char{})
		if res == malformed {
			return malformedWhy(pattern, i)
		}
		i = next
	}
	return nil
}

// malformedWhy names the fault of the malformed element at pattern[i].
func malformedWhy(pattern string, i int) errPattern {
	if pattern[i] == '\\' {
		return errTrailingEscape
	}
	_, _, why := set(pattern, i, 0)
	return why
}

// elemResult is what reading one element of a pattern against one character
// gives.
type elemResult byte

const (
	noMatch elemResult = iota
	matched
	malformed
)

// char is one character of a string: a rune and its width, and its first
// byte, which tells invalid bytes (RuneError, width 1) apart. Two chars are
// equal when their bytes are. The zero char is no character (the end).
type char struct {
	r rune
	w int
	b byte
}

// charAt reads the character at s[i].
func charAt[T ~string | ~[]byte](s T, i int) char {
	if c := s[i]; c < utf8.RuneSelf {
		return char{rune(c), 1, c}
	}
	r, w := wire.DecodeRune(s[i:])
	return char{r, w, s[i]}
}

// match runs the pattern over s: iteratively, remembering only the last *,
// so that it takes at most about len(pattern)·len(s) steps whatever the
// stars (a later * supersedes an earlier one: whatever the earlier would
// have consumed, the later can consume as well). A match reads every
// element of the pattern, and reading a malformed element stops it, so a
// malformed pattern never matches.
func match[T ~string | ~[]byte](p string, s T) bool {
	px, sx := 0, 0
	starP, starS := -1, 0 // just after the last *, and where its run ends in s
	for px < len(p) || sx < len(s) {
		if px < len(p) {
			if p[px] == '*' {
				px++
				starP, starS = px, sx
				continue
			}
			var c char
			if sx < len(s) {
				c = charAt(s, sx)
			}
			next, res := elem(p, px, c)
			switch res {
			case matched:
				px, sx = next, sx+c.w
				continue
			case malformed:
				return false
			}
		}
		if starP < 0 || starS >= len(s) {
			return false
		}
		// Let the last * take one more character, and go on after it.
		starS += charAt(s, starS).w
		px, sx = starP, starS
	}
	return true
}

// elem reads the element of p at i (anything but a *) against the character
// c, and returns the index after the element. With no character (the zero
// char) it reads the element only to tell whether it is malformed.
func elem(p string, i int, c char) (int, elemResult) {
	switch p[i] {
	case '?':
		return i + 1, result(c.w > 0)
	case '[':
		next, in, why := set(p, i, c.r)
		if why != "" {
			return next, malformed
		}
		return next, result(c.w > 0 && in)
	case '\\':
		i++
		if i == len(p) {
			return i, malformed
		}
	}
	pc := charAt(p, i)
	return i + pc.w, result(c.w > 0 && pc == c)
}

func result(ok bool) elemResult {
	if ok {
		return matched
	}
	return noMatch
}

// set reads the set at p[i] (a '['), whole even after r is found, so that a
// malformed set is always noticed; it returns the index after the closing ']'
// and whether r is in the set. An invalid byte is looked up as U+FFFD.
func set(p string, i int, r rune) (next int, in bool, why errPattern) {
	i++
	negate := i < len(p) && (p[i] == '!' || p[i] == '^')
	if negate {
		i++
	}
	for first := true; ; first = false {
		if i >= len(p) {
			return i, false, errUnclosedSet
		}
		if p[i] == ']' && !first {
			return i + 1, in != negate, ""
		}
		lo, after, ok := setChar(p, i)
		if !ok {
			return after, false, errUnclosedSet
		}
		hi := lo
		if after+1 < len(p) && p[after] == '-' && p[after+1] != ']' {
			if hi, after, ok = setChar(p, after+1); !ok {
				return after, false, errUnclosedSet
			}
			if hi < lo {
				return after, false, errReversedRange
			}
		}
		in = in || (lo <= r && r <= hi)
		i = after
	}
}

// setChar reads one character of a set, escaped or not; false when a \
// ends the pattern (so the set is unclosed).
func setChar(p string, i int) (rune, int, bool) {
	if p[i] == '\\' {
		i++
		if i == len(p) {
			return 0, i, false
		}
	}
	c, w := utf8.DecodeRuneInString(p[i:])
	return c, i + w, true
}
