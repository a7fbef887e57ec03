package analyze

import (
	"fmt"
	"go/ast"
	"go/doc"
	"go/doc/comment"
	"go/token"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// paramItem is a parameter described in a doc comment's list:
//
//	//   - days min=1,max=14: how many days ahead.
type paramItem struct {
	text        string // the description
	constraints string // toolgen:"..." style options between the name and the colon
	pos         token.Pos
}

// docError is a mistake in a tool's parameter list, at the item's name.
type docError struct {
	pos token.Pos
	msg string
}

// paramHeadings are paragraphs that only introduce a parameter list; they
// go when the list does.
var paramHeadings = map[string]bool{"Parameters:": true, "Params:": true, "Arguments:": true, "Args:": true}

// itemName is the name an item starts with.
var itemName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*`)

// toolDoc splits a tool's doc comment into its description and the
// descriptions of its flat parameters (params: their Go names, in order),
// keyed by Go name. A list documents parameters only when it clearly is a
// parameter list: it follows a heading paragraph (Parameters:, ...), or every
// one of its items names a parameter and has options toolgen reads. Any other
// list is prose and stays in the description as written. A parameter list
// leaves the description: its items live on the properties, and sending them
// twice costs the model tokens on every call.
//
// Mistakes in a list under a heading, where the author clearly meant
// parameters, come back as errors; tool names the tool in them, and hidden
// are the parameters the model never sends (context.Context, toolgen.Ctx).
func toolDoc(cg *ast.CommentGroup, tool string, params []string, hidden ...string) (string, map[string]paramItem, []docError) {
	if cg == nil {
		return "", nil, nil
	}
	d := new(comment.Parser).Parse(cg.Text())
	if len(params) == 0 {
		// A struct parameter's fields are described by their own docs.
		return printText(d), nil, nil
	}
	s := &docSplit{tool: tool, params: params, hidden: hidden, items: map[string]paramItem{}, lines: newItemLocator(cg)}
	var kept []comment.Block
	for _, b := range d.Content {
		list, ok := b.(*comment.List)
		if !ok {
			kept = append(kept, b)
			continue
		}
		heading := endsWithHeading(kept)
		if s.paramList(list, heading) {
			if heading {
				kept = kept[:len(kept)-1]
			}
			continue
		}
		kept = append(kept, b)
	}
	d.Content = kept
	return printText(d), s.items, s.errs
}

// docSplit gathers the parameter items of one doc comment.
type docSplit struct {
	tool   string
	params []string
	hidden []string
	items  map[string]paramItem // by Go name
	errs   []docError
	lines  *itemLocator
}

// listItem is one item of a list, read.
type listItem struct {
	head  itemHead
	param string // the Go name of the parameter it names, or ""
	pos   token.Pos
}

// paramList takes list's items if it is a parameter list and reports
// whether it was.
func (s *docSplit) paramList(list *comment.List, heading bool) bool {
	read := make([]listItem, len(list.Items))
	all := true
	for i, item := range list.Items {
		h := parseItemHead(printText(&comment.Doc{Content: item.Content}))
		read[i] = listItem{head: h, param: s.paramNamed(h.name), pos: s.lines.locate(h.name)}
		all = all && h.colon && read[i].param != "" && looksLikeOptions(h.options)
	}
	if !heading && !all {
		return false
	}
	for _, it := range read {
		s.take(it)
	}
	return true
}

// take records one item of a parameter list, or says what is wrong with it.
func (s *docSplit) take(it listItem) {
	switch {
	case it.param == "" && slices.Contains(s.hidden, it.head.name):
		s.errorf(it.pos, "doc item %q: parameter %s is no tool argument (the model never sends it); leave it out of the list", it.head.name, it.head.name)
	case it.param == "":
		s.errorf(it.pos, "doc item %q names no parameter of %s (parameters: %s)", it.head.name, s.tool, strings.Join(s.params, ", "))
	case !it.head.colon:
		s.errorf(it.pos, "doc item %q has no colon: write \"- %s: description\" (options, if any, go between the name and the colon)", it.head.name, it.head.name)
	default:
		if _, dup := s.items[it.param]; dup {
			s.errorf(it.pos, "doc item %q describes parameter %s a second time", it.head.name, it.param)
			return
		}
		s.items[it.param] = paramItem{text: it.head.text, constraints: it.head.options, pos: it.pos}
	}
}

func (s *docSplit) errorf(pos token.Pos, format string, args ...any) {
	s.errs = append(s.errs, docError{pos: pos, msg: fmt.Sprintf(format, args...)})
}

// paramNamed returns the Go name of the parameter called name (its Go name
// or its snake_case name), or "".
func (s *docSplit) paramNamed(name string) string {
	if name == "" {
		return ""
	}
	for _, p := range s.params {
		if p == name || snakeCase(p) == name {
			return p
		}
	}
	return ""
}

// itemHead is a list item read as "name options: description".
type itemHead struct {
	name    string // the leading identifier, else the first word
	options string // between the name and the colon
	text    string // after the colon
	colon   bool   // whether the name is followed by options and a colon
}

// parseItemHead reads an item's text. The description starts after the
// first colon followed by white space or ending the item, so that options
// may hold colons (pattern=^[0-2][0-9]:[0-5][0-9]$); an option value
// holding ": " belongs in a struct tag.
func parseItemHead(text string) itemHead {
	name := itemName.FindString(text)
	rest := text[len(name):]
	if name == "" || rest != "" && rest[0] != ':' && !unicode.IsSpace(rune(rest[0])) {
		return itemHead{name: firstWord(text)}
	}
	for i := 0; i < len(rest); i++ {
		if rest[i] == ':' && (i+1 == len(rest) || unicode.IsSpace(rune(rest[i+1]))) {
			return itemHead{name: name, options: strings.TrimSpace(rest[:i]), text: strings.TrimSpace(rest[i+1:]), colon: true}
		}
	}
	return itemHead{name: name}
}

// firstWord is an item's first word, for messages about it.
func firstWord(text string) string {
	word, _, _ := strings.Cut(strings.TrimSpace(text), " ")
	return strings.TrimRight(word, ":")
}

// looksLikeOptions reports whether text reads as toolgen options (or is
// empty): key=value pairs with known keys. Whether the values suit the
// parameter is checked later, with the parameter's type.
func looksLikeOptions(text string) bool {
	text, _, _ = cutWords(text)
	if text == "" {
		return true
	}
	loc := constraintStart.FindStringIndex(text)
	return loc != nil && strings.TrimSpace(text[:loc[0]]) == ""
}

func endsWithHeading(blocks []comment.Block) bool {
	if n := len(blocks); n > 0 {
		if p, ok := blocks[n-1].(*comment.Paragraph); ok {
			return paramHeadings[strings.TrimSpace(printText(&comment.Doc{Content: []comment.Block{p}}))]
		}
	}
	return false
}

// itemLocator finds list items in the comment's source lines, in order, so
// that messages point at an item's line and its name's column.
type itemLocator struct {
	lines []commentLine
	next  int // items before this line have been found
	group token.Pos
}

// commentLine is one source line of a comment, after // or inside /* */.
type commentLine struct {
	pos  token.Pos // of text's first byte
	text string
}

// listMarker matches what go/doc/comment accepts as a list item's start:
// a bullet (-, *, +, •) or a number followed by . or ), then a space
// (gofmt indents the item; the parser accepts it unindented too).
var listMarker = regexp.MustCompile(`^[ \t]*(?:[-*+•]|[0-9]+[.)])[ \t]+`)

func newItemLocator(cg *ast.CommentGroup) *itemLocator {
	l := &itemLocator{group: cg.Pos()}
	for _, c := range cg.List {
		if strings.HasPrefix(c.Text, "//") {
			l.lines = append(l.lines, commentLine{pos: c.Slash + 2, text: c.Text[2:]})
			continue
		}
		body, off := strings.TrimSuffix(c.Text[2:], "*/"), 2
		for line := range strings.SplitAfterSeq(body, "\n") {
			l.lines = append(l.lines, commentLine{pos: c.Slash + token.Pos(off), text: strings.TrimSuffix(line, "\n")})
			off += len(line)
		}
	}
	return l
}

// locate returns the position of the next list item starting with word,
// or the comment's position if there is none.
func (l *itemLocator) locate(word string) token.Pos {
	for i := l.next; i < len(l.lines) && word != ""; i++ {
		line := l.lines[i]
		m := listMarker.FindString(line.text)
		if m != "" && strings.HasPrefix(line.text[len(m):], word) {
			l.next = i + 1
			return line.pos + token.Pos(len(m))
		}
	}
	return l.group
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
