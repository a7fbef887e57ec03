package analyze

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/toolgen-dev/toolgen/internal/model"
)

const directivePrefix = "//toolgen:"

// toolNamePattern is what every major provider accepts as a function name.
var toolNamePattern = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// directive is a parsed //toolgen:tool, //toolgen:prompt or
// //toolgen:resource line.
type directive struct {
	kind      string // "tool", "prompt" or "resource"
	pos       token.Pos
	name      string // from name=..., "" for the default
	namespace string // from namespace=..., "" for the package's name
	// description is from description="...", "" for the doc comment's
	// text.
	description string
	tool        model.Tool
	// title, uri (with uriPos, where its value starts) and mime are the
	// options of prompts and resources.
	title, uri, mime string
	uriPos           token.Pos
	// cache is a resource's cache= and ttl=, nil without either.
	cache *model.CacheHint
}

// directiveKinds are the words after //toolgen: that annotate a function.
var directiveKinds = []string{"tool", "prompt", "resource"}

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
			a.errorf(c.Slash, "a second //toolgen: directive; one function is one tool, prompt or resource")
			continue
		}
		found = a.parseDirective(c)
	}
	return found
}

func (a *analyzer) parseDirective(c *ast.Comment) *directive {
	words := strings.Fields(strings.TrimPrefix(c.Text, directivePrefix))
	if len(words) > 0 && (words[0] == "schema" || words[0] == "question") {
		a.errorf(c.Slash, "//toolgen:%s belongs in the doc comment of a type declaration; a function takes //toolgen:tool", words[0])
		return nil
	}

	if len(words) == 0 || !slices.Contains(directiveKinds, words[0]) {
		a.errorf(c.Slash, "unknown directive %s (toolgen knows //toolgen:tool, //toolgen:prompt and //toolgen:resource)", strings.Fields(c.Text)[0])
		return nil
	}
	d := &directive{kind: words[0], pos: c.Slash}
	seen := map[string]bool{}
	text := c.Text
	for at := len(directivePrefix) + len(d.kind); ; {
		for at < len(text) && (text[at] == ' ' || text[at] == '\t') {
			at++
		}
		if at == len(text) {
			return d
		}
		pos := c.Slash + token.Pos(at)
		key, value, hasValue, next, err := nextOption(text, at)
		if err != "" {
			a.errorf(pos, "%s", err)
			return d
		}
		quoted := at+len(key)+1 < len(text) && text[at+len(key)+1] == '"'
		at = next
		if seen[key] {
			a.errorf(pos, "option %s given twice", key)
		}
		seen[key] = true
		if d.kind == "tool" {
			a.applyOption(d, pos, key, value, hasValue)
		} else {
			a.applyMCPOption(d, pos, key, value, quoted)
		}
	}
}

// nextOption reads the option at text[at:]: a word, key or key=value, or
// key="a Go string literal" (for values with spaces, as a description);
// next is where the option ends.
func nextOption(text string, at int) (key, value string, hasValue bool, next int, err string) {
	end := strings.IndexAny(text[at:], " \t=")
	if end < 0 {
		return text[at:], "", false, len(text), ""
	}
	key, next = text[at:at+end], at+end
	if text[next] != '=' {
		return key, "", false, next, ""
	}
	next++
	if next < len(text) && text[next] == '"' {
		quoted, qerr := strconv.QuotedPrefix(text[next:])
		if qerr != nil {
			return key, "", true, len(text), fmt.Sprintf("option %s: the value starts with a quote but is not a Go string literal (%q...)", key, text[next:min(len(text), next+20)])
		}
		value, _ = strconv.Unquote(quoted)
		return key, value, true, next + len(quoted), ""
	}
	end = strings.IndexAny(text[next:], " \t")
	if end < 0 {
		end = len(text) - next
	}
	return key, text[next : next+end], true, next + end, ""
}

// maxResultTokens is the largest maxresulttokens=N: a million tokens is
// past every model's context, so a larger figure is a typo.
const maxResultTokens = 1_000_000

func (a *analyzer) applyOption(d *directive, pos token.Pos, key, value string, hasValue bool) {
	flags := map[string]*bool{
		"readonly":          &d.tool.ReadOnly,
		"destructive":       &d.tool.Destructive,
		"idempotent":        &d.tool.Idempotent,
		"openworld":         &d.tool.OpenWorld,
		"requires_approval": &d.tool.RequiresApproval,
		"defer":             &d.tool.Deferred,
		"norepair":          &d.tool.NoRepair,
		"untrusted":         &d.tool.Untrusted,
	}
	if key == "task" {
		switch {
		case !hasValue || value == "optional":
			d.tool.Task = "optional"
		case value == "required":
			d.tool.Task = "required"
		default:
			a.errorf(pos, "task=%s: must be task (the client may call it as an MCP task), task=optional (the same) or task=required (only as a task)", value)
		}
		return
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
	case "description":
		switch {
		case strings.TrimSpace(value) == "":
			a.errorf(pos, "description=%q: the description is what the model reads to choose the tool; it must not be empty", value)
			return
		case !utf8.ValidString(value):
			a.errorf(pos, "description=%q: not valid UTF-8", value)
			return
		}
		d.description = value
	case "maxfailures":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > 100 {
			a.errorf(pos, "maxfailures=%s: must be a whole number from 1 to 100 (the failed calls in a row a run allows)", value)
			return
		}
		d.tool.MaxFailures = n
	case "maxresulttokens":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > maxResultTokens {
			a.errorf(pos, "maxresulttokens=%s: must be a whole number from 1 to %d (the estimated tokens of one result an agent puts in the model's context)", value, maxResultTokens)
			return
		}
		d.tool.MaxResultTokens = n
	case "namespace":
		if !toolNamePattern.MatchString(value) {
			a.errorf(pos, "namespace %q must be 1 to 64 letters, digits, '_' or '-'", value)
			return
		}
		d.namespace = value
	default:
		a.errorf(pos, "unknown option %q (options: name=NAME, description=\"TEXT\", namespace=NAME, readonly, destructive, idempotent, openworld, requires_approval, defer, maxfailures=N, maxresulttokens=N, norepair, untrusted, task, task=required)", key)
	}
}

// applyMCPOption applies an option of //toolgen:prompt or
// //toolgen:resource: name=, title=, description=, and a resource's uri=,
// mime=, cache= and ttl=.
func (a *analyzer) applyMCPOption(d *directive, pos token.Pos, key, value string, quoted bool) {
	known := "name=NAME, title=\"TEXT\", description=\"TEXT\""
	if d.kind == "resource" {
		known += ", uri=\"URI or URI template\", mime=TYPE, cache=public|private, ttl=DURATION"
	}
	switch {
	case key == "name":
		if !toolNamePattern.MatchString(value) {
			a.errorf(pos, "%s name %q must be 1 to 64 letters, digits, '_' or '-'", d.kind, value)
			return
		}
		d.name = value
	case key == "title" || key == "description":
		if strings.TrimSpace(value) == "" || !utf8.ValidString(value) {
			a.errorf(pos, "%s=%q: must be non-empty UTF-8 text", key, value)
			return
		}
		if key == "title" {
			d.title = value
		} else {
			d.description = value
		}
	case key == "uri" && d.kind == "resource":
		// Positions inside a quoted value are right while it has no escapes.
		d.uri, d.uriPos = value, pos+token.Pos(len("uri="))
		if quoted {
			d.uriPos++
		}
	case key == "mime" && d.kind == "resource":
		if !mimePattern.MatchString(value) {
			a.errorf(pos, "mime=%q: not a MIME type (type/subtype)", value)
			return
		}
		d.mime = value
	case key == "cache" && d.kind == "resource":
		if value != "public" && value != "private" {
			a.errorf(pos, "cache=%q: must be public (any client or shared cache may keep a read) or private (only the user's client)", value)
			return
		}
		d.cacheHint().Public = value == "public"
	case key == "ttl" && d.kind == "resource":
		ttl, err := time.ParseDuration(value)
		if err != nil || ttl < 0 || ttl%time.Millisecond != 0 {
			a.errorf(pos, "ttl=%q: must be a duration such as 30s or 5m, not negative, in whole milliseconds", value)
			return
		}
		d.cacheHint().TTLMs = int64(ttl / time.Millisecond)
	default:
		a.errorf(pos, "unknown option %q of //toolgen:%s (options: %s)", key, d.kind, known)
	}
}

// cacheHint is d's cache hint, made on first use.
func (d *directive) cacheHint() *model.CacheHint {
	if d.cache == nil {
		d.cache = &model.CacheHint{}
	}
	return d.cache
}

// mimePattern is a MIME type's type/subtype, with parameters.
var mimePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*(;.*)?$`)
