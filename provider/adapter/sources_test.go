package adapter

import (
	"testing"

	"github.com/toolgen-dev/toolgen/agent"
)

// RuneSpan turns a span of code points into one of bytes, and refuses a
// span that is not in the text, whatever the provider sent.
func TestRuneSpan(t *testing.T) {
	const text = "a°b€c" // 1, 2, 1, 3, 1 bytes
	for _, tc := range []struct {
		start, end   int
		bStart, bEnd int
		ok           bool
	}{
		{0, 5, 0, 8, true},
		{1, 2, 1, 3, true},
		{3, 4, 4, 7, true},
		{5, 5, 8, 8, true}, // empty, at the end
		{0, 0, 0, 0, true},
		{2, 1, 0, 0, false},
		{-1, 2, 0, 0, false},
		{0, 6, 0, 0, false},
		{6, 7, 0, 0, false},
	} {
		s, e, ok := RuneSpan(text, tc.start, tc.end)
		if ok != tc.ok || s != tc.bStart || e != tc.bEnd {
			t.Errorf("RuneSpan(%d, %d) = %d, %d, %v; want %d, %d, %v", tc.start, tc.end, s, e, ok, tc.bStart, tc.bEnd, tc.ok)
		}
	}
}

// Cite takes a span that holds the text it should, else finds the text,
// else keeps the text alone; a span that cuts a character or leaves the
// text, with no text to find, cites nothing.
func TestCite(t *testing.T) {
	const answer = "It is 17°C. Rain."
	for _, tc := range []struct {
		name       string
		start, end int
		want       string
		cite       agent.Citation
		ok         bool
	}{
		{"span", 0, 5, "", agent.Citation{Text: "It is", End: 5}, true},
		{"span holding the text", 13, 18, "Rain.", agent.Citation{Text: "Rain.", Start: 13, End: 18}, true},
		{"span elsewhere", 0, 5, "Rain.", agent.Citation{Text: "Rain.", Start: 13, End: 18}, true},
		{"text not there", 0, 5, "Snow.", agent.Citation{Text: "Snow."}, true},
		{"cuts a character", 0, 9, "", agent.Citation{}, false},
		{"past the end", 13, 99, "", agent.Citation{}, false},
		{"negative", -3, 2, "", agent.Citation{}, false},
		{"empty", 4, 4, "", agent.Citation{}, false},
		{"backwards", 5, 0, "", agent.Citation{}, false},
	} {
		c, ok := Cite(answer, tc.start, tc.end, tc.want)
		if ok != tc.ok || c != tc.cite {
			t.Errorf("%s: Cite(%d, %d, %q) = %+v, %v; want %+v, %v", tc.name, tc.start, tc.end, tc.want, c, ok, tc.cite, tc.ok)
		}
	}
}
