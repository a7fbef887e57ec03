package emit

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// Struct types whose members are all of the kinds toolimpl.Field describes
// are read and written by toolimpl's table-driven ReadStruct and
// WriteStruct, from a static table per type, instead of by a generated
// reader and writer per type: a function costs the compiler and the binary
// far more than a table does. Every other struct keeps its generated code.

// tableVar names the table of a struct type.
func tableVar(s *model.Struct) string { return "toolgenType" + s.ID }

// enumVar names the table of an enum's values.
func enumVar(t *model.Type) string { return "toolgenEnum" + typeKey(t.Name) }

// table returns the name of t's table, asking for it to be written, or
// false when t is not read and written through a table.
func (g *generator) table(t *model.Type) (string, bool) {
	if t.Kind != model.KindStruct || g.noTables || !g.tabled(t) {
		return "", false
	}
	name := g.tableName(t)
	g.want(name, func() { g.writeTable(t, name) })
	return name, true
}

// tableName is the variable of a tabled struct's table: that of the first
// struct asked for with the same layout and the same table, or its own.
// Tools made from one template have argument and result types that differ
// only in name, and one table each would cost the compiler a table per
// tool. A struct a table allocates or reads a slice of (New, ReadSlice)
// keeps its own, whose functions are its type's.
func (g *generator) tableName(t *model.Type) string {
	s := t.Struct
	if name, ok := g.tableNames[s]; ok {
		return name
	}
	name := tableVar(s)
	if s.Layout != "" && !g.pointed[s] && !g.sliced[s] {
		key := s.Layout + "\n" + g.tableText(t)
		if first, ok := g.tableLayouts[key]; ok {
			name = tableVar(first.Struct)
			g.layoutGuards = append(g.layoutGuards, [2]*model.Type{first, t})
		} else {
			g.tableLayouts[key] = t
		}
	}
	g.tableNames[s] = name
	return name
}

// writeLayoutGuards declares, for each struct that shares another's table,
// a conversion between the two: it compiles only while their layouts are
// one, so a file whose types changed since it was generated does not build.
//
//	var _ = GreetArgs(WaveArgs{})
func (g *generator) writeLayoutGuards() {
	if len(g.layoutGuards) == 0 {
		return
	}
	var defs []jen.Code
	for _, pair := range g.layoutGuards {
		defs = append(defs, jen.Id("_").Op("=").Add(GoType(pair[0])).Call(GoType(pair[1]).Values()))
	}
	g.code.Comment("A compile error here means a struct type that shares the table of another,")
	g.code.Comment("of the same layout, changed since this file was generated: run go generate.")
	g.code.Var().Defs(defs...)
}

// tableText renders a struct's table as if its type had no name of its
// own, so that the tables of two types of one layout read the same when
// they are the same. It renders with a probe, whose helpers are thrown
// away.
func (g *generator) tableText(t *model.Type) string {
	anon := *t
	anon.Name, anon.Pkg = "toolgenLayout", ""
	return fmt.Sprintf("%#v", jen.Values(g.probeGen().tableDef(&anon)...))
}

// tabled reports whether a named struct type's members can all be
// described by a table (its nested structs' too).
func (g *generator) tabled(t *model.Type) bool {
	s := t.Struct
	if done, ok := g.tables[s]; ok {
		return done
	}
	if t.Name == "" || s.Recursive || s.Open {
		g.tables[s] = false
		return false
	}
	g.tables[s] = false // until shown otherwise: a cycle is not tabled
	for _, f := range s.Fields {
		if _, ok := g.fieldEntry(t, f, 0); !ok {
			return false
		}
	}
	g.tables[s] = true
	return true
}

// writeTable declares a struct type's table as name:
//
//	var toolgenTypeArgs = &toolimpl.Struct{Object: toolimpl.Object{...}, Fields: []toolimpl.Field{...}}
func (g *generator) writeTable(t *model.Type, name string) {
	g.code.Comment(fmt.Sprintf("%s describes a %s for toolimpl's table-driven reader and writer.", name, t.Name))
	g.code.Var().Id(name).Op("=").Op("&").Add(impl("Struct")).Values(g.tableDef(t)...)
}

// tableDef is the keys and values of a struct type's table.
func (g *generator) tableDef(t *model.Type) []jen.Code {
	s := t.Struct
	var names, required, nullAbsent, fields []jen.Code
	for i, f := range s.Fields {
		names = append(names, jen.Lit(f.JSONName))
		place := 0
		if f.Required {
			required = append(required, jen.Lit(i))
			place = len(required)
		}
		if nullIsAbsent(f) {
			nullAbsent = append(nullAbsent, jen.Lit(i))
		}
		entry, _ := g.fieldEntry(t, f, place)
		fields = append(fields, jen.Line().Add(entry.literal()))
	}
	object := []jen.Code{jen.Id("Names").Op(":").Index().String().Values(names...)}
	if len(required) > 0 {
		object = append(object, jen.Id("Required").Op(":").Index().Int().Values(required...))
	}
	if len(nullAbsent) > 0 {
		object = append(object, jen.Id("NullAbsent").Op(":").Index().Int().Values(nullAbsent...))
	}
	def := []jen.Code{
		jen.Line().Id("Object").Op(":").Add(impl("Object")).Values(object...),
		jen.Line().Id("Fields").Op(":").Index().Add(impl("Field")).Values(append(fields, jen.Line())...),
	}
	if g.pointed[s] {
		def = append(def, jen.Line().Id("New").Op(":").Add(impl("New")).Index(GoType(t)))
	}
	if g.sliced[s] {
		def = append(def,
			jen.Line().Id("Size").Op(":").Qual("unsafe", "Sizeof").Call(GoType(t).Values()),
			jen.Line().Id("ReadSlice").Op(":").Add(impl("ReadSlice")).Index(GoType(t)))
	}
	return append(def, jen.Line())
}

// entry is a toolimpl.Field literal's keys and values.
type entry struct{ values map[string]jen.Code }

func (e *entry) set(key string, v jen.Code) {
	if e.values == nil {
		e.values = map[string]jen.Code{}
	}
	e.values[key] = v
}

// literal is the entry's keys and values in a fixed order, on one line.
func (e *entry) literal() *jen.Statement {
	order := []string{"Offset", "Kind", "Pointer", "Required", "OmitEmpty", "Bounded", "Min", "Max", "Enum", "Elem", "Item", "Check", "Key"}
	var items []jen.Code
	for _, k := range order {
		if v, ok := e.values[k]; ok {
			items = append(items, jen.Id(k).Op(":").Add(v))
		}
	}
	return jen.Values(items...)
}

// fieldEntry is a member's toolimpl.Field, as the keys and values of its
// literal, or false when a table cannot describe it. place is 1 + its place
// among the required members, 0 for an optional one.
func (g *generator) fieldEntry(owner *model.Type, f *model.Field, place int) (*entry, bool) {
	r := f.Constraints
	if len(f.Path) != 1 || f.OmitZero || r.Default != nil || r.Elem != nil || r.Entries || r.Untrusted {
		return nil, false
	}
	sel := GoType(owner).Values().Dot(f.Path[0].Name)
	value := sel.Clone()
	entry := &entry{}
	entry.set("Offset", jen.Qual("unsafe", "Offsetof").Call(sel))
	t := f.Type
	if t.Kind == model.KindPointer {
		t = t.Elem
		value = jen.Op("*").Add(value)
		entry.set("Pointer", jen.True())
		switch t.Kind {
		case model.KindAny, model.KindSlice, model.KindPointer:
			return nil, false // newValue allocates none of these
		}
	}
	if !g.valueEntry(entry, t, r, value) {
		return nil, false
	}
	if place > 0 {
		entry.set("Required", jen.Lit(place))
	}
	if f.OmitEmpty && f.Type.Kind != model.KindPointer {
		entry.set("OmitEmpty", jen.True())
	}
	entry.set("Key", textLiteral(memberKey(f.JSONName)))
	return entry, true
}

// valueEntry sets what a Field says of a value of type t with constraints
// r (its Kind, bounds, enum, nested table...), value being an expression of
// type t for unsafe.Sizeof, and reports false when a table cannot describe
// it.
func (g *generator) valueEntry(ent *entry, t *model.Type, r model.Constraints, value *jen.Statement) bool {
	if !constraintsFit(t.Kind, r) {
		return false
	}
	kind, check := g.kindEntry(ent, t, r, value)
	if kind == nil {
		return false
	}
	ent.set("Kind", kind)
	if len(check) > 0 {
		ent.set("Check", jen.Op("&").Add(impl("Check")).Values(check...))
	}
	return true
}

// constraintsFit reports whether a table can hold r for a value of kind: it
// bounds a string's length (and checks its pattern and format), a number's
// value and a slice's item count, and nothing else.
func constraintsFit(kind model.Kind, r model.Constraints) bool {
	number := kind == model.KindInt || kind == model.KindUint || kind == model.KindFloat
	return (kind == model.KindString || r.MinLength == nil && r.MaxLength == nil && r.Pattern == "" && r.Format == "") &&
		(number || r.Min == "" && r.Max == "") &&
		(kind == model.KindSlice || r.MinItems == nil && r.MaxItems == nil)
}

// kindEntry sets what a Field says of a value of t's kind and returns its
// Kind and the checks of its toolimpl.Check, or a nil Kind when a table
// cannot describe it.
func (g *generator) kindEntry(ent *entry, t *model.Type, r model.Constraints, value *jen.Statement) (jen.Code, []jen.Code) {
	switch t.Kind {
	case model.KindString:
		return g.stringEntry(ent, r)
	case model.KindEnum:
		return g.enumEntry(ent, t, value), nil
	case model.KindBool:
		return impl("FieldBool"), nil
	case model.KindTime:
		return impl("FieldTime"), nil
	case model.KindAny:
		return impl("FieldAny"), nil
	case model.KindFloat:
		return floatEntry(t, r)
	case model.KindInt, model.KindUint:
		return intEntry(ent, t, r, value), nil
	case model.KindSlice:
		return g.sliceEntry(ent, t, r, value), nil
	case model.KindStruct:
		return g.structEntry(ent, t), nil
	}
	return nil, nil
}

// stringEntry sets a string's length bounds and returns its Kind and the
// checks of its pattern and format.
func (g *generator) stringEntry(ent *entry, r model.Constraints) (jen.Code, []jen.Code) {
	var check []jen.Code
	if r.MinLength != nil || r.MaxLength != nil {
		ent.set("Bounded", jen.True())
		ent.set("Min", jen.Lit(intOr(r.MinLength, 0)))
		ent.set("Max", jen.Lit(intOr(r.MaxLength, -1)))
	}
	if r.Pattern != "" {
		check = append(check, jen.Id("Pattern").Op(":").Id(g.pattern(r.Pattern)), jen.Id("PatternText").Op(":").Lit(r.Pattern))
	}
	if r.Format != "" {
		check = append(check, jen.Id("Format").Op(":").Lit(r.Format))
	}
	return impl("FieldString"), check
}

// enumEntry sets an enum's table of values and returns its Kind, or nil
// for an enum a table cannot hold (enumTable).
func (g *generator) enumEntry(ent *entry, t *model.Type, value *jen.Statement) jen.Code {
	name, ok := g.enumTable(t)
	if !ok {
		return nil
	}
	ent.set("Enum", jen.Id(name))
	if t.Basic == model.KindString {
		return impl("FieldEnum")
	}
	return impl("FieldInt").Op("|").Uint8().Call(jen.Qual("unsafe", "Sizeof").Call(value))
}

// floatEntry returns a float's Kind and the checks of its bounds.
func floatEntry(t *model.Type, r model.Constraints) (jen.Code, []jen.Code) {
	kind := impl(fmt.Sprintf("FieldFloat%d", t.Bits))
	if r.Min == "" && r.Max == "" {
		return kind, nil
	}
	min, max := floatBoundValues(t, r)
	return kind, []jen.Code{jen.Id("FloatMin").Op(":").Add(min), jen.Id("FloatMax").Op(":").Add(max), jen.Id("FloatBounded").Op(":").True()}
}

// structEntry sets a nested struct's table and returns its Kind, or nil for
// a struct a table cannot describe.
func (g *generator) structEntry(ent *entry, t *model.Type) jen.Code {
	if !g.tabled(t) {
		return nil
	}
	name := g.tableName(t)
	ent.set("Elem", jen.Id(name))
	g.want(name, func() { g.writeTable(t, name) })
	return impl("FieldStruct")
}

// intEntry sets an integer's size and bounds and returns its Kind, or nil
// for bounds a table cannot hold. The size is the compiler's: an int's
// differs between platforms.
func intEntry(ent *entry, t *model.Type, r model.Constraints, value *jen.Statement) jen.Code {
	base := "FieldInt"
	if t.Kind == model.KindUint {
		base = "FieldUint"
	}
	if r.Min != "" || r.Max != "" {
		min, max, ok := intBounds(t, r)
		if !ok {
			return nil
		}
		ent.set("Bounded", jen.True())
		ent.set("Min", jen.Id(min))
		ent.set("Max", jen.Id(max))
	}
	return impl(base).Op("|").Uint8().Call(jen.Qual("unsafe", "Sizeof").Call(value))
}

// sliceEntry sets what a Field says of a slice (its Item, its item count)
// and returns its Kind, or nil for a slice a table does not read.
func (g *generator) sliceEntry(ent *entry, t *model.Type, r model.Constraints, value *jen.Statement) jen.Code {
	items := r.MinItems != nil || r.MaxItems != nil
	if t.Elem.Kind == model.KindString && !items {
		return impl("FieldStrings")
	}
	switch t.Elem.Kind {
	case model.KindString, model.KindEnum, model.KindBool, model.KindInt, model.KindUint, model.KindFloat, model.KindTime:
	case model.KindStruct:
		// Its table gives the size, and ReadSlice to read them.
		if !g.sliced[t.Elem.Struct] {
			return nil
		}
	default:
		return nil
	}
	item := &entry{}
	if !g.valueEntry(item, t.Elem, model.Constraints{}, value.Clone().Index(jen.Lit(0))) {
		return nil
	}
	ent.set("Item", jen.Op("&").Add(impl("Field")).Add(item.literal()))
	if items {
		ent.set("Bounded", jen.True())
		ent.set("Min", jen.Lit(intOr(r.MinItems, 0)))
		ent.set("Max", jen.Lit(intOr(r.MaxItems, -1)))
	}
	return impl("FieldSlice")
}

// floatBoundValues are a float's bounds as floatCall writes them, but for a
// missing one: the largest float, which only an infinity (that JSON cannot
// write) passes, and a constant, which a table's literal needs to be laid
// out statically.
func floatBoundValues(t *model.Type, r model.Constraints) (jen.Code, jen.Code) {
	largest := func(sign int) jen.Code {
		if sign < 0 {
			return jen.Op("-").Qual("math", "MaxFloat64")
		}
		return jen.Qual("math", "MaxFloat64")
	}
	return floatBound(t, r.Min, -1, largest), floatBound(t, r.Max, 1, largest)
}

// intBounds are an integer member's bounds as int64 literals: the tag's,
// else its type's width; false when they do not fit an int64 (a uint64
// above its range), which a table cannot hold.
func intBounds(t *model.Type, r model.Constraints) (string, string, bool) {
	min, max := intBoundLits(t, r)
	for _, v := range []string{min, max} {
		if _, err := strconv.ParseInt(v, 10, 64); err != nil {
			return "", "", false
		}
	}
	return min, max, true
}

// enumTable returns the name of an enum's table of values, asking for it to
// be written, or false for an enum a table cannot hold (of unsigned
// integers, or of values that do not read as constants).
func (g *generator) enumTable(t *model.Type) (string, bool) {
	if t.Name == "" || t.Basic != model.KindString && t.Basic != model.KindInt {
		return "", false
	}
	var values []jen.Code
	for _, v := range t.EnumValues() {
		if t.Basic == model.KindString {
			s, err := strconv.Unquote(v)
			if err != nil {
				return "", false
			}
			values = append(values, jen.Lit(s))
		} else {
			if _, err := strconv.ParseInt(v, 0, 64); err != nil {
				return "", false
			}
			values = append(values, jen.Id(v))
		}
	}
	name := enumVar(t)
	if prev, ok := g.enumTypes[name]; ok && prev != typeID(t) {
		return "", false // two types spelled alike
	}
	g.enumTypes[name] = typeID(t)
	list := jen.Id("Values").Op(":").Index().String().Values(values...)
	if t.Basic != model.KindString {
		list = jen.Id("Ints").Op(":").Index().Int64().Values(values...)
	}
	g.want(name, func() {
		g.code.Comment(fmt.Sprintf("%s are the values of a %s.", name, t.Name))
		g.code.Var().Id(name).Op("=").Op("&").Add(impl("Enum")).Values(list, jen.Id("Allowed").Op(":").Lit(enumAllowed(t)))
	})
	return name, true
}

// structUses are the struct types some member, element or value of the
// package's tools points to, and those a slice holds: their tables say how
// to allocate one, or an array of them; and every struct type the tools
// reach.
func structUses(pkg *model.Package) (pointed, sliced, reached map[*model.Struct]bool) {
	pointed, sliced = map[*model.Struct]bool{}, map[*model.Struct]bool{}
	seen := map[*model.Struct]bool{}
	var walk func(t *model.Type, in map[*model.Struct]bool)
	walk = func(t *model.Type, in map[*model.Struct]bool) {
		if t == nil {
			return
		}
		switch t.Kind {
		case model.KindPointer:
			walk(t.Elem, pointed)
			return
		case model.KindSlice:
			walk(t.Elem, sliced)
			return
		case model.KindStruct:
			if in != nil {
				in[t.Struct] = true
			}
			if seen[t.Struct] {
				return
			}
			seen[t.Struct] = true
			for _, f := range t.Struct.Fields {
				walk(f.Type, nil)
			}
			return
		case model.KindUnion:
			for _, m := range t.Union.Members {
				walk(m.Type, nil)
			}
			return
		}
		walk(t.Key, nil)
		walk(t.Elem, nil)
	}
	// A tool's pointer parameter or result is dispatched through the
	// pointer (tableCall): only the pointers below it need New.
	top := func(t *model.Type) *model.Type {
		if t != nil && t.Kind == model.KindPointer {
			return t.Elem
		}
		return t
	}
	for _, tool := range pkg.Tools {
		for _, p := range tool.Params {
			walk(top(p.Type), nil)
		}
		if tool.Input != nil {
			for _, f := range tool.Input.Fields {
				walk(f.Type, nil)
			}
		}
		walk(top(tool.Result.Type), nil)
	}
	return pointed, sliced, seen
}

// tableCall writes a tool's dispatch as a call of toolimpl.Dispatch with
// its tables, when its arguments are a tabled struct or none
// (toolimpl.NoArgs) and its result is nothing, a string
// (toolimpl.Tool.Text), a tabled struct or a pointer to one
// (toolimpl.Tool.NilResult), and reports whether it did:
//
//	func toolgenCallGetWeather(ctx context.Context, args []byte) (toolgen.Result, error) {
//		var in Args
//		var out Forecast
//		return toolimpl.Dispatch(ctx, args, &toolgenToolGetWeather, unsafe.Pointer(&in), unsafe.Pointer(&out), func(ctx context.Context) (err error) {
//			out, err = GetWeather(ctx, in)
//			return err
//		})
//	}
//
// A tool planDispatch shares gets no function: its Call is toolimpl.Caller's
// (toolValue), and only its toolimpl.Tool is declared here. Other tools get
// a dispatch function of their own (callFunc).
func (g *generator) tableCall(t *model.Tool) bool {
	if !g.viaTables[t] {
		return false
	}
	plan, _ := g.tablePlan(t)
	r := t.Result
	if pt := g.paramsType(t); pt != nil {
		g.declareParams(t, pt)
	}
	call := jen.Id(t.GoName).Call(plan.args...)
	if t.Recv != nil {
		call = jen.Id("recv").Dot(t.GoName).Call(plan.args...)
	}
	var body []jen.Code
	switch {
	case r.Kind == model.ResultNone:
		body = []jen.Code{jen.Return(call)}
	case r.HasError:
		body = []jen.Code{jen.List(jen.Id("out"), jen.Err()).Op("=").Add(call), jen.Return(jen.Err())}
	default:
		body = []jen.Code{jen.Id("out").Op("=").Add(call), jen.Return(jen.Nil())}
	}
	desc := toolVar(t)
	spec := []jen.Code{jen.Id("Name").Op(":").Id(t.ConstName), jen.Id("In").Op(":").Add(plan.inTable)}
	out := jen.Nil()
	if r.Kind != model.ResultNone {
		out = jen.Qual("unsafe", "Pointer").Call(jen.Op("&").Id("out"))
	}
	if plan.outTable != "" {
		spec = append(spec, jen.Id("Out").Op(":").Id(plan.outTable))
	}
	if r.Kind == model.ResultText {
		spec = append(spec, jen.Id("Text").Op(":").True())
	}
	if t.NoRepair {
		spec = append(spec, jen.Id("NoRepair").Op(":").True())
	}
	if plan.nilResult != "" {
		spec = append(spec, jen.Id("NilResult").Op(":").Lit(plan.nilResult))
	}
	if g.shared[t] {
		g.code.Comment(fmt.Sprintf("%s describes the dispatch of %s, which toolimpl.Caller runs, as its tables say.", desc, t.Name))
		g.code.Var().Id(desc).Op("=").Add(impl("Tool")).Values(spec...)
		return true
	}
	params := []jen.Code{jen.Id("ctx").Qual("context", "Context"), jen.Id("args").Index().Byte()}
	if t.Recv != nil {
		params = append([]jen.Code{jen.Id("recv").Op("*").Id(t.Recv.TypeName)}, params...)
	}
	var stmts []jen.Code
	inPtr := jen.Nil()
	if plan.in != nil {
		stmts = append(stmts, jen.Var().Id("in").Add(GoType(plan.in)))
		inPtr = jen.Qual("unsafe", "Pointer").Call(jen.Op("&").Id("in"))
	}
	if r.Kind != model.ResultNone {
		stmts = append(stmts, jen.Var().Id("out").Add(GoType(r.Type)))
	}
	stmts = append(stmts, jen.Return(impl("Dispatch").Call(
		jen.Id("ctx"), jen.Id("args"), jen.Op("&").Id(desc), inPtr, out,
		jen.Func().Params(jen.Id("ctx").Qual("context", "Context")).Params(jen.Err().Error()).Block(body...),
	)))
	g.code.Comment(fmt.Sprintf("%s reads the arguments of %s, calls %s and writes its result, as its tables say.", callName(t), t.Name, goRef(t)))
	g.code.Func().Id(callName(t)).Params(params...).Params(rt("Result"), jen.Error()).Block(stmts...)
	g.code.Var().Id(desc).Op("=").Add(impl("Tool")).Values(spec...)
	return true
}

// tablePlan is how tableCall dispatches a tool through tables.
type tablePlan struct {
	in       *model.Type // the arguments' struct; nil for none
	inTable  jen.Code    // its table, or toolimpl.NoArgs
	args     []jen.Code  // the tool's arguments
	outTable string      // the result's table, for a struct or a pointer to one
	// nilResult: the failure for a nil pointer result.
	nilResult string
}

// tablePlan says how a tool's dispatch goes through tables (tableCall),
// or false when it cannot: its arguments are a tabled struct, separate
// parameters a table can describe (paramsType) or none, and its result is
// nothing, a string, a tabled struct or a pointer to one. It asks for the
// tables it names.
func (g *generator) tablePlan(t *model.Tool) (tablePlan, bool) {
	plan := tablePlan{inTable: impl("NoArgs")}
	if sp := structParam(t); sp != nil {
		plan.in = structType(sp)
	} else if pt := g.paramsType(t); pt != nil {
		plan.in = pt
	}
	if plan.in != nil {
		name, ok := g.table(plan.in)
		if !ok {
			return plan, false
		}
		plan.inTable = jen.Id(name)
	}
	for _, p := range t.Params {
		switch p.Kind {
		case model.ParamContext:
			plan.args = append(plan.args, jen.Id("ctx"))
		case model.ParamCtx:
			plan.args = append(plan.args, rt("CtxFrom").Call(jen.Id("ctx")))
		case model.ParamStruct:
			if p.Type.Kind == model.KindPointer {
				plan.args = append(plan.args, jen.Op("&").Id("in"))
			} else {
				plan.args = append(plan.args, jen.Id("in"))
			}
		case model.ParamFlat:
			plan.args = append(plan.args, jen.Id("in").Dot(t.Input.Fields[p.Field].Path[0].Name))
		default:
			return plan, false
		}
	}
	r := t.Result
	var ok bool
	switch {
	case t.Untrusted:
		return plan, false // the text is fenced by the tool's own function
	case r.Kind == model.ResultNone, r.Kind == model.ResultText:
	case r.Kind == model.ResultValue && !r.Wrapped && r.Type.Kind == model.KindStruct:
		if plan.outTable, ok = g.table(r.Type); !ok {
			return plan, false
		}
	case r.Kind == model.ResultValue && !r.Wrapped && r.Type.Kind == model.KindPointer && r.Type.Elem.Kind == model.KindStruct:
		if plan.outTable, ok = g.table(r.Type.Elem); !ok {
			return plan, false
		}
		plan.nilResult = g.noResult(t, r.Type)
	default:
		return plan, false
	}
	return plan, true
}

// paramsType is the struct that generated code declares for a tool's
// separate parameters, one field per parameter, so that a table can
// describe them: toolgenParamsGetVM. Nil for a tool with a struct
// parameter, none, or a toolgen.Partial.
func (g *generator) paramsType(t *model.Tool) *model.Type {
	if pt, ok := g.params[t]; ok {
		return pt
	}
	g.params[t] = nil
	flat := false
	for _, p := range t.Params {
		switch p.Kind {
		case model.ParamFlat:
			flat = true
		case model.ParamContext, model.ParamCtx:
		default:
			return nil
		}
	}
	if !flat {
		return nil
	}
	var layout strings.Builder
	layout.WriteString("params struct {")
	for _, f := range t.Input.Fields {
		if len(f.Path) != 1 || f.Path[0].Name == "_" {
			return nil
		}
		fmt.Fprintf(&layout, " %s %#v;", f.Path[0].Name, GoType(f.Type))
	}
	layout.WriteString(" }")
	s := &model.Struct{ID: g.paramsID(t), Fields: t.Input.Fields, Layout: layout.String()}
	pt := &model.Type{Kind: model.KindStruct, Name: "toolgen" + s.ID, Struct: s}
	g.params[t] = pt
	return pt
}

// paramsID names the table of a tool's separate parameters: ParamsGetVM,
// or with a number when a struct of the package has that name.
func (g *generator) paramsID(t *model.Tool) string {
	id := "Params" + t.GoName
	for n := 2; g.structIDs[id]; n++ {
		id = fmt.Sprintf("Params%s%d", t.GoName, n)
	}
	g.structIDs[id] = true
	return id
}

// declareParams declares the struct of a tool's separate parameters:
//
//	type toolgenParamsGetVM struct {
//		vmID string
//	}
func (g *generator) declareParams(t *model.Tool, pt *model.Type) {
	g.code.Comment(fmt.Sprintf("%s holds the arguments of %s, for its table.", pt.Name, t.Name))
	g.code.Type().Id(pt.Name).StructFunc(func(gr *jen.Group) {
		for _, f := range pt.Struct.Fields {
			gr.Id(f.Path[0].Name).Add(GoType(f.Type))
		}
	})
}

// planDispatch picks the tools tableCall dispatches (tablePlan; the rule
// types, written first, read the tables of those tools' separate
// parameters), and among them those whose Call is toolimpl.Caller (or
// CallerOK) instantiated with their types: tools, not methods, whose
// arguments and result have the layouts of another such tool's. The
// compiler compiles a generic function once per layout, so tools made from
// one template (as go-sdk's AddTool shares its instantiation between them)
// cost it an instantiation's small wrapper each, and a small adapter for a
// function not of the plain form (callerFunc), instead of a dispatch
// function and its closure. A tool with a layout of its own keeps a
// function of its own: an instantiation of its own would cost more.
//
// Whether a struct is tabled is found as its table is written, which asks
// for the helpers it uses: the probe's helpers are thrown away, so that the
// file's come in the order its pieces ask for them.
func (g *generator) planDispatch() {
	probe := g.probeGen()
	byLayout := map[string][]*model.Tool{}
	for _, t := range g.pkg.Tools {
		plan, ok := probe.tablePlan(t)
		if !ok {
			continue
		}
		g.viaTables[t] = true
		if t.Recv == nil {
			key := callLayout(t, plan)
			byLayout[key] = append(byLayout[key], t)
		}
	}
	for _, tools := range byLayout {
		if len(tools) > 1 {
			for _, t := range tools {
				g.shared[t] = true
			}
		}
	}
}

// probeGen is a generator of the same package whose code and helpers are
// thrown away, for what the file's generator must know before it writes.
func (g *generator) probeGen() *generator {
	if g.probe == nil {
		g.probe = newGenerator(g.pkg)
		g.probe.noTables = g.noTables
	}
	return g.probe
}

// callLayout is a key for the layouts of the arguments and result of a
// tool dispatched through tables as plan says (planDispatch). Two tools of
// one key share Caller's instantiation: a struct's key is its Layout (its
// underlying type); every pointer has one layout, and every string type.
func callLayout(t *model.Tool, plan tablePlan) string {
	in := "none"
	if plan.in != nil {
		in = structLayout(plan.in)
	}
	switch r := t.Result; {
	case r.Kind == model.ResultNone:
		return in + " -> ok"
	case r.Kind == model.ResultText:
		return in + " -> string"
	case r.Type.Kind == model.KindPointer:
		return in + " -> pointer"
	default:
		return in + " -> " + structLayout(r.Type)
	}
}

// structLayout is a struct's Layout, or, for an object the loader did not
// spell out, its members' Go paths, Go types and JSON names: two structs
// of one are nearly always of one layout (members JSON does not see can
// differ, which costs only an instantiation).
func structLayout(t *model.Type) string {
	if t.Struct.Layout != "" {
		return t.Struct.Layout
	}
	var b strings.Builder
	b.WriteString("{")
	for _, f := range t.Struct.Fields {
		for _, step := range f.Path {
			b.WriteString(step.Name)
			b.WriteString(".")
		}
		fmt.Fprintf(&b, " %#v %q %t %t; ", GoType(f.Type), f.JSONName, f.OmitEmpty, f.OmitZero)
	}
	b.WriteString("}")
	return b.String()
}

// callerFunc is the Call of a tool planDispatch shares: toolimpl.Caller (or
// CallerOK) of its toolimpl.Tool and its function, when that has Caller's
// form, func(context.Context, Args) (Result, error), or else of an adapter
// to that form:
//
//	toolimpl.Caller(&toolgenToolGetVM, func(ctx context.Context, in toolgenParamsGetVM) (VM, error) {
//		return GetVM(ctx, in.vmID)
//	})
func (g *generator) callerFunc(t *model.Tool) jen.Code {
	plan, _ := g.tablePlan(t)
	r := t.Result
	caller := impl("Caller")
	if r.Kind == model.ResultNone {
		caller = impl("CallerOK")
	}
	desc := jen.Op("&").Id(toolVar(t))
	sp := structParam(t)
	if len(t.Params) == 2 && t.Params[0].Kind == model.ParamContext && sp != nil && sp.Type.Kind == model.KindStruct &&
		(r.HasError || r.Kind == model.ResultNone) {
		return caller.Call(desc, jen.Id(t.GoName))
	}
	in := jen.Struct()
	if plan.in != nil {
		in = GoType(plan.in)
	}
	call := jen.Id(t.GoName).Call(plan.args...)
	results := jen.Error()
	body := jen.Return(call)
	if r.Kind != model.ResultNone {
		results = jen.Parens(jen.List(GoType(r.Type), jen.Error()))
		if !r.HasError {
			body = jen.Return(call, jen.Nil())
		}
	}
	adapter := jen.Func().Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("in").Add(in)).Add(results).Block(body)
	return caller.Call(desc, adapter)
}
