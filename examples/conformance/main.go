// Command conformance is an MCP server for the official conformance suite
// (@modelcontextprotocol/conformance, run by .ci/run): its tools are
// toolgen tools (tools.go, generated into tools_gen.go), its resources,
// prompts and completion are added through the go-sdk (resources.go).
//
//	go run ./examples/conformance                 # stdio
//	go run ./examples/conformance -http :8080     # http://127.0.0.1:8080/mcp, stateful
//
// With -http it prints "listening on http://HOST:PORT/mcp" to standard error.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen/mcp"
)

func main() {
	httpAddr := flag.String("http", "", "serve streamable HTTP at `ADDR`/mcp instead of stdio")
	stateless := flag.Bool("stateless", false, "with -http: no sessions (sampling and elicitation then fail)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *httpAddr, *stateless); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, httpAddr string, stateless bool) error {
	srv, err := newServer()
	if err != nil {
		return err
	}
	if httpAddr == "" {
		return srv.ServeStdio(ctx)
	}
	ln, err := mcp.Listen(httpAddr)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "listening on http://%s%s\n", ln.Addr(), mcp.Path)
	return srv.Serve(ctx, ln, mcp.HTTPOptions{Stateless: stateless})
}

// newServer is the fixture server: the toolgen tools, then resources and
// prompts through the SDK.
func newServer() (*mcp.Server, error) {
	srv, err := mcp.NewServer("toolgen-conformance", "1.0.0", Tools(), mcp.WithSDKOptions(sdkmcp.ServerOptions{
		CompletionHandler:  complete,
		SubscribeHandler:   func(context.Context, *sdkmcp.SubscribeRequest) error { return nil },
		UnsubscribeHandler: func(context.Context, *sdkmcp.UnsubscribeRequest) error { return nil },
	}))
	if err != nil {
		return nil, err
	}
	addResources(srv.SDK())
	addPrompts(srv.SDK())
	return srv, nil
}
