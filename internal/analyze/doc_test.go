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

func params(names ...string) []string { return names }

// toolDocOK splits a doc comment that has no mistakes.
func toolDocOK(t *testing.T, cg *ast.CommentGroup, names []string) (string, map[string]paramItem) {
	t.Helper()
	doc, items, errs := toolDoc(cg, "F", names)
	require.Empty(t, errs)
	return doc, items
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
	doc, items := toolDocOK(t, cg, params("query", "limit"))
	assert.Equal(t, "Search finds documents.\n\nResults come best first.", doc, "the items, their heading and the directive leave the description")
	require.Len(t, items, 2)
	assert.Equal(t, "what to look for.", items["query"].text)
	assert.Empty(t, items["query"].constraints)
	assert.Equal(t, "how many, at most.", items["limit"].text)
	assert.Equal(t, "min=1,max=100", items["limit"].constraints)
	pos := fset.Position(items["limit"].pos)
	assert.Equal(t, 7, pos.Line, "the item's line")
	assert.Equal(t, 8, pos.Column, "the parameter's name in the item")
}

func TestToolDocHeadingListWithStrayItem(t *testing.T) {
	fset, cg := funcDoc(t,
		"// Mixed has a list.",
		"//",
		"// Parameters:",
		"//   - id: the record.",
		"//   - note: not a parameter.",
		"//   - idd min=1: a typo.",
	)
	_, items, errs := toolDoc(cg, "Mixed", params("id", "userID"))
	assert.Equal(t, "the record.", items["id"].text)
	require.Len(t, errs, 2, "under a heading, every item must name a parameter")
	assert.Equal(t, `doc item "note" names no parameter of Mixed (parameters: id, userID)`, errs[0].msg)
	assert.Equal(t, `doc item "idd" names no parameter of Mixed (parameters: id, userID)`, errs[1].msg)
	pos := fset.Position(errs[1].pos)
	assert.Equal(t, [2]int{8, 8}, [2]int{pos.Line, pos.Column}, "the item's line, the name's column")
}

func TestToolDocHeadingListItemWithoutColon(t *testing.T) {
	_, cg := funcDoc(t, "// F does it.", "//", "// Args:", "//   - city the city", "//   - city: again.", "//   - city: a third time.")
	_, items, errs := toolDoc(cg, "F", params("city"))
	require.Len(t, errs, 2)
	assert.Contains(t, errs[0].msg, `doc item "city" has no colon`)
	assert.Equal(t, `doc item "city" describes parameter city a second time`, errs[1].msg)
	assert.Equal(t, "again.", items["city"].text)
}

func TestToolDocProseLists(t *testing.T) {
	// strings.SplitN's doc: the list starts with a parameter's name but is
	// prose.
	src := []string{
		"// SplitN slices s into substrings separated by sep.",
		"// The count determines the number of substrings to return:",
		"//   - n > 0: at most n substrings; the last substring will be the unsplit remainder;",
		"//   - n == 0: the result is nil (zero substrings);",
		"//   - n < 0: all substrings.",
	}
	_, cg := funcDoc(t, src...)
	doc, items := toolDocOK(t, cg, params("s", "sep", "n"))
	assert.Empty(t, items)
	assert.Equal(t, "SplitN slices s into substrings separated by sep. The count determines the number of substrings to return:\n"+
		"  - n > 0: at most n substrings; the last substring will be the unsplit remainder;\n"+
		"  - n == 0: the result is nil (zero substrings);\n"+
		"  - n < 0: all substrings.", doc, "kept as written")

	_, cg = funcDoc(t, "// F does it.", "//", "//   - id: the record.", "//   - note: not a parameter, so the list is prose.")
	doc, items = toolDocOK(t, cg, params("id"))
	assert.Empty(t, items, "a list whose items do not all name parameters is prose")
	assert.Contains(t, doc, "  - id: the record.")
}

func TestToolDocNoFlatParameters(t *testing.T) {
	_, cg := funcDoc(t, "// F does it.", "//", "// Parameters:", "//   - in: the input.")
	doc, items := toolDocOK(t, cg, nil)
	assert.Empty(t, items)
	assert.Equal(t, "F does it.\n\nParameters:\n  - in: the input.", doc, "a struct parameter's fields have their own docs")
}

func TestToolDocColonInOptions(t *testing.T) {
	fset, cg := funcDoc(t,
		"// F does it.",
		"//",
		"//   - hhmm pattern=^[0-2][0-9]:[0-5][0-9]$: the time.",
		"//   - at format=time: when:exactly.",
	)
	doc, items := toolDocOK(t, cg, params("hhmm", "at"))
	assert.Equal(t, "F does it.", doc)
	assert.Equal(t, "pattern=^[0-2][0-9]:[0-5][0-9]$", items["hhmm"].constraints)
	assert.Equal(t, "the time.", items["hhmm"].text)
	assert.Equal(t, "format=time", items["at"].constraints)
	assert.Equal(t, "when:exactly.", items["at"].text)
	pos := fset.Position(items["at"].pos)
	assert.Equal(t, [2]int{6, 8}, [2]int{pos.Line, pos.Column}, "the item's line (the source starts with two lines), the name's column")
}

func TestToolDocItemPositions(t *testing.T) {
	fset, cg := funcDoc(t,
		"// F does it.",
		"//",
		"// Parameters:",
		"//  * a: star.",
		"//  + b: plus.",
		"//",
		"// Arguments:",
		"//  1. c: one.",
		"//  2) d: two.",
		"//",
		"// Prose mentions - a: not an item.",
	)
	_, items := toolDocOK(t, cg, params("a", "b", "c", "d"))
	want := map[string][2]int{"a": {6, 7}, "b": {7, 7}, "c": {10, 8}, "d": {11, 8}}
	for name, lc := range want {
		pos := fset.Position(items[name].pos)
		assert.Equal(t, lc, [2]int{pos.Line, pos.Column}, "item %s", name)
	}
}

func TestToolDocBlockComment(t *testing.T) {
	fset, cg := funcDoc(t, "/* F does it.", "", "Parameters:", "  - a: the a.", "  - b: the b.", "*/")
	_, items := toolDocOK(t, cg, params("a", "b"))
	pos := fset.Position(items["b"].pos)
	assert.Equal(t, [2]int{7, 5}, [2]int{pos.Line, pos.Column})
}

func TestToolDocHeadings(t *testing.T) {
	for _, heading := range []string{"Parameters:", "Params:", "Arguments:", "Args:"} {
		_, cg := funcDoc(t, "// F does it.", "//", "// "+heading, "//   - x: the x.")
		doc, items := toolDocOK(t, cg, params("x"))
		assert.Equal(t, "F does it.", doc, "heading %q goes with its list", heading)
		assert.Equal(t, "the x.", items["x"].text)
	}
	_, cg := funcDoc(t, "// F does it.", "//", "// Notes:", "//   - x: the x.")
	doc, _ := toolDocOK(t, cg, params("x"))
	assert.Equal(t, "F does it.\n\nNotes:", doc, "other paragraphs stay, though a list of parameters goes")
}

func TestToolDocConstraintsAfterTheName(t *testing.T) {
	_, cg := funcDoc(t,
		"// F does it.",
		"//",
		"//   - code pattern=^[A-Z]{3}(,[A-Z]{3})*$: airport codes.",
		"//   - note maxLength=200:",
		"//   - day   format=date  :   the day.",
		"//   - user_id: snake_case names work too.",
	)
	doc, items := toolDocOK(t, cg, params("code", "note", "day", "userID"))
	assert.Equal(t, "pattern=^[A-Z]{3}(,[A-Z]{3})*$", items["code"].constraints, "commas belong to the constraints")
	assert.Equal(t, "airport codes.", items["code"].text)
	assert.Equal(t, "maxLength=200", items["note"].constraints)
	assert.Empty(t, items["note"].text, "an item may have no text")
	assert.Equal(t, "format=date", items["day"].constraints, "space around the constraints is trimmed")
	assert.Equal(t, "the day.", items["day"].text)
	assert.Equal(t, "snake_case names work too.", items["userID"].text, "items are keyed by Go name")
	assert.Equal(t, "F does it.", doc)
}

func TestToolDocItemTextOverLines(t *testing.T) {
	_, cg := funcDoc(t,
		"// F does it.",
		"//",
		"//   - query: what to look for,",
		"//     over two lines.",
	)
	_, items := toolDocOK(t, cg, params("query"))
	assert.Equal(t, "what to look for, over two lines.", items["query"].text, "the item's lines are one paragraph")
}

func TestToolDocNoComment(t *testing.T) {
	doc, items := toolDocOK(t, nil, params("x"))
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
