package genfile

import (
	"testing"

	"github.com/dave/jennifer/jen"
	"github.com/stretchr/testify/require"
)

// addDecls adds to g the declarations a piece of a file holds: a var and a
// func each with a doc comment, a const without one, using imports
// (fmt, encoding/json, the runtime) so that their names come from the
// file they are rendered in.
func addDecls(g *jen.Group, i int) {
	name := jen.Id("v" + string(rune('a'+i)))
	g.Comment("A var.")
	g.Var().Add(name).Op("=").Qual("fmt", "Sprint").Call(jen.Lit(i))
	g.Const().Id("c" + string(rune('a'+i))).Op("=").Lit(i)
	g.Comment("A func.")
	g.Func().Id("f"+string(rune('a'+i))).Params(jen.Id("x").Qual(APIPath, "Tool")).Error().Block(
		jen.List(jen.Id("_"), jen.Err()).Op(":=").Qual("encoding/json", "Marshal").Call(jen.Id("x")),
		jen.Return(jen.Err()),
	)
}

// A file built in pieces has the bytes of the same code rendered at once.
func TestPiecesRenderAsOneFile(t *testing.T) {
	head := Head{Generator: "test", Constraint: "!test"}
	whole := New("example.com/p", "p", head)
	VersionGuard(whole.Group, 3)
	for i := range 3 {
		addDecls(whole.Group, i)
	}
	want, err := Render(whole)
	require.NoError(t, err)

	p := NewPieces(New("example.com/p", "p", head))
	VersionGuard(p.Code(), 3)
	for i := range 3 {
		require.NoError(t, p.Flush())
		require.NoError(t, p.Flush()) // an empty piece adds nothing
		addDecls(p.Code(), i)
	}
	got, err := p.Bytes()
	require.NoError(t, err)
	require.Equal(t, string(want), string(got))
}

// A piece must start with a doc comment, or the blank line before it would
// not be gofmt's: the file is refused, not written wrong.
func TestPiecesWithoutDocComment(t *testing.T) {
	p := NewPieces(New("example.com/p", "p", Head{Generator: "test"}))
	p.Code().Comment("A var.")
	p.Code().Var().Id("a").Op("=").Lit(1)
	require.NoError(t, p.Flush())
	p.Code().Var().Id("b").Op("=").Lit(2)
	require.ErrorContains(t, p.Flush(), "does not start with a doc comment")
}
