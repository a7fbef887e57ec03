package analyze

import (
	"go/ast"
	"go/token"
	"regexp"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/model"
)

const directivePrefix = "//toolgen:"

// toolNamePattern is what every major provider accepts as a function name.
var toolNamePattern = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// directive is a parsed //toolgen:tool line.
type directive struct {
	pos       token.Pos
	name      string // from name=..., "" for the default
	namespace string // from namespace=..., "" for the package's name
	tool      model.Tool
}

// findDirective returns the //toolgen: directive in a doc comment, or nil.
// Directives other than //toolgen:tool, and a second one, are errors.
func (a *analyzer) findDirective(doc *ast.CommentGroup) *directive {
	if doc == nil {
		return nil
	}
	var found *directive
	for _, c := range doc.List {
		if !strings.HasPrefix(c.Text, directivePrefix) {
			continue
		}
		if isBudget(c) {
			a.errorf(c.Slash, budgetPlace)
			continue
		}
		if found != nil {
			a.errorf(c.Slash, "a second //toolgen: directive; one function is one tool")
			continue
		}
		found = a.parseDirective(c)
	}
	return found
}

func (a *analyzer) parseDirective(c *ast.Comment) *directive {
	words := strings.Fields(strings.TrimPrefix(c.Text, directivePrefix))
	if len(words) > 0 && words[0] == "schema" {
		a.errorf(c.Slash, "//toolgen:schema belongs in the doc comment of a type declaration; a function takes //toolgen:tool")
		return nil
	}

	if len(words) == 0 || words[0] != "tool" {
		a.errorf(c.Slash, "unknown directive %s (toolgen knows //toolgen:tool)", strings.Fields(c.Text)[0])
		return nil
	}
	d := &directive{pos: c.Slash}
	seen := map[string]bool{}
	// Search each word after the previous one, so that a repeated option
	// is reported where it is repeated.
	from := len(directivePrefix) + len("tool")
	for _, w := range words[1:] {
		at := from + strings.Index(c.Text[from:], w)
		from = at + len(w)
		pos := c.Slash + token.Pos(at)
		key, value, hasValue := strings.Cut(w, "=")
		if seen[key] {
			a.errorf(pos, "option %s given twice", key)
		}
		seen[key] = true
		a.applyOption(d, pos, key, value, hasValue)
	}
	return d
}

func (a *analyzer) applyOption(d *directive, pos token.Pos, key, value string, hasValue bool) {
	flags := map[string]*bool{
		"readonly":          &d.tool.ReadOnly,
		"destructive":       &d.tool.Destructive,
		"idempotent":        &d.tool.Idempotent,
		"openworld":         &d.tool.OpenWorld,
		"requires_approval": &d.tool.RequiresApproval,
		"defer":             &d.tool.Deferred,
		"norepair":          &d.tool.NoRepair,
	}
	if flag, ok := flags[key]; ok {
		if hasValue {
			a.errorf(pos, "option %s takes no value", key)
		}
		*flag = true
		return
	}
	switch key {
	case "name":
		if !toolNamePattern.MatchString(value) {
			a.errorf(pos, "tool name %q must be 1 to 64 letters, digits, '_' or '-'", value)
			return
		}
		d.name = value
	case "namespace":
		if !toolNamePattern.MatchString(value) {
			a.errorf(pos, "namespace %q must be 1 to 64 letters, digits, '_' or '-'", value)
			return
		}
		d.namespace = value
	default:
		a.errorf(pos, "unknown option %q (options: name=NAME, namespace=NAME, readonly, destructive, idempotent, openworld, requires_approval, defer, norepair)", key)
	}
}
