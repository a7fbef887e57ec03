package analyze

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// mcpFunc is what a prompt and a resource function share once read: its
// doc, its string parameters and whether it takes a context.
type mcpFunc struct {
	goName     string
	doc        string
	params     []*model.StringParam
	paramPos   []token.Pos
	hasContext bool
}

// mcpSignature reads a prompt's or a resource's function: a package
// function (not generic, not a method) whose parameters are an optional
// context.Context first, then strings or named string types (or, for a
// prompt, pointers to them: optional arguments). MCP's prompt
// arguments and URI template variables are strings, so another type would
// need a parser of toolgen's choosing; it is refused instead. ok is false
// when something was reported.
func (a *analyzer) mcpSignature(fd *ast.FuncDecl, kind string) (f mcpFunc, sig *types.Signature, ok bool) {
	f.goName = fd.Name.Name
	obj, _ := a.pkg.TypesInfo.Defs[fd.Name].(*types.Func)
	if obj == nil {
		a.errorf(fd.Name.Pos(), "%s %s: the function could not be type-checked", kind, f.goName)
		return f, nil, false
	}
	sig = obj.Signature()
	switch {
	case sig.Recv() != nil:
		a.errorf(fd.Name.Pos(), "%s %s: a %s is a package function, not a method", kind, f.goName, kind)
		return f, nil, false
	case sig.TypeParams().Len() > 0:
		a.errorf(fd.Name.Pos(), "%s %s: a generic function cannot be a %s", kind, f.goName, kind)
		return f, nil, false
	}
	before := len(a.errs)
	var names []string
	for i := range sig.Params().Len() {
		v := sig.Params().At(i)
		pos := paramPos(fd, i)
		if i == 0 && isContext(v.Type()) {
			f.hasContext = true
			continue
		}
		mt, err := a.typeOf(v.Type())
		optional := err == nil && mt.Kind == model.KindPointer && kind == "prompt"
		if optional {
			mt = mt.Elem
		}
		switch {
		case isContext(v.Type()):
			a.errorf(pos, "%s %s: context.Context must be the first parameter", kind, f.goName)
		case v.Name() == "" || v.Name() == "_":
			a.errorf(pos, "%s %s: parameter %d has no name; name it: the name becomes the %s", kind, f.goName, i+1, paramRole(kind))
		case err != nil || !isStringArg(mt):
			a.errorf(pos, "%s %s: parameter %s has type %s; a %s is a string: take %s", kind, f.goName, v.Name(), a.typeString(v.Type()), paramRole(kind), stringAdvice(kind))
		default:
			f.params = append(f.params, &model.StringParam{GoName: v.Name(), Name: v.Name(), Type: mt, Optional: optional})
			f.paramPos = append(f.paramPos, pos)
			names = append(names, v.Name())
		}
	}
	if sig.Variadic() {
		a.errorf(paramPos(fd, sig.Params().Len()-1), "%s %s: a variadic parameter cannot be a %s", kind, f.goName, paramRole(kind))
	}
	var hidden []string
	if f.hasContext {
		hidden = append(hidden, sig.Params().At(0).Name())
	}
	doc, items, errs := toolDoc(fd.Doc, f.goName, names, hidden...)
	for _, e := range errs {
		a.errorf(e.pos, "%s", e.msg)
	}
	f.doc = doc
	for _, p := range f.params {
		if p.Doc = items[p.GoName].text; p.Doc == "" {
			p.Doc = typeDoc(p.Type)
		}
	}
	return f, sig, len(a.errs) == before
}

func stringAdvice(kind string) string {
	if kind == "prompt" {
		return "a string or a named string type (an enum's constants complete it), or a pointer to one for an optional argument"
	}
	return "a string or a named string type (an enum's constants complete it)"
}

func paramRole(kind string) string {
	if kind == "prompt" {
		return "prompt argument"
	}
	return "URI template variable"
}

// isStringArg reports whether t is a string, or a named type whose
// underlying type is string (an enum or not).
func isStringArg(t *model.Type) bool {
	return t.Kind == model.KindString || t.Kind == model.KindEnum && t.Basic == model.KindString
}

// mcpResult reads a prompt's or a resource's results: (T, error) or T,
// where T is one of accepted. It returns T's index in accepted and whether
// there is an error; -1 when reported.
func (a *analyzer) mcpResult(fd *ast.FuncDecl, sig *types.Signature, kind string, accepted []string, match func(types.Type) int) (int, bool) {
	res := sig.Results()
	pos := fd.Type.Pos()
	if fd.Type.Results != nil {
		pos = fd.Type.Results.Pos()
	}
	if res.Len() >= 1 && res.Len() <= 2 && (res.Len() == 1 || isError(res.At(1).Type())) {
		if i := match(res.At(0).Type()); i >= 0 {
			return i, res.Len() == 2
		}
	}
	a.errorf(pos, "%s %s: a %s returns (T, error) or T, where T is %s", kind, fd.Name.Name, kind, strings.Join(accepted, " or "))
	return -1, false
}

// prompt reads one //toolgen:prompt function; nil when it has errors
// (reported).
func (a *analyzer) prompt(fd *ast.FuncDecl, d *directive) *model.Prompt {
	f, sig, ok := a.mcpSignature(fd, "prompt")
	if sig == nil {
		return nil
	}
	result, hasErr := a.mcpResult(fd, sig, "prompt", []string{"string", "[]toolgen.PromptMessage"}, func(t types.Type) int {
		if b, isBasic := types.Unalias(t).(*types.Basic); isBasic && b.Kind() == types.String {
			return 0
		}
		if s, isSlice := types.Unalias(t).(*types.Slice); isSlice && isNamed(s.Elem(), APIPath, "PromptMessage") {
			return 1
		}
		return -1
	})
	if !ok || result < 0 {
		return nil
	}
	p := &model.Prompt{
		GoName: f.goName, Name: cmpOr(d.name, snakeCase(f.goName)), Title: d.title, Doc: cmpOr(d.description, f.doc),
		Params: f.params, HasContext: f.hasContext, Messages: result == 1, HasError: hasErr, Pos: a.position(fd.Name.Pos()),
	}
	if p.Doc == "" {
		a.errorf(fd.Name.Pos(), "prompt %s has no description: write a doc comment, it is what a client shows its user", p.GoName)
		return nil
	}
	return p
}

// resource reads one //toolgen:resource function; nil when it has errors
// (reported).
func (a *analyzer) resource(fd *ast.FuncDecl, d *directive) *model.Resource {
	if d.uri == "" {
		a.errorf(d.pos, `resource %s: the directive needs uri="..." (a URI, or a URI template such as "file:///notes/{name}")`, fd.Name.Name)
		return nil
	}
	f, sig, ok := a.mcpSignature(fd, "resource")
	if sig == nil {
		return nil
	}
	result, hasErr := a.mcpResult(fd, sig, "resource", []string{"string (text)", "[]byte (a blob)"}, func(t types.Type) int {
		if b, isBasic := types.Unalias(t).(*types.Basic); isBasic && b.Kind() == types.String {
			return 0
		}
		if s, isSlice := types.Unalias(t).(*types.Slice); isSlice && types.Identical(s.Elem(), types.Typ[types.Byte]) {
			return 1
		}
		return -1
	})
	if !ok || result < 0 || !a.checkTemplate(fd, d, f) {
		return nil
	}
	r := &model.Resource{
		GoName: f.goName, Name: cmpOr(d.name, snakeCase(f.goName)), Title: d.title, Doc: cmpOr(d.description, f.doc),
		URI: d.uri, MIMEType: d.mime, Params: f.params, HasContext: f.hasContext, Blob: result == 1, HasError: hasErr,
		Pos: a.position(fd.Name.Pos()),
	}
	if r.Doc == "" {
		a.errorf(fd.Name.Pos(), "resource %s has no description: write a doc comment, it is what a client shows its user", r.GoName)
		return nil
	}
	return r
}

func cmpOr(s, fallback string) string {
	if s != "" {
		return s
	}
	return fallback
}

// templateExpr is one expression of a URI template, braces included.
var templateExpr = regexp.MustCompile(`\{[^{}]*\}`)

// simpleVar is the expression toolgen matches: {name}, RFC 6570's simple
// string expansion of one variable (level 1).
var simpleVar = regexp.MustCompile(`^\{([A-Za-z0-9_]+)\}$`)

// checkTemplate checks the resource's URI template against the function's
// parameters: each expression a simple {name}, each variable once, each
// variable a parameter and each parameter a variable. Errors in the URI
// are at the directive's uri= value; a parameter no variable names, at the
// parameter.
func (a *analyzer) checkTemplate(fd *ast.FuncDecl, d *directive, f mcpFunc) bool {
	before := len(a.errs)
	at := func(i int) token.Pos { return d.uriPos + token.Pos(i) }
	if strings.Count(d.uri, "{") != strings.Count(d.uri, "}") {
		a.errorf(d.uriPos, "resource %s: uri %q: unbalanced braces", f.goName, d.uri)
		return false
	}
	var vars []string
	refused := false
	for _, m := range templateExpr.FindAllStringIndex(d.uri, -1) {
		expr := d.uri[m[0]:m[1]]
		sub := simpleVar.FindStringSubmatch(expr)
		switch {
		case sub == nil:
			refused = true
			a.errorf(at(m[0]), "resource %s: uri %q: %s is not a simple expression {name}: toolgen matches RFC 6570 level 1 (no operators, lists or modifiers)", f.goName, d.uri, expr)
		case slices.Contains(vars, sub[1]):
			a.errorf(at(m[0]), "resource %s: uri %q: variable %s appears twice", f.goName, d.uri, sub[1])
		case !slices.ContainsFunc(f.params, func(p *model.StringParam) bool { return p.GoName == sub[1] }):
			a.errorf(at(m[0]), "resource %s: uri %q: variable %s is no parameter of %s (its parameters: %s)", f.goName, d.uri, sub[1], f.goName, paramNames(f.params))
		}
		if sub != nil {
			vars = append(vars, sub[1])
		}
	}
	if refused {
		return false // a refused expression may have meant a parameter
	}
	for i, p := range f.params {
		if !slices.Contains(vars, p.GoName) {
			a.errorf(f.paramPos[i], "resource %s: parameter %s is no variable of the URI template %q: add {%s} to it", f.goName, p.GoName, d.uri, p.GoName)
		}
	}
	return len(a.errs) == before
}

func paramNames(params []*model.StringParam) string {
	if len(params) == 0 {
		return "none"
	}
	names := make([]string, len(params))
	for i, p := range params {
		names[i] = p.GoName
	}
	return strings.Join(names, ", ")
}

// checkMCPNames reports two prompts or two resources with one name, two
// resources with one URI, and a Prompts or Resources function the package
// declares already.
func (a *analyzer) checkMCPNames(pkg *model.Package) {
	seen := map[string]model.Position{}
	once := func(key, what string, pos model.Position) {
		if prev, dup := seen[key]; dup {
			a.errorAt(a.tokenPos(pos), "%s: %s at %s has it too", what, "the function", a.posString(prev))
			return
		}
		seen[key] = pos
	}
	for _, p := range pkg.Prompts {
		once("prompt "+p.Name, "duplicate prompt name "+quote(p.Name), p.Pos)
	}
	for _, r := range pkg.Resources {
		once("resource "+r.Name, "duplicate resource name "+quote(r.Name), r.Pos)
		once("uri "+r.URI, "duplicate resource URI "+quote(r.URI), r.Pos)
	}
	for name, present := range map[string]bool{"Prompts": len(pkg.Prompts) > 0, "Resources": len(pkg.Resources) > 0} {
		if obj := a.pkg.Types.Scope().Lookup(name); present && obj != nil {
			a.errorAt(a.fset.Position(obj.Pos()), "the package declares %s, which toolgen generates for its //toolgen:%s functions", name, strings.ToLower(strings.TrimSuffix(name, "s")))
		}
	}
}

func quote(s string) string { return `"` + s + `"` }
