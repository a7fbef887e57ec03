package analyze

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"unicode"
	"unicode/utf8"

	"github.com/toolgen-dev/toolgen/internal/fence"
	"github.com/toolgen-dev/toolgen/internal/model"
)

// tool reads one annotated function; nil when it has errors (reported).
func (a *analyzer) tool(fd *ast.FuncDecl, d *directive) *model.Tool {
	obj, _ := a.pkg.TypesInfo.Defs[fd.Name].(*types.Func)
	if obj == nil {
		a.errorf(fd.Name.Pos(), "tool %s: the function could not be type-checked", fd.Name.Name)
		return nil
	}
	sig := obj.Signature()
	if sig.TypeParams().Len() > 0 {
		a.errorf(fd.Name.Pos(), "tool %s: a generic function cannot be a tool", fd.Name.Name)
		return nil
	}
	if sig.RecvTypeParams().Len() > 0 {
		a.errorf(fd.Name.Pos(), "tool %s: a method of a generic type cannot be a tool", fd.Name.Name)
		return nil
	}
	t := d.tool
	t.GoName, t.Name, t.ConstName = fd.Name.Name, d.name, constName(fd.Name.Name)
	if t.Name == "" {
		t.Name = snakeCase(fd.Name.Name)
	}
	t.Namespace = d.namespace
	if t.Namespace == "" {
		t.Namespace = a.pkg.Name
	}
	t.Pos = a.position(fd.Name.Pos())
	recv, ok := receiver(sig)
	if !ok {
		a.errorf(fd.Recv.List[0].Type.Pos(), "tool %s: the receiver type does not compile (go build -tags toolgen shows why)", fd.Name.Name)
		return nil
	}
	t.Recv = recv
	before := len(a.errs)
	items := a.params(&t, fd, sig)
	a.results(&t, fd, sig)
	if len(a.errs) == before && argsReachUntrusted(t.Input) {
		a.errorf(fd.Name.Pos(), "tool %s: an argument holds a field marked untrusted, which the generated writer would fence, as in results, when it writes the arguments (a person's edit): give the argument a type of its own, without the mark", t.GoName)
	}
	if t.Untrusted && t.Result.Kind != model.ResultText && len(a.errs) == before {
		a.errorf(fd.Name.Pos(), "tool %s: the untrusted option fences a string result, not %s; mark a result struct's string fields toolgen:\"untrusted\" instead", t.GoName, resultWhat(t.Result))
	}
	if len(a.errs) == before {
		a.checkHeaders(&t)
	}
	if len(a.errs) > before {
		return nil
	}
	a.describe(&t, fd, items)
	if d.description != "" { // the directive's description= wins over the doc comment's text
		t.Doc, t.Summary = d.description, summary(d.description)
	}
	if t.Doc == "" {
		a.errorf(fd.Name.Pos(), "tool %s has no description: write a doc comment, it is what the model reads to choose the tool", t.GoName)
		return nil
	}
	if t.Untrusted || reachesUntrusted(t.Result.Type, map[*model.Struct]bool{}) {
		t.Doc += "\n\n" + fence.Instruction
	}
	t.RuleName, t.RuleFields = t.GoName+"Rule", ruleFields(t.Input.Fields)
	if argsWritable(t.Input) {
		t.EditName = t.GoName + "Edit"
	}
	return &t
}

// constName is the name of the constant holding a tool's name: ToolGetWeather
// for GetWeather, and toolGetWeather for getWeather, so that an unexported
// tool adds nothing to its package's API (its rule type, getWeatherRule, is
// unexported too).
func constName(goName string) string {
	if token.IsExported(goName) {
		return "Tool" + goName
	}
	r, size := utf8.DecodeRuneInString(goName)
	return "tool" + string(unicode.ToUpper(r)) + goName[size:]
}

// receiver describes a method's receiver; false when its type is invalid
// (it does not compile while toolgen loads the package).
func receiver(sig *types.Signature) (*model.Receiver, bool) {
	if sig.Recv() == nil {
		return nil, true
	}
	rt, ptr := types.Unalias(sig.Recv().Type()), false
	if p, ok := rt.(*types.Pointer); ok {
		rt, ptr = types.Unalias(p.Elem()), true
	}
	named, ok := rt.(*types.Named)
	if !ok {
		return nil, false
	}
	return &model.Receiver{TypeName: named.Obj().Name(), Pointer: ptr}, true
}

// describe sets the tool's description and the flat parameters' field
// descriptions from its doc comment.
func (a *analyzer) describe(t *model.Tool, fd *ast.FuncDecl, items map[string]paramItem) {
	var names []string
	for _, p := range t.Params {
		if p.Kind == model.ParamFlat {
			names = append(names, p.GoName)
		}
	}
	t.Doc, _, _ = toolDoc(fd.Doc, t.GoName, names) // flatParams reported the list's mistakes
	t.Summary = summary(t.Doc)
}

// params classifies the parameters and builds the input object. It returns
// the doc items of flat parameters.
func (a *analyzer) params(t *model.Tool, fd *ast.FuncDecl, sig *types.Signature) map[string]paramItem {
	if sig.Variadic() {
		a.errorf(paramPos(fd, sig.Params().Len()-1), "tool %s: a variadic parameter cannot be a tool argument; use a slice", t.GoName)
	}
	var args []*types.Var
	vars := sig.Params()
	for i := range vars.Len() {
		v := vars.At(i)
		pos := paramPos(fd, i)
		switch {
		case isContext(v.Type()):
			if i != 0 {
				a.errorf(pos, "tool %s: context.Context must be the first parameter", t.GoName)
			}
			t.Params = append(t.Params, &model.Param{GoName: v.Name(), Kind: model.ParamContext})
		case isToolgenCtx(v.Type()):
			t.Params = append(t.Params, &model.Param{GoName: v.Name(), Kind: model.ParamCtx})
		case isToolgenCtxPointer(v.Type()):
			a.errorf(pos, "tool %s: take toolgen.Ctx by value, not *toolgen.Ctx", t.GoName)
		case isToolgenPartial(v.Type()):
			a.partialParam(t, v, pos)
		case isToolgenPartialPointer(v.Type()):
			a.errorf(pos, "tool %s: take toolgen.Partial by value, not a pointer to it", t.GoName)
		case v.Name() == "" || v.Name() == "_":
			a.errorf(pos, "tool %s: parameter %d has no name; name it: the name becomes the argument's name", t.GoName, i+1)
		default:
			args = append(args, v)
			t.Params = append(t.Params, &model.Param{GoName: v.Name()})
		}
	}
	if len(args) == 1 && isStructParam(args[0].Type()) {
		a.structParam(t, args[0])
		return nil
	}
	return a.flatParams(t, fd, args)
}

// partialParam reads a toolgen.Partial[T] parameter. T is written as a
// result is, so it may be what a result may be, with the same refusals;
// a second one is an error, since a UI shows one partial result.
func (a *analyzer) partialParam(t *model.Tool, v *types.Var, pos token.Pos) {
	if prev := t.Partial(); prev != nil {
		a.errorf(pos, "tool %s: a second toolgen.Partial parameter (%s sends the partial results already); a tool sends one kind", t.GoName, prev.GoName)
		return
	}
	p := &model.Param{GoName: v.Name(), Kind: model.ParamPartial}
	t.Params = append(t.Params, p)
	elem := types.Unalias(v.Type()).(*types.Named).TypeArgs().At(0)
	w := written{
		subject:   "toolgen.Partial[" + a.typeString(elem) + "]",
		byValue:   "a value passed to Send by value",
		byPointer: "send a pointer (toolgen.Partial[*" + a.typeString(elem) + "])",
	}
	mt, err := a.typeOf(elem)
	if err != nil {
		a.errorf(pos, "tool %s: %s: %v", t.GoName, w.subject, err)
		return
	}
	if a.checkWritable(t, mt, pos, w) {
		p.Type = mt
	}
}

// paramPos is the position of the i'th parameter's name, or its type when
// it has none.
func paramPos(fd *ast.FuncDecl, i int) token.Pos {
	for _, f := range fd.Type.Params.List {
		if len(f.Names) == 0 {
			if i == 0 {
				return f.Type.Pos()
			}
			i--
			continue
		}
		if i < len(f.Names) {
			return f.Names[i].Pos()
		}
		i -= len(f.Names)
	}
	return fd.Type.Params.Pos()
}

func (a *analyzer) structParam(t *model.Tool, v *types.Var) {
	mt, err := a.typeOf(v.Type())
	if err != nil {
		a.errorf(v.Pos(), "tool %s: parameter %s: %v", t.GoName, v.Name(), err)
		return
	}
	// Hidden parameters may come after it: find it by name, not position.
	p := t.Params[slices.IndexFunc(t.Params, func(p *model.Param) bool { return p.Kind == "" && p.GoName == v.Name() })]
	p.Kind, p.Type = model.ParamStruct, mt
	t.Input = mt.Base().Struct
}

func (a *analyzer) flatParams(t *model.Tool, fd *ast.FuncDecl, args []*types.Var) map[string]paramItem {
	names := make([]string, len(args))
	for i, v := range args {
		names[i] = v.Name()
	}
	var hidden []string
	for _, p := range t.Params {
		if p.Kind == model.ParamContext || p.Kind == model.ParamCtx || p.Kind == model.ParamPartial {
			hidden = append(hidden, p.GoName)
		}
	}
	_, items, errs := toolDoc(fd.Doc, t.GoName, names, hidden...)
	for _, e := range errs {
		a.errorf(e.pos, "%s", e.msg)
	}
	t.Input = &model.Struct{ID: t.GoName + "Args"}
	byJSON := map[string]string{}
	for _, p := range t.Params {
		if p.Kind != "" {
			continue
		}
		v := argByName(args, p.GoName)
		f := a.flatField(t, v, items)
		if f == nil {
			continue
		}
		if prev, ok := byJSON[f.JSONName]; ok {
			a.errorf(v.Pos(), "tool %s: parameters %s and %s both become the argument %q", t.GoName, prev, v.Name(), f.JSONName)
		}
		byJSON[f.JSONName] = v.Name()
		p.Kind, p.Type, p.Field = model.ParamFlat, f.Type, len(t.Input.Fields)
		t.Input.Fields = append(t.Input.Fields, f)
	}
	return items
}

func argByName(args []*types.Var, name string) *types.Var {
	for _, v := range args {
		if v.Name() == name {
			return v
		}
	}
	return nil
}

// flatField is the input member of one flat parameter.
func (a *analyzer) flatField(t *model.Tool, v *types.Var, items map[string]paramItem) *model.Field {
	mt, err := a.typeOf(v.Type())
	if err != nil {
		a.errorf(v.Pos(), "tool %s: parameter %s: %v", t.GoName, v.Name(), err)
		return nil
	}
	item := items[v.Name()]
	f := &model.Field{
		JSONName: snakeCase(v.Name()),
		Path:     []model.Step{{Name: v.Name()}},
		Type:     mt,
		Doc:      item.text,
		Pos:      a.position(v.Pos()),
	}
	if f.Doc == "" {
		f.Doc = typeDoc(mt)
	}
	if item.constraints != "" {
		f.Constraints = a.parseConstraints(item.pos, "parameter "+v.Name(), item.constraints, mt)
		a.noteHeader(f, item.pos)
	}
	f.Required = mt.Kind != model.KindPointer && f.Constraints.Default == nil
	return f
}

// results reads (T, error), error or T.
func (a *analyzer) results(t *model.Tool, fd *ast.FuncDecl, sig *types.Signature) {
	res := sig.Results()
	pos := fd.Type.Pos()
	if fd.Type.Results != nil {
		pos = fd.Type.Results.Pos()
	}
	switch {
	case res.Len() == 1 && isError(res.At(0).Type()):
		t.Result = model.Result{Kind: model.ResultNone, HasError: true}
	case res.Len() >= 1 && isToolgenResult(res.At(0).Type()) && (res.Len() == 1 || res.Len() == 2 && isError(res.At(1).Type())):
		t.Result = model.Result{Kind: model.ResultRaw, HasError: res.Len() == 2}
	case res.Len() == 1:
		a.resultValue(t, res.At(0).Type(), pos)
	case res.Len() == 2 && isError(res.At(1).Type()) && !isError(res.At(0).Type()):
		a.resultValue(t, res.At(0).Type(), pos)
		t.Result.HasError = true
	default:
		a.errorf(pos, "tool %s: a tool returns (T, error), error or T", t.GoName)
	}
}

func (a *analyzer) resultValue(t *model.Tool, rt types.Type, pos token.Pos) {
	mt, err := a.typeOf(rt)
	if err != nil {
		a.errorf(pos, "tool %s: result: %v", t.GoName, err)
		return
	}
	if mt.Kind == model.KindString || (mt.Kind == model.KindEnum && mt.Basic == model.KindString) {
		t.Result = model.Result{Kind: model.ResultText, Type: mt}
		return
	}
	if !a.checkWritable(t, mt, pos, writtenResult) {
		return
	}
	t.Result = model.Result{Kind: model.ResultValue, Type: mt, Wrapped: mt.Base().Kind != model.KindStruct}
}

// unwritable names a text type in t that cannot marshal itself, or "".
func unwritable(t *model.Type, seen map[*model.Struct]bool) string {
	switch {
	case t.Kind == model.KindText && !t.TextMarshaler:
		return t.Name
	case t.Elem != nil:
		return unwritable(t.Elem, seen)
	case t.Struct != nil && !seen[t.Struct]:
		seen[t.Struct] = true
		for _, f := range t.Struct.Fields {
			if name := unwritable(f.Type, seen); name != "" {
				return name
			}
		}
	case t.Union != nil:
		for _, m := range t.Union.Members {
			if name := unwritable(m.Type, seen); name != "" {
				return name
			}
		}
	}
	return ""
}

func isStructParam(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || implementsText(named) || pkgPath(named.Obj()) == "time" {
		return false
	}
	_, ok = named.Underlying().(*types.Struct)
	return ok
}

func isNamed(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == name && pkgPath(n.Obj()) == pkg
}

func isContext(t types.Type) bool    { return isNamed(t, "context", "Context") }
func isToolgenCtx(t types.Type) bool { return isNamed(t, APIPath, "Ctx") }
func isError(t types.Type) bool      { return types.Identical(t, types.Universe.Lookup("error").Type()) }

// isToolgenResult reports whether t is toolgen.Result, which a tool returns
// to choose its content itself (images, audio, resources).
func isToolgenResult(t types.Type) bool { return isNamed(t, APIPath, "Result") }

// isToolgenPartial reports whether t is a toolgen.Partial[T], through
// which a tool sends partial results.
func isToolgenPartial(t types.Type) bool { return isNamed(t, APIPath, "Partial") }

func isToolgenPartialPointer(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isToolgenPartial(p.Elem())
}

func isToolgenCtxPointer(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isToolgenCtx(p.Elem())
}

// argsWritable reports whether the encoder can write every argument, as a
// person's edit of them is written (the tool's Edit type).
func argsWritable(in *model.Struct) bool {
	for _, f := range in.Fields {
		if unwritable(f.Type, map[*model.Struct]bool{}) != "" || checkAddressable(f.Type, f.Type.Kind == model.KindPointer, map[*model.Type]bool{}) != "" {
			return false
		}
	}
	return true
}

// resultWhat names a result's kind in messages: "a struct", "nothing".
func resultWhat(r model.Result) string {
	if r.Kind == model.ResultNone || r.Type == nil {
		return "nothing"
	}
	return withArticle(string(r.Type.Base().Kind))
}

// argsReachUntrusted reports whether a tool's arguments hold a field
// marked untrusted.
func argsReachUntrusted(in *model.Struct) bool {
	if in == nil {
		return false
	}
	seen := map[*model.Struct]bool{}
	for _, f := range in.Fields {
		if f.Constraints.Untrusted || reachesUntrusted(f.Type, seen) {
			return true
		}
	}
	return false
}

// reachesUntrusted reports whether a value of type t holds a string field
// marked untrusted, which the tool's description then explains.
func reachesUntrusted(t *model.Type, seen map[*model.Struct]bool) bool {
	if t == nil {
		return false
	}
	switch t.Kind {
	case model.KindPointer, model.KindSlice, model.KindArray, model.KindMap:
		return reachesUntrusted(t.Elem, seen)
	case model.KindUnion:
		for _, m := range t.Union.Members {
			if reachesUntrusted(m.Type, seen) {
				return true
			}
		}
	case model.KindStruct:
		if seen[t.Struct] {
			return false
		}
		seen[t.Struct] = true
		for _, f := range t.Struct.Fields {
			if f.Constraints.Untrusted || reachesUntrusted(f.Type, seen) {
				return true
			}
		}
	}
	return false
}
