package generate

import (
	"fmt"
	"strings"
)

// unifiedDiff is a small line diff for -check: generated files change in a
// few places, so it trims the common head and tail and runs an LCS on the
// middle only.
func unifiedDiff(fromName, toName, from, to string) string {
	a, b := splitLines(from), splitLines(to)
	head := 0
	for head < len(a) && head < len(b) && a[head] == b[head] {
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && a[len(a)-1-tail] == b[len(b)-1-tail] {
		tail++
	}
	ops := lcsOps(a[head:len(a)-tail], b[head:len(b)-tail])
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", fromName, toName)
	ctx := min(3, head)
	fromCount, toCount := len(a)-head-tail+ctx+min(3, tail), len(b)-head-tail+ctx+min(3, tail)
	fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n", hunkStart(head-ctx, fromCount), fromCount, hunkStart(head-ctx, toCount), toCount)
	for _, l := range a[head-ctx : head] {
		out.WriteString(" " + l + "\n")
	}
	for _, op := range ops {
		out.WriteString(op + "\n")
	}
	for _, l := range a[len(a)-tail : len(a)-tail+min(3, tail)] {
		out.WriteString(" " + l + "\n")
	}
	return out.String()
}

// hunkStart is the first line of a range starting after line skipped; an
// empty range is numbered by the line before it, as diff -u does.
func hunkStart(skipped, count int) int {
	if count == 0 {
		return skipped
	}
	return skipped + 1
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// lcsOps returns the edit script from a to b as " x", "-x", "+x" lines.
func lcsOps(a, b []string) []string {
	// lengths[i][j] is the LCS length of a[i:] and b[j:].
	lengths := make([][]int, len(a)+1)
	for i := range lengths {
		lengths[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lengths[i][j] = lengths[i+1][j+1] + 1
			} else {
				lengths[i][j] = max(lengths[i+1][j], lengths[i][j+1])
			}
		}
	}
	var ops []string
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			ops = append(ops, " "+a[i])
			i, j = i+1, j+1
		case i < len(a) && (j == len(b) || lengths[i+1][j] >= lengths[i][j+1]):
			ops = append(ops, "-"+a[i]) // removals before additions, as diff -u writes them
			i++
		default:
			ops = append(ops, "+"+b[j])
			j++
		}
	}
	return ops
}
