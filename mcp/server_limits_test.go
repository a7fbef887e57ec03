package mcp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/mcp"
)

// mcpRequest sends one JSON-RPC message to url with optional session id and
// headers; it returns the response, whose body is read and closed.
func mcpRequest(t *testing.T, method, url, session, body string, header map[string]string) (*http.Response, string) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequestWithContext(t.Context(), method, url, rd)
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if session != "" {
		req.Header.Set("Mcp-Session-Id", session)
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, string(out)
}

// newSession initializes a session on url and returns its id.
func newSession(t *testing.T, url string) string {
	t.Helper()
	resp, body := mcpRequest(t, http.MethodPost, url, "", initialize, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode, body)
	id := resp.Header.Get("Mcp-Session-Id")
	require.NotEmpty(t, id)
	return id
}

const toolsList = `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}`

func countSessions(srv *mcp.Server) int {
	n := 0
	for range srv.SDK().Sessions() {
		n++
	}
	return n
}

// TestSessionCapClosesLeastRecentlyUsed: initialize calls beyond
// MaxSessions close the session idle longest; the server keeps at most
// MaxSessions, and the newest sessions keep working.
func TestSessionCapClosesLeastRecentlyUsed(t *testing.T) {
	noLeaks(t)
	srv := newServer(t, weather.Tools()...)
	url := serveHandler(t, srv, mcp.HTTPOptions{JSONResponse: true, MaxSessions: 3})

	var ids []string
	for range 10 {
		ids = append(ids, newSession(t, url))
		assert.LessOrEqual(t, countSessions(srv), 3)
	}
	// Using the oldest of the live three makes the next one the least
	// recently used.
	resp, body := mcpRequest(t, http.MethodPost, url, ids[7], toolsList, nil)
	require.Equal(t, http.StatusOK, resp.StatusCode, body)
	ids = append(ids, newSession(t, url))
	assert.Equal(t, 3, countSessions(srv))

	for i, id := range ids {
		resp, body := mcpRequest(t, http.MethodPost, url, id, toolsList, nil)
		switch i {
		case 7, 9, 10:
			assert.Equal(t, http.StatusOK, resp.StatusCode, "session %d: %s", i, body)
		default:
			assert.Equal(t, http.StatusNotFound, resp.StatusCode, "session %d: %s", i, body)
		}
	}
	for ss := range srv.SDK().Sessions() {
		_ = ss.Close()
	}
}

// TestSessionCapRefusesWhenAllBusy: with every session in a request (a GET
// stream), a new session gets 503 with Retry-After.
func TestSessionCapRefusesWhenAllBusy(t *testing.T) {
	noLeaks(t)
	srv := newServer(t, weather.Tools()...)
	url := serveHandler(t, srv, mcp.HTTPOptions{JSONResponse: true, MaxSessions: 1})
	id := newSession(t, url)
	stream := openStream(t, url, id)

	resp, body := mcpRequest(t, http.MethodPost, url, "", initialize, nil)
	assert.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, body)
	assert.Equal(t, "5", resp.Header.Get("Retry-After"))
	assert.Contains(t, body, "too many MCP sessions")

	stream.Close()
	require.Eventually(t, func() bool {
		resp, _ := mcpRequest(t, http.MethodPost, url, "", initialize, nil)
		return resp.StatusCode == http.StatusOK
	}, 10*time.Second, 20*time.Millisecond, "a session is admitted once the stream ends")
	for ss := range srv.SDK().Sessions() {
		_ = ss.Close()
	}
}

// openStream opens session id's GET stream and returns its body once the
// server has answered.
func openStream(t *testing.T, url, id string) io.ReadCloser {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, url, nil)
	require.NoError(t, err)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Mcp-Session-Id", id)
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	t.Cleanup(func() { _ = resp.Body.Close() })
	return resp.Body
}

// TestSessionTimeoutClosesIdleSessions: a session with no request in
// flight for SessionTimeout is closed; one with an open GET stream is not.
func TestSessionTimeoutClosesIdleSessions(t *testing.T) {
	noLeaks(t)
	srv := newServer(t, weather.Tools()...)
	const timeout = 200 * time.Millisecond
	url := serveHandler(t, srv, mcp.HTTPOptions{JSONResponse: true, SessionTimeout: timeout})

	listening := newSession(t, url)
	stream := openStream(t, url, listening)
	idle := newSession(t, url)
	require.Eventually(t, func() bool { return countSessions(srv) == 1 }, 10*time.Second, timeout/4, "the idle session is closed")
	resp, body := mcpRequest(t, http.MethodPost, url, idle, toolsList, nil)
	assert.Equal(t, http.StatusNotFound, resp.StatusCode, body)

	time.Sleep(3 * timeout)
	resp, body = mcpRequest(t, http.MethodPost, url, listening, toolsList, nil)
	assert.Equal(t, http.StatusOK, resp.StatusCode, "the listening session lives on: %s", body)
	stream.Close()
	for ss := range srv.SDK().Sessions() {
		_ = ss.Close()
	}
}

func TestMaxBodyBytes(t *testing.T) {
	noLeaks(t)
	srv := newServer(t, weather.Tools()...)
	url := serveHandler(t, srv, mcp.HTTPOptions{Stateless: true, JSONResponse: true, MaxBodyBytes: 1000})
	big := `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"` + strings.Repeat("x", 2000) + `"}}`
	resp, body := mcpRequest(t, http.MethodPost, url, "", big, nil)
	assert.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
	assert.Contains(t, body, "exceeds 1000 bytes")
	resp, body = mcpRequest(t, http.MethodPost, url, "", toolsList, nil)
	assert.Equal(t, http.StatusOK, resp.StatusCode, body)
}

// serveHandler serves srv's handler with opts on 127.0.0.1 until the test
// ends, and returns its endpoint.
func serveHandler(t *testing.T, srv *mcp.Server, opts mcp.HTTPOptions) string {
	t.Helper()
	ts := httptest.NewServer(mustHandler(srv.Handler(opts)))
	t.Cleanup(ts.Close)
	t.Cleanup(http.DefaultClient.CloseIdleConnections)
	return ts.URL + mcp.Path
}

// mustHandler is Handler's handler, for options known to be good.
func mustHandler(h http.Handler, err error) http.Handler {
	if err != nil {
		panic(err)
	}
	return h
}

// serve runs srv.Serve on 127.0.0.1 until the test ends and returns the
// listener's address.
func serve(t *testing.T, srv *mcp.Server, opts mcp.HTTPOptions) string {
	t.Helper()
	ln, err := mcp.Listen("127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln, opts) }()
	t.Cleanup(func() { stopServing(t, cancel, done, 20*time.Second) })
	return ln.Addr().String()
}

// stopServing ends a Serve or ListenAndServe that runs until its context
// ends: it closes the idle connections of http.DefaultClient, cancels,
// and checks that the call returned nil, within the time given.
func stopServing(t *testing.T, cancel context.CancelFunc, done <-chan error, within time.Duration) {
	t.Helper()
	http.DefaultClient.CloseIdleConnections()
	cancel()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(within):
		t.Errorf("Serve did not return within %v of its context ending", within)
	}
}

// dial opens a raw connection to addr, closed when the test ends.
func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.DialTimeout("tcp", addr, 5*time.Second)
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// dialSending opens a raw connection to addr, closed when the test ends,
// and sends text on it.
func dialSending(t *testing.T, addr, text string) net.Conn {
	t.Helper()
	c := dial(t, addr)
	_, err := io.WriteString(c, text)
	require.NoError(t, err)
	return c
}

// idleConn opens a raw connection to addr, closed when the test ends, that
// has had a request answered and is now an idle keep-alive.
func idleConn(t *testing.T, addr string) net.Conn {
	t.Helper()
	c := dialSending(t, addr, "GET /nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	require.NoError(t, err)
	_ = resp.Body.Close()
	return c
}

// closedWithin reports whether the server ends c (EOF, reset, or a
// response followed by the end) within d.
func closedWithin(c net.Conn, d time.Duration) bool {
	_ = c.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, c)
	if err == nil {
		return true // EOF
	}
	var ne net.Error
	return !(errorsAs(err, &ne) && ne.Timeout())
}

func errorsAs(err error, target *net.Error) bool {
	ne, ok := err.(net.Error)
	if ok {
		*target = ne
	}
	return ok
}

const slowHead = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"

// TestSlowClientsAreCut: a body that trickles in, headers that never end
// and an idle keep-alive connection are all closed by their timeouts.
func TestSlowClientsAreCut(t *testing.T) {
	noLeaks(t)
	const d = 300 * time.Millisecond
	addr := serve(t, newServer(t, weather.Tools()...), mcp.HTTPOptions{
		Stateless: true, ReadHeaderTimeout: d, BodyTimeout: d, IdleTimeout: d,
	})

	slowBody := dialSending(t, addr, slowHead+"Content-Length: 100\r\n\r\n{\"jsonrpc\":")
	slowHeaders := dialSending(t, addr, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
	keepAlive := idleConn(t, addr)
	assert.True(t, closedWithin(slowBody, 5*time.Second), "slow body")
	assert.True(t, closedWithin(slowHeaders, 5*time.Second), "slow headers")
	assert.True(t, closedWithin(keepAlive, 5*time.Second), "idle keep-alive")
}

// TestSlowBodyGets408: a body that does not arrive within BodyTimeout is
// answered 408.
func TestSlowBodyGets408(t *testing.T) {
	noLeaks(t)
	addr := serve(t, newServer(t, weather.Tools()...), mcp.HTTPOptions{Stateless: true, BodyTimeout: 200 * time.Millisecond})
	c := dialSending(t, addr, slowHead+"Content-Length: 100\r\n\r\n{")
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	require.NoError(t, err)
	_ = resp.Body.Close()
	assert.Equal(t, http.StatusRequestTimeout, resp.StatusCode)
}

// TestStreamsOutliveTimeouts: the timeouts bound requests, not responses: a
// GET stream and a tool call answering after several timeouts both live.
func TestStreamsOutliveTimeouts(t *testing.T) {
	noLeaks(t)
	const d = 100 * time.Millisecond
	slow := toolgen.Tool{Name: "slow", Description: "answers late", InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			select {
			case <-time.After(8 * d):
				return toolgen.TextResult("done"), nil
			case <-ctx.Done():
				return toolgen.Result{}, ctx.Err()
			}
		}}
	addr := serve(t, newServer(t, slow), mcp.HTTPOptions{ReadHeaderTimeout: d, BodyTimeout: d, IdleTimeout: d, SessionTimeout: d})
	url := "http://" + addr + mcp.Path
	cs, err := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "t", Version: "1"}, nil).
		Connect(t.Context(), &sdkmcp.StreamableClientTransport{Endpoint: url}, nil)
	require.NoError(t, err)
	defer cs.Close()
	time.Sleep(8 * d) // the GET stream is open all along: the session is not idle
	res, err := cs.CallTool(t.Context(), &sdkmcp.CallToolParams{Name: "slow", Arguments: map[string]any{}})
	require.NoError(t, err)
	assert.Equal(t, "done", text(t, res))
}

// TestConnCapClosesStalledConnections: at MaxConns, a new connection
// closes one that has been sending its request for over a second, so the
// descriptors stay bounded and a new client is served although the
// stalled ones have not reached ReadHeaderTimeout.
func TestConnCapClosesStalledConnections(t *testing.T) {
	noLeaks(t)
	addr := serve(t, newServer(t, weather.Tools()...), mcp.HTTPOptions{
		Stateless: true, JSONResponse: true, MaxConns: 4, ReadHeaderTimeout: time.Minute,
	})
	var stalled []net.Conn
	for range 4 {
		c := dialSending(t, addr, "POST /mcp HTTP/1.1\r\n")
		stalled = append(stalled, c)
	}
	time.Sleep(1200 * time.Millisecond) // past the grace of a second

	start := time.Now()
	resp, body := mcpRequest(t, http.MethodPost, "http://"+addr+mcp.Path, "", toolsList, nil)
	assert.Equal(t, http.StatusOK, resp.StatusCode, body)
	assert.Less(t, time.Since(start), 5*time.Second)
	closed := 0
	for _, c := range stalled {
		if closedWithin(c, 100*time.Millisecond) {
			closed++
		}
	}
	assert.Equal(t, 1, closed, "one stalled connection made room")
}

// TestConnCapClosesIdleFirst: at MaxConns, an idle keep-alive is closed
// before a connection in the middle of its request.
func TestConnCapClosesIdleFirst(t *testing.T) {
	noLeaks(t)
	addr := serve(t, newServer(t, weather.Tools()...), mcp.HTTPOptions{
		Stateless: true, JSONResponse: true, MaxConns: 2, ReadHeaderTimeout: time.Minute, IdleTimeout: time.Minute,
	})
	stalled := dialSending(t, addr, "POST /mcp HTTP/1.1\r\n")
	idle := idleConn(t, addr)
	time.Sleep(1200 * time.Millisecond)

	resp2, body := mcpRequest(t, http.MethodPost, "http://"+addr+mcp.Path, "", toolsList, nil)
	assert.Equal(t, http.StatusOK, resp2.StatusCode, body)
	assert.True(t, closedWithin(idle, 2*time.Second), "the idle connection made room")
	assert.False(t, closedWithin(stalled, 100*time.Millisecond), "the stalled one was spared")
}

func TestBearerToken(t *testing.T) {
	noLeaks(t)
	whoami := toolgen.Tool{Name: "whoami", Description: "token info", InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			ti := mcp.TokenInfo(ctx)
			if ti == nil {
				return toolgen.ErrorResult("no token info"), nil
			}
			return toolgen.TextResult(fmt.Sprintf("expires in an hour: %v", time.Until(ti.Expiration) > 59*time.Minute)), nil
		}}
	srv := newServer(t, append(weather.Tools(), whoami)...)
	url := serveHandler(t, srv, mcp.HTTPOptions{Stateless: true, JSONResponse: true, TokenVerifier: mcp.StaticToken("s3cret")})

	resp, body := mcpRequest(t, http.MethodPost, url, "", toolsList, nil)
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, body)
	assert.Equal(t, "Bearer", resp.Header.Get("WWW-Authenticate"))
	resp, body = mcpRequest(t, http.MethodPost, url, "", toolsList, map[string]string{"Authorization": "Bearer wrong"})
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode, body)
	assert.Contains(t, body, "invalid token")
	resp, body = mcpRequest(t, http.MethodPost, url, "", toolsList, map[string]string{"Authorization": "Bearer s3cret"})
	assert.Equal(t, http.StatusOK, resp.StatusCode, body)
	assert.Contains(t, body, "get_weather")
	assert.Empty(t, resp.Header.Get("WWW-Authenticate"))
	resp, body = mcpRequest(t, http.MethodPost, url, "", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"whoami","arguments":{}}}`,
		map[string]string{"Authorization": "Bearer s3cret"})
	assert.Equal(t, http.StatusOK, resp.StatusCode, body)
	assert.Contains(t, body, "expires in an hour: true")
	assert.Nil(t, mcp.TokenInfo(t.Context()), "outside a call")

	none := mcp.StaticToken("")
	_, err := none(t.Context(), "", nil)
	assert.Error(t, err, "an empty token accepts nothing")
}

// TestInsufficientScope: a token without the required scopes gets 403 with
// error="insufficient_scope" and the scopes in its challenge (RFC 6750
// 3.1), which MCP clients need to ask for them; a request that passed is
// answered untouched.
func TestInsufficientScope(t *testing.T) {
	noLeaks(t)
	srv := newServer(t, weather.Tools()...)
	url := serveHandler(t, srv, mcp.HTTPOptions{Stateless: true, JSONResponse: true, TokenVerifier: mcp.StaticToken("s3cret"),
		TokenOptions: &auth.RequireBearerTokenOptions{Scopes: []string{"mcp:write"}}})
	resp, body := mcpRequest(t, http.MethodPost, url, "", toolsList, map[string]string{"Authorization": "Bearer s3cret"})
	assert.Equal(t, http.StatusForbidden, resp.StatusCode, body)
	assert.Equal(t, `Bearer error="insufficient_scope", scope="mcp:write"`, resp.Header.Get("WWW-Authenticate"))
	resp, _ = mcpRequest(t, http.MethodPost, url, "", toolsList, nil)
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	assert.Equal(t, `Bearer scope="mcp:write"`, resp.Header.Get("WWW-Authenticate"), "a 401 says no error")
}

// TestProtectedResourceMetadata: with ResourceMetadata, a 401 points to
// the metadata, served where RFC 9728 puts it.
func TestProtectedResourceMetadata(t *testing.T) {
	noLeaks(t)
	srv := newServer(t, weather.Tools()...)
	ts := httptest.NewUnstartedServer(nil)
	base := "http://" + ts.Listener.Addr().String()
	ts.Config.Handler = mustHandler(srv.Handler(mcp.HTTPOptions{
		Stateless:     true,
		TokenVerifier: mcp.StaticToken("s3cret"),
		ResourceMetadata: &oauthex.ProtectedResourceMetadata{
			Resource:             base + mcp.Path,
			AuthorizationServers: []string{"https://auth.example.com"},
		},
	}))
	ts.Start()
	t.Cleanup(ts.Close)
	t.Cleanup(http.DefaultClient.CloseIdleConnections)

	resp, _ := mcpRequest(t, http.MethodPost, base+mcp.Path, "", toolsList, nil)
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	metaURL := base + "/.well-known/oauth-protected-resource/mcp"
	assert.Equal(t, fmt.Sprintf("Bearer resource_metadata=%q", metaURL), resp.Header.Get("WWW-Authenticate"))

	for _, u := range []string{metaURL, base + "/.well-known/oauth-protected-resource"} {
		resp, body := mcpRequest(t, http.MethodGet, u, "", "", nil)
		require.Equal(t, http.StatusOK, resp.StatusCode, u)
		var md oauthex.ProtectedResourceMetadata
		require.NoError(t, json.Unmarshal([]byte(body), &md), body)
		assert.Equal(t, base+mcp.Path, md.Resource)
		assert.Equal(t, []string{"https://auth.example.com"}, md.AuthorizationServers)
	}
}

func TestCheckAddr(t *testing.T) {
	var none mcp.HTTPOptions
	for _, a := range []string{":8080", "localhost:1", "LOCALHOST:1", "127.0.0.1:1", "127.0.0.2:1", "[::1]:1"} {
		assert.NoError(t, none.CheckAddr(a), a)
	}
	for _, a := range []string{"0.0.0.0:1", "[::]:1", "192.168.1.5:1", "example.com:1"} {
		err := none.CheckAddr(a)
		require.Error(t, err, a)
		assert.Contains(t, err.Error(), "beyond loopback, without authentication")
		assert.NoError(t, mcp.HTTPOptions{TokenVerifier: mcp.StaticToken("x")}.CheckAddr(a), a)
		assert.NoError(t, mcp.HTTPOptions{AllowUnauthenticatedRemote: true}.CheckAddr(a), a)
	}
}

// TestRemoteNeedsAuthentication: ListenAndServe refuses an address beyond
// loopback before listening, and Serve a listener beyond loopback (here a
// loopback one that says otherwise).
func TestRemoteNeedsAuthentication(t *testing.T) {
	noLeaks(t)
	srv := newServer(t)
	err := srv.ListenAndServe(t.Context(), "0.0.0.0:0", mcp.HTTPOptions{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "refusing to serve on 0.0.0.0:0, beyond loopback, without authentication")

	ln, err := mcp.Listen("127.0.0.1:0")
	require.NoError(t, err)
	fake := &addrListener{Listener: ln, addr: &net.TCPAddr{IP: net.IPv4zero, Port: 1}}
	err = srv.Serve(t.Context(), fake, mcp.HTTPOptions{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "beyond loopback")
	_, err = ln.Accept()
	assert.ErrorIs(t, err, net.ErrClosed, "Serve closed the listener")
}

type addrListener struct {
	net.Listener
	addr net.Addr
}

func (l *addrListener) Addr() net.Addr { return l.addr }

// TestHostCheckOnlyOnLoopback: a request that reached the server through a
// network address is not held to localhost names; one through loopback is.
func TestHostCheckOnlyOnLoopback(t *testing.T) {
	h := mustHandler(newServer(t, weather.Tools()...).Handler(mcp.HTTPOptions{Stateless: true, JSONResponse: true}))
	for _, c := range []struct {
		local net.Addr
		want  int
	}{
		{&net.TCPAddr{IP: net.IPv4(192, 168, 1, 5), Port: 80}, http.StatusOK},
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 80}, http.StatusForbidden},
	} {
		req := httptest.NewRequestWithContext(context.WithValue(t.Context(), http.LocalAddrContextKey, c.local),
			http.MethodPost, "http://mcp.example.com/mcp", strings.NewReader(toolsList))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		assert.Equal(t, c.want, rec.Code, "%v: %s", c.local, rec.Body)
	}
}
