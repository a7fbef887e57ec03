package mcp_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/mcp"
)

// How an OAuth client authenticates at the token endpoint.
const (
	publicClient = "public"              // registered dynamically, no secret
	secretBasic  = "client_secret_basic" // registered beforehand, its secret in an Authorization header
	secretPost   = "client_secret_post"  // registered beforehand, its secret in the form
)

const oauthClientSecret = "oauth-client-s3cret"

// oauthPath is one kind of request an OAuth client sends, on its
// authorization server or on the MCP server.
type oauthPath struct {
	name         string
	onAuthServer bool
	method       string
	match        func(r *http.Request, body []byte) bool
	client       string // publicClient, secretBasic or secretPost
	// afterConnect: the request comes after a first authorization that
	// succeeds (a refresh, or a request with the token); use is then
	// what sends it.
	afterConnect bool
}

func pathPrefix(prefix string) func(*http.Request, []byte) bool {
	return func(r *http.Request, _ []byte) bool { return strings.HasPrefix(r.URL.Path, prefix) }
}

func grant(grantType string) func(*http.Request, []byte) bool {
	return func(r *http.Request, body []byte) bool {
		form, _ := url.ParseQuery(string(body))
		return r.URL.Path == "/tenant/token" && form.Get("grant_type") == grantType
	}
}

// withToken chooses tools/list sent with an access token.
func withToken(r *http.Request, body []byte) bool {
	return strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ") && peekRPC(body).Method == "tools/list"
}

// oauthPaths are the requests of OAuth: discovery (protected resource
// metadata, the authorization server's metadata), registration, the code
// exchange (of a public client, and of one with a secret, in a header or
// in the form), the refresh, and the MCP requests the token goes with.
var oauthPaths = []oauthPath{
	{name: "resource-metadata", method: http.MethodGet, match: pathPrefix("/.well-known/oauth-protected-resource"), client: publicClient},
	{name: "auth-server-metadata", onAuthServer: true, method: http.MethodGet, match: pathPrefix("/.well-known/"), client: publicClient},
	{name: "registration", onAuthServer: true, method: http.MethodPost, match: pathPrefix("/tenant/register"), client: publicClient},
	{name: "code-exchange-public", onAuthServer: true, method: http.MethodPost, match: grant("authorization_code"), client: publicClient},
	{name: "code-exchange-secret-basic", onAuthServer: true, method: http.MethodPost, match: grant("authorization_code"), client: secretBasic},
	{name: "code-exchange-secret-post", onAuthServer: true, method: http.MethodPost, match: grant("authorization_code"), client: secretPost},
	{name: "refresh", onAuthServer: true, method: http.MethodPost, match: grant("refresh_token"), client: secretPost, afterConnect: true},
	{name: "access-token", method: http.MethodPost, match: withToken, client: publicClient, afterConnect: true},
}

// oauthRedirectCase is an OAuth env whose server (the authorization
// server or the MCP server, as path says) redirects path's requests.
type oauthRedirectCase struct {
	env   *oauthEnv
	front *front
	away  *elsewhere
	cfg   mcp.OAuthConfig
}

// newOAuthRedirectCase sets up path's redirect with status to where
// scene says; ownClient gives the OAuth configuration an http.Client of
// the user's that follows every redirect.
func newOAuthRedirectCase(t *testing.T, scene redirectScene, path oauthPath, status int, ownClient bool) *oauthRedirectCase {
	t.Helper()
	e := newOAuthEnvOn(t, scene.tls)
	rc := &oauthRedirectCase{env: e, away: &elsewhere{}, cfg: e.config()}
	if path.client != publicClient {
		rc.cfg.ClientID, rc.cfg.ClientSecret = "pre-registered", oauthClientSecret
		e.as.mu.Lock()
		e.as.clients[rc.cfg.ClientID] = rc.cfg.RedirectURL
		e.as.meta["token_endpoint_auth_methods_supported"] = []string{path.client}
		e.as.mu.Unlock()
	}
	if ownClient {
		rc.cfg.HTTPClient = &http.Client{Transport: e.transport, Timeout: 10 * time.Second,
			CheckRedirect: func(*http.Request, []*http.Request) error { return nil }}
	}
	rc.front = &front{method: path.method, match: path.match, status: status}
	var h http.Handler = rc.front
	if path.onAuthServer {
		rc.front.next = e.as.mux
		rc.front.aim(t, scene, strings.TrimPrefix(strings.TrimPrefix(e.as.ts.URL, "http://"), "https://"), rc.away)
		e.as.handler.Store(&h)
	} else {
		rc.front.next = *e.handler.Load()
		rc.front.aim(t, scene, e.host, rc.away)
		e.handler.Store(&h)
	}
	return rc
}

// run makes the client send path's request: the first connect, or,
// after it, a request with the token an hour past its expiry for a
// refresh.
func (rc *oauthRedirectCase) run(t *testing.T, path oauthPath) error {
	t.Helper()
	c, err := rc.env.connect(t, rc.cfg, mcp.WithHTTPTransport(rc.env.transport))
	if !path.afterConnect || err != nil {
		return err
	}
	if path.name == "refresh" {
		rc.env.clock.advance(2 * time.Hour)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	_, err = c.ListTools(ctx)
	return err
}

// oauthSecrets are what an OAuth request may carry that no other origin
// may see.
var oauthSecrets = []string{"Authorization:", "Cookie:", "code=", "code_verifier", "refresh_token", "client_secret", oauthClientSecret}

// TestOAuthKeepsCredentialsWithTheirOrigin: whatever OAuth request a
// server redirects (discovery, registration, the code exchange, the
// refresh, the MCP request with the token), with any redirect status, to
// another host name, another port, from https to http, or away and back,
// the other origin never sees the access token, the refresh token, the
// code and its verifier or the client secret; the redirect is refused,
// also through an http.Client of the user's that would follow anything.
func TestOAuthKeepsCredentialsWithTheirOrigin(t *testing.T) {
	for _, scene := range crossOriginScenes {
		t.Run(scene.name, func(t *testing.T) {
			for _, path := range oauthPaths {
				t.Run(path.name, func(t *testing.T) {
					for _, ownClient := range []bool{false, true} {
						t.Run(map[bool]string{false: "default-client", true: "own-client"}[ownClient], func(t *testing.T) {
							for _, status := range redirectStatuses {
								t.Run(fmt.Sprint(status), func(t *testing.T) {
									noLeaks(t)
									rc := newOAuthRedirectCase(t, scene, path, status, ownClient)
									err := rc.run(t, path)
									require.Positive(t, rc.front.redirected.Load(), "the server redirected the request")
									rc.away.checkUntouched(t, oauthSecrets...)
									require.Error(t, err)
									// go-sdk's discovery keeps the text of the error, not the error.
									assert.ErrorContains(t, err, mcp.ErrCrossOriginRedirect.Error())
									assert.ErrorContains(t, err, rc.front.otherOrigin(t), "names the other origin")
								})
							}
						})
					}
				})
			}
		})
	}
}

// TestOAuthFollowsRedirectsWithinItsOrigin: a redirect to another path of
// the same origin is followed, with the credentials the request carries;
// the authorization then succeeds (but when 301, 302 or 303 turned a POST
// into a GET, which the servers refuse).
func TestOAuthFollowsRedirectsWithinItsOrigin(t *testing.T) {
	for _, path := range oauthPaths {
		t.Run(path.name, func(t *testing.T) {
			for _, status := range redirectStatuses {
				t.Run(fmt.Sprint(status), func(t *testing.T) {
					noLeaks(t)
					rc := newOAuthRedirectCase(t, sameOrigin, path, status, false)
					err := rc.run(t, path)
					require.Positive(t, rc.front.redirected.Load(), "the server redirected the request")
					moved := rc.front.movedHeaders()
					require.NotEmpty(t, moved, "the redirect was followed")
					keepsMethod := status == http.StatusTemporaryRedirect || status == http.StatusPermanentRedirect || path.method == http.MethodGet
					if keepsMethod {
						assert.NoError(t, err)
						switch path.client {
						case secretBasic:
							assert.Contains(t, moved[0].Get("Authorization"), "Basic ", "the client secret went along")
						}
						if path.name == "access-token" {
							assert.Contains(t, moved[0].Get("Authorization"), "Bearer ", "the token went along")
						}
					}
					rc.away.checkUntouched(t)
				})
			}
		})
	}
}
