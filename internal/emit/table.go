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
	name := tableVar(t.Struct)
	g.want(name, func() { g.writeTable(t) })
	return name, true
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

// writeTable declares a struct type's table:
//
//	var toolgenTypeArgs = &toolimpl.Struct{Object: toolimpl.Object{...}, Fields: []toolimpl.Field{...}}
func (g *generator) writeTable(t *model.Type) {
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
		def = append(def, jen.Line().Id("New").Op(":").Add(impl("New")).Index(goType(t)))
	}
	def = append(def, jen.Line())
	g.code.Comment(fmt.Sprintf("%s describes a %s for toolimpl's table-driven reader and writer.", tableVar(s), t.Name))
	g.code.Var().Id(tableVar(s)).Op("=").Op("&").Add(impl("Struct")).Values(def...)
}

// entry is a literal's keys and values, in the order set.
type entry struct {
	keys   []string
	values map[string]jen.Code
}

func (e *entry) set(key string, v jen.Code) {
	if e.values == nil {
		e.values = map[string]jen.Code{}
	}
	if _, ok := e.values[key]; !ok {
		e.keys = append(e.keys, key)
	}
	e.values[key] = v
}

// literal is the entry's keys and values in a fixed order, on one line.
func (e *entry) literal() *jen.Statement {
	order := []string{"Offset", "Kind", "Pointer", "Required", "OmitEmpty", "Bounded", "Min", "Max", "Enum", "Elem", "Key"}
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
	if len(f.Path) != 1 || f.OmitZero || r.Default != nil || r.Elem != nil || r.Pattern != "" || r.Format != "" ||
		r.MinItems != nil || r.MaxItems != nil {
		return nil, false
	}
	t := f.Type
	sel := goType(owner).Values().Dot(f.Path[0].Name)
	value := sel.Clone()
	entry := &entry{}
	entry.set("Offset", jen.Qual("unsafe", "Offsetof").Call(sel))
	if t.Kind == model.KindPointer {
		t = t.Elem
		value = jen.Op("*").Add(value)
		entry.set("Pointer", jen.True())
	}
	lengths := r.MinLength != nil || r.MaxLength != nil
	bounds := r.Min != "" || r.Max != ""
	if lengths && t.Kind != model.KindString || bounds && t.Kind != model.KindInt && t.Kind != model.KindUint {
		return nil, false
	}
	var kind jen.Code
	switch t.Kind {
	case model.KindString:
		kind = impl("FieldString")
		if lengths {
			entry.set("Bounded", jen.True())
			entry.set("Min", jen.Lit(intOr(r.MinLength, 0)))
			entry.set("Max", jen.Lit(intOr(r.MaxLength, -1)))
		}
	case model.KindEnum:
		name, ok := g.enumTable(t)
		if !ok {
			return nil, false
		}
		kind = impl("FieldEnum")
		entry.set("Enum", jen.Id(name))
	case model.KindBool:
		kind = impl("FieldBool")
	case model.KindFloat:
		kind = impl(fmt.Sprintf("FieldFloat%d", t.Bits))
	case model.KindInt, model.KindUint:
		// The size from the compiler: an int's differs between platforms.
		base := "FieldInt"
		if t.Kind == model.KindUint {
			base = "FieldUint"
		}
		kind = impl(base).Op("|").Uint8().Call(jen.Qual("unsafe", "Sizeof").Call(value))
		if bounds {
			min, max, ok := intBounds(t, r)
			if !ok {
				return nil, false
			}
			entry.set("Bounded", jen.True())
			entry.set("Min", jen.Id(min))
			entry.set("Max", jen.Id(max))
		}
	case model.KindSlice:
		if t.Elem.Kind != model.KindString {
			return nil, false
		}
		kind = impl("FieldStrings")
	case model.KindStruct:
		if !g.tabled(t) {
			return nil, false
		}
		kind = impl("FieldStruct")
		entry.set("Elem", jen.Id(tableVar(t.Struct)))
		g.want(tableVar(t.Struct), func() { g.writeTable(t) })
	default:
		return nil, false
	}
	entry.set("Kind", kind)
	if place > 0 {
		entry.set("Required", jen.Lit(place))
	}
	if f.OmitEmpty && f.Type.Kind != model.KindPointer {
		entry.set("OmitEmpty", jen.True())
	}
	entry.set("Key", textLiteral(memberKey(f.JSONName)))
	return entry, true
}

// intBounds are an integer member's bounds as int64 literals: the tag's,
// else its type's width; false when they do not fit an int64 (a uint64
// above its range), which a table cannot hold.
func intBounds(t *model.Type, r model.Constraints) (string, string, bool) {
	min, max := widthBounds(t)
	if r.Min != "" {
		min = r.Min
	}
	if r.Max != "" {
		max = r.Max
	}
	for _, v := range []string{min, max} {
		if _, err := strconv.ParseInt(v, 10, 64); err != nil {
			return "", "", false
		}
	}
	return min, max, true
}

// enumTable returns the name of a string enum's table of values, asking
// for it to be written, or false for an enum of another kind.
func (g *generator) enumTable(t *model.Type) (string, bool) {
	if t.Basic != model.KindString || t.Name == "" {
		return "", false
	}
	var values []jen.Code
	var allowed []string
	seen := map[string]bool{}
	for _, v := range t.Enum.Values {
		s, err := strconv.Unquote(v.Value)
		if err != nil {
			return "", false
		}
		if seen[s] {
			continue // two names for one value
		}
		seen[s] = true
		values = append(values, jen.Lit(s))
		allowed = append(allowed, strconv.Quote(s))
	}
	name := enumVar(t)
	if prev, ok := g.enumTypes[name]; ok && prev != typeID(t) {
		return "", false // two types spelled alike
	}
	g.enumTypes[name] = typeID(t)
	g.want(name, func() {
		g.code.Comment(fmt.Sprintf("%s are the values of a %s.", name, t.Name))
		g.code.Var().Id(name).Op("=").Op("&").Add(impl("Enum")).Values(
			jen.Id("Values").Op(":").Index().String().Values(values...),
			jen.Id("Allowed").Op(":").Lit(strings.Join(allowed, ", ")))
	})
	return name, true
}

// pointedStructs are the struct types some member, element or value of the
// package's tools points to: their tables say how to allocate one.
func pointedStructs(pkg *model.Package) map[*model.Struct]bool {
	out := map[*model.Struct]bool{}
	seen := map[*model.Struct]bool{}
	var walk func(t *model.Type, pointed bool)
	walk = func(t *model.Type, pointed bool) {
		if t == nil {
			return
		}
		switch t.Kind {
		case model.KindPointer:
			walk(t.Elem, true)
			return
		case model.KindStruct:
			if pointed {
				out[t.Struct] = true
			}
			if seen[t.Struct] {
				return
			}
			seen[t.Struct] = true
			for _, f := range t.Struct.Fields {
				walk(f.Type, false)
			}
			return
		case model.KindUnion:
			for _, m := range t.Union.Members {
				walk(m.Type, false)
			}
			return
		}
		walk(t.Key, false)
		walk(t.Elem, false)
	}
	for _, tool := range pkg.Tools {
		for _, p := range tool.Params {
			walk(p.Type, false)
		}
		if tool.Input != nil {
			for _, f := range tool.Input.Fields {
				walk(f.Type, false)
			}
		}
		walk(tool.Result.Type, false)
	}
	return out
}

// tableCall writes a tool's dispatch as a call of toolimpl.Dispatch with
// its tables, when its arguments are a tabled struct and its result is
// nothing or a tabled struct, and reports whether it did:
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
// Other tools get a dispatch function of their own (callFunc).
func (g *generator) tableCall(t *model.Tool) bool {
	sp := structParam(t)
	if sp == nil {
		return false
	}
	in := structType(sp)
	inTable, ok := g.table(in)
	if !ok {
		return false
	}
	var args []jen.Code
	for _, p := range t.Params {
		switch p.Kind {
		case model.ParamContext:
			args = append(args, jen.Id("ctx"))
		case model.ParamCtx:
			args = append(args, rt("CtxFrom").Call(jen.Id("ctx")))
		case model.ParamStruct:
			if p.Type.Kind == model.KindPointer {
				args = append(args, jen.Op("&").Id("in"))
			} else {
				args = append(args, jen.Id("in"))
			}
		default:
			return false
		}
	}
	r := t.Result
	outTable := ""
	switch {
	case r.Kind == model.ResultNone:
	case r.Kind == model.ResultValue && !r.Wrapped && r.Type.Kind == model.KindStruct:
		if outTable, ok = g.table(r.Type); !ok {
			return false
		}
	default:
		return false
	}
	call := jen.Id(t.GoName).Call(args...)
	if t.Recv != nil {
		call = jen.Id("recv").Dot(t.GoName).Call(args...)
	}
	var body []jen.Code
	switch {
	case outTable == "":
		body = []jen.Code{jen.Return(call)}
	case r.HasError:
		body = []jen.Code{jen.List(jen.Id("out"), jen.Err()).Op("=").Add(call), jen.Return(jen.Err())}
	default:
		body = []jen.Code{jen.Id("out").Op("=").Add(call), jen.Return(jen.Nil())}
	}
	toolVar := "toolgenTool" + t.GoName
	spec := []jen.Code{jen.Id("Name").Op(":").Id(t.ConstName), jen.Id("In").Op(":").Id(inTable)}
	out := jen.Nil()
	if outTable != "" {
		spec = append(spec, jen.Id("Out").Op(":").Id(outTable))
		out = jen.Qual("unsafe", "Pointer").Call(jen.Op("&").Id("out"))
	}
	if t.NoRepair {
		spec = append(spec, jen.Id("NoRepair").Op(":").True())
	}
	params := []jen.Code{jen.Id("ctx").Qual("context", "Context"), jen.Id("args").Index().Byte()}
	if t.Recv != nil {
		params = append([]jen.Code{jen.Id("recv").Op("*").Id(t.Recv.TypeName)}, params...)
	}
	stmts := []jen.Code{jen.Var().Id("in").Add(goType(in))}
	if outTable != "" {
		stmts = append(stmts, jen.Var().Id("out").Add(goType(r.Type)))
	}
	stmts = append(stmts, jen.Return(impl("Dispatch").Call(
		jen.Id("ctx"), jen.Id("args"), jen.Op("&").Id(toolVar),
		jen.Qual("unsafe", "Pointer").Call(jen.Op("&").Id("in")), out,
		jen.Func().Params(jen.Id("ctx").Qual("context", "Context")).Params(jen.Err().Error()).Block(body...),
	)))
	g.code.Comment(fmt.Sprintf("%s reads the arguments of %s, calls %s and writes its result, as its tables say.", callName(t), t.Name, goRef(t)))
	g.code.Func().Id(callName(t)).Params(params...).Params(rt("Result"), jen.Error()).Block(stmts...)
	g.code.Var().Id(toolVar).Op("=").Add(impl("Tool")).Values(spec...)
	return true
}
