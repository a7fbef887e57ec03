package mcp_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

func toolsCall(id int, name string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":{}}}`, id, name)
}

// initialized opens a session on url, ready for calls.
func initialized(t *testing.T, url string) string {
	t.Helper()
	id := newSession(t, url)
	resp, body := mcpRequest(t, http.MethodPost, url, id, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, nil)
	require.Equal(t, http.StatusAccepted, resp.StatusCode, body)
	return id
}

// TestGoexitToolIsAnswered: a tool that ends its goroutine with
// runtime.Goexit gets a failed result; it used to end the SDK's goroutine
// too, leaving the request unanswered and Serve unable to return.
func TestGoexitToolIsAnswered(t *testing.T) {
	noLeaks(t)
	quit := toolgen.Tool{Name: "quit", InputSchema: []byte(`{"type":"object"}`), Call: func(context.Context, []byte) (toolgen.Result, error) {
		runtime.Goexit()
		return toolgen.Result{}, nil
	}}
	srv := newServer(t, quit)
	addr := serve(t, srv, mcp.HTTPOptions{JSONResponse: true})
	url := "http://" + addr + mcp.Path
	id := initialized(t, url)
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(toolsCall(2, "quit")))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Session-Id", id)
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err, "the call was not answered")
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	assert.Contains(t, string(body), `"isError":true`)
	assert.Contains(t, string(body), "tool quit stopped without returning (runtime.Goexit)")
}

// TestMaxCallsBoundsCallsOfClientsThatLeft: a call runs on after its
// client hangs up (MCP does not read a disconnection as a cancellation),
// so a client dropping connections could start calls without end; the
// server runs at most MaxCalls and refuses the others with a failed
// result.
func TestMaxCallsBoundsCallsOfClientsThatLeft(t *testing.T) {
	noLeaks(t)
	const maxCalls = 3
	var running, most atomic.Int64
	release := make(chan struct{})
	slow := toolgen.Tool{Name: "slow", InputSchema: []byte(`{"type":"object"}`), Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
		n := running.Add(1)
		defer running.Add(-1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		select {
		case <-release:
		case <-time.After(10 * time.Second):
		}
		return toolgen.TextResult("done"), nil
	}}
	srv, err := mcp.NewServer("test", "1.0.0", []toolgen.Tool{slow}, mcp.WithMaxCalls(maxCalls))
	require.NoError(t, err)
	addr := serve(t, srv, mcp.HTTPOptions{JSONResponse: true})
	url := "http://" + addr + mcp.Path
	id := initialized(t, url)
	defer close(release)

	for i := range 10 {
		c, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		b := toolsCall(100+i, "slow")
		_, err = fmt.Fprintf(c, "POST /mcp HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nMcp-Session-Id: %s\r\nMcp-Protocol-Version: 2025-06-18\r\nContent-Length: %d\r\n\r\n%s", addr, id, len(b), b)
		require.NoError(t, err)
		c.Close()
	}
	deadline := time.Now().Add(5 * time.Second)
	for running.Load() < maxCalls && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	resp, body := mcpRequest(t, http.MethodPost, url, id, toolsCall(2, "slow"), nil)
	require.Equal(t, http.StatusOK, resp.StatusCode, body)
	assert.Contains(t, body, `"isError":true`)
	assert.Contains(t, body, "the server is running as many tool calls as it may (3)")
	assert.LessOrEqual(t, most.Load(), int64(maxCalls))
}

// TestHeadersAreBounded: net/http's default header limit, 1 MiB a
// connection, let MaxConns clients make the server hold a GiB (300
// connections sending 1 MiB of headers took 315 MiB of heap); Serve's
// default is 64 KiB, and larger headers get 431.
func TestHeadersAreBounded(t *testing.T) {
	noLeaks(t)
	srv := newServer(t)
	addr := serve(t, srv, mcp.HTTPOptions{Stateless: true, JSONResponse: true})
	url := "http://" + addr + mcp.Path
	resp, body := mcpRequest(t, http.MethodPost, url, "", initialize, map[string]string{"X-Pad": strings.Repeat("a", 100<<10)})
	assert.Equal(t, http.StatusRequestHeaderFieldsTooLarge, resp.StatusCode, body)
	// A long bearer token or cookie is far below the limit.
	resp, body = mcpRequest(t, http.MethodPost, url, "", initialize, map[string]string{"X-Pad": strings.Repeat("a", 16<<10)})
	assert.Equal(t, http.StatusOK, resp.StatusCode, body)

	addr = serve(t, srv, mcp.HTTPOptions{Stateless: true, JSONResponse: true, MaxHeaderBytes: 1 << 10})
	resp, body = mcpRequest(t, http.MethodPost, "http://"+addr+mcp.Path, "", initialize, map[string]string{"X-Pad": strings.Repeat("a", 8<<10)})
	assert.Equal(t, http.StatusRequestHeaderFieldsTooLarge, resp.StatusCode, body)
}
