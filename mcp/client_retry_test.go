package mcp_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// replica is one MCP server on a 127.0.0.1 port, which the test can kill:
// its listener and every connection closed at once, requests in flight cut.
type replica struct {
	addr  string
	hs    *http.Server
	done  chan struct{}
	h     atomic.Pointer[http.Handler]
	fresh func() http.Handler
	mu    sync.Mutex
	srvs  []*mcp.Server // every MCP server it has had
}

// startReplica serves tools on addr ("127.0.0.1:0" for any port); wrap,
// when not nil, sees every request first.
func startReplica(t *testing.T, addr string, tools []toolgen.Tool, opts mcp.HTTPOptions, wrap func(http.Handler) http.Handler) *replica {
	t.Helper()
	var r *replica
	fresh := func() http.Handler {
		srv, err := mcp.NewServer("replica", "1.0.0", tools)
		require.NoError(t, err)
		h, err := srv.Handler(opts)
		require.NoError(t, err)
		if wrap != nil {
			h = wrap(h)
		}
		r.mu.Lock()
		r.srvs = append(r.srvs, srv)
		r.mu.Unlock()
		return h
	}
	var ln net.Listener
	var err error
	for deadline := time.Now().Add(5 * time.Second); ; {
		// The port of a replica just killed may take a moment to be free.
		if ln, err = net.Listen("tcp", addr); err == nil || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	require.NoError(t, err)
	r = &replica{addr: ln.Addr().String(), done: make(chan struct{}), fresh: fresh}
	r.forget()
	r.hs = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) { (*r.h.Load()).ServeHTTP(w, req) })}
	go func() { defer close(r.done); _ = r.hs.Serve(ln) }()
	t.Cleanup(func() { r.kill(); r.closeSessions() })
	return r
}

// forget replaces the replica's MCP server by a fresh one, which knows no
// session, on the same listener and connections: a replica replaced behind
// a proxy that keeps the client's connection.
func (r *replica) forget() {
	h := r.fresh()
	r.h.Store(&h)
}

// kill closes the listener and every connection, without waiting for the
// requests in flight.
func (r *replica) kill() {
	_ = r.hs.Close()
	<-r.done
}

// closeSessions ends the sessions of every MCP server the replica has had
// (as the process's end would), once their tools have returned.
func (r *replica) closeSessions() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, srv := range r.srvs {
		for ss := range srv.SDK().Sessions() {
			_ = ss.Close()
		}
	}
}

// balancer is a round-robin reverse proxy, as nginx or HAProxy in front of
// stateless replicas: a backend that fails (refused, reset) is answered 502,
// and after its second failure it is taken out of the rotation (nginx's
// max_fails=2); nothing is retried by the proxy.
type balancer struct {
	proxies   []*httputil.ReverseProxy
	fails     []atomic.Int64
	next      atomic.Uint64
	readFails atomic.Int64 // calls of the tool read answered 502
}

func newBalancer(t *testing.T, backends ...*replica) (*balancer, string) {
	t.Helper()
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	b := &balancer{fails: make([]atomic.Int64, len(backends))}
	for i, r := range backends {
		u := &url.URL{Scheme: "http", Host: r.addr}
		b.proxies = append(b.proxies, &httputil.ReverseProxy{
			Rewrite:       func(pr *httputil.ProxyRequest) { pr.SetURL(u); pr.Out.Host = u.Host },
			Transport:     tr,
			FlushInterval: -1, // SSE: no buffering
			ErrorLog:      log.New(io.Discard, "", 0),
			ErrorHandler: func(w http.ResponseWriter, _ *http.Request, _ error) {
				b.fails[i].Add(1)
				w.WriteHeader(http.StatusBadGateway)
			},
		})
	}
	s := httptest.NewServer(b)
	t.Cleanup(s.Close)
	return b, s.URL
}

func (b *balancer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	r.Body = io.NopCloser(bytes.NewReader(body))
	for range len(b.proxies) {
		i := int(b.next.Add(1) % uint64(len(b.proxies)))
		if b.fails[i].Load() < 2 {
			sw := &statusWriter{ResponseWriter: w}
			b.proxies[i].ServeHTTP(sw, r)
			if sw.status == http.StatusBadGateway && bytes.Contains(body, []byte(`"name":"read"`)) {
				b.readFails.Add(1)
			}
			return
		}
	}
	w.WriteHeader(http.StatusBadGateway)
}

// statusWriter notes the status of a response.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// replicaTools are one replica's tools: read (read-only) counts its calls
// in reads; bump (neither read-only nor idempotent) counts its runs in
// bumps and, when hold is not nil, says so on started and waits for hold to
// close or its call to end.
func replicaTools(id int, reads, bumps *atomic.Int64, started chan<- int, hold <-chan struct{}) []toolgen.Tool {
	obj := []byte(`{"type":"object"}`)
	return []toolgen.Tool{
		{Name: "read", Description: "reads", InputSchema: obj, Annotations: toolgen.Annotations{ReadOnly: true},
			Call: func(context.Context, []byte) (toolgen.Result, error) {
				reads.Add(1)
				return toolgen.TextResult(fmt.Sprint("read on ", id)), nil
			}},
		{Name: "bump", Description: "adds one", InputSchema: obj, Annotations: toolgen.Annotations{Destructive: true},
			Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
				bumps.Add(1)
				if hold != nil {
					started <- id
					select {
					case <-hold:
					case <-ctx.Done():
					}
				}
				return toolgen.TextResult("bumped"), nil
			}},
	}
}

// TestStatelessReplicaDiesUnderLoad: two stateless replicas behind a
// round-robin proxy, one killed while read-only calls stream through it and
// a non-idempotent call is running on it. Every read-only call succeeds
// (those cut are sent again, to the live replica); the non-idempotent call
// gets an error and ran exactly once.
func TestStatelessReplicaDiesUnderLoad(t *testing.T) {
	noLeaks(t)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	var reads [2]atomic.Int64
	var bumps atomic.Int64
	started := make(chan int, 1)
	hold := make(chan struct{})
	defer close(hold)
	opts := mcp.HTTPOptions{Stateless: true}
	r0 := startReplica(t, "127.0.0.1:0", replicaTools(0, &reads[0], &bumps, started, hold), opts, nil)
	r1 := startReplica(t, "127.0.0.1:0", replicaTools(1, &reads[1], &bumps, started, hold), opts, nil)
	replicas := []*replica{r0, r1}
	lb, lbURL := newBalancer(t, r0, r1)

	c, err := mcp.Connect(ctx, mcp.URL(lbURL+mcp.Path, nil), mcp.WithRetry(3, 5*time.Millisecond))
	require.NoError(t, err)
	defer c.Close()
	_, err = c.Tools(ctx)
	require.NoError(t, err)

	bumpErr := make(chan error, 1)
	go func() {
		_, err := c.CallTool(ctx, "bump", nil)
		bumpErr <- err
	}()
	var victim int
	select {
	case victim = <-started:
	case <-ctx.Done():
		t.Fatal("bump never started")
	}

	const workers, perWorker = 4, 60
	var done atomic.Int64
	killed := make(chan struct{})
	var wg sync.WaitGroup
	var failures []error
	var mu sync.Mutex
	for range workers {
		wg.Go(func() {
			for range perWorker {
				res, err := c.CallTool(ctx, "read", nil)
				if err != nil {
					mu.Lock()
					failures = append(failures, err)
					mu.Unlock()
				} else if res.Text() == "" {
					mu.Lock()
					failures = append(failures, errors.New("empty result"))
					mu.Unlock()
				}
				if done.Add(1) == workers*perWorker/4 {
					replicas[victim].kill()
					close(killed)
				}
			}
		})
	}
	wg.Wait()
	<-killed

	assert.Empty(t, failures, "read-only calls must ride through the dead replica")
	assert.Positive(t, reads[victim].Load(), "the killed replica served reads before it died")
	assert.GreaterOrEqual(t, reads[0].Load()+reads[1].Load(), int64(workers*perWorker), "every read ran (some of those cut after running ran twice)")
	select {
	case err := <-bumpErr:
		assert.ErrorIs(t, err, mcp.ErrAnswerLost, "the non-idempotent call cut by the kill is an error")
	case <-ctx.Done():
		t.Fatal("the cut bump call never returned")
	}
	assert.Equal(t, int64(1), bumps.Load(), "the non-idempotent call ran once, never sent again")
	assert.Positive(t, lb.readFails.Load(), "some read-only calls met the dead replica (502) and were sent again")
}

// sessionCounter counts, in front of a replica, the initialize requests and
// the requests on session id lost.
func sessionCounter(inits *atomic.Int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodPost && r.Header.Get("Mcp-Session-Id") == "" {
				b, _ := io.ReadAll(r.Body)
				r.Body = io.NopCloser(bytes.NewReader(b))
				if bytes.Contains(b, []byte(`"method":"initialize"`)) {
					inits.Add(1)
				}
			}
			next.ServeHTTP(w, r)
		})
	}
}

// callMany makes n calls of each tool at once and returns their errors.
func callMany(ctx context.Context, c *mcp.Client, n int, tools ...string) []error {
	errs := make(chan error, n*len(tools))
	var wg sync.WaitGroup
	for range n {
		for _, tool := range tools {
			wg.Go(func() { _, err := c.CallTool(ctx, tool, nil); errs <- err })
		}
	}
	wg.Wait()
	close(errs)
	var all []error
	for err := range errs {
		all = append(all, err)
	}
	return all
}

// sessionfulVersion has a client speak a revision with sessions: those of
// revision 2026-07-28 have none to lose.
var sessionfulVersion = mcp.WithProtocolVersion("2025-11-25")

// TestLostSessionReinitializes: the replica holding the client's session
// is replaced by a fresh one that knows no session (behind the same
// address and connections, as behind a proxy). Concurrent calls get 404
// for the session; the client makes one new session (one initialize) and
// sends each call on it: a 404 means the server did not process the
// request, so even the non-idempotent calls go again, and each runs
// exactly once.
func TestLostSessionReinitializes(t *testing.T) {
	noLeaks(t)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	var reads, bumps, inits atomic.Int64
	r := startReplica(t, "127.0.0.1:0", replicaTools(0, &reads, &bumps, nil, nil), mcp.HTTPOptions{}, sessionCounter(&inits))

	c, err := mcp.Connect(ctx, mcp.URL("http://"+r.addr+mcp.Path, nil), sessionfulVersion)
	require.NoError(t, err)
	defer c.Close()
	_, err = c.CallTool(ctx, "bump", nil)
	require.NoError(t, err)
	oldID := c.Session().ID()
	require.NotEmpty(t, oldID, "a stateful server gives a session")

	r.forget()
	reads.Store(0)
	bumps.Store(0)
	inits.Store(0)
	const calls = 8
	for _, err := range callMany(ctx, c, calls, "bump", "read") {
		assert.NoError(t, err)
	}
	assert.Equal(t, int64(calls), bumps.Load(), "each non-idempotent call ran once, on the new session")
	assert.Equal(t, int64(calls), reads.Load())
	assert.Equal(t, int64(1), inits.Load(), "one new session for all the calls that met the lost one")
	assert.NotEqual(t, oldID, c.Session().ID())
}

// TestKilledStatefulReplicaRestarts: the replica holding the session dies
// and a fresh one starts on the same address. Read-only calls all succeed,
// on a new session. A non-idempotent call either succeeds, having run once
// on the new replica, or is an error: sent on a connection of the dead
// replica, it may or may not have been processed, so it is not sent again.
func TestKilledStatefulReplicaRestarts(t *testing.T) {
	noLeaks(t)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	var reads, bumps atomic.Int64
	first := startReplica(t, "127.0.0.1:0", replicaTools(0, &reads, &bumps, nil, nil), mcp.HTTPOptions{}, nil)
	c, err := mcp.Connect(ctx, mcp.URL("http://"+first.addr+mcp.Path, nil), sessionfulVersion)
	require.NoError(t, err)
	defer c.Close()
	oldID := c.Session().ID()
	errs := callMany(ctx, c, 4, "read", "bump")
	for _, err := range errs {
		require.NoError(t, err)
	}

	first.kill()
	var freshReads, freshBumps, inits atomic.Int64
	startReplica(t, first.addr, replicaTools(1, &freshReads, &freshBumps, nil, nil), mcp.HTTPOptions{}, sessionCounter(&inits))

	const calls = 8
	readErrs := callMany(ctx, c, calls, "read")
	bumpErrs := callMany(ctx, c, calls, "bump")
	for _, err := range readErrs {
		assert.NoError(t, err)
	}
	assert.Equal(t, int64(calls), freshReads.Load())
	ok := 0
	for _, err := range bumpErrs {
		if err == nil {
			ok++
		}
	}
	assert.Equal(t, int64(ok), freshBumps.Load(), "a non-idempotent call that succeeded ran once; one that failed did not run on the new replica")
	assert.Positive(t, ok)
	t.Logf("non-idempotent calls: %d succeeded, %d failed", ok, calls-ok)
	assert.Equal(t, int64(1), inits.Load(), "one new session")
	assert.NotEqual(t, oldID, c.Session().ID())
}

// TestRetryOnlyWhatIsSafe: a call that ran but whose answer was lost (the
// server closed the connection instead of answering) is sent again only
// for a read-only tool, and not at all WithoutRetry; a non-idempotent one
// is an error and ran once.
func TestRetryOnlyWhatIsSafe(t *testing.T) {
	noLeaks(t)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	for _, tc := range []struct {
		name, tool string
		retry      mcp.ClientOption
		ok         bool
		runs       int64
	}{
		{"bump", "bump", mcp.WithRetry(3, time.Millisecond), false, 1},
		{"read", "read", mcp.WithRetry(3, time.Millisecond), true, 2},
		{"read_without_retry", "read", mcp.WithoutRetry(), false, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var reads, bumps atomic.Int64
			var cut atomic.Bool
			r := startReplica(t, "127.0.0.1:0", replicaTools(0, &reads, &bumps, nil, nil), mcp.HTTPOptions{Stateless: true}, func(next http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
					body, _ := io.ReadAll(req.Body)
					req.Body = io.NopCloser(bytes.NewReader(body))
					if bytes.Contains(body, []byte(`"tools/call"`)) && cut.CompareAndSwap(false, true) {
						// The first call runs; its answer is lost with the
						// connection.
						next.ServeHTTP(httptest.NewRecorder(), req)
						if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
							_ = conn.Close()
						}
						return
					}
					next.ServeHTTP(w, req)
				})
			})
			c, err := mcp.Connect(ctx, mcp.URL("http://"+r.addr+mcp.Path, nil), tc.retry)
			require.NoError(t, err)
			defer c.Close()
			_, err = c.CallTool(ctx, tc.tool, nil)
			if tc.ok {
				assert.NoError(t, err)
			} else {
				assert.ErrorIs(t, err, mcp.ErrAnswerLost)
			}
			assert.Equal(t, tc.runs, reads.Load()+bumps.Load())

			// Through the toolgen.Tool an agent calls, a lost answer is a
			// failed result for the model, not an error ending the run.
			cut.Store(false)
			tools, err := c.Tools(ctx)
			require.NoError(t, err)
			for _, tool := range tools {
				if string(tool.Name) != tc.tool {
					continue
				}
				res, err := tool.Call(ctx, []byte(`{}`))
				require.NoError(t, err)
				assert.Equal(t, !tc.ok, res.IsError, res.Text())
				if !tc.ok {
					assert.Contains(t, res.Text(), "may or may not have run")
				}
			}
			assert.Equal(t, 2*tc.runs, reads.Load()+bumps.Load())
		})
	}
}

// TestRefusedConnectionIsRetriedForAnyTool: a call whose connection is
// refused never reached the server, so even a non-idempotent call is sent
// again, once the server is back.
func TestRefusedConnectionIsRetriedForAnyTool(t *testing.T) {
	noLeaks(t)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	var reads, bumps atomic.Int64
	r := startReplica(t, "127.0.0.1:0", replicaTools(0, &reads, &bumps, nil, nil), mcp.HTTPOptions{Stateless: true}, nil)
	// A new connection for each request: a request written on a kept-alive
	// connection the dead server had closed may have reached it, for all
	// the client knows.
	tr := &http.Transport{DisableKeepAlives: true}
	c, err := mcp.Connect(ctx, mcp.URL("http://"+r.addr+mcp.Path, nil), mcp.WithRetry(50, 20*time.Millisecond), mcp.WithHTTPTransport(tr))
	require.NoError(t, err)
	defer c.Close()
	r.kill()
	back := make(chan struct{})
	go func() {
		defer close(back)
		time.Sleep(50 * time.Millisecond) // some sends are refused first
		startReplica(t, r.addr, replicaTools(1, &reads, &bumps, nil, nil), mcp.HTTPOptions{Stateless: true}, nil)
	}()
	_, err = c.CallTool(ctx, "bump", nil)
	<-back
	require.NoError(t, err)
	assert.Equal(t, int64(1), bumps.Load())
}

// TestRetryOptionErrors: WithRetry's bad values are errors naming the
// option and the values.
func TestRetryOptionErrors(t *testing.T) {
	tr := mcp.URL("http://127.0.0.1:1/mcp", nil)
	for want, opt := range map[string]mcp.ClientOption{
		"mcp.WithRetry(0, 50ms): attempts must be at least 1": mcp.WithRetry(0, 50*time.Millisecond),
		"mcp.WithRetry(3, 0s): base must be positive":         mcp.WithRetry(3, 0),
		"mcp.WithRetry(3, -1ms): base must be positive":       mcp.WithRetry(3, -time.Millisecond),
	} {
		_, err := mcp.NewClient(tr, opt)
		assert.EqualError(t, err, want)
	}
	for _, opt := range []mcp.ClientOption{mcp.WithRetry(1, time.Millisecond), mcp.WithoutRetry()} {
		_, err := mcp.NewClient(tr, opt)
		assert.NoError(t, err)
	}
}

// TestWithoutRetryLostSession: WithoutRetry, a call that meets a lost
// session is an error (the server did not run it), and the next call is
// made on a new session.
func TestWithoutRetryLostSession(t *testing.T) {
	noLeaks(t)
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	var reads, bumps atomic.Int64
	r := startReplica(t, "127.0.0.1:0", replicaTools(0, &reads, &bumps, nil, nil), mcp.HTTPOptions{}, nil)
	c, err := mcp.Connect(ctx, mcp.URL("http://"+r.addr+mcp.Path, nil), sessionfulVersion, mcp.WithoutRetry())
	require.NoError(t, err)
	defer c.Close()
	r.forget()
	_, err = c.CallTool(ctx, "bump", nil)
	assert.ErrorIs(t, err, sdkmcp.ErrSessionMissing)
	assert.Zero(t, bumps.Load())
	_, err = c.CallTool(ctx, "bump", nil)
	assert.NoError(t, err)
	assert.Equal(t, int64(1), bumps.Load())
}
