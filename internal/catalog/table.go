package catalog

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/toolgen-dev/toolgen/internal/model"
	"github.com/toolgen-dev/toolgen/internal/tokencount"
)

// maxParts is how many of a tool's parts the table names.
const maxParts = 3

// Part is a piece of a tool's definition and its tokens in the default
// dialect, counted alone.
type Part struct {
	Name   string // "(description)", a top-level property's name, or "$defs"
	Tokens int
}

// descriptionPart names the tool's description among its parts: a property
// may be called "description".
const descriptionPart = "(description)"

// Parts returns what makes t's default definition large, largest first:
// its description, each top-level property (its name and schema), and
// the $defs of a recursive type. What is left (the name and the schema's
// framing) is not a part.
func Parts(c *tokencount.Counter, t *model.Tool) []Part {
	var w definitionWriter
	w.writeString(t.Doc)
	parts := []Part{{descriptionPart, c.Count(w.buf.Bytes())}}
	s := t.InputSchema
	if s == nil {
		return parts
	}
	if s.Properties != nil {
		for _, p := range *s.Properties {
			text, err := model.Properties{p}.MarshalJSON()
			if err != nil {
				panic("toolgen bug: a schema does not encode: " + err.Error()) // built from plain data
			}
			parts = append(parts, Part{p.Name, c.Count(text[1 : len(text)-1])})
		}
	}
	if len(s.Defs) > 0 {
		text, err := s.Defs.MarshalJSON()
		if err != nil {
			panic("toolgen bug: a schema does not encode: " + err.Error())
		}
		parts = append(parts, Part{"$defs", c.Count(text)})
	}
	slices.SortStableFunc(parts, func(a, b Part) int { return cmp.Compare(b.Tokens, a.Tokens) })
	return parts
}

// Write prints the catalog of the tools of pkgs: a row per tool, largest
// first (in the default dialect), with its namespace, whether it is
// deferred, its size in each dialect and in code mode, and its largest
// parts; then the totals sent up front and deferred, per form, in the same
// columns.
func Write(w io.Writer, pkgs []*model.Package) error {
	var tools []*model.Tool
	for _, pkg := range pkgs {
		tools = append(tools, pkg.Tools...)
	}
	var c tokencount.Counter
	var b bytes.Buffer
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "TOOL\tNAMESPACE\tDEFERRED\tDEFAULT\tSTRICT\tGEMINI\tCODE MODE\tLARGEST PARTS (DEFAULT)")
	for _, t := range Largest(tools, Default) {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\n", t.Name, t.Namespace, yesNo(t.Deferred),
			size(t.Tokens.Default), size(t.Tokens.Strict), size(t.Tokens.Gemini), t.Tokens.CodeMode, shares(Parts(&c, t), t.Tokens.Default))
	}
	s := Sum(pkgs)
	fmt.Fprintln(tw, "\t\t\t\t\t\t\t") // a blank line that keeps the columns
	for _, row := range []struct {
		what string
		n    int
		sums [4]int
	}{{"sent up front", s.LoadedTools, s.Loaded}, {"deferred", s.DeferredTools, s.Deferred}} {
		fmt.Fprintf(tw, "%s %s\t\t\t%d\t%d\t%d\t%d\t\n", nTools(row.n), row.what, row.sums[Default], row.sums[Strict], row.sums[Gemini], row.sums[CodeMode])
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for line := range strings.Lines(b.String()) {
		if _, err := io.WriteString(w, strings.TrimRight(line, " \n")+"\n"); err != nil {
			return err
		}
	}
	if _, err := io.WriteString(w, legend); err != nil {
		return err
	}
	_, err := io.WriteString(w, missingForms(tools)+prefixDigests(pkgs))
	return err
}

// prefixDigests lists each package's prefix digests (Prefix), as its
// generated file's PrefixDigest constants hold them.
func prefixDigests(pkgs []*model.Package) string {
	var b strings.Builder
	b.WriteString("\nPrefix digests (SHA-256 of the definitions sent up front, in order; toolgen -check says what a change cuts):\n")
	for _, pkg := range pkgs {
		p := NewPrefix(pkg)
		fmt.Fprintf(&b, "%s (%s)\n", pkg.Path, nTools(len(p.Tools)))
		for _, d := range Dialects {
			fmt.Fprintf(&b, "  %-13s  %s\n", d, p.Digest[d])
		}
	}
	return b.String()
}

// missingForms says, for each tool without a form in a dialect, why: a
// "-" in the table is never left unexplained.
//
//	scores: no strict form: a map (...) at /properties/by_name
func missingForms(tools []*model.Tool) string {
	var b strings.Builder
	for _, t := range tools {
		if t.NoStrict != "" {
			fmt.Fprintf(&b, "%s: no strict form: %s\n", t.Name, t.NoStrict)
		}
		if t.NoGemini != "" {
			fmt.Fprintf(&b, "%s: no Gemini form: %s\n", t.Name, t.NoGemini)
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return "\nForms missing (toolgen's warnings say the way out of each):\n" + b.String()
}

// legend says what the numbers are.
const legend = `
Tokens of o200k_base (OpenAI GPT-4o and later; other models' tokenizers differ by some percent)
in each definition {"name","description","parameters"} as compact JSON; a provider adds a few per tool.
-: the schema has no form in that dialect (said below); its provider is sent the default one, which the totals count.
CODE MODE: the tool's TypeScript declaration for code mode with the types it names; totals count a shared type once.
`

func nTools(n int) string {
	if n == 1 {
		return "1 tool"
	}
	return strconv.Itoa(n) + " tools"
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func size(n int) string {
	if n == 0 {
		return "-"
	}
	return strconv.Itoa(n)
}

// shares names the largest parts with their share of total: "filters 41%".
func shares(parts []Part, total int) string {
	var out []string
	for _, p := range parts[:min(len(parts), maxParts)] {
		if total > 0 {
			out = append(out, fmt.Sprintf("%s %d%%", p.Name, (p.Tokens*100+total/2)/total))
		}
	}
	return strings.Join(out, ", ")
}
