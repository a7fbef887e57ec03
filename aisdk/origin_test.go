package aisdk_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/aisdk"
)

// countingModel answers every request "ok" and counts them: a request
// refused before the agent runs leaves the count alone.
type countingModel struct{ n atomic.Int64 }

func (m *countingModel) Generate(context.Context, agent.Request) (agent.Response, error) {
	m.n.Add(1)
	return agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Text: "ok"}}, nil
}

// raw sends a chat request as a browser or an attacker might: any
// Content-Type (none when ""), Host and headers.
func raw(t *testing.T, url, contentType, host string, header map[string]string, body string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	require.NoError(t, err)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if host != "" {
		req.Host = host
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	return exchange(t, req)
}

// A web page can POST to any address without asking (a "simple" CORS
// request: no preflight) as long as its Content-Type is text/plain, a form
// or multipart: such a request must not run the agent.
func TestSimpleRequestContentTypesAreRefused(t *testing.T) {
	model := &countingModel{}
	srv := serveModel(t, model)
	req := body(t, "c", userMsg("u1", "hi"))
	for _, ct := range []string{
		"", // no Content-Type: fetch with a Blob of no type, or a client that forgot it
		"text/plain",
		"text/plain;charset=UTF-8", // what fetch sends for a string body
		"TEXT/PLAIN; charset=utf-8",
		"application/x-www-form-urlencoded",
		"application/x-www-form-urlencoded;charset=UTF-8",
		"multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW",
		"multipart/form-data",
		"text/json",
		"application/jsonx",
		"application/json-patch+json",
		"application/json; charset=utf-16",
		"application/json; charset", // malformed
		"application/json, text/plain",
		"json",
	} {
		status, _, got := raw(t, srv.URL, ct, "", nil, req)
		assert.Equal(t, http.StatusUnsupportedMediaType, status, "Content-Type %q: %s", ct, got)
		assert.Contains(t, got, "application/json", "Content-Type %q: the refusal says what to send", ct)
	}
	assert.Zero(t, model.n.Load(), "no refused request reached the model")

	for _, ct := range []string{"application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8"} {
		status, _, got := raw(t, srv.URL, ct, "", nil, req)
		assert.Equal(t, http.StatusOK, status, "Content-Type %q: %s", ct, got)
	}
	assert.EqualValues(t, 3, model.n.Load())
}

// serveModel serves an agent over model, with no tools, on 127.0.0.1.
func serveModel(t *testing.T, model agent.Model, opts ...aisdk.Option) *httptest.Server {
	t.Helper()
	a, err := agent.New(model)
	require.NoError(t, err)
	return serveAgent(t, a, opts...)
}

// portOf is the port srv listens on.
func portOf(t *testing.T, srv *httptest.Server) string {
	t.Helper()
	_, port, err := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
	require.NoError(t, err)
	return port
}

// A page of another origin is refused, whatever it sends; the page's own
// origin, and an origin the program allows, are served.
func TestForeignOriginsAreRefused(t *testing.T) {
	model := &countingModel{}
	srv := serveModel(t, model)
	port := portOf(t, srv)
	req := body(t, "c", userMsg("u1", "hi"))
	for _, h := range []map[string]string{
		{"Origin": "http://evil.example"},
		{"Origin": "https://evil.example"},
		{"Origin": "http://evil.example:" + port},
		{"Origin": "null"},                      // a sandboxed iframe, a data: URL, a file: page
		{"Origin": "http://127.0.0.1:1"},        // same host, another port: another origin
		{"Origin": "https://127.0.0.1:" + port}, // same host and port, another scheme
		{"Origin": "http://localhost:" + port},  // another name of the same machine is another origin
		{"Origin": "http://127.0.0.1:" + port + ".evil.example"},
		{"Origin": "http://127.0.0.1:" + port + "@evil.example"},
		{"Origin": "file://"},
		{"Origin": "not an origin"},
		{"Sec-Fetch-Site": "cross-site"}, // a browser's word, with no Origin
		{"Sec-Fetch-Site": "same-site"},
		{"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"},
		{"Origin": "http://127.0.0.1:" + port, "Sec-Fetch-Site": "cross-site"},
	} {
		status, _, got := raw(t, srv.URL, "application/json", "", h, req)
		assert.Equal(t, http.StatusForbidden, status, "%v: %s", h, got)
	}
	assert.Zero(t, model.n.Load(), "no refused request reached the model")

	// The page's own origin (what a browser sends with the page's fetch),
	// and a request with no Origin (not a browser: curl, a server).
	for _, h := range []map[string]string{
		{"Origin": "http://127.0.0.1:" + port},
		{"Origin": "HTTP://127.0.0.1:" + port},
		{"Origin": "http://127.0.0.1:" + port, "Sec-Fetch-Site": "same-origin"},
		{"Sec-Fetch-Site": "same-origin"},
		{"Sec-Fetch-Site": "none"},
		nil,
	} {
		status, _, got := raw(t, srv.URL, "application/json", "", h, req)
		assert.Equal(t, http.StatusOK, status, "%v: %s", h, got)
	}
	// A proxy in front that ends TLS: the browser's page is https, the
	// request reaches the server as http; the browser says same-origin.
	status, _, got := raw(t, srv.URL, "application/json", "", map[string]string{"Origin": "https://127.0.0.1:" + port, "Sec-Fetch-Site": "same-origin"}, req)
	assert.Equal(t, http.StatusOK, status, got)
}

// WithAllowedOrigins lets named origins in, with the CORS headers a
// browser needs to read the answer; nothing else gets in with them.
func TestAllowedOrigins(t *testing.T) {
	model := &countingModel{}
	srv := serveModel(t, model, aisdk.WithAllowedOrigins("https://app.example", "http://localhost:5173"))
	req := body(t, "c", userMsg("u1", "hi"))
	for _, origin := range []string{"https://app.example", "https://APP.example:443", "http://localhost:5173"} {
		status, h, got := raw(t, srv.URL, "application/json", "", map[string]string{"Origin": origin, "Sec-Fetch-Site": "cross-site"}, req)
		assert.Equal(t, http.StatusOK, status, "%s: %s", origin, got)
		assert.Equal(t, origin, h.Get("Access-Control-Allow-Origin"), origin)
		assert.Contains(t, h.Values("Vary"), "Origin")
	}
	for _, origin := range []string{"http://app.example", "https://app.example:8443", "https://evil.app.example", "http://localhost:5174", "null"} {
		status, h, got := raw(t, srv.URL, "application/json", "", map[string]string{"Origin": origin}, req)
		assert.Equal(t, http.StatusForbidden, status, "%s: %s", origin, got)
		assert.Empty(t, h.Get("Access-Control-Allow-Origin"), origin)
	}
	// A simple request from an allowed origin is still not JSON.
	status, _, _ := raw(t, srv.URL, "text/plain", "", map[string]string{"Origin": "https://app.example"}, req)
	assert.Equal(t, http.StatusUnsupportedMediaType, status)
	assert.EqualValues(t, 3, model.n.Load())

	// The preflight of an allowed origin is answered; another's is not.
	preflight := func(origin string) (int, http.Header) {
		r, err := http.NewRequest(http.MethodOptions, srv.URL, nil)
		require.NoError(t, err)
		r.Header.Set("Origin", origin)
		r.Header.Set("Access-Control-Request-Method", "POST")
		r.Header.Set("Access-Control-Request-Headers", "content-type")
		resp, err := http.DefaultClient.Do(r)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode, resp.Header
	}
	status, h := preflight("https://app.example")
	assert.Equal(t, http.StatusNoContent, status)
	assert.Equal(t, "https://app.example", h.Get("Access-Control-Allow-Origin"))
	assert.Contains(t, h.Get("Access-Control-Allow-Methods"), "POST")
	assert.Contains(t, strings.ToLower(h.Get("Access-Control-Allow-Headers")), "content-type")
	status, h = preflight("https://evil.example")
	assert.Equal(t, http.StatusForbidden, status)
	assert.Empty(t, h.Get("Access-Control-Allow-Origin"))

	a, err := agent.New(model)
	require.NoError(t, err)
	for _, bad := range []string{"", "*", "null", "app.example", "https://app.example/", "https://app.example/chat", "https://user@app.example", "https://app.example?x"} {
		_, err := aisdk.Handler(a, aisdk.WithAllowedOrigins(bad))
		assert.ErrorContains(t, err, "aisdk.WithAllowedOrigins", "%q", bad)
	}
}

// A page on another domain that rebinds its name to 127.0.0.1 reaches a
// server on loopback as same-origin: the Host header is what tells it. On
// loopback only localhost, 127.0.0.1 and [::1] are served (as mcp does),
// and the names WithAllowedHosts adds.
func TestDNSRebindingIsRefused(t *testing.T) {
	model := &countingModel{}
	srv := serveModel(t, model)
	port := portOf(t, srv)
	req := body(t, "c", userMsg("u1", "hi"))
	for _, host := range []string{
		"evil.example",
		"evil.example:" + port,
		"127.0.0.1.nip.io:" + port,
		"localhost.evil.example:" + port,
		"localhost.:" + port,
		"sub.localhost:" + port,
		"10.0.0.1:" + port,
		"192.168.1.20",
		"127.0.0.2:" + port, // loopback, but not a name mcp serves
		"0.0.0.0:" + port,
		"[::2]:" + port,
		"2130706433:" + port, // 127.0.0.1 as one number
		"[::ffff:127.0.0.1]:" + port,
	} {
		// The rebound page is same-origin to itself: its Origin matches its Host.
		for _, h := range []map[string]string{nil, {"Origin": "http://" + host}, {"Sec-Fetch-Site": "same-origin", "Origin": "http://" + host}} {
			status, _, got := raw(t, srv.URL, "application/json", host, h, req)
			assert.Equal(t, http.StatusForbidden, status, "Host %q %v: %s", host, h, got)
		}
	}
	assert.Zero(t, model.n.Load(), "no refused request reached the model")
	for _, host := range []string{"127.0.0.1:" + port, "127.0.0.1", "localhost:" + port, "LocalHost:" + port, "[::1]:" + port, "::1"} {
		status, _, got := raw(t, srv.URL, "application/json", host, nil, req)
		assert.Equal(t, http.StatusOK, status, "Host %q: %s", host, got)
	}

	// Names the program serves on (a reverse proxy that keeps the Host).
	srv = serveModel(t, model, aisdk.WithAllowedHosts("chat.example", "other.example:8443"))
	for _, ok := range []struct{ host, origin string }{
		{"chat.example", "http://chat.example"},
		{"chat.example:" + port, "http://chat.example:" + port},
		{"CHAT.example", ""},
		{"other.example:8443", "http://other.example:8443"},
		{"127.0.0.1:" + port, ""},
	} {
		h := map[string]string{}
		if ok.origin != "" {
			h["Origin"] = ok.origin
		}
		status, _, got := raw(t, srv.URL, "application/json", ok.host, h, req)
		assert.Equal(t, http.StatusOK, status, "Host %q: %s", ok.host, got)
	}
	for _, host := range []string{"other.example", "other.example:8444", "evil.example", "x.chat.example"} {
		status, _, got := raw(t, srv.URL, "application/json", host, nil, req)
		assert.Equal(t, http.StatusForbidden, status, "Host %q: %s", host, got)
	}

	a, err := agent.New(model)
	require.NoError(t, err)
	for _, bad := range []string{"", "http://chat.example", "chat.example/x", "chat example", "chat.example:port"} {
		_, err := aisdk.Handler(a, aisdk.WithAllowedHosts(bad))
		assert.ErrorContains(t, err, "aisdk.WithAllowedHosts", "%q", bad)
	}
}

var approvalIDRE = regexp.MustCompile(`^approval-[0-9a-f]{32}$`)

// An approval id is the handler's own random number, not the model's call
// id: a page that guesses a call id (a demo model's "call-1", a provider's
// predictable id) cannot approve the call blind.
func TestBlindApprovalIsRefused(t *testing.T) {
	rec := &tools{}
	model := rt.NewModel(rt.Calls(rt.Call("c1", "write", `{"path":"f"}`)), rt.StreamText("Written."),
		rt.Calls(rt.Call("c1", "write", `{"path":"g"}`)))
	srv := serve(t, model, rec)
	msgID, approvalID := pauseFor(t, srv, "chat")
	assert.Regexp(t, approvalIDRE, approvalID, "128 random bits")

	for _, guess := range []string{"approval-c1", "c1", "", approvalID[:len(approvalID)-1] + "0", strings.ToUpper(approvalID)} {
		if guess == approvalID {
			continue
		}
		chunks := post(t, srv.URL, body(t, "chat", userMsg("u1", "write f"), answerWith(msgID, "c1", guess, true)))
		assert.Contains(t, short(chunks), `error errorText="calls waiting for approval have no answer: c1 (write); answer every one (approved or not) in one request"`, "guess %q", guess)
		assert.Empty(t, rec.calls(), "guess %q", guess)
	}
	chunks := post(t, srv.URL, body(t, "chat", userMsg("u1", "write f"), answerWith(msgID, "c1", approvalID, true)))
	assert.Equal(t, `finish finishReason="stop"`, short(chunks)[len(chunks)-1])
	assert.Equal(t, []string{`write {"path":"f"}`}, rec.calls())

	// Another chat whose model uses the same call id gets another approval id.
	_, other := pauseFor(t, srv, "chat-2")
	assert.Regexp(t, approvalIDRE, other)
	assert.NotEqual(t, approvalID, other)
}

// pauseFor runs a chat's first request, which pauses on a call, and returns
// the assistant message's id and the approval id it was asked with.
func pauseFor(t *testing.T, srv *httptest.Server, chatID string) (msgID, approvalID string) {
	t.Helper()
	chunks := post(t, srv.URL, body(t, chatID, userMsg("u1", "write f")))
	for _, c := range chunks {
		if c["type"] == aisdk.ChunkToolApprovalRequest {
			approvalID, _ = c["approvalId"].(string)
		}
	}
	require.NotEmpty(t, approvalID, "no approval request: %v", short(chunks))
	return chunks[0]["messageId"].(string), approvalID
}

// answerWith is the assistant message that asked for approval of callID,
// answered under approvalID.
func answerWith(msgID, callID, approvalID string, approved bool) aisdk.UIMessage {
	return answer(msgID, callID, approvalID, approved, "")
}

// The approval ids survive the store (they are saved with the run).
func TestApprovalIDsAreSavedWithTheRun(t *testing.T) {
	store, err := aisdk.NewMemoryStore(4)
	require.NoError(t, err)
	rec := &tools{}
	model := rt.NewModel(rt.Calls(rt.Call("c1", "write", `{"path":"f"}`)), rt.StreamText("Written."))
	srv := serve(t, model, rec, aisdk.WithStore(store))
	_, approvalID := pauseFor(t, srv, "chat")
	chat, err := store.Load(context.Background(), "chat")
	require.NoError(t, err)
	require.NotNil(t, chat)
	assert.Equal(t, map[string]string{"c1": approvalID}, chat.Approvals)
	b, err := json.Marshal(chat)
	require.NoError(t, err)
	assert.Contains(t, string(b), approvalID)
}
