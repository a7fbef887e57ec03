package agui_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/agui"
)

// byUser reads the principal from X-User, as an authentication middleware
// in front would set it.
func byUser(r *http.Request) (string, error) {
	if u := r.Header.Get("X-User"); u != "" {
		return u, nil
	}
	return "", errors.New("sign in first")
}

// A thread is its principal's: another principal naming it is refused as
// if there were no such thread, and changes nothing; its own principal
// answers its interrupt, with its own deps.
func TestThreadBelongsToItsPrincipal(t *testing.T) {
	var mu sync.Mutex
	var ranFor []string
	write := toolgen.Tool{Name: "write", InputSchema: []byte(`{"type":"object"}`), RequiresApproval: true,
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			u, _ := toolgen.DepsAs[string](toolgen.CtxFrom(ctx))
			mu.Lock()
			ranFor = append(ranFor, u)
			mu.Unlock()
			return toolgen.TextResult("written"), nil
		}}
	model := rt.NewModel(rt.Calls(rt.Call("c1", "write", `{}`)), rt.Text("Written."))
	a, err := agent.New(model, agent.WithTools([]toolgen.Tool{write}))
	require.NoError(t, err)
	store, err := agui.NewMemoryStore(10)
	require.NoError(t, err)
	h, err := agui.NewHandler(a, agui.WithPrincipal(byUser), agui.WithStore(store),
		agui.WithDeps(func(r *http.Request) (any, error) { return r.Header.Get("X-User"), nil }))
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	defer srv.Close()

	status, _, body := post(t, srv.URL, input("t", user("u1", "write")), nil)
	assert.Equal(t, http.StatusUnauthorized, status)
	assert.Contains(t, body, "sign in first")

	ana := map[string]string{"X-User": "ana"}
	bob := map[string]string{"X-User": "bob"}
	id := pauseOnWrite(t, srv.URL, "t", ana)
	before, err := store.Load(context.Background(), "t")
	require.NoError(t, err)

	for name, in := range map[string]any{
		"answer ana's interrupt": resume("t", map[string]*bool{id: yes()}, ""),
		"post to ana's thread":   input("t", user("u2", "hello")),
	} {
		status, _, body := post(t, srv.URL, in, bob)
		assert.Equal(t, http.StatusNotFound, status, name)
		assert.Equal(t, "agui: no thread t\n", body, name)
	}
	after, err := store.Load(context.Background(), "t")
	require.NoError(t, err)
	assert.Equal(t, before, after, "bob changed nothing")
	assert.Len(t, model.Requests(), 1)

	status, s, body := post(t, srv.URL, resume("t", map[string]*bool{id: yes()}, ""), ana)
	require.Equal(t, http.StatusOK, status, body)
	assert.Equal(t, "Written.", s.last()["result"])
	assert.Equal(t, []string{"ana"}, ranFor)
	kept, err := store.Load(context.Background(), "t")
	require.NoError(t, err)
	assert.Equal(t, "ana", kept.Principal)

	// A thread is bound from its first run, even one that failed.
	model2 := rt.NewModel(rt.Fail(errors.New("down")))
	a2, err := agent.New(model2)
	require.NoError(t, err)
	h2, err := agui.NewHandler(a2, agui.WithPrincipal(byUser))
	require.NoError(t, err)
	srv2 := httptest.NewServer(h2)
	defer srv2.Close()
	status, s, _ = post(t, srv2.URL, input("t2", user("u1", "hi")), ana)
	require.Equal(t, http.StatusOK, status)
	runError(t, s)
	status, _, _ = post(t, srv2.URL, input("t2", user("u1", "hi")), bob)
	assert.Equal(t, http.StatusNotFound, status)
}

func TestRequestsAreBounded(t *testing.T) {
	model := &countingModel{}
	a, err := agent.New(model)
	require.NoError(t, err)
	h, err := agui.NewHandler(a, agui.WithMaxBodyBytes(2048))
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	defer srv.Close()

	send := func(method, contentType, body string) (int, string) {
		req, err := http.NewRequest(method, srv.URL, strings.NewReader(body))
		require.NoError(t, err)
		if contentType != "" {
			req.Header.Set("Content-Type", contentType)
		}
		status, _, got := exchange(t, req)
		return status, got
	}
	ok := `{"threadId":"t","runId":"r","messages":[{"id":"u","role":"user","content":"hi"}]}`
	for _, c := range []struct {
		method, contentType, body string
		status                    int
	}{
		{http.MethodGet, "", "", http.StatusMethodNotAllowed},
		{http.MethodPost, "text/plain", ok, http.StatusUnsupportedMediaType},
		{http.MethodPost, "application/x-www-form-urlencoded", ok, http.StatusUnsupportedMediaType},
		{http.MethodPost, "application/json", `{"threadId":`, http.StatusBadRequest},
		{http.MethodPost, "application/json", `{"runId":"r","messages":[]}`, http.StatusBadRequest},
		{http.MethodPost, "application/json", `{"threadId":"` + strings.Repeat("t", 300) + `","runId":"r","messages":[]}`, http.StatusBadRequest},
		{http.MethodPost, "application/json", `{"threadId":"t","runId":"r","messages":[{"id":"u","role":"user","content":"` + strings.Repeat("x", 4096) + `"}]}`, http.StatusRequestEntityTooLarge},
	} {
		status, got := send(c.method, c.contentType, c.body)
		assert.Equal(t, c.status, status, "%s %s %.60s: %s", c.method, c.contentType, c.body, got)
	}
	assert.Zero(t, model.n.Load(), "no refused request ran the agent")
	status, got := send(http.MethodPost, "application/json", ok)
	assert.Equal(t, http.StatusOK, status, got)
}

// countingModel answers every request "ok" and counts them.
type countingModel struct{ n atomic.Int64 }

func (m *countingModel) Generate(context.Context, agent.Request) (agent.Response, error) {
	m.n.Add(1)
	return agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Text: "ok"}}, nil
}

func TestForeignPagesAreRefused(t *testing.T) {
	model := &countingModel{}
	a, err := agent.New(model)
	require.NoError(t, err)
	h, err := agui.NewHandler(a, agui.WithAllowedOrigins("https://app.example"))
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	defer srv.Close()
	in := input("t", user("u1", "hi"))

	status, _, body := post(t, srv.URL, in, map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"})
	assert.Equal(t, http.StatusForbidden, status, body)
	assert.Contains(t, body, "agui: a cross-site request")

	// A page whose name was rebound to 127.0.0.1 gives itself away by its Host.
	req, _ := http.NewRequest(http.MethodPost, srv.URL, strings.NewReader(`{}`))
	req.Host = "rebound.example"
	req.Header.Set("Content-Type", "application/json")
	status, _, body = exchange(t, req)
	assert.Equal(t, http.StatusForbidden, status, body)
	assert.Zero(t, model.n.Load())

	// The allowed origin is served, with CORS headers, and its preflight answered.
	req, _ = http.NewRequest(http.MethodOptions, srv.URL, nil)
	req.Header.Set("Origin", "https://app.example")
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Access-Control-Request-Headers", "content-type")
	status, header, _ := exchange(t, req)
	assert.Equal(t, http.StatusNoContent, status)
	assert.Equal(t, "https://app.example", header.Get("Access-Control-Allow-Origin"))
	assert.Equal(t, "content-type", header.Get("Access-Control-Allow-Headers"))
	status, s, body := post(t, srv.URL, in, map[string]string{"Origin": "https://app.example", "Sec-Fetch-Site": "cross-site"})
	assert.Equal(t, http.StatusOK, status, body)
	assert.Equal(t, agui.EventRunFinished, s.last()["type"])
}

func TestOneRunOfAThreadAtATime(t *testing.T) {
	gate := rt.NewGate()
	model := rt.NewModel(rt.StreamText("slow").Hold(0, gate), rt.Text("next"))
	srv := serve(t, model, &tools{})
	type answer struct {
		status int
		body   string
		err    error
	}
	done := make(chan answer, 1)
	body, err := json.Marshal(input("t", user("u1", "hi")))
	require.NoError(t, err)
	go func() { // no t.FailNow here: the test's goroutine reads the answer
		resp, err := http.Post(srv.URL, "application/json", strings.NewReader(string(body)))
		if err != nil {
			done <- answer{err: err}
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		done <- answer{resp.StatusCode, string(b), err}
	}()
	select {
	case <-gate.Reached():
	case <-time.After(10 * time.Second):
		t.Fatal("the first run did not reach the model")
	}
	status, _, got := post(t, srv.URL, input("t", user("u1", "hi"), user("u2", "again")), nil)
	assert.Equal(t, http.StatusConflict, status, got)
	status, _, _ = post(t, srv.URL, input("other", user("u1", "hi")), nil)
	assert.Equal(t, http.StatusOK, status, "another thread is served meanwhile")
	gate.Release()
	select {
	case a := <-done:
		require.NoError(t, a.err)
		require.Equal(t, http.StatusOK, a.status, a.body)
		assert.Equal(t, "slow", parse(t, a.body).last()["result"])
	case <-time.After(10 * time.Second):
		t.Fatal("the first run did not end")
	}
}

// A paused run that does not fit in the store cannot be answered: the run
// fails, saying the limit. A finished run that does not fit was answered
// whole: the thread's next run reads the client's messages.
func TestStoreFull(t *testing.T) {
	rec := &tools{}
	store, err := agui.NewMemoryStoreLimits(10, 600)
	require.NoError(t, err)
	long := strings.Repeat("words ", 200)
	model := rt.NewModel(rt.Calls(rt.Call("c1", "write", `{}`)), rt.Text(long), rt.Text("Short."))
	srv := serve(t, model, rec, agui.WithStore(store))
	e := runError(t, run(t, srv.URL, input("t", user("u1", "write"))))
	assert.Equal(t, agui.CodeStoreFull, e["code"])
	assert.Contains(t, e["message"], "agui: the thread store is full: this thread needs")
	assert.Zero(t, store.Len())

	s := run(t, srv.URL, input("t2", user("u1", "talk")))
	assert.Equal(t, long, s.last()["result"], "answered whole")
	assert.Zero(t, store.Len(), "no transcript without this run is kept")
	answer := s.of(agui.EventTextMessageStart)[0]["messageId"].(string)
	b, _ := json.Marshal(long)
	run(t, srv.URL, input("t2", user("u1", "talk"), agui.Message{ID: answer, Role: "assistant", Content: b}, user("u2", "more")))
	var got []string
	for _, m := range model.Requests()[2].Messages {
		got = append(got, string(m.Role))
	}
	assert.Equal(t, []string{"user", "assistant", "user"}, got, "the client's history")
}

func TestOptionsAreChecked(t *testing.T) {
	a, err := agent.New(rt.NewModel())
	require.NoError(t, err)
	_, err = agui.NewHandler(nil)
	assert.ErrorContains(t, err, "nil agent")
	for _, opt := range []agui.Option{
		nil, agui.WithStore(nil), agui.WithMaxBodyBytes(0), agui.WithDeps(nil), agui.WithPrincipal(nil),
		agui.WithWriteStallTimeout(0), agui.WithErrorText(nil),
		agui.WithAllowedOrigins("https://app.example/path"), agui.WithAllowedOrigins("*"), agui.WithAllowedHosts("https://x.example"),
	} {
		_, err := agui.NewHandler(a, opt)
		assert.Error(t, err)
	}
	_, err = agui.NewMemoryStore(0)
	assert.Error(t, err)
	_, err = agui.NewMemoryStoreLimits(1, 0)
	assert.Error(t, err)
}

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

// A client that sends its request and stops reading holds neither its run
// nor its thread: the write that stalls fails after the stall timeout, the
// run is cancelled, and the thread's next request is served.
func TestStalledClientReleasesItsThread(t *testing.T) {
	pieces := make([]string, 256)
	for i := range pieces {
		pieces[i] = strings.Repeat("z", 16<<10) // 4 MiB in all: far more than any socket buffer
	}
	model := rt.NewModel(rt.StreamText(pieces...), rt.Text("Hello again."))
	a, err := agent.New(model)
	require.NoError(t, err)
	h, err := agui.NewHandler(a, agui.WithWriteStallTimeout(200*time.Millisecond))
	require.NoError(t, err)
	srv := httptest.NewUnstartedServer(h)
	srv.Listener = smallBuffers{srv.Listener}
	srv.Start()
	defer srv.Close()

	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	require.NoError(t, err)
	defer conn.Close()
	require.NoError(t, conn.(*net.TCPConn).SetReadBuffer(4<<10))
	req := `{"threadId":"t","runId":"r1","messages":[{"id":"u1","role":"user","content":"tell me everything"}]}`
	_, err = fmt.Fprintf(conn, "POST / HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
		srv.Listener.Addr(), len(req), req)
	require.NoError(t, err)
	// ... and reads nothing. The next request must come after the stalled
	// one has reached the model, or it would be served the long answer.
	for tries := 0; len(model.Requests()) == 0; tries++ {
		require.Less(t, tries, 500, "the stalled request never reached the model")
		time.Sleep(10 * time.Millisecond)
	}

	start := time.Now()
	deadline := start.Add(10 * time.Second)
	status := 0
	for tries := 0; time.Now().Before(deadline) && tries < 500; tries++ {
		var s stream
		status, s, _ = post(t, srv.URL, input("t", user("u1", "hi")), nil)
		if status != http.StatusConflict {
			require.NotEmpty(t, s)
			assert.Equal(t, "Hello again.", s.last()["result"])
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	require.Equal(t, http.StatusOK, status, "the thread is still held %s after the client stopped reading", time.Since(start))
	ended := model.Ended()
	require.Len(t, ended, 2)
	assert.ErrorIs(t, ended[0], context.Canceled, "the stalled run was cancelled")
}
