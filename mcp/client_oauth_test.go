package mcp_test

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/mcp"
)

// authServer is an OAuth 2.1 authorization server on 127.0.0.1 speaking
// the documented endpoints: metadata (RFC 8414, at the path-inserted
// well-known URL of an issuer with a path), dynamic registration (RFC
// 7591), authorize (PKCE S256 required, resource required) and token
// (authorization_code with the verifier checked, refresh_token with
// rotation). The MCP server's TokenVerifier looks its tokens up.
type authServer struct {
	t       *testing.T
	ts      *httptest.Server
	issuer  string
	meta    map[string]any               // the metadata document; tests may spoil it
	mux     http.Handler                 // the endpoints
	handler atomic.Pointer[http.Handler] // what serves: mux, or a test's handler before it

	mu            sync.Mutex
	clients       map[string]string // client_id → its one redirect URI
	codes         map[string]*oauthGrant
	access        map[string]*oauthGrant
	refresh       map[string]*oauthGrant
	refuseRefresh bool
	grant         func(n int, requested []string) []string // the scopes the user grants in authorization n (from 1)

	registrations, authorizations, exchanges, refreshes, pkceFailures int
	authScopes                                                        []string // asked for in each authorization
	authResources, tokenResources                                     []string // the resource parameters received
}

type oauthGrant struct {
	client, redirect, challenge, resource string
	scopes                                []string
}

// newAuthServerOn starts an authServer, on https if tls.
func newAuthServerOn(t *testing.T, tls bool) *authServer {
	a := &authServer{t: t, clients: map[string]string{}, codes: map[string]*oauthGrant{},
		access: map[string]*oauthGrant{}, refresh: map[string]*oauthGrant{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/oauth-authorization-server/tenant", a.metadata)
	mux.HandleFunc("POST /tenant/register", a.register)
	mux.HandleFunc("GET /tenant/authorize", a.authorize)
	mux.HandleFunc("POST /tenant/token", a.token)
	a.mux = mux
	a.handler.Store(&a.mux)
	a.ts = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		(*a.handler.Load()).ServeHTTP(w, r)
	}))
	if tls {
		a.ts.StartTLS()
	} else {
		a.ts.Start()
	}
	t.Cleanup(a.ts.Close)
	a.issuer = a.ts.URL + "/tenant"
	a.meta = map[string]any{
		"issuer":                                a.issuer,
		"authorization_endpoint":                a.issuer + "/authorize",
		"token_endpoint":                        a.issuer + "/token",
		"registration_endpoint":                 a.issuer + "/register",
		"response_types_supported":              []string{"code"},
		"grant_types_supported":                 []string{"authorization_code", "refresh_token"},
		"code_challenge_methods_supported":      []string{"S256"},
		"token_endpoint_auth_methods_supported": []string{"none"},
	}
	return a
}

func (a *authServer) metadata(w http.ResponseWriter, _ *http.Request) {
	a.mu.Lock()
	defer a.mu.Unlock()
	writeJSON(w, http.StatusOK, a.meta)
}

func (a *authServer) register(w http.ResponseWriter, r *http.Request) {
	var md oauthex.ClientRegistrationMetadata
	if err := json.NewDecoder(r.Body).Decode(&md); err != nil || len(md.RedirectURIs) != 1 || md.TokenEndpointAuthMethod != "none" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_client_metadata"})
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.registrations++
	id := rand.Text()
	a.clients[id] = md.RedirectURIs[0]
	writeJSON(w, http.StatusCreated, map[string]any{"client_id": id, "redirect_uris": md.RedirectURIs, "token_endpoint_auth_method": "none"})
}

func (a *authServer) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	a.mu.Lock()
	defer a.mu.Unlock()
	redirect, ok := a.clients[q.Get("client_id")]
	switch {
	case !ok || q.Get("redirect_uri") != redirect:
		http.Error(w, "unknown client or redirect URI", http.StatusBadRequest) // never redirect then
		return
	case q.Get("response_type") != "code", q.Get("code_challenge_method") != "S256", q.Get("code_challenge") == "",
		q.Get("state") == "", q.Get("resource") == "":
		http.Error(w, "bad authorization request: "+r.URL.RawQuery, http.StatusBadRequest)
		return
	}
	a.authorizations++
	requested := strings.Fields(q.Get("scope"))
	a.authScopes = append(a.authScopes, q.Get("scope"))
	a.authResources = append(a.authResources, q.Get("resource"))
	granted := requested
	if a.grant != nil {
		granted = a.grant(a.authorizations, requested)
	}
	code := rand.Text()
	a.codes[code] = &oauthGrant{client: q.Get("client_id"), redirect: redirect, challenge: q.Get("code_challenge"), resource: q.Get("resource"), scopes: granted}
	to, _ := url.Parse(redirect)
	to.RawQuery = url.Values{"code": {code}, "state": {q.Get("state")}}.Encode()
	http.Redirect(w, r, to.String(), http.StatusFound)
}

func (a *authServer) token(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_request"})
		return
	}
	f := r.PostForm
	a.mu.Lock()
	defer a.mu.Unlock()
	fail := func(code, desc string) {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": code, "error_description": desc})
	}
	client := f.Get("client_id")
	if id, _, ok := r.BasicAuth(); ok { // client_secret_basic
		client, _ = url.QueryUnescape(id)
	}
	var g *oauthGrant
	switch f.Get("grant_type") {
	case "authorization_code":
		g = a.codes[f.Get("code")]
		delete(a.codes, f.Get("code"))
		sum := sha256.Sum256([]byte(f.Get("code_verifier")))
		switch {
		case g == nil || g.client != client || g.redirect != f.Get("redirect_uri"):
			fail("invalid_grant", "unknown code")
			return
		case base64.RawURLEncoding.EncodeToString(sum[:]) != g.challenge:
			a.pkceFailures++
			fail("invalid_grant", "the PKCE code verifier does not match the challenge")
			return
		}
		a.exchanges++
	case "refresh_token":
		a.refreshes++
		g = a.refresh[f.Get("refresh_token")]
		delete(a.refresh, f.Get("refresh_token"))
		if a.refuseRefresh || g == nil || g.client != client {
			fail("invalid_grant", "refresh token expired")
			return
		}
	default:
		fail("unsupported_grant_type", "")
		return
	}
	if f.Get("resource") != g.resource {
		fail("invalid_target", "resource differs from the authorized one")
		return
	}
	a.tokenResources = append(a.tokenResources, f.Get("resource"))
	access, refresh := rand.Text(), rand.Text()
	a.access[access], a.refresh[refresh] = g, g
	writeJSON(w, http.StatusOK, map[string]any{"access_token": access, "token_type": "Bearer", "expires_in": 3600,
		"refresh_token": refresh, "scope": strings.Join(g.scopes, " ")})
}

// verify is the MCP server's TokenVerifier: a token this server issued
// for resource.
func (a *authServer) verify(resource string) auth.TokenVerifier {
	return func(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		a.mu.Lock()
		defer a.mu.Unlock()
		g := a.access[token]
		if g == nil || g.resource != resource {
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{Scopes: g.scopes, Expiration: time.Now().Add(time.Hour)}, nil
	}
}

// count reads a counter under the lock.
func (a *authServer) count(n *int) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return *n
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// fakeClock is the OAuth handler's clock, moved forward by tests.
type fakeClock struct{ ahead atomic.Int64 }

func (c *fakeClock) Now() time.Time          { return time.Now().Add(time.Duration(c.ahead.Load())) }
func (c *fakeClock) advance(d time.Duration) { c.ahead.Add(int64(d)) }

// oauthEnv is toolgen's MCP server behind an authServer of another origin,
// and a user whose browser follows the authorization URL with a real HTTP
// client into a LoopbackAuthorizer.
type oauthEnv struct {
	as        *authServer
	url       string // the MCP endpoint
	base      string
	host      string            // the MCP server's listener address
	transport http.RoundTripper // a client's, trusting the servers' certificate when they are https
	srv       *mcp.Server
	handler   atomic.Pointer[http.Handler]
	lb        *mcp.LoopbackAuthorizer
	shown     atomic.Int32
	store     mcp.TokenStore
	clock     fakeClock
}

func newOAuthEnv(t *testing.T) *oauthEnv { return newOAuthEnvOn(t, false) }

// newOAuthEnvOn is newOAuthEnv, with both servers on https if tls.
func newOAuthEnvOn(t *testing.T, tls bool) *oauthEnv {
	e := &oauthEnv{as: newAuthServerOn(t, tls), srv: uncachedServer(t, weather.Tools()...), store: mcp.NewMemoryTokenStore()}
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		(*e.handler.Load()).ServeHTTP(w, r)
	}))
	e.host = ts.Listener.Addr().String()
	e.base = "http://" + e.host
	if tls {
		e.base = "https://" + e.host
	}
	e.url = e.base + mcp.Path
	e.serve(nil, nil)
	if tls {
		ts.StartTLS()
	} else {
		ts.Start()
	}
	t.Cleanup(ts.Close)
	e.transport = ts.Client().Transport // httptest's servers share one certificate
	browser := &http.Client{Timeout: 10 * time.Second, Transport: e.transport}
	lb, err := mcp.NewLoopbackAuthorizer("127.0.0.1:0", func(authURL string) error {
		e.shown.Add(1)
		resp, err := browser.Get(authURL) // to the authorization server, redirected back to lb
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("the browser got %s: %s", resp.Status, body)
		}
		return nil
	})
	require.NoError(t, err)
	e.lb = lb
	t.Cleanup(func() {
		_ = lb.Close()
		browser.CloseIdleConnections()
		http.DefaultClient.CloseIdleConnections()
	})
	return e
}

// serve (re)configures the MCP server's handler: stateless, with scopes
// required if any, the resource metadata edited by prm if not nil.
func (e *oauthEnv) serve(scopes []string, prm func(*oauthex.ProtectedResourceMetadata)) {
	md := &oauthex.ProtectedResourceMetadata{Resource: e.url, AuthorizationServers: []string{e.as.issuer}, ScopesSupported: []string{"mcp:read"}}
	if prm != nil {
		prm(md)
	}
	h := mustHandler(e.srv.Handler(mcp.HTTPOptions{Stateless: true, TokenVerifier: e.as.verify(e.url), ResourceMetadata: md,
		TokenOptions: &auth.RequireBearerTokenOptions{Scopes: scopes}}))
	e.handler.Store(&h)
}

// config is the OAuth configuration of the env's user.
func (e *oauthEnv) config() mcp.OAuthConfig {
	cfg := e.lb.Config()
	cfg.Store = e.store
	return cfg
}

func (e *oauthEnv) connect(t *testing.T, cfg mcp.OAuthConfig, opts ...mcp.ClientOption) (*mcp.Client, error) {
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	opts = append([]mcp.ClientOption{mcp.OAuth(cfg), mcp.WithOAuthClock(e.clock.Now)}, opts...)
	c, err := mcp.Connect(ctx, mcp.URL(e.url, nil), opts...)
	if err == nil {
		t.Cleanup(func() { _ = c.Close() })
	}
	return c, err
}

// uncachedServer is newServer with lists a client may not cache (ttlMs 0
// at 2026-07-28): each list in these tests is a request that must carry a
// token.
func uncachedServer(t *testing.T, tools ...toolgen.Tool) *mcp.Server {
	t.Helper()
	srv, err := mcp.NewServer("test", "1.0.0", tools, mcp.WithCacheHints(toolgen.CacheHint{}, toolgen.CacheHint{}))
	require.NoError(t, err)
	return srv
}

// listsWeather checks that an authorized request goes through.
func listsWeather(t *testing.T, c *mcp.Client) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	tools, err := c.ListTools(ctx)
	require.NoError(t, err)
	assert.True(t, slices.ContainsFunc(tools, func(t *sdkmcp.Tool) bool { return t.Name == "get_weather" }))
}

// TestOAuthFirstConnect: the full flow on the first 401 — resource
// metadata, the metadata of an authorization server of another origin
// (an issuer with a path), registration, the browser, the code exchange —
// then the request again; a second client with the same store asks no one.
func TestOAuthFirstConnect(t *testing.T) {
	noLeaks(t)
	e := newOAuthEnv(t)
	assert.NotEqual(t, e.base, e.as.ts.URL, "the authorization server is of another origin")
	c, err := e.connect(t, e.config())
	require.NoError(t, err)
	listsWeather(t, c)

	as := e.as
	assert.Equal(t, 1, as.count(&as.registrations))
	assert.Equal(t, 1, as.count(&as.authorizations))
	assert.Equal(t, 1, as.count(&as.exchanges))
	assert.Equal(t, int32(1), e.shown.Load())
	assert.Equal(t, []string{e.url}, as.authResources, "resource parameter (RFC 8707) of the authorization request")
	assert.Equal(t, []string{e.url}, as.tokenResources, "and of the token request")
	assert.Equal(t, []string{"mcp:read"}, as.authScopes, "the scopes the resource metadata lists")

	tok, err := e.store.Load(t.Context(), e.url)
	require.NoError(t, err)
	require.NotNil(t, tok)
	assert.NotEmpty(t, tok.AccessToken)
	assert.Equal(t, e.as.issuer, tok.Issuer)
	assert.Equal(t, []string{"mcp:read"}, tok.Scopes)
	var logged strings.Builder
	slog.New(slog.NewTextHandler(&logged, nil)).Info("stored", "token", tok, "value", *tok)
	for _, s := range []string{fmt.Sprint(tok), fmt.Sprintf("%+v", tok), fmt.Sprintf("%#v", tok), fmt.Sprint(*tok), logged.String()} {
		assert.NotContains(t, s, tok.AccessToken, "tokens never printed")
		assert.NotContains(t, s, tok.RefreshToken)
	}

	again, err := e.connect(t, e.config())
	require.NoError(t, err)
	listsWeather(t, again)
	assert.Equal(t, 1, as.count(&as.authorizations), "the stored token serves the second client")
	assert.Equal(t, int32(1), e.shown.Load())
}

// TestOAuthRefreshOnExpiry: an expired access token is refreshed (with the
// resource parameter) before the request, without the user.
func TestOAuthRefreshOnExpiry(t *testing.T) {
	noLeaks(t)
	e := newOAuthEnv(t)
	c, err := e.connect(t, e.config())
	require.NoError(t, err)
	before, _ := e.store.Load(t.Context(), e.url)

	e.clock.advance(2 * time.Hour)
	listsWeather(t, c)
	as := e.as
	assert.Equal(t, 1, as.count(&as.refreshes))
	assert.Equal(t, 1, as.count(&as.authorizations), "no new authorization")
	assert.Equal(t, []string{e.url, e.url}, as.tokenResources, "the refresh names the resource too")
	after, _ := e.store.Load(t.Context(), e.url)
	assert.NotEqual(t, before.AccessToken, after.AccessToken)
	assert.NotEqual(t, before.RefreshToken, after.RefreshToken, "rotated")
	assert.True(t, after.Expiry.After(e.clock.Now()), "the new token's expiry is counted from the refresh")
}

// TestOAuthRefreshRefused: when the authorization server refuses the
// refresh, the client authorizes anew, with the registration it has.
func TestOAuthRefreshRefused(t *testing.T) {
	noLeaks(t)
	e := newOAuthEnv(t)
	c, err := e.connect(t, e.config())
	require.NoError(t, err)
	e.as.mu.Lock()
	e.as.refuseRefresh = true
	e.as.mu.Unlock()

	e.clock.advance(2 * time.Hour)
	listsWeather(t, c)
	as := e.as
	assert.Equal(t, 1, as.count(&as.refreshes))
	assert.Equal(t, 2, as.count(&as.authorizations), "a new authorization")
	assert.Equal(t, 1, as.count(&as.registrations), "the registration is kept")
	assert.Equal(t, int32(2), e.shown.Load())
}

// TestOAuthConcurrentRequestsAuthorizeOnce: when the server stops taking
// the token, requests at once that all get 401 make one authorization
// between them, and all go through with its token.
func TestOAuthConcurrentRequestsAuthorizeOnce(t *testing.T) {
	noLeaks(t)
	e := newOAuthEnv(t)
	c, err := e.connect(t, e.config())
	require.NoError(t, err)
	e.as.mu.Lock()
	clear(e.as.access) // revoked
	e.as.mu.Unlock()

	var wg sync.WaitGroup
	for range 5 {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
			defer cancel()
			_, err := c.ListTools(ctx) // no require: not the test's goroutine
			assert.NoError(t, err)
		})
	}
	wg.Wait()
	assert.Equal(t, 2, e.as.count(&e.as.authorizations))
	assert.Equal(t, int32(2), e.shown.Load())
}

// TestLoopbackAuthorizer: a redirect nobody waits for is refused, and
// Authorize ends with its context.
func TestLoopbackAuthorizer(t *testing.T) {
	noLeaks(t)
	lb, err := mcp.NewLoopbackAuthorizer("", func(string) error { return nil })
	require.NoError(t, err)
	defer lb.Close()
	assert.True(t, strings.HasPrefix(lb.RedirectURL(), "http://127.0.0.1:"), lb.RedirectURL())
	hc := &http.Client{Timeout: 10 * time.Second}
	defer hc.CloseIdleConnections()
	resp, err := hc.Get(lb.RedirectURL() + "?code=c&state=s")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode, "no authorization waiting")

	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	_, err = lb.Authorize(ctx, "https://auth.example.com/authorize")
	assert.ErrorIs(t, err, context.DeadlineExceeded)
}

// TestOAuthWrongState: a redirect whose state is not the request's is
// refused before its code is used, and the user is not asked again.
func TestOAuthWrongState(t *testing.T) {
	noLeaks(t)
	e := newOAuthEnv(t)
	cfg := e.config()
	authorize := cfg.Authorize
	cfg.Authorize = func(ctx context.Context, authURL string) (*url.URL, error) {
		u, err := authorize(ctx, authURL)
		if err == nil {
			q := u.Query()
			q.Set("state", "forged")
			u.RawQuery = q.Encode()
		}
		return u, err
	}
	_, err := e.connect(t, cfg)
	require.Error(t, err)
	assert.ErrorIs(t, err, mcp.ErrAuthorization)
	assert.Contains(t, err.Error(), "state mismatch")
	as := e.as
	assert.Equal(t, 0, as.count(&as.exchanges), "the code was not used")
	assert.Equal(t, int32(1), e.shown.Load(), "asked once")
}

// verifierSwap changes the PKCE code_verifier of token requests on the way.
type verifierSwap struct{ base http.RoundTripper }

func (v verifierSwap) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/token") {
		body, _ := io.ReadAll(r.Body)
		form, _ := url.ParseQuery(string(body))
		form.Set("code_verifier", strings.Repeat("x", 43))
		enc := form.Encode()
		r = r.Clone(r.Context())
		r.Body, r.ContentLength = io.NopCloser(strings.NewReader(enc)), int64(len(enc))
	}
	return v.base.RoundTrip(r)
}

// TestOAuthPKCE: the client sends an S256 challenge and the verifier; the
// server checks it, and a code sent with another verifier gets no token.
func TestOAuthPKCE(t *testing.T) {
	noLeaks(t)
	e := newOAuthEnv(t)
	cfg := e.config()
	cfg.HTTPClient = &http.Client{Transport: verifierSwap{http.DefaultTransport}, Timeout: 10 * time.Second}
	_, err := e.connect(t, cfg)
	require.Error(t, err)
	assert.ErrorIs(t, err, mcp.ErrAuthorization)
	assert.Contains(t, err.Error(), "invalid_grant")
	as := e.as
	assert.Equal(t, 1, as.count(&as.pkceFailures))
	assert.Equal(t, 0, as.count(&as.exchanges))

	c, err := e.connect(t, e.config()) // the same flow, the verifier untouched
	require.NoError(t, err)
	listsWeather(t, c)
	assert.Equal(t, 1, as.count(&as.pkceFailures))
}

// TestOAuthStepUp: a 403 insufficient_scope makes the client ask for the
// challenge's scopes together with those granted, then send the request
// again.
func TestOAuthStepUp(t *testing.T) {
	noLeaks(t)
	e := newOAuthEnv(t)
	c, err := e.connect(t, e.config())
	require.NoError(t, err)
	e.serve([]string{"mcp:write"}, nil) // now every request needs mcp:write

	listsWeather(t, c)
	as := e.as
	assert.Equal(t, 2, as.count(&as.authorizations))
	as.mu.Lock()
	scopes := strings.Fields(as.authScopes[1])
	as.mu.Unlock()
	assert.ElementsMatch(t, []string{"mcp:write", "mcp:read"}, scopes, "the challenge's scope and the one granted")
	tok, _ := e.store.Load(t.Context(), e.url)
	assert.ElementsMatch(t, []string{"mcp:write", "mcp:read"}, tok.Scopes)
}

// TestOAuthStepUpRefused: when the user grants less than the challenge
// asks, the request fails with the server's 403, once.
func TestOAuthStepUpRefused(t *testing.T) {
	noLeaks(t)
	e := newOAuthEnv(t)
	e.as.grant = func(_ int, requested []string) []string {
		return slices.DeleteFunc(slices.Clone(requested), func(s string) bool { return s == "mcp:write" })
	}
	c, err := e.connect(t, e.config())
	require.NoError(t, err)
	e.serve([]string{"mcp:write"}, nil)
	_, err = c.ListTools(t.Context())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "Forbidden")
	assert.Equal(t, 2, e.as.count(&e.as.authorizations), "one step-up for the request")
}

// TestOAuthDiscoveryWithoutChallengeURL: a 401 that names no resource
// metadata sends the client to the well-known URL of the server's path.
func TestOAuthDiscoveryWithoutChallengeURL(t *testing.T) {
	noLeaks(t)
	e := newOAuthEnv(t)
	inner := *e.handler.Load()
	var stripped atomic.Int32
	h := http.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		inner.ServeHTTP(bareChallenge{w, &stripped}, r)
	}))
	e.handler.Store(&h)
	c, err := e.connect(t, e.config())
	require.NoError(t, err)
	listsWeather(t, c)
	assert.Positive(t, stripped.Load())
}

// bareChallenge sends a 401 with "WWW-Authenticate: Bearer" only.
type bareChallenge struct {
	http.ResponseWriter
	n *atomic.Int32
}

func (b bareChallenge) Flush()                      { b.ResponseWriter.(http.Flusher).Flush() }
func (b bareChallenge) Unwrap() http.ResponseWriter { return b.ResponseWriter }

func (b bareChallenge) WriteHeader(code int) {
	if code == http.StatusUnauthorized {
		b.Header().Set("WWW-Authenticate", "Bearer")
		b.n.Add(1)
	}
	b.ResponseWriter.WriteHeader(code)
}

// TestOAuthHostileMetadata: metadata that does not hold is refused with an
// error naming what is wrong, before anything is registered or the user
// sees a page.
func TestOAuthHostileMetadata(t *testing.T) {
	for _, tc := range []struct {
		name string
		prm  func(e *oauthEnv, md *oauthex.ProtectedResourceMetadata)
		meta func(e *oauthEnv, m map[string]any)
		want string
	}{
		{name: "wrong issuer", meta: func(e *oauthEnv, m map[string]any) { m["issuer"] = e.as.ts.URL + "/other" },
			want: "does not match issuer"},
		{name: "http issuer in the metadata", meta: func(_ *oauthEnv, m map[string]any) { m["issuer"] = "http://auth.example.com" },
			want: `metadata issuer "http://auth.example.com" does not match`},
		{name: "http issuer", prm: func(_ *oauthEnv, md *oauthex.ProtectedResourceMetadata) {
			md.AuthorizationServers = []string{"http://auth.example.com"}
		}, want: `"http://auth.example.com" does not use HTTPS`},
		{name: "http token endpoint", meta: func(_ *oauthEnv, m map[string]any) { m["token_endpoint"] = "http://auth.example.com/token" },
			want: "token_endpoint"},
		{name: "mismatched resource", prm: func(e *oauthEnv, md *oauthex.ProtectedResourceMetadata) { md.Resource = e.base + "/other" },
			want: "got metadata resource"},
		{name: "no S256", meta: func(_ *oauthEnv, m map[string]any) { m["code_challenge_methods_supported"] = []string{"plain"} },
			want: "does not support PKCE with S256"},
		{name: "javascript endpoint", meta: func(_ *oauthEnv, m map[string]any) { m["authorization_endpoint"] = "javascript:alert(1)" },
			want: "disallowed scheme"},
		{name: "no authorization server", prm: func(_ *oauthEnv, md *oauthex.ProtectedResourceMetadata) { md.AuthorizationServers = nil },
			want: "names no authorization server"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			noLeaks(t)
			e := newOAuthEnv(t)
			if tc.prm != nil {
				e.serve(nil, func(md *oauthex.ProtectedResourceMetadata) { tc.prm(e, md) })
			}
			if tc.meta != nil {
				tc.meta(e, e.as.meta)
			}
			_, err := e.connect(t, e.config())
			require.Error(t, err)
			assert.ErrorIs(t, err, mcp.ErrAuthorization)
			assert.Contains(t, err.Error(), tc.want)
			t.Log(err)
			assert.Equal(t, 0, e.as.count(&e.as.registrations))
			assert.Equal(t, int32(0), e.shown.Load(), "the user was sent nowhere")
		})
	}
}

// TestOAuthUserRefuses: an error redirect (access_denied) is the
// request's error, saying so.
func TestOAuthUserRefuses(t *testing.T) {
	noLeaks(t)
	e := newOAuthEnv(t)
	cfg := e.config()
	authorize := cfg.Authorize
	cfg.Authorize = func(ctx context.Context, authURL string) (*url.URL, error) {
		u, err := authorize(ctx, authURL)
		if err == nil {
			u.RawQuery = url.Values{"error": {"access_denied"}, "error_description": {"the user said no"}, "state": {u.Query().Get("state")}}.Encode()
		}
		return u, err
	}
	_, err := e.connect(t, cfg)
	require.Error(t, err)
	assert.ErrorIs(t, err, mcp.ErrAuthorization)
	assert.Contains(t, err.Error(), "access_denied (the user said no)")
}

func TestOAuthConfigChecked(t *testing.T) {
	ok := func(context.Context, string) (*url.URL, error) { return nil, errors.New("unused") }
	for _, tc := range []struct {
		cfg  mcp.OAuthConfig
		want string
	}{
		{mcp.OAuthConfig{RedirectURL: "http://127.0.0.1:9/cb"}, "Authorize is required"},
		{mcp.OAuthConfig{Authorize: ok}, "RedirectURL is required"},
		{mcp.OAuthConfig{Authorize: ok, RedirectURL: "http://example.com/cb"}, "must be http on a loopback address"},
		{mcp.OAuthConfig{Authorize: ok, RedirectURL: "https://example.com/cb"}, "must be http on a loopback address"},
		{mcp.OAuthConfig{Authorize: ok, RedirectURL: "http://example.com/cb", AllowRemoteRedirect: true}, "must be https"},
		{mcp.OAuthConfig{Authorize: ok, RedirectURL: "http://[::1]:9/cb", ClientSecret: "s"}, "ClientSecret without ClientID"},
	} {
		_, err := mcp.NewClient(mcp.URL("http://127.0.0.1:9/mcp", nil), mcp.OAuth(tc.cfg))
		require.Error(t, err, tc.want)
		assert.Contains(t, err.Error(), tc.want)
		assert.Contains(t, err.Error(), "mcp.OAuth")
	}
	good := mcp.OAuthConfig{Authorize: ok, RedirectURL: "https://app.example.com/cb", AllowRemoteRedirect: true}
	_, err := mcp.NewClient(mcp.URL("http://127.0.0.1:9/mcp", nil), mcp.OAuth(good))
	assert.NoError(t, err)
	_, err = mcp.NewClient(mcp.Command("true"), mcp.OAuth(good))
	assert.ErrorContains(t, err, "only a URL transport")

	_, err = mcp.NewLoopbackAuthorizer("0.0.0.0:0", func(string) error { return nil })
	assert.ErrorContains(t, err, "not a loopback IP address")
}

// TestFileTokenStore: tokens survive in a file of mode 0600; a file others
// may read is refused.
func TestFileTokenStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "tokens.json")
	s := mcp.FileTokenStore(path)
	ctx := t.Context()
	got, err := s.Load(ctx, "https://a.example/mcp")
	require.NoError(t, err)
	assert.Nil(t, got, "no file yet")

	tok := &mcp.OAuthToken{AccessToken: "at", RefreshToken: "rt", Expiry: time.Unix(2e9, 0).UTC(), Scopes: []string{"x"}, Issuer: "https://as.example", ClientID: "c"}
	require.NoError(t, s.Save(ctx, "https://a.example/mcp", tok))
	require.NoError(t, s.Save(ctx, "https://b.example/mcp", &mcp.OAuthToken{AccessToken: "other"}))
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	di, err := os.Stat(filepath.Dir(path))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), di.Mode().Perm())

	got, err = mcp.FileTokenStore(path).Load(ctx, "https://a.example/mcp")
	require.NoError(t, err)
	assert.Equal(t, tok, got)
	require.NoError(t, s.Save(ctx, "https://a.example/mcp", nil))
	got, err = s.Load(ctx, "https://a.example/mcp")
	require.NoError(t, err)
	assert.Nil(t, got, "removed")
	got, _ = s.Load(ctx, "https://b.example/mcp")
	assert.Equal(t, "other", got.AccessToken, "the other server's kept")

	require.NoError(t, os.Chmod(path, 0o644))
	_, err = s.Load(ctx, "https://b.example/mcp")
	assert.ErrorContains(t, err, "lets others read it")
}
