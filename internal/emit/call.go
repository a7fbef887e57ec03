package emit

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// callFunc writes a tool's dispatch:
//
//	func toolgenCallGetWeather(ctx context.Context, args []byte) (res toolgen.Result, err error) {
//		defer toolimpl.Recover(ToolGetWeather, &res, &err)
//		d := new(toolimpl.Decoder)
//		d.Reset(args)
//		d.RepairIfAsked(ctx) // unless the tool has the norepair option
//		... read the arguments ...
//		if err := d.Close(); err != nil {
//			return toolimpl.BadArgs(err), nil
//		}
//		if toolimpl.Checking(ctx) {
//			return res, nil
//		}
//		... call, write the result ...
//	}
//
// The deferred Recover costs the compiler a small wrapper function per tool,
// but recovering around Call in toolimpl.Tools instead cost every call an
// extra indirect call and frame (about 20 ns of 260).
func (g *generator) callFunc(t *model.Tool) {
	if g.tableCall(t) {
		return
	}
	params := []jen.Code{jen.Id("ctx").Qual("context", "Context"), jen.Id("args").Index().Byte()}
	if t.Recv != nil {
		params = append([]jen.Code{jen.Id("recv").Op("*").Id(t.Recv.TypeName)}, params...)
	}
	body := []jen.Code{
		jen.Defer().Add(impl("Recover")).Call(jen.Id(t.ConstName), jen.Op("&").Id("res"), jen.Op("&").Err()),
		d.Clone().Op(":=").New(impl("Decoder")),
		d.Clone().Dot("Reset").Call(jen.Id("args")),
	}
	if !t.NoRepair {
		body = append(body, d.Clone().Dot("RepairIfAsked").Call(jen.Id("ctx")))
	}
	body = append(body, g.readInput(t)...)
	body = append(body, jen.If(jen.Err().Op(":=").Add(d.Clone().Dot("Close").Call()), jen.Err().Op("!=").Nil()).Block(
		jen.Return(impl("BadArgs").Call(jen.Err()), jen.Nil())))
	// toolgen.Tool.Validate (toolimpl.Validator) stops here.
	body = append(body, jen.If(impl("Checking").Call(jen.Id("ctx"))).Block(jen.Return(jen.Id("res"), jen.Nil())))
	body = append(body, g.callAndWrite(t)...)
	g.code.Comment(fmt.Sprintf("%s reads the arguments of %s, calls %s and writes its result.", callName(t), t.Name, goRef(t)))
	g.code.Func().Id(callName(t)).Params(params...).Params(jen.Id("res").Add(rt("Result")), jen.Err().Error()).Block(body...)
}

func (g *generator) readInput(t *model.Tool) []jen.Code {
	for _, p := range t.Params {
		if p.Kind != model.ParamStruct {
			continue
		}
		if p.Type.Kind == model.KindPointer {
			return []jen.Code{
				jen.Id("in").Op(":=").New(GoType(p.Type.Elem)),
				jen.Id(g.structHelper(p.Type.Elem)).Call(d, jen.Id("in")),
			}
		}
		return []jen.Code{
			jen.Var().Id("in").Add(GoType(p.Type)),
			jen.Id(g.structHelper(p.Type)).Call(d, jen.Op("&").Id("in")),
		}
	}
	var vars []jen.Code
	for _, f := range t.Input.Fields {
		vars = append(vars, jen.Id(argName(f.Path[0].Name)).Add(GoType(f.Type)))
	}
	out := []jen.Code{}
	if len(vars) > 0 {
		out = append(out, jen.Var().Defs(vars...))
	}
	return append(out, g.objectBody(t.Input, inputObjectVar(t), func(f *model.Field) *jen.Statement { return jen.Id(argName(f.Path[0].Name)) })...)
}

// callAndWrite calls the tool and turns what it returns into a Result.
func (g *generator) callAndWrite(t *model.Tool) []jen.Code {
	callExpr := g.toolCall(t)
	failed := jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(impl("ToolFailed").Call(jen.Id("ctx"), jen.Err())))
	r := t.Result
	if r.Kind == model.ResultNone {
		return []jen.Code{
			jen.If(jen.Err().Op(":=").Add(callExpr), jen.Err().Op("!=").Nil()).Block(jen.Return(impl("ToolFailed").Call(jen.Id("ctx"), jen.Err()))),
			jen.Return(rt("TextResult").Call(jen.Lit("ok")), jen.Nil()),
		}
	}
	var out []jen.Code
	if r.HasError {
		out = append(out, jen.List(jen.Id("out"), jen.Err()).Op(":=").Add(callExpr), failed)
	} else {
		out = append(out, jen.Id("out").Op(":=").Add(callExpr))
	}
	if r.Kind == model.ResultRaw {
		return append(out, jen.Return(jen.Id("out"), jen.Nil()))
	}
	if r.Kind == model.ResultText && t.Untrusted {
		text := impl("Fence").Call(jen.Lit(t.Name), convert(r.Type, "string", jen.Id("out")))
		return append(out, jen.Return(rt("TextResult").Call(text), jen.Nil()))
	}
	if r.Kind == model.ResultText {
		return append(out, jen.Return(rt("TextResult").Call(convert(r.Type, "string", jen.Id("out"))), jen.Nil()))
	}
	return append(out, g.writeResult(t)...)
}

func (g *generator) toolCall(t *model.Tool) *jen.Statement {
	var args []jen.Code
	for _, p := range t.Params {
		switch p.Kind {
		case model.ParamContext:
			args = append(args, jen.Id("ctx"))
		case model.ParamCtx:
			args = append(args, rt("CtxFrom").Call(jen.Id("ctx")))
		case model.ParamPartial:
			args = append(args, rt("NewPartial").Call(jen.Id("ctx"), jen.Id(partialName(t))))
		case model.ParamStruct:
			args = append(args, jen.Id("in"))
		default:
			args = append(args, jen.Id(argName(p.GoName)))
		}
	}
	if t.Recv != nil {
		return jen.Id("recv").Dot(t.GoName).Call(args...)
	}
	return jen.Id(t.GoName).Call(args...)
}

// partialFunc writes the encoder of what a tool's toolgen.Partial[T]
// sends, which the dispatch hands to toolgen.NewPartial:
//
//	func toolgenSendSearch(v Page) ([]byte, error) {
//		e := toolimpl.PartialEncoder()
//		toolgenEncodePage(e, &v)
//		return toolimpl.PartialWritten(e)
//	}
//
// It writes T as a result's value is written, with the same helpers, but
// unwrapped (see schema's partialSchema), and hands out a copy: the
// receiver may keep each partial result (toolimpl/partial.go says why the
// Encoder is pooled).
func (g *generator) partialFunc(t *model.Tool) {
	p := t.Partial()
	if p == nil {
		return
	}
	body := []jen.Code{e.Clone().Op(":=").Add(impl("PartialEncoder")).Call()}
	body = append(body, g.writeValue(p.Type, jen.Id("v"), 0)...)
	body = append(body, jen.Return(impl("PartialWritten").Call(e.Clone())))
	g.code.Comment(fmt.Sprintf("%s writes what %s sends through its toolgen.Partial[%s], as JSON.", partialName(t), t.Name, g.typeText(p.Type)))
	g.code.Func().Id(partialName(t)).Params(jen.Id("v").Add(GoType(p.Type))).Params(jen.Index().Byte(), jen.Error()).Block(body...)
}

// writeResult encodes a value result into the memory the decoder left
// spare, so a call allocates as little as possible.
func (g *generator) writeResult(tool *model.Tool) []jen.Code {
	r := tool.Result
	out := []jen.Code{}
	t, v := r.Type, jen.Id("out")
	// A nil pointer result is a failed result: the tool declares an output
	// schema, and neither null nor {"result": null} would match it. An
	// object result is the struct itself, so every pointer to it must be
	// there; a wrapped result may hold null below its top pointer (its
	// schema says so).
	var ptr *jen.Statement // v's address, when v is a pointer's target
	for t.Kind == model.KindPointer {
		out = append(out, jen.If(v.Clone().Op("==").Nil()).Block(jen.Return(rt("ErrorResult").Call(jen.Lit(g.noResult(tool, t))), jen.Nil())))
		ptr = v.Clone()
		t, v = t.Elem, jen.Parens(jen.Op("*").Add(v))
		if r.Wrapped {
			break
		}
	}
	out = append(out,
		e.Clone().Op(":=").New(impl("Encoder")),
		e.Clone().Dot("Reset").Call(d.Clone().Dot("Spare").Call()),
	)
	if r.Wrapped {
		out = append(out, call("Object"), call("Member", jen.Lit(memberKey("result"))))
		out = append(out, g.writeValue(t, v, 0)...)
		out = append(out, call("EndObject"))
	} else if ptr != nil && t.Kind == model.KindStruct {
		out = append(out, jen.Id(g.encodeHelper(t)).Call(e.Clone(), ptr)) // the pointer itself, not &(*out)
	} else {
		out = append(out, g.writeValue(t, v, 0)...)
	}
	return append(out, jen.Return(impl("Structured").Call(e.Clone()), jen.Nil()))
}

// noResult is the message of a failed result for a nil pointer of type t
// where the tool's result should be.
func (g *generator) noResult(tool *model.Tool, t *model.Type) string {
	msg := fmt.Sprintf("%s returned no result (a nil %s)", tool.Name, g.typeText(t))
	if tool.Result.HasError {
		msg += " and no error"
	}
	return msg
}

// typeText spells t as its package's code would: *Report, []*time.Time.
func (g *generator) typeText(t *model.Type) string {
	if t.Name != "" {
		if t.Pkg == "" || t.Pkg == g.pkg.Path {
			return t.Name
		}
		return path.Base(t.Pkg) + "." + t.Name
	}
	switch t.Kind {
	case model.KindPointer:
		return "*" + g.typeText(t.Elem)
	case model.KindSlice:
		return "[]" + g.typeText(t.Elem)
	case model.KindBytes:
		if t.Elem != nil {
			return "[]" + g.typeText(t.Elem)
		}
		return "[]byte"
	case model.KindArray:
		return fmt.Sprintf("[%d]%s", t.Len, g.typeText(t.Elem))
	case model.KindMap:
		return "map[" + g.typeText(t.Key) + "]" + g.typeText(t.Elem)
	}
	return "any"
}

// structHelper asks for the function reading a struct and returns its name.
func (g *generator) structHelper(t *model.Type) string {
	return g.codecHelper(t, "toolgenDecode", "reads", "Decoder", "ReadStruct", func() []jen.Code {
		return g.objectBody(t.Struct, objectVar(t.Struct), func(f *model.Field) *jen.Statement { return fieldExpr(jen.Id("v"), f.Path) })
	})
}

// encodeHelper asks for the function writing a struct and returns its name.
func (g *generator) encodeHelper(t *model.Type) string {
	return g.codecHelper(t, "toolgenEncode", "writes", "Encoder", "WriteStruct", func() []jen.Code {
		return g.structBody(t.Struct, jen.Id("v"))
	})
}

// codecHelper asks for the function that reads or writes (verb) a struct,
// named prefix and the struct's ID, and returns its name: its body calls
// toolimpl's tableFunc with the struct's table, or is body's code.
func (g *generator) codecHelper(t *model.Type, prefix, verb, codec, tableFunc string, body func() []jen.Code) string {
	name := prefix + t.Struct.ID
	arg := strings.ToLower(codec[:1]) // d *toolimpl.Decoder, e *toolimpl.Encoder
	table, tabled := g.table(t)
	g.want(name, func() {
		doc := fmt.Sprintf("%s %s a %s object", name, verb, t.Name)
		var stmts []jen.Code
		if tabled {
			doc += ", as its table says"
			stmts = []jen.Code{impl(tableFunc).Call(jen.Id(arg), jen.Id(table), jen.Qual("unsafe", "Pointer").Call(jen.Id("v")))}
		} else {
			stmts = body()
		}
		g.code.Comment(doc + ".")
		g.code.Func().Id(name).Params(jen.Id(arg).Op("*").Add(impl(codec)), jen.Id("v").Op("*").Add(GoType(t))).Block(stmts...)
	})
	return name
}

func (g *generator) want(name string, write func()) {
	if !g.helpers[name] {
		g.helpers[name] = true
		g.helperQueue = append(g.helperQueue, write)
	}
}

// enumHelper asks for the function reading an enum:
//
//	func toolgenDecodeUnit(d *runtime.Decoder, v *Unit) {
//		s, ok := d.StringBytes()
//		if !ok {
//			return
//		}
//		switch string(s) {
//		case "c":
//			*v = Celsius
//		default:
//			d.NotOneOf(s, `"c", "f"`)
//		}
//	}
func (g *generator) enumHelper(t *model.Type) string {
	name := g.helperName("toolgenDecode", t)
	g.want(name, func() {
		read, subject, notOneOf := d.Clone().Dot("StringBytes").Call(), jen.String().Call(jen.Id("s")), "NotOneOf"
		arg := jen.Id("s")
		if t.Basic != model.KindString {
			// Read with the underlying kind and width: an enum's own Kind says
			// nothing about signedness.
			read, subject, notOneOf = intCall(&model.Type{Kind: t.Basic, Bits: t.Bits}, model.Constraints{}), jen.Id("s"), "NotOneOfInt"
			if t.Basic == model.KindUint {
				arg = jen.Int64().Call(jen.Id("s"))
			}
		}
		var cases []jen.Code
		seen := map[string]bool{}
		for _, v := range t.Enum.Values {
			if seen[v.Value] {
				continue // two names for one value
			}
			seen[v.Value] = true
			cases = append(cases, jen.Case(jen.Id(v.Value)).Block(jen.Op("*").Id("v").Op("=").Add(g.constRef(t, v))))
		}
		allowed := enumAllowed(t)
		cases = append(cases, jen.Default().Block(d.Clone().Dot(notOneOf).Call(arg, jen.Lit(allowed))))
		g.code.Comment(fmt.Sprintf("%s reads a %s: one of %s.", name, t.Name, allowed))
		g.code.Func().Id(name).Params(jen.Id("d").Op("*").Add(impl("Decoder")), jen.Id("v").Op("*").Add(GoType(t))).Block(
			jen.List(jen.Id("s"), jen.Id("ok")).Op(":=").Add(read),
			jen.If(jen.Op("!").Id("ok")).Block(jen.Return()),
			jen.Switch(subject).Block(cases...),
		)
	})
	return name
}

// enumAllowed says an enum's distinct values as a problem says them:
// "c", "f" or 1, 2.
func enumAllowed(t *model.Type) string {
	var shown []string
	for _, v := range t.EnumValues() {
		shown = append(shown, enumShown(v))
	}
	return strings.Join(shown, ", ")
}

// enumShown is how a model sees an enum value: "c" or 3.
func enumShown(lit string) string {
	if s, err := strconv.Unquote(lit); err == nil {
		return strconv.Quote(s)
	}
	return lit
}

// constRef names an enum constant, or converts its value when generated
// code cannot name it (unexported in another package).
func (g *generator) constRef(t *model.Type, v model.EnumValue) jen.Code {
	if t.Pkg == g.pkg.Path || jenExported(v.GoName) {
		return jen.Qual(t.Pkg, v.GoName)
	}
	return GoType(t).Call(jen.Id(v.Value))
}

func jenExported(name string) bool { return name != "" && strings.ToUpper(name[:1]) == name[:1] }

// objectVar names the member table of a struct type.
func objectVar(s *model.Struct) string { return "toolgenObject" + s.ID }

// inputObject is the member table of a tool's arguments, as an expression.
func (g *generator) inputObject(t *model.Tool) jen.Code {
	if sp := structParam(t); sp != nil {
		if table, ok := g.table(structType(sp)); ok {
			return jen.Op("&").Id(table).Dot("Object")
		}
	}
	if pt := g.paramsType(t); pt != nil && g.viaTables[t] {
		if table, ok := g.table(pt); ok {
			return jen.Op("&").Id(table).Dot("Object")
		}
	}
	return jen.Id(inputObjectVar(t))
}

// inputObjectVar names the member table of a tool's arguments: its struct
// parameter's type's, or its own for separate parameters.
func inputObjectVar(t *model.Tool) string {
	for _, p := range t.Params {
		if p.Kind == model.ParamStruct {
			return objectVar(t.Input)
		}
	}
	return "toolgenArgs" + t.GoName
}
