package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/auth"
)

// The stateful fast path. A stateful server answers, on the fast path, the
// plainest tools/call (as the stateless fast path reads it: see fastPath)
// of a tool of WithSessionFreeTools when the request belongs to a live
// session: one that go-sdk created and announced in an initialize response
// (the sessionLimiter tracks those) and that has been initialized at the
// very protocol version of the request's header (the one go-sdk answered
// its initialize with, see negotiatedVersion); the call carries no
// progress token (go-sdk sends progress on the session's streams); the
// request has the one Mcp-Session-Id and no other Mcp- header but the
// version; the bearer token's user is the session's; and no request of the
// session is being served by go-sdk at that moment (so that a call never
// shares an id with one of go-sdk's calls in flight). Everything else
// still goes to go-sdk: a session that a DELETE, its expiry or its
// eviction ends, or whose go-sdk request was left by its client before its
// answer (go-sdk may still be running it), is never served on the fast
// path again.
//
// The session's requests that go to go-sdk while fast calls run are
// looked at first: notifications/cancelled of a fast call cancels its
// context, as go-sdk would; a request that reuses the id of a fast call
// still running waits for it to end (go-sdk would refuse it with 400,
// "duplicate in-flight request ID"; a fast call of such an id gets that
// 400 from the fast path). A DELETE waits for the session's fast calls,
// which then go unanswered, as go-sdk's DELETE waits for its calls. Fast
// calls count as requests in flight of their session, so that the idle
// timeout does not close a session while they run.

// fastInflight is a call of a session running on the fast path.
type fastInflight struct {
	cancel context.CancelFunc
	done   chan struct{} // closed when the call has ended
}

// serveStateful serves a request of a stateful server.
func (f *fastPath) serveStateful(w http.ResponseWriter, r *http.Request) {
	sid := r.Header.Get(sessionIDHeader)
	if sid == "" {
		f.sdk.ServeHTTP(w, r)
		return
	}
	switch r.Method {
	case http.MethodDelete:
		f.sessions.stopFast(sid)()
	case http.MethodPost:
		if f.serveSession(w, r, sid) {
			return
		}
		defer f.sessions.sdkPost(sid, r)()
	}
	f.sdk.ServeHTTP(w, r)
}

// serveSession answers r on the fast path and reports true, or reports
// false having written nothing.
func (f *fastPath) serveSession(w http.ResponseWriter, r *http.Request, sid string) bool {
	if f.s.exposed.Load() || f.s.sessionFree == nil || f.s.tasks != nil {
		return false
	}
	h := r.Header
	version := h.Get("Mcp-Protocol-Version")
	if version == stateless2026 || !fastVersions[version] || !f.s.versionOK(version) || len(h.Values("Content-Type")) != 1 ||
		h.Get("Content-Type") != "application/json" || !plainAccept(h.Values("Accept")) {
		return false
	}
	for k, v := range h {
		switch {
		case k == "Mcp-Protocol-Version":
		case k == sessionIDHeader:
			if len(v) != 1 {
				return false
			}
		case strings.HasPrefix(k, "Mcp-") || k == "Last-Event-Id":
			return false
		}
	}
	body, ok := r.Body.(*memBody)
	if !ok {
		return false
	}
	req, ok := f.parseOrRecover(body.b, fastRequest{header: version})
	if !ok || req.list || req.progressToken != nil || !f.s.sessionFree[string(req.tool.Name)] || f.s.needsDecision(req.tool, req.args) {
		return false
	}
	ctx, end, dup, ok := f.sessions.fastBegin(sid, string(req.id), version, r)
	if !ok {
		return false
	}
	f.s.fast.Add(1)
	if dup {
		writeDuplicateID(w, req.id)
		return true
	}
	f.call(w, r, req, ctx, end, func() bool { return f.sessions.closing(sid) })
	return true
}

// writeDuplicateID answers as go-sdk does a call whose id is that of a
// call of the session in flight.
func writeDuplicateID(w http.ResponseWriter, id []byte) {
	shown := string(id)
	if id[0] == '"' {
		shown = shown[1 : len(shown)-1]
	}
	msg, _ := json.Marshal("duplicate in-flight request ID " + shown)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	_, _ = w.Write(append(append(append(append([]byte(`{"jsonrpc":"2.0","id":`), id...), `,"error":{"code":-32600,"message":`...), msg...), "}}"...))
}

// fastBegin admits a fast call of id (raw, a plain id) on session sid: it
// reports false when the session may not take one (see the stateful fast
// path), dup when a fast call of that id is in flight, else the call's
// context (cancelled by notifications/cancelled) and the function to call
// once the call has ended.
func (l *sessionLimiter) fastBegin(sid, id, version string, r *http.Request) (ctx context.Context, end func(), dup, ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	t := l.sessions[sid]
	if t == nil || t.gone || t.noFast || t.sdkPosts > 0 || t.ss == nil {
		return nil, nil, false, false
	}
	if t.userID != "" {
		if ti := auth.TokenInfoFromContext(r.Context()); ti == nil || ti.UserID != t.userID {
			return nil, nil, false, false // go-sdk answers 403
		}
	}
	if ip := t.ss.InitializeParams(); ip == nil || l.sessionVersion(ip.ProtocolVersion) != version {
		return nil, nil, false, false
	}
	if t.fast[id] != nil {
		return nil, nil, true, true
	}
	ctx, cancel := context.WithCancel(context.WithoutCancel(r.Context()))
	in := &fastInflight{cancel: cancel, done: make(chan struct{})}
	if t.fast == nil {
		t.fast = map[string]*fastInflight{}
	}
	t.fast[id] = in
	var once sync.Once
	return ctx, func() {
		once.Do(func() {
			l.mu.Lock()
			delete(t.fast, id)
			l.mu.Unlock()
			cancel()
			close(in.done)
		})
	}, false, true
}

// stopFast takes session sid off the fast path, as a DELETE ends it, and
// returns the function that waits for its fast calls to end: go-sdk's
// DELETE waits for the session's calls in flight, whose responses are not
// sent (see closing).
func (l *sessionLimiter) stopFast(sid string) (wait func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	t := l.sessions[sid]
	if t == nil {
		return func() {}
	}
	t.noFast, t.deleted = true, true
	var dones []chan struct{}
	for _, in := range t.fast {
		dones = append(dones, in.done)
	}
	return func() {
		for _, c := range dones {
			<-c
		}
	}
}

// closing reports whether session sid is gone or being deleted: a fast
// call that ends then is not answered (its response stream ends empty),
// as go-sdk does not answer the calls of a session closed while they ran.
func (l *sessionLimiter) closing(sid string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	t := l.sessions[sid]
	return t == nil || t.gone || t.deleted
}

// sdkPost counts r, a POST of session sid, as served by go-sdk: no fast
// call of the session starts until the returned function, called once
// go-sdk has answered, counts it done. When fast calls of the session are
// running, r's messages are looked at: a cancellation of one cancels it,
// a call of the same id waits for it to end. A client that left before
// go-sdk answered takes the session off the fast path for good (go-sdk
// may still be running the call, under its id).
func (l *sessionLimiter) sdkPost(sid string, r *http.Request) func() {
	l.mu.Lock()
	t := l.sessions[sid]
	if t == nil {
		l.mu.Unlock()
		return func() {}
	}
	t.sdkPosts++
	var wait []chan struct{}
	if len(t.fast) > 0 {
		if body, ok := r.Body.(*memBody); ok {
			for _, m := range rpcMessages(body.b) {
				if in := t.fast[m.requestID]; m.method == "notifications/cancelled" && in != nil {
					in.cancel()
				}
				if in := t.fast[m.id]; in != nil {
					wait = append(wait, in.done)
				}
			}
		}
	}
	l.mu.Unlock()
	for _, c := range wait {
		<-c
	}
	return func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		t.sdkPosts--
		if r.Context().Err() != nil {
			t.noFast = true
		}
	}
}

// rpcMessage is what sdkPost reads of a message: its id and, for
// notifications/cancelled, the requestId, both as fast call ids are kept
// (see fastIDKey), and its method.
type rpcMessage struct {
	id, requestID, method string
}

// rpcMessages reads the messages of a request's body, a message or a
// batch; what is not JSON-RPC is left out.
func rpcMessages(body []byte) []rpcMessage {
	var raws []json.RawMessage
	body = bytes.TrimSpace(body)
	if len(body) > 0 && body[0] == '[' {
		if json.Unmarshal(body, &raws) != nil {
			return nil
		}
	} else {
		raws = []json.RawMessage{body}
	}
	var out []rpcMessage
	for _, raw := range raws {
		var m map[string]json.RawMessage
		if json.Unmarshal(raw, &m) != nil {
			continue
		}
		var msg rpcMessage
		_ = json.Unmarshal(m["method"], &msg.method)
		msg.id = fastIDKey(m["id"])
		if msg.method == "notifications/cancelled" {
			var p map[string]json.RawMessage
			if json.Unmarshal(m["params"], &p) == nil {
				msg.requestID = fastIDKey(p["requestId"])
			}
		}
		out = append(out, msg)
	}
	return out
}

// fastIDKey is the JSON-RPC id raw as the fast path keeps the ids of its calls
// (plain ids, see plainID): a string as its quoted text, an integral
// number as its digits; "" for anything else.
func fastIDKey(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return ""
	}
	switch v := v.(type) {
	case string:
		b, _ := json.Marshal(v)
		return string(b)
	case float64:
		if v == math.Trunc(v) && math.Abs(v) < 1<<53 {
			return strconv.FormatInt(int64(v), 10)
		}
	}
	return ""
}

// sessionVersion is the protocol version of a session whose client asked
// for asked: the one the server answered with.
func (l *sessionLimiter) sessionVersion(asked string) string {
	if l.negotiated == nil {
		return asked
	}
	return l.negotiated(asked)
}
