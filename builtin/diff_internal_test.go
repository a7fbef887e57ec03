package builtin

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestUnifiedDiff(t *testing.T) {
	for _, tc := range []struct {
		name, old, new, want string
	}{
		{"same", "a\nb\n", "a\nb\n", ""},
		{"one line changed", "a\nb\nc\n", "a\nB\nc\n", "--- a\n+++ b\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"},
		{"created", "", "x\ny\n", "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+x\n+y\n"},
		{"emptied", "x\n", "", "--- a\n+++ b\n@@ -1 +0,0 @@\n-x\n"},
		{"no newline at the end", "a\nb", "a\nb\n", "--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n"},
		{"inserted in the middle of a long file",
			"1\n2\n3\n4\n5\n6\n7\n8\n", "1\n2\n3\n4\nnew\n5\n6\n7\n8\n",
			"--- a\n+++ b\n@@ -2,6 +2,7 @@\n 2\n 3\n 4\n+new\n 5\n 6\n 7\n"},
		{"two hunks far apart",
			"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "x\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\ny\n",
			"--- a\n+++ b\n@@ -1,4 +1,4 @@\n-1\n+x\n 2\n 3\n 4\n@@ -9,4 +9,4 @@\n 9\n 10\n 11\n-12\n+y\n"},
		{"two changes close enough for one hunk",
			"1\n2\n3\n4\n5\n6\n7\n8\n", "x\n2\n3\n4\n5\n6\n7\ny\n",
			"--- a\n+++ b\n@@ -1,8 +1,8 @@\n-1\n+x\n 2\n 3\n 4\n 5\n 6\n 7\n-8\n+y\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := unifiedDiff("a", "b", []byte(tc.old), []byte(tc.new))
			require.True(t, ok)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestUnifiedDiffIsBounded(t *testing.T) {
	var old, new strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&old, "old %d\n", i)
		fmt.Fprintf(&new, "new %d\n", i)
	}
	_, ok := unifiedDiff("a", "b", []byte(old.String()), []byte(new.String()))
	assert.False(t, ok, "4 million pairs of lines are too many to compare")

	// A long file with a small change is cheap: its common start and end
	// are not compared.
	changed := strings.Replace(old.String(), "old 1000\n", "changed\n", 1)
	got, ok := unifiedDiff("a", "b", []byte(old.String()), []byte(changed))
	require.True(t, ok)
	assert.Contains(t, got, "@@ -998,7 +998,7 @@\n old 997\n old 998\n old 999\n-old 1000\n+changed\n old 1001\n")
}

// TestUnifiedDiffApplies checks random diffs by applying them.
func TestUnifiedDiffApplies(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	text := func() string {
		var b strings.Builder
		for range r.IntN(30) {
			b.WriteString(strconv.Itoa(r.IntN(6)) + "\n")
		}
		if r.IntN(4) == 0 {
			b.WriteString("end")
		}
		return b.String()
	}
	for range 2000 {
		old, new := text(), text()
		diff, ok := unifiedDiff("a", "b", []byte(old), []byte(new))
		require.True(t, ok)
		assert.Equal(t, new, applyDiff(t, old, diff), "diff:\n%s", diff)
	}
}

// applyDiff applies a unified diff to old, checking its hunks' ranges
// and context lines.
func applyDiff(t *testing.T, old, diff string) string {
	t.Helper()
	if diff == "" {
		return old
	}
	a := diffLines([]byte(old))
	lines := strings.SplitAfter(diff, "\n")
	require.Equal(t, "--- a\n", lines[0])
	require.Equal(t, "+++ b\n", lines[1])
	var out []string
	next := 0 // the next line of a to copy
	for i := 2; i < len(lines) && lines[i] != ""; {
		f := strings.Fields(lines[i])
		require.Len(t, f, 4, "hunk header %q", lines[i])
		parse := func(s string) (int, int) {
			start, n, found := strings.Cut(s[1:], ",")
			a, err := strconv.Atoi(start)
			require.NoError(t, err)
			if !found {
				return a, 1
			}
			b, err := strconv.Atoi(n)
			require.NoError(t, err)
			return a, b
		}
		as, an := parse(f[1])
		bs, bn := parse(f[2])
		first := as - 1
		if an == 0 {
			first = as
		}
		require.GreaterOrEqual(t, first, next)
		out = append(out, a[next:first]...)
		wantOut := bs - 1
		if bn == 0 {
			wantOut = bs
		}
		require.Equal(t, wantOut, len(out), "new start of %q", lines[i])
		next = first
		i++
		var gotA, gotB int
		for i < len(lines) && lines[i] != "" && !strings.HasPrefix(lines[i], "@@") {
			kind, line := lines[i][0], lines[i][1:]
			i++
			if i < len(lines) && lines[i] == "\\ No newline at end of file\n" {
				line = strings.TrimSuffix(line, "\n")
				i++
			}
			switch kind {
			case ' ', '-':
				require.Less(t, next, len(a))
				require.Equal(t, a[next], line)
				next++
				gotA++
				if kind == ' ' {
					out = append(out, line)
					gotB++
				}
			case '+':
				out = append(out, line)
				gotB++
			default:
				t.Fatalf("bad line %q", lines[i-1])
			}
		}
		require.Equal(t, an, gotA)
		require.Equal(t, bn, gotB)
	}
	out = append(out, a[next:]...)
	return strings.Join(out, "")
}
