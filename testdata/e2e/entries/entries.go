// Package entries holds tools whose maps are sent in the entries form (the
// entries option): an array of {"key", "value"} objects that OpenAI's
// strict mode and Gemini can say, read back into the map; its tests call
// them through the generated dispatch.
package entries

//go:generate go tool toolgen

import (
	"context"
	"strings"
)

// Color is a paint color.
type Color string

// The colors.
const (
	Red   Color = "red"
	Green Color = "green"
)

// Label is a tag on a document.
type Label struct {
	// Name names the label.
	Name string `json:"name"`
	// Attrs are the label's attributes, by name.
	Attrs map[string]string `json:"attrs" toolgen:"entries"`
	// Weights are optional weights, by color.
	Weights map[Color]int `json:"weights,omitempty" toolgen:"entries"`
}

// Tally is what Count returns.
type Tally struct {
	// Totals are the counts by word.
	Totals map[string]int `json:"totals" toolgen:"entries"`
	// Seen are the words in their first spelling, by lower case.
	Seen map[string]*string `json:"seen" toolgen:"entries"`
}

// SetHeaders sets the headers of a request and says what it set.
//
// Parameters:
//   - headers entries: the headers, by name
//   - extra entries: more headers
//
//toolgen:tool
func SetHeaders(ctx context.Context, headers map[string]string, extra *map[string]string) (string, error) {
	var b strings.Builder
	for _, k := range sortedKeys(headers) {
		b.WriteString(k + "=" + headers[k] + ";")
	}
	if extra != nil {
		for _, k := range sortedKeys(*extra) {
			b.WriteString("+" + k + "=" + (*extra)[k] + ";")
		}
	}
	return b.String(), nil
}

// Relabel returns the label as it was given.
//
//toolgen:tool
func Relabel(ctx context.Context, l Label) (Label, error) { return l, nil }

// Count counts the words of a text.
//
//toolgen:tool
func Count(ctx context.Context, text string) (Tally, error) {
	t := Tally{Totals: map[string]int{}, Seen: map[string]*string{}}
	for _, w := range strings.Fields(text) {
		lower := strings.ToLower(w)
		t.Totals[lower]++
		if _, ok := t.Seen[lower]; !ok {
			t.Seen[lower] = &w
		}
	}
	return t, nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := range keys { // a few keys: insertion sort
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}
