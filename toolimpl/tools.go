package toolimpl

import (
	"slices"
	"sync"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/dialect"
	"github.com/toolgen-dev/toolgen/internal/textindex"
)

// Tools fills in each tool's StrictSchema and GeminiSchema, derived from its
// InputSchema once per process and shared after that, gives each tool its
// entry in the search index (searchTerms[i], which the generator wrote for
// ts[i]: Toolbox.Search reads it), and returns ts. Generated Tools methods of
// a type whose methods are tools call it on a new slice each time (package
// functions' Tools call StaticTools):
//
//	func (recv *Store) Tools() []toolgen.Tool {
//		return toolimpl.Tools([]toolgen.Tool{{Name: ToolLookup, ...}}, []string{"1 12 ..."})
//	}
//
// The input schemas must be the generated files' package-level variables:
// the derived forms are kept by the address of the schema's bytes.
func Tools(ts []toolgen.Tool, searchTerms []string) []toolgen.Tool {
	for i := range ts {
		d := dialectsOf(ts[i].InputSchema)
		ts[i].StrictSchema, ts[i].GeminiSchema = d.strict, d.gemini
		setSearchTerms(&ts[i], searchTerms[i])
	}
	return ts
}

// setSearchTerms sets a tool's unexported search entry (installed by package
// toolgen, which initializes first).
var setSearchTerms = textindex.SetToolEntry.(func(*toolgen.Tool, string))

// StaticTools returns a copy of a generated file's tools, laid out
// statically (package-level values whose schemas are the package's data),
// with each one's StrictSchema, GeminiSchema, search entry (see Tools) and
// Validate filled in. Done once per process: each call after that copies
// the result.
func StaticTools(ts []toolgen.Tool, searchTerms []string) []toolgen.Tool {
	if len(ts) == 0 {
		return nil
	}
	filled, ok := static.Load(&ts[0])
	if !ok {
		done := Tools(slices.Clone(ts), searchTerms)
		for i := range done {
			if done[i].Validate == nil && done[i].Call != nil {
				done[i].Validate = Validator(done[i].Call)
			}
		}
		filled, _ = static.LoadOrStore(&ts[0], done)
	}
	return slices.Clone(filled.([]toolgen.Tool))
}

var static sync.Map // *toolgen.Tool (a generated file's first) -> []toolgen.Tool, filled in

// dialects are an input schema's forms for other providers; nil where the
// schema has none.
type dialects struct{ strict, gemini []byte }

var derived sync.Map // *byte (the schema's first byte) -> *dialects

func dialectsOf(input []byte) *dialects {
	if len(input) == 0 {
		return &dialects{}
	}
	key := &input[0]
	if d, ok := derived.Load(key); ok {
		return d.(*dialects)
	}
	d := &dialects{}
	d.strict, _ = dialect.Strict(input)
	d.gemini, _ = dialect.Gemini(input)
	actual, _ := derived.LoadOrStore(key, d)
	return actual.(*dialects)
}

// StrictSchema is input in OpenAI's strict dialect, or an error saying why
// input has no such form. The generator calls it to tell at build time.
func StrictSchema(input []byte) ([]byte, error) { return dialect.Strict(input) }

// GeminiSchema is input in the subset of JSON Schema Gemini accepts, or an
// error saying why input has no such form.
func GeminiSchema(input []byte) ([]byte, error) { return dialect.Gemini(input) }
