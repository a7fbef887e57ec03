package analyze

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// notCompiling and notChecked end the messages of types and functions that
// go/types could not check; explainCompileErrors adds the compiler's own
// words when it can find them.
const (
	notCompiling = " does not compile (go build -tags toolgen shows why)"
	notChecked   = " could not be type-checked"
)

// explainCompileErrors adds, to each error about a type that does not
// compile, the type errors inside that type's source (undefined: Foo, at
// its position). Type errors elsewhere (in bodies, or in code using the
// generated names) are no concern of toolgen's and stay unreported.
func (a *analyzer) explainCompileErrors() {
	for i, e := range a.errs {
		switch {
		case strings.HasSuffix(e.Msg, notCompiling):
			if why := a.typeErrorsAt(e.Pos); why != "" {
				a.errs[i].Msg = strings.TrimSuffix(e.Msg, notCompiling) + " does not compile: " + why
			}
		case strings.HasSuffix(e.Msg, notChecked):
			if why := a.typeErrorsAt(e.Pos); why != "" {
				a.errs[i].Msg += ": " + why
			}
		}
	}
}

// typeErrorsAt describes the type errors inside the type written at pos:
// the type of the parameter, field or receiver named there, the result
// list starting there, or the signature of the function named there.
func (a *analyzer) typeErrorsAt(at token.Position) string {
	file, pos := a.syntaxAt(at)
	if file == nil {
		return ""
	}
	start, end := typeSpan(file, pos)
	if !start.IsValid() {
		return ""
	}
	var msgs []string
	for _, te := range a.pkg.TypeErrors {
		if te.Fset == a.fset && te.Pos >= start && te.Pos < end {
			msgs = append(msgs, te.Msg+" (at "+a.posString(a.position(te.Pos))+")")
		}
	}
	if len(msgs) == 0 {
		msgs = a.importErrorsFor(file, start, end)
	}
	return strings.Join(msgs, "; ")
}

// importErrorsFor returns the errors of the failed imports of the packages
// that the source in [start, end) names: a type from a package that could
// not be imported (its module not required, say) has no error of its own,
// the import has (load puts go list's reason in it).
func (a *analyzer) importErrorsFor(file *ast.File, start, end token.Pos) []string {
	named := map[string]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Pos() >= start && id.Pos() < end && a.pkg.TypesInfo != nil {
			if pn, ok := a.pkg.TypesInfo.Uses[id].(*types.PkgName); ok {
				named[pn.Imported().Path()] = true
			}
		}
		return true
	})
	var msgs []string
	for _, te := range a.pkg.TypeErrors {
		rest, ok := strings.CutPrefix(te.Msg, "could not import ")
		path, _, _ := strings.Cut(strings.Replace(rest, ":", " ", 1), " ")
		if ok && te.Fset == a.fset && named[path] {
			msgs = append(msgs, te.Msg+" (at "+a.posString(a.position(te.Pos))+")")
		}
	}
	return msgs
}

// syntaxAt finds the package's file holding at and at's token.Pos.
func (a *analyzer) syntaxAt(at token.Position) (*ast.File, token.Pos) {
	for _, f := range a.pkg.Syntax {
		tf := a.fset.File(f.Pos())
		if tf == nil || tf.Name() != at.Filename || at.Line < 1 || at.Line > tf.LineCount() {
			continue
		}
		return f, tf.LineStart(at.Line) + token.Pos(at.Column-1)
	}
	return nil, token.NoPos
}

// typeSpan returns the source range of the type written at pos: the type
// of the innermost field (parameter, result, struct field, receiver)
// holding pos, the whole field list when pos is on the list itself, or a
// function's declaration up to its body when pos is on its name.
func typeSpan(file *ast.File, pos token.Pos) (token.Pos, token.Pos) {
	path, _ := astutil.PathEnclosingInterval(file, pos, pos)
	for _, n := range path {
		switch n := n.(type) {
		case *ast.Field:
			return n.Type.Pos(), n.Type.End()
		case *ast.FieldList:
			return n.Pos(), n.End()
		case *ast.FuncDecl:
			return n.Pos(), n.Type.End()
		case ast.Decl:
			return token.NoPos, token.NoPos
		}
	}
	return token.NoPos, token.NoPos
}
