package mcp

import (
	"context"
	"crypto"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/oauthex"
)

// ClientCredentialsConfig configures OAuthClientCredentials: the client
// is a program acting for itself (a service, a CI job, a daemon), with no
// user to send to a browser.
type ClientCredentialsConfig struct {
	// ClientID is the client's registration with the authorization
	// server. Required.
	ClientID string
	// ClientSecret authenticates the client with client_secret_basic (or
	// client_secret_post, when the authorization server takes only that).
	ClientSecret string
	// PrivateKey authenticates the client with private_key_jwt (RFC
	// 7523, 2.2): each token request carries an assertion signed with
	// it, of issuer and subject ClientID, audience the authorization
	// server's issuer, a two-minute lifetime and a unique jti. An
	// *ecdsa.PrivateKey on P-256, P-384 or P-521 (ES256, ES384, ES512),
	// an *rsa.PrivateKey of 2048 bits or more (RS256) or an
	// ed25519.PrivateKey (EdDSA); ParsePrivateKeyPEM reads one. Exactly
	// one of ClientSecret and PrivateKey is required.
	PrivateKey crypto.Signer
	// KeyID is the kid of the assertion's header, when the authorization
	// server knows several keys of the client.
	KeyID string
	// Scopes are requested in every token request, together with those a
	// server's challenge names. Without them the client asks for the
	// challenge's scopes, else those the server's resource metadata
	// lists.
	Scopes []string
	// Issuer is the authorization server the client is registered with.
	// When set, the credentials go to it only: a server whose metadata
	// names another is an error. When empty, they are bound to the first
	// authorization server they are used with (recorded in the Store).
	Issuer string
	// Store and HTTPClient are as in OAuthConfig.
	Store      TokenStore
	HTTPClient *http.Client
}

// OAuthClientCredentials makes a URL client authorize itself with the OAuth
// client credentials grant (RFC 6749, 4.4; the MCP extension
// io.modelcontextprotocol/oauth-client-credentials) when the server asks
// for it: discovery is that of OAuth (the server's protected resource
// metadata, then its authorization server's, checked the same way), then
// the client sends its credentials to the token endpoint, with the
// resource parameter naming the server, and sends the request again with
// the access token. No browser and no refresh token are involved: a token
// about to expire is replaced by requesting a new one. A refusal of the
// token endpoint is an error (errors.Is(err, ErrAuthorization)) and is
// not retried. The secret and the key never appear in errors or logs.
func OAuthClientCredentials(cfg ClientCredentialsConfig) ClientOption {
	return machineOption("mcp.OAuthClientCredentials", cfg.Store, cfg.HTTPClient, cfg.grant)
}

// machineOption is the option of a grant without a user: grant checks its
// configuration and makes it.
func machineOption(name string, store TokenStore, hc *http.Client, grant func() (machineGrant, error)) ClientOption {
	return func(o *clientOptions) error {
		g, err := grant()
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		o.oauth = &OAuthConfig{Store: store, HTTPClient: hc, grant: g}
		return o.oauth.check()
	}
}

// grant checks cfg and is its machineGrant.
func (cfg ClientCredentialsConfig) grant() (machineGrant, error) {
	switch {
	case cfg.ClientID == "":
		return nil, errors.New("ClientID is required")
	case cfg.ClientSecret == "" && cfg.PrivateKey == nil:
		return nil, errors.New("one of ClientSecret and PrivateKey is required")
	case cfg.ClientSecret != "" && cfg.PrivateKey != nil:
		return nil, errors.New("both ClientSecret and PrivateKey: use one")
	}
	g := &clientCredentialsGrant{cfg: cfg}
	if cfg.PrivateKey != nil {
		alg, err := jwsAlg(cfg.PrivateKey)
		if err != nil {
			return nil, fmt.Errorf("PrivateKey: %w", err)
		}
		g.alg = alg
	}
	if err := checkIssuer(cfg.Issuer); err != nil {
		return nil, fmt.Errorf("the configured %w", err)
	}
	return g, nil
}

// WorkloadIdentityConfig configures OAuthWorkloadIdentity.
type WorkloadIdentityConfig struct {
	// Token is the workload's identity token, a JWT its platform issues
	// (a Kubernetes service account token, a cloud's instance identity,
	// a CI job's OIDC token), read anew for every token request since the
	// platform rotates it: WorkloadTokenFile and WorkloadTokenEnv read
	// the usual places. Its audience must be the authorization server.
	// Required.
	Token func(ctx context.Context) (string, error)
	// ClientID, when set, is sent as client_id with the token requests.
	ClientID string
	// Scopes, Issuer, Store and HTTPClient are as in
	// ClientCredentialsConfig.
	Scopes     []string
	Issuer     string
	Store      TokenStore
	HTTPClient *http.Client
}

// OAuthWorkloadIdentity makes a URL client authorize itself with its
// workload identity (workload identity federation): when the server asks
// for authorization, discovery is that of OAuth, then the workload's token
// is exchanged at the authorization server's token endpoint for an access
// token with the JWT bearer grant (RFC 7523, 2.1:
// grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer, the token as
// assertion, the resource parameter naming the server). A token about to
// expire is replaced by exchanging the workload's token again. A refusal
// (invalid_grant, invalid_scope, unauthorized_client) is an error
// (errors.Is(err, ErrAuthorization)), neither retried nor answered with
// another grant.
func OAuthWorkloadIdentity(cfg WorkloadIdentityConfig) ClientOption {
	return machineOption("mcp.OAuthWorkloadIdentity", cfg.Store, cfg.HTTPClient, cfg.grant)
}

// grant checks cfg and is its machineGrant.
func (cfg WorkloadIdentityConfig) grant() (machineGrant, error) {
	if cfg.Token == nil {
		return nil, errors.New("WorkloadIdentityConfig.Token is required")
	}
	if err := checkIssuer(cfg.Issuer); err != nil {
		return nil, fmt.Errorf("the configured %w", err)
	}
	return &workloadIdentityGrant{cfg: cfg}, nil
}

// maxWorkloadToken bounds a workload token read from a file or the
// environment.
const maxWorkloadToken = 64 << 10

// WorkloadTokenFile is a WorkloadIdentityConfig.Token that reads the token
// from the file at path each time (where a platform keeps it fresh, such
// as /var/run/secrets/tokens/... of a Kubernetes projected volume),
// without surrounding white space.
func WorkloadTokenFile(path string) func(context.Context) (string, error) {
	return func(context.Context) (string, error) {
		f, err := os.Open(path)
		if err != nil {
			return "", fmt.Errorf("the workload token: %w", err)
		}
		defer f.Close()
		data, err := io.ReadAll(io.LimitReader(f, maxWorkloadToken+1))
		switch {
		case err != nil:
			return "", fmt.Errorf("the workload token: %w", err)
		case len(data) > maxWorkloadToken:
			return "", fmt.Errorf("the workload token in %s is longer than %d bytes", path, maxWorkloadToken)
		}
		return nonEmptyToken(string(data), path)
	}
}

// WorkloadTokenEnv is a WorkloadIdentityConfig.Token that reads the token
// from the environment variable name each time.
func WorkloadTokenEnv(name string) func(context.Context) (string, error) {
	return func(context.Context) (string, error) {
		return nonEmptyToken(os.Getenv(name), "$"+name)
	}
}

func nonEmptyToken(tok, where string) (string, error) {
	tok = strings.TrimSpace(tok)
	if tok == "" {
		return "", fmt.Errorf("the workload token: %s is empty", where)
	}
	return tok, nil
}

// checkIssuer checks a configured issuer identifier: an https URL (http
// on loopback), without query or fragment (RFC 8414, 2).
func checkIssuer(issuer string) error {
	if issuer == "" {
		return nil
	}
	u, err := parseSecureURL(issuer)
	switch {
	case err != nil:
		return fmt.Errorf("issuer %q: %w", issuer, err)
	case u.RawQuery != "" || u.Fragment != "" || u.User != nil:
		return fmt.Errorf("issuer %q: must be a URL without query, fragment or user", issuer)
	}
	return nil
}

// machineGrant is how a client without a user obtains an access token:
// the parameters of its token request.
type machineGrant interface {
	// clientID is the client the credentials are of ("" for none).
	clientID() string
	// issuer is the authorization server they are bound to ("" for the
	// first one used).
	issuer() string
	// scopes are those always requested.
	scopes() []string
	// check refuses an authorization server that cannot take the grant.
	check(asm *oauthex.AuthServerMeta) error
	// request is the token request's form (and Basic credentials, if
	// any) for the authorization server of issuer identifier issuer,
	// authenticated with method (as check chose).
	request(ctx context.Context, issuer, method string, now time.Time) (form url.Values, basic *[2]string, err error)
	// method is the token endpoint auth method for asm.
	method(asm *oauthex.AuthServerMeta) string
}

const (
	grantClientCredentials = "client_credentials"
	grantJWTBearer         = "urn:ietf:params:oauth:grant-type:jwt-bearer"
	assertionTypeJWTBearer = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
)

type clientCredentialsGrant struct {
	cfg ClientCredentialsConfig
	alg string // the JWS algorithm of cfg.PrivateKey
}

func (g *clientCredentialsGrant) clientID() string { return g.cfg.ClientID }
func (g *clientCredentialsGrant) issuer() string   { return g.cfg.Issuer }
func (g *clientCredentialsGrant) scopes() []string { return g.cfg.Scopes }

func (g *clientCredentialsGrant) method(asm *oauthex.AuthServerMeta) string {
	if g.cfg.PrivateKey != nil {
		return "private_key_jwt"
	}
	return tokenAuthMethod(asm, true)
}

func (g *clientCredentialsGrant) check(asm *oauthex.AuthServerMeta) error {
	if err := grantSupported(asm, grantClientCredentials); err != nil {
		return err
	}
	if g.cfg.PrivateKey == nil {
		return nil
	}
	if m := asm.TokenEndpointAuthMethodsSupported; len(m) > 0 && !slices.Contains(m, "private_key_jwt") {
		return fmt.Errorf("does not take private_key_jwt client authentication (it takes %q)", m)
	}
	if a := asm.TokenEndpointAuthSigningAlgValuesSupported; len(a) > 0 && !slices.Contains(a, g.alg) {
		return fmt.Errorf("does not take client assertions signed with %s, the algorithm of the key (it takes %q)", g.alg, a)
	}
	return nil
}

func (g *clientCredentialsGrant) request(_ context.Context, issuer, method string, now time.Time) (url.Values, *[2]string, error) {
	form := url.Values{"grant_type": {grantClientCredentials}}
	switch method {
	case "private_key_jwt":
		assertion, err := clientAssertion(g.cfg.PrivateKey, g.cfg.KeyID, g.cfg.ClientID, issuer, now)
		if err != nil {
			return nil, nil, err
		}
		form.Set("client_id", g.cfg.ClientID)
		form.Set("client_assertion_type", assertionTypeJWTBearer)
		form.Set("client_assertion", assertion)
	case "client_secret_post":
		form.Set("client_id", g.cfg.ClientID)
		form.Set("client_secret", g.cfg.ClientSecret)
	default:
		return form, &[2]string{g.cfg.ClientID, g.cfg.ClientSecret}, nil
	}
	return form, nil, nil
}

type workloadIdentityGrant struct{ cfg WorkloadIdentityConfig }

func (g *workloadIdentityGrant) clientID() string                      { return g.cfg.ClientID }
func (g *workloadIdentityGrant) issuer() string                        { return g.cfg.Issuer }
func (g *workloadIdentityGrant) scopes() []string                      { return g.cfg.Scopes }
func (g *workloadIdentityGrant) method(*oauthex.AuthServerMeta) string { return "none" }

func (g *workloadIdentityGrant) check(asm *oauthex.AuthServerMeta) error {
	return grantSupported(asm, grantJWTBearer)
}

func (g *workloadIdentityGrant) request(ctx context.Context, _, _ string, _ time.Time) (url.Values, *[2]string, error) {
	tok, err := g.cfg.Token(ctx)
	if err != nil {
		return nil, nil, err
	}
	form := url.Values{"grant_type": {grantJWTBearer}, "assertion": {tok}}
	if g.cfg.ClientID != "" {
		form.Set("client_id", g.cfg.ClientID)
	}
	return form, nil, nil
}

// grantSupported refuses an authorization server whose metadata lists the
// grant types it supports without grant. Metadata that lists none says
// nothing (RFC 8414's default names only the browser's grants, but many
// servers take more than they list), so the token endpoint decides.
func grantSupported(asm *oauthex.AuthServerMeta, grant string) error {
	if g := asm.GrantTypesSupported; len(g) > 0 && !slices.Contains(g, grant) {
		return fmt.Errorf("does not support the %s grant (it lists %q)", grant, g)
	}
	return nil
}

// machineAuthorize obtains the record of an access token for resource
// from the authorization server asm with the configured grant.
func (h *oauthHandler) machineAuthorize(ctx context.Context, resource string, asm *oauthex.AuthServerMeta, scopes []string) (*OAuthToken, error) {
	g := h.cfg.grant
	if err := g.check(asm); err != nil {
		return nil, authError("authorization server "+asm.Issuer, err)
	}
	if err := h.checkBinding(ctx, g.clientID(), g.issuer(), asm.Issuer); err != nil {
		return nil, err
	}
	rec := &OAuthToken{Issuer: asm.Issuer, TokenURL: asm.TokenEndpoint, ClientID: g.clientID(), TokenAuth: g.method(asm),
		Resource: resource, Scopes: scopes}
	tok, err := h.machineToken(ctx, rec)
	if err != nil {
		return nil, authError("the token request to "+asm.TokenEndpoint, err)
	}
	return tok, nil
}

// machineToken requests a new access token as rec says (its issuer, token
// endpoint, auth method, resource and scopes) and returns rec with it.
func (h *oauthHandler) machineToken(ctx context.Context, rec *OAuthToken) (*OAuthToken, error) {
	form, basic, err := h.cfg.grant.request(ctx, rec.Issuer, rec.TokenAuth, h.now())
	if err != nil {
		return nil, err
	}
	form.Set("resource", rec.Resource)
	if len(rec.Scopes) > 0 {
		form.Set("scope", strings.Join(rec.Scopes, " "))
	}
	method, id, secret := "", "", ""
	if basic != nil {
		method, id, secret = "client_secret_basic", basic[0], basic[1]
	}
	r, err := h.postToken(ctx, h.hc, rec.TokenURL, form, id, secret, method)
	switch {
	case err != nil:
		return nil, err
	case r.TokenType != "" && !strings.EqualFold(r.TokenType, "bearer"):
		return nil, fmt.Errorf("the token endpoint's token is of type %q, not Bearer", r.TokenType)
	}
	tok := rec.clone()
	r.update(tok, h.now())
	// A refresh token, which RFC 6749 (4.4.3) advises against here, is
	// not kept: a new token is had by asking again as before.
	tok.RefreshToken = ""
	return tok, nil
}

// renewable reports whether tok can be replaced by asking again with the
// configured grant: it is of that grant's client, from the authorization
// server it is bound to, and was had with the client authentication the
// grant would choose again (a record of an earlier configuration is not).
func (h *oauthHandler) renewable(tok *OAuthToken) bool {
	g := h.cfg.grant
	if g == nil || tok.TokenURL == "" || tok.ClientID != g.clientID() || (g.issuer() != "" && g.issuer() != tok.Issuer) {
		return false
	}
	onlyTokAuth := &oauthex.AuthServerMeta{TokenEndpointAuthMethodsSupported: []string{tok.TokenAuth}}
	return g.method(onlyTokAuth) == tok.TokenAuth
}
