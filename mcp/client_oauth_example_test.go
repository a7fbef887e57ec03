package mcp_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/toolgen-dev/toolgen/mcp"
)

// A program run in a terminal reaches a server that requires OAuth: the
// first time, it prints the authorization server's URL for the user to
// open and waits for the browser on 127.0.0.1; the tokens are kept in a
// file for the next runs, which ask no one until the refresh token stops
// working.
func ExampleOAuth() {
	ctx := context.Background()
	lb, err := mcp.NewLoopbackAuthorizer("127.0.0.1:0", mcp.PrintAuthorizationURL(os.Stderr))
	if err != nil {
		log.Fatal(err)
	}
	defer lb.Close()
	cfg := lb.Config()
	dir, err := os.UserConfigDir()
	if err != nil {
		log.Fatal(err)
	}
	cfg.Store = mcp.FileTokenStore(filepath.Join(dir, "myagent", "mcp-tokens.json"))

	c, err := mcp.Connect(ctx, mcp.URL("https://mcp.example.com/mcp", nil), mcp.OAuth(cfg))
	if err != nil {
		log.Fatal(err) // errors.Is(err, mcp.ErrAuthorization) when authorization failed
	}
	defer c.Close()
	tools, err := c.Tools(ctx)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(tools), "tools")
}

// A stored token prints without its secrets, with fmt as with log/slog.
func ExampleOAuthToken_String() {
	tok := &mcp.OAuthToken{
		AccessToken: "at-secret", RefreshToken: "rt-secret",
		Resource: "https://mcp.example.com/mcp", Issuer: "https://auth.example.com",
		ClientID: "c-123", Scopes: []string{"mcp:read"},
	}
	fmt.Println(tok)
	// Output: OAuth access token, refresh token for https://mcp.example.com/mcp from https://auth.example.com (client c-123, scopes ["mcp:read"])
}
