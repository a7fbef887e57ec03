// Package tsdecl derives the TypeScript declarations of a package's tools
// for code mode, where a model writes one program that calls the tools as
// functions. It is a stage after the schemas (internal/schema) and reads
// the same model facts they are made of (types, fields, constraints,
// unions, enums, docs), never the schema text: each tool becomes one
// `declare function`, each Go struct, enum and union it reaches one named
// type the package's tools share. toolgen -catalog counts them
// (internal/catalog); emit writes them into the generated file, where
// CodeModeDeclarations hands them out.
//
// The mapping is documented for users in cmd/toolgen's "Code mode
// declarations"; types.go holds it, jsdoc.go the comments, schema.go the
// types whose form a //toolgen:schema states.
package tsdecl

import (
	"fmt"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/model"
	"github.com/toolgen-dev/toolgen/internal/schema"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// Derive fills the CodeMode of every tool of pkg and pkg.CodeModeTypes.
// analyze has refused two tools with one code-mode function.
func Derive(pkg *model.Package) {
	d := newDecls()
	for _, t := range pkg.Tools {
		ident := toolimpl.CodeModeIdent(t.Name)
		t.CodeMode = model.CodeMode{Ident: ident}
		t.CodeMode.Types = d.collect(func() { t.CodeMode.Text = d.tool(t, ident) })
	}
	d.finish(pkg)
}

// tool is t's declaration:
//
//	/** Gets the weather. */
//	declare function get_weather(args: { city: string; days?: integer }): Promise<Forecast>;
func (d *decls) tool(t *model.Tool, ident string) string {
	var b strings.Builder
	writeDoc(&b, "", docLines(t.Doc, nil))
	fmt.Fprintf(&b, "declare function %s(%s): Promise<%s>;", ident, d.args(t), d.result(t.Result))
	return b.String()
}

// args is the parameter list: none for a tool without arguments, the
// struct's interface for one struct parameter, else an object of the
// arguments.
func (d *decls) args(t *model.Tool) string {
	if len(t.Input.Fields) == 0 {
		return ""
	}
	for _, p := range t.Params {
		if p.Kind == model.ParamStruct && p.Type.Base().Kind == model.KindStruct {
			return "args: " + d.expr(p.Type.Base(), input)
		}
	}
	return "args: " + d.object(t.Input, input, "")
}

// result is what the program receives: nothing for a tool that returns
// only an error, the text of a string, the value of a structured result
// (unwrapped: a program never sees {"result": ...}), and unknown for a
// toolgen.Result, whose content the tool builds at run time.
func (d *decls) result(r model.Result) string {
	switch r.Kind {
	case model.ResultNone:
		return "void"
	case model.ResultText:
		return "string"
	case model.ResultRaw:
		return "unknown"
	}
	// A nil pointer result is a failed call, never a null value.
	return d.expr(schema.MemberType(r.Type), output)
}
