package mcpgen

import (
	"go/token"
	"strconv"
	"strings"
	"unicode"
)

// initialisms are written in capitals in Go names.
var initialisms = map[string]bool{"id": true, "url": true, "uri": true, "http": true, "json": true, "api": true, "html": true, "mcp": true, "ip": true}

// namer makes exported Go names, unique within one scope.
type namer struct{ used map[string]bool }

func newNamer() *namer { return &namer{used: map[string]bool{"Validate": true}} }

// name turns a JSON name (snake_case, kebab-case, camelCase) into an
// exported Go name not used before.
func (n *namer) name(s string) string {
	base := exported(s)
	name := base
	for i := 2; n.used[name]; i++ {
		name = base + strconv.Itoa(i)
	}
	n.used[name] = true
	return name
}

// exported is s as an exported Go identifier.
func exported(s string) string {
	var b strings.Builder
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if initialisms[strings.ToLower(part)] {
			b.WriteString(strings.ToUpper(part))
			continue
		}
		r := []rune(part)
		b.WriteString(strings.ToUpper(string(r[0])) + string(r[1:]))
	}
	out := b.String()
	if out == "" || !unicode.IsLetter([]rune(out)[0]) {
		out = "X" + out
	}
	return out
}

// isIdent reports whether s is a valid Go package name.
func isIdent(s string) bool { return token.IsIdentifier(s) && s != "_" && !token.IsKeyword(s) }
