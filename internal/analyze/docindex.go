package analyze

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"
)

// docIndex finds the comments of declarations, so that a types.Object
// (which has no comments) can be described. The package's own files are
// indexed from its syntax. Types from other packages come from export data,
// which keeps their positions (file and line) but no comments: for a
// package of the same module, the file is parsed when one of its objects is
// first looked up, once. Other modules' docs are not read.
type docIndex struct {
	fset      *token.FileSet // where objects' positions are
	root      string         // the package's path
	module    string         // its module's path, "" if unknown
	moduleDir string
	docs      map[docKey]string
	parsed    map[string]bool // files of other packages indexed
}

// docKey names a declared name by where it is. Export data positions have
// no reliable column, so names in other packages' files have column 0 and
// are told apart by name.
type docKey struct {
	file      string
	line, col int
	name      string
}

func newDocIndex(pkg *packages.Package) *docIndex {
	idx := &docIndex{fset: pkg.Fset, root: pkg.PkgPath, docs: map[docKey]string{}, parsed: map[string]bool{}}
	if pkg.Module != nil {
		idx.module, idx.moduleDir = pkg.Module.Path, pkg.Module.Dir
	}
	for _, f := range pkg.Syntax {
		idx.index(pkg.Fset, f, true)
	}
	return idx
}

// of returns the doc of obj: its doc comment, else its line comment, else
// the doc of the declaration holding it alone; "" if it has none.
func (idx *docIndex) of(obj types.Object) string {
	pos := idx.fset.Position(obj.Pos())
	if !pos.IsValid() || obj.Pkg() == nil {
		return ""
	}
	key := docKey{file: pos.Filename, line: pos.Line, col: pos.Column, name: obj.Name()}
	if obj.Pkg().Path() != idx.root {
		if !idx.inModule(obj.Pkg().Path(), pos.Filename) {
			return ""
		}
		idx.parseFile(pos.Filename)
		key.col = 0
	}
	return idx.docs[key]
}

// inModule reports whether the package path is in the package's module and
// file in its directory (a nested module's files are not).
func (idx *docIndex) inModule(path, file string) bool {
	if idx.module == "" || path != idx.module && !strings.HasPrefix(path, idx.module+"/") {
		return false
	}
	rel, err := filepath.Rel(idx.moduleDir, file)
	return err == nil && filepath.IsAbs(file) && !strings.HasPrefix(rel, "..")
}

// parseFile indexes a file of another package of the module. A file that
// does not parse has no docs to give: the compiler read it, so this only
// happens when it changed since, and a description is not worth failing for.
func (idx *docIndex) parseFile(name string) {
	if idx.parsed[name] {
		return
	}
	idx.parsed[name] = true
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return
	}
	idx.index(fset, f, false)
}

// index records the docs of f's declarations; withCol says whether keys
// have columns (the package's own files) or not (files of export data).
func (idx *docIndex) index(fset *token.FileSet, f *ast.File, withCol bool) {
	add := func(name *ast.Ident, groups ...*ast.CommentGroup) {
		p := fset.Position(name.Pos())
		key := docKey{file: p.Filename, line: p.Line, name: name.Name}
		if withCol {
			key.col = p.Column
		}
		idx.add(key, groups...)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			genDecl(n, add)
		case *ast.StructType:
			structType(n, add)
		}
		return true
	})
}

type addFunc func(name *ast.Ident, groups ...*ast.CommentGroup)

func genDecl(g *ast.GenDecl, add addFunc) {
	for _, spec := range g.Specs {
		switch s := spec.(type) {
		case *ast.TypeSpec:
			add(s.Name, s.Doc, s.Comment, lone(g))
		case *ast.ValueSpec:
			for _, name := range s.Names {
				add(name, s.Doc, s.Comment, lone(g))
			}
		}
	}
}

func structType(st *ast.StructType, add addFunc) {
	for _, f := range st.Fields.List {
		if len(f.Names) == 0 {
			if name := embeddedName(f.Type); name != nil {
				add(name, f.Doc, f.Comment)
			}
		}
		for _, name := range f.Names {
			add(name, f.Doc, f.Comment)
		}
	}
}

// embeddedName is the identifier go/types places an embedded field at: T
// in T, *T, pkg.T and T[int].
func embeddedName(e ast.Expr) *ast.Ident {
	switch e := e.(type) {
	case *ast.Ident:
		return e
	case *ast.StarExpr:
		return embeddedName(e.X)
	case *ast.SelectorExpr:
		return e.Sel
	case *ast.IndexExpr:
		return embeddedName(e.X)
	case *ast.IndexListExpr:
		return embeddedName(e.X)
	}
	return nil
}

// lone returns a declaration's doc when it declares one thing
// ("// Unit is ...\ntype Unit string"), whose doc sits on the GenDecl.
func lone(g *ast.GenDecl) *ast.CommentGroup {
	if g.Lparen.IsValid() {
		return nil
	}
	return g.Doc
}

// add records the first of doc, line comment, declaration doc that exists.
func (idx *docIndex) add(key docKey, groups ...*ast.CommentGroup) {
	for _, cg := range groups {
		if text := docText(cg); text != "" {
			idx.docs[key] = text
			return
		}
	}
}
