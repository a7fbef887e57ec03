// Package emit writes the Go file for a model.Package with jennifer: the
// header, the version guard, ToolName constants, signature guards, Tools()
// functions, permission-rule types, static schemas, and reflection-free
// dispatch.
package emit

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/genfile"
	"github.com/toolgen-dev/toolgen/internal/model"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// GenVersion is the version of the generated code this emitter writes.
const GenVersion = toolimpl.GenVersion

type generator struct {
	pkg *model.Package
	f   *jen.File // the file's header and imports
	// pieces renders the file a piece at a time (a tool's schemas and
	// dispatch, the helpers...); code holds the current piece's code.
	pieces *genfile.Pieces
	code   *jen.Group
	err    error // the first error of a flush
	// helpers to write, by name, in the order first asked for; writing one
	// may ask for more.
	helpers     map[string]bool
	helperQueue []func()
	sliceTypes  map[string]string // slice helper name -> the type it reads (typeID)
	patterns    map[string]string
	patternList []string
	// tables: whether each struct type is read and written through a table
	// (table.go); pointed and sliced: the struct types something points to
	// or a slice holds; enumTypes: enum table name -> the type it lists
	// (typeID).
	tables    map[*model.Struct]bool
	pointed   map[*model.Struct]bool
	sliced    map[*model.Struct]bool
	enumTypes map[string]string
	noTables  bool // every struct gets a generated reader and writer (Codecs, File)
	// shared: the tools whose Call is toolimpl.Caller's (planDispatch).
	shared map[*model.Tool]bool
	// tableNames: each tabled struct's table variable, its own or one it
	// shares (tableName); tableLayouts: the first struct of each layout
	// and table; probe: probeGen.
	tableNames   map[*model.Struct]string
	tableLayouts map[string]*model.Type
	layoutGuards [][2]*model.Type // a struct with its table, one that shares it
	probe        *generator
	// viaTables: the tools tableCall dispatches (planDispatch); params:
	// the struct of each tool's separate parameters (paramsType), whose
	// IDs are kept apart from structIDs, the package's.
	viaTables map[*model.Tool]bool
	params    map[*model.Tool]*model.Type
	structIDs map[string]bool
}

// File returns the generated Go source for pkg, formatted. With noTables
// every struct gets a generated reader and writer, none a table: the test
// that holds the two ways of reading arguments to one behaviour generates
// a package both ways (toolgen always writes tables).
func File(pkg *model.Package, noTables bool) ([]byte, error) {
	src, err := file(pkg, nil, noTables)
	if err != nil {
		return nil, err
	}
	// An import named like one of the package's own declarations (a var
	// json, a func context) does not compile. jennifer cannot know the
	// package's names, so the imports of a first rendering are checked, and
	// the file is rendered again with those imports renamed.
	aliases, err := importAliases(src, pkg.Declared)
	if err != nil || len(aliases) == 0 {
		return src, err
	}
	return file(pkg, aliases, noTables)
}

// file renders pkg's file, importing the paths in aliases under those names.
// Each piece starts with a doc comment, as genfile.Pieces requires: the
// parts below and each tool's schemas and dispatch start with one.
func file(pkg *model.Package, aliases map[string]string, noTables bool) ([]byte, error) {
	g := newGenerator(pkg)
	g.noTables = noTables
	g.planDispatch()
	g.f = genfile.New(pkg.Path, pkg.Name, genfile.Head{Generator: "toolgen", Constraint: "!toolgen"})
	for path, alias := range aliases {
		g.f.ImportAlias(path, alias)
	}
	g.pieces = genfile.NewPieces(g.f)
	g.code = g.pieces.Code()
	g.versionGuard()
	if len(pkg.Tools) > 0 { // a package may have only prompts and resources
		g.toolNames()
		g.flush()
		g.signatureGuards()
		g.flush()
		g.toolsFuncs()
		g.flush()
		g.prefixDigests()
		g.flush()
		g.ruleTypes()
		g.editTypes()
		g.flush()
		g.codeMode()
		g.flush()
	}
	g.promptsFunc()
	g.flush()
	g.resourcesFunc()
	g.flush()
	g.questionMethods()
	g.flush()
	for i, t := range pkg.Tools {
		if i > 0 {
			g.flush()
		}
		g.callFunc(t)
		g.partialFunc(t)
	}
	// The helpers go in the last tool's piece: one may be a variable
	// without a comment.
	for i := 0; i < len(g.helperQueue); i++ {
		g.helperQueue[i]()
	}
	g.writeLayoutGuards()
	g.flush()
	g.patternVars("toolgen tags")
	if g.err != nil {
		return nil, g.err
	}
	return g.pieces.Bytes()
}

// newGenerator returns a generator of pkg's file, before its first piece.
func newGenerator(pkg *model.Package) *generator {
	g := &generator{pkg: pkg, helpers: map[string]bool{}, patterns: map[string]string{},
		tables: map[*model.Struct]bool{}, enumTypes: map[string]string{},
		tableNames: map[*model.Struct]string{}, tableLayouts: map[string]*model.Type{},
		params: map[*model.Tool]*model.Type{}, structIDs: map[string]bool{},
		shared: map[*model.Tool]bool{}, viaTables: map[*model.Tool]bool{}}
	var reached map[*model.Struct]bool
	g.pointed, g.sliced, reached = structUses(pkg)
	for s := range reached {
		g.structIDs[s.ID] = true
	}
	return g
}

// flush renders the code written since the last flush.
func (g *generator) flush() {
	if err := g.pieces.Flush(); err != nil && g.err == nil {
		g.err = err
	}
	g.code = g.pieces.Code()
}

// versionGuard: compile errors when this file and the runtime disagree.
func (g *generator) versionGuard() { genfile.VersionGuard(g.code, GenVersion) }

// toolNames declares a documented ToolName constant per tool.
func (g *generator) toolNames() {
	var defs []jen.Code
	for _, t := range g.pkg.Tools {
		doc := fmt.Sprintf("%s names the tool %s (%s).", t.ConstName, t.Name, goRef(t))
		if t.Summary != "" {
			doc += " " + t.Summary
		}
		for _, line := range wrap(doc, 76) {
			defs = append(defs, jen.Comment(line))
		}
		defs = append(defs, jen.Id(t.ConstName).Add(rt("ToolName")).Op("=").Lit(t.Name))
	}
	g.code.Comment("The names of the tools, for permission rules and lookups.")
	g.code.Const().Defs(defs...)
}

func goRef(t *model.Tool) string {
	if t.Recv != nil {
		return fmt.Sprintf("(*%s).%s", t.Recv.TypeName, t.GoName)
	}
	return t.GoName
}

// signatureGuards: a compile error, not a wrong call, when a tool's
// signature changes without go generate.
//
//	var _ func(context.Context, string, *Unit) (string, error) = GetWeather
func (g *generator) signatureGuards() {
	var defs []jen.Code
	for _, t := range g.pkg.Tools {
		fn := jen.Id(t.GoName)
		var params []jen.Code
		if t.Recv != nil {
			fn = jen.Parens(jen.Op("*").Id(t.Recv.TypeName)).Dot(t.GoName)
			params = append(params, jen.Op("*").Id(t.Recv.TypeName))
		}
		for _, p := range t.Params {
			params = append(params, paramType(p))
		}
		defs = append(defs, jen.Id("_").Func().Params(params...).Add(resultTypes(t.Result)).Op("=").Add(fn))
	}
	g.code.Comment("A compile error here means a tool's signature changed since this file was")
	g.code.Comment("generated: run go generate.")
	g.code.Var().Defs(defs...)
}

func paramType(p *model.Param) jen.Code {
	switch p.Kind {
	case model.ParamContext:
		return jen.Qual("context", "Context")
	case model.ParamCtx:
		return rt("Ctx")
	case model.ParamPartial:
		return rt("Partial").Types(GoType(p.Type))
	}
	return GoType(p.Type)
}

func resultTypes(r model.Result) jen.Code {
	switch {
	case r.Kind == model.ResultNone:
		return jen.Error()
	case r.Kind == model.ResultRaw && r.HasError:
		return jen.Parens(jen.List(rt("Result"), jen.Error()))
	case r.Kind == model.ResultRaw:
		return rt("Result")
	case r.HasError:
		return jen.Parens(jen.List(GoType(r.Type), jen.Error()))
	}
	return GoType(r.Type)
}

// wrap breaks text into lines of at most width runes, at spaces. A word
// starting with "//" (a directive named in a sentence) never starts a
// line: the comment writer would take the line for a comment of its own,
// and go/ast for a directive. It takes the word before it along.
func wrap(text string, width int) []string {
	var lines []string
	for para := range strings.SplitSeq(text, "\n") {
		line := ""
		for _, w := range strings.Fields(para) {
			if line != "" && len(line)+1+len(w) > width {
				line = breakLine(&lines, line, w)
			}
			if line != "" {
				line += " "
			}
			line += w
		}
		lines = append(lines, line)
	}
	return lines
}

// breakLine ends line before w and returns what the next line starts with:
// nothing, or for a w starting with "//", the word before it (the whole
// line, kept unbroken, when it has one word).
func breakLine(lines *[]string, line, w string) string {
	if !strings.HasPrefix(w, "//") {
		*lines = append(*lines, line)
		return ""
	}
	i := strings.LastIndexByte(line, ' ')
	if i < 0 {
		return line
	}
	*lines = append(*lines, line[:i])
	return line[i+1:]
}
