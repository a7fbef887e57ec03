package main

import (
	"context"
	"testing"
)

// TestConformanceEnterpriseContext: the enterprise scenario's context
// makes an enterprise configuration with its ID token, IdP endpoint and
// IdP client; a context without an ID token leaves the browser flow.
func TestConformanceEnterpriseContext(t *testing.T) {
	cfg, err := conformanceOAuth(`{"client_id":"c","client_secret":"s","idp_client_id":"idp-c",` +
		`"idp_id_token":"tok","idp_issuer":"http://localhost:9","idp_token_endpoint":"http://localhost:9/token"}`)
	if err != nil {
		t.Fatal(err)
	}
	e := cfg.Enterprise
	if e == nil || e.TokenEndpoint != "http://localhost:9/token" || e.ClientID != "idp-c" || cfg.ClientID != "c" || cfg.ClientSecret != "s" {
		t.Fatalf("config %+v, enterprise %+v", cfg, e)
	}
	if tok, err := e.IDToken(context.Background()); err != nil || tok != "tok" {
		t.Errorf("IDToken: %q, %v", tok, err)
	}
	cfg, err = conformanceOAuth(`{"client_id":"c","client_secret":"s"}`)
	if err != nil || cfg.Enterprise != nil || cfg.Authorize == nil {
		t.Errorf("pre-registration context: enterprise %v, err %v", cfg.Enterprise, err)
	}
}
