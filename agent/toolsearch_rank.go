package agent

import (
	"slices"
	"strings"

	"github.com/toolgen-dev/toolgen"
)

// rankTools orders tools by how many of the query's words their name and
// description hold, best first, ties in registration order.
func rankTools(tools []toolgen.Tool, query string) []toolgen.Tool {
	words := strings.FieldsFunc(strings.ToLower(query), func(r rune) bool { return !('a' <= r && r <= 'z' || '0' <= r && r <= '9') })
	type scored struct {
		t     toolgen.Tool
		score int
	}
	var hits []scored
	for _, t := range tools {
		text := strings.ToLower(string(t.Name) + " " + t.Description)
		n := 0
		for _, w := range words {
			if strings.Contains(text, w) {
				n++
			}
		}
		if n > 0 {
			hits = append(hits, scored{t, n})
		}
	}
	slices.SortStableFunc(hits, func(a, b scored) int { return b.score - a.score })
	out := make([]toolgen.Tool, len(hits))
	for i, h := range hits {
		out[i] = h.t
	}
	return out
}
