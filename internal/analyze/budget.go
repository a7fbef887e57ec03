package analyze

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// The //toolgen:budget directive caps the tokens of the tool definitions a
// model is sent up front:
//
//	//go:generate go tool toolgen
//	//toolgen:budget 8000
//
// It stands at file level, in the package's doc comment or in a comment
// of its own between declarations (beside //go:generate), in any one file
// of the package: a budget is the package's, not a tool's.
const budgetDirective = directivePrefix + "budget"

// budgetPlace is the message for a budget on a declaration.
const budgetPlace = "//toolgen:budget belongs at file level, on no declaration: in the package doc comment, or in a comment of its own (a blank line before the next declaration)"

// budgetExample is how the directive is written, for messages.
const budgetExample = "(//toolgen:budget 8000)"

// scanBudget reads the package's //toolgen:budget, files by name, and
// reports a malformed or second one. Those on declarations are reported
// with the declarations' other directives (misplaced, parseDirective).
func (a *analyzer) scanBudget(files []*ast.File) *model.Budget {
	var budget *model.Budget
	var first token.Pos
	for _, f := range files {
		for _, cg := range fileLevelComments(f) {
			for _, c := range cg.List {
				if !isBudget(c) {
					continue
				}
				n, ok := a.parseBudget(c)
				switch {
				case !ok:
				case budget != nil:
					a.errorf(c.Slash, "a second //toolgen:budget; the package's budget is set at %s", a.posString(a.position(first)))
				default:
					budget, first = &model.Budget{Tokens: n, Pos: a.position(c.Slash)}, c.Slash
				}
			}
		}
	}
	return budget
}

// isBudget reports whether c is a //toolgen:budget directive, well formed
// or not (//toolgen:budget=8000 is one, badly written).
func isBudget(c *ast.Comment) bool {
	rest, ok := strings.CutPrefix(c.Text, budgetDirective)
	return ok && (rest == "" || !isWordByte(rest[0]))
}

func isWordByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || b == '_'
}

// parseBudget reads "//toolgen:budget N", reporting a mistake at the word
// it is in.
func (a *analyzer) parseBudget(c *ast.Comment) (int, bool) {
	rest := c.Text[len(budgetDirective):]
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		a.errorf(c.Slash+token.Pos(len(budgetDirective)), "//toolgen:budget takes its number after a space %s", budgetExample)
		return 0, false
	}
	words := strings.Fields(rest)
	if len(words) == 0 {
		a.errorf(c.Slash, "//toolgen:budget needs a number of tokens %s", budgetExample)
		return 0, false
	}
	at := func(i int) token.Pos { // the position of words[i]
		from := len(budgetDirective)
		for _, w := range words[:i] {
			from += strings.Index(c.Text[from:], w) + len(w)
		}
		return c.Slash + token.Pos(from+strings.Index(c.Text[from:], words[i]))
	}
	n, err := strconv.Atoi(words[0])
	if err != nil || n <= 0 {
		a.errorf(at(0), "budget %q must be a whole number of tokens above zero %s", words[0], budgetExample)
		return 0, false
	}
	if len(words) > 1 {
		a.errorf(at(1), "unexpected %q after the budget %s", words[1], budgetExample)
		return 0, false
	}
	return n, true
}

// fileLevelComments are f's comment groups that belong to no declaration:
// the package's doc comment, and comments of their own between
// declarations. A directive in a declaration's comments is reported with
// that declaration's (misplaced, parseDirective).
func fileLevelComments(f *ast.File) []*ast.CommentGroup {
	attached := map[*ast.CommentGroup]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			attached[n.Doc] = true
		case *ast.GenDecl:
			attached[n.Doc] = true
		case *ast.ImportSpec:
			attached[n.Doc], attached[n.Comment] = true, true
		case *ast.TypeSpec:
			attached[n.Doc], attached[n.Comment] = true, true
		case *ast.ValueSpec:
			attached[n.Doc], attached[n.Comment] = true, true
		case *ast.Field:
			attached[n.Doc], attached[n.Comment] = true, true
		}
		return true
	})
	var out []*ast.CommentGroup
	decls := f.Decls
	for _, cg := range f.Comments {
		for len(decls) > 0 && decls[0].End() <= cg.Pos() {
			decls = decls[1:]
		}
		inside := len(decls) > 0 && decls[0].Pos() <= cg.Pos()
		if !attached[cg] && !inside {
			out = append(out, cg)
		}
	}
	return out
}
