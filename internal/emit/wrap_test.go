package emit

import (
	"strings"
	"testing"
)

func TestWrapNeverStartsALineWithADirective(t *testing.T) {
	text := "To give it one, give the value a concrete Go type, or state its type's schema with //toolgen:schema."
	for width := 10; width <= len(text)+1; width++ {
		lines := wrap(text, width)
		if got := strings.Join(lines, " "); got != text {
			t.Fatalf("width %d: the words changed: %q", width, got)
		}
		for i, line := range lines {
			if strings.HasPrefix(line, "//") {
				t.Fatalf("width %d: line %d starts with a directive: %q", width, i, line)
			}
		}
	}
}

func TestWrapKeepsWidth(t *testing.T) {
	lines := wrap("one two three four five six seven\nnext paragraph", 9)
	want := []string{"one two", "three", "four five", "six seven", "next", "paragraph"}
	if strings.Join(lines, "|") != strings.Join(want, "|") {
		t.Fatalf("wrap = %q, want %q", lines, want)
	}
}
