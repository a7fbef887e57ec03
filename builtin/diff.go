package builtin

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/textdiff"
)

// Bounds of unifiedDiff.
const (
	diffContext  = 3       // lines of context around a change
	maxDiffCells = 1 << 20 // lines before × lines after, once the common start and end are left out
)

// diffOp is one line of a diff: kept (' '), removed ('-') or added ('+').
// a and b are where it stands in the old and the new lines.
type diffOp struct {
	kind byte
	a, b int
}

// unifiedDiff is the unified diff (3 lines of context) that turns old into
// new, with the file names oldName and newName in its header; "" when they
// are the same. ok is false when the lines that differ are too many to
// compare (more than maxDiffCells pairs): the diff is an LCS over lines,
// in time and memory of the product of the lines that differ.
func unifiedDiff(oldName, newName string, old, new []byte) (diff string, ok bool) {
	if bytes.Equal(old, new) {
		return "", true
	}
	a, b := diffLines(old), diffLines(new)
	ops, ok := diffOps(a, b)
	if !ok {
		return "", false
	}
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
	for i := 0; i < len(ops); {
		for i < len(ops) && ops[i].kind == ' ' {
			i++
		}
		if i == len(ops) {
			break
		}
		// The hunk runs from diffContext lines before the change to
		// diffContext lines after the last change less than 2×diffContext
		// kept lines away from the one before.
		start, end := max(0, i-diffContext), i+1
		for j := i + 1; j < len(ops); {
			if ops[j].kind != ' ' {
				end = j + 1
				j++
				continue
			}
			k := j
			for k < len(ops) && ops[k].kind == ' ' {
				k++
			}
			if k == len(ops) || k-j > 2*diffContext {
				break
			}
			j = k
		}
		stop := min(len(ops), end+diffContext)
		writeHunk(&out, a, b, ops[start:stop])
		i = stop
	}
	return out.String(), true
}

// writeHunk writes the hunk of ops, a run of the diff of a and b.
func writeHunk(out *strings.Builder, a, b []string, ops []diffOp) {
	var na, nb int
	for _, op := range ops {
		if op.kind != '+' {
			na++
		}
		if op.kind != '-' {
			nb++
		}
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", hunkRange(ops[0].a, na), hunkRange(ops[0].b, nb))
	for _, op := range ops {
		var line string
		if op.kind == '+' {
			line = b[op.b]
		} else {
			line = a[op.a]
		}
		out.WriteByte(op.kind)
		out.WriteString(line)
		if !strings.HasSuffix(line, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// hunkRange is a hunk's range of lines, as diff -u writes it: from the
// line after start (counting from 1), n lines; an empty range names the
// line before it.
func hunkRange(start, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprintf("%d", start+1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

// diffLines splits text into lines, each with its "\n" (the last one may
// have none).
func diffLines(text []byte) []string {
	lines := strings.SplitAfter(string(text), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// diffOps is the diff of the lines a and b, line by line: the lines both
// start and end with are kept, and those between are compared by their
// longest common subsequence; false when those are too many.
func diffOps(a, b []string) ([]diffOp, bool) {
	pre, suf := textdiff.CommonEnds(a, b)
	n, m := len(a)-pre-suf, len(b)-pre-suf
	if n > 0 && m > 0 && n > maxDiffCells/m {
		return nil, false
	}
	ops := make([]diffOp, 0, pre+n+m+suf)
	for i := range pre {
		ops = append(ops, diffOp{' ', i, i})
	}
	// lcs[i*(m+1)+j] is the length of the longest common subsequence of
	// the middle lines of a from i and of b from j.
	w := m + 1
	lcs := make([]int32, (n+1)*w)
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[pre+i] == b[pre+j] {
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			} else {
				lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
			}
		}
	}
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && a[pre+i] == b[pre+j]:
			ops = append(ops, diffOp{' ', pre + i, pre + j})
			i++
			j++
		case j == m || (i < n && lcs[(i+1)*w+j] >= lcs[i*w+j+1]):
			ops = append(ops, diffOp{'-', pre + i, pre + j})
			i++
		default:
			ops = append(ops, diffOp{'+', pre + i, pre + j})
			j++
		}
	}
	for k := range suf {
		ops = append(ops, diffOp{' ', pre + n + k, pre + m + k})
	}
	return ops, true
}
