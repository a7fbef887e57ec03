package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// ClientMetadata is a client ID metadata document (the OAuth Client ID
// Metadata Document draft, which MCP prefers to dynamic registration):
// the client's registration, published by the program at the https URL
// that is its client ID, which an authorization server fetches when it
// sees that client ID. OAuthConfig.ClientMetadata builds one, Check checks
// one, ClientMetadataHandler publishes one, FetchClientMetadata reads and
// checks a published one.
type ClientMetadata struct {
	ClientID                string   `json:"client_id"` // the URL the document is served at, exactly
	ClientName              string   `json:"client_name"`
	ClientURI               string   `json:"client_uri,omitempty"`
	LogoURI                 string   `json:"logo_uri,omitempty"`
	RedirectURIs            []string `json:"redirect_uris"`
	GrantTypes              []string `json:"grant_types,omitempty"`
	ResponseTypes           []string `json:"response_types,omitempty"`
	TokenEndpointAuthMethod string   `json:"token_endpoint_auth_method,omitempty"` // none, or private_key_jwt with JWKSURI
	JWKSURI                 string   `json:"jwks_uri,omitempty"`
	// ClientSecret must be empty: a document anyone can read holds no
	// secret. It is here so that Check refuses a document that has one.
	ClientSecret string `json:"client_secret,omitempty"`
}

// ClientMetadata is the client ID metadata document of cfg: client_id
// cfg.ClientIDMetadataURL, client_name cfg.ClientName, cfg.RedirectURL
// as the redirect URI, the authorization code and refresh token grants,
// and no client authentication (a public client), checked. The program
// publishes it at cfg.ClientIDMetadataURL (see ClientMetadataHandler).
// An authorization server compares the redirect URI exactly, except that
// one on a loopback address may have any port (RFC 8252, 7.3) with some:
// a program that redirects to a LoopbackAuthorizer is safest with a fixed
// port.
func (cfg OAuthConfig) ClientMetadata() (*ClientMetadata, error) {
	if cfg.ClientIDMetadataURL == "" {
		return nil, errors.New("mcp: OAuthConfig.ClientMetadata: no ClientIDMetadataURL")
	}
	if err := cfg.check(); err != nil {
		return nil, fmt.Errorf("mcp: OAuthConfig.ClientMetadata: %w", err)
	}
	md := &ClientMetadata{
		ClientID:                cfg.ClientIDMetadataURL,
		ClientName:              cfg.ClientName,
		RedirectURIs:            []string{cfg.RedirectURL},
		GrantTypes:              []string{"authorization_code", "refresh_token"},
		ResponseTypes:           []string{"code"},
		TokenEndpointAuthMethod: "none",
	}
	if err := md.CheckConfig(cfg); err != nil {
		return nil, err
	}
	return md, nil
}

// Check checks md as a client ID metadata document served at servedAt:
// its client_id is servedAt exactly, an https URL with a path (http on a
// loopback address passes too, for tests), without fragment, user or dot
// segments; it has a client_name and redirect URIs, each absolute, https
// or http on a loopback address, without fragment; its grant and response
// types are those of the authorization code flow; it authenticates with
// no shared secret (none or private_key_jwt, the latter with a jwks_uri).
func (md *ClientMetadata) Check(servedAt string) error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if md.ClientID != servedAt {
		bad("client_id %q is not the URL the document is served at, %q", md.ClientID, servedAt)
	}
	if err := checkClientIDURL(md.ClientID); err != nil {
		bad("client_id: %w", err)
	}
	if strings.TrimSpace(md.ClientName) == "" {
		bad("no client_name")
	}
	if len(md.RedirectURIs) == 0 {
		bad("no redirect_uris")
	}
	for _, r := range md.RedirectURIs {
		if err := checkRedirectURI(r); err != nil {
			bad("redirect URI %q: %w", r, err)
		}
	}
	for _, g := range md.GrantTypes {
		if g != "authorization_code" && g != "refresh_token" {
			bad("grant type %q: a client ID metadata document is of a client of the authorization code flow", g)
		}
	}
	for _, r := range md.ResponseTypes {
		if r != "code" {
			bad("response type %q: only code", r)
		}
	}
	switch md.TokenEndpointAuthMethod {
	case "", "none":
	case "private_key_jwt":
		if md.JWKSURI == "" {
			bad("private_key_jwt without a jwks_uri")
		}
	default:
		bad("token_endpoint_auth_method %q: a published document can hold no shared secret (none or private_key_jwt)", md.TokenEndpointAuthMethod)
	}
	if md.ClientSecret != "" {
		bad("it holds a client_secret, which anyone may read")
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("mcp: client ID metadata document: %w", err)
	}
	return nil
}

// CheckConfig checks md and that cfg can use it: md is the document of
// cfg.ClientIDMetadataURL, and it lists cfg.RedirectURL (one on a
// loopback address with another port does, RFC 8252 7.3).
func (md *ClientMetadata) CheckConfig(cfg OAuthConfig) error {
	if err := md.Check(cfg.ClientIDMetadataURL); err != nil {
		return err
	}
	if !slices.ContainsFunc(md.RedirectURIs, func(r string) bool { return sameRedirect(r, cfg.RedirectURL) }) {
		return fmt.Errorf("mcp: client ID metadata document: the redirect URL %q is not among its redirect_uris %q", cfg.RedirectURL, md.RedirectURIs)
	}
	return nil
}

// sameRedirect reports whether redirect URI got matches registered: the
// same string, or both on the same loopback host and path, with any port.
func sameRedirect(registered, got string) bool {
	if registered == got {
		return true
	}
	r, err1 := url.Parse(registered)
	g, err2 := url.Parse(got)
	return err1 == nil && err2 == nil && r.Scheme == "http" && g.Scheme == "http" && isLoopbackHost(r.Hostname()) &&
		r.Hostname() == g.Hostname() && r.EscapedPath() == g.EscapedPath() && r.RawQuery == g.RawQuery
}

// checkClientIDURL checks a client ID that is a metadata document's URL:
// https (or http on loopback), with a host and a path other than "/",
// without fragment, user, or "." and ".." segments ("" passes: none).
func checkClientIDURL(raw string) error {
	if raw == "" {
		return nil
	}
	u, err := parseSecureURL(raw)
	switch {
	case err != nil:
		return fmt.Errorf("%q: %w", raw, err)
	case u.Path == "" || u.Path == "/":
		return fmt.Errorf("%q: must have a path (such as /client.json)", raw)
	case u.Fragment != "" || strings.Contains(raw, "#"):
		return fmt.Errorf("%q: has a fragment", raw)
	case u.User != nil:
		return fmt.Errorf("%q: has a user", raw)
	}
	for seg := range strings.SplitSeq(u.EscapedPath(), "/") {
		if seg == "." || seg == ".." {
			return fmt.Errorf("%q: has a %q path segment", raw, seg)
		}
	}
	return nil
}

// checkRedirectURI checks one redirect URI of a document.
func checkRedirectURI(raw string) error {
	u, err := parseSecureURL(raw)
	switch {
	case err != nil:
		return err
	case u.Fragment != "" || strings.Contains(raw, "#"):
		return errors.New("has a fragment")
	}
	return nil
}

// ClientMetadataHandler publishes md, checked, as JSON: mount it at the
// path of md.ClientID, on the https server of that URL. Authorization
// servers may cache it for an hour.
func ClientMetadataHandler(md *ClientMetadata) (http.Handler, error) {
	if err := md.Check(md.ClientID); err != nil {
		return nil, err
	}
	body, err := json.MarshalIndent(md, "", "  ")
	if err != nil {
		return nil, err
	}
	body = append(body, '\n')
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "public, max-age=3600")
		_, _ = w.Write(body)
	}), nil
}

// FetchClientMetadata reads the client ID metadata document published at
// clientID, as an authorization server would, with hc (nil: a client with
// a 10 s timeout), and checks it: a program can check at start that what
// it publishes is what it uses (ClientMetadata.CheckConfig). A redirect
// is not followed: the document must be at its URL.
func FetchClientMetadata(ctx context.Context, clientID string, hc *http.Client) (*ClientMetadata, error) {
	if err := checkClientIDURL(clientID); err != nil {
		return nil, fmt.Errorf("mcp.FetchClientMetadata: %w", err)
	}
	if hc == nil {
		hc = &http.Client{Timeout: 10 * time.Second}
	}
	c := *hc
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, clientID, nil)
	if err != nil {
		return nil, fmt.Errorf("mcp.FetchClientMetadata: %w", err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return nil, fmt.Errorf("mcp.FetchClientMetadata: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("mcp.FetchClientMetadata: %s answered %s", clientID, resp.Status)
	}
	if ct, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); ct != "application/json" {
		return nil, fmt.Errorf("mcp.FetchClientMetadata: %s is of type %q, not application/json", clientID, ct)
	}
	var md ClientMetadata
	if err := json.NewDecoder(io.LimitReader(resp.Body, 64<<10)).Decode(&md); err != nil {
		return nil, fmt.Errorf("mcp.FetchClientMetadata: %s: %w", clientID, err)
	}
	if err := md.Check(clientID); err != nil {
		return nil, err
	}
	return &md, nil
}
