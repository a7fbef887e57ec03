// Command mcpserver serves the weather example's tools over MCP: on standard
// input and output by default, or over streamable HTTP at http://ADDR/mcp
// with -http ADDR (an address without a host, ":8080", listens on 127.0.0.1
// only).
//
//	go run ./examples/mcpserver                 # stdio, for an MCP client to start
//	go run ./examples/mcpserver -http :8080     # http://127.0.0.1:8080/mcp
//
// With -http it prints the address it listens on to standard error
// ("listening on http://127.0.0.1:PORT/mcp"), so that -http :0 can be used.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/mcp"
)

func main() {
	httpAddr := flag.String("http", "", "serve streamable HTTP at `ADDR`/mcp instead of stdio")
	stateless := flag.Bool("stateless", false, "with -http: no sessions (no server-to-client requests)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *httpAddr, *stateless); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context, httpAddr string, stateless bool) error {
	srv, err := mcp.NewServer("toolgen-weather", "1.0.0", weather.Tools())
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
