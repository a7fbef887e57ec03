package emit

import (
	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// Codecs writes the reading and writing functions of struct types that
// another generator declares (toolgen mcp's stubs), with the helpers and
// pattern variables of toolgen's own files: the same generated code, so
// the same checks, each problem in the same words, all at once.
//
// The types are the file's own: their Pkg is "".
type Codecs struct{ g *generator }

// NewCodecs starts the codecs of one file.
func NewCodecs() *Codecs {
	// The stubs' types keep generated readers and writers: most are open
	// objects, which tables do not describe, and a file of stubs is small.
	return &Codecs{g: &generator{pkg: &model.Package{}, helpers: map[string]bool{}, patterns: map[string]string{}, noTables: true}}
}

// Decoder asks for the function reading the struct type t,
// func(d *toolimpl.Decoder, v *T), and returns its name.
func (c *Codecs) Decoder(t *model.Type) string { return c.g.structHelper(t) }

// Encoder asks for the function writing the struct type t,
// func(e *toolimpl.Encoder, v *T), and returns its name.
func (c *Codecs) Encoder(t *model.Type) string { return c.g.encodeHelper(t) }

// Write writes into code the functions asked for and those they need (each
// starts with its doc comment), then the compiled patterns, which come
// from source ("the server's schemas").
func (c *Codecs) Write(code *jen.Group, source string) {
	c.g.code = code
	for i := 0; i < len(c.g.helperQueue); i++ {
		c.g.helperQueue[i]()
	}
	c.g.patternVars(source)
}
