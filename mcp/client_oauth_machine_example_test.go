package mcp_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"net/url"
	"os"

	"github.com/toolgen-dev/toolgen/mcp"
)

// A service with no user reaches a server that requires OAuth with its own
// credentials: a private key whose public half the authorization server
// knows (private_key_jwt). With a secret instead, set ClientSecret.
func ExampleOAuthClientCredentials() {
	ctx := context.Background()
	pemBytes, err := os.ReadFile("/etc/reports/client-key.pem")
	if err != nil {
		log.Fatal(err)
	}
	key, err := mcp.ParsePrivateKeyPEM(pemBytes)
	if err != nil {
		log.Fatal(err)
	}
	c, err := mcp.Connect(ctx, mcp.URL("https://mcp.example.com/mcp", nil), mcp.OAuthClientCredentials(mcp.ClientCredentialsConfig{
		ClientID:   "reports-service",
		PrivateKey: key,
		Scopes:     []string{"reports:read"},
		Issuer:     "https://auth.example.com", // the credentials go to this authorization server only
	}))
	if err != nil {
		log.Fatal(err) // errors.Is(err, mcp.ErrAuthorization) when the token request was refused
	}
	defer c.Close()
	tools, err := c.Tools(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(tools), "tools")
}

// A workload in Kubernetes exchanges its projected service account token
// (whose audience is the authorization server) for an access token: the
// file is read again for each token request, as the kubelet rotates it.
func ExampleOAuthWorkloadIdentity() {
	ctx := context.Background()
	c, err := mcp.Connect(ctx, mcp.URL("https://mcp.example.com/mcp", nil), mcp.OAuthWorkloadIdentity(mcp.WorkloadIdentityConfig{
		Token: mcp.WorkloadTokenFile("/var/run/secrets/tokens/mcp-token"),
	}))
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	tools, err := c.Tools(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(tools), "tools")
}

// A client publishes its client ID metadata document at the URL that is
// its client ID; authorization servers that take such documents need no
// registration. The document is built from the OAuth configuration the
// program uses, so the two agree.
func ExampleClientMetadataHandler() {
	cfg := mcp.OAuthConfig{
		RedirectURL:         "http://127.0.0.1:8765/callback",
		Authorize:           func(context.Context, string) (*url.URL, error) { return nil, errors.New("unused here") },
		ClientIDMetadataURL: "https://app.example.com/oauth/client.json",
		ClientName:          "Example Agent",
	}
	md, err := cfg.ClientMetadata()
	if err != nil {
		log.Fatal(err)
	}
	h, err := mcp.ClientMetadataHandler(md)
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux() // of the https server of app.example.com
	mux.Handle("GET /oauth/client.json", h)
	doc, _ := json.Marshal(md)
	fmt.Println(string(doc))
	// Output: {"client_id":"https://app.example.com/oauth/client.json","client_name":"Example Agent","redirect_uris":["http://127.0.0.1:8765/callback"],"grant_types":["authorization_code","refresh_token"],"response_types":["code"],"token_endpoint_auth_method":"none"}
}
