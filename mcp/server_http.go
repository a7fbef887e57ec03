package mcp

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Path is where Handler serves MCP.
const Path = "/mcp"

// HTTPOptions configures streamable HTTP.
type HTTPOptions struct {
	// Stateless serves every request on a fresh session: no Mcp-Session-Id,
	// and no server-to-client requests (sampling, elicitation).
	Stateless bool
	// JSONResponse answers with application/json instead of an event stream.
	JSONResponse bool
	// SessionTimeout closes sessions idle this long; zero keeps them.
	SessionTimeout time.Duration
	// AllowRemoteHosts turns off the DNS rebinding protection (see Handler).
	// Only for servers meant to be reached by other names, behind their own
	// authentication.
	AllowRemoteHosts bool
}

// Handler serves MCP's streamable HTTP transport at Path ("/mcp"). Unless
// opts.AllowRemoteHosts is set, it answers 403 to a request whose Host, or
// whose Origin when there is one, is not localhost, 127.0.0.1 or [::1]: a web
// page that rebinds its own domain to 127.0.0.1 cannot reach the server.
func (s *Server) Handler(opts HTTPOptions) http.Handler {
	h := sdkmcp.NewStreamableHTTPHandler(func(*http.Request) *sdkmcp.Server { return s.sdk }, &sdkmcp.StreamableHTTPOptions{
		Stateless:                  opts.Stateless,
		JSONResponse:               opts.JSONResponse,
		SessionTimeout:             opts.SessionTimeout,
		DisableLocalhostProtection: opts.AllowRemoteHosts,
	})
	mux := http.NewServeMux()
	if opts.AllowRemoteHosts {
		mux.Handle(Path, h)
	} else {
		mux.Handle(Path, localOnly(h))
	}
	return mux
}

// localOnly rejects requests whose Host or Origin names another machine.
func localOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !isLocalHost(r.Host) {
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
	return isLocalHost(u.Host)
}

// isLocalHost reports whether hostport (a Host header: name or IP, with an
// optional port) is a loopback name.
func isLocalHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	switch strings.ToLower(host) {
	case "localhost", "127.0.0.1", "::1":
		return true
	}
	return false
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

// ListenAndServe serves streamable HTTP at http://addr/mcp (see Listen for
// the address) until ctx is done, then shuts down.
func (s *Server) ListenAndServe(ctx context.Context, addr string, opts HTTPOptions) error {
	ln, err := Listen(addr)
	if err != nil {
		return err
	}
	return s.Serve(ctx, ln, opts)
}

// Serve serves streamable HTTP on ln until ctx is done, then shuts down,
// giving requests in flight five seconds to finish, and closes the server's
// sessions. It closes ln.
func (s *Server) Serve(ctx context.Context, ln net.Listener, opts HTTPOptions) error {
	srv := &http.Server{Handler: s.Handler(opts), ReadHeaderTimeout: 10 * time.Second}
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
	for ss := range s.sdk.Sessions() {
		_ = ss.Close()
	}
	return err
}
