package mcp

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/oauthex"
)

// EnterpriseAuthorization makes OAuth obtain its tokens through the
// user's enterprise identity provider (IdP), as the MCP extension
// io.modelcontextprotocol/enterprise-managed-authorization (SEP-990)
// says, without a browser: the client exchanges the ID token of the
// user's single sign-on, at the IdP's token endpoint (RFC 8693 token
// exchange), for an Identity Assertion JWT Authorization Grant (ID-JAG)
// naming the MCP server and its authorization server, and presents the
// ID-JAG to that authorization server (RFC 7523 JWT bearer grant) for
// the access token. The IdP decides by its policy; a refusal is an error
// naming the IdP's answer.
type EnterpriseAuthorization struct {
	// IDToken returns the user's current ID token (OpenID Connect) from
	// the IdP, which the program's own sign-on obtained. Required.
	IDToken func(ctx context.Context) (string, error)
	// TokenEndpoint is the IdP's token endpoint. Required; https, or
	// http on a loopback address.
	TokenEndpoint string
	// ClientID and ClientSecret are the client's registration with the
	// IdP, if it needs one: the secret goes in HTTP Basic authentication
	// (client_secret_basic), a client ID alone in the form.
	ClientID, ClientSecret string
}

// The token and grant types of the exchange.
const (
	tokenExchangeGrant = "urn:ietf:params:oauth:grant-type:token-exchange"
	jwtBearerGrant     = "urn:ietf:params:oauth:grant-type:jwt-bearer"
	idTokenType        = "urn:ietf:params:oauth:token-type:id_token"
	idJAGTokenType     = "urn:ietf:params:oauth:token-type:id-jag"
)

// checkEnterprise is check for a cfg with Enterprise: no browser, so no
// Authorize or RedirectURL; a client registered beforehand with the MCP
// server's authorization server (ClientID).
func (cfg *OAuthConfig) checkEnterprise() error {
	e := cfg.Enterprise
	switch {
	case e.IDToken == nil:
		return errors.New("Enterprise.IDToken is required")
	case cfg.ClientID == "":
		return errors.New("ClientID is required with Enterprise: the client's registration with the MCP server's authorization server")
	case e.ClientSecret != "" && e.ClientID == "":
		return errors.New("Enterprise.ClientSecret without Enterprise.ClientID")
	}
	if e.TokenEndpoint == "" {
		return errors.New("Enterprise.TokenEndpoint is required")
	}
	if _, err := parseSecureURL(e.TokenEndpoint); err != nil {
		return fmt.Errorf("Enterprise.TokenEndpoint %q: %w", e.TokenEndpoint, err)
	}
	if cfg.ClientName == "" {
		cfg.ClientName = "toolgen"
	}
	if cfg.Store == nil {
		cfg.Store = NewMemoryTokenStore()
	}
	return nil
}

// enterpriseGrant obtains the tokens of resource from the authorization
// server of asm with an ID-JAG from the IdP: the record kept for the
// server. It takes the place of authorizationCode.
func (h *oauthHandler) enterpriseGrant(ctx context.Context, resource string, asm *oauthex.AuthServerMeta, reg *OAuthToken, scopes []string) (*OAuthToken, error) {
	jag, err := h.idJAG(ctx, resource, asm.Issuer, scopes)
	if err != nil {
		return nil, err
	}
	form := url.Values{"grant_type": {jwtBearerGrant}, "assertion": {jag}, "resource": {resource}}
	if len(scopes) > 0 {
		form.Set("scope", strings.Join(scopes, " "))
	}
	dpop := h.dpopFor(ctx, asm)
	r, err := h.postToken(ctx, h.tokenClient(dpop), asm.TokenEndpoint, form, reg.ClientID, reg.ClientSecret, reg.TokenAuth)
	if err != nil {
		return nil, authError("the JWT bearer grant at "+asm.TokenEndpoint, err)
	}
	return h.granted(reg, resource, scopes, r, dpop, asm.TokenEndpoint)
}

// idJAG exchanges the user's ID token at the IdP for an ID-JAG for
// resource, whose audience is the authorization server issuer.
func (h *oauthHandler) idJAG(ctx context.Context, resource, issuer string, scopes []string) (string, error) {
	e := h.cfg.Enterprise
	idToken, err := e.IDToken(ctx)
	if err == nil && idToken == "" {
		err = errors.New("none")
	}
	if err != nil {
		return "", authError("the user's enterprise ID token", err)
	}
	form := url.Values{
		"grant_type":           {tokenExchangeGrant},
		"requested_token_type": {idJAGTokenType},
		"subject_token":        {idToken},
		"subject_token_type":   {idTokenType},
		"audience":             {issuer},
		"resource":             {resource},
	}
	if len(scopes) > 0 {
		form.Set("scope", strings.Join(scopes, " "))
	}
	method := "none"
	if e.ClientSecret != "" {
		method = "client_secret_basic"
	}
	r, err := h.postToken(ctx, h.hc, e.TokenEndpoint, form, e.ClientID, e.ClientSecret, method)
	switch {
	case err != nil:
		return "", authError("the enterprise IdP's token exchange at "+e.TokenEndpoint, err)
	case r.IssuedTokenType != idJAGTokenType:
		return "", authError("the enterprise IdP's token exchange at "+e.TokenEndpoint, fmt.Errorf("issued a token of type %q, not an ID-JAG (%s)", r.IssuedTokenType, idJAGTokenType))
	}
	return r.AccessToken, nil
}
