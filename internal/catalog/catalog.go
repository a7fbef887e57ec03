// Package catalog is what a package's tool definitions cost a model's
// context, counted at build time: the Tokens of each generated tool,
// toolgen -catalog's table, and the budgets (-budget, //toolgen:budget)
// that fail generation when the tools sent up front grow past them; and
// the prefix digests (prefix.go): a digest of the definitions sent up
// front, per dialect, which generated code records and toolgen -check
// compares, to say from which tool a change cuts every cached prompt.
//
// What is counted, per dialect, is the tool definition a provider
// receives, as compact JSON:
//
//	{"name":NAME,"description":DESC,"parameters":SCHEMA}
//
// with SCHEMA the input schema in that dialect (as generated code holds
// it: the default, the OpenAI-strict or the Gemini form), in o200k_base
// tokens (internal/tokencount). A dialect the schema has no form in
// counts 0 for the tool; its provider is sent the default schema instead,
// so the totals of that dialect count the tool at its default size.
//
// Code mode sends a form of its own, counted beside the dialects: the
// tools' TypeScript declarations (internal/tsdecl). A tool's count is its
// declaration sent alone: its declare function with its JSDoc and the
// types it names; totals count the types the tools share once per package.
package catalog

import (
	"bytes"
	"cmp"
	"encoding/json"
	"slices"

	"github.com/toolgen-dev/toolgen/internal/model"
	"github.com/toolgen-dev/toolgen/internal/tokencount"
)

// Dialect is one of the input schema's dialects.
type Dialect int

// The dialects, in the order of toolgen.Tokens' fields, and code mode's
// declarations.
const (
	Default  Dialect = iota // Tool.InputSchema (JSON Schema 2020-12)
	Strict                  // Tool.StrictSchema (OpenAI's strict mode)
	Gemini                  // Tool.GeminiSchema
	CodeMode                // the TypeScript declarations of code mode
)

// Dialects are all the schema dialects, in order.
var Dialects = []Dialect{Default, Strict, Gemini}

// Forms are all that a model may be sent up front: the schema dialects
// and code mode's declarations.
var Forms = []Dialect{Default, Strict, Gemini, CodeMode}

func (d Dialect) String() string {
	return [...]string{"default", "OpenAI strict", "Gemini", "code mode"}[d]
}

// in says where a size is: "in the default dialect", "in code mode's
// declarations".
func (d Dialect) in() string {
	if d == CodeMode {
		return "in code mode's declarations"
	}
	return "in the " + d.String() + " dialect"
}

// schema is t's input schema text in d, "" where it has no form.
func (d Dialect) schema(t *model.Tool) string {
	return [...]string{t.Dialects.Default, t.Dialects.Strict, t.Dialects.Gemini}[d]
}

// Of is t's definition size in d: 0 where the schema has no form in d.
// In code mode, it is the size of t's declaration sent alone.
func (d Dialect) Of(t *model.Tool) int {
	return [...]int{t.Tokens.Default, t.Tokens.Strict, t.Tokens.Gemini, t.Tokens.CodeMode}[d]
}

// Sent is the size of what a provider of dialect d is sent for t: its
// definition in d, or in the default dialect where the schema has no form
// in d (adapters fall back to the default schema). Code mode sends the
// declaration.
func (d Dialect) Sent(t *model.Tool) int {
	if n := d.Of(t); n > 0 || d == CodeMode {
		return n
	}
	return t.Tokens.Default
}

// Definition is the text counted for a tool: the definition a provider
// receives, as compact JSON without HTML escaping (as the schemas are).
func Definition(name, description, schema string) string {
	var w definitionWriter
	w.head(name, description)
	return string(w.with(schema))
}

// definitionWriter writes definitions in one buffer: a tool's head (its
// name and description) once, then each dialect's schema after it.
type definitionWriter struct {
	buf     bytes.Buffer
	headLen int
	str     bytes.Buffer  // a string's JSON, written by enc
	enc     *json.Encoder // on str: the schemas' encoding, no HTML escaping
}

// head starts a definition: {"name":NAME,"description":DESC,"parameters":
func (w *definitionWriter) head(name, description string) {
	w.buf.Reset()
	w.buf.WriteString(`{"name":`)
	w.writeString(name)
	w.buf.WriteString(`,"description":`)
	w.writeString(description)
	w.buf.WriteString(`,"parameters":`)
	w.headLen = w.buf.Len()
}

// with is the definition with schema, valid until the writer's next call.
func (w *definitionWriter) with(schema string) []byte {
	w.buf.Truncate(w.headLen)
	w.buf.WriteString(schema)
	w.buf.WriteByte('}')
	return w.buf.Bytes()
}

func (w *definitionWriter) writeString(s string) {
	if w.enc == nil {
		w.enc = json.NewEncoder(&w.str)
		w.enc.SetEscapeHTML(false)
	}
	w.str.Reset()
	_ = w.enc.Encode(s) // a string always encodes
	w.buf.Write(bytes.TrimSuffix(w.str.Bytes(), []byte("\n")))
}

// Count fills the Tokens of every tool of pkgs from its schema texts (the
// schema stage's Dialects) and its code-mode declaration, and the sizes of
// the packages' shared code-mode types, with one counter for all of them:
// the parts definitions share are counted once.
func Count(pkgs ...*model.Package) {
	var c tokencount.Counter
	var w definitionWriter
	for _, pkg := range pkgs {
		pkg.CodeModeTokens = make([]int, len(pkg.CodeModeTypes))
		for i, text := range pkg.CodeModeTypes {
			pkg.CodeModeTokens[i] = c.Count([]byte(text))
		}
		for _, t := range pkg.Tools {
			t.Tokens = count(&c, &w, t)
			t.Tokens.CodeMode = c.Count([]byte(t.CodeMode.Text)) + typesSize(pkg, t)
		}
	}
}

func count(c *tokencount.Counter, w *definitionWriter, t *model.Tool) model.Tokens {
	var n [3]int
	w.head(t.Name, t.Doc)
	for _, d := range Dialects {
		if s := d.schema(t); s != "" {
			n[d] = c.Count(w.with(s))
		}
	}
	return model.Tokens{Default: n[Default], Strict: n[Strict], Gemini: n[Gemini]}
}

// Totals are the sizes of a set of tools in each form, apart for those
// sent up front (not deferred) and the deferred ones, as Dialect.Sent
// counts them; in code mode, with the types the tools name, once each.
type Totals struct {
	Loaded, Deferred           [4]int
	LoadedTools, DeferredTools int
}

// Sum adds up the tools of pkgs.
func Sum(pkgs []*model.Package) Totals {
	var s Totals
	for _, pkg := range pkgs {
		for _, t := range pkg.Tools {
			sums := &s.Loaded
			if t.Deferred {
				sums = &s.Deferred
				s.DeferredTools++
			} else {
				s.LoadedTools++
			}
			for _, d := range Forms {
				sums[d] += d.Sent(t)
			}
			sums[CodeMode] -= typesSize(pkg, t) // counted once below
		}
		s.Loaded[CodeMode] += sharedTypes(pkg, false)
		s.Deferred[CodeMode] += sharedTypes(pkg, true)
	}
	return s
}

// typesSize is the size of the shared types t's declaration names.
func typesSize(pkg *model.Package, t *model.Tool) int {
	n := 0
	for _, i := range t.CodeMode.Types {
		n += pkg.CodeModeTokens[i]
	}
	return n
}

// sharedTypes is the size of the code-mode types that pkg's tools sent up
// front (or the deferred ones) name, each once.
func sharedTypes(pkg *model.Package, deferred bool) int {
	named := map[int]bool{}
	for _, t := range pkg.Tools {
		if t.Deferred == deferred {
			for _, i := range t.CodeMode.Types {
				named[i] = true
			}
		}
	}
	n := 0
	for i := range named {
		n += pkg.CodeModeTokens[i]
	}
	return n
}

// Largest returns tools sorted by their size in d, largest first (by name
// where sizes tie).
func Largest(tools []*model.Tool, d Dialect) []*model.Tool {
	sorted := slices.Clone(tools)
	slices.SortStableFunc(sorted, func(a, b *model.Tool) int {
		return cmp.Or(cmp.Compare(d.Sent(b), d.Sent(a)), cmp.Compare(a.Name, b.Name))
	})
	return sorted
}
