package analyze

import (
	"go/token"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// The header=NAME option mirrors an argument into the HTTP header
// Mcp-Param-NAME of MCP's streamable HTTP (the schema's x-mcp-header, MCP
// 2026-07-28). MCP clients refuse a whole tool whose declarations break
// its rules, so they are checked here: NAME is an HTTP token, on a string,
// integer or boolean value (headerConstraint, with the other options); the
// property is reached from the input's root through object members alone,
// not through a list, a map, a union or a recursive type's $defs entry;
// and no two declarations of a tool share a name, ignoring case
// (checkHeaders, once a tool's input is known).

// headerConstraint reads header=NAME for a value of type t.
func headerConstraint(r *model.Constraints, value string, t *model.Type) string {
	switch {
	case value == "":
		return "header= needs a name: header=Region sends the value as Mcp-Param-Region"
	case !isHeaderToken(value):
		return "header=" + value + ": not an HTTP header name (letters, digits and !#$%&'*+-.^_`|~ only)"
	case !headerType(t):
		return "header=" + value + ": only a string, an integer or a boolean can be sent in a header, not " + kindPhrase(t)
	}
	r.Header = value
	return ""
}

// kindPhrase names t's kind, and its name when it has one: "a float
// (float64)", "a struct (Inner)", "a slice".
func kindPhrase(t *model.Type) string {
	if t.Name != "" && t.Name != string(t.Kind) {
		return withArticle(string(t.Kind)) + " (" + t.Name + ")"
	}
	return withArticle(string(t.Kind))
}

// isHeaderToken reports whether s is an HTTP token (RFC 9110 tchar).
func isHeaderToken(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
		if !ok {
			return false
		}
	}
	return s != ""
}

// headerType reports whether a value of t has a schema of type string,
// integer or boolean (t without its pointers).
func headerType(t *model.Type) bool {
	switch t.Kind {
	case model.KindString, model.KindBool, model.KindInt, model.KindUint, model.KindTime:
		return true
	case model.KindEnum:
		return t.Basic != model.KindFloat
	case model.KindText:
		return t.Schema == "" // {"type":"string"}
	}
	return false
}

// noteHeader remembers where a field's header= option was written, for
// the messages of checkHeaders.
func (a *analyzer) noteHeader(f *model.Field, pos token.Pos) {
	if f.Constraints.Header == "" {
		return
	}
	if a.headerAt == nil {
		a.headerAt = map[*model.Field]token.Pos{}
	}
	a.headerAt[f] = pos
}

// checkHeaders checks where a tool's header= options are: on properties
// statically reachable from the input's root, with names unique ignoring
// case.
func (a *analyzer) checkHeaders(t *model.Tool) {
	w := &headerWalk{a: a, tool: t, seen: map[string]string{}, walked: map[*model.Struct]bool{}}
	if t.Input != nil {
		w.fields(t.Input.Fields, "", true)
	}
}

// headerWalk walks one tool's input for header= options.
type headerWalk struct {
	a      *analyzer
	tool   *model.Tool
	seen   map[string]string      // lower-case header name -> its property's pointer and header=
	walked map[*model.Struct]bool // recursive structs walked (they are walked once)
}

// fields walks an object's fields at prefix (a JSON pointer); reachable
// says whether every step to them was an object member.
func (w *headerWalk) fields(fs []*model.Field, prefix string, reachable bool) {
	for _, f := range fs {
		at := prefix + "/" + f.JSONName
		if name := f.Constraints.Header; name != "" {
			w.declared(f, name, at, reachable)
		}
		w.value(f.Type, at, reachable)
	}
}

// value walks the members a value of type t may hold.
func (w *headerWalk) value(t *model.Type, at string, reachable bool) {
	t = t.Base()
	switch t.Kind {
	case model.KindStruct:
		if t.Struct.Recursive { // a $ref to its $defs entry
			if w.walked[t.Struct] {
				return
			}
			w.walked[t.Struct] = true
			reachable = false
		}
		w.fields(t.Struct.Fields, at, reachable)
	case model.KindSlice, model.KindArray, model.KindMap:
		w.value(t.Elem, at+"/*", false)
	case model.KindUnion:
		for _, m := range t.Union.Members {
			w.value(m.Type, at, false)
		}
	}
}

// declared checks one header=name option on the field at pointer at.
func (w *headerWalk) declared(f *model.Field, name, at string, reachable bool) {
	pos, ok := w.a.headerAt[f]
	if !ok {
		pos = token.NoPos
	}
	key := strings.ToLower(name)
	switch {
	case !reachable:
		w.a.errorf(pos, "tool %s: %s header=%s: only a member reached from the arguments through objects alone can be sent in a header, not one inside a list, a map, a union or a recursive type", w.tool.GoName, at, name)
	case w.seen[key] != "":
		w.a.errorf(pos, "tool %s: %s header=%s: %s sends that header already (header names ignore case)", w.tool.GoName, at, name, w.seen[key])
	default:
		w.seen[key] = at + " (header=" + name + ")"
	}
}
