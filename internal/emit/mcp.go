package emit

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// promptsFunc writes Prompts(), the package's //toolgen:prompt functions
// as toolgen.Prompts; nothing when it has none.
//
//	func Prompts() []toolgen.Prompt {
//		return []toolgen.Prompt{{Name: "code_review", ..., Get: func(ctx context.Context, args map[string]string) ([]toolgen.PromptMessage, error) {
//			text, err := CodeReview(args["code"], Language(args["language"]))
//			...
//		}}}
//	}
func (g *generator) promptsFunc() {
	listFunc(g, "Prompts", "Prompt", "Prompts returns the MCP prompts of package "+g.pkg.Name, g.pkg.Prompts,
		func(p *model.Prompt) (string, jen.Code) { return p.Name, promptValue(p) })
}

// listFunc writes func name() []toolgen.elem returning the values of
// items, documented as doc followed by their names; nothing for no items.
func listFunc[T any](g *generator, name, elem, doc string, items []T, value func(T) (string, jen.Code)) {
	if len(items) == 0 {
		return
	}
	names := make([]string, len(items))
	values := make([]jen.Code, len(items))
	for i, item := range items {
		names[i], values[i] = value(item)
	}
	for _, line := range wrap(doc+": "+strings.Join(names, ", ")+".", 76) {
		g.code.Comment(line)
	}
	g.code.Func().Id(name).Params().Index().Add(rt(elem)).Block(
		jen.Return(jen.Index().Add(rt(elem)).Values(values...)))
}

// questionMethods writes each //toolgen:question type's form, which
// package mcp's Elicit sends as the elicitation's requestedSchema:
//
//	// ElicitationSchema returns Shipping's form (//toolgen:question).
//	func (Shipping) ElicitationSchema() []byte { return []byte(`{...}`) }
func (g *generator) questionMethods() {
	for i, q := range g.pkg.Questions {
		if i > 0 {
			g.flush()
		}
		for _, line := range wrap(fmt.Sprintf("ElicitationSchema returns %s's form (//toolgen:question), which mcp.Elicit asks the client's user to fill in.", q.GoName), 76) {
			g.code.Comment(line)
		}
		g.code.Func().Params(jen.Id(q.GoName)).Id("ElicitationSchema").Params().Index().Byte().Block(
			jen.Return(schemaBytes(q.Schema)))
	}
}

func field(name string, v jen.Code) jen.Code { return jen.Line().Id(name).Op(":").Add(v) }

// describedFields are the Name, Title and Description fields.
func describedFields(name, title, doc string) []jen.Code {
	fields := []jen.Code{field("Name", jen.Lit(name))}
	if title != "" {
		fields = append(fields, field("Title", jen.Lit(title)))
	}
	return append(fields, field("Description", jen.Lit(doc)))
}

func promptValue(p *model.Prompt) jen.Code {
	fields := describedFields(p.Name, p.Title, p.Doc)
	if len(p.Params) > 0 {
		args := make([]jen.Code, len(p.Params))
		for i, a := range p.Params {
			var required []jen.Code
			if !a.Optional {
				required = append(required, jen.Id("Required").Op(":").True())
			}
			args[i] = jen.Values(stringParamFields(a, required...)...)
		}
		fields = append(fields, field("Arguments", jen.Index().Add(rt("PromptArgument")).Values(lines(args)...)))
	}
	fn := jen.Func().Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("args").Map(jen.String()).String()).
		Params(jen.Index().Add(rt("PromptMessage")), jen.Error())
	call := jen.Id(p.GoName).Call(callArgs(p.HasContext, p.Params, "args")...)
	body := optionalArgs(p.Params)
	switch {
	case p.Messages && p.HasError:
		body = append(body, jen.Return(call))
	case p.Messages:
		body = append(body, jen.Return(call, jen.Nil()))
	case p.HasError:
		body = append(body,
			jen.List(jen.Id("text"), jen.Err()).Op(":=").Add(call),
			jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
			jen.Return(rt("UserText").Call(jen.Id("text")), jen.Nil()))
	default:
		body = append(body, jen.Return(rt("UserText").Call(call), jen.Nil()))
	}
	fields = append(fields, field("Get", fn.Block(body...)), jen.Line())
	return jen.Values(fields...)
}

// lines puts each element on a line of its own.
func lines(elems []jen.Code) []jen.Code {
	var out []jen.Code
	for _, e := range elems {
		out = append(out, jen.Line().Add(e))
	}
	return append(out, jen.Line())
}

// stringParamFields are the fields of a PromptArgument or a
// ResourceVariable, in the order the types declare them: Name,
// Description, then extra, then Values.
func stringParamFields(p *model.StringParam, extra ...jen.Code) []jen.Code {
	fields := []jen.Code{jen.Id("Name").Op(":").Lit(p.Name)}
	if p.Doc != "" {
		fields = append(fields, jen.Id("Description").Op(":").Lit(p.Doc))
	}
	fields = append(fields, extra...)
	if values := stringValues(p.Type); values != nil {
		fields = append(fields, jen.Id("Values").Op(":").Add(values))
	}
	return fields
}

// optionalArgs declares a pointer per optional argument, nil unless the
// client sent the argument:
//
//	var optTone *Tone
//	if v, ok := args["tone"]; ok {
//		optTone = new(Tone(v))
//	}
func optionalArgs(params []*model.StringParam) []jen.Code {
	var code []jen.Code
	for _, p := range params {
		if !p.Optional {
			continue
		}
		v := jen.Id("v")
		if p.Type.Pkg != "" {
			v = GoType(p.Type).Call(v)
		}
		code = append(code,
			jen.Var().Id(optionalVar(p)).Op("*").Add(GoType(p.Type)),
			jen.If(jen.List(jen.Id("v"), jen.Id("ok")).Op(":=").Id("args").Index(jen.Lit(p.Name)), jen.Id("ok")).Block(
				jen.Id(optionalVar(p)).Op("=").New(v)))
	}
	return code
}

// optionalVar names an optional argument's pointer: opt and the
// parameter's name (optTone), which takes none of the closure's names
// (ctx, args, v, ok).
func optionalVar(p *model.StringParam) string {
	return "opt" + strings.ToUpper(p.GoName[:1]) + p.GoName[1:]
}

// callArgs are the arguments of a prompt's or a resource's function: the
// context, then each parameter's string from the map named from,
// converted to the parameter's type.
func callArgs(hasContext bool, params []*model.StringParam, from string) []jen.Code {
	var args []jen.Code
	if hasContext {
		args = append(args, jen.Id("ctx"))
	}
	for _, p := range params {
		if p.Optional {
			args = append(args, jen.Id(optionalVar(p)))
			continue
		}
		v := jen.Id(from).Index(jen.Lit(p.Name))
		if p.Type.Pkg != "" { // a named string type; string itself has no package

			v = GoType(p.Type).Call(v)
		}
		args = append(args, v)
	}
	return args
}

// stringValues is []string{...} of a string enum's values, or nil for a
// type without constants.
func stringValues(t *model.Type) jen.Code {
	if t.Kind != model.KindEnum {
		return nil
	}
	var values []jen.Code
	for _, lit := range t.EnumValues() {
		v, err := strconv.Unquote(lit)
		if err != nil {
			panic(fmt.Sprintf("enum %s: value %s is not a Go string literal", t.Name, lit)) // analyze made it one
		}
		values = append(values, jen.Lit(v))
	}
	return jen.Index().String().Values(values...)
}

// resourcesFunc writes Resources(), the package's //toolgen:resource
// functions as toolgen.Resources; nothing when it has none.
//
//	func Resources() []toolgen.Resource {
//		return []toolgen.Resource{{URI: "file:///notes/{name}", ..., Read: func(ctx context.Context, vars map[string]string) (toolgen.ResourceContents, error) {
//			text, err := Note(ctx, vars["name"])
//			return toolgen.ResourceContents{Text: text}, err
//		}}}
//	}
func (g *generator) resourcesFunc() {
	listFunc(g, "Resources", "Resource", "Resources returns the MCP resources and resource templates of package "+g.pkg.Name, g.pkg.Resources,
		func(r *model.Resource) (string, jen.Code) { return r.URI, resourceValue(r) })
}

// cacheHintValue is &toolgen.CacheHint{TTL: N * time.Millisecond, Public: true}.
func cacheHintValue(h *model.CacheHint) jen.Code {
	var fields []jen.Code
	if h.TTLMs != 0 {
		fields = append(fields, jen.Id("TTL").Op(":").Lit(int(h.TTLMs)).Op("*").Qual("time", "Millisecond"))
	}
	if h.Public {
		fields = append(fields, jen.Id("Public").Op(":").True())
	}
	return jen.Op("&").Add(rt("CacheHint")).Values(fields...)
}

func resourceValue(r *model.Resource) jen.Code {
	fields := append([]jen.Code{field("URI", jen.Lit(r.URI))}, describedFields(r.Name, r.Title, r.Doc)...)
	if r.MIMEType != "" {
		fields = append(fields, field("MIMEType", jen.Lit(r.MIMEType)))
	}
	if r.Cache != nil {
		fields = append(fields, field("Cache", cacheHintValue(r.Cache)))
	}
	if len(r.Params) > 0 {
		vars := make([]jen.Code, len(r.Params))
		for i, p := range r.Params {
			vars[i] = jen.Values(stringParamFields(p)...)
		}
		fields = append(fields, field("Variables", jen.Index().Add(rt("ResourceVariable")).Values(lines(vars)...)))
	}
	member := "Text"
	if r.Blob {
		member = "Blob"
	}
	fn := jen.Func().Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("vars").Map(jen.String()).String()).
		Params(rt("ResourceContents"), jen.Error())
	call := jen.Id(r.GoName).Call(callArgs(r.HasContext, r.Params, "vars")...)
	var body []jen.Code
	if r.HasError {
		body = []jen.Code{
			jen.List(jen.Id("v"), jen.Err()).Op(":=").Add(call),
			jen.Return(rt("ResourceContents").Values(jen.Id(member).Op(":").Id("v")), jen.Err()),
		}
	} else {
		body = []jen.Code{jen.Return(rt("ResourceContents").Values(jen.Id(member).Op(":").Add(call)), jen.Nil())}
	}
	fields = append(fields, field("Read", fn.Block(body...)), jen.Line())
	return jen.Values(fields...)
}
