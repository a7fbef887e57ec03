package mcp_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/mcp"
)

// TestOAuthIssCompared: the iss of the authorization redirect (RFC 9207)
// is compared with the authorization server's issuer as a string before
// the code is redeemed: the issuer itself passes; no iss passes only when
// the metadata does not promise one; every variant that only matches
// after URL normalization (trailing slash, case of scheme or host, an
// explicit port, percent-encoding) and another server's issuer is
// refused, and the code never reaches the token endpoint.
func TestOAuthIssCompared(t *testing.T) {
	for _, tc := range []struct {
		name     string
		promised bool
		iss      func(issuer string) string // nil: no iss
		ok       bool
	}{
		{name: "exact, promised", promised: true, iss: func(i string) string { return i }, ok: true},
		{name: "exact, not promised", iss: func(i string) string { return i }, ok: true},
		{name: "absent, not promised", ok: true},
		{name: "absent, promised", promised: true},
		{name: "trailing slash", promised: true, iss: func(i string) string { return i + "/" }},
		{name: "trailing slash, not promised", iss: func(i string) string { return i + "/" }},
		{name: "upper-case scheme", promised: true, iss: func(i string) string { return "HTTP" + strings.TrimPrefix(i, "http") }},
		{name: "upper-case host", promised: true, iss: func(i string) string { return strings.Replace(i, "127.0.0.1", "LOCALHOST", 1) }},
		{name: "percent-encoded path", promised: true, iss: func(i string) string { return strings.Replace(i, "/tenant", "/t%65nant", 1) }},
		{name: "another host for the same address", promised: true, iss: func(i string) string { return strings.Replace(i, "127.0.0.1", "localhost", 1) }},
		{name: "another server", promised: true, iss: func(string) string { return "https://evil.example.com" }},
		{name: "another server, not promised", iss: func(string) string { return "https://evil.example.com" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			noLeaks(t)
			e := newOAuthEnv(t)
			if tc.promised {
				e.as.meta["authorization_response_iss_parameter_supported"] = true
			}
			cfg := e.config()
			authorize := cfg.Authorize
			cfg.Authorize = func(ctx context.Context, authURL string) (*url.URL, error) {
				u, err := authorize(ctx, authURL)
				if err == nil && tc.iss != nil {
					q := u.Query()
					q.Set("iss", tc.iss(e.as.issuer))
					u.RawQuery = q.Encode()
				}
				return u, err
			}
			c, err := e.connect(t, cfg)
			if tc.ok {
				require.NoError(t, err)
				listsWeather(t, c)
				return
			}
			require.Error(t, err)
			assert.ErrorIs(t, err, mcp.ErrAuthorization)
			assert.Contains(t, err.Error(), "RFC 9207")
			assert.Equal(t, 0, e.as.count(&e.as.exchanges), "the code was not redeemed")
		})
	}
}

// cimdEnv is an oauthEnv whose authorization server takes client ID
// metadata documents: on an authorization request whose client_id is a
// URL it fetches the document (mcp.FetchClientMetadata, as it would any)
// and admits its redirect URIs, as the draft says.
func cimdEnv(t *testing.T) (*oauthEnv, *httptest.Server) {
	e := newOAuthEnv(t)
	e.as.meta["client_id_metadata_document_supported"] = true
	docs := http.NewServeMux()
	site := httptest.NewServer(docs)
	t.Cleanup(site.Close)
	var h http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.URL.Query().Get("client_id")
		if r.URL.Path == "/tenant/authorize" && strings.HasPrefix(id, "http") {
			ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
			defer cancel()
			md, err := mcp.FetchClientMetadata(ctx, id, site.Client())
			if err != nil {
				http.Error(w, "invalid_client: "+err.Error(), http.StatusBadRequest)
				return
			}
			e.as.mu.Lock()
			if redirect := r.URL.Query().Get("redirect_uri"); slices.Contains(md.RedirectURIs, redirect) {
				e.as.clients[id] = redirect
			}
			e.as.mu.Unlock()
		}
		e.as.mux.ServeHTTP(w, r)
	})
	e.as.handler.Store(&h)
	return e, site
}

// TestOAuthClientIDMetadataDocument: with an authorization server that
// takes client ID metadata documents, the client's document URL is its
// client ID (no registration); the document ClientMetadata builds and
// ClientMetadataHandler publishes is what the authorization server
// accepts. Without that support the client registers dynamically, and a
// pre-registered client ID comes first.
func TestOAuthClientIDMetadataDocument(t *testing.T) {
	t.Run("used", func(t *testing.T) {
		noLeaks(t)
		e, site := cimdEnv(t)
		cfg := e.config()
		cfg.ClientIDMetadataURL = site.URL + "/oauth/client.json"
		md, err := cfg.ClientMetadata()
		require.NoError(t, err)
		h, err := mcp.ClientMetadataHandler(md)
		require.NoError(t, err)
		site.Config.Handler.(*http.ServeMux).Handle("/oauth/client.json", h)

		c, err := e.connect(t, cfg)
		require.NoError(t, err)
		listsWeather(t, c)
		assert.Equal(t, 0, e.as.count(&e.as.registrations))
		tok, err := e.store.Load(t.Context(), e.url)
		require.NoError(t, err)
		assert.Equal(t, cfg.ClientIDMetadataURL, tok.ClientID)
	})
	t.Run("a document whose client_id is another URL is refused", func(t *testing.T) {
		noLeaks(t)
		e, site := cimdEnv(t)
		cfg := e.config()
		cfg.ClientIDMetadataURL = site.URL + "/oauth/client.json"
		site.Config.Handler.(*http.ServeMux).HandleFunc("/oauth/client.json", func(w http.ResponseWriter, _ *http.Request) {
			writeJSON(w, http.StatusOK, map[string]any{"client_id": site.URL + "/other.json", "client_name": "x", "redirect_uris": []string{cfg.RedirectURL}})
		})
		_, err := e.connect(t, cfg)
		require.Error(t, err)
		assert.Equal(t, 0, e.as.count(&e.as.authorizations))
		_, err = mcp.FetchClientMetadata(t.Context(), cfg.ClientIDMetadataURL, site.Client())
		assert.ErrorContains(t, err, "is not the URL the document is served at")
	})
	t.Run("not supported: dynamic registration", func(t *testing.T) {
		noLeaks(t)
		e := newOAuthEnv(t)
		cfg := e.config()
		cfg.ClientIDMetadataURL = "https://app.example.com/client.json"
		c, err := e.connect(t, cfg)
		require.NoError(t, err)
		listsWeather(t, c)
		assert.Equal(t, 1, e.as.count(&e.as.registrations))
	})
	t.Run("a pre-registered client comes first", func(t *testing.T) {
		noLeaks(t)
		e, _ := cimdEnv(t)
		e.as.clients["pre-registered"] = e.lb.RedirectURL()
		cfg := e.config()
		cfg.ClientID, cfg.ClientIDMetadataURL = "pre-registered", "https://app.example.com/client.json"
		c, err := e.connect(t, cfg)
		require.NoError(t, err)
		listsWeather(t, c)
		tok, err := e.store.Load(t.Context(), e.url)
		require.NoError(t, err)
		assert.Equal(t, "pre-registered", tok.ClientID)
	})
}

// TestClientMetadataChecked: every way a document breaks the draft's rules
// is refused, with what is wrong.
func TestClientMetadataChecked(t *testing.T) {
	const at = "https://app.example.com/oauth/client.json"
	good := func() *mcp.ClientMetadata {
		return &mcp.ClientMetadata{ClientID: at, ClientName: "App", RedirectURIs: []string{"http://127.0.0.1:8765/callback", "https://app.example.com/cb"},
			GrantTypes: []string{"authorization_code", "refresh_token"}, ResponseTypes: []string{"code"}, TokenEndpointAuthMethod: "none"}
	}
	require.NoError(t, good().Check(at))
	for _, tc := range []struct {
		name string
		edit func(md *mcp.ClientMetadata)
		at   string
		want string
	}{
		{"served elsewhere", nil, "https://app.example.com/other.json", "is not the URL the document is served at"},
		{"trailing slash", nil, at + "/", "is not the URL"},
		{"http client_id", func(md *mcp.ClientMetadata) { md.ClientID = "http://app.example.com/c.json" }, "http://app.example.com/c.json", "must be https"},
		{"no path", func(md *mcp.ClientMetadata) { md.ClientID = "https://app.example.com" }, "https://app.example.com", "must have a path"},
		{"root path", func(md *mcp.ClientMetadata) { md.ClientID = "https://app.example.com/" }, "https://app.example.com/", "must have a path"},
		{"fragment", func(md *mcp.ClientMetadata) { md.ClientID = at + "#x" }, at + "#x", "fragment"},
		{"user", func(md *mcp.ClientMetadata) { md.ClientID = "https://me@app.example.com/c.json" }, "https://me@app.example.com/c.json", "has a user"},
		{"dot segment", func(md *mcp.ClientMetadata) { md.ClientID = "https://app.example.com/a/../c.json" }, "https://app.example.com/a/../c.json", `".." path segment`},
		{"no client_name", func(md *mcp.ClientMetadata) { md.ClientName = " " }, at, "no client_name"},
		{"no redirect URIs", func(md *mcp.ClientMetadata) { md.RedirectURIs = nil }, at, "no redirect_uris"},
		{"http redirect beyond loopback", func(md *mcp.ClientMetadata) { md.RedirectURIs = []string{"http://app.example.com/cb"} }, at, "must be https, or http on a loopback"},
		{"redirect with fragment", func(md *mcp.ClientMetadata) { md.RedirectURIs = []string{"https://app.example.com/cb#f"} }, at, "has a fragment"},
		{"relative redirect", func(md *mcp.ClientMetadata) { md.RedirectURIs = []string{"/cb"} }, at, "not an absolute URL"},
		{"client credentials grant", func(md *mcp.ClientMetadata) { md.GrantTypes = []string{"client_credentials"} }, at, `grant type "client_credentials"`},
		{"token response type", func(md *mcp.ClientMetadata) { md.ResponseTypes = []string{"token"} }, at, `response type "token"`},
		{"shared secret method", func(md *mcp.ClientMetadata) { md.TokenEndpointAuthMethod = "client_secret_basic" }, at, "no shared secret"},
		{"a secret in it", func(md *mcp.ClientMetadata) { md.ClientSecret = "s" }, at, "holds a client_secret"},
		{"private_key_jwt without keys", func(md *mcp.ClientMetadata) { md.TokenEndpointAuthMethod = "private_key_jwt" }, at, "without a jwks_uri"},
	} {
		md := good()
		if tc.edit != nil {
			tc.edit(md)
		}
		err := md.Check(tc.at)
		require.Error(t, err, tc.name)
		assert.Contains(t, err.Error(), tc.want, tc.name)
		_, err = mcp.ClientMetadataHandler(md)
		if tc.edit != nil {
			assert.Error(t, err, tc.name)
		}
	}

	cfg := mcp.OAuthConfig{Authorize: func(context.Context, string) (*url.URL, error) { return nil, nil },
		RedirectURL: "http://127.0.0.1:9999/callback", ClientIDMetadataURL: at}
	assert.NoError(t, good().CheckConfig(cfg), "a loopback redirect URI on another port matches")
	cfg.RedirectURL = "http://127.0.0.1:9999/other"
	assert.ErrorContains(t, good().CheckConfig(cfg), "is not among its redirect_uris")
	cfg.ClientIDMetadataURL = "https://app.example.com/x.json"
	assert.ErrorContains(t, good().CheckConfig(cfg), "is not the URL the document is served at")

	for _, bad := range []string{"http://app.example.com/c.json", "https://app.example.com", "https://app.example.com/c.json#f"} {
		_, err := mcp.NewClient(mcp.URL("http://127.0.0.1:9/mcp", nil), mcp.OAuth(mcp.OAuthConfig{Authorize: cfg.Authorize,
			RedirectURL: cfg.RedirectURL, ClientIDMetadataURL: bad}))
		assert.ErrorContains(t, err, "ClientIDMetadataURL", bad)
	}
}

// TestClientMetadataHandler: the document is served as JSON that
// round-trips, to GET and HEAD only; FetchClientMetadata refuses what is
// not such a document at its URL.
func TestClientMetadataHandler(t *testing.T) {
	noLeaks(t)
	mux := http.NewServeMux()
	site := httptest.NewServer(mux)
	defer site.Close()
	cfg := mcp.OAuthConfig{Authorize: func(context.Context, string) (*url.URL, error) { return nil, nil },
		RedirectURL: "http://127.0.0.1:8765/callback", ClientIDMetadataURL: site.URL + "/client.json", ClientName: "Reports"}
	md, err := cfg.ClientMetadata()
	require.NoError(t, err)
	h, err := mcp.ClientMetadataHandler(md)
	require.NoError(t, err)
	mux.Handle("/client.json", h)
	mux.HandleFunc("/moved.json", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/client.json", http.StatusFound) })
	mux.HandleFunc("/text.json", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		_, _ = io.WriteString(w, "{}")
	})

	resp, err := site.Client().Get(site.URL + "/client.json")
	require.NoError(t, err)
	var got mcp.ClientMetadata
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&got))
	resp.Body.Close()
	assert.Equal(t, "application/json", resp.Header.Get("Content-Type"))
	assert.Equal(t, *md, got)
	assert.Equal(t, []string{"http://127.0.0.1:8765/callback"}, got.RedirectURIs)
	assert.Equal(t, "none", got.TokenEndpointAuthMethod)

	resp, err = site.Client().Post(site.URL+"/client.json", "application/json", strings.NewReader("{}"))
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)

	fetched, err := mcp.FetchClientMetadata(t.Context(), site.URL+"/client.json", site.Client())
	require.NoError(t, err)
	assert.NoError(t, fetched.CheckConfig(cfg))
	_, err = mcp.FetchClientMetadata(t.Context(), site.URL+"/moved.json", site.Client())
	assert.ErrorContains(t, err, "302")
	_, err = mcp.FetchClientMetadata(t.Context(), site.URL+"/text.json", site.Client())
	assert.ErrorContains(t, err, "not application/json")
	_, err = mcp.FetchClientMetadata(t.Context(), site.URL+"/missing.json", site.Client())
	assert.ErrorContains(t, err, "404")
	site.Client().CloseIdleConnections()
}
