package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tests of this file run the client against wireServer, an MCP server
// written here with net/http alone from the documented wire format, which
// speaks the protocol versions it is given: from 2026-07-28 on statelessly
// (server/discover, the version in each request's _meta and header),
// before that with initialize.

// revisionSchema is the input schema wireServer lists, with the keywords
// of JSON Schema 2020-12 a client must pass on as written, in an order no
// encoder would choose, and a network $ref that no one may fetch.
const revisionSchema = `{"type":"object","$schema":"https://json-schema.org/draft/2020-12/schema",` +
	`"properties":{"id":{"$ref":"#/$defs/id"},"home":{"$ref":"#home"},"profile":{"$ref":"http://127.0.0.1:1/profile.json"}},` +
	`"$defs":{"id":{"type":"string","pattern":"^[a-z]+$"},"address":{"$anchor":"home","type":"object"}},` +
	`"allOf":[{"anyOf":[{"required":["id"]},{"required":["home"]}]}],` +
	`"if":{"required":["profile"]},"then":{"required":["id"]},"else":{},"additionalProperties":false}`

// wireServer is an MCP server over HTTP speaking the versions in
// versions, newest first.
type wireServer struct {
	versions []string
	// discoverRefusal is how a server without 2026-07-28 answers
	// server/discover: "method" (-32601), "version" (-32022 with its
	// versions) or "http" (HTTP 400 with a JSON-RPC error, as a stateful
	// server answers a request outside a session).
	discoverRefusal string
	rejectFirst     bool   // answer the first request -32022, listing versions
	omitResultType  bool   // results of 2026-07-28 without resultType
	callResultType  string // tools/call's resultType, with no content, instead of "complete"
	infoLater       bool   // server/discover's result without serverInfo in _meta
	sessions        bool   // initialize opens a session (Mcp-Session-Id); see forget

	mu       sync.Mutex
	requests []wireRequest
	open     map[string]bool // the sessions open
}

// forget ends every session, as a restarted server does: their requests
// get 404.
func (s *wireServer) forget() {
	s.mu.Lock()
	s.open = nil
	s.mu.Unlock()
}

// session opens a session for an initialize, or reports whether the
// request's session is open.
func (s *wireServer) session(w http.ResponseWriter, r *http.Request, method string) bool {
	if !s.sessions || method == "server/discover" {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if method == "initialize" {
		if s.open == nil {
			s.open = map[string]bool{}
		}
		id := fmt.Sprintf("s%d", len(s.requests))
		s.open[id] = true
		w.Header().Set("Mcp-Session-Id", id)
		return true
	}
	return s.open[r.Header.Get("Mcp-Session-Id")]
}

// wireRequest is a request wireServer received.
type wireRequest struct {
	method string
	header http.Header
	params map[string]json.RawMessage
}

// meta is the request's _meta.
func (r wireRequest) meta() map[string]json.RawMessage {
	var m map[string]json.RawMessage
	_ = json.Unmarshal(r.params["_meta"], &m)
	return m
}

func (s *wireServer) start(t *testing.T) string {
	hs := httptest.NewServer(s)
	t.Cleanup(hs.Close)
	return hs.URL + "/mcp"
}

// ServeHTTP answers one POST; other methods are not allowed.
func (s *wireServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	var msg struct {
		ID     json.RawMessage            `json:"id"`
		Method string                     `json:"method"`
		Params map[string]json.RawMessage `json:"params"`
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if json.Unmarshal(body, &msg) != nil {
		http.Error(w, "not JSON", http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	first := len(s.requests) == 0
	s.requests = append(s.requests, wireRequest{method: msg.Method, header: r.Header.Clone(), params: msg.Params})
	s.mu.Unlock()
	if !s.session(w, r, msg.Method) {
		http.Error(w, "no such session", http.StatusNotFound)
		return
	}
	if msg.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	status, reply := s.answer(first, r.Header, msg.Method, msg.Params)
	reply["jsonrpc"], reply["id"] = "2.0", msg.ID
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(reply)
}

// answer is the status and the JSON-RPC response (without id) to a
// request.
func (s *wireServer) answer(first bool, h http.Header, method string, params map[string]json.RawMessage) (int, map[string]any) {
	modern := slices.ContainsFunc(s.versions, isModern)
	if method == "initialize" {
		return http.StatusOK, map[string]any{"result": s.initialize(params)}
	}
	if method == "server/discover" && !modern {
		return s.refuseDiscover()
	}
	v := h.Get("Mcp-Protocol-Version")
	if isModern(v) {
		var meta map[string]json.RawMessage
		_ = json.Unmarshal(params["_meta"], &meta)
		var mv string
		_ = json.Unmarshal(meta["io.modelcontextprotocol/protocolVersion"], &mv)
		if (first && s.rejectFirst) || mv != v || !slices.Contains(s.versions, v) {
			return http.StatusBadRequest, unsupported(v, s.versions)
		}
	}
	result := s.result(method, isModern(v))
	if result == nil {
		return http.StatusOK, map[string]any{"error": map[string]any{"code": -32601, "message": "no method " + method}}
	}
	return http.StatusOK, map[string]any{"result": result}
}

// refuseDiscover is how a server of older versions answers server/discover.
func (s *wireServer) refuseDiscover() (int, map[string]any) {
	switch s.discoverRefusal {
	case "version":
		return http.StatusBadRequest, unsupported("2026-07-28", s.versions)
	case "http":
		return http.StatusBadRequest, map[string]any{"error": map[string]any{"code": -32000, "message": "Bad Request: Server not initialized"}}
	}
	return http.StatusOK, map[string]any{"error": map[string]any{"code": -32601, "message": "Method not found"}}
}

func unsupported(requested string, supported []string) map[string]any {
	return map[string]any{"error": map[string]any{"code": -32022, "message": "Unsupported protocol version",
		"data": map[string]any{"supported": supported, "requested": requested}}}
}

// initialize answers the version asked for when the server speaks it,
// else its newest before 2026-07-28.
func (s *wireServer) initialize(params map[string]json.RawMessage) map[string]any {
	var asked string
	_ = json.Unmarshal(params["protocolVersion"], &asked)
	v := asked
	if !slices.Contains(s.versions, asked) || isModern(asked) {
		i := slices.IndexFunc(s.versions, func(v string) bool { return !isModern(v) })
		if i < 0 {
			v = "2025-11-25" // never in these tests: modern servers are asked server/discover
		} else {
			v = s.versions[i]
		}
	}
	return map[string]any{"protocolVersion": v, "capabilities": map[string]any{"tools": map[string]any{}},
		"serverInfo": map[string]any{"name": "wire", "version": "1.0"}}
}

// result is the result of method, in the envelope of 2026-07-28 when
// modern, or nil for a method the server does not have.
func (s *wireServer) result(method string, modern bool) map[string]any {
	var r map[string]any
	switch method {
	case "server/discover":
		r = map[string]any{"supportedVersions": s.versions, "capabilities": map[string]any{"tools": map[string]any{}}}
	case "tools/list":
		r = map[string]any{"tools": []any{map[string]any{"name": "echo", "inputSchema": json.RawMessage(revisionSchema)}}}
	case "tools/call":
		r = map[string]any{"content": []any{map[string]any{"type": "text", "text": "ok"}}}
	default:
		return nil
	}
	if !modern {
		return r
	}
	switch {
	case method == "tools/call" && s.callResultType != "":
		r = map[string]any{"resultType": s.callResultType, "task": map[string]any{"taskId": "t1", "status": "working"}}
	case !s.omitResultType:
		r["resultType"] = "complete"
	}
	if method != "server/discover" || !s.infoLater {
		r["_meta"] = map[string]any{metaServerInfo: map[string]any{"name": "wire", "version": "1.0"}}
	}
	return r
}

func isModern(v string) bool { return v >= "2026-07-28" }

// received is a copy of the requests received so far.
func (s *wireServer) received() []wireRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// TestNegotiatesEachRevision connects to servers of each protocol version
// the client speaks, refusing server/discover in each way an older server
// does, and checks the version agreed on, that the tool's schema comes
// through as the server wrote it, and that a call completes.
func TestNegotiatesEachRevision(t *testing.T) {
	cases := []struct {
		name   string
		server *wireServer
		opts   []ClientOption
		want   string
	}{
		{"2026-07-28 only", &wireServer{versions: []string{"2026-07-28"}}, nil, "2026-07-28"},
		{"2026-07-28 and 2025-11-25", &wireServer{versions: []string{"2026-07-28", "2025-11-25"}}, nil, "2026-07-28"},
		{"2026-07-28, first request refused with -32022", &wireServer{versions: []string{"2026-07-28"}, rejectFirst: true}, nil, "2026-07-28"},
		{"2026-07-28 without resultType", &wireServer{versions: []string{"2026-07-28"}, omitResultType: true}, nil, "2026-07-28"},
		{"2026-07-28, serverInfo after discover", &wireServer{versions: []string{"2026-07-28"}, infoLater: true}, nil, "2026-07-28"},
		{"2025-11-25, discover method not found", &wireServer{versions: []string{"2025-11-25"}, discoverRefusal: "method"}, nil, "2025-11-25"},
		{"2025-11-25, discover -32022", &wireServer{versions: []string{"2025-11-25", "2025-06-18"}, discoverRefusal: "version"}, nil, "2025-11-25"},
		{"2025-11-25, discover HTTP 400", &wireServer{versions: []string{"2025-11-25"}, discoverRefusal: "http"}, nil, "2025-11-25"},
		{"2025-06-18", &wireServer{versions: []string{"2025-06-18"}, discoverRefusal: "http"}, nil, "2025-06-18"},
		{"2025-03-26", &wireServer{versions: []string{"2025-03-26"}, discoverRefusal: "method"}, nil, "2025-03-26"},
		{"2024-11-05", &wireServer{versions: []string{"2024-11-05"}, discoverRefusal: "version"}, nil, "2024-11-05"},
		{"2025-06-18 asked of a 2026-07-28 server", &wireServer{versions: []string{"2026-07-28", "2025-11-25", "2025-06-18"}},
			[]ClientOption{WithProtocolVersion("2025-06-18")}, "2025-06-18"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			noLeaks(t)
			srv := tc.server
			c := connectWire(t, srv, tc.opts...)
			if got := c.ProtocolVersion(); got != tc.want {
				t.Errorf("ProtocolVersion() = %q, want %q", got, tc.want)
			}
			checkEchoTool(t, c)
			if name, version := c.ServerInfo(); name != "wire" || version != "1.0" {
				t.Errorf("ServerInfo() = %q, %q; want wire, 1.0", name, version)
			}
			reqs := srv.received()
			if isModern(tc.want) {
				checkModernRequests(t, reqs)
			} else {
				checkLegacyRequests(t, reqs, tc.want)
			}
		})
	}
}

// connectWire connects to srv, closing the client with the test.
func connectWire(t *testing.T, srv *wireServer, opts ...ClientOption) *Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := Connect(ctx, URL(srv.start(t), nil), opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// checkEchoTool lists the tools and calls echo.
func checkEchoTool(t *testing.T, c *Client) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	tools, err := c.Tools(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(tools) != 1 || string(tools[0].InputSchema) != revisionSchema {
		t.Fatalf("tools %+v, want echo with the input schema as written:\n%s", tools, revisionSchema)
	}
	r, err := c.CallTool(ctx, "echo", nil)
	if err != nil || r.IsError || r.Text() != "ok" {
		t.Errorf("CallTool = %+v, %v; want the complete result ok", r, err)
	}
}

// checkModernRequests checks that every request after the handshake says
// its version in a header and in _meta, with the client's info and
// capabilities, and its method (and a call its tool) in the standard
// headers.
func checkModernRequests(t *testing.T, reqs []wireRequest) {
	t.Helper()
	methods := map[string]bool{}
	for _, r := range reqs {
		methods[r.method] = true
		if r.method == "initialize" {
			t.Errorf("initialize sent to a server of 2026-07-28")
		}
		meta := r.meta()
		if r.header.Get("Mcp-Method") != r.method {
			t.Errorf("%s: Mcp-Method %q", r.method, r.header.Get("Mcp-Method"))
		}
		if r.method == "tools/call" && r.header.Get("Mcp-Name") != "echo" {
			t.Errorf("tools/call: Mcp-Name %q, want echo", r.header.Get("Mcp-Name"))
		}
		if strings.HasPrefix(r.method, "notifications/") {
			continue
		}
		var version string
		_ = json.Unmarshal(meta["io.modelcontextprotocol/protocolVersion"], &version)
		if h := r.header.Get("Mcp-Protocol-Version"); h == "" || h != version {
			t.Errorf("%s: header version %q, _meta version %q", r.method, h, version)
		}
		var info struct{ Name string }
		if json.Unmarshal(meta["io.modelcontextprotocol/clientInfo"], &info) != nil || info.Name != "toolgen" {
			t.Errorf("%s: _meta clientInfo %s", r.method, meta["io.modelcontextprotocol/clientInfo"])
		}
		var caps map[string]any
		if json.Unmarshal(meta["io.modelcontextprotocol/clientCapabilities"], &caps) != nil || caps == nil {
			t.Errorf("%s: _meta clientCapabilities %s, want an object", r.method, meta["io.modelcontextprotocol/clientCapabilities"])
		}
	}
	for _, m := range []string{"server/discover", "tools/list", "tools/call"} {
		if !methods[m] {
			t.Errorf("no %s request among %v", m, methods)
		}
	}
}

// checkLegacyRequests checks that the client initialized at version and
// then said it in the header.
func checkLegacyRequests(t *testing.T, reqs []wireRequest, version string) {
	t.Helper()
	initialized := false
	for _, r := range reqs {
		switch {
		case r.method == "initialize":
			initialized = true
		case r.method == "server/discover":
			if initialized {
				t.Errorf("server/discover after initialize")
			}
		case initialized && version >= "2025-06-18" && r.header.Get("Mcp-Protocol-Version") != version:
			t.Errorf("%s: Mcp-Protocol-Version %q, want %q", r.method, r.header.Get("Mcp-Protocol-Version"), version)
		}
	}
	if !initialized {
		t.Errorf("no initialize")
	}
}

// TestRefusesAServerOfNoCommonRevision checks that a server speaking only
// versions the client does not is a connection error naming the version.
func TestRefusesAServerOfNoCommonRevision(t *testing.T) {
	noLeaks(t)
	srv := &wireServer{versions: []string{"2024-10-07"}, discoverRefusal: "version"}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := Connect(ctx, URL(srv.start(t), nil))
	if err == nil {
		c.Close()
		t.Fatal("connected to a server of 2024-10-07 only")
	}
	if !strings.Contains(err.Error(), "2024-10-07") {
		t.Errorf("error %q does not name the server's version", err)
	}
}

// TestWithProtocolVersionNamesTheVersionsSpoken checks that a version the
// client does not speak is refused up front, with the ones it does.
func TestWithProtocolVersionNamesTheVersionsSpoken(t *testing.T) {
	for _, v := range []string{"", "2024-10-07", "2026-13-01", "latest"} {
		_, err := NewClient(URL("http://127.0.0.1:1/mcp", nil), WithProtocolVersion(v))
		if err == nil || !strings.Contains(err.Error(), "2026-07-28, 2025-11-25") {
			t.Errorf("WithProtocolVersion(%q): error %v, want one listing the versions spoken", v, err)
		}
	}
	for _, v := range ProtocolVersions() {
		if _, err := NewClient(URL("http://127.0.0.1:1/mcp", nil), WithProtocolVersion(v)); err != nil {
			t.Errorf("WithProtocolVersion(%q): %v", v, err)
		}
	}
}

// TestProtocolVersionBeforeConnecting is empty.
func TestProtocolVersionBeforeConnecting(t *testing.T) {
	c, err := NewClient(URL("http://127.0.0.1:1/mcp", nil))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if v := c.ProtocolVersion(); v != "" {
		t.Errorf("ProtocolVersion() = %q before connecting", v)
	}
}

// withDiscoverTimeout shortens the wait for server/discover's answer.
func withDiscoverTimeout(d time.Duration) ClientOption {
	return func(o *clientOptions) error { o.discoverTimeout = d; return nil }
}

// legacyPeer plays, on conn, a server of 2025-11-25 that answers
// server/discover as discover says: "silent" (never), "late" (just before
// its answer to initialize), or "error" (-32601 at once).
func legacyPeer(t *testing.T, conn sdk.Connection, discover string) {
	ctx := context.Background()
	var probe *jsonrpc.Request
	reply := func(req *jsonrpc.Request, result any, werr *jsonrpc.Error) {
		resp := &jsonrpc.Response{ID: req.ID}
		if werr != nil {
			resp.Error = werr
		} else {
			resp.Result, _ = json.Marshal(result)
		}
		_ = conn.Write(ctx, resp)
	}
	for {
		msg, err := conn.Read(ctx)
		if err != nil {
			return
		}
		req, ok := msg.(*jsonrpc.Request)
		if !ok || !req.IsCall() {
			continue
		}
		switch req.Method {
		case "server/discover":
			probe = req
			if discover == "error" {
				reply(req, nil, &jsonrpc.Error{Code: -32601, Message: "Method not found"})
			}
		case "initialize":
			if discover == "late" && probe != nil {
				reply(probe, map[string]any{"supportedVersions": []string{"2026-07-28"}, "capabilities": map[string]any{}}, nil)
			}
			reply(req, map[string]any{"protocolVersion": "2025-11-25", "capabilities": map[string]any{"tools": map[string]any{}},
				"serverInfo": map[string]any{"name": "legacy", "version": "1"}}, nil)
		case "tools/list":
			reply(req, map[string]any{"tools": []any{map[string]any{"name": "t", "inputSchema": json.RawMessage(revisionSchema)}}}, nil)
		default:
			reply(req, nil, &jsonrpc.Error{Code: -32601, Message: "no " + req.Method})
		}
	}
}

// TestFallsBackWhenDiscoverGoesUnanswered checks that over a message
// transport a server that does not answer server/discover in time, or
// answers an error, gets initialize on the same connection, and that a
// late answer to the probe changes nothing.
func TestFallsBackWhenDiscoverGoesUnanswered(t *testing.T) {
	const timeout = 300 * time.Millisecond
	for _, tc := range []struct {
		discover string
		waits    bool
	}{{"silent", true}, {"late", true}, {"error", false}} {
		t.Run(tc.discover, func(t *testing.T) {
			noLeaks(t)
			ct, st := sdk.NewInMemoryTransports()
			conn, err := st.Connect(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			done := make(chan struct{})
			go func() { defer close(done); legacyPeer(t, conn, tc.discover) }()
			defer func() { conn.Close(); <-done }()
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			start := time.Now()
			c, err := Connect(ctx, SDKTransport(ct), withDiscoverTimeout(timeout))
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			took := time.Since(start)
			if v := c.ProtocolVersion(); v != "2025-11-25" {
				t.Errorf("ProtocolVersion() = %q, want 2025-11-25", v)
			}
			if tc.waits && took < timeout {
				t.Errorf("connected after %v, before the probe's %v were up", took, timeout)
			}
			if !tc.waits && took >= timeout {
				t.Errorf("connected after %v: waited for a probe already answered", took)
			}
			tools, err := c.Tools(ctx)
			if err != nil || len(tools) != 1 || string(tools[0].InputSchema) != revisionSchema {
				t.Errorf("Tools = %+v, %v", tools, err)
			}
		})
	}
}

// TestRemembersAnOlderServer checks that the session that replaces one
// a server of 2025-06-18 lost starts with initialize at that version,
// without asking server/discover again.
func TestRemembersAnOlderServer(t *testing.T) {
	noLeaks(t)
	srv := &wireServer{versions: []string{"2025-06-18"}, discoverRefusal: "http", sessions: true}
	c := connectWire(t, srv)
	checkEchoTool(t, c)
	srv.forget()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if r, err := c.CallTool(ctx, "echo", nil); err != nil || r.Text() != "ok" {
		t.Fatalf("CallTool after the server lost the session: %+v, %v", r, err)
	}
	var discovers int
	var asked []string
	for _, r := range srv.received() {
		switch r.method {
		case "server/discover":
			discovers++
		case "initialize":
			var v string
			_ = json.Unmarshal(r.params["protocolVersion"], &v)
			asked = append(asked, v)
		}
	}
	if discovers != 1 || !slices.Equal(asked, []string{"2025-11-25", "2025-06-18"}) {
		t.Errorf("server/discover sent %d times, initialize asked %v; want once, then 2025-11-25 and 2025-06-18", discovers, asked)
	}
	if v := c.ProtocolVersion(); v != "2025-06-18" {
		t.Errorf("ProtocolVersion() = %q after the new session", v)
	}
}

// TestResultOfAnUnreadTypeIsAFailedResult checks that a tools/call result
// of a type the client does not read (a task it did not ask for, a type of
// a later version) is not taken for an empty success.
func TestResultOfAnUnreadTypeIsAFailedResult(t *testing.T) {
	for _, rt := range []string{"task", "something_new"} {
		t.Run(rt, func(t *testing.T) {
			noLeaks(t)
			c := connectWire(t, &wireServer{versions: []string{"2026-07-28"}, callResultType: rt})
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			r, err := c.CallTool(ctx, "echo", nil)
			var rte *ResultTypeError
			if !errors.As(err, &rte) || rte.ResultType != rt || !r.IsError || !strings.Contains(r.Text(), rt) {
				t.Errorf("CallTool = %+v, %v; want a failed result and a ResultTypeError naming %q", r, err, rt)
			}
			tools, err := c.Tools(ctx)
			if err != nil {
				t.Fatal(err)
			}
			r, err = tools[0].Call(ctx, nil)
			if err != nil || !r.IsError {
				t.Errorf("the tool's Call = %+v, %v; want a failed result for the model", r, err)
			}
		})
	}
}
