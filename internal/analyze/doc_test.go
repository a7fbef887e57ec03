package analyze

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// funcDoc parses doc (comment lines) above a function and returns the
// comment group with the file set positions are in.
func funcDoc(t *testing.T, doc ...string) (*token.FileSet, *ast.CommentGroup) {
	t.Helper()
	src := "package p\n\n" + strings.Join(doc, "\n") + "\nfunc F() {}\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	require.NoError(t, err)
	fd := f.Decls[0].(*ast.FuncDecl)
	require.NotNil(t, fd.Doc)
	return fset, fd.Doc
}

func params(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

func TestToolDocTakesParameterItems(t *testing.T) {
	fset, cg := funcDoc(t,
		"// Search finds documents.",
		"//",
		"// Parameters:",
		"//   - query: what to look for.",
		"//   - limit min=1,max=100: how many, at most.",
		"//",
		"// Results come best first.",
		"//",
		"//toolgen:tool readonly",
	)
	doc, items := toolDoc(cg, params("query", "limit"))
	assert.Equal(t, "Search finds documents.\n\nResults come best first.", doc, "the items, their heading and the directive leave the description")
	require.Len(t, items, 2)
	assert.Equal(t, "what to look for.", items["query"].text)
	assert.Empty(t, items["query"].rules)
	assert.Equal(t, "how many, at most.", items["limit"].text)
	assert.Equal(t, "min=1,max=100", items["limit"].rules)
	pos := fset.Position(items["limit"].pos)
	assert.Equal(t, 7, pos.Line, "the item's line")
	assert.Equal(t, 8, pos.Column, "the parameter's name in the item")
}

func TestToolDocKeepsOtherItems(t *testing.T) {
	_, cg := funcDoc(t,
		"// Mixed has a list.",
		"//",
		"// Parameters:",
		"//   - id: the record.",
		"//   - note: not a parameter, so it stays.",
	)
	doc, items := toolDoc(cg, params("id"))
	assert.Equal(t, "Mixed has a list.\n\nParameters:\n  - note: not a parameter, so it stays.", doc, "a list with other items keeps them and its heading")
	assert.Equal(t, "the record.", items["id"].text)
	assert.NotContains(t, items, "note")
}

func TestToolDocHeadings(t *testing.T) {
	for _, heading := range []string{"Parameters:", "Params:", "Arguments:", "Args:"} {
		_, cg := funcDoc(t, "// F does it.", "//", "// "+heading, "//   - x: the x.")
		doc, items := toolDoc(cg, params("x"))
		assert.Equal(t, "F does it.", doc, "heading %q goes with its list", heading)
		assert.Equal(t, "the x.", items["x"].text)
	}
	_, cg := funcDoc(t, "// F does it.", "//", "// Notes:", "//   - x: the x.")
	doc, _ := toolDoc(cg, params("x"))
	assert.Equal(t, "F does it.\n\nNotes:", doc, "other paragraphs stay, though the list goes")
}

func TestToolDocRulesAfterTheName(t *testing.T) {
	_, cg := funcDoc(t,
		"// F does it.",
		"//",
		"//   - code pattern=^[A-Z]{3}(,[A-Z]{3})*$: airport codes.",
		"//   - note maxLength=200:",
		"//   - day   format=date  :   the day.",
		"//   - user_id: snake_case names work too.",
		"//   - other min=1: not a parameter.",
	)
	doc, items := toolDoc(cg, params("code", "note", "day", "user_id"))
	assert.Equal(t, "pattern=^[A-Z]{3}(,[A-Z]{3})*$", items["code"].rules, "commas belong to the rules")
	assert.Equal(t, "airport codes.", items["code"].text)
	assert.Equal(t, "maxLength=200", items["note"].rules)
	assert.Empty(t, items["note"].text, "an item may have no text")
	assert.Equal(t, "format=date", items["day"].rules, "space around the rules is trimmed")
	assert.Equal(t, "the day.", items["day"].text)
	assert.Equal(t, "snake_case names work too.", items["user_id"].text)
	assert.Equal(t, "F does it.\n\n  - other min=1: not a parameter.", doc)
}

func TestToolDocItemTextOverLines(t *testing.T) {
	_, cg := funcDoc(t,
		"// F does it.",
		"//",
		"//   - query: what to look for,",
		"//     over two lines.",
	)
	_, items := toolDoc(cg, params("query"))
	assert.Equal(t, "what to look for, over two lines.", items["query"].text, "the item's lines are one paragraph")
}

func TestToolDocNoComment(t *testing.T) {
	doc, items := toolDoc(nil, params("x"))
	assert.Empty(t, doc)
	assert.Empty(t, items)
}

func TestDocTextDropsDirectives(t *testing.T) {
	_, cg := funcDoc(t, "// Line one", "// goes on.", "//", "//toolgen:tool name=x", "//go:noinline")
	assert.Equal(t, "Line one goes on.", docText(cg), "one paragraph, directives removed")
}

func TestSummary(t *testing.T) {
	assert.Equal(t, "Search finds documents.", summary("Search finds documents. It searches titles first."))
	assert.Equal(t, "", summary(""))
}
