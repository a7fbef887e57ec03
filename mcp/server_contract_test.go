package mcp_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// The serving contract: a call reaches its tool with the toolgen.Ctx the
// agent loop gives (deps, an idempotency key), and a tool that requires
// approval never runs unapproved. Each test runs over every transport a
// client can use: in memory, stdio (pipes), and streamable HTTP on
// 127.0.0.1 with sessions (SSE and JSON responses) and without (the fast
// path and go-sdk's).

// ledger records the calls that reached a tool.
type ledger struct {
	mu   sync.Mutex
	ctxs []toolgen.Ctx
	args []string
}

func (l *ledger) add(c toolgen.Ctx, args []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.ctxs = append(l.ctxs, c)
	l.args = append(l.args, string(args))
}

func (l *ledger) calls() []toolgen.Ctx {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]toolgen.Ctx(nil), l.ctxs...)
}

// recordingTool is a tool named name that records each call it gets.
func recordingTool(name string, requiresApproval bool, l *ledger) toolgen.Tool {
	return toolgen.Tool{
		Name:             toolgen.ToolName(name),
		Description:      "records its calls",
		InputSchema:      []byte(`{"type":"object","properties":{"to":{"type":"string"}}}`),
		RequiresApproval: requiresApproval,
		Annotations:      toolgen.Annotations{OpenWorld: true},
		Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
			l.add(toolgen.CtxFrom(ctx), args)
			return toolgen.TextResult("done"), nil
		},
	}
}

// contractTransport is a way for a client to reach a server.
type contractTransport struct {
	name  string
	http  *mcp.HTTPOptions // nil: not HTTP
	pipes bool             // stdio-style streams, else in memory
	// version is the protocol version the client offers: "" for the
	// newest (2026-07-28), where a server asks its client by returning
	// an input-required result (a multi round-trip request), stateless
	// or not; before it, a server asks by sending a request, which needs
	// a session.
	version string
}

// canAsk reports whether a server can ask the client for input.
func (tr contractTransport) canAsk() bool {
	return tr.version == "" || tr.http == nil || !tr.http.Stateless
}

var contractTransports = func() []contractTransport {
	var out []contractTransport
	for _, version := range []string{"", "2025-11-25", "2025-06-18"} {
		for _, tr := range []contractTransport{
			{name: "in-memory"},
			{name: "stdio", pipes: true},
			{name: "http", http: &mcp.HTTPOptions{}},
			{name: "http-json", http: &mcp.HTTPOptions{JSONResponse: true}},
			{name: "http-stateless-fast", http: &mcp.HTTPOptions{Stateless: true}},
			{name: "http-stateless-sdk", http: &mcp.HTTPOptions{Stateless: true, DisableFastPath: true}},
			{name: "http-stateless-json", http: &mcp.HTTPOptions{Stateless: true, JSONResponse: true}},
		} {
			tr.version = version
			if version != "" {
				tr.name += "@" + version
			}
			out = append(out, tr)
		}
	}
	return out
}()

// connectOver connects a go-sdk client with copts to srv over tr; rt, when
// not nil, carries its HTTP requests. Both end with the test.
func connectOver(t *testing.T, tr contractTransport, srv *mcp.Server, copts *sdkmcp.ClientOptions, rt http.RoundTripper) *sdkmcp.ClientSession {
	t.Helper()
	return connectClient(t, tr, srv, sdkmcp.NewClient(&sdkmcp.Implementation{Name: "contract", Version: "1"}, copts), rt)
}

// connectClient is connectOver with a client of the test's own.
func connectClient(t *testing.T, tr contractTransport, srv *mcp.Server, client *sdkmcp.Client, rt http.RoundTripper) *sdkmcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	var ct sdkmcp.Transport
	switch {
	case tr.http != nil:
		ct = &sdkmcp.StreamableClientTransport{Endpoint: serveOn(t, srv, *tr.http), HTTPClient: &http.Client{Transport: rt, Timeout: 20 * time.Second}}
	case tr.pipes:
		toServer, fromClient := io.Pipe()
		toClient, fromServer := io.Pipe()
		ss, err := srv.SDK().Connect(ctx, &sdkmcp.IOTransport{Reader: toServer, Writer: fromServer}, nil)
		require.NoError(t, err)
		t.Cleanup(func() { _ = ss.Close(); _ = ss.Wait() })
		ct = &sdkmcp.IOTransport{Reader: toClient, Writer: fromClient}
	default:
		st, mt := sdkmcp.NewInMemoryTransports()
		ss, err := srv.SDK().Connect(ctx, st, nil)
		require.NoError(t, err)
		t.Cleanup(func() { _ = ss.Close(); _ = ss.Wait() })
		ct = mt
	}
	cs, err := client.Connect(ctx, ct, &sdkmcp.ClientSessionOptions{ProtocolVersion: tr.version})
	require.NoError(t, err)
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

// serveOn serves srv on 127.0.0.1 until the test ends and returns its
// endpoint.
func serveOn(t *testing.T, srv *mcp.Server, opts mcp.HTTPOptions) string {
	t.Helper()
	return "http://" + serve(t, srv, opts) + mcp.Path
}

// callBounded calls a tool, bounded in time.
func callBounded(t *testing.T, cs *sdkmcp.ClientSession, name, args string) *sdkmcp.CallToolResult {
	t.Helper()
	res, err := callWithin(t.Context(), cs, name, args)
	require.NoError(t, err)
	return res
}

// callWithin calls a tool, bounded in time; for goroutines of a test.
func callWithin(ctx context.Context, cs *sdkmcp.ClientSession, name, args string) (*sdkmcp.CallToolResult, error) {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	return cs.CallTool(ctx, &sdkmcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
}

func resultText(res *sdkmcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdkmcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// asker is a client's user answering elicitations with action.
type asker struct {
	action string
	mu     sync.Mutex
	asked  []*sdkmcp.ElicitParams
}

func (a *asker) handle(_ context.Context, req *sdkmcp.ElicitRequest) (*sdkmcp.ElicitResult, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.asked = append(a.asked, req.Params)
	return &sdkmcp.ElicitResult{Action: a.action}, nil
}

func (a *asker) requests() []*sdkmcp.ElicitParams {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]*sdkmcp.ElicitParams(nil), a.asked...)
}

// TestApprovalNeverSilent: a tool that requires approval runs only when the
// client's user accepts the elicitation that asks them, once; declined,
// cancelled, or with a client that cannot be asked (no elicitation
// capability, or a stateless server), it does not run and the result says
// why. A tool that does not require approval runs without asking.
func TestApprovalNeverSilent(t *testing.T) {
	noLeaks(t)
	for _, tr := range contractTransports {
		for _, action := range []string{"accept", "decline", "cancel", ""} { // "": no elicitation capability
			t.Run(tr.name+"/"+action, func(t *testing.T) {
				var sent, looked ledger
				srv := newServer(t, recordingTool("send_email", true, &sent), recordingTool("look", false, &looked))
				var copts *sdkmcp.ClientOptions
				a := &asker{action: action}
				if action != "" {
					copts = &sdkmcp.ClientOptions{ElicitationHandler: a.handle}
				}
				cs := connectOver(t, tr, srv, copts, nil)

				res := callBounded(t, cs, "send_email", `{"to":"bob@example.com"}`)
				text := resultText(res)
				switch {
				case action == "accept" && tr.canAsk():
					assert.False(t, res.IsError, text)
					assert.Equal(t, "done", text)
					assert.Len(t, sent.calls(), 1, "accepted: the tool runs once")
					asked := a.requests()
					require.Len(t, asked, 1)
					assert.Contains(t, asked[0].Message, "send_email")
					assert.Contains(t, asked[0].Message, `{"to":"bob@example.com"}`)
					assert.Equal(t, map[string]any{"tool": "send_email", "arguments": map[string]any{"to": "bob@example.com"}}, asked[0].Meta["dev.toolgen/approval"])
				case action != "" && tr.canAsk():
					assert.True(t, res.IsError, text)
					assert.Empty(t, sent.calls(), "%s: the tool must not run", action)
					assert.Contains(t, text, "Denied by the user")
					assert.Contains(t, text, action)
					assert.Contains(t, text, "did not run")
					assert.Len(t, a.requests(), 1)
				default:
					assert.True(t, res.IsError, text)
					assert.Empty(t, sent.calls(), "no way to ask: the tool must not run")
					assert.Contains(t, text, "send_email needs a person's approval")
					assert.Contains(t, text, "did not run")
				}

				res = callBounded(t, cs, "look", `{}`)
				assert.False(t, res.IsError, resultText(res))
				assert.Len(t, looked.calls(), 1)
				if action == "" || !tr.canAsk() {
					assert.Empty(t, a.requests(), "a client that cannot be asked is not asked")
				}
			})
		}
	}
}

// TestApprovalDecidedPerCall: two concurrent calls of a tool that requires
// approval are each asked about; the accepted one runs and the declined one
// does not.
func TestApprovalDecidedPerCall(t *testing.T) {
	noLeaks(t)
	var sent ledger
	srv := newServer(t, recordingTool("send_email", true, &sent))
	handler := func(_ context.Context, req *sdkmcp.ElicitRequest) (*sdkmcp.ElicitResult, error) {
		if strings.Contains(req.Params.Message, "alice") {
			return &sdkmcp.ElicitResult{Action: "accept"}, nil
		}
		return &sdkmcp.ElicitResult{Action: "decline"}, nil
	}
	cs := connectOver(t, contractTransports[2], srv, &sdkmcp.ClientOptions{ElicitationHandler: handler}, nil)
	var wg sync.WaitGroup
	results := make([]*sdkmcp.CallToolResult, 2)
	errs := make([]error, 2)
	for i, to := range []string{"alice", "mallory"} {
		wg.Go(func() { results[i], errs[i] = callWithin(t.Context(), cs, "send_email", `{"to":"`+to+`"}`) })
	}
	wg.Wait()
	require.NoError(t, errors.Join(errs...))
	assert.False(t, results[0].IsError, resultText(results[0]))
	assert.True(t, results[1].IsError, resultText(results[1]))
	sent.mu.Lock()
	defer sent.mu.Unlock()
	assert.Equal(t, []string{`{"to":"alice"}`}, sent.args)
}

// TestIdempotencyKeyPerCall: every call's toolgen.Ctx has a non-empty
// idempotency key of its own, the tool's name, and a run id naming the
// session when there is one.
func TestIdempotencyKeyPerCall(t *testing.T) {
	noLeaks(t)
	for _, tr := range contractTransports {
		t.Run(tr.name, func(t *testing.T) {
			var looked ledger
			srv := newServer(t, recordingTool("look", false, &looked))
			cs := connectOver(t, tr, srv, nil, nil)
			const n = 12
			var wg sync.WaitGroup
			var failed atomic.Int32
			for range n / 2 {
				wg.Go(func() {
					if res, err := callWithin(t.Context(), cs, "look", `{}`); err != nil || res.IsError {
						failed.Add(1)
					}
				})
			}
			wg.Wait()
			require.Zero(t, failed.Load())
			for range n / 2 {
				callBounded(t, cs, "look", `{"to":"x"}`) // the same call again: a new call all the same
			}
			keys := map[string]bool{}
			for _, c := range looked.calls() {
				key := c.IdempotencyKey()
				require.NotEmpty(t, key)
				assert.False(t, keys[key], "key %q given twice", key)
				keys[key] = true
				assert.Equal(t, toolgen.ToolName("look"), c.Tool)
				assert.NotEmpty(t, c.CallID)
				if id := cs.ID(); id != "" {
					assert.Contains(t, c.RunID, id, "the run id names the session")
				}
			}
			assert.Len(t, keys, n)
		})
	}
}

// TestApprovalOnTheFastPathGoesToGoSDK: a stateless server's fast path
// does not answer a call that needs approval; the call is refused, as on
// go-sdk's path, and the tool does not run, whatever the request's form.
func TestApprovalOnTheFastPathGoesToGoSDK(t *testing.T) {
	noLeaks(t)
	var sent ledger
	srv := newServer(t, recordingTool("send_email", true, &sent))
	url := serveOn(t, srv, mcp.HTTPOptions{Stateless: true, JSONResponse: true})
	for _, version := range []string{"2025-03-26", "2025-06-18", "2025-11-25"} {
		body := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"send_email","arguments":{"to":"x"}}}`
		req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Mcp-Protocol-Version", version)
		resp, err := (&http.Client{Timeout: 10 * time.Second}).Do(req)
		require.NoError(t, err)
		b, err := io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(b))
		var out struct {
			Result sdkmcp.CallToolResult `json:"result"`
		}
		require.NoError(t, json.Unmarshal(b, &out), string(b))
		assert.True(t, out.Result.IsError, string(b))
		assert.Contains(t, resultText(&out.Result), "needs a person's approval", version)
	}
	assert.Empty(t, sent.calls())
	assert.Zero(t, mcp.FastServed(srv), "the fast path must leave calls that need approval to go-sdk")
}
