package aisdk_test

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/aisdk"
)

// smallBuffers gives the server's connections a small send buffer, so that
// a client that stops reading stalls the server's writes quickly.
type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		_ = tc.SetWriteBuffer(4 << 10)
	}
	return c, err
}

// A client that sends its request and stops reading does not hold its
// chat: the write that stalls fails after the stall timeout, and the run
// goes on with nobody reading (its answer kept for a reconnect) or, with a
// resume window of 0, is cancelled; either way the chat's next request is
// served.
func TestStalledClientReleasesItsChat(t *testing.T) {
	for _, window := range []time.Duration{0, aisdk.DefaultResumeWindow} {
		t.Run(window.String(), func(t *testing.T) { stalledClient(t, window) })
	}
}

func stalledClient(t *testing.T, window time.Duration) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	pieces := make([]string, 256)
	for i := range pieces {
		pieces[i] = strings.Repeat("z", 16<<10) // 4 MiB in all: far more than any socket buffer
	}
	model := rt.NewModel(rt.StreamText(pieces...), rt.Text("Hello again."))
	a, err := agent.New(model)
	require.NoError(t, err)
	h, err := aisdk.Handler(a, aisdk.WithWriteStallTimeout(200*time.Millisecond), aisdk.WithResumeWindow(window))
	require.NoError(t, err)
	srv := httptest.NewUnstartedServer(h)
	srv.Listener = smallBuffers{srv.Listener}
	srv.Start()
	defer srv.Close()

	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	require.NoError(t, err)
	defer conn.Close()
	require.NoError(t, conn.(*net.TCPConn).SetReadBuffer(4<<10))
	req := body(t, "chat", userMsg("u1", "tell me everything"))
	_, err = fmt.Fprintf(conn, "POST / HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
		srv.Listener.Addr(), len(req), req)
	require.NoError(t, err)
	// ... and reads nothing.
	for deadline := time.Now().Add(10 * time.Second); len(model.Requests()) == 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond) // until the run has begun, holding the chat
	}
	require.Len(t, model.Requests(), 1, "the stalled request's run began")

	start := time.Now()
	deadline := start.Add(10 * time.Second)
	status := 0
	for tries := 0; time.Now().Before(deadline) && tries < 500; tries++ {
		var got string
		status, _, got = raw(t, srv.URL, "application/json", "", nil, body(t, "chat", userMsg("u1", "hi")))
		if status != http.StatusConflict {
			assert.Contains(t, got[max(0, len(got)-300):], "Hello again.")
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	require.Equal(t, http.StatusOK, status, "the chat is still held %s after the client stopped reading", time.Since(start))
	ended := model.Ended()
	require.Len(t, ended, 2)
	if window == 0 {
		assert.ErrorIs(t, ended[0], context.Canceled, "the stalled run was cancelled")
	} else {
		assert.NoError(t, ended[0], "the stalled run went on to its end")
	}
	t.Logf("the chat was free again after %s", time.Since(start))
}

// A server's ReadTimeout bounds reading the request, not the stream that
// answers it (net/http lifts the read deadline once the body is read), so
// a server may set it, as examples/chat does.
func TestReadTimeoutDoesNotCutTheStream(t *testing.T) {
	gate := rt.NewGate()
	model := rt.NewModel(rt.StreamText("a", "b").Hold(1, gate))
	a, err := agent.New(model)
	require.NoError(t, err)
	h, err := aisdk.Handler(a)
	require.NoError(t, err)
	srv := httptest.NewUnstartedServer(h)
	srv.Config.ReadTimeout = 200 * time.Millisecond
	srv.Start()
	defer srv.Close()
	go func() {
		select {
		case <-gate.Reached():
			time.Sleep(600 * time.Millisecond) // three read timeouts
		case <-time.After(10 * time.Second):
		}
		gate.Release()
	}()
	chunks := post(t, srv.URL, body(t, "c", userMsg("u1", "hi")))
	assert.Equal(t, `finish finishReason="stop"`, short(chunks)[len(chunks)-1])
	assert.Contains(t, short(chunks), `text-delta id="text-1" delta="b"`)
}

// stallingWriter is a ResponseWriter whose connection stops taking writes
// once the approval request was written, as a client that stops reading
// just then: its writes fail as a stalled write does.
type stallingWriter struct {
	header  http.Header
	buf     bytes.Buffer
	stalled bool
}

func (w *stallingWriter) Header() http.Header { return w.header }
func (w *stallingWriter) WriteHeader(int)     {}
func (w *stallingWriter) Write(b []byte) (int, error) {
	if w.stalled {
		return 0, os.ErrDeadlineExceeded
	}
	if bytes.Contains(b, []byte(aisdk.ChunkToolApprovalRequest)) {
		w.stalled = true
		return 0, os.ErrDeadlineExceeded
	}
	return w.buf.Write(b)
}
func (w *stallingWriter) Flush() {}

// A stream that stalls as the run pauses still saves the paused run (with
// its approval id): the chat can go on once the client is back.
func TestStallAtThePauseKeepsThePausedRun(t *testing.T) {
	store, err := aisdk.NewMemoryStore(4)
	require.NoError(t, err)
	rec := &tools{}
	model := rt.NewModel(rt.Calls(rt.Call("c1", "write", `{"path":"f"}`)), rt.StreamText("Written."))
	a, err := agent.New(model, agent.WithTools(rec.all()))
	require.NoError(t, err)
	h, err := aisdk.Handler(a, aisdk.WithStore(store))
	require.NoError(t, err)

	r := httptest.NewRequest(http.MethodPost, "http://127.0.0.1/", strings.NewReader(body(t, "chat", userMsg("u1", "write f"))))
	r.Header.Set("Content-Type", "application/json")
	w := &stallingWriter{header: http.Header{}}
	h.ServeHTTP(w, r)
	require.True(t, w.stalled, "the stream stalled at the approval request: %s", w.buf.String())
	assert.NotContains(t, w.buf.String(), "approval-", "the client never read the approval id")

	chat, err := store.Load(context.Background(), "chat")
	require.NoError(t, err)
	require.NotNil(t, chat, "the paused run was saved")
	require.NotNil(t, chat.Run)
	assert.Equal(t, agent.StopPaused, chat.Run.StopReason)
	require.Contains(t, chat.Approvals, "c1")

	// The client comes back (a reload that gets the chat's approval id,
	// say) and approves.
	srv := httptest.NewServer(h)
	defer srv.Close()
	chunks := post(t, srv.URL, body(t, "chat", userMsg("u1", "write f"), answer("m1", "c1", chat.Approvals["c1"], true, "")))
	assert.Equal(t, `finish finishReason="stop"`, short(chunks)[len(chunks)-1])
	assert.Equal(t, []string{`write {"path":"f"}`}, rec.calls())
}

func TestWriteStallOption(t *testing.T) {
	a, err := agent.New(rt.NewModel())
	require.NoError(t, err)
	for _, d := range []time.Duration{0, -time.Second} {
		_, err := aisdk.Handler(a, aisdk.WithWriteStallTimeout(d))
		assert.ErrorContains(t, err, "aisdk.WithWriteStallTimeout", "%s", d)
	}
	assert.Equal(t, 30*time.Second, aisdk.DefaultWriteStallTimeout)
}
