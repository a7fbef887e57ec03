package analyze

import (
	"strings"
	"unicode"
)

// snakeCase turns a Go name into snake_case, keeping initialisms whole:
// GetHTTPStatus -> get_http_status, userID -> user_id, URLs -> urls,
// Top10Items -> top10_items (a digit belongs to the word before it).
func snakeCase(name string) string {
	runes := []rune(name)
	var b strings.Builder
	for i, r := range runes {
		if i > 0 && unicode.IsUpper(r) && startsWord(runes, i) {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

// startsWord reports whether the upper-case rune at i begins a new word: after
// a lower-case letter or digit (fooBar), or as the last capital of an
// initialism followed by a lower-case letter (HTTPServer: the S), unless
// that letter is only the plural s of the initialism (URLs, IDsByName).
func startsWord(runes []rune, i int) bool {
	prev := runes[i-1]
	if unicode.IsLower(prev) || unicode.IsDigit(prev) {
		return true
	}
	return unicode.IsUpper(prev) && i+1 < len(runes) && unicode.IsLower(runes[i+1]) && !pluralS(runes, i+1)
}

// pluralS reports whether the rune at i is an s ending a word.
func pluralS(runes []rune, i int) bool {
	return runes[i] == 's' && (i+1 == len(runes) || !unicode.IsLower(runes[i+1]))
}
