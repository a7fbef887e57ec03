package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

// build compiles this command into a temporary directory.
func build(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the command with the go tool")
	}
	bin := filepath.Join(t.TempDir(), "mcpserver")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	return bin
}

func TestStdio(t *testing.T) {
	bin := build(t)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	cs := connect(t, ctx, &sdkmcp.CommandTransport{Command: exec.Command(bin)})
	exercise(t, ctx, cs)
}

func TestHTTP(t *testing.T) {
	bin := build(t)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	url := startHTTP(t, exec.Command(bin, "-http", ":0"))
	assert.True(t, strings.HasPrefix(url, "http://127.0.0.1:"), url)
	cs := connect(t, ctx, &sdkmcp.StreamableClientTransport{Endpoint: url})
	exercise(t, ctx, cs)
}

// TestReplica: -replica NAME begins the session ids with "NAME.", which a
// load balancer routes on; record_reading records one more reading per call.
// Sessions are those of revisions before 2026-07-28 (a client of 2026-07-28
// has none: any replica serves each of its requests).
func TestReplica(t *testing.T) {
	bin := build(t)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	url := startHTTP(t, exec.Command(bin, "-http", ":0", "-replica", "r7"))
	cs := connectAt(t, ctx, &sdkmcp.StreamableClientTransport{Endpoint: url}, &sdkmcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	assert.Regexp(t, `^r7\.[A-Z2-7]{26}$`, cs.ID())
	for _, want := range []string{"reading 1 for Oslo recorded: -3.5°C", "reading 2 for Oslo recorded: -3.5°C"} {
		res := call(t, ctx, cs, "record_reading", `{"city":"Oslo","celsius":-3.5,"note":"n"}`)
		require.False(t, res.IsError, textOf(t, res))
		assert.Equal(t, want, textOf(t, res))
	}

	out, err := exec.Command(bin, "-http", ":0", "-replica", "r.1").CombinedOutput()
	require.Error(t, err)
	assert.Contains(t, string(out), `-replica "r.1": want letters and digits`)
}

// startHTTP starts cmd, a server with -http, and returns its URL.
func startHTTP(t *testing.T, cmd *exec.Cmd) string {
	t.Helper()
	stderr, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	return listeningURL(t, stderr)
}

// TestBearerToken: with MCPSERVER_TOKEN, a request without the token gets
// 401 with WWW-Authenticate, and a client sending it is served.
func TestBearerToken(t *testing.T) {
	bin := build(t)
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	cmd := exec.Command(bin, "-http", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), "MCPSERVER_TOKEN=s3cret")
	url := startHTTP(t, cmd)

	client := &http.Client{Transport: &http.Transport{}}
	defer client.CloseIdleConnections()
	for _, auth := range []string{"", "Bearer wrong"} {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		resp, err := client.Do(req)
		require.NoError(t, err)
		_ = resp.Body.Close()
		assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, auth)
		assert.Equal(t, "Bearer", resp.Header.Get("WWW-Authenticate"), auth)
	}

	_, err := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "test", Version: "1"}, nil).
		Connect(ctx, &sdkmcp.StreamableClientTransport{Endpoint: url, HTTPClient: client, MaxRetries: -1}, nil)
	require.Error(t, err, "no token")

	withToken := &http.Client{Transport: bearer{"s3cret", &http.Transport{}}}
	defer withToken.CloseIdleConnections()
	cs := connect(t, ctx, &sdkmcp.StreamableClientTransport{Endpoint: url, HTTPClient: withToken})
	exercise(t, ctx, cs)
}

// bearer adds a bearer token to every request.
type bearer struct {
	token string
	next  *http.Transport
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(r)
}

func (b bearer) CloseIdleConnections() { b.next.CloseIdleConnections() }

// TestRemoteNeedsToken: an address beyond loopback without a token is
// refused before anything listens.
func TestRemoteNeedsToken(t *testing.T) {
	bin := build(t)
	cmd := exec.Command(bin, "-http", "0.0.0.0:0")
	cmd.Env = append(os.Environ(), "MCPSERVER_TOKEN=")
	out, err := cmd.CombinedOutput()
	require.Error(t, err)
	assert.Contains(t, string(out), "refusing to serve on 0.0.0.0:0, beyond loopback, without authentication")
	assert.Contains(t, string(out), "MCPSERVER_TOKEN")
	assert.NotContains(t, string(out), "listening on")
}

// listeningURL reads the server's "listening on URL" line, waiting at most
// 30 seconds.
func listeningURL(t *testing.T, stderr io.Reader) string {
	t.Helper()
	got := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if url, ok := strings.CutPrefix(sc.Text(), "listening on "); ok {
				got <- url
				break
			}
		}
		_, _ = io.Copy(io.Discard, stderr)
	}()
	select {
	case url := <-got:
		return url
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not say where it listens")
		return ""
	}
}

func connect(t *testing.T, ctx context.Context, tr sdkmcp.Transport) *sdkmcp.ClientSession {
	t.Helper()
	return connectAt(t, ctx, tr, nil)
}

// connectAt is connect with session options (a protocol version).
func connectAt(t *testing.T, ctx context.Context, tr sdkmcp.Transport, opts *sdkmcp.ClientSessionOptions) *sdkmcp.ClientSession {
	t.Helper()
	client := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, tr, opts)
	require.NoError(t, err)
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

// exercise lists the tools and calls them as a client would.
func exercise(t *testing.T, ctx context.Context, cs *sdkmcp.ClientSession) {
	t.Helper()
	listed := listTools(t, ctx, cs)
	want := tools()
	require.Len(t, listed, len(want))
	for _, w := range want {
		got, ok := listed[string(w.Name)]
		require.True(t, ok, w.Name)
		assert.Equal(t, w.Description, got.Description)
		assert.JSONEq(t, string(w.InputSchema), string(mustJSON(t, got.InputSchema)), w.Name)
		if w.OutputSchema != nil {
			assert.JSONEq(t, string(w.OutputSchema), string(mustJSON(t, got.OutputSchema)), w.Name)
		}
		assert.Equal(t, w.Annotations.ReadOnly, got.Annotations.ReadOnlyHint, w.Name)
		assert.Equal(t, w.Annotations.Idempotent, got.Annotations.IdempotentHint, w.Name)
		assert.Equal(t, false, *got.Annotations.DestructiveHint, w.Name)
		assert.Equal(t, false, *got.Annotations.OpenWorldHint, w.Name)
	}

	good := call(t, ctx, cs, "get_weather", `{"city":"Paris","unit":"f"}`)
	assert.False(t, good.IsError)
	assert.Equal(t, direct(t, want, "get_weather", `{"city":"Paris","unit":"f"}`).Text(), textOf(t, good))

	bad := call(t, ctx, cs, "get_weather", `{"city":"Paris","unit":"kelvin"}`)
	assert.True(t, bad.IsError)
	wantBad := direct(t, want, "get_weather", `{"city":"Paris","unit":"kelvin"}`)
	require.True(t, wantBad.IsError)
	assert.Equal(t, wantBad.Text(), textOf(t, bad))

	fc := call(t, ctx, cs, "forecast", `{"city":"Oslo","days":3}`)
	require.False(t, fc.IsError, textOf(t, fc))
	structured := mustJSON(t, fc.StructuredContent)
	validate(t, toolNamed(t, want, "forecast").OutputSchema, structured)
	assert.JSONEq(t, string(structured), textOf(t, fc))
	assert.JSONEq(t, string(direct(t, want, "forecast", `{"city":"Oslo","days":3}`).Structured), string(structured))
}

func listTools(t *testing.T, ctx context.Context, cs *sdkmcp.ClientSession) map[string]*sdkmcp.Tool {
	t.Helper()
	res, err := cs.ListTools(ctx, nil)
	require.NoError(t, err)
	out := map[string]*sdkmcp.Tool{}
	for _, tl := range res.Tools {
		out[tl.Name] = tl
	}
	return out
}

func call(t *testing.T, ctx context.Context, cs *sdkmcp.ClientSession, name, args string) *sdkmcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(ctx, &sdkmcp.CallToolParams{Name: name, Arguments: json.RawMessage(args)})
	require.NoError(t, err)
	return res
}

func direct(t *testing.T, tools []toolgen.Tool, name, args string) toolgen.Result {
	t.Helper()
	res, err := toolNamed(t, tools, name).Call(t.Context(), []byte(args))
	require.NoError(t, err)
	return res
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

func textOf(t *testing.T, res *sdkmcp.CallToolResult) string {
	t.Helper()
	require.Len(t, res.Content, 1)
	tc, ok := res.Content[0].(*sdkmcp.TextContent)
	require.True(t, ok, "%T", res.Content[0])
	return tc.Text
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return b
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
