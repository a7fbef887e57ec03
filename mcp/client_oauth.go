package mcp

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"golang.org/x/oauth2"
)

// ErrAuthorization is in the error of a request that needed OAuth
// authorization which could not be obtained: discovery found a document
// that does not hold, the user or the authorization server refused, the
// redirect did not answer this request (wrong state), the token exchange
// failed. Such a request is not sent again, so the user is not asked twice.
var ErrAuthorization = errors.New("mcp: OAuth authorization failed")

// OAuthConfig configures OAuth, the MCP authorization of a URL server: see
// OAuth.
type OAuthConfig struct {
	// Authorize takes the user to authURL, the authorization server's page,
	// and returns the URL the authorization server then sent the browser to:
	// RedirectURL with the code and state (or an error) in its query. It is
	// how the browser step happens: LoopbackAuthorizer is one for programs
	// run in a terminal. Required.
	Authorize func(ctx context.Context, authURL string) (callback *url.URL, err error)
	// RedirectURL is where the authorization server sends the browser
	// back. Required. It must be an http URL on a loopback address
	// (127.0.0.1, [::1] or localhost), unless AllowRemoteRedirect.
	RedirectURL string
	// AllowRemoteRedirect admits an https RedirectURL beyond loopback (a
	// web application's own page).
	AllowRemoteRedirect bool
	// ClientID and ClientSecret are those of a client registered with the
	// authorization server beforehand. Without a ClientID the client
	// registers itself (RFC 7591 dynamic registration) as a public client,
	// once per authorization server and redirect URL; the registration is
	// kept in the Store with the tokens.
	ClientID, ClientSecret string
	// ClientIssuer is the authorization server ClientID is registered
	// with. When set, ClientID and ClientSecret go to it only: a server
	// whose metadata names another is an error. When empty, they are
	// bound to the first authorization server they are used with (as
	// recorded in the Store), and another one is an error too:
	// pre-registered credentials belong to one authorization server.
	ClientIssuer string
	// ClientIDMetadataURL is the client's client ID metadata document
	// (an https URL with a path, where the program publishes the
	// document ClientMetadata builds): the client ID used, without
	// registration, with every authorization server whose metadata says
	// client_id_metadata_document_supported. Without a ClientID, it is
	// tried before dynamic registration.
	ClientIDMetadataURL string
	// ClientName is the name a dynamic registration gives (default
	// "toolgen"), which the authorization server may show the user.
	ClientName string
	// Store keeps the tokens (default: in memory, for the client's life).
	// FileTokenStore keeps them across runs.
	Store TokenStore
	// HTTPClient sends the metadata, registration and token requests
	// (default: a client on WithHTTPTransport's round tripper with a 30 s
	// timeout). The URL transport's static headers are never sent to the
	// authorization server. Whatever its CheckRedirect, a request follows
	// a redirect only within the origin (scheme, host and port) of the
	// URL it requested; a redirect elsewhere is refused (see
	// ErrCrossOriginRedirect), and CheckRedirect is asked only about the
	// others.
	HTTPClient *http.Client

	// grant, set by OAuthClientCredentials and OAuthWorkloadIdentity,
	// obtains tokens without a user, in place of Authorize.
	grant machineGrant

	// DPoP says when the tokens are bound to a key of the client (RFC
	// 9449): by default, when the authorization server offers it.
	DPoP DPoPMode
	// Enterprise, if set, obtains the tokens through the user's
	// enterprise identity provider instead of a browser: see
	// EnterpriseAuthorization. Authorize and RedirectURL are then not
	// needed, and ClientID is required.
	Enterprise *EnterpriseAuthorization
}

// OAuth makes a URL client authorize itself as the MCP authorization
// specification (revisions 2025-11-25 and 2026-07-28) says, when the
// server asks for it. On a 401 whose WWW-Authenticate names resource
// metadata (or without it, at the well-known URLs), the client reads the
// server's protected resource metadata (RFC 9728), then its authorization
// server's metadata (RFC 8414 or OpenID discovery), uses cfg.ClientID,
// else its client ID metadata document (cfg.ClientIDMetadataURL) where
// the authorization server takes one, else registers itself (RFC 7591),
// sends the user through cfg.Authorize for an authorization code (with
// PKCE S256, a random state, and the resource parameter of RFC 8707
// naming the server), exchanges it for tokens, and sends the request
// again. An expired access token is refreshed before a request (a refused
// refresh means a new authorization); a 403 with
// error="insufficient_scope" asks the user again for the scopes the
// challenge names together with those already granted (step-up).
//
// Everything discovered is checked before the user is sent anywhere: the
// metadata's resource must be the server's URL, the issuer the URL it was
// fetched for, every endpoint https (or on loopback), PKCE with S256
// supported; then the redirect's iss, when present or promised, must be
// the issuer exactly (RFC 9207). What fails is an error naming what is
// wrong (errors.Is(err, ErrAuthorization)). Tokens are never logged:
// OAuthToken prints without them. A bad cfg is an error of NewClient and
// Connect, and so is OAuth on a transport other than URL. A program with
// no user uses OAuthClientCredentials or OAuthWorkloadIdentity instead.
func OAuth(cfg OAuthConfig) ClientOption {
	return func(o *clientOptions) error {
		if err := cfg.check(); err != nil {
			return fmt.Errorf("mcp.OAuth: %w", err)
		}
		o.oauth = &cfg
		return nil
	}
}

// check validates cfg and fills its defaults.
func (cfg *OAuthConfig) check() error {
	if cfg.Store == nil {
		cfg.Store = NewMemoryTokenStore()
	}
	if cfg.DPoP < DPoPWhenOffered || cfg.DPoP > DPoPNever {
		return fmt.Errorf("DPoP: unknown mode %d", cfg.DPoP)
	}
	if cfg.grant != nil {
		return nil // checked by its constructor; nothing else applies
	}
	if err := checkIssuer(cfg.ClientIssuer); err != nil {
		return fmt.Errorf("ClientIssuer: %w", err)
	}
	if err := checkClientIDURL(cfg.ClientIDMetadataURL); err != nil {
		return fmt.Errorf("ClientIDMetadataURL: %w", err)
	}
	if cfg.Enterprise != nil {
		return cfg.checkEnterprise()
	}
	if cfg.Authorize == nil {
		return errors.New("Authorize is required")
	}
	if cfg.ClientSecret != "" && cfg.ClientID == "" {
		return errors.New("ClientSecret without ClientID")
	}
	u, err := parseSecureURL(cfg.RedirectURL)
	switch {
	case cfg.RedirectURL == "":
		return errors.New("RedirectURL is required")
	case err == nil && (u.Scheme == "http" || cfg.AllowRemoteRedirect): // http is on loopback
	case cfg.AllowRemoteRedirect:
		return fmt.Errorf("RedirectURL %q: %w", cfg.RedirectURL, err)
	default:
		return fmt.Errorf("RedirectURL %q: must be http on a loopback address (127.0.0.1, [::1], localhost); set AllowRemoteRedirect for an https one", cfg.RedirectURL)
	}
	if u.Fragment != "" {
		return fmt.Errorf("RedirectURL %q: has a fragment", cfg.RedirectURL)
	}
	if cfg.ClientName == "" {
		cfg.ClientName = "toolgen"
	}
	return nil
}

// parseSecureURL parses raw, a URL the client sends secrets to or trusts
// what it says: https with a host, or http on a loopback address (a local
// server, a test's).
func parseSecureURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return nil, err
	case u.Host == "":
		return nil, errors.New("not an absolute URL with a host: must be https, or http on a loopback address")
	case u.Scheme != "https" && !(u.Scheme == "http" && isLoopbackHost(u.Hostname())):
		return nil, errors.New("must be https, or http on a loopback address")
	}
	return u, nil
}

// isLoopbackHost reports whether host (without port) is a loopback address
// or localhost.
func isLoopbackHost(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// expiryMargin is how long before its expiry an access token is refreshed,
// so that it does not expire on its way to the server.
const expiryMargin = 10 * time.Second

// oauthHandler is go-sdk's auth.OAuthHandler for one server: the SDK's
// streamable transport asks it for the token of each request and calls
// Authorize on a 401 or 403, then sends the request once more. It is kept
// by the client across sessions.
//
// It is built from go-sdk's own pieces (oauthex's metadata discovery and
// registration, auth.GetAuthServerMetadata) and x/oauth2's authorization
// URL, PKCE and code exchange, rather than on auth.AuthorizationCodeHandler,
// which, when the metadata the server points to fails its checks, quietly
// falls back to endpoints guessed at the server's root (MCP 2025-03-26):
// a hostile document would end in an unrelated error rather than a refusal
// naming it. Refreshing is its own (refresh), since x/oauth2's sends no
// resource parameter, which MCP requires in every token request.
type oauthHandler struct {
	cfg    OAuthConfig
	server string // the MCP server's URL: the resource, and the store's key
	hc     *http.Client
	now    func() time.Time
	dpop   *dpopSigner  // the client's DPoP key; nil with DPoPNever
	dpopHC *http.Client // hc, signing each request with dpop

	authMu sync.Mutex // one authorization at a time

	mu     sync.Mutex // guards what follows; held during a refresh
	loaded bool
	tok    *OAuthToken
}

var _ auth.OAuthHandler = (*oauthHandler)(nil)

// oauthFor is the client's handler for server, made on first use.
func (o *clientOptions) oauthFor(server string) *oauthHandler {
	if o.oauthHandler == nil {
		hc := o.oauth.HTTPClient
		if hc == nil {
			hc = &http.Client{Transport: o.roundTripper(), Timeout: 30 * time.Second}
		}
		// Discovery, registration and the token requests follow a
		// redirect only within the origin of the URL they request: a
		// token request carries the code and its verifier, the refresh
		// token or the client secret, which a 307 would resend
		// elsewhere.
		hc = sameOriginClient(hc)
		now := o.oauthNow
		if now == nil {
			now = time.Now
		}
		h := &oauthHandler{cfg: *o.oauth, server: server, hc: hc, now: now}
		h.withDPoP()
		o.oauthHandler = h
	}
	return o.oauthHandler
}

// TokenSource is the current access token, refreshed first if it expired;
// nil, so that the request goes without one, when there is none or the
// authorization server refused to refresh it (the server's 401 then starts
// a new authorization).
func (h *oauthHandler) TokenSource(ctx context.Context) (oauth2.TokenSource, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	tok, err := h.loadLocked(ctx)
	if err != nil || tok == nil || tok.AccessToken == "" {
		return nil, err
	}
	if !tok.Expiry.IsZero() && !h.now().Add(expiryMargin).Before(tok.Expiry) {
		if tok, err = h.refreshLocked(ctx, tok); err != nil || tok == nil {
			return nil, err
		}
	}
	return oauth2.StaticTokenSource(&oauth2.Token{AccessToken: tok.AccessToken, TokenType: "Bearer"}), nil
}

// loadLocked is the stored record, read from the store the first time.
func (h *oauthHandler) loadLocked(ctx context.Context) (*OAuthToken, error) {
	if !h.loaded {
		tok, err := h.cfg.Store.Load(ctx, h.server)
		if err != nil {
			return nil, fmt.Errorf("mcp: OAuth: loading the token of %s: %w", h.server, err)
		}
		h.tok, h.loaded = h.withStoredKey(tok), true
	}
	return h.tok, nil
}

// saveLocked makes tok the record, in memory and in the store.
func (h *oauthHandler) saveLocked(ctx context.Context, tok *OAuthToken) error {
	h.tok, h.loaded = h.withKey(tok), true
	if err := h.cfg.Store.Save(ctx, h.server, tok); err != nil {
		return fmt.Errorf("mcp: OAuth: saving the token of %s: %w", h.server, err)
	}
	return nil
}

// refreshLocked replaces the expired tok: refreshed with its refresh
// token, or, without one, requested again as it was (renewable). A
// refusal by the authorization server (or no way to replace tok) forgets
// the tokens, keeping the registration, and returns nil: the server's
// next 401 starts over, and reports the refusal. A failure to reach the
// authorization server is an error.
func (h *oauthHandler) refreshLocked(ctx context.Context, tok *OAuthToken) (*OAuthToken, error) {
	var fresh *OAuthToken
	var err error
	how := "refreshing"
	switch {
	case tok.RefreshToken != "":
		fresh, err = h.refresh(ctx, tok)
	case h.renewable(tok):
		fresh, err = h.machineToken(ctx, tok)
		how = "renewing"
	default:
		return nil, h.saveLocked(ctx, tok.registration())
	}
	var refused *tokenError
	switch {
	case errors.As(err, &refused):
		return nil, h.saveLocked(ctx, tok.registration())
	case err != nil:
		return nil, fmt.Errorf("mcp: OAuth: %s the token of %s: %w", how, h.server, err)
	}
	return fresh, h.saveLocked(ctx, fresh)
}

// current is the record as it is, without loading or refreshing.
func (h *oauthHandler) current() *OAuthToken {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.tok
}

// Authorize runs the authorization the failed request req (answered resp)
// calls for. It returns nil for the transport to send req again.
func (h *oauthHandler) Authorize(ctx context.Context, req *http.Request, resp *http.Response) error {
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	attempt, _ := ctx.Value(authAttemptKey{}).(*authAttempt)
	if err := attempt.failed(); err != nil {
		return err
	}
	err := h.authorize(ctx, req, resp)
	attempt.fail(err)
	return err
}

// authAttempt remembers, for one handshake, an authorization that failed:
// go-sdk's handshake may send two requests (server/discover, then
// initialize), and the user is asked once.
type authAttempt struct {
	mu  sync.Mutex
	err error
}

type authAttemptKey struct{}

// withAuthAttempt is ctx for one handshake.
func withAuthAttempt(ctx context.Context) context.Context {
	return context.WithValue(ctx, authAttemptKey{}, &authAttempt{})
}

func (a *authAttempt) failed() error {
	if a == nil {
		return nil
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.err
}

func (a *authAttempt) fail(err error) {
	if a == nil || err == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.err = err
}

// authorize is Authorize, without the handshake's memory.
func (h *oauthHandler) authorize(ctx context.Context, req *http.Request, resp *http.Response) error {
	challenges, err := oauthex.ParseWWWAuthenticate(resp.Header.Values("WWW-Authenticate"))
	if err != nil {
		return authError("reading the server's WWW-Authenticate", err)
	}
	bearer := bearerParams(challenges)
	if bearer["error"] == "use_dpop_nonce" {
		return authError("the server's DPoP nonce", errors.New("refused the proof with the nonce it gave (RFC 9449, 9)"))
	}
	stepUp := resp.StatusCode == http.StatusForbidden
	if stepUp && bearer["error"] != "insufficient_scope" {
		return nil // a refusal no authorization helps: sent again, it fails as it did
	}
	h.authMu.Lock()
	defer h.authMu.Unlock()
	if tok := h.current(); tok != nil && tok.AccessToken != "" && req.Header.Get("Authorization") != "Bearer "+tok.AccessToken {
		return nil // another request authorized meanwhile: try its token
	}
	prm, err := h.resourceMetadata(ctx, bearer["resource_metadata"])
	if err != nil {
		return err
	}
	asm, err := h.authServerMetadata(ctx, prm.AuthorizationServers[0])
	if err != nil {
		return err
	}
	scopes := h.scopes(bearer, prm, asm, stepUp)
	var tok *OAuthToken
	if h.cfg.grant != nil {
		tok, err = h.machineAuthorize(ctx, prm.Resource, asm, unionScopes(h.cfg.grant.scopes(), strings.Fields(bearer["scope"]), scopes))
	} else {
		tok, err = h.userAuthorize(ctx, prm.Resource, asm, scopes)
	}
	if err != nil {
		return err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.saveLocked(ctx, tok)
}

// userAuthorize registers the client (or not) and sends the user through
// the authorization code flow.
func (h *oauthHandler) userAuthorize(ctx context.Context, resource string, asm *oauthex.AuthServerMeta, scopes []string) (*OAuthToken, error) {
	client, err := h.client(ctx, asm)
	if err != nil {
		return nil, err
	}
	if h.cfg.Enterprise != nil {
		return h.enterpriseGrant(ctx, resource, asm, client, scopes)
	}
	return h.authorizationCode(ctx, resource, asm, client, scopes)
}

// unionScopes are the configured scopes with those the challenge names,
// or, when none is configured, the scopes chosen without them.
func unionScopes(configured, challenged, chosen []string) []string {
	if len(configured) == 0 {
		return chosen
	}
	scopes := slices.Clone(configured)
	for _, s := range challenged {
		if !slices.Contains(scopes, s) {
			scopes = append(scopes, s)
		}
	}
	return scopes
}

// authError wraps err, from step what, in ErrAuthorization.
func authError(what string, err error) error {
	return fmt.Errorf("%w: %s: %w", ErrAuthorization, what, err)
}

// bearerParams are the parameters of the Bearer challenge (or the DPoP
// one, RFC 9449 7.1), or none.
func bearerParams(cs []oauthex.Challenge) map[string]string {
	for _, c := range cs {
		if c.Scheme == "bearer" || c.Scheme == "dpop" {
			return c.Params
		}
	}
	return map[string]string{}
}

// resourceMetadata is the server's protected resource metadata (RFC 9728):
// at fromChallenge if the 401 named it, else at the well-known URL of the
// server's path, else at the root one. Its resource must be the server's
// URL (at the root, its origin will do), and it must name an
// authorization server (https or loopback: oauthex checks them).
func (h *oauthHandler) resourceMetadata(ctx context.Context, fromChallenge string) (*oauthex.ProtectedResourceMetadata, error) {
	type candidate struct{ url, resource string }
	var candidates []candidate
	if fromChallenge != "" {
		candidates = []candidate{{fromChallenge, h.server}}
	} else {
		u, err := url.Parse(h.server)
		if err != nil {
			return nil, authError("the server's URL", err)
		}
		origin := (&url.URL{Scheme: u.Scheme, Host: u.Host}).String()
		root := origin + "/.well-known/oauth-protected-resource"
		if p := strings.Trim(u.EscapedPath(), "/"); p != "" {
			candidates = append(candidates, candidate{root + "/" + p, h.server})
		}
		candidates = append(candidates, candidate{root, h.server}, candidate{root, origin})
	}
	var errs []error
	for _, c := range candidates {
		prm, err := oauthex.GetProtectedResourceMetadata(ctx, c.url, c.resource, h.hc)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if len(prm.AuthorizationServers) == 0 {
			return nil, authError("protected resource metadata", fmt.Errorf("%s names no authorization server", c.url))
		}
		return prm, nil
	}
	return nil, authError("protected resource metadata of "+h.server, errors.Join(errs...))
}

// authServerMetadata is the metadata of issuer (RFC 8414 or OpenID
// discovery, at the URLs MCP lists), which go-sdk checks: its issuer is
// issuer, its endpoints https or loopback. It must offer PKCE with S256.
func (h *oauthHandler) authServerMetadata(ctx context.Context, issuer string) (*oauthex.AuthServerMeta, error) {
	asm, err := auth.GetAuthServerMetadata(ctx, issuer, h.hc)
	switch {
	case err != nil:
		return nil, authError("metadata of authorization server "+issuer, err)
	case asm == nil:
		return nil, authError("metadata of authorization server "+issuer, errors.New("none found (RFC 8414 or OpenID discovery)"))
	case asm.TokenEndpoint == "":
		return nil, authError("metadata of authorization server "+issuer, errors.New("no token endpoint"))
	case h.cfg.grant != nil: // no browser, so no PKCE nor authorization endpoint
	case !slices.Contains(asm.CodeChallengeMethodsSupported, "S256"):
		return nil, authError("authorization server "+issuer, errors.New("does not support PKCE with S256"))
	case asm.AuthorizationEndpoint == "":
		return nil, authError("metadata of authorization server "+issuer, errors.New("no authorization endpoint"))
	}
	return asm, nil
}

// scopes are the scopes to ask for: the challenge's, else those the
// resource metadata lists; on a step-up, together with those granted
// before, so that the new token does not lose them.
func (h *oauthHandler) scopes(bearer map[string]string, prm *oauthex.ProtectedResourceMetadata, asm *oauthex.AuthServerMeta, stepUp bool) []string {
	scopes := strings.Fields(bearer["scope"])
	if len(scopes) == 0 {
		scopes = prm.ScopesSupported
	}
	if tok := h.current(); stepUp && tok != nil && tok.Issuer == asm.Issuer {
		for _, s := range tok.Scopes {
			if !slices.Contains(scopes, s) {
				scopes = append(scopes, s)
			}
		}
	}
	return scopes
}

// client is the client's registration with the authorization server, in
// the order of MCP's client registration: the configured one (when it is
// that server's), its client ID metadata document (when the server takes
// them), the dynamic one kept from before (for that very issuer, so that
// no other authorization server sees it), or a new dynamic one.
func (h *oauthHandler) client(ctx context.Context, asm *oauthex.AuthServerMeta) (*OAuthToken, error) {
	reg := &OAuthToken{Issuer: asm.Issuer, TokenURL: asm.TokenEndpoint, RedirectURL: h.cfg.RedirectURL}
	if h.cfg.ClientID != "" {
		if err := h.checkBinding(ctx, h.cfg.ClientID, h.cfg.ClientIssuer, asm.Issuer); err != nil {
			return nil, err
		}
		reg.ClientID, reg.ClientSecret = h.cfg.ClientID, h.cfg.ClientSecret
		reg.TokenAuth = tokenAuthMethod(asm, reg.ClientSecret != "")
		return reg, nil
	}
	if h.cfg.ClientIDMetadataURL != "" && asm.ClientIDMetadataDocumentSupported {
		reg.ClientID, reg.TokenAuth = h.cfg.ClientIDMetadataURL, "none"
		return reg, nil
	}
	if old := h.current(); old != nil && old.ClientID != "" && old.ClientID != h.cfg.ClientIDMetadataURL &&
		old.Issuer == asm.Issuer && old.RedirectURL == h.cfg.RedirectURL {
		reg.ClientID, reg.ClientSecret, reg.TokenAuth = old.ClientID, old.ClientSecret, old.TokenAuth
		return reg, nil
	}
	if asm.RegistrationEndpoint == "" {
		return nil, authError("authorization server "+asm.Issuer, errors.New("offers no dynamic client registration (RFC 7591): set OAuthConfig.ClientID to a client registered with it"))
	}
	appType := "web"
	if u, err := url.Parse(h.cfg.RedirectURL); err == nil && isLoopbackHost(u.Hostname()) {
		appType = "native"
	}
	got, err := oauthex.RegisterClient(ctx, asm.RegistrationEndpoint, &oauthex.ClientRegistrationMetadata{
		RedirectURIs:            []string{h.cfg.RedirectURL},
		TokenEndpointAuthMethod: "none",
		GrantTypes:              []string{"authorization_code", "refresh_token"},
		ResponseTypes:           []string{"code"},
		ClientName:              h.cfg.ClientName,
		ApplicationType:         appType,
	}, h.hc)
	if err != nil {
		return nil, authError("registering with "+asm.RegistrationEndpoint, err)
	}
	reg.ClientID, reg.ClientSecret, reg.TokenAuth = got.ClientID, got.ClientSecret, got.TokenEndpointAuthMethod
	if reg.TokenAuth == "" {
		reg.TokenAuth = tokenAuthMethod(asm, reg.ClientSecret != "")
	}
	return reg, nil
}

// checkBinding refuses to send the credentials of clientID to the
// authorization server issuer when they belong to another: bound, when
// configured, else the one the stored record has them from.
func (h *oauthHandler) checkBinding(ctx context.Context, clientID, bound, issuer string) error {
	if clientID == "" {
		return nil
	}
	if bound == "" {
		h.mu.Lock()
		old, err := h.loadLocked(ctx)
		h.mu.Unlock()
		if err != nil {
			return err
		}
		if old != nil && old.ClientID == clientID {
			bound = old.Issuer
		}
	}
	if bound != "" && bound != issuer {
		return authError("the client's credentials", fmt.Errorf("client %s is registered with authorization server %s, not with %s, which the server now names; they are not sent there (if they are that server's, configure it as their issuer)", clientID, bound, issuer))
	}
	return nil
}

// tokenAuthMethod is how a client authenticates to the token endpoint:
// none without a secret, else client_secret_basic unless the server only
// takes client_secret_post.
func tokenAuthMethod(asm *oauthex.AuthServerMeta, secret bool) string {
	switch {
	case !secret:
		return "none"
	case slices.Contains(asm.TokenEndpointAuthMethodsSupported, "client_secret_post") &&
		!slices.Contains(asm.TokenEndpointAuthMethodsSupported, "client_secret_basic"):
		return "client_secret_post"
	}
	return "client_secret_basic"
}

// authorizationCode sends the user through cfg.Authorize and exchanges
// the code for tokens: the record kept for the server.
func (h *oauthHandler) authorizationCode(ctx context.Context, resource string, asm *oauthex.AuthServerMeta, reg *OAuthToken, scopes []string) (*OAuthToken, error) {
	oc := &oauth2.Config{
		ClientID:     reg.ClientID,
		ClientSecret: reg.ClientSecret,
		Endpoint:     oauth2.Endpoint{AuthURL: asm.AuthorizationEndpoint, TokenURL: asm.TokenEndpoint, AuthStyle: authStyle(reg.TokenAuth)},
		RedirectURL:  h.cfg.RedirectURL,
		Scopes:       scopes,
	}
	verifier, state := oauth2.GenerateVerifier(), rand.Text()
	dpop := h.dpopFor(ctx, asm)
	authURL := oc.AuthCodeURL(state, append(dpop.authorizationParams(), oauth2.S256ChallengeOption(verifier), oauth2.SetAuthURLParam("resource", resource))...)
	callback, err := h.cfg.Authorize(ctx, authURL)
	if err != nil {
		return nil, authError("the user's authorization", err)
	}
	if callback == nil {
		return nil, authError("the user's authorization", errors.New("Authorize returned no callback URL"))
	}
	code, err := h.checkCallback(callback, state, asm)
	if err != nil {
		return nil, err
	}
	ctx = context.WithValue(ctx, oauth2.HTTPClient, h.tokenClient(dpop))
	t, err := oc.Exchange(ctx, code, oauth2.VerifierOption(verifier), oauth2.SetAuthURLParam("resource", resource))
	if err != nil {
		return nil, authError("exchanging the code at "+asm.TokenEndpoint, err)
	}
	r := &tokenResponse{AccessToken: t.AccessToken, TokenType: t.TokenType, RefreshToken: t.RefreshToken, ExpiresIn: t.ExpiresIn}
	r.Scope, _ = t.Extra("scope").(string)
	return h.granted(reg, resource, scopes, r, dpop, asm.TokenEndpoint)
}

// granted is the record of the tokens r grants the client reg for
// resource, having asked for scopes, at endpoint.
func (h *oauthHandler) granted(reg *OAuthToken, resource string, scopes []string, r *tokenResponse, dpop *dpopSigner, endpoint string) (*OAuthToken, error) {
	jkt, err := tokenBinding(r.TokenType, dpop)
	if err != nil {
		return nil, authError("the token from "+endpoint, err)
	}
	tok := *reg
	tok.Resource, tok.DPoPJKT, tok.Scopes = resource, jkt, scopes
	r.update(&tok, h.now())
	return &tok, nil
}

// authStyle is x/oauth2's name for a token endpoint auth method.
func authStyle(method string) oauth2.AuthStyle {
	if method == "client_secret_basic" {
		return oauth2.AuthStyleInHeader
	}
	return oauth2.AuthStyleInParams
}

// checkCallback checks the redirect the user's browser got and returns its
// code: it must come back to RedirectURL, answer this very request (state,
// compared before anything else of it is believed), and come from the
// authorization server (iss, RFC 9207, when present or promised).
func (h *oauthHandler) checkCallback(cb *url.URL, state string, asm *oauthex.AuthServerMeta) (string, error) {
	want, _ := url.Parse(h.cfg.RedirectURL)
	if cb.Scheme != want.Scheme || cb.Host != want.Host || cb.Path != want.Path {
		return "", authError("the authorization redirect", fmt.Errorf("went to %s://%s%s, not to the redirect URL %s", cb.Scheme, cb.Host, cb.Path, h.cfg.RedirectURL))
	}
	q := cb.Query()
	if q.Get("state") != state {
		return "", authError("the authorization redirect", errors.New("state mismatch: it does not answer this authorization request"))
	}
	if e := q.Get("error"); e != "" {
		if d := q.Get("error_description"); d != "" {
			e += " (" + d + ")"
		}
		return "", authError("the authorization server refused", errors.New(e))
	}
	iss := q.Get("iss")
	switch {
	case iss == "" && asm.AuthorizationResponseIssParameterSupported:
		return "", authError("the authorization redirect", errors.New("no iss, which the authorization server promises (RFC 9207)"))
	case iss != "" && iss != asm.Issuer:
		// A simple string comparison (RFC 9207, 2.4): no case folding,
		// default port, trailing slash or percent-decoding, since an
		// issuer that only matches after them is another one.
		return "", authError("the authorization redirect", fmt.Errorf("iss %q is not the authorization server's issuer %q (RFC 9207 compares them as strings)", iss, asm.Issuer))
	}
	code := q.Get("code")
	if code == "" {
		return "", authError("the authorization redirect", errors.New("no code"))
	}
	return code, nil
}

// authorize gives req the access token of h, when there is one: for the
// requests the client sends beside go-sdk's transport (tasks), which the
// transport's own OAuth handling does not see.
func authorize(ctx context.Context, req *http.Request, h *oauthHandler) error {
	if h == nil {
		return nil
	}
	ts, err := h.TokenSource(ctx)
	if err != nil || ts == nil {
		return err
	}
	tok, err := ts.Token()
	if err != nil {
		return err
	}
	tok.SetAuthHeader(req)
	return nil
}

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
