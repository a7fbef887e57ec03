package genfile

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	hundred := make([]string, 100)
	for i := range hundred {
		hundred[i] = fmt.Sprintf("l%d", i+1)
	}
	edit := func(lines []string, at map[int]string) []string {
		out := slices.Clone(lines)
		for i, l := range at {
			out[i-1] = l
		}
		return out
	}
	tests = append(tests, []struct {
		name     string
		from, to string
		want     []string
	}{
		{
			name: "changes 80 lines apart are two hunks",
			from: lines(hundred...), to: lines(edit(hundred, map[int]string{10: "A", 90: "B"})...),
			want: []string{
				"@@ -7,7 +7,7 @@", " l7", " l8", " l9", "-l10", "+A", " l11", " l12", " l13",
				"@@ -87,7 +87,7 @@", " l87", " l88", " l89", "-l90", "+B", " l91", " l92", " l93",
			},
		},
		{
			name: "changes six lines apart share a hunk",
			from: lines(hundred...), to: lines(edit(hundred, map[int]string{10: "A", 17: "B"})...),
			want: []string{"@@ -7,14 +7,14 @@", " l7", " l8", " l9", "-l10", "+A", " l11", " l12", " l13", " l14", " l15", " l16", "-l17", "+B", " l18", " l19", " l20"},
		},
		{
			name: "changes seven lines apart do not",
			from: lines(hundred...), to: lines(edit(hundred, map[int]string{10: "A", 18: "B"})...),
			want: []string{
				"@@ -7,7 +7,7 @@", " l7", " l8", " l9", "-l10", "+A", " l11", " l12", " l13",
				"@@ -15,7 +15,7 @@", " l15", " l16", " l17", "-l18", "+B", " l19", " l20", " l21",
			},
		},
		{
			name: "a later hunk is numbered after an earlier one's added lines",
			from: lines(hundred...), to: lines(slices.Concat(hundred[:20], []string{"n1", "n2"}, hundred[20:49], hundred[50:])...),
			want: []string{
				"@@ -18,6 +18,8 @@", " l18", " l19", " l20", "+n1", "+n2", " l21", " l22", " l23",
				"@@ -47,7 +49,6 @@", " l47", " l48", " l49", "-l50", " l51", " l52", " l53",
			},
		},
	}...)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Diff("old", "new", tt.from, tt.to)
			assert.Equal(t, lines(append([]string{"--- old", "+++ new"}, tt.want...)...), got)
		})
	}
}

// TestUnifiedDiffApplies checks that patch (or git apply) turns the old text
// into the new one with the diff, for random edits of a long file.
func TestUnifiedDiffApplies(t *testing.T) {
	apply := patchCommand(t)
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 30 {
		from := make([]string, 200)
		for i := range from {
			from[i] = fmt.Sprintf("line %d", i)
		}
		to := slices.Clone(from)
		for range 1 + rng.IntN(8) {
			i := rng.IntN(len(to))
			switch rng.IntN(3) {
			case 0:
				to[i] = fmt.Sprintf("changed %d", rng.IntN(1000))
			case 1:
				to = slices.Delete(to, i, i+1+rng.IntN(3))
			default:
				to = slices.Insert(to, i, "new a", "new b")
			}
		}
		fromText, toText := strings.Join(from, "\n")+"\n", strings.Join(to, "\n")+"\n"
		dir := t.TempDir()
		file := filepath.Join(dir, "f.go")
		require.NoError(t, os.WriteFile(file, []byte(fromText), 0o644))
		diff := Diff("a/f.go", "b/f.go", fromText, toText)
		out, err := apply(dir, diff)
		require.NoError(t, err, "round %d: %s\n%s", round, out, diff)
		got, err := os.ReadFile(file)
		require.NoError(t, err)
		require.Equal(t, toText, string(got), "round %d:\n%s", round, diff)
	}
}

// patchCommand returns a function applying a diff to f.go in a directory,
// with patch, else git apply; the test is skipped when neither is
// installed (the header tests above still check the format).
func patchCommand(t *testing.T) func(dir, diff string) ([]byte, error) {
	if path, err := exec.LookPath("patch"); err == nil {
		return func(dir, diff string) ([]byte, error) {
			cmd := exec.Command(path, "--batch", "--silent", "f.go")
			cmd.Dir, cmd.Stdin = dir, strings.NewReader(diff)
			return cmd.CombinedOutput()
		}
	}
	if path, err := exec.LookPath("git"); err == nil {
		return func(dir, diff string) ([]byte, error) {
			cmd := exec.Command(path, "apply", "--unsafe-paths", "-")
			cmd.Dir, cmd.Stdin = dir, strings.NewReader(diff)
			return cmd.CombinedOutput()
		}
	}
	t.Skip("neither patch nor git is installed")
	return nil
}
