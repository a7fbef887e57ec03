// Command mcpclient lists the tools of an MCP server and calls one, through
// package mcp's client. It is also the client the official MCP conformance
// suite runs (.ci/run does):
//
//	conformance client --command "mcpclient" --scenario tools_call
//
// The suite appends the server's URL as the last argument and names the
// scenario in MCP_CONFORMANCE_SCENARIO; the table scenarios says what
// each does (the runs of MCP 2026-07-28's are in scenarios2026.go,
// headers.go and mrtr.go). initialize lists the tools,
// tools_call calls add_numbers with {"a":2,"b":3}, sse-retry calls
// test_reconnection (whose answer arrives after an SSE reconnect). The
// auth/ scenarios authorize against the suite's authorization server,
// then call test-tool: with mcp.OAuth (the server redirects at once, so
// the "browser" is an HTTP GET that reads the redirect without following
// it; a pre-registered client's credentials come in
// MCP_CONFORMANCE_CONTEXT), with mcp.OAuthClientCredentials (the
// client-credentials scenarios, whose secret or private key come in the
// context) or with mcp.OAuthWorkloadIdentity (auth/wif-*, whose workload
// token does), or through the enterprise IdP the suite plays
// (auth/enterprise-managed-authorization, whose user's ID token comes in
// the context); see auth.go and enterprise.go.
//
// By hand:
//
//	mcpclient [-call TOOL] [-args JSON] [-oauth] [-tokens FILE] URL
//	mcpclient [-call TOOL] [-args JSON] -- COMMAND [ARG...]
//
// With -oauth, a server that asks for authorization gets it: mcpclient
// prints the authorization server's URL for the user to open and waits
// for the browser on 127.0.0.1; -tokens keeps the tokens in FILE (mode
// 0600) for the next run.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

func main() {
	os.Exit(run(os.Args[1:], os.Getenv("MCP_CONFORMANCE_SCENARIO"), os.Stdout, os.Stderr))
}

// A scenario is what mcpclient does for one conformance scenario, once
// connected: call a tool of the listed ones (call, args), or run.
type scenario struct {
	call, args string
	// run, when set, replaces listing and calling: it gets the connected
	// client and writes what it did to env's stdout.
	run func(ctx context.Context, c *mcp.Client, env runEnv) error
	// opts, when set, are the client options the scenario needs beyond
	// the defaults, made for the run (a handler may write to its stdout).
	opts func(env runEnv) []mcp.ClientOption
}

// runEnv is what a scenario's run has besides its client.
type runEnv struct {
	stdout  io.Writer
	context string // the scenario's MCP_CONFORMANCE_CONTEXT
}

// scenarios maps the name of each conformance scenario mcpclient plays
// (but the auth/ ones) to what it does.
var scenarios = map[string]scenario{
	"initialize": {},
	"tools_call": {call: "add_numbers", args: `{"a":2,"b":3}`},
	"sse-retry":  {call: "test_reconnection", args: `{}`},

	// MCP 2026-07-28 (scenarios2026.go). Every request carries the
	// protocol version in a header and in _meta; the first is refused
	// with -32022 and the client retries with a version the server lists.
	"request-metadata": {},
	// A network $ref in a listed schema is left as it is: listing must
	// not fetch it.
	"json-schema-ref-no-deref":         {},
	"http-standard-headers":            {run: standardHeaders},
	"json-schema-2020-12-preservation": {run: echoSchema},
	// Custom headers (headers.go).
	"http-custom-headers":       {run: callContextTools},
	"http-invalid-tool-headers": {run: callListedTools},
	// Multi round-trip requests (mrtr.go).
	"sep-2322-client-request-state": {run: inputRounds, opts: confirmElicitations},
}

func run(args []string, scenario string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mcpclient", flag.ContinueOnError)
	fs.SetOutput(stderr)
	call := fs.String("call", "", "a tool to call")
	callArgs := fs.String("args", "{}", "the call's arguments, a JSON object")
	timeout := fs.Duration("timeout", 30*time.Second, "how long the whole run may take")
	useOAuth := fs.Bool("oauth", false, "authorize with OAuth when a URL server asks (prints a URL to open)")
	tokens := fs.String("tokens", "", "with -oauth: keep the tokens in `FILE`")
	if err := fs.Parse(args); err != nil || fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: mcpclient [-call TOOL] [-args JSON] [-oauth] [-tokens FILE] URL | -- COMMAND [ARG...]")
		return 2
	}
	env := runEnv{stdout: stdout, context: os.Getenv("MCP_CONFORMANCE_CONTEXT")}
	var opts []mcp.ClientOption
	var scenarioRun func(context.Context, *mcp.Client, runEnv) error
	switch {
	case strings.HasPrefix(scenario, "auth/"):
		opt, err := conformanceAuth(scenario, env.context)
		if err != nil {
			fmt.Fprintln(stderr, "mcpclient:", err)
			return 2
		}
		opts = append(opts, opt)
		*call, *callArgs = "test-tool", "{}"
	case scenario != "":
		sc, ok := scenarios[scenario]
		if !ok {
			fmt.Fprintf(stderr, "mcpclient: unknown scenario %q\n", scenario)
			return 2
		}
		*call, *callArgs, scenarioRun = sc.call, sc.args, sc.run
		if sc.opts != nil {
			opts = append(opts, sc.opts(env)...)
		}
	case *useOAuth:
		lb, err := mcp.NewLoopbackAuthorizer("127.0.0.1:0", mcp.PrintAuthorizationURL(stderr))
		if err != nil {
			fmt.Fprintln(stderr, "mcpclient:", err)
			return 1
		}
		defer lb.Close()
		cfg := lb.Config()
		if *tokens != "" {
			cfg.Store = mcp.FileTokenStore(*tokens)
		}
		opts = append(opts, mcp.OAuth(cfg))
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	err := session(ctx, transport(fs.Args()), stderr, opts, func(c *mcp.Client) error {
		if scenarioRun != nil {
			return scenarioRun(ctx, c, env)
		}
		return listAndCall(ctx, c, *call, *callArgs, stdout)
	})
	if err != nil {
		fmt.Fprintln(stderr, "mcpclient:", err)
		return 1
	}
	return 0
}

// transport is the server named on the command line: the last argument
// when it is a URL (the conformance suite appends it), else a command.
func transport(args []string) mcp.Transport {
	last := args[len(args)-1]
	if strings.HasPrefix(last, "http://") || strings.HasPrefix(last, "https://") {
		return mcp.URL(last, nil)
	}
	return mcp.Command(args[0], args[1:]...)
}

// session connects, does what use does with the client and closes it.
// The client's warnings go to stderr.
func session(ctx context.Context, t mcp.Transport, stderr io.Writer, opts []mcp.ClientOption, use func(*mcp.Client) error) error {
	opts = append(opts, mcp.WithClientInfo("toolgen-mcpclient", "v0.1.0"), mcp.WithStderr(stderr))
	c, err := mcp.Connect(ctx, t, opts...)
	if err != nil {
		return err
	}
	defer c.Close()
	return use(c)
}

// listAndCall lists the tools and calls one if asked.
func listAndCall(ctx context.Context, c *mcp.Client, call, args string, stdout io.Writer) error {
	tools, err := listTools(ctx, c, stdout)
	if err != nil {
		return err
	}
	if call == "" {
		return nil
	}
	if !slices.ContainsFunc(tools, func(t toolgen.Tool) bool { return string(t.Name) == call }) {
		return fmt.Errorf("the server has no tool %q", call)
	}
	return callTool(ctx, c, call, args, stdout)
}

// listTools lists the tools, one line each on stdout.
func listTools(ctx context.Context, c *mcp.Client, stdout io.Writer) ([]toolgen.Tool, error) {
	tools, err := c.Tools(ctx)
	if err != nil {
		return nil, err
	}
	for _, tool := range tools {
		fmt.Fprintf(stdout, "%s\t%s\n", tool.Name, describe(tool))
	}
	return tools, nil
}

// callTool calls a tool and prints its text; a tool's own failure is
// printed too before it is returned.
func callTool(ctx context.Context, c *mcp.Client, call, args string, stdout io.Writer) error {
	r, err := c.CallTool(ctx, call, []byte(args))
	var te *mcp.ToolError
	if err != nil && !errors.As(err, &te) {
		return err
	}
	fmt.Fprintf(stdout, "%s -> %s\n", call, r.Text())
	return err
}

// describe says what the annotations say.
func describe(t toolgen.Tool) string {
	switch {
	case t.Annotations.ReadOnly:
		return "read-only"
	case t.RequiresApproval:
		return "requires approval"
	}
	return ""
}
