package adapter

import (
	"strings"
	"unicode/utf8"

	"github.com/toolgen-dev/toolgen/agent"
)

// Providers say where a citation is in an answer's text in their own
// units: OpenAI in characters (code points) of one output text, Gemini in
// bytes of one part, with the cited text beside. agent.Citation is in
// bytes of the whole answer's text (Message.Text), so the adapters convert
// with these, and check what they find against the text.

// Source adds a source part, unless the provider gave no URL.
func (p *Parts) Source(src agent.Source) {
	if src.URL != "" {
		p.parts = append(p.parts, agent.Part{Kind: agent.PartSource, Source: src})
	}
}

// RuneSpan converts start and end, counted in code points of text, to
// byte offsets in it. ok is false for a span that is not in text (start
// after end, a negative start, an end past text's end).
func RuneSpan(text string, start, end int) (byteStart, byteEnd int, ok bool) {
	if start < 0 || end < start {
		return 0, 0, false
	}
	n := 0
	byteStart, byteEnd = -1, -1
	for i := range text { // i is the byte offset of code point n
		if n == start {
			byteStart = i
		}
		if n == end {
			byteEnd = i
			break
		}
		n++
	}
	if n == start && byteStart < 0 { // a span starting at text's end
		byteStart = len(text)
	}
	if n == end && byteEnd < 0 {
		byteEnd = len(text)
	}
	if byteStart < 0 || byteEnd < 0 {
		return 0, 0, false
	}
	return byteStart, byteEnd, true
}

// Cite is the citation of answer[start:end], byte offsets into the whole
// answer's text, whose text the provider says is want ("" when it gave
// none). When the span is not in answer, does not fall on code points, or
// holds other text than want, the citation is want's first place in
// answer; when want is not there either, want alone, with no place. ok is
// false when there is nothing to cite: no span and no text.
func Cite(answer string, start, end int, want string) (c agent.Citation, ok bool) {
	if 0 <= start && start < end && end <= len(answer) &&
		utf8.RuneStart(answer[start]) && (end == len(answer) || utf8.RuneStart(answer[end])) &&
		(want == "" || answer[start:end] == want) {
		return agent.Citation{Text: answer[start:end], Start: start, End: end}, true
	}
	if want == "" {
		return agent.Citation{}, false
	}
	if i := strings.Index(answer, want); i >= 0 {
		return agent.Citation{Text: want, Start: i, End: i + len(want)}, true
	}
	return agent.Citation{Text: want}, true
}
