// Package mcpgen generates typed Go client stubs for the tools of an MCP
// server: per tool an argument struct from its inputSchema, a result struct
// from its outputSchema (when it has one), named types for enums (with
// their constants) and for $defs (recursive ones included), time.Time for
// date-time strings, and a method of Stubs that checks the arguments, calls
// the tool through an *mcp.Client and decodes its structured result. The
// toolgen command's mcp subcommand runs it against a live server.
//
// The types are internal/model types, so that internal/emit writes their
// readers and writers as it writes a tool's (no reflection): a stub writes
// its arguments with the generated encoder and reads them back with the
// generated decoder a toolgen server decodes them with, so it refuses
// before sending what that server would refuse, every problem at once, in
// the server's words; the structured result is read with a generated
// decoder too, checked against the output schema.
package mcpgen

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/emit"
	"github.com/toolgen-dev/toolgen/internal/genfile"
	"github.com/toolgen-dev/toolgen/internal/model"
	"github.com/toolgen-dev/toolgen/internal/toolpin"
)

const (
	mcpPath  = genfile.MCPPath
	apiPath  = genfile.APIPath
	implPath = "github.com/toolgen-dev/toolgen/toolimpl"
)

// genVersion is the version of generated code the stubs declare, as the
// tools files do (emit.GenVersion, which a test keeps equal to the
// runtime's); a variable so that a test can write a mismatched file.
var genVersion = emit.GenVersion

// Tool is what the generator needs of a remote tool: what its stub is made
// from, and the rest of its definition, which its pin digests.
type Tool = toolpin.Tool

// Config is one generation.
type Config struct {
	Package string // the Go package name
	Source  string // where the tools came from, for the file's doc comment
	Tools   []Tool
}

// ParseToolsList reads the result of a tools/list call ({"tools":[...]}).
func ParseToolsList(data []byte) ([]Tool, error) {
	var res struct {
		Tools []Tool `json:"tools"`
	}
	if err := json.Unmarshal(data, &res); err != nil {
		return nil, fmt.Errorf("mcpgen: tools/list result: %w", err)
	}
	return res.Tools, nil
}

// ParseDefinition reads a tool's definition as package mcp's client pins
// it (mcp.Pin.Definition): toolgen mcp generates from the definitions its
// stubs then pin, so that what they are made from is what they check.
func ParseDefinition(def []byte) (Tool, error) {
	var t Tool
	if err := json.Unmarshal(def, &t); err != nil {
		return Tool{}, fmt.Errorf("mcpgen: a tool's definition: %w", err)
	}
	return t, nil
}

// Generate renders the stubs file.
func Generate(cfg Config) ([]byte, error) {
	if !isIdent(cfg.Package) {
		return nil, fmt.Errorf("mcpgen: %q is not a package name", cfg.Package)
	}
	tools := append([]Tool(nil), cfg.Tools...)
	sort.Slice(tools, func(i, j int) bool { return tools[i].Name < tools[j].Name })
	f := genfile.New("", cfg.Package, genfile.Head{Generator: "toolgen mcp"})
	versionGuard(f)
	stubsDecl(f, cfg.Source)
	if err := pinsDecl(f, tools); err != nil {
		return nil, err
	}
	methods := newNamer()
	types := newNamer()
	types.used["Stubs"], types.used["NewStubs"], types.used["Pins"] = true, true, true
	types.shared = map[string]*model.Type{}
	codecs := emit.NewCodecs()
	for _, t := range tools {
		if err := toolDecl(f, t, methods.name(t.Name), types, codecs); err != nil {
			return nil, err
		}
	}
	codecs.Write(f.Group, "the server's schemas")
	src, err := genfile.Render(f)
	if err != nil {
		return nil, fmt.Errorf("mcpgen: %w", err)
	}
	return src, nil
}

// versionGuard: compile errors when the stubs and the runtime disagree, the
// guard of the tools files.
func versionGuard(f *jen.File) { genfile.VersionGuard(f.Group, genVersion) }

// stubsDecl declares Stubs and NewStubs.
func stubsDecl(f *jen.File, source string) {
	doc := "Stubs calls the tools of an MCP server with typed arguments."
	if source != "" {
		doc = fmt.Sprintf("Stubs calls the tools of the MCP server %s with typed arguments.", source)
	}
	f.Comment(doc)
	f.Comment("Each method checks its arguments against the tool's input schema first, as")
	f.Comment("a toolgen server's generated decoder does, and sends nothing when they fail")
	f.Comment("(a *toolimpl.ArgsError lists every problem); then it calls the tool: a")
	f.Comment("failure the tool reports comes with a *mcp.ToolError, a call the server")
	f.Comment("refuses with a *mcp.RPCError (see mcp.Client.CallTool). A tool with an")
	f.Comment("output schema returns its structured result decoded and checked against it.")
	f.Type().Id("Stubs").Struct(jen.Id("client").Op("*").Qual(mcpPath, "Client"))
	f.Comment("NewStubs calls the server through c, and pins the tools on c (see Pins).")
	f.Func().Id("NewStubs").Params(jen.Id("c").Op("*").Qual(mcpPath, "Client")).Op("*").Id("Stubs").Block(
		jen.Id("c").Dot("Pin").Call(jen.Id("Pins").Op("...")),
		jen.Return(jen.Op("&").Id("Stubs").Values(jen.Id("client").Op(":").Id("c"))),
	)
}

// pinsDecl declares Pins: each tool's definition as the stubs were
// generated from it, and its digest.
func pinsDecl(f *jen.File, tools []Tool) error {
	pins := make([]jen.Code, 0, len(tools))
	for _, t := range tools {
		def, err := Definition(t)
		if err != nil {
			return err
		}
		// Quoted strings, not raw ones: a character that does not show
		// (a bidirectional control, a zero-width space) shows as its escape.
		pins = append(pins, jen.Line().Values(
			jen.Id("Name").Op(":").Lit(t.Name),
			jen.Id("Digest").Op(":").Lit(toolpin.Digest(def)),
			jen.Id("Definition").Op(":").Lit(string(def)),
		))
	}
	f.Comment("Pins are the definitions of the server's tools these stubs were generated")
	f.Comment("from. NewStubs pins them on its client, which then refuses, before sending")
	f.Comment("anything, a call of a tool the server has changed since, with a")
	f.Comment("*mcp.DriftError showing what changed; toolgen mcp -check prints the changes.")
	if len(pins) > 0 {
		pins[len(pins)-1] = jen.Add(pins[len(pins)-1]).Op(",").Line() // one pin a line
	}
	f.Var().Id("Pins").Op("=").Index().Qual(mcpPath, "Pin").Values(pins...)
	return nil
}

// Definition is the canonical definition of t that its pin digests, as
// package mcp's client digests a listed tool: a missing input schema is an
// empty object's.
func Definition(t Tool) ([]byte, error) {
	if len(t.InputSchema) == 0 || string(t.InputSchema) == "null" {
		t.InputSchema = json.RawMessage(`{"type":"object"}`)
	}
	def, err := toolpin.Definition(t)
	if err != nil {
		return nil, fmt.Errorf("mcpgen: %w", err)
	}
	return def, nil
}

// toolDecl declares one tool's types (its arguments, its result, and the
// types they use), the check of its arguments and the Stubs method calling
// it.
func toolDecl(f *jen.File, t Tool, goName string, types *namer, codecs *emit.Codecs) error {
	in, err := parseObject(t.InputSchema, "inputSchema")
	if err != nil {
		return fmt.Errorf("mcpgen: tool %s: %w", t.Name, err)
	}
	conv := newConverter(in, types)
	args := conv.object(in, goName+"Args", "the arguments of the tool "+t.Name)
	decls := conv.decls
	var result *model.Type
	if len(t.OutputSchema) > 0 && string(t.OutputSchema) != "null" {
		out, err := parseObject(t.OutputSchema, "outputSchema")
		if err != nil {
			return fmt.Errorf("mcpgen: tool %s: %w", t.Name, err)
		}
		rc := newConverter(out, types)
		result = rc.result(out, goName+"Result", "the structured result of the tool "+t.Name)
		decls = append(decls, rc.decls...)
	}
	for _, d := range decls {
		typeDecl(f, d)
	}
	checkDecl(f, args, codecs)
	for _, line := range methodDoc(goName, t) {
		f.Comment(line)
	}
	method := f.Func().Params(jen.Id("s").Op("*").Id("Stubs")).Id(goName).
		Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("args").Id(args.Name))
	if result == nil {
		method.Params(jen.Qual(apiPath, "Result"), jen.Error()).Block(untypedCall(t.Name, args)...)
		return nil
	}
	method.Params(jen.Id(result.Name), jen.Error()).Block(typedCall(t.Name, args, result, codecs)...)
	return nil
}

// checkDecl declares the function writing a tool's arguments and checking
// them, and their Validate method.
//
//	func toolgenCheckEchoArgs(a *EchoArgs) ([]byte, error) {
//		e := new(toolimpl.Encoder)
//		e.Reset(nil)
//		toolgenEncodeEchoArgs(e, a)
//		b, err := e.Written()
//		if err != nil {
//			return nil, err
//		}
//		d := new(toolimpl.Decoder)
//		d.Reset(b)
//		var v EchoArgs
//		toolgenDecodeEchoArgs(d, &v)
//		if err := d.Close(); err != nil {
//			return nil, err
//		}
//		return b, nil
//	}
func checkDecl(f *jen.File, args *model.Type, codecs *emit.Codecs) {
	name := checkFunc(args)
	f.Comment(fmt.Sprintf("%s writes a as JSON and reads that back as a toolgen server's", name))
	f.Comment("generated decoder reads it, so that what the server would refuse is refused")
	f.Comment("before sending: every problem at once, in its words.")
	f.Func().Id(name).Params(jen.Id("a").Op("*").Id(args.Name)).Params(jen.Index().Byte(), jen.Error()).Block(
		jen.Id("e").Op(":=").New(jen.Qual(implPath, "Encoder")),
		jen.Id("e").Dot("Reset").Call(jen.Nil()),
		jen.Id(codecs.Encoder(args)).Call(jen.Id("e"), jen.Id("a")),
		jen.List(jen.Id("b"), jen.Err()).Op(":=").Id("e").Dot("Written").Call(),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Id("d").Op(":=").New(jen.Qual(implPath, "Decoder")),
		jen.Id("d").Dot("Reset").Call(jen.Id("b")),
		jen.Var().Id("v").Id(args.Name),
		jen.Id(codecs.Decoder(args)).Call(jen.Id("d"), jen.Op("&").Id("v")),
		jen.If(jen.Err().Op(":=").Id("d").Dot("Close").Call(), jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Nil(), jen.Err())),
		jen.Return(jen.Id("b"), jen.Nil()),
	)
	f.Comment("Validate checks a against the tool's input schema as a toolgen server's generated")
	f.Comment("decoder does: nil, or a *toolimpl.ArgsError listing every problem in its words.")
	f.Func().Params(jen.Id("a").Id(args.Name)).Id("Validate").Params().Error().Block(
		jen.List(jen.Id("_"), jen.Err()).Op(":=").Id(name).Call(jen.Op("&").Id("a")),
		jen.Return(jen.Err()),
	)
}

func checkFunc(args *model.Type) string { return "toolgenCheck" + args.Name }

// untypedCall checks the arguments and calls the tool, returning its result
// as it is.
func untypedCall(tool string, args *model.Type) []jen.Code {
	return []jen.Code{
		jen.List(jen.Id("b"), jen.Err()).Op(":=").Id(checkFunc(args)).Call(jen.Op("&").Id("args")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Qual(apiPath, "Result").Values(), jen.Err())),
		jen.Return(jen.Id("s").Dot("client").Dot("CallTool").Call(jen.Id("ctx"), jen.Lit(tool), jen.Id("b"))),
	}
}

// typedCall checks the arguments, calls the tool and reads its structured
// result with the generated decoder (which checks it against the output
// schema).
func typedCall(tool string, args, result *model.Type, codecs *emit.Codecs) []jen.Code {
	out := jen.Id("out")
	fail := func(msg string) jen.Code {
		return jen.Return(out.Clone(), jen.Qual("fmt", "Errorf").Call(jen.Lit("mcp: tool %s: "+msg), jen.Lit(tool), jen.Err()))
	}
	return []jen.Code{
		jen.Var().Add(out.Clone()).Id(result.Name),
		jen.List(jen.Id("b"), jen.Err()).Op(":=").Id(checkFunc(args)).Call(jen.Op("&").Id("args")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(out.Clone(), jen.Err())),
		jen.List(jen.Id("r"), jen.Err()).Op(":=").Id("s").Dot("client").Dot("CallTool").Call(jen.Id("ctx"), jen.Lit(tool), jen.Id("b")),
		jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(out.Clone(), jen.Err())),
		jen.If(jen.Len(jen.Id("r").Dot("Structured")).Op("==").Lit(0)).Block(
			jen.Return(out.Clone(), jen.Qual("fmt", "Errorf").Call(jen.Lit("mcp: tool %s: no structured result, though the tool has an output schema"), jen.Lit(tool)))),
		jen.Id("d").Op(":=").New(jen.Qual(implPath, "Decoder")),
		jen.Id("d").Dot("Reset").Call(jen.Id("r").Dot("Structured")),
		jen.Id(codecs.Decoder(result)).Call(jen.Id("d"), jen.Op("&").Add(out.Clone())),
		jen.If(jen.Err().Op(":=").Id("d").Dot("Close").Call(), jen.Err().Op("!=").Nil()).Block(
			fail("the structured result does not match the output schema: %w")),
		jen.Return(out.Clone(), jen.Nil()),
	}
}

// typeDecl declares a struct or an enum with its constants.
func typeDecl(f *jen.File, d decl) {
	t := d.t
	f.Comment(fmt.Sprintf("%s %s %s.", t.Name, d.verb(), d.what))
	if doc := strings.TrimSpace(t.Doc); doc != "" {
		f.Comment("")
		for line := range strings.SplitSeq(doc, "\n") {
			f.Comment(strings.TrimRight(line, " \t\r"))
		}
	}
	if t.Kind == model.KindEnum {
		basic := jen.String()
		if t.Basic != model.KindString {
			basic = jen.Int64()
		}
		f.Type().Id(t.Name).Add(basic)
		defs := make([]jen.Code, len(t.Enum.Values))
		for i, v := range t.Enum.Values {
			defs[i] = jen.Id(v.GoName).Id(t.Name).Op("=").Id(v.Value)
		}
		f.Comment(fmt.Sprintf("The values of %s.", t.Name))
		f.Const().Defs(defs...)
		return
	}
	f.Type().Id(t.Name).StructFunc(func(g *jen.Group) {
		for _, fd := range t.Struct.Fields {
			if fd.Doc != "" {
				for line := range strings.SplitSeq(fd.Doc, "\n") {
					if line = oneLine(line); line != "" {
						g.Comment(line)
					}
				}
			}
			g.Id(fd.Path[0].Name).Add(emit.GoType(fd.Type)).Tag(fieldTags(fd))
		}
	})
}

// fieldTags are a stub field's tags: its JSON name, and, for a member the
// server mirrors into an HTTP header (x-mcp-header), the header option,
// so that the stubs' types say it and a toolgen tool taking them
// declares it too. The client sends the header from the listed schema.
func fieldTags(fd *model.Field) map[string]string {
	tags := map[string]string{"json": tag(fd)}
	if h := fd.Constraints.Header; h != "" {
		tags["toolgen"] = "header=" + h
	}
	return tags
}

// tag is a field's json tag, saying what the generated encoder leaves out.
func tag(f *model.Field) string {
	switch {
	case f.OmitZero:
		return f.JSONName + ",omitzero"
	case !f.Required:
		return f.JSONName + ",omitempty"
	}
	return f.JSONName
}

// methodDoc documents a Stubs method with the tool's description, one
// comment line each.
func methodDoc(goName string, t Tool) []string {
	doc := []string{fmt.Sprintf("%s calls the tool %s.", goName, t.Name)}
	if d := strings.TrimSpace(t.Description); d != "" {
		doc = append(doc, "")
		for line := range strings.SplitSeq(d, "\n") {
			doc = append(doc, strings.TrimRight(line, " \t\r"))
		}
	}
	return doc
}

// oneLine folds a description into a single comment line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
