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

// docItem is what TestToolDocItems checks of a paramItem.
type docItem struct{ constraints, text string }

// lineCol is a position's line and column.
type lineCol [2]int

// toolDocItemCases are the doc comments of TestToolDocItems: the
// description each leaves, and its items, by parameter (with some of their
// positions).
var toolDocItemCases = []struct {
	name    string
	doc     []string
	params  []string
	wantDoc string
	want    map[string]docItem
	wantPos map[string]lineCol
}{
	{
		name: "the items, their heading and the directive leave the description",
		doc: []string{
			"// Search finds documents.",
			"//",
			"// Parameters:",
			"//   - query: what to look for.",
			"//   - limit min=1,max=100: how many, at most.",
			"//",
			"// Results come best first.",
			"//",
			"//toolgen:tool readonly",
		},
		params:  params("query", "limit"),
		wantDoc: "Search finds documents.\n\nResults come best first.",
		want:    map[string]docItem{"query": {"", "what to look for."}, "limit": {"min=1,max=100", "how many, at most."}},
		wantPos: map[string]lineCol{"limit": {7, 8}},
	},
	{
		name: "colons in the constraints and in the text",
		doc: []string{
			"// F does it.",
			"//",
			"//   - hhmm pattern=^[0-2][0-9]:[0-5][0-9]$: the time.",
			"//   - at format=time: when:exactly.",
		},
		params:  params("hhmm", "at"),
		wantDoc: "F does it.",
		want:    map[string]docItem{"hhmm": {"pattern=^[0-2][0-9]:[0-5][0-9]$", "the time."}, "at": {"format=time", "when:exactly."}},
		// The source starts with two lines.
		wantPos: map[string]lineCol{"at": {6, 8}},
	},
	{
		name: "commas belong to the constraints, space around them is trimmed, an item may have no text, items are keyed by Go name",
		doc: []string{
			"// F does it.",
			"//",
			"//   - code pattern=^[A-Z]{3}(,[A-Z]{3})*$: airport codes.",
			"//   - note maxLength=200:",
			"//   - day   format=date  :   the day.",
			"//   - user_id: snake_case names work too.",
		},
		params:  params("code", "note", "day", "userID"),
		wantDoc: "F does it.",
		want: map[string]docItem{
			"code": {"pattern=^[A-Z]{3}(,[A-Z]{3})*$", "airport codes."}, "note": {"maxLength=200", ""},
			"day": {"format=date", "the day."}, "userID": {"", "snake_case names work too."},
		},
	},
	{
		name:    "the item's lines are one paragraph",
		doc:     []string{"// F does it.", "//", "//   - query: what to look for,", "//     over two lines."},
		params:  params("query"),
		wantDoc: "F does it.",
		want:    map[string]docItem{"query": {"", "what to look for, over two lines."}},
	},
	{
		name: "items marked *, +, 1. and 2), under either heading",
		doc: []string{
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
		},
		params:  params("a", "b", "c", "d"),
		wantDoc: "F does it.\n\nProse mentions - a: not an item.",
		want:    map[string]docItem{"a": {"", "star."}, "b": {"", "plus."}, "c": {"", "one."}, "d": {"", "two."}},
		wantPos: map[string]lineCol{"a": {6, 7}, "b": {7, 7}, "c": {10, 8}, "d": {11, 8}},
	},
	{
		name:    "a block comment",
		doc:     []string{"/* F does it.", "", "Parameters:", "  - a: the a.", "  - b: the b.", "*/"},
		params:  params("a", "b"),
		wantDoc: "F does it.",
		want:    map[string]docItem{"a": {"", "the a."}, "b": {"", "the b."}},
		wantPos: map[string]lineCol{"b": {7, 5}},
	},
}

// TestToolDocItems: the items of a doc comment that name parameters give
// each its text and its constraints (between the name and the colon), at
// the item's line and the name's column; the description keeps the rest.
func TestToolDocItems(t *testing.T) {
	for _, c := range toolDocItemCases {
		t.Run(c.name, func(t *testing.T) {
			fset, cg := funcDoc(t, c.doc...)
			doc, items := toolDocOK(t, cg, c.params)
			assert.Equal(t, c.wantDoc, doc)
			got := map[string]docItem{}
			for name, it := range items {
				got[name] = docItem{it.constraints, it.text}
			}
			assert.Equal(t, c.want, got)
			for name, want := range c.wantPos {
				pos := fset.Position(items[name].pos)
				assert.Equal(t, want, lineCol{pos.Line, pos.Column}, "item %s: the item's line, the name's column", name)
			}
		})
	}
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
