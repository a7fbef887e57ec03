package generate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestUnifiedDiff(t *testing.T) {
	lines := func(ls ...string) string {
		if len(ls) == 0 {
			return ""
		}
		return strings.Join(ls, "\n") + "\n"
	}
	ten := []string{"l1", "l2", "l3", "l4", "l5", "l6", "l7", "l8", "l9", "l10"}
	changed := append([]string(nil), ten...)
	changed[4] = "X"
	tests := []struct {
		name     string
		from, to string
		want     []string // after the ---/+++ header
	}{
		{
			name: "a change keeps three lines of context each side",
			from: lines(ten...), to: lines(changed...),
			want: []string{"@@ -2,7 +2,7 @@", " l2", " l3", " l4", "-l5", "+X", " l6", " l7", " l8"},
		},
		{
			name: "an addition at the end",
			from: lines("a", "b"), to: lines("a", "b", "c"),
			want: []string{"@@ -1,2 +1,3 @@", " a", " b", "+c"},
		},
		{
			name: "a removal at the start",
			from: lines("x", "a", "b"), to: lines("a", "b"),
			want: []string{"@@ -1,3 +1,2 @@", "-x", " a", " b"},
		},
		{
			name: "from an empty file",
			from: "", to: lines("a"),
			want: []string{"@@ -0,0 +1,1 @@", "+a"},
		},
		{
			name: "to an empty file",
			from: lines("a", "b"), to: "",
			want: []string{"@@ -1,2 +0,0 @@", "-a", "-b"},
		},
		{
			name: "the middle is diffed line by line",
			from: lines("a", "b", "c", "d"), to: lines("a", "c", "e", "d"),
			want: []string{"@@ -1,4 +1,4 @@", " a", "-b", " c", "+e", " d"},
		},
		{
			name: "a replaced block lists removals first",
			from: lines("k", "a1", "a2", "k2"), to: lines("k", "b1", "b2", "k2"),
			want: []string{"@@ -1,4 +1,4 @@", " k", "-a1", "-a2", "+b1", "+b2", " k2"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := unifiedDiff("old", "new", tt.from, tt.to)
			assert.Equal(t, lines(append([]string{"--- old", "+++ new"}, tt.want...)...), got)
		})
	}
}
