// Package schema derives the JSON Schemas of a package's tools from the
// model, as a stage between analyze and emit: analyze checks the user's
// code and fills the model (types, fields, constraints, docs), Derive says
// it in JSON Schema, emit writes the schemas out. It reads plain model data
// only, so a schema can be derived from a hand-written model, and it
// raises no errors: everything it could trip on was checked by analyze.
//
// It also reads JSON Schema text (Parse), for //toolgen:schema directives.
package schema

import (
	"github.com/toolgen-dev/toolgen/internal/model"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// schemaURI is the $schema of every root schema.
const schemaURI = "https://json-schema.org/draft/2020-12/schema"

// Derive fills the schemas of every tool of pkg.
func Derive(pkg *model.Package) {
	for _, t := range pkg.Tools {
		Tool(t)
	}
	for _, q := range pkg.Questions {
		q.Schema = questionSchema(q.Type.Struct)
	}
}

// questionSchema is the form of a //toolgen:question struct, an MCP
// elicitation's requestedSchema: an object of its fields, as a tool's
// input says them (descriptions, constraints, enums), without the keywords
// of a root schema that a requestedSchema has not ($schema,
// additionalProperties).
func questionSchema(s *model.Struct) *model.Schema {
	b := &builder{done: map[string]bool{}}
	form := b.object(s)
	form.Additional = nil
	return form
}

// Tool fills t's schemas: its input's, whether that input can be said in
// each provider dialect, its structured result's when it returns a value,
// and its partial results' when it sends some.
func Tool(t *model.Tool) {
	t.InputSchema = objectSchema(t.Input, "", false)
	dialects(t)
	t.OutputSchema = outputSchema(t.Result)
	t.PartialSchema = nil
	if p := t.Partial(); p != nil {
		t.PartialSchema = partialSchema(p.Type)
	}
}

// dialects derives t's input schema in each dialect, with the derivation
// the runtime runs at start-up (toolimpl), and keeps the texts (the token
// counts are made from them) and why a form is missing.
func dialects(t *model.Tool) {
	text, err := t.InputSchema.Compact()
	if err != nil {
		panic("toolgen bug: an input schema does not encode: " + err.Error()) // built from plain data
	}
	t.Dialects = model.Dialects{Default: text}
	t.NoStrict, t.NoGemini, t.Gaps = "", "", nil
	if strict, err := toolimpl.StrictSchema([]byte(text)); err != nil {
		t.NoStrict = err.Error()
		t.Gaps = append(t.Gaps, gapsOf(t, model.DialectStrict, err)...)
	} else {
		t.Dialects.Strict = string(strict)
	}
	if gemini, err := toolimpl.GeminiSchema([]byte(text)); err != nil {
		t.NoGemini = err.Error()
		t.Gaps = append(t.Gaps, gapsOf(t, model.DialectGemini, err)...)
	} else {
		t.Dialects.Gemini = string(gemini)
	}
}

// outputSchema is the schema of a result's structured content, or nil for
// results that have none (text, raw results, only an error).
func outputSchema(r model.Result) *model.Schema {
	if r.Kind != model.ResultValue {
		return nil
	}
	if r.Wrapped {
		return wrappedSchema(r.Type, "")
	}
	b := r.Type.Base() // *T is described by T's doc
	return objectSchema(b.Struct, b.Doc, true)
}

// partialSchema is the schema of what a toolgen.Partial[T] sends: T's, as
// the encoder writes it (an output schema: a nil pointer is null). A struct
// is inlined at the top, as in a result's schema. Unlike a result, a value
// that is not an object is not wrapped: it goes in Progress.Partial, which
// holds any JSON value, and MCP's rule that structured content be an
// object does not apply to it.
func partialSchema(t *model.Type) *model.Schema {
	if base := t.Base(); base.Kind == model.KindStruct {
		s := objectSchema(base.Struct, base.Doc, true)
		if t.Kind == model.KindPointer {
			s.Type = s.Type.OrNull()
		}
		return s
	}
	b := &builder{done: map[string]bool{}, output: true}
	s := b.value(t, "")
	s.SchemaURI = schemaURI
	s.Defs = b.defs
	return s
}
