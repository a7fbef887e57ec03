package toolgen

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Prompt is an MCP prompt: messages made from string arguments, which a
// client's user picks (a slash command, say). toolgen generates a package's
// Prompts() from its //toolgen:prompt functions; package mcp serves them
// (mcp.WithPrompts).
type Prompt struct {
	Name        string // the prompt's name, unique among a server's prompts
	Title       string // a name for people; "" for none
	Description string
	Arguments   []PromptArgument
	// Get makes the messages from the arguments, called by Render once
	// they are checked.
	Get func(ctx context.Context, args map[string]string) ([]PromptMessage, error)
}

// PromptArgument is one of a prompt's arguments. MCP's prompt arguments are
// strings.
type PromptArgument struct {
	Name        string
	Description string
	Required    bool
	// Values are the only values the argument takes (the constants of an
	// enum type), which completion offers; nil for any string.
	Values []string
}

// PromptMessage is one message of a prompt: Role is "user" or "assistant".
type PromptMessage struct {
	Role    string
	Content Content
}

// UserText is a prompt of one user message, text: what a //toolgen:prompt
// function returning a string gives.
func UserText(text string) []PromptMessage {
	return []PromptMessage{{Role: "user", Content: Content{Type: ContentText, Text: text}}}
}

// ErrBadArguments is wrapped by Render's errors about the arguments (a
// missing one, an unknown one, a value not among Values), which MCP answers
// as invalid params.
var ErrBadArguments = errors.New("bad arguments")

// Render checks args against the prompt's arguments (each required one
// given, none unknown, each value among the argument's Values when it has
// some) and calls Get.
func (p Prompt) Render(ctx context.Context, args map[string]string) ([]PromptMessage, error) {
	for name := range args {
		if !slices.ContainsFunc(p.Arguments, func(a PromptArgument) bool { return a.Name == name }) {
			return nil, fmt.Errorf("prompt %s: unknown argument %q: %w", p.Name, name, ErrBadArguments)
		}
	}
	for _, a := range p.Arguments {
		v, ok := args[a.Name]
		switch {
		case !ok && a.Required:
			return nil, fmt.Errorf("prompt %s: argument %q is required: %w", p.Name, a.Name, ErrBadArguments)
		case ok && a.Values != nil && !slices.Contains(a.Values, v):
			return nil, fmt.Errorf("prompt %s: argument %q must be one of %q, not %q: %w", p.Name, a.Name, a.Values, v, ErrBadArguments)
		}
	}
	return p.Get(ctx, args)
}

// Resource is an MCP resource, or a resource template when URI holds
// variables ("file:///notes/{name}": RFC 6570 simple expressions, level 1).
// toolgen generates a package's Resources() from its //toolgen:resource
// functions; package mcp serves them (mcp.WithResources).
type Resource struct {
	URI         string // a URI, or a URI template
	Name        string
	Title       string // a name for people; "" for none
	Description string
	MIMEType    string
	// Variables describe the template's variables (generated code lists
	// them all, in the parameters' order); none for a fixed resource.
	Variables []ResourceVariable
	// Read returns the contents for the variables' values, decoded from
	// the URI read (ReadURI matches it).
	Read func(ctx context.Context, vars map[string]string) (ResourceContents, error)
	// Cache, when set, is how long and by whom a client may cache what a
	// read returns (MCP's ttlMs and cacheScope); nil leaves it to the
	// server's default (see package mcp's WithCacheHints). The directive's
	// cache= and ttl= options set it.
	Cache *CacheHint
}

// CacheHint says how long, and for whom, a client may keep an answer of a
// server before asking again: MCP's caching hints (ttlMs and cacheScope,
// protocol revision 2026-07-28).
type CacheHint struct {
	// TTL is how long the answer stays fresh, in whole milliseconds; 0:
	// stale at once, the client asks each time it needs it.
	TTL time.Duration
	// Public lets any client or intermediary (a shared gateway, a caching
	// proxy) keep the answer and serve it to other users; otherwise it is
	// private, kept only for the same authorization context, as an answer
	// that depends on the user must be.
	Public bool
}

// ResourceVariable is one variable of a resource template.
type ResourceVariable struct {
	Name        string
	Description string
	// Values are the only values the variable takes (the constants of an
	// enum type), which completion offers; nil for any string.
	Values []string
}

// ResourceContents is what a resource holds: Text, or Blob for binary
// contents. MIMEType, when set, overrides the resource's.
type ResourceContents struct {
	Text     string
	Blob     []byte
	MIMEType string
}

// ErrResourceNotFound is for a resource that is not there: ReadURI wraps
// it when the URI is not of the resource's form (another URI, or fixed
// parts other than the template's), and a Read function wraps it when it
// finds nothing (package mcp answers MCP's "resource not found").
var ErrResourceNotFound = errors.New("resource not found")

// ErrInvalidResourceURI is wrapped by ReadURI's error when the URI has the
// fixed parts of the resource's template but a variable's value is not one
// it takes: a value holding '/', '?' or '#' (which a simple expansion
// percent-encodes), a bad percent-encoding, or a value not among the
// variable's Values. The error says which (package mcp answers it as
// invalid params, with that reason).
var ErrInvalidResourceURI = errors.New("invalid resource URI")

// IsTemplate reports whether r's URI has variables ({name} expressions),
// whether or not Variables describes them.
func (r Resource) IsTemplate() bool { return templateExpr.MatchString(r.URI) }

// ReadURI reads the resource at uri: the template's variables are taken
// from it (percent-decoded) and checked against their Values.
func (r Resource) ReadURI(ctx context.Context, uri string) (ResourceContents, error) {
	vars, why := matchURITemplate(r.URI, uri)
	if why == notOfTheForm {
		return ResourceContents{}, fmt.Errorf("%s does not match %s: %w", uri, r.URI, ErrResourceNotFound)
	}
	if why != "" {
		return ResourceContents{}, fmt.Errorf("%s does not match %s: %s: %w", uri, r.URI, why, ErrInvalidResourceURI)
	}
	for _, v := range r.Variables {
		if v.Values != nil && !slices.Contains(v.Values, vars[v.Name]) {
			return ResourceContents{}, fmt.Errorf("%s: variable %s is %q; it must be one of %q: %w", uri, v.Name, vars[v.Name], v.Values, ErrInvalidResourceURI)
		}
	}
	return r.Read(ctx, vars)
}

// templateExpr is a simple RFC 6570 expression: {name}.
var templateExpr = regexp.MustCompile(`\{([A-Za-z0-9_]+)\}`)

// matchURITemplate matches uri against a template of simple expressions
// ({name}) and returns the variables' values, percent-decoded, or the
// reason it does not match. A value holds no '/', '?' or '#' (simple
// expansion encodes them); a template without expressions matches only
// itself.
func matchURITemplate(template, uri string) (map[string]string, string) {
	names, strict := templatePattern(template, `([^/?#]*)`)
	sub := strict.FindStringSubmatch(uri)
	if sub == nil {
		return nil, whyNoMatch(template, uri, names)
	}
	vars := make(map[string]string, len(names))
	for i, name := range names {
		v, err := url.PathUnescape(sub[i+1])
		if err != nil {
			return nil, fmt.Sprintf("variable %s: %q is not percent-encoded right (%v)", name, sub[i+1], err)
		}
		vars[name] = v
	}
	return vars, ""
}

// templatePattern is the regular expression of a template of simple
// expressions, each variable a group of valuePattern, and the variables'
// names in order.
func templatePattern(template, valuePattern string) ([]string, *regexp.Regexp) {
	var pattern strings.Builder
	pattern.WriteString("^")
	var names []string
	last := 0
	for _, m := range templateExpr.FindAllStringSubmatchIndex(template, -1) {
		pattern.WriteString(regexp.QuoteMeta(template[last:m[0]]))
		pattern.WriteString(valuePattern)
		names = append(names, template[m[2]:m[3]])
		last = m[1]
	}
	pattern.WriteString(regexp.QuoteMeta(template[last:]) + "$")
	return names, regexp.MustCompile(pattern.String()) // literals quoted, groups fixed: always compiles
}

// notOfTheForm is why a URI with other fixed parts than the template's
// does not match it.
const notOfTheForm = "its fixed parts are not the template's"

// whyNoMatch says why uri does not match template: a value that holds a
// character a simple expansion would have percent-encoded, or fixed parts
// that differ (notOfTheForm).
func whyNoMatch(template, uri string, names []string) string {
	_, loose := templatePattern(template, `(.*?)`)
	if sub := loose.FindStringSubmatch(uri); sub != nil {
		for i, name := range names {
			if at := strings.IndexAny(sub[i+1], "/?#"); at >= 0 {
				return fmt.Sprintf("variable %s: %q holds %q, which a value of {%s} percent-encodes", name, sub[i+1], sub[i+1][at], name)
			}
		}
	}
	return notOfTheForm
}
