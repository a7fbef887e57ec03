package mcp_test

import (
	"bytes"
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/mcp"
)

const (
	machineClientID = "svc-reporting"
	machineSecret   = "cc-s3cret-value"
)

// machineAS adds to an oauthEnv's authorization server the grants of a
// client without a user, verified as a real one would: client_credentials
// with client_secret_basic, client_secret_post or private_key_jwt (an RFC
// 7523 assertion whose signature, aud, exp, iss, sub and jti it checks,
// refusing a jti seen before), and the JWT bearer grant of workload
// identity (the assertion must be the workload's current token).
type machineAS struct {
	e   *oauthEnv
	pub crypto.PublicKey // the client's key, for private_key_jwt
	now func() time.Time // the authorization server's clock

	mu        sync.Mutex
	workload  string // the workload token accepted
	refuse    string // an error code to answer every token request with
	expiresIn int
	requests  []url.Values  // every token request's form
	headers   []http.Header // and headers
	jtis      map[string]bool
	claims    []map[string]any // of the assertions accepted
	problems  []string         // what the verification found wrong
}

func newMachineAS(e *oauthEnv) *machineAS {
	m := &machineAS{e: e, now: e.clock.Now, expiresIn: 3600, jtis: map[string]bool{}}
	e.as.meta["grant_types_supported"] = []string{"authorization_code", "refresh_token", "client_credentials",
		"urn:ietf:params:oauth:grant-type:jwt-bearer"}
	e.as.meta["token_endpoint_auth_methods_supported"] = []string{"none", "client_secret_basic", "client_secret_post", "private_key_jwt"}
	var h http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost && r.URL.Path == "/tenant/token" {
			m.token(w, r)
			return
		}
		e.as.mux.ServeHTTP(w, r)
	})
	e.as.handler.Store(&h)
	return m
}

func (m *machineAS) token(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_request"})
		return
	}
	f := r.PostForm
	m.mu.Lock()
	defer m.mu.Unlock()
	m.requests = append(m.requests, f)
	m.headers = append(m.headers, r.Header.Clone())
	fail := func(status int, code, desc string) {
		m.problems = append(m.problems, code+": "+desc)
		writeJSON(w, status, map[string]string{"error": code, "error_description": desc})
	}
	if m.refuse != "" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": m.refuse, "error_description": "refused by the test"})
		return
	}
	client := ""
	switch f.Get("grant_type") {
	case "client_credentials":
		var err error
		if client, err = m.authenticate(r); err != nil {
			fail(http.StatusUnauthorized, "invalid_client", err.Error())
			return
		}
	case "urn:ietf:params:oauth:grant-type:jwt-bearer":
		if f.Get("assertion") != m.workload {
			fail(http.StatusBadRequest, "invalid_grant", "not the workload's token")
			return
		}
		client = f.Get("client_id")
	default:
		fail(http.StatusBadRequest, "unsupported_grant_type", f.Get("grant_type"))
		return
	}
	if f.Get("resource") != m.e.url {
		fail(http.StatusBadRequest, "invalid_target", f.Get("resource"))
		return
	}
	scopes := strings.Fields(f.Get("scope"))
	access := rand.Text()
	m.e.as.mu.Lock()
	m.e.as.access[access] = &oauthGrant{client: client, resource: f.Get("resource"), scopes: scopes}
	m.e.as.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"access_token": access, "token_type": "Bearer", "expires_in": m.expiresIn,
		"scope": strings.Join(scopes, " ")})
}

// authenticate is the client of a client_credentials request.
func (m *machineAS) authenticate(r *http.Request) (string, error) {
	f := r.PostForm
	if id, secret, ok := r.BasicAuth(); ok {
		id, _ = url.QueryUnescape(id)
		secret, _ = url.QueryUnescape(secret)
		if id != machineClientID || secret != machineSecret {
			return "", fmt.Errorf("bad Basic credentials for %q", id)
		}
		return id, nil
	}
	if f.Has("client_secret") {
		if f.Get("client_id") != machineClientID || f.Get("client_secret") != machineSecret {
			return "", fmt.Errorf("bad client_secret_post credentials for %q", f.Get("client_id"))
		}
		return f.Get("client_id"), nil
	}
	if f.Get("client_assertion_type") != "urn:ietf:params:oauth:client-assertion-type:jwt-bearer" {
		return "", fmt.Errorf("no client authentication (assertion type %q)", f.Get("client_assertion_type"))
	}
	claims, err := verifyJWT(f.Get("client_assertion"), m.pub)
	if err != nil {
		return "", err
	}
	now := m.now().Unix()
	exp, _ := claims["exp"].(float64)
	iat, _ := claims["iat"].(float64)
	jti, _ := claims["jti"].(string)
	switch {
	case claims["iss"] != machineClientID || claims["sub"] != machineClientID:
		return "", fmt.Errorf("iss %v and sub %v must both be the client", claims["iss"], claims["sub"])
	case claims["aud"] != m.e.as.issuer:
		return "", fmt.Errorf("aud %v is not the issuer %s", claims["aud"], m.e.as.issuer)
	case int64(exp) <= now || int64(exp) > now+300:
		return "", fmt.Errorf("exp %v is not within five minutes of now %d", exp, now)
	case int64(iat) > now+5:
		return "", fmt.Errorf("iat %v is in the future", iat)
	case jti == "" || m.jtis[jti]:
		return "", fmt.Errorf("jti %q is missing or was seen before", jti)
	case f.Has("client_id") && f.Get("client_id") != machineClientID:
		return "", fmt.Errorf("client_id %q is not the assertion's subject", f.Get("client_id"))
	}
	m.jtis[jti] = true
	m.claims = append(m.claims, claims)
	return machineClientID, nil
}

// verifyJWT checks the compact JWS tok with pub (ES256/384/512, RS256,
// EdDSA, as its header says) and returns its claims.
func verifyJWT(tok string, pub crypto.PublicKey) (map[string]any, error) {
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		return nil, fmt.Errorf("not a compact JWS: %d parts", len(parts))
	}
	b64 := base64.RawURLEncoding
	var header struct{ Alg, Typ string }
	hb, err1 := b64.DecodeString(parts[0])
	cb, err2 := b64.DecodeString(parts[1])
	sig, err3 := b64.DecodeString(parts[2])
	if err1 != nil || err2 != nil || err3 != nil || json.Unmarshal(hb, &header) != nil {
		return nil, fmt.Errorf("malformed JWS %q", tok)
	}
	input := []byte(parts[0] + "." + parts[1])
	ok := false
	switch k := pub.(type) {
	case *ecdsa.PublicKey:
		var digest []byte
		switch header.Alg {
		case "ES256":
			s := sha256.Sum256(input)
			digest = s[:]
		case "ES384":
			s := sha512.Sum384(input)
			digest = s[:]
		case "ES512":
			s := sha512.Sum512(input)
			digest = s[:]
		}
		n := (k.Curve.Params().BitSize + 7) / 8
		ok = digest != nil && len(sig) == 2*n &&
			ecdsa.Verify(k, digest, new(big.Int).SetBytes(sig[:n]), new(big.Int).SetBytes(sig[n:]))
	case *rsa.PublicKey:
		s := sha256.Sum256(input)
		ok = header.Alg == "RS256" && rsa.VerifyPKCS1v15(k, crypto.SHA256, s[:], sig) == nil
	case ed25519.PublicKey:
		ok = header.Alg == "EdDSA" && ed25519.Verify(k, input, sig)
	}
	if !ok || header.Typ != "JWT" {
		return nil, fmt.Errorf("the signature (alg %s, typ %s) does not verify", header.Alg, header.Typ)
	}
	var claims map[string]any
	if err := json.Unmarshal(cb, &claims); err != nil {
		return nil, err
	}
	return claims, nil
}

func (m *machineAS) tokenRequests() []url.Values {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]url.Values(nil), m.requests...)
}

// connectWith connects to the env's server with opt (an OAuth option) and
// the env's clock.
func (e *oauthEnv) connectWith(t *testing.T, opt mcp.ClientOption) (*mcp.Client, error) {
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	c, err := mcp.Connect(ctx, mcp.URL(e.url, nil), opt, mcp.WithOAuthClock(e.clock.Now))
	if err == nil {
		t.Cleanup(func() { _ = c.Close() })
	}
	return c, err
}

func mustKey(t *testing.T, alg string) crypto.Signer {
	t.Helper()
	var key crypto.Signer
	var err error
	switch alg {
	case "ES256":
		key, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	case "ES384":
		key, err = ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	case "ES512":
		key, err = ecdsa.GenerateKey(elliptic.P521(), rand.Reader)
	case "RS256":
		key, err = rsa.GenerateKey(rand.Reader, 2048)
	case "EdDSA":
		_, key, err = ed25519.GenerateKey(rand.Reader)
	}
	require.NoError(t, err)
	return key
}

// TestOAuthClientCredentials: every client authentication of the client
// credentials grant gets a token on the first 401, with no browser and no
// registration; the authorization server verifies what it receives (a
// private_key_jwt assertion's signature and claims), and the secret and
// key never show in what the client prints.
func TestOAuthClientCredentials(t *testing.T) {
	for _, tc := range []struct {
		name, alg string // alg: of the private key; "" for a secret
		methods   []string
	}{
		{name: "client_secret_basic", methods: []string{"client_secret_basic", "client_secret_post"}},
		{name: "client_secret_post", methods: []string{"client_secret_post"}},
		{name: "private_key_jwt ES256", alg: "ES256", methods: []string{"private_key_jwt"}},
		{name: "private_key_jwt ES384", alg: "ES384"},
		{name: "private_key_jwt ES512", alg: "ES512"},
		{name: "private_key_jwt RS256", alg: "RS256"},
		{name: "private_key_jwt EdDSA", alg: "EdDSA"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			noLeaks(t)
			e := newOAuthEnv(t)
			m := newMachineAS(e)
			e.as.meta["grant_types_supported"] = []string{"client_credentials"}
			e.as.meta["token_endpoint_auth_methods_supported"] = tc.methods
			cfg := mcp.ClientCredentialsConfig{ClientID: machineClientID, Scopes: []string{"reports:read"}, Store: e.store}
			if tc.alg == "" {
				cfg.ClientSecret = machineSecret
			} else {
				key := mustKey(t, tc.alg)
				m.pub = key.Public()
				cfg.PrivateKey = key
				e.as.meta["token_endpoint_auth_signing_alg_values_supported"] = []string{tc.alg}
			}
			c, err := e.connectWith(t, mcp.OAuthClientCredentials(cfg))
			require.NoError(t, err)
			listsWeather(t, c)

			reqs := m.tokenRequests()
			require.Len(t, reqs, 1, "problems: %q", m.problems)
			assert.Equal(t, "client_credentials", reqs[0].Get("grant_type"))
			assert.Equal(t, "reports:read", reqs[0].Get("scope"))
			assert.Equal(t, e.url, reqs[0].Get("resource"))
			assert.Equal(t, 0, e.as.count(&e.as.registrations))
			assert.Equal(t, 0, e.as.count(&e.as.authorizations))
			assert.Equal(t, int32(0), e.shown.Load(), "no browser")
			if tc.name == "client_secret_basic" {
				assert.NotEmpty(t, m.headers[0].Get("Authorization"))
				assert.False(t, reqs[0].Has("client_secret"), "the secret goes in the header only")
			}

			tok, err := e.store.Load(t.Context(), e.url)
			require.NoError(t, err)
			require.NotNil(t, tok)
			assert.Empty(t, tok.ClientSecret, "the configured secret is not written to the store")
			var logged bytes.Buffer
			slog.New(slog.NewTextHandler(&logged, nil)).Info("token", "tok", tok)
			for _, printed := range []string{fmt.Sprint(tok), fmt.Sprintf("%+v %#v", tok, tok), logged.String()} {
				assert.NotContains(t, printed, tok.AccessToken)
				assert.NotContains(t, printed, machineSecret)
			}
		})
	}
}

// TestOAuthClientCredentialsRenewed: a token about to expire is replaced
// by asking again before the request (no 401 round trip), with a new
// assertion (a new jti, which the authorization server requires).
func TestOAuthClientCredentialsRenewed(t *testing.T) {
	noLeaks(t)
	e := newOAuthEnv(t)
	m := newMachineAS(e)
	m.expiresIn = 60
	key := mustKey(t, "ES256")
	m.pub = key.Public()
	c, err := e.connectWith(t, mcp.OAuthClientCredentials(mcp.ClientCredentialsConfig{ClientID: machineClientID, PrivateKey: key, Store: e.store}))
	require.NoError(t, err)
	listsWeather(t, c)
	e.clock.advance(2 * time.Minute)
	listsWeather(t, c)
	reqs := m.tokenRequests()
	require.Len(t, reqs, 2, "problems: %q", m.problems)
	assert.NotEqual(t, reqs[0].Get("client_assertion"), reqs[1].Get("client_assertion"))
	assert.Empty(t, m.problems)
	require.Len(t, m.claims, 2)
	assert.NotEqual(t, m.claims[0]["jti"], m.claims[1]["jti"])
}

// TestOAuthClientCredentialsRefusedOrUnsupported: an authorization server
// that refuses, or whose metadata says it cannot take the grant, the
// authentication or the key's algorithm, is an ErrAuthorization naming
// why; a refusal is not retried, and nothing is sent to a server that
// cannot take it.
func TestOAuthClientCredentialsRefusedOrUnsupported(t *testing.T) {
	for _, tc := range []struct {
		name     string
		meta     map[string]any
		refuse   string
		key      bool
		want     string
		requests int
	}{
		{name: "refused", refuse: "invalid_client", want: "invalid_client", requests: 1},
		{name: "unauthorized client", refuse: "unauthorized_client", want: "unauthorized_client", requests: 1},
		{name: "grant not supported", meta: map[string]any{"grant_types_supported": []string{"authorization_code"}},
			want: "does not support the client_credentials grant"},
		{name: "private_key_jwt not supported", key: true, meta: map[string]any{"token_endpoint_auth_methods_supported": []string{"client_secret_basic"}},
			want: "does not take private_key_jwt"},
		{name: "algorithm not supported", key: true, meta: map[string]any{"token_endpoint_auth_signing_alg_values_supported": []string{"RS256"}},
			want: "signed with ES256"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			noLeaks(t)
			e := newOAuthEnv(t)
			m := newMachineAS(e)
			m.refuse = tc.refuse
			for k, v := range tc.meta {
				e.as.meta[k] = v
			}
			cfg := mcp.ClientCredentialsConfig{ClientID: machineClientID, ClientSecret: machineSecret}
			if tc.key {
				cfg.ClientSecret, cfg.PrivateKey = "", mustKey(t, "ES256")
			}
			_, err := e.connectWith(t, mcp.OAuthClientCredentials(cfg))
			require.Error(t, err)
			assert.ErrorIs(t, err, mcp.ErrAuthorization)
			assert.Contains(t, err.Error(), tc.want)
			assert.NotContains(t, err.Error(), machineSecret)
			assert.Len(t, m.tokenRequests(), tc.requests)
		})
	}
}

// TestOAuthCredentialsBoundToIssuer: credentials go to the authorization
// server they belong to, never to another: the configured Issuer, or the
// one they were first used with; when the server names another, the
// client stops with an error and the other server sees none of them.
// Dynamic registrations are not reused with another server either.
func TestOAuthCredentialsBoundToIssuer(t *testing.T) {
	noLeaks(t)
	// other is an authorization server recording whatever it is sent.
	var mu sync.Mutex
	var seen []string
	otherAS := func(t *testing.T, e *oauthEnv) *authServer {
		b := newAuthServerOn(t, false)
		b.meta["grant_types_supported"] = []string{"client_credentials", "authorization_code"}
		var h http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body := new(bytes.Buffer)
			_, _ = body.ReadFrom(r.Body)
			mu.Lock()
			seen = append(seen, r.URL.String()+" "+r.Header.Get("Authorization")+" "+body.String())
			mu.Unlock()
			r.Body = io.NopCloser(body)
			b.mux.ServeHTTP(w, r)
		})
		b.handler.Store(&h)
		return b
	}
	leaked := func(t *testing.T, secrets ...string) {
		t.Helper()
		mu.Lock()
		defer mu.Unlock()
		for _, s := range seen {
			for _, secret := range secrets {
				assert.NotContains(t, s, secret)
				assert.NotContains(t, s, base64.StdEncoding.EncodeToString([]byte(machineClientID+":")))
			}
		}
		seen = nil
	}
	moveTo := func(e *oauthEnv, b *authServer) {
		e.as = b
		e.serve(nil, nil) // the resource metadata now names b, and b's tokens are the valid ones
	}

	t.Run("configured issuer", func(t *testing.T) {
		e := newOAuthEnv(t)
		newMachineAS(e)
		b := otherAS(t, e)
		moveTo(e, b)
		_, err := e.connectWith(t, mcp.OAuthClientCredentials(mcp.ClientCredentialsConfig{
			ClientID: machineClientID, ClientSecret: machineSecret, Issuer: "http://127.0.0.1:1/tenant"}))
		require.Error(t, err)
		assert.ErrorIs(t, err, mcp.ErrAuthorization)
		assert.Contains(t, err.Error(), "is registered with authorization server http://127.0.0.1:1/tenant")
		leaked(t, machineSecret, machineClientID)
	})
	t.Run("first issuer used", func(t *testing.T) {
		e := newOAuthEnv(t)
		newMachineAS(e)
		opt := mcp.OAuthClientCredentials(mcp.ClientCredentialsConfig{ClientID: machineClientID, ClientSecret: machineSecret, Store: e.store})
		c, err := e.connectWith(t, opt)
		require.NoError(t, err)
		listsWeather(t, c)
		moveTo(e, otherAS(t, e))
		_, err = e.connectWith(t, opt)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "which the server now names")
		leaked(t, machineSecret, machineClientID)
	})
	t.Run("pre-registered client of the code flow", func(t *testing.T) {
		e := newOAuthEnv(t)
		cfg := e.config()
		cfg.ClientID, cfg.ClientSecret, cfg.ClientIssuer = "pre-registered", oauthClientSecret, e.as.issuer
		moveTo(e, otherAS(t, e))
		_, err := e.connect(t, cfg)
		require.Error(t, err)
		assert.ErrorIs(t, err, mcp.ErrAuthorization)
		assert.Equal(t, int32(0), e.shown.Load(), "the user was sent nowhere")
		leaked(t, oauthClientSecret, "pre-registered")
	})
	t.Run("dynamic registration", func(t *testing.T) {
		e := newOAuthEnv(t)
		c, err := e.connect(t, e.config())
		require.NoError(t, err)
		listsWeather(t, c)
		first, err := e.store.Load(t.Context(), e.url)
		require.NoError(t, err)
		b := otherAS(t, e)
		moveTo(e, b)
		c, err = e.connect(t, e.config())
		require.NoError(t, err)
		listsWeather(t, c)
		assert.Equal(t, 1, b.count(&b.registrations), "registered anew with the new authorization server")
		second, err := e.store.Load(t.Context(), e.url)
		require.NoError(t, err)
		assert.NotEqual(t, first.ClientID, second.ClientID)
		assert.Equal(t, b.issuer, second.Issuer)
		leaked(t, first.ClientID)
	})
}

// TestOAuthWorkloadIdentity: the workload's token, read anew for each token
// request, is exchanged with the JWT bearer grant; a refusal is an error,
// neither retried nor followed by another grant.
func TestOAuthWorkloadIdentity(t *testing.T) {
	noLeaks(t)
	e := newOAuthEnv(t)
	m := newMachineAS(e)
	m.expiresIn = 60
	e.as.meta["grant_types_supported"] = []string{"urn:ietf:params:oauth:grant-type:jwt-bearer"}
	var reads int
	var mu sync.Mutex
	workload := func(context.Context) (string, error) {
		mu.Lock()
		defer mu.Unlock()
		reads++
		m.mu.Lock()
		defer m.mu.Unlock()
		m.workload = fmt.Sprintf("workload-jwt-%d", reads)
		return m.workload, nil
	}
	opt := mcp.OAuthWorkloadIdentity(mcp.WorkloadIdentityConfig{Token: workload, ClientID: "wl-client", Store: e.store})
	c, err := e.connectWith(t, opt)
	require.NoError(t, err)
	listsWeather(t, c)
	e.clock.advance(2 * time.Minute)
	listsWeather(t, c)
	reqs := m.tokenRequests()
	require.Len(t, reqs, 2, "problems: %q", m.problems)
	for i, r := range reqs {
		assert.Equal(t, "urn:ietf:params:oauth:grant-type:jwt-bearer", r.Get("grant_type"))
		assert.Equal(t, fmt.Sprintf("workload-jwt-%d", i+1), r.Get("assertion"))
		assert.Equal(t, "wl-client", r.Get("client_id"))
		assert.Equal(t, e.url, r.Get("resource"))
	}

	for _, code := range []string{"invalid_grant", "invalid_scope", "unauthorized_client"} {
		t.Run(code, func(t *testing.T) {
			e := newOAuthEnv(t)
			m := newMachineAS(e)
			m.refuse = code
			t.Setenv("TOOLGEN_TEST_WORKLOAD", "")
			_, err := e.connectWith(t, mcp.OAuthWorkloadIdentity(mcp.WorkloadIdentityConfig{Token: mcp.WorkloadTokenEnv("TOOLGEN_TEST_WORKLOAD")}))
			require.Error(t, err) // the variable is empty: no request at all
			assert.Contains(t, err.Error(), "$TOOLGEN_TEST_WORKLOAD is empty")
			assert.Empty(t, m.tokenRequests())

			t.Setenv("TOOLGEN_TEST_WORKLOAD", " the-workload-token\n")
			_, err = e.connectWith(t, mcp.OAuthWorkloadIdentity(mcp.WorkloadIdentityConfig{Token: mcp.WorkloadTokenEnv("TOOLGEN_TEST_WORKLOAD")}))
			require.Error(t, err)
			assert.ErrorIs(t, err, mcp.ErrAuthorization)
			assert.Contains(t, err.Error(), code)
			reqs := m.tokenRequests()
			require.Len(t, reqs, 1, "not retried, no other grant")
			assert.Equal(t, "the-workload-token", reqs[0].Get("assertion"))
		})
	}
}

func TestWorkloadTokenFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "token")
	read := mcp.WorkloadTokenFile(path)
	_, err := read(t.Context())
	assert.ErrorContains(t, err, "the workload token")
	require.NoError(t, os.WriteFile(path, []byte("  \n"), 0o600))
	_, err = read(t.Context())
	assert.ErrorContains(t, err, "is empty")
	require.NoError(t, os.WriteFile(path, []byte("eyJ.first.sig\n"), 0o600))
	tok, err := read(t.Context())
	require.NoError(t, err)
	assert.Equal(t, "eyJ.first.sig", tok)
	require.NoError(t, os.WriteFile(path, []byte("eyJ.rotated.sig"), 0o600))
	tok, err = read(t.Context())
	require.NoError(t, err)
	assert.Equal(t, "eyJ.rotated.sig", tok, "read anew each time")
	require.NoError(t, os.WriteFile(path, bytes.Repeat([]byte("x"), 64<<10+1), 0o600))
	_, err = read(t.Context())
	assert.ErrorContains(t, err, "longer than")
}

func TestMachineOAuthConfigChecked(t *testing.T) {
	weak, err := rsa.GenerateKey(rand.Reader, 1024)
	require.NoError(t, err)
	p224, err := ecdsa.GenerateKey(elliptic.P224(), rand.Reader)
	require.NoError(t, err)
	key := mustKey(t, "ES256")
	for _, tc := range []struct {
		opt  mcp.ClientOption
		want string
	}{
		{mcp.OAuthClientCredentials(mcp.ClientCredentialsConfig{ClientSecret: "s"}), "ClientID is required"},
		{mcp.OAuthClientCredentials(mcp.ClientCredentialsConfig{ClientID: "c"}), "one of ClientSecret and PrivateKey is required"},
		{mcp.OAuthClientCredentials(mcp.ClientCredentialsConfig{ClientID: "c", ClientSecret: "s", PrivateKey: key}), "both ClientSecret and PrivateKey"},
		{mcp.OAuthClientCredentials(mcp.ClientCredentialsConfig{ClientID: "c", PrivateKey: weak}), "at least 2048"},
		{mcp.OAuthClientCredentials(mcp.ClientCredentialsConfig{ClientID: "c", PrivateKey: p224}), "P-224"},
		{mcp.OAuthClientCredentials(mcp.ClientCredentialsConfig{ClientID: "c", ClientSecret: "s", Issuer: "http://as.example.com"}), "must be https"},
		{mcp.OAuthClientCredentials(mcp.ClientCredentialsConfig{ClientID: "c", ClientSecret: "s", Issuer: "https://as.example.com/?x=1"}), "without query"},
		{mcp.OAuthWorkloadIdentity(mcp.WorkloadIdentityConfig{}), "Token is required"},
		{mcp.OAuthWorkloadIdentity(mcp.WorkloadIdentityConfig{Token: mcp.WorkloadTokenEnv("X"), Issuer: "ftp://as"}), "must be https"},
	} {
		_, err := mcp.NewClient(mcp.URL("http://127.0.0.1:9/mcp", nil), tc.opt)
		require.Error(t, err, tc.want)
		assert.Contains(t, err.Error(), tc.want)
		assert.NotContains(t, err.Error(), "s3cret")
	}
	_, err = mcp.NewClient(mcp.Command("true"), mcp.OAuthClientCredentials(mcp.ClientCredentialsConfig{ClientID: "c", ClientSecret: "s"}))
	assert.ErrorContains(t, err, "only a URL transport")
}

func TestParsePrivateKeyPEM(t *testing.T) {
	ec := mustKey(t, "ES256").(*ecdsa.PrivateKey)
	rk := mustKey(t, "RS256").(*rsa.PrivateKey)
	ed := mustKey(t, "EdDSA")
	pkcs8 := func(k any) []byte {
		der, err := x509.MarshalPKCS8PrivateKey(k)
		require.NoError(t, err)
		return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
	}
	sec1, err := x509.MarshalECPrivateKey(ec)
	require.NoError(t, err)
	for name, data := range map[string][]byte{
		"PKCS #8 EC":      pkcs8(ec),
		"PKCS #8 RSA":     pkcs8(rk),
		"PKCS #8 Ed25519": pkcs8(ed),
		"SEC 1":           pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: sec1}),
		"PKCS #1":         pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(rk)}),
	} {
		k, err := mcp.ParsePrivateKeyPEM(data)
		require.NoError(t, err, name)
		assert.NotNil(t, k, name)
	}
	pubDER, err := x509.MarshalPKIXPublicKey(ec.Public())
	require.NoError(t, err)
	for name, tc := range map[string]struct {
		data []byte
		want string
	}{
		"not PEM":    {[]byte("hello"), "no PEM block"},
		"public key": {pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pubDER}), `a "PUBLIC KEY" PEM block`},
		"garbage":    {pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: []byte("junk")}), "mcp.ParsePrivateKeyPEM"},
	} {
		_, err := mcp.ParsePrivateKeyPEM(tc.data)
		assert.ErrorContains(t, err, tc.want, name)
	}
}

// TestOAuthClientCredentialsStaleRecord: an expired record of another
// configuration (another client authentication) is not renewed with the
// current credentials' method mixed in: it is forgotten, and the 401 gets
// a token the current way.
func TestOAuthClientCredentialsStaleRecord(t *testing.T) {
	noLeaks(t)
	e := newOAuthEnv(t)
	m := newMachineAS(e)
	require.NoError(t, e.store.Save(t.Context(), e.url, &mcp.OAuthToken{AccessToken: "old", Expiry: time.Now().Add(-time.Hour),
		Resource: e.url, Issuer: e.as.issuer, TokenURL: e.as.issuer + "/token", ClientID: machineClientID, TokenAuth: "private_key_jwt"}))
	c, err := e.connectWith(t, mcp.OAuthClientCredentials(mcp.ClientCredentialsConfig{ClientID: machineClientID, ClientSecret: machineSecret, Store: e.store}))
	require.NoError(t, err)
	listsWeather(t, c)
	reqs := m.tokenRequests()
	require.Len(t, reqs, 1, "problems: %q", m.problems)
	assert.NotEmpty(t, m.headers[0].Get("Authorization"), "client_secret_basic")
	assert.False(t, reqs[0].Has("client_assertion"))
}
