package mcp

import (
	"bytes"
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/oauthex"

	"github.com/toolgen-dev/toolgen/internal/loopback"
)

// Path is where Handler serves MCP.
const Path = "/mcp"

// Defaults of HTTPOptions' limits, used when a field is zero.
const (
	DefaultSessionTimeout    = 30 * time.Minute
	DefaultMaxSessions       = 1000
	DefaultMaxConns          = 1024 // or half the open-file limit, if lower
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultBodyTimeout       = 30 * time.Second
	DefaultIdleTimeout       = 60 * time.Second
	DefaultMaxBodyBytes      = 4 << 20
	DefaultMaxHeaderBytes    = 64 << 10
	DefaultWriteStallTimeout = 30 * time.Second
)

// NoLimit, as the value of an HTTPOptions limit or of WithMaxCalls, removes
// the limit. Other negative values are errors.
const NoLimit = -1

// HTTPOptions configures streamable HTTP. Every limit's zero value is its
// default (the Default... constants); NoLimit removes the limit; another
// negative value is an error from Handler, Serve and ListenAndServe, which
// name the field and the value.
type HTTPOptions struct {
	// A stateful server (the default) answers clients of protocol revision
	// 2026-07-28, which has no sessions, as a stateless one does, and keeps
	// sessions for older clients (see "Protocol revisions" in the package
	// documentation).
	//
	// Stateless serves every request on a fresh session: no Mcp-Session-Id,
	// so that any replica behind a load balancer can answer any request,
	// with no session affinity and no 404 when a replica is replaced. What
	// needs a session then does not work: server-to-client requests
	// (sampling and elicitation through Session(ctx), roots), state kept
	// between requests (the logging level a client sets, so Log sends at
	// level info and above, and fails with JSONResponse; the client's
	// capabilities and info), the GET stream (405:
	// no notifications outside a call, such as tools/list_changed), and
	// the session limits above. Progress and a call's own results work. The
	// default is stateful, since a tool may use Session(ctx); choose
	// Stateless for tools that do not (generated tools never do unless
	// their code calls Session or Log).
	Stateless bool
	// JSONResponse answers with application/json instead of an event stream.
	JSONResponse bool
	// DisableFastPath sends every request through go-sdk. Without it, a
	// stateless server answers the plainest tools/call and tools/list
	// requests itself, with go-sdk's responses for a tenth of the CPU, and
	// a stateful one those of protocol revision 2026-07-28 (which has no
	// sessions) and the plainest calls of WithSessionFreeTools' tools on
	// its live sessions; see the fast path in server_fast.go and
	// server_fast_session.go for what it leaves to go-sdk. On the fast
	// path Session(ctx) is nil.
	DisableFastPath bool

	// SessionTimeout closes a session that has had no request in flight for
	// this long; a client's open GET stream is a request in flight. The
	// client's next request gets 404 and, as the protocol says, it starts a
	// new session. Default 30 minutes.
	SessionTimeout time.Duration
	// MaxSessions caps the live sessions. A new session beyond the cap
	// closes the one idle longest; when every session has a request in
	// flight, the new one gets 503 Service Unavailable with Retry-After.
	// Default 1,000.
	MaxSessions int
	// MaxConns caps the open connections (Serve and ListenAndServe). At the
	// cap, a new connection closes the connection idle longest (a
	// keep-alive), or else the one that has been sending its request for
	// more than a second (a slow client); when every connection is in a
	// request being answered (such as an SSE stream) it waits, in the
	// kernel's backlog, for one to end. Default 1,024, or half the process's
	// open-file limit when that is lower.
	MaxConns int
	// ReadHeaderTimeout bounds the time to read a request's headers (Serve
	// and ListenAndServe). Default 10 seconds.
	ReadHeaderTimeout time.Duration
	// BodyTimeout bounds the time to read a request's body, from the end of
	// its headers; the request then gets 408 and its connection is closed.
	// Responses have no overall deadline: SSE streams last as long as the
	// session needs them (see WriteStallTimeout). Default 30 seconds.
	BodyTimeout time.Duration
	// WriteStallTimeout bounds each write of a response (in pieces of at
	// most 32 KiB) and each flush: a client that stops reading fails the
	// write that long after the connection's buffers fill up; the response
	// ends and its connection is closed (reset, under Serve and
	// ListenAndServe, so that the kernel drops the unsent rest at once),
	// and it holds neither the connection nor the goroutines answering it.
	// A client reading less than 32 KiB in that time is cut too, however
	// steadily it reads. Only writes are timed: an
	// SSE stream with nothing to send is never cut. Default 30 seconds.
	WriteStallTimeout time.Duration
	// IdleTimeout closes a keep-alive connection idle this long between
	// requests (Serve and ListenAndServe). Default 60 seconds.
	IdleTimeout time.Duration
	// MaxBodyBytes bounds a request's body; a larger one gets 413. Default
	// 4 MiB.
	MaxBodyBytes int64
	// MaxHeaderBytes bounds a request's headers (Serve and ListenAndServe);
	// larger ones get 431. net/http's own default, 1 MiB a connection, let
	// MaxConns clients hold a GiB with headers alone. Default 64 KiB;
	// NoLimit leaves net/http's default.
	MaxHeaderBytes int

	// AllowRemoteHosts turns off the DNS rebinding protection (see
	// Handler). Only for servers meant to be reached by other names through
	// a loopback address (a reverse proxy), behind their own authentication.
	AllowRemoteHosts bool

	// TokenVerifier, when set, requires every request to /mcp to carry
	// "Authorization: Bearer TOKEN" that it accepts (go-sdk's
	// auth.RequireBearerToken); others get 401 with WWW-Authenticate. A
	// tool reads the verifier's TokenInfo with TokenInfo(ctx), and a session
	// created with a UserID only answers requests of that user. StaticToken makes one for a shared
	// secret; an OAuth resource server verifies its authorization server's
	// tokens.
	TokenVerifier auth.TokenVerifier
	// TokenOptions are auth.RequireBearerToken's options (required scopes,
	// tokens without expiry...). Its ResourceMetadataURL defaults to the
	// metadata served for ResourceMetadata.
	TokenOptions *auth.RequireBearerTokenOptions
	// ResourceMetadata, when set, is served as OAuth 2.0 protected resource
	// metadata (RFC 9728) at /.well-known/oauth-protected-resource, followed
	// by the path of its Resource (https://host/mcp: at
	// /.well-known/oauth-protected-resource/mcp), and a 401 points to it, so
	// that MCP clients find the authorization server.
	ResourceMetadata *oauthex.ProtectedResourceMetadata

	// AllowUnauthenticatedRemote lets Serve and ListenAndServe listen on
	// an address beyond loopback without a TokenVerifier: then anyone who
	// can reach the port can call the tools. Only behind something that
	// authenticates (a proxy, a private network).
	AllowUnauthenticatedRemote bool
}

// check refuses a negative limit other than NoLimit.
func (o HTTPOptions) check() error {
	var errs []error
	bad := func(field string, v int64, show any) {
		if v < 0 && v != NoLimit {
			errs = append(errs, fmt.Errorf("mcp.HTTPOptions{%s: %v}: must not be negative (0 is the default, NoLimit removes the limit)", field, show))
		}
	}
	for _, f := range []struct {
		name string
		v    time.Duration
	}{
		{"SessionTimeout", o.SessionTimeout}, {"ReadHeaderTimeout", o.ReadHeaderTimeout}, {"BodyTimeout", o.BodyTimeout},
		{"WriteStallTimeout", o.WriteStallTimeout}, {"IdleTimeout", o.IdleTimeout},
	} {
		bad(f.name, int64(f.v), f.v)
	}
	bad("MaxSessions", int64(o.MaxSessions), o.MaxSessions)
	bad("MaxConns", int64(o.MaxConns), o.MaxConns)
	bad("MaxBodyBytes", o.MaxBodyBytes, o.MaxBodyBytes)
	bad("MaxHeaderBytes", int64(o.MaxHeaderBytes), o.MaxHeaderBytes)
	return errors.Join(errs...)
}

func (o HTTPOptions) maxSessions() int {
	return orDefault(o.MaxSessions, DefaultMaxSessions)
}

func (o HTTPOptions) maxConns() int {
	if o.MaxConns != 0 {
		return max(o.MaxConns, 0)
	}
	n := DefaultMaxConns
	if lim := openFileLimit(); lim > 0 && lim/2 < uint64(n) {
		n = max(int(lim/2), 1)
	}
	return n
}

func orDefault[T int | int64 | time.Duration](v, def T) T {
	switch {
	case v == 0:
		return def
	case v < 0:
		return 0
	}
	return v
}

// Handler serves MCP's streamable HTTP transport at Path ("/mcp"), with the
// options' session limits, body limits, authentication and protected
// resource metadata (the connection limits need Serve).
//
// Unless opts.AllowRemoteHosts is set, it answers 403 to a request that
// arrived on a loopback address and whose Host, or Origin when there is
// one, is not localhost, 127.0.0.1 or [::1]: a web page that rebinds its own
// domain to 127.0.0.1 cannot reach the server.
//
// A negative limit other than NoLimit is an error.
func (s *Server) Handler(opts HTTPOptions) (http.Handler, error) {
	if err := opts.check(); err != nil {
		return nil, err
	}
	h, _ := s.handler(opts)
	return h, nil
}

// handler builds the handler of checked options.
func (s *Server) handler(opts HTTPOptions) (http.Handler, *sessionLimiter) {
	maxBody := orDefault(opts.MaxBodyBytes, DefaultMaxBodyBytes)
	var h http.Handler
	var sessions *sessionLimiter
	if opts.Stateless {
		h = s.statelessChain(opts, maxBody)
	} else {
		sessions = newSessionLimiter(s.sdk, opts.maxSessions(), orDefault(opts.SessionTimeout, DefaultSessionTimeout))
		sessions.negotiated = s.negotiatedVersion
		// Revision 2026-07-28 has no sessions: its requests are answered as
		// a stateless server answers them (see revisionRouter).
		h = revisionRouter{sessions: s.statefulChain(opts, maxBody, sessions), sessionless: s.statelessChain(opts, maxBody)}
	}
	h = s.checkParamHeaders(h) // Mcp-Param-* of 2026-07-28, before any path answers a call
	h = readBody(h, maxBody)
	if opts.TokenVerifier != nil {
		h = requireToken(h, opts)
	}
	if !opts.AllowRemoteHosts {
		h = localOnly(h)
	}
	mux := http.NewServeMux()
	mux.Handle(Path, h)
	if md := opts.ResourceMetadata; md != nil {
		mh := auth.ProtectedResourceMetadataHandler(md)
		mux.Handle(wellKnownResource, mh)
		if p := metadataPath(md.Resource); p != wellKnownResource {
			mux.Handle(p, mh)
		}
	}
	h = bodyDeadline(mux, orDefault(opts.BodyTimeout, DefaultBodyTimeout))
	return writeStall(h, orDefault(opts.WriteStallTimeout, DefaultWriteStallTimeout)), sessions
}

const wellKnownResource = "/.well-known/oauth-protected-resource"

// metadataPath is where RFC 9728 puts the metadata of resource.
func metadataPath(resource string) string {
	u, err := url.Parse(resource)
	if err != nil {
		return wellKnownResource
	}
	return wellKnownResource + strings.TrimSuffix(u.EscapedPath(), "/")
}

// metadataURL is the absolute URL of metadataPath(resource).
func metadataURL(resource string) string {
	u, err := url.Parse(resource)
	if err != nil || u.Host == "" {
		return ""
	}
	return (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: metadataPath(resource)}).String()
}

// requireToken wraps h in auth.RequireBearerToken. A 401 always carries
// WWW-Authenticate (RFC 6750), with the resource metadata's URL when there
// is one.
func requireToken(h http.Handler, opts HTTPOptions) http.Handler {
	var ro auth.RequireBearerTokenOptions
	if opts.TokenOptions != nil {
		ro = *opts.TokenOptions
	}
	if ro.ResourceMetadataURL == "" && opts.ResourceMetadata != nil {
		ro.ResourceMetadataURL = metadataURL(opts.ResourceMetadata.Resource)
	}
	bare := ro.ResourceMetadataURL == "" && len(ro.Scopes) == 0 // the SDK adds no WWW-Authenticate then
	inner := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if sw, ok := w.(scopeChallenge); ok {
			w = sw.ResponseWriter // the request passed: answered as it is
		}
		if bare {
			w.Header().Del("WWW-Authenticate")
		}
		h.ServeHTTP(w, r)
	})
	checked := auth.RequireBearerToken(opts.TokenVerifier, &ro)(inner)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if bare {
			w.Header().Set("WWW-Authenticate", "Bearer")
		}
		checked.ServeHTTP(scopeChallenge{w}, r)
	})
}

// scopeChallenge adds error="insufficient_scope" to the Bearer challenge
// of go-sdk's 403 for a token without TokenOptions.Scopes, which RFC 6750
// (3.1) requires and MCP clients look for to ask the user for more scopes
// (step-up authorization).
type scopeChallenge struct{ http.ResponseWriter }

func (w scopeChallenge) WriteHeader(code int) {
	if code == http.StatusForbidden {
		vs := w.Header()["Www-Authenticate"]
		for i, v := range vs {
			if rest, ok := strings.CutPrefix(v, "Bearer "); ok && !strings.Contains(rest, "error=") {
				vs[i] = `Bearer error="insufficient_scope", ` + rest
			}
		}
	}
	w.ResponseWriter.WriteHeader(code)
}

// StaticToken returns a TokenVerifier that accepts exactly token, compared
// in constant time: a shared secret for a server used by a few clients
// configured by hand. Each accepted request's TokenInfo expires an hour
// later (go-sdk refuses a token without expiry). An empty token accepts
// nothing.
func StaticToken(token string) auth.TokenVerifier {
	want := []byte(token)
	return func(_ context.Context, got string, _ *http.Request) (*auth.TokenInfo, error) {
		if len(want) == 0 || subtle.ConstantTimeCompare([]byte(got), want) != 1 {
			return nil, fmt.Errorf("%w: not the server's token", auth.ErrInvalidToken)
		}
		return &auth.TokenInfo{Expiration: time.Now().Add(time.Hour)}, nil
	}
}

// bodyDeadline gives a request with a body timeout to arrive, from the end
// of its headers: a deadline on the connection's reads, which readBody lifts
// once the body is read (a handler that does not read the body leaves it, so
// that the server's discarding of the body is bounded too). Requests without
// a body get none, so that a GET's SSE stream is never cut.
func bodyDeadline(h http.Handler, timeout time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hasBody(r) {
			if timeout > 0 {
				_ = http.NewResponseController(w).SetReadDeadline(time.Now().Add(timeout))
			}
		} else {
			requestRead(r)
		}
		h.ServeHTTP(w, r)
	})
}

// writeStall gives each write of a response, and each flush, timeout to
// complete: a deadline on the connection's writes, set before and lifted
// after, so that a response with nothing to write (an idle SSE stream) has
// none. A write that times out leaves the deadline passed: net/http's own
// writes of the rest fail at once and it closes the connection.
func writeStall(h http.Handler, timeout time.Duration) http.Handler {
	if timeout <= 0 {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &stallWriter{ResponseWriter: w, rc: http.NewResponseController(w), timeout: timeout}
		sw.disarm() // the connection's previous request left its final deadline
		// net/http flushes what the handler left in its buffers after it
		// returns; that gets a deadline too.
		defer sw.arm()
		h.ServeHTTP(sw, r)
	})
}

// stallChunk is the most that stallWriter writes under one deadline: a
// client reading more slowly than stallChunk per timeout is cut, however
// steadily it reads.
const stallChunk = 32 << 10

// stallWriter is writeStall's ResponseWriter. Unwrap lets
// http.ResponseController reach the writer below.
type stallWriter struct {
	http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
}

func (w *stallWriter) arm()    { _ = w.rc.SetWriteDeadline(time.Now().Add(w.timeout)) }
func (w *stallWriter) disarm() { _ = w.rc.SetWriteDeadline(time.Time{}) }

// settle lifts the deadline unless err is its expiry.
func (w *stallWriter) settle(err error) {
	if !errors.Is(err, os.ErrDeadlineExceeded) {
		w.disarm()
	}
}

func (w *stallWriter) Write(b []byte) (int, error) {
	if len(b) == 0 {
		return w.ResponseWriter.Write(b)
	}
	n := 0
	for len(b) > 0 {
		w.arm()
		m, err := w.ResponseWriter.Write(b[:min(len(b), stallChunk)])
		n += m
		if err != nil {
			w.settle(err)
			return n, err
		}
		b = b[m:]
	}
	w.disarm()
	return n, nil
}

func (w *stallWriter) FlushError() error {
	w.arm()
	err := w.rc.Flush()
	w.settle(err)
	return err
}

func (w *stallWriter) Flush() { _ = w.FlushError() }

func (w *stallWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// abortListener's connections close abortively (a reset) after a write
// timed out, which only a WriteStallTimeout sets: the kernel drops the
// unsent response at once, where a plain close would leave it, up to
// megabytes, trickling for minutes to a client that does not read.
type abortListener struct{ net.Listener }

func (l abortListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &abortConn{Conn: c}, nil
}

type abortConn struct{ net.Conn }

func (c *abortConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		if tc, ok := c.Conn.(interface{ SetLinger(int) error }); ok {
			_ = tc.SetLinger(0)
		}
	}
	return n, err
}

// CloseWrite keeps net/http's half-close (see limitedConn.CloseWrite).
func (c *abortConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

func hasBody(r *http.Request) bool {
	return r.Body != nil && r.Body != http.NoBody && r.ContentLength != 0
}

// readBody reads the whole request body, at most max bytes (0: no limit),
// then lifts bodyDeadline's deadline and hands h the body in memory.
func readBody(h http.Handler, max int64) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hasBody(r) {
			h.ServeHTTP(w, r)
			return
		}
		body := r.Body
		if max > 0 {
			body = http.MaxBytesReader(w, body, max)
		}
		b, err := io.ReadAll(body)
		if err != nil {
			var tooLarge *http.MaxBytesError
			var ne net.Error
			switch {
			case errors.As(err, &tooLarge):
				http.Error(w, fmt.Sprintf("Request Entity Too Large: the body exceeds %d bytes", tooLarge.Limit), http.StatusRequestEntityTooLarge)
			case errors.As(err, &ne) && ne.Timeout():
				w.Header().Set("Connection", "close")
				http.Error(w, "Request Timeout: the body did not arrive in time", http.StatusRequestTimeout)
			default:
				http.Error(w, "Bad Request: reading the body: "+err.Error(), http.StatusBadRequest)
			}
			return
		}
		_ = http.NewResponseController(w).SetReadDeadline(time.Time{})
		requestRead(r)
		r.Body = &memBody{Reader: bytes.NewReader(b), b: b}
		r.ContentLength = int64(len(b))
		h.ServeHTTP(w, r)
	})
}

// localOnly rejects requests that arrived on a loopback address (or from an
// unknown one) whose Host or Origin names another machine.
func localOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok && !loopback.Addr(a) {
			h.ServeHTTP(w, r) // reached from the network: Serve let it listen there
			return
		}
		if !loopback.Host(r.Host) {
			http.Error(w, "Forbidden: Host is not localhost", http.StatusForbidden)
			return
		}
		if o := r.Header.Get("Origin"); o != "" && !isLocalOrigin(o) {
			http.Error(w, "Forbidden: Origin is not localhost", http.StatusForbidden)
			return
		}
		h.ServeHTTP(w, r)
	})
}

func isLocalOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	return loopback.Host(u.Host)
}

// Listen listens on TCP address addr; an address without a host (":8080")
// listens on 127.0.0.1 only, never on every interface.
func Listen(addr string) (net.Listener, error) {
	return net.Listen("tcp", LocalAddr(addr))
}

// LocalAddr returns addr with host 127.0.0.1 when it has none.
func LocalAddr(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || host != "" {
		return addr
	}
	return net.JoinHostPort("127.0.0.1", port)
}

// CheckAddr reports whether Serve and ListenAndServe accept to listen on
// addr with these options: an address beyond loopback (0.0.0.0, a public
// IP, any host name but localhost) needs TokenVerifier or
// AllowUnauthenticatedRemote. It resolves no name.
func (o HTTPOptions) CheckAddr(addr string) error {
	host, _, err := net.SplitHostPort(LocalAddr(addr))
	if err != nil {
		return nil // Listen reports it
	}
	if strings.EqualFold(host, "localhost") {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return o.remoteErr(addr)
}

func (o HTTPOptions) remoteErr(addr string) error {
	if o.TokenVerifier != nil || o.AllowUnauthenticatedRemote {
		return nil
	}
	return fmt.Errorf("mcp: refusing to serve on %s, beyond loopback, without authentication: "+
		"set HTTPOptions.TokenVerifier to require a bearer token, or HTTPOptions.AllowUnauthenticatedRemote "+
		"if something in front of the server authenticates its clients", addr)
}

// ListenAndServe serves streamable HTTP at http://addr/mcp (see Listen for
// the address) until ctx is done, then shuts down. An address beyond
// loopback is an error unless opts say how clients authenticate (see
// CheckAddr), and so is a negative limit other than NoLimit.
func (s *Server) ListenAndServe(ctx context.Context, addr string, opts HTTPOptions) error {
	if err := opts.check(); err != nil {
		return err
	}
	if err := opts.CheckAddr(addr); err != nil {
		return err
	}
	ln, err := Listen(addr)
	if err != nil {
		return err
	}
	return s.Serve(ctx, ln, opts)
}

// Serve serves streamable HTTP on ln with the options' limits until ctx is
// done, then shuts down, giving requests in flight five seconds to finish,
// and closes the server's sessions. It closes ln. A listener beyond loopback
// is an error unless opts say how clients authenticate (see CheckAddr), and
// so is a negative limit other than NoLimit.
func (s *Server) Serve(ctx context.Context, ln net.Listener, opts HTTPOptions) error {
	if err := opts.check(); err != nil {
		_ = ln.Close()
		return err
	}
	if !loopback.Addr(ln.Addr()) {
		if err := opts.remoteErr(ln.Addr().String()); err != nil {
			_ = ln.Close()
			return err
		}
	}
	h, sessions := s.handler(opts)
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: orDefault(opts.ReadHeaderTimeout, DefaultReadHeaderTimeout),
		IdleTimeout:       orDefault(opts.IdleTimeout, DefaultIdleTimeout),
		MaxHeaderBytes:    orDefault(opts.MaxHeaderBytes, DefaultMaxHeaderBytes),
	}
	if srv.ReadHeaderTimeout == 0 {
		srv.ReadHeaderTimeout = -1 // none (zero would fall back to ReadTimeout, none too)
	}
	if srv.IdleTimeout == 0 {
		srv.IdleTimeout = -1
	}
	if orDefault(opts.WriteStallTimeout, DefaultWriteStallTimeout) > 0 {
		ln = abortListener{ln}
	}
	if n := opts.maxConns(); n > 0 {
		cl := newConnLimiter(ln, n)
		ln = cl
		srv.ConnState = cl.connState
		srv.ConnContext = withConn
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := srv.Shutdown(shutdownCtx)
	if errors.Is(err, context.DeadlineExceeded) {
		err = srv.Close()
	}
	if serr := <-done; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	if sessions != nil {
		sessions.closeAll()
	}
	for ss := range s.sdk.Sessions() {
		_ = ss.Close()
	}
	return err
}
