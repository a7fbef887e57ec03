// Package textdiff writes line diffs in the unified format: generated
// files' -check (internal/genfile) and the drift of a pinned MCP tool's
// definition (mcp, toolgen mcp -check); builtin's edit diffs share its
// CommonEnds.
package textdiff

import (
	"fmt"
	"strings"
)

// diffContext is the number of unchanged lines around a change in a hunk,
// as diff -u writes.
const diffContext = 3

// maxLCS bounds the table of the LCS (lines of the one side times lines of
// the other, after the common head and tail): a larger middle is written
// as all of the one side removed and all of the other added, so that a
// hostile input (an MCP server's schema) costs no quadratic memory.
const maxLCS = 4 << 20

// Unified is a small line diff in the unified format that patch and git
// apply read: changes farther apart than twice the context are separate
// hunks. Generated files change in a few places, so it trims the common
// head and tail and runs an LCS on the middle only.
func Unified(fromName, toName, from, to string) string {
	a, b := splitLines(from), splitLines(to)
	head, tail := CommonEnds(a, b)
	ops := make([]string, 0, head+tail)
	for _, l := range a[:head] {
		ops = append(ops, " "+l)
	}
	ops = append(ops, lcsOps(a[head:len(a)-tail], b[head:len(b)-tail])...)
	for _, l := range a[len(a)-tail:] {
		ops = append(ops, " "+l)
	}
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", fromName, toName)
	for _, h := range hunks(ops) {
		h.write(&out, ops)
	}
	return out.String()
}

// CommonEnds returns how many lines a and b start with alike, and how
// many of the lines after those they end with alike: what a diff keeps as
// it is, leaving the middle to compare.
func CommonEnds(a, b []string) (head, tail int) {
	for head < len(a) && head < len(b) && a[head] == b[head] {
		head++
	}
	for tail < len(a)-head && tail < len(b)-head && a[len(a)-1-tail] == b[len(b)-1-tail] {
		tail++
	}
	return head, tail
}

// hunk is a run of ops [start, end) and the line numbers it starts at
// (1-based) in the two files.
type hunk struct {
	start, end     int
	fromLine, toLn int
}

// hunks groups the changes of ops with their context; changes whose
// contexts touch or overlap (at most twice the context apart) share a hunk.
func hunks(ops []string) []hunk {
	var out []hunk
	fromLine, toLine := 1, 1 // of ops[i]
	lastChange := -1
	for i, op := range ops {
		if op[0] != ' ' {
			start := max(i-diffContext, 0)
			if lastChange >= 0 && start <= lastChange+diffContext+1 {
				out[len(out)-1].end = i + 1
			} else {
				back := i - start // context lines before the change: unchanged in both
				out = append(out, hunk{start: start, end: i + 1, fromLine: fromLine - back, toLn: toLine - back})
			}
			lastChange = i
		}
		if op[0] != '+' {
			fromLine++
		}
		if op[0] != '-' {
			toLine++
		}
	}
	for i := range out {
		out[i].end = min(out[i].end+diffContext, len(ops))
		if i+1 < len(out) {
			out[i].end = min(out[i].end, out[i+1].start)
		}
	}
	return out
}

func (h hunk) write(out *strings.Builder, ops []string) {
	fromCount, toCount := 0, 0
	for _, op := range ops[h.start:h.end] {
		if op[0] != '+' {
			fromCount++
		}
		if op[0] != '-' {
			toCount++
		}
	}
	fmt.Fprintf(out, "@@ -%d,%d +%d,%d @@\n", hunkStart(h.fromLine, fromCount), fromCount, hunkStart(h.toLn, toCount), toCount)
	for _, op := range ops[h.start:h.end] {
		out.WriteString(op + "\n")
	}
}

// hunkStart is the number of a range's first line; an empty range is
// numbered by the line before it, as diff -u does.
func hunkStart(first, count int) int {
	if count == 0 {
		return first - 1
	}
	return first
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// lcsOps returns the edit script from a to b as " x", "-x", "+x" lines.
func lcsOps(a, b []string) []string {
	if (len(a)+1)*(len(b)+1) > maxLCS {
		ops := make([]string, 0, len(a)+len(b))
		for _, l := range a {
			ops = append(ops, "-"+l)
		}
		for _, l := range b {
			ops = append(ops, "+"+l)
		}
		return ops
	}
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
