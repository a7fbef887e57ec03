// Package analyze reads a loaded package's annotated functions (directives,
// doc comments, go/types signatures) into a model.Package, and reports every
// mistake in them at its position.
package analyze

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/toolgen-dev/toolgen/internal/catalog"
	"github.com/toolgen-dev/toolgen/internal/model"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// APIPath is the import path of the tool API (package toolgen, the module root), whose
// Ctx and Result a tool's signature may name.
const APIPath = toolimpl.APIImportPath

type analyzer struct {
	collector
	pkg      *packages.Package
	docs     *docIndex
	memo     map[*types.Named]*model.Type
	building map[*types.Named]bool
	ids      map[string]*types.Named
	schemas  map[token.Pos]typeSchema // //toolgen:schema by type name
	// unionDirs and memberDirs are //toolgen:union and //toolgen:member by
	// type name; unionErrs the unions already refused.
	unionDirs  map[token.Pos]unionDirective
	memberDirs map[token.Pos]memberDirective
	unionErrs  map[*types.Named]error
	dir        string // positions in messages are relative to it
	// headerAt is where each field's header= option was written.
	headerAt map[*model.Field]token.Pos
	// questionSpecs are the //toolgen:question types, read by questions.
	questionSpecs []questionSpec
}

// Package finds the tools of pkg. The model is nil when there are errors.
// Positions named inside messages are relative to dir.
func Package(pkg *packages.Package, dir string) (*model.Package, Errors) {
	a := &analyzer{
		collector: collector{fset: pkg.Fset},
		pkg:       pkg,
		docs:      newDocIndex(pkg),
		memo:      map[*types.Named]*model.Type{},
		building:  map[*types.Named]bool{},
		ids:       map[string]*types.Named{},
		dir:       dir,

		unionDirs:  map[token.Pos]unionDirective{},
		memberDirs: map[token.Pos]memberDirective{},
		unionErrs:  map[*types.Named]error{},
	}
	a.schemas = a.scanTypeDirectives()
	a.checkMemberDirectives()
	files := a.sortedFiles()
	out := &model.Package{Name: pkg.Name, Path: pkg.PkgPath, Declared: pkg.Types.Scope().Names(), Budget: a.scanBudget(files)}
	for _, fd := range annotatedFuncs(files) {
		d := a.findDirective(fd.Doc)
		if d == nil {
			continue
		}
		switch d.kind {
		case "prompt":
			if p := a.prompt(fd, d); p != nil {
				out.Prompts = append(out.Prompts, p)
			}
		case "resource":
			if r := a.resource(fd, d); r != nil {
				out.Resources = append(out.Resources, r)
			}
		default:
			if t := a.tool(fd, d); t != nil {
				out.Tools = append(out.Tools, t)
			}
		}
	}
	out.Questions = a.questions()
	a.checkMCPNames(out)
	a.checkNames(out.Tools)
	if len(a.errs) > 0 {
		a.explainCompileErrors()
		sortErrors(a.errs)
		return nil, a.errs
	}
	return out, nil
}

// sortedFiles returns the package's files by name, so that output never
// depends on load order.
func (a *analyzer) sortedFiles() []*ast.File {
	files := slices.Clone(a.pkg.Syntax)
	slices.SortFunc(files, func(x, y *ast.File) int {
		return cmp.Compare(a.fset.File(x.Pos()).Name(), a.fset.File(y.Pos()).Name())
	})
	return files
}

// annotatedFuncs returns the functions with a //toolgen: directive, in the
// order of files, then in source order.
func annotatedFuncs(files []*ast.File) []*ast.FuncDecl {
	var fds []*ast.FuncDecl
	for _, f := range files {
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && hasDirective(fd.Doc) {
				fds = append(fds, fd)
			}
		}
	}
	return fds
}

func hasDirective(cg *ast.CommentGroup) bool {
	return cg != nil && slices.ContainsFunc(cg.List, func(c *ast.Comment) bool {
		return len(c.Text) >= len(directivePrefix) && c.Text[:len(directivePrefix)] == directivePrefix
	})
}

func (a *analyzer) position(pos token.Pos) model.Position {
	p := a.fset.Position(pos)
	return model.Position{File: p.Filename, Line: p.Line, Col: p.Column}
}

// checkNames reports tools sharing a name or a generated identifier (the
// constant, the rule type), and generated names that the package already
// declares.
func (a *analyzer) checkNames(tools []*model.Tool) {
	byName := map[string]*model.Tool{}
	generated := map[string]*model.Tool{}
	idents := map[string]*model.Tool{}
	for _, t := range tools {
		a.checkCodeModeIdent(t, idents)
		// Later tools are reported against the first one holding the name.
		if prev, ok := byName[t.Name]; ok {
			a.errorAt(a.tokenPos(t.Pos), "duplicate tool name %q: %s at %s has it too", t.Name, goName(prev), a.posString(prev.Pos))
		} else {
			a.checkGenerated(t, generated)
		}
		if _, ok := byName[t.Name]; !ok {
			byName[t.Name] = t
		}
		a.checkFree(t, t.ConstName)
		a.checkFree(t, t.RuleName)
	}
	a.checkToolsFuncs(tools)
	if len(tools) > 0 { // the package's, whoever the tools' receivers
		a.checkFree(tools[0], "CodeModeDeclarations")
		for _, name := range catalog.PrefixDigestNames {
			a.checkFree(tools[0], name)
		}
	}
}

// checkCodeModeIdent reports a tool whose code-mode function (the name a
// program calls it by) an earlier tool of another name has: "get-user" and
// "get.user" both make get_user.
func (a *analyzer) checkCodeModeIdent(t *model.Tool, taken map[string]*model.Tool) {
	ident := toolimpl.CodeModeIdent(t.Name)
	if prev, ok := taken[ident]; ok && prev.Name != t.Name {
		a.errorAt(a.tokenPos(t.Pos), "tools %q and %q (at %s) would both be the code-mode function %s; rename one", t.Name, prev.Name, a.posString(prev.Pos), ident)
	}
	if _, ok := taken[ident]; !ok {
		taken[ident] = t
	}
}

// generatedNames are the package-level names toolgen declares for a tool.
func generatedNames(t *model.Tool) []string { return []string{t.ConstName, t.RuleName} }

// checkGenerated reports the first generated name of t that an earlier tool
// already takes (two methods Get of two types both need ToolGet and
// GetRule: one message is enough), and takes t's names.
func (a *analyzer) checkGenerated(t *model.Tool, taken map[string]*model.Tool) {
	for _, name := range generatedNames(t) {
		if prev, ok := taken[name]; ok {
			a.errorAt(a.tokenPos(t.Pos), "%s and %s at %s would both declare %s; rename one", goName(t), goName(prev), a.posString(prev.Pos), name)
			break
		}
	}
	for _, name := range generatedNames(t) {
		if _, ok := taken[name]; !ok {
			taken[name] = t
		}
	}
}

// goName names a tool's function for a message: Get, or B.Get for a
// method, since two types may both have a Get.
func goName(t *model.Tool) string {
	if t.Recv != nil {
		return t.Recv.TypeName + "." + t.GoName
	}
	return t.GoName
}

// checkFree reports a package-level name the generated file would declare
// again.
func (a *analyzer) checkFree(t *model.Tool, name string) {
	if obj := a.pkg.Types.Scope().Lookup(name); obj != nil {
		a.errorAt(a.tokenPos(t.Pos), "tool %s: the package already declares %s (at %s), which toolgen generates", t.GoName, name, a.posString(a.position(obj.Pos())))
	}
}

// checkToolsFuncs reports a Tools function or method that the package
// already declares where toolgen generates one.
func (a *analyzer) checkToolsFuncs(tools []*model.Tool) {
	done := map[string]bool{}
	for _, t := range tools {
		recv := ""
		if t.Recv != nil {
			recv = t.Recv.TypeName
		}
		if done[recv] {
			continue
		}
		done[recv] = true
		if recv == "" {
			a.checkFree(t, "Tools")
			continue
		}
		named := a.pkg.Types.Scope().Lookup(recv).Type().(*types.Named)
		if obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(named), false, a.pkg.Types, "Tools"); obj != nil {
			a.errorAt(a.tokenPos(t.Pos), "tool %s: %s already has a Tools member (at %s), which toolgen generates", t.GoName, recv, a.posString(a.position(obj.Pos())))
		}
	}
}

func (a *analyzer) tokenPos(p model.Position) token.Position {
	return token.Position{Filename: p.File, Line: p.Line, Column: p.Col}
}

// posString prints a position for a message, relative to the working
// directory like the error's own position.
func (a *analyzer) posString(p model.Position) string {
	if rel, err := filepath.Rel(a.dir, p.File); err == nil && !strings.HasPrefix(rel, "..") {
		p.File = rel
	}
	return token.Position{Filename: p.File, Line: p.Line, Column: p.Col}.String()
}
