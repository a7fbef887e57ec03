package mcp

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestProofTarget: htu is the request's URL without query, fragment or
// user information, its path as sent.
func TestProofTarget(t *testing.T) {
	for raw, want := range map[string]string{
		"https://mcp.example.com/mcp":                "https://mcp.example.com/mcp",
		"https://mcp.example.com/mcp?id=1&x=y":       "https://mcp.example.com/mcp",
		"https://mcp.example.com/mcp#frag":           "https://mcp.example.com/mcp",
		"https://mcp.example.com/mcp?":               "https://mcp.example.com/mcp",
		"https://user:pw@mcp.example.com:8443/a/b?q": "https://mcp.example.com:8443/a/b",
		"http://127.0.0.1:9/a%2Fb/c?q=1#f":           "http://127.0.0.1:9/a%2Fb/c",
		"https://AS.example.com/tenant/token":        "https://AS.example.com/tenant/token",
	} {
		u, err := url.Parse(raw)
		require.NoError(t, err)
		assert.Equal(t, want, proofTarget(u), raw)
	}
}

// TestTokenBinding: a Bearer token is unbound; a DPoP token is bound to
// the key of the proof the request carried, and an error without one;
// any other type is an error.
func TestTokenBinding(t *testing.T) {
	s, err := newDPoPSigner(time.Now)
	require.NoError(t, err)
	for _, tc := range []struct {
		typ     string
		dpop    *dpopSigner
		jkt     string
		wantErr string
	}{
		{"", nil, "", ""}, {"Bearer", nil, "", ""}, {"bearer", s, "", ""},
		{"DPoP", s, s.jkt(), ""}, {"dpop", s, s.jkt(), ""},
		{"DPoP", nil, "", "without a DPoP proof"},
		{"MAC", s, "", `type "MAC"`}, {"N_A", nil, "", `type "N_A"`},
	} {
		jkt, err := tokenBinding(tc.typ, tc.dpop)
		if tc.wantErr != "" {
			assert.ErrorContains(t, err, tc.wantErr, tc.typ)
			continue
		}
		assert.NoError(t, err, tc.typ)
		assert.Equal(t, tc.jkt, jkt, tc.typ)
	}
}

// TestDPoPProofClaims: each proof has a new jti, the newest nonce of its
// origin only, and ath only with a token.
func TestDPoPProofClaims(t *testing.T) {
	s, err := newDPoPSigner(time.Now)
	require.NoError(t, err)
	as, _ := url.Parse("https://as.example.com/token")
	rs, _ := url.Parse("https://mcp.example.com/mcp?x=1")
	for _, n := range []string{"n1", "n2"} {
		s.noteNonce(as, &http.Response{Header: http.Header{"Dpop-Nonce": {n}}})
	}
	s.noteNonce(rs, &http.Response{Header: http.Header{}}) // no nonce: nothing kept
	claims := func(u *url.URL, token string) map[string]any {
		p, err := s.proof(http.MethodPost, u, token)
		require.NoError(t, err)
		parts := strings.Split(p, ".")
		require.Len(t, parts, 3)
		var c map[string]any
		require.NoError(t, decodeJSONSegment(parts[1], &c))
		return c
	}
	a, b := claims(as, ""), claims(as, "")
	assert.NotEqual(t, a["jti"], b["jti"])
	assert.Equal(t, "n2", a["nonce"], "the newest")
	assert.NotContains(t, a, "ath")
	r := claims(rs, "tok")
	assert.NotContains(t, r, "nonce", "a nonce stays with its origin")
	assert.Equal(t, "https://mcp.example.com/mcp", r["htu"])
	assert.Equal(t, "POST", r["htm"])
	assert.NotEmpty(t, r["ath"])
}

func decodeJSONSegment(seg string, v any) error {
	data, err := base64.RawURLEncoding.DecodeString(seg)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}

// TestDPoPKeepsDiscoveryGuarded: with DPoP on, the client of discovery
// and registration keeps the configured transport itself, an
// *http.Transport, which go-sdk's discovery needs to see to refuse
// private addresses; only the token requests' client signs.
func TestDPoPKeepsDiscoveryGuarded(t *testing.T) {
	o := &clientOptions{oauth: &OAuthConfig{}}
	h := o.oauthFor("https://mcp.example.com/mcp")
	require.NotNil(t, h.dpop)
	assert.Equal(t, http.DefaultTransport, h.hc.Transport)
	assert.IsType(t, dpopTokenTransport{}, h.tokenClient(h.dpop).Transport)
	assert.Same(t, h.hc, h.tokenClient(nil))

	never := (&clientOptions{oauth: &OAuthConfig{DPoP: DPoPNever}}).oauthFor("https://mcp.example.com/mcp")
	assert.Nil(t, never.dpop)
	assert.Same(t, never.hc, never.tokenClient(never.dpop))
}

// TestAuthServerMetadataURLs: the URLs MCP lists for an issuer, with and
// without a path, in its order.
func TestAuthServerMetadataURLs(t *testing.T) {
	assert.Equal(t, []string{"https://as.example.com/.well-known/oauth-authorization-server", "https://as.example.com/.well-known/openid-configuration"},
		authServerMetadataURLs("https://as.example.com"))
	assert.Equal(t, []string{"https://as.example.com/.well-known/oauth-authorization-server", "https://as.example.com/.well-known/openid-configuration"},
		authServerMetadataURLs("https://as.example.com/"))
	assert.Equal(t, []string{
		"https://as.example.com:8443/.well-known/oauth-authorization-server/tenant/1",
		"https://as.example.com:8443/.well-known/openid-configuration/tenant/1",
		"https://as.example.com:8443/tenant/1/.well-known/openid-configuration",
	}, authServerMetadataURLs("https://as.example.com:8443/tenant/1/"))
	assert.Nil(t, authServerMetadataURLs("://bad"))
}
