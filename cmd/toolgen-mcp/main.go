// Command toolgen-mcp writes typed Go stubs for the tools of an MCP server:
// it connects (a command spoken to over stdio, or a streamable HTTP URL),
// lists the tools and writes, per tool, an argument struct from its input
// schema, a result struct from its output schema, named types for its enums
// and $defs, and a method of Stubs that checks the arguments as a toolgen
// server's decoder would, calls the tool through an *mcp.Client and decodes
// its structured result (the command toolgen's documentation, "Typed stubs
// of an MCP server", has the mapping). The stubs embed the pins of the
// tools they were made from (Pins: each definition and its digest), which
// their client holds the server to. It leaves an unchanged file alone.
//
// -check writes nothing: when the server's tools differ from the file's
// pins, it prints the drift, a unified diff per tool of its definition (one
// line per value, named by its JSON path), and exits 1; otherwise, if the
// file is stale all the same (a newer generator), it prints the file's diff
// and exits 1.
//
// Usage:
//
//	toolgen-mcp (-command CMD | -url URL [-header K:V]...) -package NAME -output FILE [-check]
//
// It is a command of its own, so that toolgen, which every package with
// tools runs at go generate, does not link the MCP SDK. Add it with
//
//	go get -tool github.com/toolgen-dev/toolgen/cmd/toolgen-mcp
//
// and run go tool toolgen-mcp; go tool toolgen mcp builds and runs it too.
// A bad command line exits with status 2, a failure with 1.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/toolgen-dev/toolgen/internal/genfile"
	"github.com/toolgen-dev/toolgen/internal/mcpgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// headerFlags collects repeated -header K:V flags.
type headerFlags http.Header

func (h headerFlags) String() string { return "" }

// Set adds one "Name: value" header.
func (h headerFlags) Set(s string) error {
	k, v, ok := strings.Cut(s, ":")
	if !ok || strings.TrimSpace(k) == "" {
		return fmt.Errorf("%q is not Name:value", s)
	}
	http.Header(h).Add(strings.TrimSpace(k), strings.TrimSpace(v))
	return nil
}

type mcpOptions struct {
	command, url, pkg, output string
	headers                   headerFlags
	timeout                   time.Duration
	check                     bool
}

func main() {
	os.Exit(runMCP(os.Args[1:], os.Stdout, os.Stderr))
}

// runMCP is `toolgen mcp`: connect to a server, list its tools, and write
// typed Go stubs calling them.
func runMCP(args []string, stdout, stderr io.Writer) int {
	o, ok := parseMCPFlags(args, stderr)
	if !ok {
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout)
	defer cancel()
	src, current, err := generateStubs(ctx, o)
	if err == nil && o.check {
		if drifts := fileDrift(o.output, current); len(drifts) > 0 {
			reportDrift(o.output, drifts, stdout, stderr)
			return 1
		}
		var diff string
		if diff, err = genfile.Check(o.output, o.output, src); err == nil && diff != "" {
			fmt.Fprintf(stderr, "toolgen mcp: %s is stale; run toolgen mcp again\n", o.output)
			fmt.Fprint(stdout, diff)
			return 1
		}
	} else if err == nil {
		err = writeStubs(o.output, src, stdout)
	}
	if err != nil {
		fmt.Fprintln(stderr, "toolgen mcp:", err)
		return 1
	}
	return 0
}

func parseMCPFlags(args []string, stderr io.Writer) (mcpOptions, bool) {
	o := mcpOptions{headers: headerFlags{}}
	fs := flag.NewFlagSet("toolgen mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.command, "command", "", "the server's command line, run over stdio (split on spaces)")
	fs.StringVar(&o.url, "url", "", "the server's streamable HTTP endpoint")
	fs.Var(o.headers, "header", "an HTTP header Name:value for -url (repeatable)")
	fs.StringVar(&o.pkg, "package", "", "the Go package name of the stubs")
	fs.StringVar(&o.output, "output", "", "the file to write, - for standard output")
	fs.DurationVar(&o.timeout, "timeout", time.Minute, "how long connecting and listing may take")
	fs.BoolVar(&o.check, "check", false, "write nothing; exit 1 with a diff per tool if the server's tools differ from the file's pins, or with the file's diff if it is stale")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: toolgen mcp (-command CMD | -url URL [-header K:V]...) -package NAME -output FILE [-check]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return o, false
	}
	if (o.command == "") == (o.url == "") || o.pkg == "" || o.output == "" || fs.NArg() > 0 ||
		(len(o.headers) > 0 && o.url == "") || o.timeout <= 0 || (o.check && o.output == "-") {
		fs.Usage()
		return o, false
	}
	return o, true
}

// generateStubs connects, lists the tools and generates their stubs, from
// the definitions the client pins; it returns the pins too.
func generateStubs(ctx context.Context, o mcpOptions) ([]byte, []mcp.Pin, error) {
	t := mcp.URL(o.url, http.Header(o.headers))
	if o.command != "" {
		argv := strings.Fields(o.command)
		if len(argv) == 0 {
			return nil, nil, errors.New("-command is empty")
		}
		t = mcp.Command(argv[0], argv[1:]...)
	}
	c, err := mcp.Connect(ctx, t, mcp.WithStderr(os.Stderr))
	if err != nil {
		return nil, nil, err
	}
	defer c.Close()
	pins, err := c.Pins(ctx)
	if err != nil {
		return nil, nil, err
	}
	tools := make([]mcpgen.Tool, 0, len(pins))
	for _, p := range pins {
		tool, err := mcpgen.ParseDefinition([]byte(p.Definition))
		if err != nil {
			return nil, nil, err
		}
		tools = append(tools, tool)
	}
	name, version := c.ServerInfo()
	src, err := mcpgen.Generate(mcpgen.Config{Package: o.pkg, Source: fmt.Sprintf("%q %s", name, version), Tools: tools})
	return src, pins, err
}

// writeStubs writes src to path unless it is there already, or to stdout
// for "-".
func writeStubs(path string, src []byte, stdout io.Writer) error {
	if path == "-" {
		_, err := stdout.Write(src)
		return err
	}
	_, err := genfile.Write(path, src)
	return err
}
