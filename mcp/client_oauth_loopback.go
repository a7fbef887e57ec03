package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"
)

// DefaultAuthorizeTimeout bounds how long a LoopbackAuthorizer waits for the
// browser to come back.
const DefaultAuthorizeTimeout = 5 * time.Minute

// LoopbackAuthorizer is the browser step of OAuth for a program run in a
// terminal: it listens on a loopback address for the authorization
// server's redirect (RFC 8252, 7.3), shows the user the authorization URL,
// and waits for the browser to come back. Its Config is an OAuthConfig
// with RedirectURL and Authorize set. Close it when done.
type LoopbackAuthorizer struct {
	show     func(authURL string) error
	redirect string
	srv      *http.Server

	busy    sync.Mutex // one authorization at a time
	mu      sync.Mutex
	pending chan *url.URL
}

// NewLoopbackAuthorizer listens on addr, a loopback address with a port
// ("127.0.0.1:0" picks a free one; "" is that), for redirects to
// http://addr/callback. show gives the user the authorization URL: it may
// open a browser, or print it, as PrintAuthorizationURL(os.Stderr) does.
func NewLoopbackAuthorizer(addr string, show func(authURL string) error) (*LoopbackAuthorizer, error) {
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	if show == nil {
		return nil, errors.New("mcp.NewLoopbackAuthorizer: nil show")
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("mcp.NewLoopbackAuthorizer(%q): %w", addr, err)
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return nil, fmt.Errorf("mcp.NewLoopbackAuthorizer(%q): not a loopback IP address", addr)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("mcp.NewLoopbackAuthorizer: %w", err)
	}
	a := &LoopbackAuthorizer{show: show, redirect: "http://" + ln.Addr().String() + "/callback"}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /callback", a.callback)
	a.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = a.srv.Serve(ln) }()
	return a, nil
}

// PrintAuthorizationURL is a show func for NewLoopbackAuthorizer that
// asks the user, on w, to open the URL.
func PrintAuthorizationURL(w io.Writer) func(authURL string) error {
	return func(authURL string) error {
		_, err := fmt.Fprintf(w, "To authorize access to the MCP server, open this URL in your browser:\n\n\t%s\n\n", authURL)
		return err
	}
}

// RedirectURL is the URL the authorization server redirects to.
func (a *LoopbackAuthorizer) RedirectURL() string { return a.redirect }

// Config is an OAuthConfig with a's RedirectURL and Authorize, the rest
// zero.
func (a *LoopbackAuthorizer) Config() OAuthConfig {
	return OAuthConfig{RedirectURL: a.redirect, Authorize: a.Authorize}
}

// Authorize shows authURL and waits, at most DefaultAuthorizeTimeout or
// until ctx ends, for the browser's redirect, which it returns.
func (a *LoopbackAuthorizer) Authorize(ctx context.Context, authURL string) (*url.URL, error) {
	a.busy.Lock()
	defer a.busy.Unlock()
	ch := make(chan *url.URL, 1)
	a.mu.Lock()
	a.pending = ch
	a.mu.Unlock()
	defer func() {
		a.mu.Lock()
		a.pending = nil
		a.mu.Unlock()
	}()
	if err := a.show(authURL); err != nil {
		return nil, err
	}
	timer := time.NewTimer(DefaultAuthorizeTimeout)
	defer timer.Stop()
	select {
	case u := <-ch:
		return u, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-timer.C:
		return nil, fmt.Errorf("no redirect to %s within %v", a.redirect, DefaultAuthorizeTimeout)
	}
}

// callback hands the redirect to the authorization waiting for it.
func (a *LoopbackAuthorizer) callback(w http.ResponseWriter, r *http.Request) {
	a.mu.Lock()
	ch := a.pending
	a.pending = nil // the first redirect answers; the state check says whether rightly
	a.mu.Unlock()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if ch == nil {
		http.Error(w, "No authorization is waiting for this redirect.", http.StatusBadRequest)
		return
	}
	u, _ := url.Parse(a.redirect)
	u.RawQuery = r.URL.RawQuery
	ch <- u
	if r.URL.Query().Get("error") != "" {
		_, _ = io.WriteString(w, "Authorization refused. You can close this window.\n")
		return
	}
	_, _ = io.WriteString(w, "Authorization received. You can close this window.\n")
}

// Close stops listening.
func (a *LoopbackAuthorizer) Close() error { return a.srv.Close() }
