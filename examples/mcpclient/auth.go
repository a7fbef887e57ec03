package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/toolgen-dev/toolgen/mcp"
)

// conformanceClientIDURL is the client ID metadata document the suite's
// authorization servers expect when they take client ID metadata
// documents (auth/basic-cimd); they do not fetch it.
const conformanceClientIDURL = "https://conformance-test.local/client-metadata.json"

// scenarioContext is what the suite's auth/ scenarios put in
// MCP_CONFORMANCE_CONTEXT, as far as mcpclient reads it.
type scenarioContext struct {
	ClientID      string `json:"client_id"`
	ClientSecret  string `json:"client_secret"`
	PrivateKeyPEM string `json:"private_key_pem"` // auth/client-credentials-jwt (ES256)
	WorkloadToken string `json:"valid_jwt"`       // auth/wif-jwt-bearer
}

// conformanceAuth is the authorization of the suite's auth/ scenario
// scenario, given its context (JSON, possibly empty): the client
// credentials grant for auth/client-credentials-*, workload identity for
// auth/wif-*, else the authorization code flow, with a client ID metadata
// document where the authorization server takes one, the context's
// pre-registered client if any, else dynamic registration.
func conformanceAuth(scenario, rawContext string) (mcp.ClientOption, error) {
	var c scenarioContext
	if rawContext != "" {
		if err := json.Unmarshal([]byte(rawContext), &c); err != nil {
			return nil, fmt.Errorf("MCP_CONFORMANCE_CONTEXT: %w", err)
		}
	}
	switch {
	case strings.HasPrefix(scenario, "auth/client-credentials-"):
		return clientCredentials(c)
	case strings.HasPrefix(scenario, "auth/wif-"):
		if c.WorkloadToken == "" {
			return nil, errors.New("MCP_CONFORMANCE_CONTEXT: no valid_jwt for workload identity")
		}
		token := c.WorkloadToken
		return mcp.OAuthWorkloadIdentity(mcp.WorkloadIdentityConfig{
			ClientID: c.ClientID,
			Token:    func(context.Context) (string, error) { return token, nil },
		}), nil
	}
	cfg, err := conformanceOAuth(rawContext)
	if err != nil {
		return nil, err
	}
	return mcp.OAuth(cfg), nil
}

// conformanceOAuth is the configuration of the scenarios authorized by a
// user (mcp.OAuth): the suite's redirecting "browser", a pre-registered
// client when the context (JSON) gives one, the suite's client ID
// metadata document, and the enterprise IdP when the context names it.
func conformanceOAuth(rawContext string) (mcp.OAuthConfig, error) {
	var c scenarioContext
	if rawContext != "" {
		if err := json.Unmarshal([]byte(rawContext), &c); err != nil {
			return mcp.OAuthConfig{}, fmt.Errorf("MCP_CONFORMANCE_CONTEXT: %w", err)
		}
	}
	cfg := mcp.OAuthConfig{
		RedirectURL:         "http://127.0.0.1:3030/callback",
		Authorize:           readRedirect,
		ClientID:            c.ClientID,
		ClientSecret:        c.ClientSecret,
		ClientIDMetadataURL: conformanceClientIDURL,
	}
	if rawContext == "" {
		return cfg, nil
	}
	return cfg, withEnterprise(&cfg, rawContext)
}

// clientCredentials is the client credentials grant with the context's
// private key (private_key_jwt) or secret (client_secret_basic).
func clientCredentials(c scenarioContext) (mcp.ClientOption, error) {
	cfg := mcp.ClientCredentialsConfig{ClientID: c.ClientID, ClientSecret: c.ClientSecret}
	if c.PrivateKeyPEM != "" {
		key, err := mcp.ParsePrivateKeyPEM([]byte(c.PrivateKeyPEM))
		if err != nil {
			return nil, fmt.Errorf("MCP_CONFORMANCE_CONTEXT: %w", err)
		}
		cfg.PrivateKey = key
	}
	return mcp.OAuthClientCredentials(cfg), nil
}

// readRedirect is the browser of an authorization server that redirects
// at once: it asks for the authorization URL and returns where it is sent,
// without going there.
func readRedirect(ctx context.Context, authURL string) (*url.URL, error) {
	hc := &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, authURL, nil)
	if err != nil {
		return nil, err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	loc, err := resp.Location()
	if err != nil {
		return nil, fmt.Errorf("the authorization server answered %s, not a redirect", resp.Status)
	}
	return loc, nil
}
