//lint:file-ignore SA1019 MCP logging is deprecated by protocol 2026-07-28 (SEP-2577) but still what clients of earlier versions read.

package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log"
	"net/http"
	"net/http/httptest"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/auth"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/wire"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// The fast path answers the plainest stateless tools/call and tools/list
// requests without go-sdk, whose stateless handling decodes each request
// several times and builds a session for it: a tools/call is read once
// with toolgen's own JSON reader, runs through the generated code and its
// response is written directly; tools/list is answered with the bytes
// go-sdk itself gave for it once. Every request that is not of the
// plainest form goes to go-sdk as before: initialize, notifications,
// other methods, batches, members other than jsonrpc, id, method and
// params, a params._meta of a tools/call other than a progress token
// (and, at version 2026-07-28, the client's version, info and
// capabilities): a log level, or anything else; a progress token that is
// not a plain id (see plainID), unknown tools, calls that need approval
// or are denied (needsDecision), arguments that are not an object, ids
// that go-sdk might write
// differently (beyond 15 digits, not a plain string), other protocol
// versions, other headers (Mcp-Session-Id, Last-Event-ID; Mcp-Method and
// Mcp-Name only at 2026-07-28, matching the body; Mcp-Param-* only at
// 2026-07-28, checked against the body before, see headers_server.go), and
// every request once SDK() has been called, since what is added there
// (middleware, tools) must see every request. The responses are the ones
// go-sdk gives, up to the order of JSON object members
// (server_fast_test.go compares them; FuzzFastPathMatchesSDK, in
// fast_differential_fuzz_test.go, compares what they mean for any bytes),
// and so are the notifications/progress a call with a progress token
// sends before its response, on the response's event stream.
type fastPath struct {
	s    *Server
	sdk  http.Handler // go-sdk's handler, for everything else
	json bool         // HTTPOptions.JSONResponse
	// sessions, for a stateful server, tracks go-sdk's sessions (see
	// serveStateful); nil for a stateless one.
	sessions *sessionLimiter
	mu       sync.Mutex
	lists    map[string][]byte // tools/list results by protocol version
	// panicked logs the first panic of parse (see parseOrRecover).
	panicked sync.Once
}

// fastVersions are the protocol versions whose tools/call and tools/list
// exchanges the fast path serves: those since 2025-03-26, 2026-07-28
// (whose requests carry per-request metadata, see plainMeta) included.
var fastVersions = map[string]bool{"2025-03-26": true, "2025-06-18": true, "2025-11-25": true, stateless2026: true}

// stateless2026 is the protocol version whose requests carry the client's
// version, info and capabilities in params._meta (SEP-2575), and whose
// results carry the server's info and a resultType.
const stateless2026 = "2026-07-28"

func (f *fastPath) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if f.sessions != nil {
		f.serveStateful(w, r)
		return
	}
	if !f.serve(w, r) {
		f.sdk.ServeHTTP(w, r)
	}
}

// fastRequest is a request the fast path serves.
type fastRequest struct {
	id     []byte // raw
	list   bool   // tools/list, else tools/call
	tool   *toolgen.Tool
	args   []byte
	header string // the protocol version
	method string // the Mcp-Method header, if any
	name   string // the Mcp-Name header, if any
	// progressToken is the call's _meta.progressToken, raw (a plain id),
	// or nil.
	progressToken []byte
	// meta is the call's _meta at version 2026-07-28, raw: the client's
	// capabilities, read only when its tool asks the client (fastRound).
	meta []byte
}

// serve answers r and reports true, or reports false having written
// nothing, leaving r (its body in memory, see readBody) to go-sdk.
func (f *fastPath) serve(w http.ResponseWriter, r *http.Request) bool {
	if r.Method != http.MethodPost || f.s.exposed.Load() {
		return false
	}
	h := r.Header
	version := h.Get("Mcp-Protocol-Version")
	if !fastVersions[version] || !f.s.versionOK(version) || len(h.Values("Content-Type")) != 1 ||
		h.Get("Content-Type") != "application/json" || !plainAccept(h.Values("Accept")) {
		return false
	}
	var hreq fastRequest
	for k, v := range h {
		switch {
		case k == "Mcp-Protocol-Version":
		case (k == "Mcp-Method" || k == "Mcp-Name") && version == stateless2026 && len(v) == 1:
			if k == "Mcp-Method" {
				hreq.method = v[0]
			} else {
				hreq.name = v[0]
			}
		case strings.HasPrefix(k, ParamHeaderPrefix) && version == stateless2026:
			// Checked against the body before the fast path (checkParamHeaders).
		case strings.HasPrefix(k, "Mcp-") || k == "Last-Event-Id":
			return false
		}
	}
	body, ok := r.Body.(*memBody)
	if !ok {
		return false
	}
	hreq.header = version
	req, ok := f.parseOrRecover(body.b, hreq)
	if !ok {
		return false
	}
	if req.list {
		res := f.toolsList(r, version)
		if res == nil {
			return false
		}
		f.s.fast.Add(1)
		f.respond(w, req.id, res, nil)
		return true
	}
	if f.s.needsDecision(req.tool, req.args) || f.s.requiredCaps[string(req.tool.Name)] != nil {
		return false // denied, to be approved, or checked for capabilities: go-sdk's path decides it
	}
	f.s.fast.Add(1)
	f.call(w, r, req, context.WithoutCancel(r.Context()), nil, nil)
	return true
}

// plainAccept reports whether Accept is one of the usual values that lists
// both media types go-sdk requires.
func plainAccept(v []string) bool {
	if len(v) != 1 {
		return false
	}
	switch v[0] {
	case "application/json, text/event-stream", "text/event-stream, application/json":
		return true
	}
	return false
}

// parse reads a single JSON-RPC request of the plainest form.
func (f *fastPath) parse(body []byte, hreq fastRequest) (req fastRequest, ok bool) {
	req = hreq
	v2026 := req.header == stateless2026
	if !shallow(body, 64) {
		return req, false
	}
	method, params, ok := parseEnvelope(body, &req)
	if !ok {
		return req, false
	}
	switch string(method) {
	case `"tools/list"`:
		req.list = true
		if v2026 {
			return req, req.method == "tools/list" && req.name == "" && params != nil && onlyMeta(params, req.header)
		}
		return req, params == nil || isEmptyObject(params)
	case `"tools/call"`:
		if v2026 && req.method != "tools/call" {
			return req, false
		}
	default:
		return req, false
	}
	if params == nil {
		return req, false
	}
	return f.parseCall(params, req, v2026)
}

// parseEnvelope reads the JSON-RPC object of a request: "jsonrpc": "2.0"
// and a plain id (set in req) are required, each member at most once, and
// nothing else; method and params are their raw JSON (nil when absent).
func parseEnvelope(body []byte, req *fastRequest) (method, params []byte, ok bool) {
	var d toolimpl.Decoder
	d.Reset(body)
	var seen [4]bool // jsonrpc, id, method, params
	ok = eachMemberOnce(&d, seen[:], func(k []byte) int {
		switch string(k) {
		case "jsonrpc":
			v, ok := d.StringBytes()
			return indexIf(ok && string(v) == "2.0", 0)
		case "id":
			v, ok := d.RawValue()
			req.id = v
			return indexIf(ok && plainID(v), 1)
		case "method":
			return rawMember(&d, &method, 2)
		case "params":
			return rawMember(&d, &params, 3)
		}
		return -1
	})
	if !ok || !seen[0] || !seen[1] {
		return nil, nil, false
	}
	return method, params, true
}

// parseCall reads the params of a tools/call: a name of a tool of the
// server, its arguments (an object), and with v2026 a plain _meta and a
// name that agrees with the request's header.
func (f *fastPath) parseCall(params []byte, req fastRequest, v2026 bool) (fastRequest, bool) {
	var d toolimpl.Decoder
	d.Reset(params)
	var name []byte
	var seen [3]bool // name, arguments, _meta
	ok := eachMemberOnce(&d, seen[:], func(k []byte) int {
		switch string(k) {
		case "name":
			return rawMember(&d, &name, 0)
		case "arguments":
			v, ok := d.RawValue()
			req.args = v
			return indexIf(ok && len(v) > 0 && v[0] == '{', 1)
		case "_meta":
			v, ok := d.RawValue()
			if !v2026 {
				return indexIf(ok && progressMeta(v, &req.progressToken), 2)
			}
			req.meta = v
			return indexIf(ok && plainMeta(v, req.header, &req.progressToken), 2)
		}
		return -1
	})
	if !ok || !seen[1] || (v2026 && !seen[2]) || len(name) < 2 || name[0] != '"' || bytes.IndexByte(name[1:len(name)-1], '\\') >= 0 {
		return req, false
	}
	if wire.CheckNames(req.args) != nil {
		return req, false // go-sdk's path refuses it before any rule
	}
	if v2026 && req.name != string(name[1:len(name)-1]) {
		return req, false
	}
	req.tool = f.s.tools[string(name[1:len(name)-1])]
	return req, req.tool != nil
}

// eachMemberOnce reads the object d is at, to the end of d's input: for
// each member, read reads its value and returns the member's index in
// seen, or -1 to refuse it (an unknown key, a value of the wrong kind). A
// member that comes twice is refused too. It reports whether every member
// was read and the object ended well; seen then says which came. The values
// it reads are not looked through for repeated names (SkipNameWalks): what
// the fast path takes of them is read here, a member at a time, and the
// arguments, which it hands on, parseCall looks through once.
func eachMemberOnce(d *toolimpl.Decoder, seen []bool, read func(key []byte) int) bool {
	d.SkipNameWalks()
	if !d.Object() {
		return false
	}
	for k, more := d.Field(); more; k, more = d.Field() {
		i := read(k)
		if i < 0 || seen[i] {
			return false
		}
		seen[i] = true
	}
	return d.Close() == nil
}

// indexIf is i when ok, else -1: what eachMemberOnce's read returns.
func indexIf(ok bool, i int) int {
	if ok {
		return i
	}
	return -1
}

// rawMember reads a member's value, any JSON value, into *dst and returns
// i, or -1 when it is not JSON.
func rawMember(d *toolimpl.Decoder, dst *[]byte, i int) int {
	v, ok := d.RawValue()
	if !ok {
		return -1
	}
	*dst = v
	return i
}

// parseOrRecover is parse with a last line of defence. parse must refuse
// what it does not know, so a panic there is a bug; should one happen, the
// request is left to go-sdk, which answers it as it answers any request,
// rather than dropping the client's connection (which is what net/http
// does with a handler's panic). The first such panic of a handler is
// logged with its stack, later ones are not: a client repeating the
// request cannot fill the log.
func (f *fastPath) parseOrRecover(body []byte, hreq fastRequest) (req fastRequest, ok bool) {
	defer func() {
		if p := recover(); p != nil {
			req, ok = fastRequest{}, false
			f.panicked.Do(func() {
				log.Printf("mcp: the fast path panicked reading a request, which it leaves to go-sdk (later panics are not logged): %v\n%s", p, debug.Stack())
			})
		}
	}()
	return f.parse(body, hreq)
}

// shallow reports whether body nests no deeper than max (go-sdk refuses
// bodies nested beyond 1,000; such bodies are left to it).
func shallow(body []byte, max int) bool {
	depth, inString, escaped := 0, false, false
	for _, c := range body {
		if inString {
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '{', '[':
			depth++
			if depth > max {
				return false
			}
		case '}', ']':
			depth--
		}
	}
	return true
}

// onlyMeta reports whether params is {"_meta": M} with M plain (see
// plainMeta).
func onlyMeta(params []byte, version string) bool {
	var d toolimpl.Decoder
	d.Reset(params)
	d.SkipNameWalks() // plainMeta reads the one value member by member
	if !d.Object() {
		return false
	}
	k, ok := d.Field()
	if !ok || string(k) != "_meta" {
		return false
	}
	meta, ok := d.RawValue()
	if !ok || !plainMeta(meta, version, nil) {
		return false
	}
	if _, more := d.Field(); more {
		return false
	}
	return d.Close() == nil
}

// plainMeta reports whether meta, a request's _meta at version 2026-07-28,
// holds the protocol version (that of the header) and the client's info and
// capabilities (objects), and nothing else but, when token is not nil, a
// progress token of the plainest form (see plainID), which it sets in
// *token: no log level, which would change what a call may send.
func plainMeta(meta []byte, version string, token *[]byte) bool {
	var d toolimpl.Decoder
	d.Reset(meta)
	var seen [4]bool // protocolVersion, clientInfo, clientCapabilities, progressToken
	isObject := func() bool {
		v, ok := d.RawValue()
		return ok && v[0] == '{'
	}
	return eachMemberOnce(&d, seen[:], func(k []byte) int {
		switch string(k) {
		case "io.modelcontextprotocol/protocolVersion":
			v, ok := d.StringBytes()
			return indexIf(ok && string(v) == version, 0)
		case "io.modelcontextprotocol/clientInfo":
			return indexIf(isObject(), 1)
		case "io.modelcontextprotocol/clientCapabilities":
			return indexIf(isObject(), 2)
		case "progressToken":
			return indexIf(token != nil && readToken(&d, token), 3)
		}
		return -1
	}) && seen[0] && seen[1] && seen[2]
}

// progressMeta reports whether meta, a request's _meta before version
// 2026-07-28, holds a progress token of the plainest form and nothing
// else; it sets the token in *token.
func progressMeta(meta []byte, token *[]byte) bool {
	var d toolimpl.Decoder
	d.Reset(meta)
	var seen [1]bool
	return eachMemberOnce(&d, seen[:], func(k []byte) int {
		if string(k) == "progressToken" {
			return indexIf(readToken(&d, token), 0)
		}
		return -1
	}) && seen[0]
}

// readToken reads a progress token into *token: a string or an integer
// that go-sdk writes back as it came (see plainID), else it reports false.
func readToken(d *toolimpl.Decoder, token *[]byte) bool {
	v, ok := d.RawValue()
	if !ok || !plainID(v) {
		return false
	}
	*token = v
	return true
}

// isEmptyObject reports whether b, a JSON value, is an object without
// members. Any other value, a scalar of one byte too, reports false.
func isEmptyObject(b []byte) bool {
	return len(b) >= 2 && b[0] == '{' && len(bytes.Trim(b[1:len(b)-1], " \t\r\n")) == 0
}

// plainID reports whether id is an integer of at most 15 digits (which
// go-sdk reads and writes back exactly) or a string of printable ASCII
// without escapes or characters that encoders escape.
func plainID(id []byte) bool {
	if len(id) == 0 {
		return false
	}
	if id[0] == '"' {
		if len(id) < 2 || id[len(id)-1] != '"' {
			return false
		}
		for _, c := range id[1 : len(id)-1] {
			if c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
				return false
			}
		}
		return true
	}
	digits := id
	if digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 15 || (digits[0] == '0' && len(digits) > 1) {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return string(id) != "-0"
}

// toolsList returns the result go-sdk gives to tools/list at version,
// asking it once.
func (f *fastPath) toolsList(r *http.Request, version string) []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	if b, ok := f.lists[version]; ok {
		return b
	}
	body := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`
	if version == stateless2026 {
		body = `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"` + version +
			`","io.modelcontextprotocol/clientInfo":{"name":"toolgen","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}}}`
	}
	req := httptest.NewRequestWithContext(r.Context(), http.MethodPost, Path, strings.NewReader(body))
	if version == stateless2026 {
		req.Header.Set("Mcp-Method", "tools/list")
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", version)
	rec := httptest.NewRecorder()
	f.sdk.ServeHTTP(rec, req)
	resBody := rec.Body.Bytes()
	if rec.Code != http.StatusOK {
		return nil
	}
	if !f.json {
		data, ok := bytes.CutPrefix(resBody, []byte("event: message\ndata: "))
		if !ok || !bytes.HasSuffix(data, []byte("\n\n")) {
			return nil
		}
		resBody = data
	}
	var resp struct {
		Result json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal(resBody, &resp); err != nil || len(resp.Result) == 0 {
		return nil
	}
	if f.lists == nil {
		f.lists = map[string][]byte{}
	}
	f.lists[version] = resp.Result
	return resp.Result
}

// call runs the tool under the server's cap on calls, as handler does.
// A client that hangs up gets no answer, as from go-sdk, whose handler
// returns then too: the call runs on (MCP cancels with
// notifications/cancelled, which go to go-sdk) and holds its slot of
// WithMaxCalls until it ends, but not the connection.
//
// base is the call's context (not cancelled when the client hangs up);
// end, when not nil, runs once the call has ended (after the tool
// returned, even when the client left before). closing is nil but for a
// call of a session (see serveSession), on which Log sends nothing; it
// reports whether the session ended while the call ran, which leaves the
// call unanswered, as go-sdk leaves it.
func (f *fastPath) call(w http.ResponseWriter, r *http.Request, req fastRequest, base context.Context, end func(), closing func() bool) {
	fc := &fastCall{f: f, w: w, id: req.id, silent: req.header == stateless2026, stateful: closing != nil, input: fastRound{meta: req.meta, tool: req.tool, args: req.args, version: req.header}}
	var out outcome
	ended := func() {}
	if end != nil {
		ended = end
	}
	if !f.s.slots.take() {
		ended()
		out.res = toolgen.ErrorResult(busyMessage(f.s.slots))
	} else {
		ctx := context.WithValue(base, fastKey{}, fc)
		ctx = withCall(ctx, &sdkmcp.CallToolRequest{
			Params: &sdkmcp.CallToolParamsRaw{Name: string(req.tool.Name), Arguments: req.args},
			Extra:  &sdkmcp.RequestExtra{TokenInfo: auth.TokenInfoFromContext(r.Context()), Header: r.Header},
		})
		ctx, v := f.s.begin(ctx, req.tool, req.args, callInfo{header: r.Header, request: r, namesChecked: true})
		notifier := fc.progressNotifier(req.progressToken)
		if notifier != nil {
			ctx = withProgressNotifier(ctx, notifier)
		}
		switch {
		case v.refusal != nil: // deps failed (needsDecision kept decisions away)
			f.s.slots.give()
			ended()
			out.res = *v.refusal
		default:
			finished := f.s.slots.give
			if end != nil {
				finished = func() { f.s.slots.give(); end() }
			}
			select {
			case out = <-startCall(ctx, *req.tool, req.args, finished):
				// The tool has returned: its id is free before the answer
				// goes out, so that a client reusing the id for its next
				// call (as JSON-RPC allows once answered) is not refused as
				// a duplicate (end is idempotent; finished calls it too).
				ended()
			case <-r.Context().Done():
				fc.mu.Lock()
				fc.done = true
				fc.mu.Unlock()
				return
			}
		}
		notifier.end()
	}
	fc.mu.Lock()
	defer fc.mu.Unlock()
	fc.done = true
	if closing != nil && closing() {
		fc.startLocked()
		return
	}
	fc.answerLocked(out, req.header == stateless2026)
}

// answerLocked writes the call's answer: its questions (an input-required
// result), else its Go error, else its result, which at protocol
// 2026-07-28 (v2026) begins with the server's _meta and resultType.
func (fc *fastCall) answerLocked(out outcome, v2026 bool) {
	// As on go-sdk's path (serveCall): questions first, then a Go error.
	if b, rpcErr, ok := fc.inputRequired(out.err != nil || out.res.IsError); ok {
		fc.respondLocked(b, rpcErr)
		return
	}
	if out.err != nil {
		fc.respondLocked(nil, rpcError(out.err))
		return
	}
	var prefix []byte
	if v2026 {
		prefix = fc.f.s.resultMeta
	}
	if b, ok := encodeResult(out.res, prefix); ok {
		fc.respondLocked(b, nil)
		return
	}
	b, err := json.Marshal(toSDKResult(out.res))
	if err != nil {
		fc.respondLocked(nil, rpcError(err))
		return
	}
	if prefix != nil {
		b = append(append(append([]byte{'{'}, prefix...), ','), b[1:]...)
	}
	fc.respondLocked(b, nil)
}

// rpcError is the JSON-RPC error go-sdk sends for a handler's error that
// is not a JSON-RPC error: code 0 and the error's text.
func rpcError(err error) []byte {
	msg, _ := json.Marshal(err.Error())
	return append(append([]byte(`{"code":0,"message":`), msg...), '}')
}

// encodeResult writes what json.Marshal(toSDKResult(r)) writes, for a
// result of text parts only (the result of every generated tool): the
// same members, the same strings (toolgen leaves <, > and & unescaped:
// the same JSON), the structured content checked and compacted as
// encoding/json does a json.RawMessage. It reports false for other
// results, and for structured content that is not JSON.
//
// prefix, when not nil, is members to write first (the _meta and
// resultType of version 2026-07-28).
func encodeResult(r toolgen.Result, prefix []byte) ([]byte, bool) {
	for _, c := range r.Content {
		if c.Type != toolgen.ContentText {
			return nil, false
		}
	}
	var e toolimpl.Encoder
	e.Reset(make([]byte, 0, 64+len(prefix)+len(r.Structured)*2+textSize(r.Content)))
	e.Object()
	if prefix != nil {
		e.Member(string(prefix))
	}
	e.Member(`"content":`)
	e.Array()
	for _, c := range r.Content {
		e.Object()
		e.Member(`"type":`)
		e.String("text")
		e.Member(`"text":`)
		e.String(c.Text)
		e.EndObject()
	}
	if r.Structured != nil && len(r.Content) == 0 {
		e.Object()
		e.Member(`"type":`)
		e.String("text")
		e.Member(`"text":`)
		e.String(string(r.Structured))
		e.EndObject()
	}
	e.EndArray()
	if r.Structured != nil {
		e.Member(`"structuredContent":`)
		e.Raw(r.Structured)
	}
	if r.IsError {
		e.Member(`"isError":`)
		e.Bool(true)
	}
	e.EndObject()
	out, err := e.Written()
	return out, err == nil
}

func textSize(cs []toolgen.Content) int {
	n := 0
	for _, c := range cs {
		n += len(c.Text) + 32
	}
	return n
}

func (f *fastPath) respond(w http.ResponseWriter, id, result []byte, rpcErr []byte) {
	fc := &fastCall{f: f, w: w, id: id}
	fc.respondLocked(result, rpcErr)
}

var errSessionFree = errors.New("mcp.Log: not sent: the tool was declared with mcp.WithSessionFreeTools, whose calls on a session are answered without it")

var errJSONNotify = errors.New("rejected by transport: undelivered message: stream not connected or already closed")

// fastKey is the context key of a fast call, for Log.
type fastKey struct{}

// fastCall is a tools/call being answered by the fast path: the messages
// of its response (log notifications, then the result), written as go-sdk
// writes them.
type fastCall struct {
	f       *fastPath
	w       http.ResponseWriter
	id      []byte
	mu      sync.Mutex
	started bool // headers written
	done    bool // answered: later notifications are dropped
	silent  bool // no log level: Log sends nothing
	// stateful is a call of a session: Log sends nothing and fails (its
	// tool was declared not to use it, see WithSessionFreeTools).
	stateful bool
	input    fastRound // the call's round, made when its tool asks the client something
}

func (c *fastCall) startLocked() {
	if c.started {
		return
	}
	c.started = true
	h := c.w.Header()
	h.Set("Cache-Control", "no-cache, no-transform")
	if c.f.json {
		h.Set("Content-Type", "application/json")
	} else {
		h.Set("Content-Type", "text/event-stream")
		h.Set("Connection", "keep-alive")
	}
	c.w.WriteHeader(http.StatusOK)
}

// sendLocked writes one message: an event of the stream, or the whole
// JSON response. A notification is flushed at once; the response is left
// for net/http to send as the handler returns, in one write (go-sdk
// flushes it too, which costs a write of its own).
func (c *fastCall) sendLocked(msg []byte, last bool) {
	c.startLocked()
	if c.f.json {
		_, _ = c.w.Write(msg)
		return
	}
	buf := make([]byte, 0, len(msg)+len("event: message\ndata: \n\n"))
	buf = append(buf, "event: message\ndata: "...)
	buf = append(buf, msg...)
	buf = append(buf, "\n\n"...)
	_, _ = c.w.Write(buf)
	if !last {
		_ = http.NewResponseController(c.w).Flush()
	}
}

func (c *fastCall) respondLocked(result, rpcErr []byte) {
	msg := make([]byte, 0, len(result)+len(rpcErr)+len(c.id)+40)
	msg = append(msg, `{"jsonrpc":"2.0","id":`...)
	msg = append(msg, c.id...)
	if rpcErr != nil {
		msg = append(msg, `,"error":`...)
		msg = append(msg, rpcErr...)
	} else {
		msg = append(msg, `,"result":`...)
		msg = append(msg, result...)
	}
	msg = append(msg, '}')
	c.sendLocked(msg, true)
}

// log sends a notifications/message as go-sdk does on a stateless
// request, whose level is "info" before version 2026-07-28 and none at it
// (the fast path leaves requests that set one to go-sdk). go-sdk (1.8)
// delivers no notification on a stateless request answered with
// application/json: Log fails there with its error, and does here too.
func (c *fastCall) log(level string, data any) error {
	if c.stateful {
		return errSessionFree
	}
	if c.silent || logRank(level) < logRank("info") {
		return nil
	}
	return c.notify("notifications/message", &sdkmcp.LoggingMessageParams{Level: sdkmcp.LoggingLevel(level), Data: data})
}

// notify writes a notification on the response's event stream, unless
// the call is done; with application/json responses there is none to
// write it on (errJSONNotify).
func (c *fastCall) notify(method string, params any) error {
	if c.f.json {
		return errJSONNotify
	}
	data, err := json.Marshal(params)
	if err != nil {
		return err
	}
	msg := append(append([]byte(`{"jsonrpc":"2.0","method":"`+method+`","params":`), data...), '}')
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.done {
		c.sendLocked(msg, false)
	}
	return nil
}

// progressNotifier is the notifier of a call whose request carried token,
// or nil without one. Its notifications are written on the response's
// event stream, as go-sdk writes them; with application/json responses
// (HTTPOptions.JSONResponse) go-sdk (1.8) sends none on a stateless
// request, and neither does this: each fails with go-sdk's error.
func (c *fastCall) progressNotifier(token []byte) *progressNotifier {
	if token == nil {
		return nil
	}
	return &progressNotifier{send: func(n progressNote) error {
		return c.notify("notifications/progress", &fastProgressParams{Meta: n.meta(), Token: token, Progress: n.progress, Total: n.total, Message: n.message})
	}}
}

// fastProgressParams are go-sdk's ProgressNotificationParams with the
// token as the request had it.
type fastProgressParams struct {
	Meta     map[string]any  `json:"_meta,omitempty"`
	Token    json.RawMessage `json:"progressToken"`
	Message  string          `json:"message,omitempty"`
	Progress float64         `json:"progress"`
	Total    float64         `json:"total,omitempty"`
}

// logRank orders MCP's log levels as go-sdk does (an unknown level ranks
// with "debug"... as go-sdk's mapping to slog levels).
func logRank(level string) int {
	switch level {
	case "debug":
		return 0
	case "info":
		return 1
	case "notice":
		return 2
	case "warning":
		return 3
	case "error":
		return 4
	case "critical":
		return 5
	case "alert":
		return 6
	case "emergency":
		return 7
	}
	return 0
}

func fastFrom(ctx context.Context) *fastCall {
	c, _ := ctx.Value(fastKey{}).(*fastCall)
	return c
}

// memBody is the request body readBody read into memory: the fast path
// reads it without a copy, go-sdk through Read.
type memBody struct {
	*bytes.Reader
	b []byte
}

func (memBody) Close() error { return nil }
