//lint:file-ignore SA1019 the suite checks that a tool needing sampling, deprecated by protocol 2026-07-28 (SEP-2577), is refused to a client that did not declare it.

// Command conformance is an MCP server for the official conformance suite
// (@modelcontextprotocol/conformance, run by .ci/run): its tools are
// toolgen tools (tools.go, and stateless.go for revision 2026-07-28), prompts
// and resources (resources.go), all generated into tools_gen.go, and one
// tool written by hand (schema2020.go); completion answers from the enum
// constants.
//
//	go run ./examples/conformance                 # stdio
//	go run ./examples/conformance -http :8080     # http://127.0.0.1:8080/mcp, stateful
//	go run ./examples/conformance -http :8080 -stateless
//
// The stateful server answers clients of revision 2026-07-28, which have no
// sessions, as the stateless one does.
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

// newServer is the fixture server: the generated tools, prompts and
// resources. Subscriptions are accepted and never notified: the suite
// checks that subscribing answers.
func newServer() (*mcp.Server, error) {
	return mcp.NewServer("toolgen-conformance", "1.0.0", append(Tools(), schema2020Tool(), protocolErrorJob()),
		mcp.WithUpfrontInput(ToolTestToolWithTask, userNameRequest),
		mcp.WithPrompts(Prompts()...),
		mcp.WithResources(Resources()...),
		mcp.WithRequiredClientCapabilities(ToolTestMissingCapability, sdkmcp.ClientCapabilities{Sampling: &sdkmcp.SamplingCapabilities{}}),
		mcp.WithSDKOptions(sdkmcp.ServerOptions{
			SubscribeHandler:   func(context.Context, *sdkmcp.SubscribeRequest) error { return nil },
			UnsubscribeHandler: func(context.Context, *sdkmcp.UnsubscribeRequest) error { return nil },
		}))
}
