//lint:file-ignore SA1019 MCP logging is deprecated by protocol 2026-07-28 (SEP-2577); the server still supports it.

package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/mcp"
)

// notes collects what the server sent the client outside responses.
type notes struct {
	mu       sync.Mutex
	logs     []*sdkmcp.LoggingMessageParams
	progress []*sdkmcp.ProgressNotificationParams
}

func (n *notes) counts() (logs, progress int) {
	n.mu.Lock()
	defer n.mu.Unlock()
	return len(n.logs), len(n.progress)
}

// connect serves srv on in-memory transports and returns a connected client
// session; both end with the test.
func connect(t *testing.T, srv *mcp.Server) (*sdkmcp.ClientSession, *notes) {
	t.Helper()
	return connectVersion(t, srv, "")
}

// connectVersion is connect offering protocol version (the newest when "").
func connectVersion(t *testing.T, srv *mcp.Server, version string) (*sdkmcp.ClientSession, *notes) {
	t.Helper()
	n := &notes{}
	ctx := t.Context()
	st, ct := sdkmcp.NewInMemoryTransports()
	ss, err := srv.SDK().Connect(ctx, st, nil)
	require.NoError(t, err)
	client := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "test", Version: "1"}, &sdkmcp.ClientOptions{
		LoggingMessageHandler: func(_ context.Context, r *sdkmcp.LoggingMessageRequest) {
			n.mu.Lock()
			defer n.mu.Unlock()
			n.logs = append(n.logs, r.Params)
		},
		ProgressNotificationHandler: func(_ context.Context, r *sdkmcp.ProgressNotificationClientRequest) {
			n.mu.Lock()
			defer n.mu.Unlock()
			n.progress = append(n.progress, r.Params)
		},
	})
	cs, err := client.Connect(ctx, ct, &sdkmcp.ClientSessionOptions{ProtocolVersion: version})
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = cs.Close()
		_ = ss.Wait()
	})
	return cs, n
}

// noLeaks checks for leaked goroutines after the test's other cleanups.
func noLeaks(t *testing.T) {
	t.Helper()
	t.Cleanup(func() { goleak.VerifyNone(t) })
}

func newServer(t *testing.T, tools ...toolgen.Tool) *mcp.Server {
	t.Helper()
	srv, err := mcp.NewServer("test", "1.0.0", tools)
	require.NoError(t, err)
	return srv
}

func compact(t *testing.T, b []byte) string {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, json.Compact(&buf, b))
	return buf.String()
}

func toJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
}

func toolsByName(t *testing.T, cs *sdkmcp.ClientSession) map[string]*sdkmcp.Tool {
	t.Helper()
	res, err := cs.ListTools(t.Context(), nil)
	require.NoError(t, err)
	out := map[string]*sdkmcp.Tool{}
	for _, tl := range res.Tools {
		out[tl.Name] = tl
	}
	return out
}

func callTool(t *testing.T, cs *sdkmcp.ClientSession, name, args string) *sdkmcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(t.Context(), &sdkmcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
	require.NoError(t, err)
	return res
}

func text(t *testing.T, res *sdkmcp.CallToolResult) string {
	t.Helper()
	require.Len(t, res.Content, 1)
	tc, ok := res.Content[0].(*sdkmcp.TextContent)
	require.True(t, ok, "content is %T", res.Content[0])
	return tc.Text
}

func TestListToolsSendsGeneratedSchemas(t *testing.T) {
	noLeaks(t)
	cs, _ := connect(t, newServer(t, weather.Tools()...))
	listed := toolsByName(t, cs)
	require.Len(t, listed, len(weather.Tools()))
	for _, want := range weather.Tools() {
		got := listed[string(want.Name)]
		require.NotNil(t, got, want.Name)
		assert.Equal(t, want.Description, got.Description)
		assert.JSONEq(t, string(want.InputSchema), string(toJSON(t, got.InputSchema)), want.Name)
		if want.OutputSchema == nil {
			assert.Nil(t, got.OutputSchema, want.Name)
		} else {
			assert.JSONEq(t, string(want.OutputSchema), string(toJSON(t, got.OutputSchema)), want.Name)
		}
	}
}

// TestSchemasOnTheWireAreTheGeneratedBytes reads tools/list as raw JSON: the
// schemas are the generated ones, key order included.
func TestSchemasOnTheWireAreTheGeneratedBytes(t *testing.T) {
	noLeaks(t)
	url := serveHandler(t, newServer(t, weather.Tools()...), mcp.HTTPOptions{Stateless: true, JSONResponse: true})
	body := rawPost(t, url, `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}`)
	var resp struct {
		Result struct {
			Tools []struct {
				Name         string          `json:"name"`
				InputSchema  json.RawMessage `json:"inputSchema"`
				OutputSchema json.RawMessage `json:"outputSchema"`
			} `json:"tools"`
		} `json:"result"`
	}
	require.NoError(t, json.Unmarshal(body, &resp), string(body))
	require.Len(t, resp.Result.Tools, len(weather.Tools()))
	for _, got := range resp.Result.Tools {
		want := toolNamed(t, weather.Tools(), got.Name)
		assert.Equal(t, compact(t, want.InputSchema), compact(t, got.InputSchema), got.Name)
		if want.OutputSchema != nil {
			assert.Equal(t, compact(t, want.OutputSchema), compact(t, got.OutputSchema), got.Name)
		}
	}
}

func toolNamed(t *testing.T, tools []toolgen.Tool, name string) toolgen.Tool {
	t.Helper()
	for _, tl := range tools {
		if string(tl.Name) == name {
			return tl
		}
	}
	t.Fatalf("no tool %s", name)
	return toolgen.Tool{}
}

func rawPost(t *testing.T, url, body string) []byte {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, url, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(out))
	return out
}

func TestAnnotationsMapping(t *testing.T) {
	noLeaks(t)
	tool := func(name string, a toolgen.Annotations) toolgen.Tool {
		return toolgen.Tool{Name: toolgen.ToolName(name), Description: name, InputSchema: []byte(`{"type":"object"}`), Annotations: a,
			Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("ok"), nil }}
	}
	cs, _ := connect(t, newServer(t,
		tool("plain", toolgen.Annotations{}),
		tool("reader", toolgen.Annotations{ReadOnly: true, Idempotent: true}),
		tool("deleter", toolgen.Annotations{Destructive: true, OpenWorld: true}),
	))
	listed := toolsByName(t, cs)
	want := map[string]string{
		"plain":   `{"destructiveHint":false,"idempotentHint":false,"openWorldHint":false,"readOnlyHint":false,"title":"plain"}`,
		"reader":  `{"destructiveHint":false,"idempotentHint":true,"openWorldHint":false,"readOnlyHint":true,"title":"reader"}`,
		"deleter": `{"destructiveHint":true,"idempotentHint":false,"openWorldHint":true,"readOnlyHint":false,"title":"deleter"}`,
	}
	for name, w := range want {
		assert.JSONEq(t, w, string(toJSON(t, listed[name].Annotations)), name)
	}
}

func TestCallGoodAndBadArguments(t *testing.T) {
	noLeaks(t)
	cs, _ := connect(t, newServer(t, weather.Tools()...))

	good := callTool(t, cs, "get_weather", `{"city":"Paris"}`)
	assert.False(t, good.IsError)
	direct, err := weather.Tools()[0].Call(t.Context(), []byte(`{"city":"Paris"}`))
	require.NoError(t, err)
	assert.Equal(t, direct.Text(), text(t, good))

	for _, args := range []string{`{}`, `{"city":3}`, `{"city":"Paris","unit":"kelvin"}`, `{"town":"Paris"}`} {
		bad := callTool(t, cs, "get_weather", args)
		assert.True(t, bad.IsError, args)
		want, err := weather.Tools()[0].Call(t.Context(), []byte(args))
		require.NoError(t, err)
		require.True(t, want.IsError)
		assert.Equal(t, want.Text(), text(t, bad), args)
	}
}

func TestCallToolErrorIsResult(t *testing.T) {
	noLeaks(t)
	cs, _ := connect(t, newServer(t, weather.Tools()...))
	res := callTool(t, cs, "get_weather", `{"city":"Atlantis"}`)
	assert.True(t, res.IsError)
	assert.Equal(t, "no weather station in Atlantis", text(t, res))
}

func TestCallPanicIsResult(t *testing.T) {
	noLeaks(t)
	cs, _ := connect(t, newServer(t, toolgen.Tool{Name: "boom", Description: "panics", InputSchema: []byte(`{"type":"object"}`),
		Call: func(context.Context, []byte) (toolgen.Result, error) { panic("kaboom") }}))
	res := callTool(t, cs, "boom", `{}`)
	assert.True(t, res.IsError)
	assert.Equal(t, "tool boom failed: panic: kaboom", text(t, res))
}

func TestCallGoErrorIsProtocolError(t *testing.T) {
	noLeaks(t)
	cs, _ := connect(t, newServer(t, toolgen.Tool{Name: "cancelled", Description: "fails", InputSchema: []byte(`{"type":"object"}`),
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.Result{}, context.Canceled }}))
	_, err := cs.CallTool(t.Context(), &sdkmcp.CallToolParams{Name: "cancelled", Arguments: map[string]any{}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "context canceled")
}

func TestStructuredContent(t *testing.T) {
	noLeaks(t)
	cs, _ := connect(t, newServer(t, weather.Tools()...))
	res := callTool(t, cs, "forecast", `{"city":"Oslo","days":2}`)
	require.False(t, res.IsError, "%v", res.Content)
	require.NotNil(t, res.StructuredContent)
	structured := toJSON(t, res.StructuredContent)
	assert.JSONEq(t, string(structured), text(t, res), "the text part is the same JSON")

	validate(t, toolNamed(t, weather.Tools(), "forecast").OutputSchema, structured)
}

func validate(t *testing.T, schema, doc []byte) {
	t.Helper()
	s, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	require.NoError(t, c.AddResource("out.json", s))
	sch, err := c.Compile("out.json")
	require.NoError(t, err)
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	require.NoError(t, err)
	assert.NoError(t, sch.Validate(v))
}

func TestResultContentKinds(t *testing.T) {
	noLeaks(t)
	res := toolgen.Result{Content: []toolgen.Content{
		{Type: toolgen.ContentText, Text: "hi"},
		{Type: toolgen.ContentImage, Data: []byte{1, 2}, MIMEType: "image/png"},
		{Type: toolgen.ContentAudio, Data: []byte{3}, MIMEType: "audio/wav"},
		{Type: toolgen.ContentResource, URI: "test://r", MIMEType: "text/plain", Text: "body"},
		{Type: toolgen.ContentResource, URI: "test://b", MIMEType: "image/png", Data: []byte{4}},
	}}
	cs, _ := connect(t, newServer(t, toolgen.Tool{Name: "mixed", Description: "all kinds", InputSchema: []byte(`{"type":"object"}`),
		Call: func(context.Context, []byte) (toolgen.Result, error) { return res, nil }}))
	got := callTool(t, cs, "mixed", `{}`)
	require.Len(t, got.Content, 5)
	assert.Equal(t, &sdkmcp.TextContent{Text: "hi"}, got.Content[0])
	assert.Equal(t, &sdkmcp.ImageContent{Data: []byte{1, 2}, MIMEType: "image/png"}, got.Content[1])
	assert.Equal(t, &sdkmcp.AudioContent{Data: []byte{3}, MIMEType: "audio/wav"}, got.Content[2])
	assert.Equal(t, &sdkmcp.ResourceContents{URI: "test://r", MIMEType: "text/plain", Text: "body"}, got.Content[3].(*sdkmcp.EmbeddedResource).Resource)
	assert.Equal(t, &sdkmcp.ResourceContents{URI: "test://b", MIMEType: "image/png", Blob: []byte{4}}, got.Content[4].(*sdkmcp.EmbeddedResource).Resource)
	assert.Nil(t, got.StructuredContent)
}

func TestProgressAndLogReachTheClient(t *testing.T) {
	tool := toolgen.Tool{Name: "slow", Description: "reports", InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			for i := range 3 {
				if err := mcp.Progress(ctx, float64(i), 2, "step"); err != nil {
					return toolgen.ErrorResult(err.Error()), nil
				}
			}
			if err := mcp.Log(ctx, "info", "hello"); err != nil {
				return toolgen.ErrorResult(err.Error()), nil
			}
			if err := mcp.Log(ctx, "debug", "below the level"); err != nil {
				return toolgen.ErrorResult(err.Error()), nil
			}
			return toolgen.TextResult("done"), nil
		}}
	// 2025-06-18 sets the level per session, 2026-07-28 per request.
	for _, version := range []string{"2025-06-18", "2026-07-28"} {
		t.Run(version, func(t *testing.T) {
			noLeaks(t)
			cs, n := connectVersion(t, newServer(t, tool), version)
			params := &sdkmcp.CallToolParams{Name: "slow", Arguments: map[string]any{}}
			params.SetProgressToken("tok-1")
			if version == "2025-06-18" {
				require.NoError(t, cs.SetLoggingLevel(t.Context(), &sdkmcp.SetLoggingLevelParams{Level: "info"}))
			} else {
				params.Meta[sdkmcp.MetaKeyLogLevel] = "info"
			}
			res, err := cs.CallTool(t.Context(), params)
			require.NoError(t, err)
			assert.Equal(t, "done", text(t, res))
			checkNotes(t, n)
		})
	}
}

func checkNotes(t *testing.T, n *notes) {
	t.Helper()
	// Notifications may be handled after the response: wait, bounded.
	require.Eventually(t, func() bool { l, p := n.counts(); return l >= 1 && p >= 3 }, 5*time.Second, 10*time.Millisecond)
	n.mu.Lock()
	defer n.mu.Unlock()
	require.Len(t, n.progress, 3)
	for i, p := range n.progress {
		assert.Equal(t, "tok-1", p.ProgressToken)
		assert.Equal(t, float64(i), p.Progress)
		assert.Equal(t, 2.0, p.Total)
		assert.Equal(t, "step", p.Message)
	}
	require.Len(t, n.logs, 1)
	assert.Equal(t, sdkmcp.LoggingLevel("info"), n.logs[0].Level)
	assert.Equal(t, "hello", n.logs[0].Data)
}

func TestHelpersAreNoOpsOutsideMCP(t *testing.T) {
	ctx := context.Background()
	assert.NoError(t, mcp.Progress(ctx, 1, 2, "x"))
	assert.NoError(t, mcp.Log(ctx, "info", "x"))
	assert.Nil(t, mcp.Session(ctx))
}

func TestNewServerRejects(t *testing.T) {
	ok := func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("ok"), nil }
	tool := toolgen.Tool{Name: "a", Description: "a", InputSchema: []byte(`{"type":"object"}`), Call: ok}
	_, err := mcp.NewServer("s", "1", []toolgen.Tool{tool, tool})
	assert.EqualError(t, err, `mcp: two tools named "a"`)

	bad := tool
	bad.InputSchema = []byte(`{"type":"string"}`)
	_, err = mcp.NewServer("s", "1", []toolgen.Tool{bad})
	assert.ErrorContains(t, err, `input schema: not of type "object"`)

	noCall := tool
	noCall.Call = nil
	_, err = mcp.NewServer("s", "1", []toolgen.Tool{noCall})
	assert.ErrorContains(t, err, "has no Call")
}

// initialize is a minimal streamable HTTP initialize request.
const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`

func post(t *testing.T, url, host, origin string) int {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPost, url, strings.NewReader(initialize))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if host != "" {
		req.Host = host
	}
	if origin != "" {
		req.Header.Set("Origin", origin)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	_ = resp.Body.Close()
	return resp.StatusCode
}

func TestDNSRebindingProtection(t *testing.T) {
	noLeaks(t)
	url := serveHandler(t, newServer(t, weather.Tools()...), mcp.HTTPOptions{Stateless: true, JSONResponse: true})
	cases := []struct {
		host, origin string
		want         int
	}{
		{"", "", http.StatusOK},
		{"localhost:1234", "", http.StatusOK},
		{"[::1]:1234", "http://localhost:3000", http.StatusOK},
		{"", "http://127.0.0.1:3000", http.StatusOK},
		{"evil.com", "", http.StatusForbidden},
		{"evil.com:80", "", http.StatusForbidden},
		{"localhost.evil.com", "", http.StatusForbidden},
		{"", "http://evil.com", http.StatusForbidden},
		{"", "null", http.StatusForbidden},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, post(t, url, c.host, c.origin), "Host %q Origin %q", c.host, c.origin)
	}
	allowed := httptest.NewServer(mustHandler(newServer(t).Handler(mcp.HTTPOptions{Stateless: true, JSONResponse: true, AllowRemoteHosts: true})))
	defer allowed.Close()
	assert.Equal(t, http.StatusOK, post(t, allowed.URL+mcp.Path, "evil.com", ""))
}

func TestListenBindsLoopback(t *testing.T) {
	assert.Equal(t, "127.0.0.1:8080", mcp.LocalAddr(":8080"))
	assert.Equal(t, "0.0.0.0:8080", mcp.LocalAddr("0.0.0.0:8080"))
	assert.Equal(t, "[::1]:1", mcp.LocalAddr("[::1]:1"))
	ln, err := mcp.Listen(":0")
	require.NoError(t, err)
	defer ln.Close()
	assert.True(t, ln.Addr().(*net.TCPAddr).IP.Equal(net.IPv4(127, 0, 0, 1)), ln.Addr().String())
}

func TestServeStopsWithContext(t *testing.T) {
	noLeaks(t)
	ln, err := mcp.Listen(":0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- newServer(t, weather.Tools()...).Serve(ctx, ln, mcp.HTTPOptions{}) }()

	url := "http://" + ln.Addr().String() + mcp.Path
	assert.Equal(t, http.StatusOK, post(t, url, "", ""))
	stopServing(t, cancel, done, 10*time.Second)
}

func TestListenAndServeReportsListenErrors(t *testing.T) {
	err := newServer(t).ListenAndServe(t.Context(), "127.0.0.1:not-a-port", mcp.HTTPOptions{})
	var opErr *net.OpError
	assert.ErrorAs(t, err, &opErr)
}

// TestListenAndServeOnPortOnly serves ":PORT" and reaches it on 127.0.0.1.
func TestListenAndServeOnPortOnly(t *testing.T) {
	noLeaks(t)
	ln, err := mcp.Listen(":0")
	require.NoError(t, err)
	port := ln.Addr().(*net.TCPAddr).Port
	require.NoError(t, ln.Close())

	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- newServer(t).ListenAndServe(ctx, fmt.Sprintf(":%d", port), mcp.HTTPOptions{}) }()
	url := fmt.Sprintf("http://127.0.0.1:%d%s", port, mcp.Path)
	require.Eventually(t, func() bool {
		req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, url, nil)
		require.NoError(t, err)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return false
		}
		_ = resp.Body.Close()
		return true
	}, 10*time.Second, 20*time.Millisecond)
	stopServing(t, cancel, done, 10*time.Second)
}
