package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"strconv"
	"strings"

	"github.com/toolgen-dev/toolgen/mcp"
)

// fileDrift compares the pins of the stubs file at path with the server's
// current ones; nil when the file has no pins (it is missing, or was
// written before stubs had them), which the stale check then reports.
func fileDrift(path string, current []mcp.Pin) []*mcp.DriftError {
	pinned, ok := filePins(path)
	if !ok {
		return nil
	}
	return mcp.ComparePins(pinned, current)
}

// filePins reads the Pins variable of a stubs file: each element's Name,
// Digest and Definition, string literals as toolgen mcp writes them.
func filePins(path string) ([]mcp.Pin, bool) {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, false
	}
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, spec := range gd.Specs {
			vs, ok := spec.(*ast.ValueSpec)
			if !ok || len(vs.Names) != 1 || vs.Names[0].Name != "Pins" || len(vs.Values) != 1 {
				continue
			}
			list, ok := vs.Values[0].(*ast.CompositeLit)
			if !ok {
				return nil, false
			}
			return pinsOf(list)
		}
	}
	return nil, false
}

// pinsOf reads the elements of the Pins literal.
func pinsOf(list *ast.CompositeLit) ([]mcp.Pin, bool) {
	var pins []mcp.Pin
	for _, elt := range list.Elts {
		lit, ok := elt.(*ast.CompositeLit)
		if !ok {
			return nil, false
		}
		var p mcp.Pin
		for _, e := range lit.Elts {
			kv, ok := e.(*ast.KeyValueExpr)
			key, kok := kv.Key.(*ast.Ident)
			val, vok := kv.Value.(*ast.BasicLit)
			if !ok || !kok || !vok || val.Kind != token.STRING {
				return nil, false
			}
			s, err := strconv.Unquote(val.Value)
			if err != nil {
				return nil, false
			}
			switch key.Name {
			case "Name":
				p.Name = s
			case "Digest":
				p.Digest = s
			case "Definition":
				p.Definition = s
			}
		}
		pins = append(pins, p)
	}
	return pins, true
}

// reportDrift prints each tool's drift as a unified diff, and a summary
// on stderr.
func reportDrift(path string, drifts []*mcp.DriftError, stdout, stderr io.Writer) {
	var summary []string
	for _, d := range drifts {
		what := string(d.Kind)
		if len(d.Fields) > 0 {
			what += ": " + strings.Join(d.Fields, ", ")
		}
		summary = append(summary, fmt.Sprintf("%s (%s)", d.Tool, what))
		fmt.Fprint(stdout, d.Diff)
	}
	fmt.Fprintf(stderr, "toolgen mcp: the server's tools differ from the pins in %s: %s; review the diff, then run toolgen mcp again to accept it\n", path, strings.Join(summary, ", "))
}
