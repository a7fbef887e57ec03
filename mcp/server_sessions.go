package mcp

import (
	"container/list"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

const sessionIDHeader = "Mcp-Session-Id"

// sessionLimiter bounds the go-sdk's streamable HTTP sessions: it closes a
// session that has had no request in flight for timeout (an open GET stream
// is a request in flight), and keeps at most max sessions, closing the one
// idle longest to admit a new one. It sits in front of the SDK's handler and
// sees sessions by their Mcp-Session-Id.
type sessionLimiter struct {
	sdk *sdkmcp.Server
	// negotiated is the protocol version of a session whose client asked
	// for the given one (Server.negotiatedVersion), for the fast path.
	negotiated func(asked string) string
	max        int           // 0: no cap
	timeout    time.Duration // 0: none

	mu       sync.Mutex
	sessions map[string]*trackedSession
	idle     list.List // of *trackedSession with no request in flight, least recently used first
	pending  int       // new sessions being created
}

type trackedSession struct {
	id     string
	ss     *sdkmcp.ServerSession
	active int           // requests in flight
	elem   *list.Element // in idle, when active == 0
	timer  *time.Timer   // closes it after timeout idle
	gone   bool          // removed from the limiter
	userID string        // the user of the bearer token that created it
	// For the stateful fast path (server_fast_session.go): noFast takes
	// the session off it for good, deleted marks a DELETE, sdkPosts counts its POSTs being served
	// by go-sdk, fast holds its calls running on it by id.
	noFast   bool
	deleted  bool // a DELETE is ending it
	sdkPosts int
	fast     map[string]*fastInflight
}

func newSessionLimiter(sdk *sdkmcp.Server, max int, timeout time.Duration) *sessionLimiter {
	return &sessionLimiter{sdk: sdk, max: max, timeout: timeout, sessions: make(map[string]*trackedSession)}
}

func (l *sessionLimiter) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if id := r.Header.Get(sessionIDHeader); id != "" {
			t := l.begin(id)
			defer l.end(t)
			next.ServeHTTP(w, r)
			return
		}
		if r.Method != http.MethodPost {
			next.ServeHTTP(w, r) // the SDK refuses it
			return
		}
		if !l.admit() {
			w.Header().Set("Retry-After", strconv.Itoa(retryAfterSeconds))
			http.Error(w, "Service Unavailable: too many MCP sessions, all of them busy; retry later", http.StatusServiceUnavailable)
			return
		}
		sw := &sessionWriter{ResponseWriter: w, l: l}
		if ti := auth.TokenInfoFromContext(r.Context()); ti != nil {
			sw.userID = ti.UserID
		}
		defer func() {
			if sw.t != nil {
				l.end(sw.t)
				return
			}
			l.mu.Lock()
			l.pending--
			l.mu.Unlock()
		}()
		next.ServeHTTP(sw, r)
	})
}

// retryAfterSeconds is the Retry-After of a 503 for too many sessions.
const retryAfterSeconds = 5

// admit reserves room for a new session, closing the least recently used
// idle session if the limiter is full. It reports false when every session
// has a request in flight.
func (l *sessionLimiter) admit() bool {
	l.mu.Lock()
	var victim *trackedSession
	if l.max > 0 && len(l.sessions)+l.pending >= l.max {
		front := l.idle.Front()
		if front == nil {
			l.mu.Unlock()
			return false
		}
		victim = front.Value.(*trackedSession)
		l.removeLocked(victim)
	}
	l.pending++
	l.mu.Unlock()
	if victim != nil {
		l.closeSession(victim)
	}
	return true
}

// known reports whether session id is open.
func (l *sessionLimiter) known(id string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.sessions[id] != nil
}

// begin counts a request for session id in flight.
func (l *sessionLimiter) begin(id string) *trackedSession {
	l.mu.Lock()
	defer l.mu.Unlock()
	t := l.sessions[id]
	if t == nil {
		return nil // unknown: the SDK answers 404
	}
	t.active++
	if t.elem != nil {
		l.idle.Remove(t.elem)
		t.elem = nil
	}
	if t.timer != nil {
		t.timer.Stop()
	}
	return t
}

// end counts a request for t done; with none left in flight, t is idle.
func (l *sessionLimiter) end(t *trackedSession) {
	if t == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	t.active--
	if t.active > 0 || t.gone {
		return
	}
	t.elem = l.idle.PushBack(t)
	if l.timeout > 0 {
		if t.timer == nil {
			t.timer = time.AfterFunc(l.timeout, func() { l.expire(t) })
		} else {
			t.timer.Reset(l.timeout)
		}
	}
}

// expire closes t if it is still idle when its timer fires.
func (l *sessionLimiter) expire(t *trackedSession) {
	l.mu.Lock()
	if t.gone || t.active > 0 {
		l.mu.Unlock()
		return
	}
	l.removeLocked(t)
	l.mu.Unlock()
	l.closeSession(t)
}

func (l *sessionLimiter) removeLocked(t *trackedSession) {
	if t.gone {
		return
	}
	t.gone = true
	delete(l.sessions, t.id)
	if t.elem != nil {
		l.idle.Remove(t.elem)
		t.elem = nil
	}
	if t.timer != nil {
		t.timer.Stop()
	}
}

func (l *sessionLimiter) closeSession(t *trackedSession) {
	if t.ss != nil {
		_ = t.ss.Close()
	}
}

// register starts tracking the session the SDK just created with id, with
// one request (its first) in flight, in place of the room admit reserved.
// It returns nil when the SDK has no
// such session (it closes a session whose first request is not a valid
// initialize).
func (l *sessionLimiter) register(id, userID string) *trackedSession {
	var ss *sdkmcp.ServerSession
	for s := range l.sdk.Sessions() {
		if s.ID() == id {
			ss = s
			break
		}
	}
	if ss == nil {
		return nil
	}
	t := &trackedSession{id: id, ss: ss, active: 1, userID: userID}
	l.mu.Lock()
	if old := l.sessions[id]; old != nil {
		l.mu.Unlock()
		return nil // not a new session
	}
	l.sessions[id] = t
	l.pending-- // admitted: now counted in sessions
	l.mu.Unlock()
	go func() {
		_ = ss.Wait()
		l.mu.Lock()
		l.removeLocked(t)
		l.mu.Unlock()
	}()
	return t
}

// closeAll stops tracking every session (the server closes them).
func (l *sessionLimiter) closeAll() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, t := range l.sessions {
		l.removeLocked(t)
	}
}

// sessionWriter registers the new session named by the response's
// Mcp-Session-Id header before the response reaches the client, so that
// the client's next request finds it tracked.
type sessionWriter struct {
	http.ResponseWriter
	l      *sessionLimiter
	done   bool
	t      *trackedSession
	userID string
}

func (w *sessionWriter) hook() {
	if w.done {
		return
	}
	w.done = true
	if id := w.Header().Get(sessionIDHeader); id != "" {
		w.t = w.l.register(id, w.userID)
	}
}

func (w *sessionWriter) WriteHeader(code int) {
	w.hook()
	w.ResponseWriter.WriteHeader(code)
}

func (w *sessionWriter) Write(b []byte) (int, error) {
	w.hook()
	return w.ResponseWriter.Write(b)
}

func (w *sessionWriter) FlushError() error {
	w.hook()
	return http.NewResponseController(w.ResponseWriter).Flush()
}

func (w *sessionWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
