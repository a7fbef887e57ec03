package toolimpl

import (
	"slices"
	"strings"
	"sync"
	"unicode"
)

// CodeMode is a package's TypeScript declarations of its tools for code
// mode, in pieces, as toolgen writes them: the types the tools share, and
// each tool's declare function with the indexes of the types it names.
// Generated code holds one and hands out its text (CodeModeDeclarations).
type CodeMode struct {
	Types []string
	Tools []CodeModeTool
}

// CodeModeTool is one tool's piece of a package's declarations.
type CodeModeTool struct {
	Name  string // the tool's name
	Text  string // its JSDoc and declare function
	Types []int  // the CodeMode.Types it names, directly or not, ascending
}

// Declarations returns the declarations of the named tools (all of them
// when none is named): the shared types they name, in the package's
// order, then the tools' functions, in the package's order. Names of
// other packages' tools are skipped.
func (c *CodeMode) Declarations(names ...string) string {
	var types []int
	var tools []string
	for _, t := range c.Tools {
		if len(names) > 0 && !slices.Contains(names, t.Name) {
			continue
		}
		types = append(types, t.Types...)
		tools = append(tools, t.Text)
	}
	slices.Sort(types)
	var b strings.Builder
	for i, n := range slices.Compact(types) {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(c.Types[n])
	}
	for _, text := range tools {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(text)
	}
	return b.String()
}

// CodeModeIdent is the name a code-mode program calls a tool by: the
// tool's name with each character that cannot be in a JavaScript
// identifier ("-", ".", ...) replaced by "_", a "_" before a leading
// digit, and a "_" after a reserved word or a global a program needs
// (delete, eval, Promise...). toolgen refuses two tools of a package with
// one identifier.
func CodeModeIdent(name string) string {
	var b strings.Builder
	for i, r := range name {
		switch {
		case i == 0 && unicode.IsDigit(r):
			b.WriteByte('_')
			b.WriteRune(r)
		case r == '_' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	id := b.String()
	if id == "" || reservedIdents()[id] {
		id += "_"
	}
	return id
}

// reservedIdents are JavaScript's reserved words (strict mode's too) and
// the globals a program relies on, which a tool's function must not take.
// Made on first use: every program that runs generated code links this
// package, and only the generator and a code-mode runner ask.
var reservedIdents = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`await break case catch class const continue debugger default delete do
		else enum export extends false finally for function if import in instanceof new null return super
		switch this throw true try typeof var void while with yield let static implements interface package
		private protected public arguments eval undefined NaN Infinity globalThis Object Array String Number
		Boolean Symbol BigInt Promise JSON Math Date RegExp Error Map Set console`) {
		m[w] = true
	}
	return m
})
