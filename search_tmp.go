package toolgen

import (
	"slices"
	"strings"
)

// SearchHit is a tool a search found, and how well it matched.
type SearchHit struct {
	Tool  Tool
	Score float64
}

// Search finds the tools that best match query, best first, at most limit
// of them (0: all that match).
func (b *Toolbox) Search(query string, limit int) []SearchHit {
	words := strings.FieldsFunc(strings.ToLower(query), func(r rune) bool { return !('a' <= r && r <= 'z' || '0' <= r && r <= '9') })
	var hits []SearchHit
	for _, t := range b.Tools() {
		text := strings.ToLower(string(t.Name) + " " + t.Description)
		n := 0
		for _, w := range words {
			if strings.Contains(text, w) {
				n++
			}
		}
		if n > 0 {
			hits = append(hits, SearchHit{t, float64(n)})
		}
	}
	slices.SortStableFunc(hits, func(a, b SearchHit) int { return int(b.Score - a.Score) })
	if limit > 0 && len(hits) > limit {
		hits = hits[:limit]
	}
	return hits
}
