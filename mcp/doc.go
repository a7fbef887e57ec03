// Package mcp connects toolgen tools to the Model Context Protocol, on top of
// the official go-sdk (github.com/modelcontextprotocol/go-sdk/mcp, imported
// as sdkmcp by the server files and as sdk by the client files).
//
// Serving tools (server*.go):
//
//	srv, err := mcp.NewServer("weather", "1.0.0", weather.Tools())
//	err = srv.ServeStdio(ctx)                                        // stdio
//	err = srv.ListenAndServe(ctx, ":8080", mcp.HTTPOptions{})        // http://127.0.0.1:8080/mcp
//
// Each runtime.Tool is registered with go-sdk's low-level AddTool: its
// generated input and output schemas are sent as they are, and a tools/call
// hands the raw JSON arguments to the tool's generated Call, so there is no
// reflection and no second decode. Bad arguments, tool errors and panics are
// results with isError set; a call whose context ends is a JSON-RPC error.
// Structured results are sent as structuredContent and, when the result has
// no content parts, also as their JSON text. A tool that returns a
// runtime.Result chooses its content itself: text, images, audio, embedded
// resources (runtime.ContentResource).
//
// Using a server's tools (client*.go):
//
//	c, err := mcp.Connect(ctx, mcp.Command("npx", "-y", "@modelcontextprotocol/server-filesystem", dir))
//	// or mcp.Connect(ctx, mcp.URL("https://example.com/mcp", headers))
//	tools, err := c.Tools(ctx) // []runtime.Tool for an agent
//
// toolgen mcp generates typed stubs that call a server's tools through a
// *Client (see the toolgen command).
//
// Where things live:
//   - server.go: NewServer, the tool registration, result and annotation
//     mapping (MCP's destructiveHint and openWorldHint default to true, so
//     both are always sent).
//   - server_call.go: what a tool can reach during an MCP call through its
//     context: Session (sampling, elicitation), Progress, Log and TokenInfo.
//     All are no-ops outside an MCP call.
//   - server_http.go: streamable HTTP at /mcp (Handler, Serve,
//     ListenAndServe, Listen), HTTPOptions and their default limits, bearer
//     tokens (StaticToken) and protected resource metadata, localhost-only
//     binding unless clients authenticate, DNS rebinding protection.
//   - server_fast.go: the stateless fast path: the plainest tools/call and
//     tools/list requests answered without go-sdk, read once with toolgen's
//     JSON reader and written directly, with go-sdk's responses
//     (server_fast_test.go compares the two paths on a corpus of requests);
//     everything else goes to go-sdk.
//   - server_sessions.go: the idle session timeout and the session cap,
//     in front of the SDK's handler; server_conns.go: the connection cap;
//     server_rlimit_*.go: the descriptor limit that bounds the default
//     connection cap.
//   - internal/loadtest: the HTTP server's load test (a subprocess flooded
//     with sessions and slow connections).
//   - client.go: Connect, NewClient, the transports (Command, URL,
//     SDKTransport) and the Client, which turns a server's tools into
//     runtime.Tools; client_call.go: CallTool and its errors (RPCError,
//     ToolError); client_schemas.go: the servers' schema bytes kept as sent;
//     client_unix.go: ending a Command server's whole process group.
//   - testdata/stubborn: a stdio server that will not exit, for Close.
//
// Sessions: over streamable HTTP a server is stateful by default (an
// Mcp-Session-Id per client, so that a tool can sample, elicit, log at the
// client's level); HTTPOptions.Stateless is the single switch to serve
// without sessions, for replicas behind a load balancer. See its doc for
// what needs a session. A Client rides through a replica's death: over URL,
// a call whose transport failed is sent again when that is safe (nothing
// reached the server, the server answered 404 for a lost session, or the
// tool is read-only or idempotent), after a short pause with jitter, and a
// lost session is replaced by a new one, one at a time (see
// Client.CallTool and WithRetry; client_retry.go).
//
// Resources, prompts and completion are the SDK's business: add them on
// (*Server).SDK(). examples/mcpserver serves the weather example's tools
// and a non-idempotent one (record_reading), as one replica of several if
// asked; examples/mcpload runs three of them behind nginx under load and
// kills one; examples/mcpclient uses a server's tools; examples/conformance
// is a fixture server that passes the official MCP conformance suite (run
// by .ci/run).
package mcp
