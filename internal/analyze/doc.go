package analyze

import (
	"go/ast"
	"go/doc"
	"go/doc/comment"
	"go/token"
	"regexp"
	"strings"
)

// paramItem is a parameter described in a doc comment's list:
//
//	//   - days min=1,max=14: how many days ahead.
type paramItem struct {
	text  string // the description
	rules string // toolgen:"..." style options between the name and the colon
	pos   token.Pos
}

// itemHead matches a list item's "name options:" head.
var itemHead = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)((?:\s+[^\s:][^:]*?)?)\s*:(?:\s+|$)`)

// paramHeadings are paragraphs that only introduce a parameter list; they
// go when the list does.
var paramHeadings = map[string]bool{"Parameters:": true, "Params:": true, "Arguments:": true, "Args:": true}

// toolDoc splits a tool's doc comment into its description and the
// descriptions of its parameters. Items naming a parameter (by Go name or
// snake_case name) leave the description: they live on the properties, and
// sending them twice costs the model tokens on every call.
func toolDoc(cg *ast.CommentGroup, params map[string]bool) (string, map[string]paramItem) {
	if cg == nil {
		return "", nil
	}
	d := new(comment.Parser).Parse(cg.Text())
	items := map[string]paramItem{}
	var kept []comment.Block
	for _, b := range d.Content {
		if list, ok := b.(*comment.List); ok {
			list.Items = takeParamItems(list.Items, params, items, cg)
			if len(list.Items) == 0 {
				kept = dropHeading(kept)
				continue
			}
		}
		kept = append(kept, b)
	}
	d.Content = kept
	return printText(d), items
}

func takeParamItems(in []*comment.ListItem, params map[string]bool, out map[string]paramItem, cg *ast.CommentGroup) []*comment.ListItem {
	var rest []*comment.ListItem
	for _, item := range in {
		text := printText(&comment.Doc{Content: item.Content})
		m := itemHead.FindStringSubmatch(text)
		if m == nil || !params[m[1]] {
			rest = append(rest, item)
			continue
		}
		out[m[1]] = paramItem{
			text:  strings.TrimSpace(text[len(m[0]):]),
			rules: strings.TrimSpace(m[2]),
			pos:   itemPos(cg, m[1]),
		}
	}
	return rest
}

func dropHeading(blocks []comment.Block) []comment.Block {
	if n := len(blocks); n > 0 {
		if p, ok := blocks[n-1].(*comment.Paragraph); ok && paramHeadings[strings.TrimSpace(printText(&comment.Doc{Content: []comment.Block{p}}))] {
			return blocks[:n-1]
		}
	}
	return blocks
}

// itemPos finds the comment line of the item for name, for messages.
func itemPos(cg *ast.CommentGroup, name string) token.Pos {
	for _, c := range cg.List {
		if i := strings.Index(c.Text, "- "+name); i >= 0 {
			return c.Slash + token.Pos(i+2)
		}
	}
	return cg.Pos()
}

// docText is a doc comment as plain text, directives removed.
func docText(cg *ast.CommentGroup) string {
	if cg == nil {
		return ""
	}
	return printText(new(comment.Parser).Parse(cg.Text()))
}

// printText prints a doc without re-wrapping: a model reads paragraphs, not
// 80-column lines.
func printText(d *comment.Doc) string {
	p := &comment.Printer{TextWidth: -1}
	return strings.TrimSpace(string(p.Text(d)))
}

// summary is the first sentence of a description.
func summary(text string) string {
	return new(doc.Package).Synopsis(text)
}
