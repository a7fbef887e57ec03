package analyze

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
)

// snakeCase turns a Go name into snake_case, keeping initialisms whole:
// GetHTTPStatus -> get_http_status, userID -> user_id, URLs -> urls,
// Top10Items -> top10_items (a digit belongs to the word before it), and
// known mixed-case words whole too: IsNaN -> is_nan, GetIPv6Address ->
// get_ipv6_address, OAuth2Login -> oauth2_login.
func snakeCase(name string) string {
	runes := []rune(name)
	var b strings.Builder
	afterToken := false
	for i := 0; i < len(runes); {
		n := mixedWordAt(runes, i)
		if i > 0 && runes[i-1] != '_' && (n > 0 || unicode.IsUpper(runes[i]) && (afterToken || startsWord(runes, i))) {
			b.WriteByte('_')
		}
		afterToken = n > 0
		for _, r := range runes[i : i+max(n, 1)] {
			b.WriteRune(unicode.ToLower(r))
		}
		i += max(n, 1)
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

// mixedWords are words written in mixed case that the rules above would
// split inside (NaN -> na_n, IPv6 -> i_pv6, OAuth -> o_auth, GitHub ->
// git_hub): each is one word. Only words whose split is plainly wrong are
// listed (iPadOS is left out: ipad_os reads well); a word matches with its first letter in either case (macOS,
// MacOS), the rest as written. Longest first, so iPadOS wins over iPad.
var mixedWords = sortedLongestFirst([]string{
	"NaN", "IPv4", "IPv6", "OAuth", "iOS", "macOS", "iPhone", "iPad", "eBay",
	"gRPC", "GitHub", "GitLab", "GraphQL", "WebSocket", "JavaScript", "TypeScript",
	"PostgreSQL", "MySQL", "NoSQL", "OpenAI", "OpenAPI", "YouTube", "LinkedIn",
	"PayPal", "WiFi",
})

func sortedLongestFirst(words []string) [][]rune {
	out := make([][]rune, len(words))
	for i, w := range words {
		out[i] = []rune(w)
	}
	slices.SortStableFunc(out, func(a, b []rune) int { return cmp.Compare(len(b), len(a)) })
	return out
}

// mixedWordAt returns the length of the mixed-case word starting at i (with
// its plural s), or 0. The word must stand whole: not followed by a
// lower-case letter, and, when it starts in lower case (iOS), not preceded
// by a letter. Its text must hold a lower-case letter: an all-capital run
// such as the IOS of RATIOS is left to the rules for initialisms.
func mixedWordAt(runes []rune, i int) int {
	for _, w := range mixedWords {
		end := i + len(w)
		if end > len(runes) || unicode.ToLower(runes[i]) != unicode.ToLower(w[0]) || !slices.Equal(runes[i+1:end], w[1:]) {
			continue
		}
		if !slices.ContainsFunc(runes[i:end], unicode.IsLower) {
			continue
		}
		if unicode.IsLower(runes[i]) && i > 0 && unicode.IsLetter(runes[i-1]) {
			continue
		}
		switch {
		case end == len(runes) || !unicode.IsLower(runes[end]):
			return len(w)
		case pluralS(runes, end):
			return len(w) + 1
		}
	}
	return 0
}
