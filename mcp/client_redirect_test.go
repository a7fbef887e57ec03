package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/mcp"
)

// The credentials a URL client is given for its server: each is tied to
// the server's origin.
const (
	secretBearer = "Bearer s3cret-bearer"
	secretCookie = "session=s3cret-cookie"
	secretAPIKey = "s3cret-api-key"
	secretProxy  = "Basic s3cret-proxy"
)

func secretHeaders() http.Header {
	return http.Header{"Authorization": {secretBearer}, "Cookie": {secretCookie}, "X-Api-Key": {secretAPIKey}, "Proxy-Authorization": {secretProxy}}
}

// redirectStatuses are every status net/http follows.
var redirectStatuses = []int{http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther, http.StatusTemporaryRedirect, http.StatusPermanentRedirect}

// elsewhere is every origin other than the one a client was given: it
// keeps a dump of each request that reaches it, redirects a request for
// /back to its "to" parameter (307), and answers any other 400.
type elsewhere struct {
	mu    sync.Mutex
	dumps []string
}

func (e *elsewhere) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	dump, err := httputil.DumpRequest(r, true)
	if err != nil {
		dump = []byte(err.Error())
	}
	e.mu.Lock()
	e.dumps = append(e.dumps, string(dump))
	e.mu.Unlock()
	if r.URL.Path == "/back" {
		http.Redirect(w, r, r.URL.Query().Get("to"), http.StatusTemporaryRedirect)
		return
	}
	http.Error(w, "this is another origin", http.StatusBadRequest)
}

// checkUntouched checks that no request that reached another origin
// carried a secret, nor (the package's choice: such redirects are
// refused) that any request reached it at all.
func (e *elsewhere) checkUntouched(t *testing.T, secrets ...string) {
	t.Helper()
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, d := range e.dumps {
		for _, s := range secrets {
			assert.NotContains(t, d, s, "a credential reached another origin")
		}
	}
	assert.Empty(t, e.dumps, "a request followed a redirect to another origin")
}

// rpcPeek is what a front reads of a JSON-RPC request to choose it.
type rpcPeek struct {
	Method string `json:"method"`
	Params struct {
		Name string `json:"name"`
	} `json:"params"`
}

func peekRPC(body []byte) rpcPeek {
	var p rpcPeek
	_ = json.Unmarshal(body, &p)
	return p
}

// front stands before a server on the origin (host): it redirects a
// request of method that match chooses (given its body) with status to
// where target says, and gives a request naming another host (another
// name of the same listener) to away. Requests to /moved/... (a redirect
// within the origin) are recorded, refused with 400 when a redirect
// turned their method into another (301, 302 and 303 make a POST a GET),
// and served as the path after /moved.
type front struct {
	host   string
	method string
	match  func(r *http.Request, body []byte) bool
	status int
	target func(requested *url.URL) string
	next   http.Handler
	away   http.Handler

	redirected atomic.Int32
	mu         sync.Mutex
	sentTo     string        // the last redirect's target
	moved      []http.Header // the headers of the requests to /moved/...
}

func (f *front) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Host != f.host {
		f.away.ServeHTTP(w, r)
		return
	}
	if rest, ok := strings.CutPrefix(r.URL.Path, "/moved"); ok {
		f.mu.Lock()
		f.moved = append(f.moved, r.Header.Clone())
		f.mu.Unlock()
		if r.Method != f.method {
			http.Error(w, "the redirect changed the method", http.StatusBadRequest)
			return
		}
		r.URL.Path = rest
		f.next.ServeHTTP(w, r)
		return
	}
	var body []byte
	if r.Body != nil {
		body, _ = io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	if r.Method == f.method && f.match(r, body) {
		requested := &url.URL{Scheme: "http", Host: r.Host, Path: r.URL.Path, RawQuery: r.URL.RawQuery}
		if r.TLS != nil {
			requested.Scheme = "https"
		}
		to := f.target(requested)
		f.mu.Lock()
		f.sentTo = to
		f.mu.Unlock()
		f.redirected.Add(1)
		http.Redirect(w, r, to, f.status)
		return
	}
	f.next.ServeHTTP(w, r)
}

// otherOrigin is the origin of the last redirect's target, as the
// client's errors name it.
func (f *front) otherOrigin(t *testing.T) string {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	u, err := url.Parse(f.sentTo)
	require.NoError(t, err)
	return u.Scheme + "://" + u.Host
}

// movedHeaders are the headers of the requests redirected within the
// origin.
func (f *front) movedHeaders() []http.Header {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]http.Header(nil), f.moved...)
}

// clientPath is one kind of request a URL client sends, and how to make
// the client send it.
type clientPath struct {
	name   string
	method string
	match  func(r *http.Request, body []byte) bool
	use    func(ctx context.Context, c *mcp.Client, env *redirectEnv) error
	fails  bool // a refused redirect of this request is the error of use, else use succeeds
}

func rpcMethod(m string) func(*http.Request, []byte) bool {
	return func(_ *http.Request, body []byte) bool { return peekRPC(body).Method == m }
}

func rpcToolCall(tool string) func(*http.Request, []byte) bool {
	return func(_ *http.Request, body []byte) bool {
		p := peekRPC(body)
		return p.Method == "tools/call" && p.Params.Name == tool
	}
}

func anyRequest(*http.Request, []byte) bool { return true }

func listsTools(ctx context.Context, c *mcp.Client, _ *redirectEnv) error {
	_, err := c.ListTools(ctx)
	return err
}

// callsTool lists the tools (so that the client knows which are tasks),
// then calls tool.
func callsTool(tool string) func(context.Context, *mcp.Client, *redirectEnv) error {
	return func(ctx context.Context, c *mcp.Client, env *redirectEnv) error {
		if err := listsTools(ctx, c, env); err != nil {
			return err
		}
		_, err := c.CallTool(ctx, tool, []byte(`{}`))
		return err
	}
}

// listToolsThenGET lists the tools, waits for the session's GET stream
// to have been answered with the redirect, and lists them again: a GET
// stream refused leaves a session without one, as a server that offers
// none.
func listToolsThenGET(ctx context.Context, c *mcp.Client, env *redirectEnv) error {
	if err := listsTools(ctx, c, env); err != nil {
		return err
	}
	if err := waitRedirected(ctx, env.front); err != nil {
		return err
	}
	return listsTools(ctx, c, env)
}

// waitRedirected waits until f has redirected a request, or ctx ends.
func waitRedirected(ctx context.Context, f *front) error {
	for f.redirected.Load() == 0 {
		select {
		case <-ctx.Done():
			return fmt.Errorf("no request was redirected: %w", ctx.Err())
		case <-time.After(5 * time.Millisecond):
		}
	}
	return nil
}

// callsThenCancels calls wait, as a task, and ends the call's context
// once it runs, so that the client sends tasks/cancel; it waits for that
// to have been answered with the redirect.
func callsThenCancels(ctx context.Context, c *mcp.Client, env *redirectEnv) error {
	if err := listsTools(ctx, c, env); err != nil {
		return err
	}
	callCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := c.CallTool(callCtx, "wait", []byte(`{}`))
		done <- err
	}()
	select {
	case <-env.tasks.started:
	case err := <-done:
		return fmt.Errorf("the call ended before the tool ran: %v", err)
	case <-ctx.Done():
		return ctx.Err()
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		return fmt.Errorf("the cancelled call ended with %v", err)
	}
	return waitRedirected(ctx, env.front)
}

// listToolsThenClose lists the tools, then closes the client, which ends
// the session with DELETE.
func listToolsThenClose(ctx context.Context, c *mcp.Client, env *redirectEnv) error {
	if err := listsTools(ctx, c, env); err != nil {
		return err
	}
	return c.Close()
}

// clientPaths are every kind of request a URL client sends: the
// handshake, tools/list, tools/call, a call as a task (its task-augmented
// tools/call, tasks/get, tasks/result and tasks/cancel, sent beside
// go-sdk), the GET stream, and the DELETE that ends the session.
var clientPaths = []clientPath{
	{name: "initialize", method: http.MethodPost, match: rpcMethod("initialize"), use: listsTools, fails: true},
	{name: "notifications-initialized", method: http.MethodPost, match: rpcMethod("notifications/initialized"), use: listsTools, fails: true},
	{name: "tools-list", method: http.MethodPost, match: rpcMethod("tools/list"), use: listsTools, fails: true},
	{name: "tools-call", method: http.MethodPost, match: rpcToolCall("plain"), use: callsTool("plain"), fails: true},
	{name: "task-call", method: http.MethodPost, match: rpcToolCall("research"), use: callsTool("research"), fails: true},
	{name: "tasks-get", method: http.MethodPost, match: rpcMethod("tasks/get"), use: callsTool("research"), fails: true},
	{name: "tasks-result", method: http.MethodPost, match: rpcMethod("tasks/result"), use: callsTool("research"), fails: true},
	{name: "tasks-cancel", method: http.MethodPost, match: rpcMethod("tasks/cancel"), use: callsThenCancels},
	{name: "GET-stream", method: http.MethodGet, match: anyRequest, use: listToolsThenGET},
	{name: "DELETE-session", method: http.MethodDelete, match: anyRequest, use: listToolsThenClose, fails: true},
}

// redirectScene is where the origin's redirects go.
type redirectScene struct {
	name string
	tls  bool // the origin is https
	// target is where a request for requested is redirected, given the
	// address of the origin's listener and that of another server, of
	// http on 127.0.0.1.
	target func(originAddr, otherAddr string, requested *url.URL) string
}

// crossOriginScenes are the redirects that leave the origin: to another
// name of the same listener (127.0.0.1:P and localhost:P are two
// origins), to another port, from https to http, and away and back again
// (to another name, which redirects to the very URL requested).
var crossOriginScenes = []redirectScene{
	{name: "other-name", target: func(origin, _ string, _ *url.URL) string {
		return "http://localhost:" + port(origin) + "/elsewhere"
	}},
	{name: "other-port", target: func(_, other string, _ *url.URL) string {
		return "http://" + other + "/elsewhere"
	}},
	{name: "https-to-http", tls: true, target: func(_, other string, _ *url.URL) string {
		return "http://" + other + "/elsewhere"
	}},
	{name: "away-and-back", target: func(origin, _ string, requested *url.URL) string {
		return "http://localhost:" + port(origin) + "/back?to=" + url.QueryEscape(requested.String())
	}},
}

// sameOrigin redirects to another path of the origin.
var sameOrigin = redirectScene{name: "same-origin", target: func(_, _ string, requested *url.URL) string {
	moved := *requested
	moved.Path = "/moved" + moved.Path
	return moved.String()
}}

func port(addr string) string {
	_, p, _ := strings.Cut(addr, ":")
	return p
}

// redirectEnv is an MCP server of task tools on the origin behind a
// front, and another server on 127.0.0.1 (another origin).
type redirectEnv struct {
	tasks     *taskTools
	front     *front
	away      *elsewhere
	url       string // the MCP endpoint on the origin
	transport http.RoundTripper
}

// aim completes f for the origin listening at host: its redirects go
// where scene says, another server on 127.0.0.1 (away's, as is any other
// name of host) being the other origin.
func (f *front) aim(t *testing.T, scene redirectScene, host string, away *elsewhere) {
	t.Helper()
	other := httptest.NewServer(away)
	t.Cleanup(other.Close)
	f.host, f.away = host, away
	f.target = func(requested *url.URL) string {
		return scene.target(host, other.Listener.Addr().String(), requested)
	}
}

// startFront starts the origin of scene behind f, aimed, and returns its
// server.
func startFront(t *testing.T, scene redirectScene, f *front, away *elsewhere) *httptest.Server {
	t.Helper()
	ts := httptest.NewUnstartedServer(f)
	f.aim(t, scene, ts.Listener.Addr().String(), away)
	if scene.tls {
		ts.StartTLS()
	} else {
		ts.Start()
	}
	t.Cleanup(ts.Close)
	return ts
}

// newRedirectEnv starts the servers of scene, its front redirecting what
// path chooses with status.
func newRedirectEnv(t *testing.T, scene redirectScene, path clientPath, status int) *redirectEnv {
	t.Helper()
	tasks := newTaskTools()
	srv, err := mcp.NewServer("tasks", "1.0.0", tasks.tools(), mcp.WithTasks(mcp.TaskOptions{PollInterval: 20 * time.Millisecond}))
	require.NoError(t, err)
	h, err := srv.Handler(mcp.HTTPOptions{})
	require.NoError(t, err)
	env := &redirectEnv{tasks: tasks, away: &elsewhere{}}
	env.front = &front{match: path.match, method: path.method, status: status, next: h}
	ts := startFront(t, scene, env.front, env.away)
	t.Cleanup(func() { // before ts.Close, which waits for the GET streams
		close(tasks.release) // a task whose cancel was refused
		for ss := range srv.SDK().Sessions() {
			_ = ss.Close()
		}
	})
	env.url = ts.URL + mcp.Path
	env.transport = ts.Client().Transport
	return env
}

// client is a URL client of the env's server with the secret headers,
// speaking 2025-11-25 (which has the GET stream), calling every tool that
// can be a task as one.
func (env *redirectEnv) client(t *testing.T) *mcp.Client {
	t.Helper()
	c, err := mcp.NewClient(mcp.URL(env.url, secretHeaders()), mcp.WithHTTPTransport(env.transport), mcp.WithProtocolVersion("2025-11-25"), mcp.WithPreferTasks())
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// TestURLClientKeepsCredentialsWithTheirOrigin: whatever request of a URL
// client a server redirects, with any redirect status, to another host
// name, another port, from https to http, or away and back, the other
// origin never sees the client's headers (Authorization, Cookie,
// Proxy-Authorization, any other): the redirect is refused, with an error
// naming both origins.
func TestURLClientKeepsCredentialsWithTheirOrigin(t *testing.T) {
	for _, scene := range crossOriginScenes {
		t.Run(scene.name, func(t *testing.T) {
			for _, path := range clientPaths {
				t.Run(path.name, func(t *testing.T) {
					for _, status := range redirectStatuses {
						t.Run(fmt.Sprint(status), func(t *testing.T) {
							noLeaks(t)
							env := newRedirectEnv(t, scene, path, status)
							ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
							defer cancel()
							err := path.use(ctx, env.client(t), env)
							require.Positive(t, env.front.redirected.Load(), "the server redirected the request")
							env.away.checkUntouched(t, "s3cret", "Authorization:", "Cookie:", "X-Api-Key:")
							if path.fails {
								require.Error(t, err)
								assert.ErrorIs(t, err, mcp.ErrCrossOriginRedirect)
								assert.ErrorContains(t, err, strings.TrimSuffix(env.url, mcp.Path), "names the origin")
								assert.ErrorContains(t, err, env.front.otherOrigin(t), "and the other")
							} else {
								assert.NoError(t, err)
							}
						})
					}
				})
			}
		})
	}
}

// TestURLClientFollowsRedirectsWithinItsOrigin: a redirect to another
// path of the same origin is followed with every credential.
func TestURLClientFollowsRedirectsWithinItsOrigin(t *testing.T) {
	for _, path := range clientPaths {
		t.Run(path.name, func(t *testing.T) {
			for _, status := range redirectStatuses {
				t.Run(fmt.Sprint(status), func(t *testing.T) {
					noLeaks(t)
					env := newRedirectEnv(t, sameOrigin, path, status)
					ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
					defer cancel()
					err := path.use(ctx, env.client(t), env)
					require.Positive(t, env.front.redirected.Load(), "the server redirected the request")
					moved := env.front.movedHeaders()
					require.NotEmpty(t, moved, "the redirect was followed")
					for _, h := range moved {
						for k, v := range secretHeaders() {
							assert.Equal(t, v, h.Values(k), "%s went along", k)
						}
					}
					keepsMethod := status == http.StatusTemporaryRedirect || status == http.StatusPermanentRedirect || path.method == http.MethodGet
					if keepsMethod {
						assert.NoError(t, err)
					}
					env.away.checkUntouched(t)
				})
			}
		})
	}
}

// TestCrossOriginRedirectErrorNamesBothOrigins: the error says which
// origin redirected where, and that it was refused.
func TestCrossOriginRedirectErrorNamesBothOrigins(t *testing.T) {
	noLeaks(t)
	env := newRedirectEnv(t, crossOriginScenes[0], clientPaths[2], http.StatusTemporaryRedirect)
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Second)
	defer cancel()
	_, err := env.client(t).ListTools(ctx)
	require.Error(t, err)
	origin := strings.TrimSuffix(env.url, mcp.Path)
	other := "http://localhost:" + port(strings.TrimPrefix(origin, "http://"))
	assert.True(t, errors.Is(err, mcp.ErrCrossOriginRedirect), "%v", err)
	assert.Contains(t, err.Error(), "from "+origin+" to "+other)
}
