package ecmaregex

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTranslate(t *testing.T) {
	for pattern, want := range map[string]string{
		`^[a-z]{1,3}$`:                         `^[a-z]{1,3}$`,
		`abc`:                                  `abc`,
		`a.c`:                                  `a[^\n\r\x{2028}\x{2029}]c`,
		`\d+\w*\D\W`:                           `\d+\w*\D\W`,
		`\s`:                                   `[\x{9}-\x{d}\x{20}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}-\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]`,
		`[\s]`:                                 `[\x{9}-\x{d}\x{20}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}-\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}]`,
		`\u00e9\u{1F600}`:                      `\x{e9}\x{1f600}`,
		`\uD83D\uDE00`:                         `\x{1f600}`,
		`\x41\0\cJ\v`:                          `\x{41}\x{0}\x{a}\x{b}`,
		`[[:a]`:                                `[\[\:a]`,
		`(a|b)(?:c)(?<n>d)`:                    `(?:a|b)(?:c)(?:d)`,
		`a+?b*?c??`:                            `a+?b*?c??`,
		`[^]`:                                  `[\x{0}-\x{10ffff}]`,
		`[]`:                                   `[^\x{0}-\x{10ffff}]`,
		`[-a\-]`:                               `[\-a\-]`,
		`\p{L}\P{Lu}\p{Script=Greek}\p{gc=Nd}`: `\p{L}\P{Lu}\p{Greek}\p{Nd}`,
		`\bx\B`:                                `\bx\B`,
		`\.\*\/`:                               `\.\*\/`,
		`[\b]`:                                 `[\x{8}]`,
		`é`:                                    `é`,
	} {
		got, err := Translate(pattern)
		if assert.NoError(t, err, pattern) {
			assert.Equal(t, want, got, pattern)
			_, err := regexp.Compile(got)
			assert.NoError(t, err, pattern)
		}
	}
}

func TestTranslateRefuses(t *testing.T) {
	for pattern, want := range map[string]string{
		`(?i)abc`:      `at offset 0: inline flags and modifiers like (?i) are not JSON Schema (ECMA-262) syntax; write [Aa][Bb][Cc]`,
		`(?i)^[a-z]$`:  `at offset 0: inline flags and modifiers like (?i) are not JSON Schema (ECMA-262) syntax; write each letter as a class of its cases, like [Aa]`,
		`x(?s:.)`:      `at offset 1: inline flags and modifiers like (?s: are not JSON Schema (ECMA-262) syntax; write the pattern without them`,
		`abc\z`:        `at offset 3: \z is not JSON Schema (ECMA-262) syntax; write $ (there is no multiline flag, so it matches only at the end)`,
		`\Aabc`:        `at offset 0: \A is not JSON Schema (ECMA-262) syntax; write ^ (there is no multiline flag, so it matches only at the start)`,
		`\pL`:          `at offset 0: \p without braces is not ECMA-262 syntax; write \p{L}`,
		`\Qa.b\E`:      `at offset 0: \Q...\E is not JSON Schema (ECMA-262) syntax; escape each special character with \ instead`,
		`a\C`:          `at offset 1: \C is not JSON Schema (ECMA-262) syntax; write [^] for any character`,
		`(a)\1`:        `at offset 3: backreferences like \1 are ECMA-262 syntax that RE2, which the decoder uses, cannot check; rewrite the pattern without them, or check the value in the tool`,
		`[\1]`:         `at offset 1: \1 inside a class is not ECMA-262 syntax with the u flag (write \x.. for a character)`,
		`(?<n>a)\k<n>`: `at offset 7: backreferences like \k<name> are ECMA-262 syntax that RE2, which the decoder uses, cannot check; rewrite the pattern without them, or check the value in the tool`,
		`a(?=b)`:       `at offset 1: lookarounds like (?=...) are ECMA-262 syntax that RE2, which the decoder uses, cannot check; rewrite the pattern without them, or check the value in the tool`,
		`(?<!a)b`:      `at offset 0: lookarounds like (?<!...) are ECMA-262 syntax that RE2, which the decoder uses, cannot check; rewrite the pattern without them, or check the value in the tool`,
		`a{1001}`:      `at offset 1: {1001}: RE2, which the decoder uses, repeats at most 1000 times; use a smaller count, or minLength/maxLength`,
		`a{3,1}`:       `at offset 1: {3,1}: the numbers are out of order`,
		`a{`:           `at offset 1: malformed {n}, {n,} or {n,m} (write \{ for the character)`,
		`{`:            `at offset 0: a lone { is not ECMA-262 syntax with the u flag (write \{ for the character)`,
		`a]`:           `at offset 1: a lone ] is not ECMA-262 syntax with the u flag (write \] for the character)`,
		`*a`:           `at offset 0: nothing to repeat before * (write \* for the character)`,
		`a**`:          `at offset 2: nothing to repeat: a quantifier cannot follow *`,
		`^*`:           `at offset 1: nothing to repeat: "^" is an assertion`,
		`(a`:           `at offset 0: unclosed group (write \( for a literal parenthesis)`,
		`a)`:           `at offset 1: unmatched ) (write \) for a literal parenthesis)`,
		`[a`:           `at offset 0: unclosed [ (write \[ for the character)`,
		`[z-a]`:        `at offset 2: range out of order in a class`,
		`[\d-z]`:       `at offset 3: a class escape like \d cannot bound a range (write \- for a hyphen)`,
		`\e`:           `at offset 0: \e is not JSON Schema (ECMA-262) syntax; write \x1b`,
		`\h`:           `at offset 0: \h is not an ECMA-262 escape with the u flag; write the character itself (only ^ $ \ . * + ? ( ) [ ] { } | / are escaped)`,
		`\-`:           `at offset 0: \- is not an ECMA-262 escape with the u flag; write the character itself (only ^ $ \ . * + ? ( ) [ ] { } | / are escaped)`,
		`\p{Letter}`:   `at offset 0: \p{Letter}: toolgen translates general categories (\p{L}, \p{Lu}, \p{gc=Nd}) and scripts (\p{Script=Greek}), named by their short names, and Any and ASCII`,
		`\uD800`:       `at offset 0: a lone surrogate (\uD800) can never match a string toolgen decodes; write the whole code point as \u{...}`,
		`\u{110000}`:   `at offset 0: \u{...} must hold a code point in hexadecimal, at most 10FFFF`,
		`\x4`:          `at offset 0: \x must be followed by two hexadecimal digits (write \u{...} for more)`,
		`[[:alpha:]]`:  `at offset 0: POSIX classes like [[:alpha:] are not JSON Schema (ECMA-262) syntax (there it is a set of the characters in it, then a lone ]); write a set like [A-Za-z] or a property like \p{L}`,
		`a\`:           `at offset 1: the pattern ends in a lone \ (write \\ for a backslash)`,
		`\00`:          `at offset 0: backreferences like \0 are ECMA-262 syntax that RE2, which the decoder uses, cannot check; rewrite the pattern without them, or check the value in the tool`,
	} {
		_, err := Translate(pattern)
		if assert.Error(t, err, pattern) {
			assert.Equal(t, want, err.Error(), pattern)
		}
	}
}

func TestTranslateNeverPanics(t *testing.T) {
	for _, p := range []string{"", "\\", "[", "[\\", "(", "(?", "(?<", "\\u{", "\\u{}", "\\p{", "\\c", "[a-", "[a-\\", strings.Repeat("(", 50)} {
		assert.NotPanics(t, func() { _, _ = Translate(p) }, p)
	}
	_, err := Translate("")
	require.NoError(t, err)
}
