// Command mcpserver serves the weather example's tools, and record_reading
// (a tool that is neither read-only nor idempotent: each call records one
// more reading), over MCP: on standard input and output by default, or over
// streamable HTTP at http://ADDR/mcp with -http ADDR (an address without a
// host, ":8080", listens on 127.0.0.1 only).
//
//	go run ./examples/mcpserver                 # stdio, for an MCP client to start
//	go run ./examples/mcpserver -http :8080     # http://127.0.0.1:8080/mcp
//
// With MCPSERVER_TOKEN set in its environment, every HTTP request must carry
// "Authorization: Bearer $MCPSERVER_TOKEN" (others get 401). An address
// beyond loopback (-http 0.0.0.0:8080) needs that token, or
// -allow-unauthenticated-remote when something in front of the server
// authenticates its clients:
//
//	MCPSERVER_TOKEN=$(openssl rand -hex 32) go run ./examples/mcpserver -http 0.0.0.0:8080
//
// Several replicas can serve behind a load balancer: with -stateless any
// replica answers any request; with sessions, -replica NAME begins the
// session ids this replica gives with "NAME." so that the load balancer can
// send each session's requests to the replica holding it (examples/mcpload
// runs three behind nginx, both ways).
//
// With -http it prints the address it listens on to standard error
// ("listening on http://127.0.0.1:PORT/mcp"), so that -http :0 can be used.
package main

import (
	"context"
	"crypto/rand"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/mcp"
)

// tokenEnv names the environment variable holding the bearer token.
const tokenEnv = "MCPSERVER_TOKEN"

func main() {
	httpAddr := flag.String("http", "", "serve streamable HTTP at `ADDR`/mcp instead of stdio")
	stateless := flag.Bool("stateless", false, "with -http: no sessions (no server-to-client requests)")
	replica := flag.String("replica", "", "with -http: begin session ids with `NAME`. (letters and digits), for a load balancer's session affinity")
	remote := flag.Bool("allow-unauthenticated-remote", false, "with -http: allow an address beyond loopback without "+tokenEnv)
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	opts := mcp.HTTPOptions{Stateless: *stateless, AllowUnauthenticatedRemote: *remote}
	if token := os.Getenv(tokenEnv); token != "" {
		opts.TokenVerifier = mcp.StaticToken(token)
	}
	if !validReplica(*replica) {
		log.Fatalf("-replica %q: want letters and digits", *replica)
	}
	if err := run(ctx, *httpAddr, *replica, opts); err != nil {
		log.Fatal(err)
	}
}

// validReplica reports whether name may begin session ids: letters and
// digits, or empty for none.
func validReplica(name string) bool {
	for _, r := range name {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}

// tools are the tools served: the weather example's and record_reading.
func tools() []toolgen.Tool {
	return append(weather.Tools(), Tools()...)
}

func run(ctx context.Context, httpAddr, replica string, opts mcp.HTTPOptions) error {
	// None of these tools reaches the session (mcp.Session, mcp.Log), so
	// their plain calls on a live session take the fast path too.
	sopts := []mcp.ServerOption{mcp.WithSessionFreeTools()}
	if replica != "" {
		// The rest stays random, as the SDK's own ids: a session id is
		// a capability.
		sopts = append(sopts, mcp.WithSDKOptions(sdkmcp.ServerOptions{
			GetSessionID: func() string { return replica + "." + rand.Text() },
		}))
	}
	srv, err := mcp.NewServer("toolgen-weather", "1.0.0", tools(), sopts...)
	if err != nil {
		return err
	}
	if httpAddr == "" {
		return srv.ServeStdio(ctx)
	}
	if err := opts.CheckAddr(httpAddr); err != nil {
		return fmt.Errorf("%w (set %s)", err, tokenEnv)
	}
	ln, err := mcp.Listen(httpAddr)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "listening on http://%s%s\n", ln.Addr(), mcp.Path)
	return srv.Serve(ctx, ln, opts)
}
