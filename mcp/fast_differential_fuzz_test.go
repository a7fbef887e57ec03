package mcp_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/mcp"
)

// The differential fuzz target sends the same request to two stateless
// servers of the same tools, one with the fast path (server_fast.go) and
// one without (HTTPOptions.DisableFastPath: every request through go-sdk),
// and requires that both answers mean the same thing (see meaning).

// differentialTools are tools whose results depend only on their
// arguments, so that two servers give the same results: the weather tools,
// an echo of the raw arguments, a panic, a Go error and every content kind.
// (A tool whose structured result is not JSON is left out: go-sdk never
// answers it; see TestFastPathAnswersWhereGoSDKDoesNot.)
func differentialTools() []toolgen.Tool {
	obj := []byte(`{"type":"object"}`)
	return append(weather.Tools(), progressTool(),
		toolgen.Tool{Name: "echo", Description: "echoes its arguments", InputSchema: obj,
			Call: func(_ context.Context, args []byte) (toolgen.Result, error) {
				return toolgen.TextResult(string(args)), nil
			}},
		toolgen.Tool{Name: "boom", Description: "panics", InputSchema: obj,
			Call: func(context.Context, []byte) (toolgen.Result, error) { panic("kaboom") }},
		toolgen.Tool{Name: "cancelled", Description: "fails", InputSchema: obj,
			Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.Result{}, context.Canceled }},
		toolgen.Tool{Name: "mixed", Description: "all kinds", InputSchema: obj,
			Call: func(context.Context, []byte) (toolgen.Result, error) {
				return toolgen.Result{Content: []toolgen.Content{
					{Type: toolgen.ContentText, Text: "hi <&> \u2028"},
					{Type: toolgen.ContentImage, Data: []byte{1, 2}, MIMEType: "image/png"},
					{Type: toolgen.ContentResource, URI: "test://r", MIMEType: "text/plain", Text: "body"},
				}, Structured: []byte(`{"n":1}`)}, nil
			}},
	)
}

// meaning is what a client can act on in a response, and all that the
// differential tests compare:
//
//   - the HTTP status and the media type of Content-Type;
//   - for a JSON-RPC body (application/json, or each event of an event
//     stream), each message: its id, method and params (a notification),
//     its result as a JSON value (member order, white space and the
//     spelling of numbers and strings do not matter), and its error's
//     code; notifications in the order sent, then responses by id
//     (JSON-RPC lets a batch's responses come in any order, and go-sdk's
//     do).
//
// An error's message and data are not compared: they are prose for people,
// and a client decides on the code (go-sdk's own messages quote Go errors,
// which are no contract). A body that is not JSON-RPC (net/http's plain
// text of a 4xx) is compared by its status only, for the same reason.
type meaning struct {
	Status    int
	MediaType string
	Messages  []rpcMeaning
}

type rpcMeaning struct {
	ID        any
	HasID     bool
	Method    string
	Params    any
	Result    any
	ErrorCode *float64
}

func (m meaning) String() string {
	b, _ := json.Marshal(m)
	return string(b)
}

// meaningOf reads a response. It reports an error when a body that says it
// is JSON or an event stream is not, which no path may send.
func meaningOf(status int, contentType string, body []byte) (meaning, error) {
	m := meaning{Status: status}
	m.MediaType, _, _ = mime.ParseMediaType(contentType)
	var datas [][]byte
	switch m.MediaType {
	case "application/json":
		if len(bytes.TrimSpace(body)) > 0 {
			datas = append(datas, body)
		}
	case "text/event-stream":
		for ev := range strings.SplitSeq(strings.TrimSuffix(string(body), "\n\n"), "\n\n") {
			for line := range strings.SplitSeq(ev, "\n") {
				if data, ok := strings.CutPrefix(line, "data: "); ok {
					datas = append(datas, []byte(data))
				}
			}
		}
	default:
		return m, nil
	}
	for _, data := range datas {
		var msgs []json.RawMessage
		if bytes.HasPrefix(bytes.TrimSpace(data), []byte("[")) {
			if err := json.Unmarshal(data, &msgs); err != nil {
				return m, fmt.Errorf("a batch that is not JSON: %w: %q", err, data)
			}
		} else {
			msgs = []json.RawMessage{data}
		}
		for _, raw := range msgs {
			var msg struct {
				ID     *any   `json:"id"`
				Method string `json:"method"`
				Params any    `json:"params"`
				Result any    `json:"result"`
				Error  *struct {
					Code float64 `json:"code"`
				} `json:"error"`
			}
			if err := json.Unmarshal(raw, &msg); err != nil {
				return m, fmt.Errorf("a message that is not JSON: %w: %q", err, raw)
			}
			rm := rpcMeaning{Method: msg.Method, Params: msg.Params, Result: msg.Result}
			if msg.ID != nil {
				rm.ID, rm.HasID = *msg.ID, true
			}
			if msg.Error != nil {
				rm.ErrorCode = &msg.Error.Code
			}
			m.Messages = append(m.Messages, rm)
		}
	}
	slices.SortStableFunc(m.Messages, func(a, b rpcMeaning) int {
		if c := cmp.Compare(a.rank(), b.rank()); c != 0 || a.rank() == 0 {
			return c
		}
		return cmp.Compare(fmt.Sprint(a.ID), fmt.Sprint(b.ID))
	})
	return m, nil
}

// rank orders a notification (0) before a response (1).
func (m rpcMeaning) rank() int {
	if m.Method != "" {
		return 0
	}
	return 1
}

// differential is a pair of stateless servers of differentialTools, with
// and without the fast path, served in process.
type differential struct {
	fastSrv     *mcp.Server
	fast, plain http.Handler
}

func newDifferential(tb testing.TB, jsonResponse bool) *differential {
	tb.Helper()
	d := &differential{}
	for _, disable := range []bool{false, true} {
		srv, err := mcp.NewServer("test", "1.0.0", differentialTools())
		require.NoError(tb, err)
		h, err := srv.Handler(mcp.HTTPOptions{Stateless: true, JSONResponse: jsonResponse, DisableFastPath: disable})
		require.NoError(tb, err)
		if disable {
			d.plain = h
		} else {
			d.fast, d.fastSrv = h, srv
		}
	}
	return d
}

// differentialRequest is one request of the differential tests: its body,
// its protocol version header and, at 2026-07-28, its Mcp-Method and
// Mcp-Name headers ("" for none). The other headers are those of a plain
// client.
type differentialRequest struct {
	body             []byte
	version          string
	mcpMethod, mcpNm string
}

// exchangeTimeout bounds each exchange: a path that never answers fails
// the test.
const exchangeTimeout = 10 * time.Second

// answer sends req to h in process and reads the meaning of its response.
// A panic in the handler is reported as an error naming it (net/http would
// drop the connection and log a stack).
func answer(h http.Handler, req differentialRequest) (m meaning, err error) {
	return answerWith(h, req, nil)
}

// answerWith is answer with more headers (a session's id).
func answerWith(h http.Handler, req differentialRequest, headers map[string]string) (m meaning, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), exchangeTimeout)
	defer cancel()
	r := httptest.NewRequestWithContext(ctx, http.MethodPost, "http://localhost"+mcp.Path, bytes.NewReader(req.body))
	r.Host = "localhost"
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range map[string]string{"Mcp-Protocol-Version": req.version, "Mcp-Method": req.mcpMethod, "Mcp-Name": req.mcpNm} {
		if v != "" {
			r.Header.Set(k, v)
		}
	}
	for k, v := range headers {
		r.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		h.ServeHTTP(rec, r)
	}()
	select {
	case p := <-done:
		if p != nil {
			return m, fmt.Errorf("the handler panicked: %v", p)
		}
	case <-time.After(exchangeTimeout + time.Second):
		return m, fmt.Errorf("no answer within %v", exchangeTimeout)
	}
	return meaningOf(rec.Code, rec.Header().Get("Content-Type"), rec.Body.Bytes())
}

// compare sends req to both servers of d and fails t unless both answer
// and the answers mean the same. It reports whether the fast path answered.
func (d *differential) compare(t *testing.T, req differentialRequest) (fast bool) {
	t.Helper()
	before := mcp.FastServed(d.fastSrv)
	got, err := answer(d.fast, req)
	if err != nil {
		t.Fatalf("with the fast path: %v\nrequest: %q (version %q, Mcp-Method %q, Mcp-Name %q)", err, req.body, req.version, req.mcpMethod, req.mcpNm)
	}
	fast = mcp.FastServed(d.fastSrv) > before
	want, err := answer(d.plain, req)
	if err != nil {
		t.Fatalf("go-sdk: %v\nrequest: %q", err, req.body)
	}
	if !reflect.DeepEqual(want, got) {
		t.Fatalf("the fast path (answered by it: %v) means something else than go-sdk\nrequest: %q (version %q, Mcp-Method %q, Mcp-Name %q)\ngo-sdk:    %v\nfast path: %v",
			fast, req.body, req.version, req.mcpMethod, req.mcpNm, want, got)
	}
	return fast
}

// statefulDifferential is a pair of stateful servers of
// differentialTools, all of them declared session-free
// (mcp.WithSessionFreeTools), with and without the fast path, and a live
// session on each per protocol version.
type statefulDifferential struct {
	fastSrv     *mcp.Server
	fast, plain http.Handler
	// sessions are the ids of the sessions at each version, [fast, plain].
	sessions map[string][2]string
}

func newStatefulDifferential(tb testing.TB, jsonResponse bool) *statefulDifferential {
	tb.Helper()
	d := &statefulDifferential{sessions: map[string][2]string{}}
	for _, disable := range []bool{false, true} {
		srv, err := mcp.NewServer("test", "1.0.0", differentialTools(), mcp.WithSessionFreeTools())
		require.NoError(tb, err)
		tb.Cleanup(func() {
			for ss := range srv.SDK().Sessions() {
				_ = ss.Close()
			}
		})
		h, err := srv.Handler(mcp.HTTPOptions{JSONResponse: jsonResponse, DisableFastPath: disable})
		require.NoError(tb, err)
		if disable {
			d.plain = h
		} else {
			d.fast, d.fastSrv = h, srv
		}
	}
	return d
}

// sessionVersion is the version of the session a request of protocol
// version v is sent on: v itself when a stateful session has it.
func sessionVersion(v string) string {
	switch v {
	case "2025-03-26", "2025-06-18", "2025-11-25":
		return v
	}
	return "2025-06-18"
}

// openSession initializes a session at version on h (and sends
// notifications/initialized unless bare) and returns its id.
func openSession(tb testing.TB, h http.Handler, version string, bare bool) string {
	tb.Helper()
	return openSessionWith(tb, h, version, bare, nil)
}

// openSessionWith is openSession with more headers on each request.
func openSessionWith(tb testing.TB, h http.Handler, version string, bare bool, headers map[string]string) string {
	tb.Helper()
	r := httptest.NewRequest(http.MethodPost, "http://localhost"+mcp.Path, strings.NewReader(
		`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"`+version+`","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range headers {
		r.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	require.Equal(tb, http.StatusOK, rec.Code, rec.Body.String())
	sid := rec.Header().Get("Mcp-Session-Id")
	require.NotEmpty(tb, sid)
	if !bare {
		hs := map[string]string{"Mcp-Session-Id": sid}
		for k, v := range headers {
			hs[k] = v
		}
		m, err := answerWith(h, differentialRequest{body: []byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`), version: version}, hs)
		require.NoError(tb, err)
		require.Equal(tb, http.StatusAccepted, m.Status)
	}
	return sid
}

// session returns the ids of the live sessions at version, opening them
// when there are none (or when a request ended them).
func (d *statefulDifferential) session(tb testing.TB, version string) [2]string {
	ids, ok := d.sessions[version]
	if !ok {
		ids = [2]string{openSession(tb, d.fast, version, false), openSession(tb, d.plain, version, false)}
		d.sessions[version] = ids
	}
	return ids
}

// compare sends req on the session of its version to both servers of d,
// as differential.compare does. A request that ends the sessions (404)
// has the next one open new ones.
func (d *statefulDifferential) compare(t *testing.T, req differentialRequest) (fast bool) {
	t.Helper()
	sv := sessionVersion(req.version)
	ids := d.session(t, sv)
	before := mcp.FastServed(d.fastSrv)
	got, err := answerWith(d.fast, req, map[string]string{"Mcp-Session-Id": ids[0]})
	if err != nil {
		t.Fatalf("stateful, with the fast path: %v\nrequest: %q (version %q)", err, req.body, req.version)
	}
	fast = mcp.FastServed(d.fastSrv) > before
	want, err := answerWith(d.plain, req, map[string]string{"Mcp-Session-Id": ids[1]})
	if err != nil {
		t.Fatalf("stateful, go-sdk: %v\nrequest: %q", err, req.body)
	}
	if want.Status == http.StatusNotFound || got.Status == http.StatusNotFound {
		delete(d.sessions, sv)
	}
	if !reflect.DeepEqual(want, got) {
		t.Fatalf("stateful: the fast path (answered by it: %v) means something else than go-sdk\nrequest: %q (version %q, Mcp-Method %q, Mcp-Name %q)\ngo-sdk:    %v\nfast path: %v",
			fast, req.body, req.version, req.mcpMethod, req.mcpNm, want, got)
	}
	return fast
}

// fuzzVersions are the protocol versions the fuzz target picks from: those
// the fast path serves, none, and one no server knows.
var fuzzVersions = []string{"2025-06-18", "2025-03-26", "2025-11-25", "2026-07-28", "", "1999-01-01"}

// FuzzFastPathMatchesSDK sends the same bytes, with the same headers, to a
// stateless server with the fast path and to one without, and requires the
// same meaning (see meaning) and no panic. Run it for a while with
//
//	go test -run '^$' -fuzz '^FuzzFastPathMatchesSDK$' -fuzztime 60s ./mcp
//
// Its seeds are fastPathShapes, at each version they make sense at.
func FuzzFastPathMatchesSDK(f *testing.F) {
	for _, c := range fastPathShapes() {
		if len(c.body) > maxFuzzSeed {
			continue // the table test sends it; as a seed it would slow every mutation
		}
		for _, jsonResponse := range []bool{false, true} {
			f.Add([]byte(c.body), versionIndex(c.version), c.mcpMethod, c.mcpName, jsonResponse)
		}
	}
	diffs := map[bool]*differential{false: newDifferential(f, false), true: newDifferential(f, true)}
	sessions := map[bool]*statefulDifferential{false: newStatefulDifferential(f, false), true: newStatefulDifferential(f, true)}
	f.Fuzz(func(t *testing.T, body []byte, version uint8, mcpMethod, mcpName string, jsonResponse bool) {
		if !validHeaderValue(mcpMethod) || !validHeaderValue(mcpName) {
			return // net/http refuses such a request before any handler
		}
		req := differentialRequest{body: body, version: fuzzVersions[int(version)%len(fuzzVersions)], mcpMethod: mcpMethod, mcpNm: mcpName}
		diffs[jsonResponse].compare(t, req)
		sessions[jsonResponse].compare(t, req)
	})
}

// maxFuzzSeed is the largest body used as a seed.
const maxFuzzSeed = 64 << 10

func versionIndex(v string) uint8 {
	for i, fv := range fuzzVersions {
		if fv == v {
			return uint8(i)
		}
	}
	panic("no fuzz version " + v)
}

// validHeaderValue reports whether v can be sent as a header value, with
// no surrounding white space (which net/http would trim).
func validHeaderValue(v string) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i]; (c < 0x20 && c != '\t') || c == 0x7f {
			return false
		}
	}
	return strings.TrimSpace(v) == v
}

// fastPathShape is a request of a class the fast path must answer as
// go-sdk does, and whether the fast path itself should answer it (the
// plainest requests) or leave it to go-sdk.
type fastPathShape struct {
	name               string
	body               string
	version            string
	mcpMethod, mcpName string // 2026-07-28's headers
	fast               bool
}

// fastPathShapes are the classes of JSON-RPC requests: params of every
// kind for tools/list and tools/call, ids of every kind, notifications,
// batches, other methods, _meta, cursors, names and arguments of every
// kind, odd bytes (white space, a byte order mark, invalid UTF-8, escaped
// keys, duplicate members, nesting, size). They seed the fuzz target too.
func fastPathShapes() []fastPathShape {
	const v = "2025-06-18"
	const v26 = "2026-07-28"
	triple := `"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}`
	meta26 := `"_meta":{` + triple
	list := func(params string) string {
		return `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":` + params + `}`
	}
	call := func(params string) string {
		return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":` + params + `}`
	}
	echo := call(`{"name":"echo","arguments":{"a":1}}`)
	deep := func(n int) string { return strings.Repeat(`{"a":`, n) + `1` + strings.Repeat(`}`, n) }
	shapes := []fastPathShape{
		// The plainest requests, which the fast path answers.
		{name: "list", body: `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, version: v, fast: true},
		{name: "list {}", body: list(`{}`), version: v, fast: true},
		{name: "list { } spaced", body: list(" { \n\t\r} "), version: v, fast: true},
		{name: "call", body: echo, version: v, fast: true},
		{name: "call 2025-03-26", body: echo, version: "2025-03-26", fast: true},
		{name: "call 2025-11-25", body: echo, version: "2025-11-25", fast: true},
		{name: "call weather", body: call(`{"name":"get_weather","arguments":{"city":"Paris"}}`), version: v, fast: true},
		{name: "call bad arguments", body: call(`{"name":"get_weather","arguments":{"city":5,"x":1}}`), version: v, fast: true},
		{name: "call panics", body: call(`{"name":"boom","arguments":{}}`), version: v, fast: true},
		{name: "call Go error", body: call(`{"name":"cancelled","arguments":{}}`), version: v, fast: true},
		{name: "call content kinds", body: call(`{"name":"mixed","arguments":{}}`), version: v, fast: true},
		{name: "2026 list", body: list(`{` + meta26 + `}`), version: v26, mcpMethod: "tools/list", fast: true},
		{name: "2026 call", body: call(`{` + meta26 + `,"name":"echo","arguments":{}}`), version: v26, mcpMethod: "tools/call", mcpName: "echo", fast: true},

		// params of every kind.
		{name: "list params 7", body: list(`7`), version: v},
		{name: "list params 0", body: list(`0`), version: v},
		{name: "list params -1", body: list(`-1`), version: v},
		{name: "list params 1.5e3", body: list(`1.5e3`), version: v},
		{name: "list params true", body: list(`true`), version: v},
		{name: "list params false", body: list(`false`), version: v},
		{name: "list params null", body: list(`null`), version: v},
		{name: "list params string", body: list(`"x"`), version: v},
		{name: "list params empty string", body: list(`""`), version: v},
		{name: "list params []", body: list(`[]`), version: v},
		{name: "list params [1]", body: list(`[1]`), version: v},
		{name: "list params [{}]", body: list(`[{}]`), version: v},
		{name: "list params nested", body: list(`{"a":{"b":[{"c":null}]}}`), version: v},
		{name: "list params deep", body: list(deep(70)), version: v},
		{name: "list params huge", body: list(`{"pad":"` + strings.Repeat("x", 1<<20) + `"}`), version: v},
		{name: "2026 list params 7", body: list(`7`), version: v26, mcpMethod: "tools/list"},
		{name: "2026 list params []", body: list(`[]`), version: v26, mcpMethod: "tools/list"},
		{name: "2026 list params null", body: list(`null`), version: v26, mcpMethod: "tools/list"},
		{name: "call params 7", body: call(`7`), version: v},
		{name: "call params 0", body: call(`0`), version: v},
		{name: "call params true", body: call(`true`), version: v},
		{name: "call params null", body: call(`null`), version: v},
		{name: "call params string", body: call(`"echo"`), version: v},
		{name: "call params []", body: call(`[]`), version: v},
		{name: "call params [name, args]", body: call(`["echo",{}]`), version: v},
		{name: "call params {}", body: call(`{}`), version: v},
		{name: "2026 call params 7", body: call(`7`), version: v26, mcpMethod: "tools/call", mcpName: "echo"},

		// cursors and _meta of tools/list.
		{name: "list cursor", body: list(`{"cursor":"x"}`), version: v},
		{name: "list cursor empty", body: list(`{"cursor":""}`), version: v},
		{name: "list cursor null", body: list(`{"cursor":null}`), version: v},
		{name: "list cursor 7", body: list(`{"cursor":7}`), version: v},
		{name: "list cursor object", body: list(`{"cursor":{}}`), version: v},
		{name: "list cursor twice", body: list(`{"cursor":"a","cursor":"b"}`), version: v},
		{name: "list unknown param", body: list(`{"x":1}`), version: v},
		{name: "list _meta {}", body: list(`{"_meta":{}}`), version: v},
		{name: "list _meta null", body: list(`{"_meta":null}`), version: v},
		{name: "list _meta 7", body: list(`{"_meta":7}`), version: v},
		{name: "list _meta progress", body: list(`{"_meta":{"progressToken":1}}`), version: v},
		{name: "2026 list cursor", body: list(`{"cursor":"x",` + meta26 + `}`), version: v26, mcpMethod: "tools/list"},
		{name: "2026 list no params", body: `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, version: v26, mcpMethod: "tools/list"},
		{name: "2026 list _meta twice", body: list(`{` + meta26 + `,` + meta26 + `}`), version: v26, mcpMethod: "tools/list"},
		{name: "2026 list _meta 7", body: list(`{"_meta":7}`), version: v26, mcpMethod: "tools/list"},
		{name: "2026 list _meta []", body: list(`{"_meta":[]}`), version: v26, mcpMethod: "tools/list"},
		{name: "2026 list clientInfo 7", body: list(`{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":7,"io.modelcontextprotocol/clientCapabilities":{}}}`), version: v26, mcpMethod: "tools/list"},
		{name: "2026 list no Mcp-Method", body: list(`{` + meta26 + `}`), version: v26},
		{name: "2026 list Mcp-Name", body: list(`{` + meta26 + `}`), version: v26, mcpMethod: "tools/list", mcpName: "echo"},

		// tools/call's name and arguments.
		{name: "call name missing", body: call(`{"arguments":{}}`), version: v},
		{name: "call name 7", body: call(`{"name":7,"arguments":{}}`), version: v},
		{name: "call name null", body: call(`{"name":null,"arguments":{}}`), version: v},
		{name: "call name object", body: call(`{"name":{},"arguments":{}}`), version: v},
		{name: "call name empty", body: call(`{"name":"","arguments":{}}`), version: v},
		{name: "call name unknown", body: call(`{"name":"nope","arguments":{}}`), version: v},
		{name: "call name escaped", body: call(`{"name":"ech\u006f","arguments":{}}`), version: v},
		{name: "call name twice", body: call(`{"name":"echo","name":"get_weather","arguments":{}}`), version: v},
		{name: "call name invalid UTF-8", body: call("{\"name\":\"ech\xff\",\"arguments\":{}}"), version: v},
		{name: "call arguments missing", body: call(`{"name":"echo"}`), version: v},
		{name: "call arguments null", body: call(`{"name":"echo","arguments":null}`), version: v},
		{name: "call arguments 7", body: call(`{"name":"echo","arguments":7}`), version: v},
		{name: "call arguments string", body: call(`{"name":"echo","arguments":"{}"}`), version: v},
		{name: "call arguments []", body: call(`{"name":"echo","arguments":[]}`), version: v},
		{name: "call arguments true", body: call(`{"name":"echo","arguments":true}`), version: v},
		{name: "call arguments twice", body: call(`{"name":"echo","arguments":{"a":1},"arguments":{"a":2}}`), version: v},
		// Arguments that repeat a name are refused before any rule (see
		// Server.approve): the fast path leaves them to go-sdk's.
		{name: "call arguments duplicate keys", body: call(`{"name":"echo","arguments":{"a":1,"a":2}}`), version: v},
		{name: "call arguments duplicate keys, escaped, nested", body: call(`{"name":"echo","arguments":{"a":[{"b":1,"\u0062":2}]}}`), version: v},
		{name: "call arguments invalid UTF-8", body: call("{\"name\":\"echo\",\"arguments\":{\"a\":\"\xff\xfe\"}}"), version: v, fast: true},
		{name: "call arguments escapes", body: call(`{"name":"echo","arguments":{"a":"\u00e9\ud83d\ude00 \"<>&\u0000"}}`), version: v, fast: true},
		{name: "call arguments lone surrogate", body: call(`{"name":"echo","arguments":{"a":"\ud800"}}`), version: v, fast: true},
		{name: "call arguments spaced", body: call(`{"name":"echo","arguments": {  "a" : [ 1 , 2 ] } }`), version: v, fast: true},
		{name: "call arguments numbers", body: call(`{"name":"echo","arguments":{"a":1.50,"b":-0,"c":1E400,"d":12345678901234567890}}`), version: v, fast: true},
		{name: "call arguments deep", body: call(`{"name":"echo","arguments":` + deep(60) + `}`), version: v, fast: true},
		{name: "call arguments deeper", body: call(`{"name":"echo","arguments":` + deep(200) + `}`), version: v},
		{name: "call arguments too deep", body: call(`{"name":"echo","arguments":` + deep(1001) + `}`), version: v},
		{name: "call arguments huge", body: call(`{"name":"echo","arguments":{"pad":"` + strings.Repeat("y", 1<<20) + `"}}`), version: v, fast: true},
		{name: "call unknown param", body: call(`{"name":"echo","arguments":{},"x":1}`), version: v},
		{name: "call _meta progress", body: call(`{"name":"echo","arguments":{},"_meta":{"progressToken":"p"}}`), version: v, fast: true},
		{name: "call _meta progress 7", body: call(`{"name":"echo","arguments":{},"_meta":{"progressToken":7}}`), version: v, fast: true},
		{name: "call progress with a token", body: call(`{"name":"progress","arguments":{},"_meta":{"progressToken":"p"}}`), version: v, fast: true},
		{name: "call _meta progress 7.0", body: call(`{"name":"echo","arguments":{},"_meta":{"progressToken":7.0}}`), version: v},
		{name: "call _meta progress {}", body: call(`{"name":"echo","arguments":{},"_meta":{"progressToken":{}}}`), version: v},
		{name: "call _meta progress and more", body: call(`{"name":"echo","arguments":{},"_meta":{"progressToken":"p","a":1}}`), version: v},
		{name: "2026 call _meta progress", body: call(`{` + meta26[:len(meta26)-1] + `,"progressToken":"p"},"name":"echo","arguments":{}}`), version: v26, mcpMethod: "tools/call", mcpName: "echo", fast: true},
		{name: "call _meta {}", body: call(`{"name":"echo","arguments":{},"_meta":{}}`), version: v},
		{name: "call _meta null", body: call(`{"name":"echo","arguments":{},"_meta":null}`), version: v},
		{name: "call _meta 7", body: call(`{"name":"echo","arguments":{},"_meta":7}`), version: v},
		{name: "2026 call no _meta", body: echo, version: v26, mcpMethod: "tools/call", mcpName: "echo"},
		{name: "2026 call _meta 7", body: call(`{"_meta":7,"name":"echo","arguments":{}}`), version: v26, mcpMethod: "tools/call", mcpName: "echo"},
		{name: "2026 call name 7", body: call(`{` + meta26 + `,"name":7,"arguments":{}}`), version: v26, mcpMethod: "tools/call", mcpName: "7"},
		{name: "2026 call arguments []", body: call(`{` + meta26 + `,"name":"echo","arguments":[]}`), version: v26, mcpMethod: "tools/call", mcpName: "echo"},
		{name: "2026 call unknown tool", body: call(`{` + meta26 + `,"name":"nope","arguments":{}}`), version: v26, mcpMethod: "tools/call", mcpName: "nope"},
		{name: "2026 call Mcp-Name other", body: call(`{` + meta26 + `,"name":"echo","arguments":{}}`), version: v26, mcpMethod: "tools/call", mcpName: "boom"},

		// ids.
		{name: "id string", body: `{"jsonrpc":"2.0","id":"a-1","method":"tools/list"}`, version: v, fast: true},
		{name: "id empty string", body: `{"jsonrpc":"2.0","id":"","method":"tools/list"}`, version: v, fast: true},
		{name: "id 0", body: `{"jsonrpc":"2.0","id":0,"method":"tools/list"}`, version: v, fast: true},
		{name: "id -7", body: `{"jsonrpc":"2.0","id":-7,"method":"tools/list"}`, version: v, fast: true},
		{name: "id -0", body: `{"jsonrpc":"2.0","id":-0,"method":"tools/list"}`, version: v},
		{name: "id 1.0", body: `{"jsonrpc":"2.0","id":1.0,"method":"tools/list"}`, version: v},
		{name: "id 1.5", body: `{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}`, version: v},
		{name: "id 1e2", body: `{"jsonrpc":"2.0","id":1e2,"method":"tools/list"}`, version: v},
		{name: "id 2^63", body: `{"jsonrpc":"2.0","id":9223372036854775808,"method":"tools/list"}`, version: v},
		{name: "id 16 digits", body: `{"jsonrpc":"2.0","id":1234567890123456,"method":"tools/list"}`, version: v},
		{name: "id null", body: `{"jsonrpc":"2.0","id":null,"method":"tools/list"}`, version: v},
		{name: "id true", body: `{"jsonrpc":"2.0","id":true,"method":"tools/list"}`, version: v},
		{name: "id {}", body: `{"jsonrpc":"2.0","id":{},"method":"tools/list"}`, version: v},
		{name: "id []", body: `{"jsonrpc":"2.0","id":[],"method":"tools/list"}`, version: v},
		{name: "id escaped", body: `{"jsonrpc":"2.0","id":"a\"b","method":"tools/list"}`, version: v},
		{name: "id unicode", body: `{"jsonrpc":"2.0","id":"é<>","method":"tools/list"}`, version: v},
		{name: "id invalid UTF-8", body: "{\"jsonrpc\":\"2.0\",\"id\":\"\xff\",\"method\":\"tools/list\"}", version: v},
		{name: "id twice", body: `{"jsonrpc":"2.0","id":1,"id":2,"method":"tools/list"}`, version: v},
		{name: "no id list (notification)", body: `{"jsonrpc":"2.0","method":"tools/list"}`, version: v},
		{name: "no id call (notification)", body: `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"echo","arguments":{}}}`, version: v},

		// the envelope.
		{name: "white space around", body: " \t\r\n" + echo + " \t\r\n", version: v, fast: true},
		{name: "white space inside", body: "{ \"jsonrpc\" :\t\"2.0\" ,\r\n\"id\" : 1 , \"method\" : \"tools/list\" , \"params\" : { } }", version: v, fast: true},
		{name: "members reordered", body: `{"params":{"arguments":{},"name":"echo"},"method":"tools/call","id":1,"jsonrpc":"2.0"}`, version: v, fast: true},
		{name: "escaped keys", body: `{"j\u0073onrpc":"2.0","\u0069d":1,"meth\u006fd":"tools/list"}`, version: v, fast: true},
		{name: "escaped method", body: `{"jsonrpc":"2.0","id":1,"method":"tools\/list"}`, version: v},
		{name: "escaped version", body: `{"jsonrpc":"2\u002e0","id":1,"method":"tools/list"}`, version: v, fast: true},
		{name: "upper-case keys", body: `{"JSONRPC":"2.0","ID":1,"METHOD":"tools/list"}`, version: v},
		{name: "byte order mark", body: "\ufeff" + echo, version: v},
		{name: "invalid UTF-8 outside strings", body: "\xff" + echo, version: v},
		{name: "NUL after", body: echo + "\x00", version: v},
		{name: "two documents", body: echo + echo, version: v},
		{name: "trailing comma", body: `{"jsonrpc":"2.0","id":1,"method":"tools/list",}`, version: v},
		{name: "truncated", body: echo[:len(echo)-1], version: v},
		{name: "empty body", body: ``, version: v},
		{name: "white space body", body: " \n", version: v},
		{name: "body 7", body: `7`, version: v},
		{name: "body null", body: `null`, version: v},
		{name: "body string", body: `"tools/list"`, version: v},
		{name: "body {}", body: `{}`, version: v},
		{name: "jsonrpc missing", body: `{"id":1,"method":"tools/list"}`, version: v},
		{name: "jsonrpc 2", body: `{"jsonrpc":2,"id":1,"method":"tools/list"}`, version: v},
		{name: "jsonrpc 1.0", body: `{"jsonrpc":"1.0","id":1,"method":"tools/list"}`, version: v},
		{name: "jsonrpc twice", body: `{"jsonrpc":"2.0","jsonrpc":"2.0","id":1,"method":"tools/list"}`, version: v},
		{name: "method missing", body: `{"jsonrpc":"2.0","id":1}`, version: v},
		{name: "method 7", body: `{"jsonrpc":"2.0","id":1,"method":7}`, version: v},
		{name: "method null", body: `{"jsonrpc":"2.0","id":1,"method":null}`, version: v},
		{name: "method empty", body: `{"jsonrpc":"2.0","id":1,"method":""}`, version: v},
		{name: "method upper case", body: `{"jsonrpc":"2.0","id":1,"method":"TOOLS/LIST"}`, version: v},
		{name: "method twice", body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","method":"tools/list"}`, version: v},
		{name: "params twice", body: `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{},"params":{"cursor":"x"}}`, version: v},
		{name: "unknown method", body: `{"jsonrpc":"2.0","id":1,"method":"tools/nope"}`, version: v},
		{name: "ping", body: `{"jsonrpc":"2.0","id":1,"method":"ping"}`, version: v},
		{name: "initialize", body: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`},
		{name: "result member", body: `{"jsonrpc":"2.0","id":1,"method":"tools/list","result":{}}`, version: v},
		{name: "error member", body: `{"jsonrpc":"2.0","id":1,"method":"tools/list","error":{"code":1,"message":"x"}}`, version: v},
		{name: "a response", body: `{"jsonrpc":"2.0","id":1,"result":{}}`, version: v},
		{name: "batch of one", body: `[` + echo + `]`, version: v},
		{name: "batch of two", body: `[` + echo + `,{"jsonrpc":"2.0","id":2,"method":"tools/list"}]`, version: "2025-03-26"},
		{name: "batch empty", body: `[]`, version: "2025-03-26"},
		{name: "batch of a notification", body: `[{"jsonrpc":"2.0","method":"notifications/initialized"}]`, version: "2025-03-26"},

		// headers.
		{name: "no version header", body: echo},
		{name: "unknown version header", body: echo, version: "1999-01-01"},
		{name: "Mcp-Method before 2026", body: echo, version: v, mcpMethod: "tools/call"},
	}
	return shapes
}

// TestFastPathRequestShapes sends each request of fastPathShapes, over
// real HTTP on 127.0.0.1, to a stateless server with the fast path and to
// one without, with and without JSONResponse, and requires that both
// answer (a panic used to drop the connection) with the same meaning, and
// that the fast path answers exactly the plainest requests.
func TestFastPathRequestShapes(t *testing.T) {
	for _, jsonResponse := range []bool{false, true} {
		t.Run(fmt.Sprintf("JSONResponse=%v", jsonResponse), func(t *testing.T) {
			fastSrv := newServer(t, differentialTools()...)
			plainSrv := newServer(t, differentialTools()...)
			fastURL := "http://" + serve(t, fastSrv, mcp.HTTPOptions{Stateless: true, JSONResponse: jsonResponse, MaxBodyBytes: 4 << 20}) + mcp.Path
			plainURL := "http://" + serve(t, plainSrv, mcp.HTTPOptions{Stateless: true, JSONResponse: jsonResponse, MaxBodyBytes: 4 << 20, DisableFastPath: true}) + mcp.Path
			for _, c := range fastPathShapes() {
				t.Run(c.name, func(t *testing.T) {
					before := mcp.FastServed(fastSrv)
					got, err := answerHTTP(fastURL, c)
					require.NoError(t, err, "with the fast path")
					served := mcp.FastServed(fastSrv) - before
					want, err := answerHTTP(plainURL, c)
					require.NoError(t, err, "go-sdk")
					if !reflect.DeepEqual(want, got) {
						t.Fatalf("the fast path means something else than go-sdk\ngo-sdk:    %v\nfast path: %v", want, got)
					}
					if c.fast {
						require.Equal(t, int64(1), served, "not answered by the fast path")
					} else {
						require.Zero(t, served, "answered by the fast path")
					}
				})
			}
			require.Zero(t, mcp.FastServed(plainSrv))
		})
	}
}

// answerHTTP sends c to url and reads the meaning of the response.
func answerHTTP(url string, c fastPathShape) (meaning, error) {
	ctx, cancel := context.WithTimeout(context.Background(), exchangeTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(c.body))
	if err != nil {
		return meaning{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range map[string]string{"Mcp-Protocol-Version": c.version, "Mcp-Method": c.mcpMethod, "Mcp-Name": c.mcpName} {
		if v != "" {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return meaning{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return meaning{}, err
	}
	return meaningOf(resp.StatusCode, resp.Header.Get("Content-Type"), b)
}

// TestStatefulFastPathRequestShapes sends each request of fastPathShapes
// on a live session of a stateful server whose tools are all session-free,
// with the fast path and without, and requires the same meaning; the fast
// path answers exactly the plainest tools/call without a progress token
// at a version before 2026-07-28 (which stateful servers refuse).
func TestStatefulFastPathRequestShapes(t *testing.T) {
	for _, jsonResponse := range []bool{false, true} {
		t.Run(fmt.Sprintf("JSONResponse=%v", jsonResponse), func(t *testing.T) {
			d := newStatefulDifferential(t, jsonResponse)
			for _, c := range fastPathShapes() {
				t.Run(c.name, func(t *testing.T) {
					d.sessions = map[string][2]string{} // a session of its own: initialize may change one
					fast := d.compare(t, differentialRequest{body: []byte(c.body), version: c.version, mcpMethod: c.mcpMethod, mcpNm: c.mcpName})
					want := c.fast && c.version != "2026-07-28" && strings.Contains(c.body, "tools/call") && !strings.Contains(c.body, "progressToken")
					require.Equal(t, want, fast, "answered by the fast path")
				})
			}
		})
	}
}
