package mcpgen

import (
	"go/token"
	"strconv"
	"strings"
	"unicode"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// initialisms are written in capitals in Go names: golint's list
// (commonInitialisms), and a few more a tool's schema is likely to hold.
var initialisms = map[string]bool{
	"acl": true, "api": true, "ascii": true, "cpu": true, "css": true, "dns": true, "eof": true, "guid": true,
	"html": true, "http": true, "https": true, "id": true, "ip": true, "json": true, "lhs": true, "qps": true,
	"ram": true, "rhs": true, "rpc": true, "sla": true, "smtp": true, "sql": true, "ssh": true, "tcp": true,
	"tls": true, "ttl": true, "udp": true, "ui": true, "uid": true, "uuid": true, "uri": true, "url": true,
	"utf8": true, "vm": true, "xml": true, "xmpp": true, "xsrf": true, "xss": true,
	"isbn": true, "mcp": true, "sku": true, "pdf": true, "csv": true, "jwt": true,
}

// initialism is word (any case) as Go spells it when it is an initialism
// or the plural of one (ids: IDs, urls: URLs), else "".
func initialism(word string) string {
	lower := strings.ToLower(word)
	if initialisms[lower] {
		return strings.ToUpper(lower)
	}
	if single, ok := strings.CutSuffix(lower, "s"); ok && len(single) >= 2 && initialisms[single] {
		return strings.ToUpper(single) + "s"
	}
	return ""
}

// words splits a JSON name into its words: at characters other than
// letters and digits, and at case changes (memberId: member, Id; HTTPServer:
// HTTP, Server; loanIDs: loan, IDs, a plural initialism kept whole).
func words(s string) []string {
	var out []string
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		r := []rune(part)
		start := 0
		for i := 1; i < len(r); i++ {
			lowerToUpper := unicode.IsUpper(r[i]) && !unicode.IsUpper(r[i-1])
			// The last capital of a run of them starts a word when a
			// lower-case letter follows (HTTPServer), but not a plural's s
			// that ends the part (IDs).
			plural := r[i] == 's' && i+1 == len(r)
			endOfRun := i+1 < len(r) && unicode.IsUpper(r[i-1]) && unicode.IsUpper(r[i]) && unicode.IsLower(r[i+1]) &&
				!(r[i+1] == 's' && i+2 == len(r))
			if (lowerToUpper || endOfRun) && !plural {
				out = append(out, string(r[start:i]))
				start = i
			}
		}
		out = append(out, string(r[start:]))
	}
	return out
}

// namer makes exported Go names, unique within one scope.
type namer struct {
	used map[string]bool
	// shared are the named types (structs, enums) of the file by the
	// canonical JSON of their schema: a schema met again, in the same tool
	// or another, is the type declared for it the first time.
	shared map[string]*model.Type
}

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

// exported is s as an exported Go identifier, its initialisms in
// capitals as golint spells them (member_id, memberId: MemberID; loan_ids:
// LoanIDs; isbn: ISBN).
func exported(s string) string {
	var b strings.Builder
	for _, w := range words(s) {
		if up := initialism(w); up != "" {
			b.WriteString(up)
			continue
		}
		r := []rune(w)
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
