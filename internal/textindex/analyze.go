package textindex

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxTermLen is the longest term kept, in bytes.
const MaxTermLen = 64

// AppendTerms appends the terms of text to dst, in the order they come, a
// term as often as it comes (see the package doc for what a term is).
func AppendTerms(dst []string, text string) []string {
	for i := 0; i < len(text); {
		start, end := nextWord(text, i)
		if start == end {
			break
		}
		dst = appendWordTerms(dst, text[start:end])
		i = end
	}
	return dst
}

// nextWord returns the span of the first word of text at or after i, or an
// empty span at the end.
func nextWord(text string, i int) (start, end int) {
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		if isWordRune(r) {
			break
		}
		i += size
	}
	start = i
	prevLetter := false
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case isWordRune(r):
			prevLetter = unicode.IsLetter(r)
		case isApostrophe(r) && prevLetter:
			next, _ := utf8.DecodeRuneInString(text[i+size:])
			if !unicode.IsLetter(next) {
				return start, i
			}
			prevLetter = false
		default:
			return start, i
		}
		i += size
	}
	return start, i
}

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

func isApostrophe(r rune) bool { return r == '\'' || r == '\u2019' }

// span is a part of a word: word[start:end].
type span struct{ start, end int }

// appendWordTerms appends the terms of one word: its parts, then the whole
// identifier when there are two parts or more.
func appendWordTerms(dst []string, word string) []string {
	if plainWord(word) { // the common case: one part, already lower-case
		return appendPart(dst, word)
	}
	var buf [8]span
	parts := splitWord(word, buf[:0])
	for _, p := range parts {
		dst = appendPart(dst, lower(word[p.start:p.end]))
	}
	if len(parts) < 2 {
		return dst
	}
	var whole strings.Builder
	for i, p := range parts {
		if i > 0 {
			whole.WriteByte('_')
		}
		whole.WriteString(Stem(lower(word[p.start:p.end])))
	}
	if whole.Len() <= MaxTermLen {
		dst = append(dst, whole.String())
	}
	return dst
}

// plainWord reports whether word is ASCII lower-case letters and digits.
func plainWord(word string) bool {
	for i := 0; i < len(word); i++ {
		if c := word[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}

// appendPart appends the term of a lower-cased part, unless it is a stop
// word, a single character or too long.
func appendPart(dst []string, part string) []string {
	if len(part) > MaxTermLen || utf8.RuneCountInString(part) < 2 || isStopWord(part) {
		return dst
	}
	return append(dst, Stem(part))
}

// splitWord appends the parts of word to parts: split at underscores and
// camelCase boundaries (see the package doc), empty parts left out.
func splitWord(word string, parts []span) []span {
	start := 0
	var prev rune
	for i, r := range word {
		switch {
		case r == '_':
			parts = appendSpan(parts, word, start, i)
			start, prev = i+1, 0
			continue
		case unicode.IsUpper(r) && camelBoundary(word, i, prev):
			parts = appendSpan(parts, word, start, i)
			start = i
		}
		if !isApostrophe(r) {
			prev = r
		}
	}
	return appendSpan(parts, word, start, len(word))
}

// camelBoundary reports whether a part starts at the upper-case letter at
// word[i], whose previous rune in the part is prev (0 at a part's start).
func camelBoundary(word string, i int, prev rune) bool {
	switch {
	case prev == 0:
		return false
	case unicode.IsLower(prev) || unicode.IsDigit(prev):
		return true
	case !unicode.IsUpper(prev):
		return false
	}
	// In a run of capitals, the last one starts a part when a lower-case
	// letter follows it (HTTPServer), unless that letter is a lone s ending
	// the run of lower-case letters: URLs and userIDs are plurals.
	_, size := utf8.DecodeRuneInString(word[i:])
	rest := word[i+size:]
	next, n := utf8.DecodeRuneInString(rest)
	if !unicode.IsLower(next) {
		return false
	}
	if next == 's' {
		after, _ := utf8.DecodeRuneInString(rest[n:])
		return unicode.IsLower(after)
	}
	return true
}

func appendSpan(parts []span, word string, start, end int) []span {
	if start >= end {
		return parts
	}
	return append(parts, span{start, end})
}

// lower lower-cases s and drops its apostrophes, without allocating when
// there is nothing to change.
func lower(s string) string {
	if plainWord(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if !isApostrophe(r) {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// isStopWord reports whether a lower-cased word is too common to tell tools
// apart: Lucene's English stop words, a few more function words, and the
// pronouns and question words a query is phrased with.
func isStopWord(w string) bool {
	switch w {
	case "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is", "it",
		"no", "not", "of", "on", "or", "such", "that", "the", "their", "then", "there", "these",
		"they", "this", "to", "was", "will", "with",
		"from", "its", "has", "have", "been", "were", "than", "so", "when", "where", "which",
		"me", "my", "we", "our", "you", "your", "what", "who", "how", "do", "does", "can", "please":
		return true
	}
	return false
}
