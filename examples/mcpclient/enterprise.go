package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/toolgen-dev/toolgen/mcp"
)

// withEnterprise makes cfg authorize through the enterprise IdP when the
// scenario's context (JSON) carries the user's ID token and the IdP's
// token endpoint (auth/enterprise-managed-authorization): the suite
// plays the IdP, and the ID token stands for the user's single sign-on.
func withEnterprise(cfg *mcp.OAuthConfig, scenarioContext string) error {
	var c struct {
		IDToken       string `json:"idp_id_token"`
		TokenEndpoint string `json:"idp_token_endpoint"`
		ClientID      string `json:"idp_client_id"`
	}
	if err := json.Unmarshal([]byte(scenarioContext), &c); err != nil {
		return fmt.Errorf("MCP_CONFORMANCE_CONTEXT: %w", err)
	}
	if c.IDToken == "" {
		return nil
	}
	cfg.Enterprise = &mcp.EnterpriseAuthorization{
		IDToken:       func(context.Context) (string, error) { return c.IDToken, nil },
		TokenEndpoint: c.TokenEndpoint,
		ClientID:      c.ClientID,
	}
	return nil
}
