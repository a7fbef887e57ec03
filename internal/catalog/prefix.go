package catalog

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// A Prefix is what a package sends a model up front, per dialect: the
// definitions of its tools not deferred, in the order its Tools functions
// return them (the functions taken in the order the generated file
// declares them: the order of their tools' first appearance, files by
// name, declarations in source order). A provider caches a prompt by its
// exact prefix, tools first: a change to one definition cuts every cached
// prompt there, and what follows it is paid for again.
//
// Digest is SHA-256 over the JSON array of the definitions as Definition
// writes them, with the dialect's schema, or the default one where the
// schema has no form in the dialect (its provider is sent that one).
// Deferred tools are not in it: a model loads them later, after the
// prefix.
type Prefix struct {
	Digest [3]string // per dialect (Dialects), hex
	Tools  []PrefixTool
}

// PrefixTool is one tool of a Prefix.
type PrefixTool struct {
	Name   string
	Tokens [3]int    // Dialect.Sent, per dialect
	Digest [3]string // of the tool's definition alone, shortened to digestLen hex digits
}

// PrefixDigestNames are the constants a generated file holds a Prefix's
// digests in, per dialect (Dialects).
var PrefixDigestNames = [...]string{"PrefixDigestDefault", "PrefixDigestStrict", "PrefixDigestGemini"}

// digestLen is the hex digits of a tool's digest kept: enough to tell a
// change, short enough for a table.
const digestLen = 12

// NewPrefix returns pkg's prefix, its tools counted (Count).
func NewPrefix(pkg *model.Package) Prefix {
	var p Prefix
	var w definitionWriter
	var lists [3][]byte // the JSON arrays, being written
	for _, d := range Dialects {
		lists[d] = []byte{'['}
	}
	for _, t := range upFront(pkg) {
		row := PrefixTool{Name: t.Name}
		w.head(t.Name, t.Doc)
		for _, d := range Dialects {
			s := d.schema(t)
			if s == "" {
				s = t.Dialects.Default
			}
			def := w.with(s)
			sum := sha256.Sum256(def)
			row.Digest[d] = hex.EncodeToString(sum[:])[:digestLen]
			row.Tokens[d] = d.Sent(t)
			if len(p.Tools) > 0 {
				lists[d] = append(lists[d], ',')
			}
			lists[d] = append(lists[d], def...)
		}
		p.Tools = append(p.Tools, row)
	}
	for _, d := range Dialects {
		sum := sha256.Sum256(append(lists[d], ']'))
		p.Digest[d] = hex.EncodeToString(sum[:])
	}
	return p
}

// upFront returns pkg's tools not deferred, in the order the generated
// Tools functions hand them out (model.Package.ToolsFuncs).
func upFront(pkg *model.Package) []*model.Tool {
	var out []*model.Tool
	for _, tools := range pkg.ToolsFuncs() {
		for _, t := range tools {
			if !t.Deferred {
				out = append(out, t)
			}
		}
	}
	return out
}

// prefixHeader begins the table of a Prefix (Table, ParseTable).
const prefixHeader = "TOOL"

// Table is p's tools as rows of text, a header first: each tool's name,
// then its tokens and digest in each dialect. The generated file keeps it
// (in the doc of its PrefixDigest constants), where ParseTable reads it
// back.
//
//	TOOL         DEFAULT            STRICT             GEMINI
//	get_weather  120 3f2a9c0b11d2   131 9e1f0a2b3c4d   118 77aa01b2c3d4
func (p Prefix) Table() []string {
	rows := [][]string{{prefixHeader, "DEFAULT", "STRICT", "GEMINI"}}
	for _, t := range p.Tools {
		row := []string{t.Name}
		for _, d := range Dialects {
			row = append(row, strconv.Itoa(t.Tokens[d])+" "+t.Digest[d])
		}
		rows = append(rows, row)
	}
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], len(cell))
		}
	}
	lines := make([]string, len(rows))
	for i, row := range rows {
		var b strings.Builder
		for j, cell := range row[:len(row)-1] {
			fmt.Fprintf(&b, "%-*s  ", widths[j], cell)
		}
		lines[i] = b.String() + row[len(row)-1]
	}
	return lines
}

// ParseTable reads the tools of a Prefix back from the lines of Table
// (lines before its header are skipped). Digest is left to the caller.
func ParseTable(lines []string) ([]PrefixTool, error) {
	var tools []PrefixTool
	in := false
	for _, line := range lines {
		f := strings.Fields(line)
		if !in {
			in = len(f) > 0 && f[0] == prefixHeader
			continue
		}
		if len(f) == 0 {
			break
		}
		if len(f) != 1+2*len(Dialects) {
			return nil, fmt.Errorf("prefix table: %q is not a tool's row", line)
		}
		t := PrefixTool{Name: f[0]}
		for _, d := range Dialects {
			n, err := strconv.Atoi(f[1+2*d])
			if err != nil {
				return nil, fmt.Errorf("prefix table: %q: %v", line, err)
			}
			t.Tokens[d], t.Digest[d] = n, f[2+2*d]
		}
		tools = append(tools, t)
	}
	if !in {
		return nil, fmt.Errorf("prefix table: no %s header", prefixHeader)
	}
	return tools, nil
}

// A PrefixChange is where a dialect's prefix changes between two builds.
type PrefixChange struct {
	Dialect Dialect
	At      int    // the index of the first tool that differs
	Name    string // its name (in the new build; the old one's, ", removed", past the new end)
	// Lost is the tokens of the old build's tools from At to the end: what
	// every prompt cached with the old prefix stops matching; Total is
	// all the old prefix's tool tokens.
	Lost, Total int
}

// Changes returns, for each dialect whose digest differs between old and
// new, where the prefix changes. A tool appended at the end changes the
// prefix too, at the new tool, losing none of the old tools' tokens.
func Changes(old, new Prefix) []PrefixChange {
	var out []PrefixChange
	for _, d := range Dialects {
		if old.Digest[d] == new.Digest[d] {
			continue
		}
		c := PrefixChange{Dialect: d, At: firstDifference(old.Tools, new.Tools, d)}
		if c.At < len(new.Tools) {
			c.Name = new.Tools[c.At].Name
		} else if c.At < len(old.Tools) {
			c.Name = old.Tools[c.At].Name + ", removed"
		}
		for i, t := range old.Tools {
			c.Total += t.Tokens[d]
			if i >= c.At {
				c.Lost += t.Tokens[d]
			}
		}
		out = append(out, c)
	}
	return out
}

// firstDifference is the index of the first tool whose name or definition
// in d differs between old and new, or the shorter length.
func firstDifference(old, new []PrefixTool, d Dialect) int {
	n := min(len(old), len(new))
	for i := range n {
		if old[i].Name != new[i].Name || old[i].Digest[d] != new[i].Digest[d] {
			return i
		}
	}
	return n
}

// Message says where the prefix changes and what every cached prompt
// loses: "prefix of dialect default changes at tool 3 (get_forecast):
// every cached prompt loses 412 of its 980 tool tokens".
func (c PrefixChange) Message() string {
	return fmt.Sprintf("prefix of dialect %s changes at tool %d (%s): every cached prompt loses %d of its %d tool tokens",
		c.Dialect, c.At+1, c.Name, c.Lost, c.Total)
}
