// Package mcpgen generates typed Go client stubs for the tools of an MCP
// server: per tool an argument struct from its inputSchema, a Validate
// method (required fields present, enums respected) and a method of Stubs
// that validates and calls the tool through an *mcp.Client. The toolgen
// command's mcp subcommand runs it against a live server.
package mcpgen

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/emit"
	"github.com/toolgen-dev/toolgen/internal/genfile"
)

const (
	mcpPath = genfile.MCPPath
	apiPath = genfile.APIPath
)

// genVersion is the version of generated code the stubs declare, as the
// tools files do (emit.GenVersion, which a test keeps equal to the
// runtime's); a variable so that a test can write a mismatched file.
var genVersion = emit.GenVersion

// Tool is what the generator needs of a remote tool.
type Tool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"inputSchema"`
}

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
	names := newNamer()
	types := newNamer()
	types.used["Stubs"], types.used["NewStubs"] = true, true
	for _, t := range tools {
		if err := toolDecl(f, t, names.name(t.Name), types); err != nil {
			return nil, err
		}
	}
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
	f.Comment("Each method validates its arguments against the tool's input schema first,")
	f.Comment("then calls the tool: a failure the tool reports comes with a *mcp.ToolError,")
	f.Comment("a call the server refuses with a *mcp.RPCError (see mcp.Client.CallTool).")
	f.Type().Id("Stubs").Struct(jen.Id("client").Op("*").Qual(mcpPath, "Client"))
	f.Comment("NewStubs calls the server through c.")
	f.Func().Id("NewStubs").Params(jen.Id("c").Op("*").Qual(mcpPath, "Client")).Op("*").Id("Stubs").Block(
		jen.Return(jen.Op("&").Id("Stubs").Values(jen.Id("client").Op(":").Id("c"))),
	)
}

// toolDecl declares one tool's argument struct (and the structs of its
// nested objects), their Validate methods and the Stubs method calling it.
func toolDecl(f *jen.File, t Tool, goName string, types *namer) error {
	s, err := parseObject(t.InputSchema)
	if err != nil {
		return fmt.Errorf("mcpgen: tool %s: %w", t.Name, err)
	}
	args := goName + "Args"
	types.used[args] = true
	structDecl(f, args, fmt.Sprintf("%s are the arguments of the tool %s.", args, t.Name), s.fields(args, types, 0))
	for _, line := range methodDoc(goName, t) {
		f.Comment(line)
	}
	f.Func().Params(jen.Id("s").Op("*").Id("Stubs")).Id(goName).
		Params(jen.Id("ctx").Qual("context", "Context"), jen.Id("args").Id(args)).
		Params(jen.Qual(apiPath, "Result"), jen.Error()).Block(
		jen.If(jen.Err().Op(":=").Id("args").Dot("Validate").Call(), jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Qual(apiPath, "Result").Values(), jen.Err()),
		),
		jen.List(jen.Id("b"), jen.Err()).Op(":=").Qual("encoding/json", "Marshal").Call(jen.Id("args")),
		jen.If(jen.Err().Op("!=").Nil()).Block(
			jen.Return(jen.Qual(apiPath, "Result").Values(), jen.Err()),
		),
		jen.Return(jen.Id("s").Dot("client").Dot("CallTool").Call(jen.Id("ctx"), jen.Lit(t.Name), jen.Id("b"))),
	)
	return nil
}

// structDecl declares a struct with its Validate method, then the structs
// of its nested objects.
func structDecl(f *jen.File, name, doc string, fields []field) {
	f.Comment(doc)
	f.Type().Id(name).StructFunc(func(g *jen.Group) {
		for _, fd := range fields {
			if fd.doc != "" {
				g.Comment(oneLine(fd.doc))
			}
			g.Id(fd.goName).Add(fd.goType()).Tag(map[string]string{"json": fd.tag()})
		}
	})
	validateDecl(f, name, fields)
	for _, fd := range fields {
		if fd.sub != nil {
			structDecl(f, fd.sub.name, fmt.Sprintf("%s is %s in %s.", fd.sub.name, fd.sub.what, name), fd.sub.fields)
		}
	}
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

// validateDecl declares Validate: required fields present, enums respected.
func validateDecl(f *jen.File, args string, fields []field) {
	f.Comment("Validate checks what the input schema requires: required fields present, enum values allowed.")
	f.Func().Params(jen.Id("a").Id(args)).Id("Validate").Params().Error().BlockFunc(func(g *jen.Group) {
		for _, fd := range fields {
			fd.checks(g, args)
		}
		g.Return(jen.Nil())
	})
}

// oneLine folds a description into a single comment line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
