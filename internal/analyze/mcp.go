package analyze

import (
	"go/ast"
	"go/token"
	"go/types"
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
	// named are the names of all its named parameters but the context,
	// those with a type it refuses too: a template variable that names one
	// is not also "no parameter".
	named []string
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
	before := len(a.errs)
	// The rest is read all the same, so that every mistake is reported at
	// once.
	switch {
	case sig.Recv() != nil:
		a.errorf(fd.Name.Pos(), "%s %s: a %s is a package function, not a method", kind, f.goName, kind)
	case sig.TypeParams().Len() > 0:
		a.errorf(fd.Name.Pos(), "%s %s: a generic function cannot be a %s", kind, f.goName, kind)
	}
	var names []string
	for i := range sig.Params().Len() {
		v := sig.Params().At(i)
		pos := paramPos(fd, i)
		if i == 0 && isContext(v.Type()) {
			f.hasContext = true
			continue
		}
		if v.Name() != "" && v.Name() != "_" && !isContext(v.Type()) {
			f.named = append(f.named, v.Name())
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
// where T is a string (0) or a slice whose element isElem (1), as
// accepted names them. It returns T's index and whether there is an error;
// -1 when reported.
func (a *analyzer) mcpResult(fd *ast.FuncDecl, sig *types.Signature, kind string, accepted [2]string, isElem func(types.Type) bool) (int, bool) {
	res := sig.Results()
	pos := fd.Type.Pos()
	if fd.Type.Results != nil {
		pos = fd.Type.Results.Pos()
	}
	if res.Len() >= 1 && res.Len() <= 2 && (res.Len() == 1 || isError(res.At(1).Type())) {
		t := types.Unalias(res.At(0).Type())
		if b, isBasic := t.(*types.Basic); isBasic && b.Kind() == types.String {
			return 0, res.Len() == 2
		}
		if s, isSlice := t.(*types.Slice); isSlice && isElem(s.Elem()) {
			return 1, res.Len() == 2
		}
	}
	a.errorf(pos, "%s %s: a %s returns (T, error) or T, where T is %s", kind, fd.Name.Name, kind, accepted[0]+" or "+accepted[1])
	return -1, false
}

// prompt reads one //toolgen:prompt function; nil when it has errors
// (reported).
func (a *analyzer) prompt(fd *ast.FuncDecl, d *directive) *model.Prompt {
	f, sig, ok := a.mcpSignature(fd, "prompt")
	if sig == nil {
		return nil
	}
	result, hasErr := a.mcpResult(fd, sig, "prompt", [2]string{"string", "[]toolgen.PromptMessage"}, func(elem types.Type) bool {
		return isNamed(elem, APIPath, "PromptMessage")
	})
	described := a.checkDescribed(fd, d, f, "prompt")
	if !ok || result < 0 || !described {
		return nil
	}
	return &model.Prompt{
		GoName: f.goName, Name: cmpOr(d.name, snakeCase(f.goName)), Title: d.title, Doc: cmpOr(d.description, f.doc),
		Params: f.params, HasContext: f.hasContext, Messages: result == 1, HasError: hasErr, Pos: a.position(fd.Name.Pos()),
	}
}

// checkDescribed reports a prompt or resource with neither a doc comment
// nor a description= option.
func (a *analyzer) checkDescribed(fd *ast.FuncDecl, d *directive, f mcpFunc, kind string) bool {
	if cmpOr(d.description, f.doc) != "" {
		return true
	}
	a.errorf(fd.Name.Pos(), "%s %s has no description: write a doc comment, it is what a client shows its user", kind, f.goName)
	return false
}

// resource reads one //toolgen:resource function; nil when it has errors
// (reported).
func (a *analyzer) resource(fd *ast.FuncDecl, d *directive) *model.Resource {
	if d.uri == "" {
		a.errorf(d.pos, `resource %s: the directive needs uri="..." (a URI, or a URI template such as "file:///notes/{name}")`, fd.Name.Name)
	}
	f, sig, ok := a.mcpSignature(fd, "resource")
	if sig == nil {
		return nil
	}
	result, hasErr := a.mcpResult(fd, sig, "resource", [2]string{"string (text)", "[]byte (a blob)"}, func(elem types.Type) bool {
		return types.Identical(elem, types.Typ[types.Byte])
	})
	templateOK := d.uri != "" && a.checkTemplate(d, f)
	described := a.checkDescribed(fd, d, f, "resource")
	if !ok || result < 0 || !templateOK || !described {
		return nil
	}
	return &model.Resource{
		GoName: f.goName, Name: cmpOr(d.name, snakeCase(f.goName)), Title: d.title, Doc: cmpOr(d.description, f.doc),
		URI: d.uri, MIMEType: d.mime, Cache: d.cache, Params: f.params, HasContext: f.hasContext, Blob: result == 1, HasError: hasErr,
		Pos: a.position(fd.Name.Pos()),
	}
}

func cmpOr(s, fallback string) string {
	if s != "" {
		return s
	}
	return fallback
}

// checkTemplate checks the resource's URI template (parseURITemplate)
// and its variables against the function's parameters: each variable once,
// each variable a parameter and each parameter a variable. Errors in the
// URI are at their place in the directive's uri= value; a parameter no
// variable names, at the parameter.
func (a *analyzer) checkTemplate(d *directive, f mcpFunc) bool {
	before := len(a.errs)
	at := func(i int) token.Pos { return d.uriPos + token.Pos(i) }
	vars, problems := parseURITemplate(d.uri)
	for _, p := range problems {
		a.errorf(at(p.at), "resource %s: uri %q: %s", f.goName, d.uri, p.msg)
	}
	var seen []string
	for _, v := range vars {
		switch {
		case slices.Contains(seen, v.name):
			a.errorf(at(v.at), "resource %s: uri %q: variable %s appears twice", f.goName, d.uri, v.name)
		case !slices.Contains(f.named, v.name):
			a.errorf(at(v.at), "resource %s: uri %q: variable %s is no parameter of %s (its parameters: %s)", f.goName, d.uri, v.name, f.goName, nameList(f.named))
		}
		seen = append(seen, v.name)
	}
	if len(problems) > 0 {
		return false // a refused expression may have meant a parameter
	}
	for i, p := range f.params {
		if !slices.Contains(seen, p.GoName) {
			a.errorf(f.paramPos[i], "resource %s: parameter %s is no variable of the URI template %q: add {%s} to it", f.goName, p.GoName, d.uri, p.GoName)
		}
	}
	return len(a.errs) == before
}

func nameList(names []string) string {
	if len(names) == 0 {
		return "none"
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
