package mcp_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// blockingTool is a tool "wait" that signals started when called and
// returns once release is closed, or with its context's error.
func blockingTool(started chan<- struct{}, release <-chan struct{}) toolgen.Tool {
	return toolgen.Tool{Name: "wait", Description: "waits", InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			started <- struct{}{}
			select {
			case <-release:
				return toolgen.TextResult("released"), nil
			case <-ctx.Done():
				return toolgen.Result{}, ctx.Err()
			}
		}}
}

// closeSessionsAtCleanup closes srv's sessions when the test ends (an
// in-process handler has no Serve to close them).
func closeSessionsAtCleanup(tb testing.TB, srv *mcp.Server) {
	tb.Cleanup(func() {
		for ss := range srv.SDK().Sessions() {
			_ = ss.Close()
		}
	})
}

// sessionPair is a stateful server with the fast path and one without, of
// the same tools, all session-free.
type sessionPair struct {
	srv [2]*mcp.Server
	h   [2]http.Handler
}

func newSessionPair(t *testing.T, opts mcp.HTTPOptions, tools func() []toolgen.Tool) *sessionPair {
	t.Helper()
	p := &sessionPair{}
	for i, disable := range []bool{false, true} {
		srv, err := mcp.NewServer("test", "1.0.0", tools(), mcp.WithSessionFreeTools())
		require.NoError(t, err)
		closeSessionsAtCleanup(t, srv)
		o := opts
		o.DisableFastPath = disable
		h, err := srv.Handler(o)
		require.NoError(t, err)
		p.srv[i], p.h[i] = srv, h
	}
	return p
}

const echoCall = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"a":1}}}`

// send sends body on session sid of handler h at version and reads the
// meaning of the answer.
func send(t *testing.T, h http.Handler, sid, version, body string) meaning {
	t.Helper()
	m, err := answerWith(h, differentialRequest{body: []byte(body), version: version}, map[string]string{"Mcp-Session-Id": sid})
	require.NoError(t, err)
	return m
}

// both sends body to both servers of p, on the session each names, and
// requires the same meaning; it returns it and whether the fast path
// answered.
func (p *sessionPair) both(t *testing.T, sids [2]string, version, body string) (meaning, bool) {
	t.Helper()
	before := mcp.FastServed(p.srv[0])
	got := send(t, p.h[0], sids[0], version, body)
	fast := mcp.FastServed(p.srv[0]) > before
	want := send(t, p.h[1], sids[1], version, body)
	require.Equal(t, want, got, "the fast path (answered by it: %v) means something else than go-sdk", fast)
	require.Zero(t, mcp.FastServed(p.srv[1]))
	return got, fast
}

func (p *sessionPair) open(t *testing.T, version string, bare bool) [2]string {
	return [2]string{openSession(t, p.h[0], version, bare), openSession(t, p.h[1], version, bare)}
}

func deleteSession(t *testing.T, h http.Handler, sid string) int {
	t.Helper()
	r := httptest.NewRequest(http.MethodDelete, "http://localhost"+mcp.Path, nil)
	r.Header.Set("Mcp-Session-Id", sid)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec.Code
}

// TestStatefulFastPathSessions: a call on an unknown, deleted or expired
// session, at another version than the session's, or before the
// initialized notification, is answered as go-sdk answers it; only the
// plainest call of a live session at its version takes the fast path.
func TestStatefulFastPathSessions(t *testing.T) {
	const v = "2025-06-18"
	for _, jsonResponse := range []bool{false, true} {
		t.Run(fmt.Sprintf("JSONResponse=%v", jsonResponse), func(t *testing.T) {
			p := newSessionPair(t, mcp.HTTPOptions{JSONResponse: jsonResponse, SessionTimeout: 300 * time.Millisecond}, differentialTools)

			m, fast := p.both(t, [2]string{"nope", "nope"}, v, echoCall)
			require.Equal(t, http.StatusNotFound, m.Status)
			require.False(t, fast)

			sids := p.open(t, v, false)
			m, fast = p.both(t, sids, v, echoCall)
			require.Equal(t, http.StatusOK, m.Status)
			require.True(t, fast, "the plainest call of a live session")

			for _, other := range []string{"2025-03-26", "2025-11-25", "", "1999-01-01", "2026-07-28"} {
				_, fast = p.both(t, sids, other, echoCall)
				require.False(t, fast, "a call at version %q on a session at %s", other, v)
			}
			_, fast = p.both(t, sids, v, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{},"_meta":{"progressToken":1}}}`)
			require.False(t, fast, "a call with a progress token")

			// Before notifications/initialized: go-sdk serves calls.
			bare := p.open(t, "2025-03-26", true)
			m, _ = p.both(t, bare, "2025-03-26", echoCall)
			require.Equal(t, http.StatusOK, m.Status)

			// Deleted: 404 at once, on both.
			require.Equal(t, http.StatusNoContent, deleteSession(t, p.h[0], sids[0]))
			require.Equal(t, http.StatusNoContent, deleteSession(t, p.h[1], sids[1]))
			m, fast = p.both(t, sids, v, echoCall)
			require.Equal(t, http.StatusNotFound, m.Status)
			require.False(t, fast)

			// Expired: once idle past SessionTimeout, 404 on both.
			expiring := p.open(t, v, false)
			_, fast = p.both(t, expiring, v, echoCall)
			require.True(t, fast)
			time.Sleep(time.Second) // any request would keep it open
			m, fast = p.both(t, expiring, v, echoCall)
			require.Equal(t, http.StatusNotFound, m.Status)
			require.False(t, fast)
		})
	}
}

// TestStatefulFastPathIdleTimeout: a session whose only request is a long
// call on the fast path is not closed as idle while the call runs.
func TestStatefulFastPathIdleTimeout(t *testing.T) {
	const v = "2025-06-18"
	started, release := make(chan struct{}, 1), make(chan struct{})
	srv, err := mcp.NewServer("test", "1.0.0", []toolgen.Tool{blockingTool(started, release)}, mcp.WithSessionFreeTools())
	require.NoError(t, err)
	closeSessionsAtCleanup(t, srv)
	h, err := srv.Handler(mcp.HTTPOptions{SessionTimeout: 100 * time.Millisecond})
	require.NoError(t, err)
	sid := openSession(t, h, v, false)
	done := make(chan meaning, 1)
	go func() {
		m, _ := answerWith(h, differentialRequest{body: []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"wait","arguments":{}}}`), version: v},
			map[string]string{"Mcp-Session-Id": sid})
		done <- m
	}()
	<-started
	time.Sleep(500 * time.Millisecond) // five timeouts
	close(release)
	m := <-done
	require.Equal(t, http.StatusOK, m.Status)
	require.Len(t, m.Messages, 1)
	require.Equal(t, int64(1), mcp.FastServed(srv))
	// Still live just after the call.
	m = send(t, h, sid, v, `{"jsonrpc":"2.0","id":2,"method":"ping"}`)
	require.Equal(t, http.StatusOK, m.Status)
}

// TestStatefulFastPathInFlight: a call reusing the id of a call in flight
// gets go-sdk's 400, and notifications/cancelled of a call in flight
// cancels it, on both paths alike.
func TestStatefulFastPathInFlight(t *testing.T) {
	const v = "2025-06-18"
	for _, jsonResponse := range []bool{false, true} {
		t.Run(fmt.Sprintf("JSONResponse=%v", jsonResponse), func(t *testing.T) {
			var got [2][2]meaning
			var fastServed int64
			for i, disable := range []bool{false, true} {
				started, release := make(chan struct{}, 1), make(chan struct{})
				defer close(release)
				srv, err := mcp.NewServer("test", "1.0.0", []toolgen.Tool{blockingTool(started, release)}, mcp.WithSessionFreeTools())
				require.NoError(t, err)
				closeSessionsAtCleanup(t, srv)
				h, err := srv.Handler(mcp.HTTPOptions{JSONResponse: jsonResponse, DisableFastPath: disable})
				require.NoError(t, err)
				sid := openSession(t, h, v, false)
				call := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"wait","arguments":{}}}`
				first := make(chan meaning, 1)
				go func() {
					m, _ := answerWith(h, differentialRequest{body: []byte(call), version: v}, map[string]string{"Mcp-Session-Id": sid})
					first <- m
				}()
				<-started
				got[i][0] = send(t, h, sid, v, call)
				m := send(t, h, sid, v, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}`)
				require.Equal(t, http.StatusAccepted, m.Status)
				select {
				case got[i][1] = <-first:
				case <-time.After(exchangeTimeout + 2*time.Second):
					t.Fatal("the cancelled call was never answered")
				}
				if !disable {
					fastServed = mcp.FastServed(srv)
				}
			}
			require.Equal(t, http.StatusBadRequest, got[0][0].Status, "%v", got[0][0])
			require.Equal(t, got[1], got[0], "go-sdk, then the fast path")
			require.Equal(t, int64(2), fastServed, "the call and the duplicate")
		})
	}
}

// TestStatefulFastPathConcurrent runs calls on many sessions at once
// (run it with -race).
func TestStatefulFastPathConcurrent(t *testing.T) {
	const v = "2025-06-18"
	srv, err := mcp.NewServer("test", "1.0.0", differentialTools(), mcp.WithSessionFreeTools())
	require.NoError(t, err)
	closeSessionsAtCleanup(t, srv)
	h, err := srv.Handler(mcp.HTTPOptions{})
	require.NoError(t, err)
	const sessions, calls = 8, 40
	var wg sync.WaitGroup
	errs := make(chan error, sessions*calls)
	for range sessions {
		sid := openSession(t, h, v, false)
		for j := range calls {
			wg.Go(func() {
				body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"echo","arguments":{"n":%d}}}`, j, j)
				m, err := answerWith(h, differentialRequest{body: []byte(body), version: v}, map[string]string{"Mcp-Session-Id": sid})
				switch {
				case err != nil:
					errs <- err
				case m.Status != http.StatusOK || len(m.Messages) != 1 || !reflect.DeepEqual(m.Messages[0].Result,
					map[string]any{"content": []any{map[string]any{"type": "text", "text": fmt.Sprintf(`{"n":%d}`, j)}}}):
					errs <- fmt.Errorf("call %d: %v", j, m)
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	require.Equal(t, int64(sessions*calls), mcp.FastServed(srv))
}

// TestStatefulFastPathNoSession: on the fast path Session(ctx) is nil and
// Log fails without sending; a server without WithSessionFreeTools serves
// every call of a session through go-sdk.
func TestStatefulFastPathNoSession(t *testing.T) {
	const v = "2025-06-18"
	type seen struct {
		session bool
		logErr  error
	}
	got := make(chan seen, 1)
	tool := toolgen.Tool{Name: "look", Description: "looks", InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			got <- seen{session: mcp.Session(ctx) != nil, logErr: mcp.Log(ctx, "error", "x")}
			return toolgen.TextResult("ok"), nil
		}}
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"look","arguments":{}}}`

	srv, err := mcp.NewServer("test", "1.0.0", []toolgen.Tool{tool}, mcp.WithSessionFreeTools("look"))
	require.NoError(t, err)
	closeSessionsAtCleanup(t, srv)
	h, err := srv.Handler(mcp.HTTPOptions{})
	require.NoError(t, err)
	m := send(t, h, openSession(t, h, v, false), v, call)
	require.Equal(t, http.StatusOK, m.Status)
	require.Len(t, m.Messages, 1, "no notifications/message")
	s := <-got
	require.False(t, s.session)
	require.ErrorContains(t, s.logErr, "WithSessionFreeTools")
	require.Equal(t, int64(1), mcp.FastServed(srv))

	plain, err := mcp.NewServer("test", "1.0.0", []toolgen.Tool{tool})
	require.NoError(t, err)
	closeSessionsAtCleanup(t, plain)
	ph, err := plain.Handler(mcp.HTTPOptions{})
	require.NoError(t, err)
	m = send(t, ph, openSession(t, ph, v, false), v, call)
	require.Equal(t, http.StatusOK, m.Status)
	s = <-got
	require.True(t, s.session)
	require.Zero(t, mcp.FastServed(plain))

	_, err = mcp.NewServer("test", "1.0.0", []toolgen.Tool{tool}, mcp.WithSessionFreeTools("nope"))
	require.ErrorContains(t, err, `mcp.WithSessionFreeTools("nope")`)
	require.True(t, strings.Contains(err.Error(), "no such tool"))
}

// TestStatefulFastPathDeleteDuringCall: a DELETE of a session waits for its
// calls in flight, which then go unanswered (an empty stream), on both
// paths alike.
func TestStatefulFastPathDeleteDuringCall(t *testing.T) {
	const v = "2025-06-18"
	const hold = 300 * time.Millisecond
	for _, jsonResponse := range []bool{false, true} {
		t.Run(fmt.Sprintf("JSONResponse=%v", jsonResponse), func(t *testing.T) {
			var got [2]meaning
			for i, disable := range []bool{false, true} {
				started, release := make(chan struct{}, 1), make(chan struct{})
				srv, err := mcp.NewServer("test", "1.0.0", []toolgen.Tool{blockingTool(started, release)}, mcp.WithSessionFreeTools())
				require.NoError(t, err)
				closeSessionsAtCleanup(t, srv)
				h, err := srv.Handler(mcp.HTTPOptions{JSONResponse: jsonResponse, DisableFastPath: disable})
				require.NoError(t, err)
				sid := openSession(t, h, v, false)
				first := make(chan meaning, 1)
				go func() {
					m, _ := answerWith(h, differentialRequest{body: []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"wait","arguments":{}}}`), version: v},
						map[string]string{"Mcp-Session-Id": sid})
					first <- m
				}()
				<-started
				time.AfterFunc(hold, func() { close(release) })
				t0 := time.Now()
				require.Equal(t, http.StatusNoContent, deleteSession(t, h, sid))
				require.GreaterOrEqual(t, time.Since(t0), hold/2, "the DELETE did not wait for the call (fast path: %v)", !disable)
				select {
				case got[i] = <-first:
				case <-time.After(exchangeTimeout + 2*time.Second):
					t.Fatal("the call's request never ended")
				}
				if !disable {
					require.Equal(t, int64(1), mcp.FastServed(srv))
				}
			}
			require.Equal(t, got[1], got[0], "go-sdk, then the fast path")
			require.Empty(t, got[0].Messages)
		})
	}
}

// TestStatefulFastPathUser: a session created with a user's token answers
// only that user, on both paths alike; the fast path serves the user.
func TestStatefulFastPathUser(t *testing.T) {
	const v = "2025-06-18"
	users := map[string]string{"ta": "alice", "tb": "bob"}
	verifier := func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		if u, ok := users[token]; ok {
			return &auth.TokenInfo{UserID: u, Expiration: time.Now().Add(time.Hour)}, nil
		}
		return nil, auth.ErrInvalidToken
	}
	p := newSessionPair(t, mcp.HTTPOptions{TokenVerifier: verifier}, differentialTools)
	alice := map[string]string{"Authorization": "Bearer ta"}
	sids := [2]string{openSessionWith(t, p.h[0], v, false, alice), openSessionWith(t, p.h[1], v, false, alice)}
	for _, c := range []struct {
		token  string
		status int
		fast   bool
	}{{"tb", http.StatusForbidden, false}, {"ta", http.StatusOK, true}} {
		var got [2]meaning
		before := mcp.FastServed(p.srv[0])
		for i := range 2 {
			m, err := answerWith(p.h[i], differentialRequest{body: []byte(echoCall), version: v},
				map[string]string{"Mcp-Session-Id": sids[i], "Authorization": "Bearer " + c.token})
			require.NoError(t, err)
			got[i] = m
		}
		require.Equal(t, got[1], got[0])
		require.Equal(t, c.status, got[0].Status, "token %s", c.token)
		require.Equal(t, c.fast, mcp.FastServed(p.srv[0]) > before, "token %s", c.token)
	}
}

// TestStatefulFastPathSharedIDWaits: a request for go-sdk that reuses the
// id of a fast call in flight waits for that call's end (go-sdk, which
// does not know the fast call, would otherwise run it beside it).
func TestStatefulFastPathSharedIDWaits(t *testing.T) {
	const v = "2025-06-18"
	started, release := make(chan struct{}, 1), make(chan struct{})
	srv, err := mcp.NewServer("test", "1.0.0", []toolgen.Tool{blockingTool(started, release)}, mcp.WithSessionFreeTools())
	require.NoError(t, err)
	closeSessionsAtCleanup(t, srv)
	h, err := srv.Handler(mcp.HTTPOptions{})
	require.NoError(t, err)
	sid := openSession(t, h, v, false)
	first := make(chan meaning, 1)
	go func() {
		m, _ := answerWith(h, differentialRequest{body: []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"wait","arguments":{}}}`), version: v},
			map[string]string{"Mcp-Session-Id": sid})
		first <- m
	}()
	<-started
	ping := make(chan meaning, 1)
	go func() {
		m, _ := answerWith(h, differentialRequest{body: []byte(`{"jsonrpc":"2.0","id":7,"method":"ping"}`), version: v}, map[string]string{"Mcp-Session-Id": sid})
		ping <- m
	}()
	select {
	case m := <-ping:
		t.Fatalf("the ping of the fast call's id was answered while the call ran: %v", m)
	case <-time.After(200 * time.Millisecond):
	}
	require.Equal(t, http.StatusOK, send(t, h, sid, v, `{"jsonrpc":"2.0","id":8,"method":"ping"}`).Status, "another id is not held up")
	close(release)
	require.Equal(t, http.StatusOK, (<-first).Status)
	require.Equal(t, http.StatusOK, (<-ping).Status)
	require.Equal(t, int64(1), mcp.FastServed(srv))
}
