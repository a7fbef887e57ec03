package analyze

import (
	"go/ast"
	"go/token"
)

// docIndex finds the comments of declarations by the position of their
// name, so that a types.Object (which has no comments) can be described.
// Only the package's own files are indexed: types from other packages come
// from export data, which keeps no comments.
type docIndex map[token.Pos]string

func indexDocs(files []*ast.File) docIndex {
	idx := docIndex{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GenDecl:
				idx.genDecl(n)
			case *ast.StructType:
				idx.structType(n)
			}
			return true
		})
	}
	return idx
}

func (idx docIndex) genDecl(g *ast.GenDecl) {
	for _, spec := range g.Specs {
		switch s := spec.(type) {
		case *ast.TypeSpec:
			idx.add(s.Name.Pos(), s.Doc, nil, lone(g))
		case *ast.ValueSpec:
			for _, name := range s.Names {
				idx.add(name.Pos(), s.Doc, s.Comment, lone(g))
			}
		}
	}
}

func (idx docIndex) structType(st *ast.StructType) {
	for _, f := range st.Fields.List {
		if len(f.Names) == 0 {
			idx.add(f.Type.Pos(), f.Doc, f.Comment, nil)
		}
		for _, name := range f.Names {
			idx.add(name.Pos(), f.Doc, f.Comment, nil)
		}
	}
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
func (idx docIndex) add(pos token.Pos, groups ...*ast.CommentGroup) {
	for _, cg := range groups {
		if text := docText(cg); text != "" {
			idx[pos] = text
			return
		}
	}
}
