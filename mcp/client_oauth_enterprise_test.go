package mcp_test

import (
	"context"
	"crypto/rand"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/mcp"
)

const (
	idJAGType      = "urn:ietf:params:oauth:token-type:id-jag"
	jwtBearerGrant = "urn:ietf:params:oauth:grant-type:jwt-bearer"
)

// enterpriseIdP is an enterprise identity provider's token endpoint on
// 127.0.0.1 that exchanges ID tokens for ID-JAGs (RFC 8693), recording
// each request; refuse makes it deny the user, issued sets the
// issued_token_type it answers.
type enterpriseIdP struct {
	ts *httptest.Server

	mu     sync.Mutex
	forms  []url.Values
	basic  []string // client_id:secret of each request's Basic authentication
	jags   map[string]bool
	refuse bool
	issued string
	proofs int // requests that carried a DPoP proof
}

func newEnterpriseIdP(t *testing.T) *enterpriseIdP {
	p := &enterpriseIdP{jags: map[string]bool{}, issued: idJAGType}
	p.ts = httptest.NewServer(http.HandlerFunc(p.token))
	t.Cleanup(p.ts.Close)
	return p
}

func (p *enterpriseIdP) token(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/token" || r.ParseForm() != nil {
		http.NotFound(w, r)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.forms = append(p.forms, r.PostForm)
	if r.Header.Get("DPoP") != "" {
		p.proofs++
	}
	id, secret, _ := r.BasicAuth()
	p.basic = append(p.basic, id+":"+secret)
	if p.refuse {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant", "error_description": "policy denies this user the server"})
		return
	}
	jag := "jag-" + rand.Text()
	p.jags[jag] = true
	writeJSON(w, http.StatusOK, map[string]string{"access_token": jag, "issued_token_type": p.issued, "token_type": "N_A"})
}

// jwtBearerAS is an authServer that also takes the JWT bearer grant of
// an ID-JAG from idp (RFC 7523), from the client "mcp-client" with the
// secret "s3cret" (client_secret_basic), and issues a token for the
// ID-JAG's resource that the MCP server takes; with dpop, the grant
// must carry a proof, and the token is bound to its key.
type jwtBearerAS struct {
	a      *authServer
	idp    *enterpriseIdP
	dpop   *dpopAS
	mu     sync.Mutex
	grants []url.Values
	refuse bool
}

func newJWTBearerAS(a *authServer, idp *enterpriseIdP) *jwtBearerAS {
	j := &jwtBearerAS{a: a, idp: idp}
	a.mu.Lock()
	a.meta["grant_types_supported"] = []string{jwtBearerGrant}
	a.meta["token_endpoint_auth_methods_supported"] = []string{"client_secret_basic"}
	a.mu.Unlock()
	var h http.Handler = j
	a.handler.Store(&h)
	return j
}

func (j *jwtBearerAS) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/tenant/token" || r.ParseForm() != nil || r.PostForm.Get("grant_type") != jwtBearerGrant {
		j.a.mux.ServeHTTP(w, r)
		return
	}
	f := r.PostForm
	j.mu.Lock()
	j.grants = append(j.grants, f)
	refuse := j.refuse
	j.mu.Unlock()
	j.idp.mu.Lock()
	known := j.idp.jags[f.Get("assertion")]
	j.idp.mu.Unlock()
	id, secret, _ := r.BasicAuth()
	if refuse || !known || id != "mcp-client" || secret != "s3cret" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant", "error_description": "not an ID-JAG of a trusted IdP"})
		return
	}
	access := rand.Text()
	tokenType, err := j.bind(r, access)
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_dpop_proof", "error_description": err.Error()})
		return
	}
	j.a.mu.Lock()
	j.a.access[access] = &oauthGrant{client: id, resource: f.Get("resource"), scopes: strings.Fields(f.Get("scope"))}
	j.a.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"access_token": access, "token_type": tokenType, "expires_in": 3600, "scope": f.Get("scope")})
}

// bind binds access to the key of r's proof, with dpop: the token type.
func (j *jwtBearerAS) bind(r *http.Request, access string) (string, error) {
	if j.dpop == nil {
		return "Bearer", nil
	}
	_, jkt, err := checkDPoPProof(r, j.a.issuer+"/token", "", j.dpop.clock.Now())
	if err != nil {
		return "", err
	}
	j.dpop.mu.Lock()
	defer j.dpop.mu.Unlock()
	j.dpop.jkts[access] = jkt
	return "DPoP", nil
}

// enterpriseConfig is an OAuthConfig of enterprise-managed authorization
// through idp, the user's ID token given by idToken; no browser.
func enterpriseConfig(e *oauthEnv, idp *enterpriseIdP, idToken func(context.Context) (string, error)) mcp.OAuthConfig {
	return mcp.OAuthConfig{ClientID: "mcp-client", ClientSecret: "s3cret", Store: e.store,
		Enterprise: &mcp.EnterpriseAuthorization{IDToken: idToken, TokenEndpoint: idp.ts.URL + "/token", ClientID: "idp-client", ClientSecret: "idp-secret"}}
}

func staticIDToken(context.Context) (string, error) { return "the-users-id-token", nil }

// TestOAuthEnterprise: the ID token is exchanged at the IdP for an
// ID-JAG with the parameters RFC 8693 and SEP-990 name (audience the
// authorization server, resource the MCP server), which the client
// presents with the JWT bearer grant; no browser, no registration.
func TestOAuthEnterprise(t *testing.T) {
	noLeaks(t)
	e := newOAuthEnv(t)
	idp := newEnterpriseIdP(t)
	as := newJWTBearerAS(e.as, idp)
	c, err := e.connect(t, enterpriseConfig(e, idp, staticIDToken))
	require.NoError(t, err)
	listsWeather(t, c)

	idp.mu.Lock()
	require.Len(t, idp.forms, 1)
	assert.Equal(t, url.Values{
		"grant_type":           {"urn:ietf:params:oauth:grant-type:token-exchange"},
		"requested_token_type": {idJAGType},
		"subject_token":        {"the-users-id-token"},
		"subject_token_type":   {"urn:ietf:params:oauth:token-type:id_token"},
		"audience":             {e.as.issuer},
		"resource":             {e.url},
		"scope":                {"mcp:read"},
	}, idp.forms[0])
	assert.Equal(t, []string{"idp-client:idp-secret"}, idp.basic)
	idp.mu.Unlock()
	as.mu.Lock()
	require.Len(t, as.grants, 1)
	assert.Equal(t, e.url, as.grants[0].Get("resource"))
	assert.Empty(t, as.grants[0].Get("client_secret"), "the secret goes in Basic authentication")
	as.mu.Unlock()
	assert.Zero(t, e.as.count(&e.as.authorizations), "no browser")
	assert.Zero(t, e.as.count(&e.as.registrations))
	assert.Zero(t, e.shown.Load())
}

// TestOAuthEnterpriseDPoP: an authorization server that offers DPoP
// gets a proof with the JWT bearer grant and binds its token, which the
// MCP server then takes with proofs; the IdP never gets a proof.
func TestOAuthEnterpriseDPoP(t *testing.T) {
	noLeaks(t)
	e := newOAuthEnv(t)
	idp := newEnterpriseIdP(t)
	d := newDPoPAS(e.as, &e.clock)
	as := newJWTBearerAS(e.as, idp)
	as.dpop = d
	rs := newDPoPRS(t, e, d)
	c, err := e.connect(t, enterpriseConfig(e, idp, staticIDToken))
	require.NoError(t, err)
	listsWeather(t, c)
	assert.Empty(t, lockedErrs(&rs.mu, &rs.errs))
	rs.mu.Lock()
	assert.Positive(t, rs.accepted)
	rs.mu.Unlock()
	idp.mu.Lock()
	assert.Zero(t, idp.proofs, "a proof is for the authorization server and the MCP server only")
	idp.mu.Unlock()
}

// TestOAuthEnterpriseFailures: whatever step fails — the program's ID
// token, the IdP's policy, an IdP that issues something else, the
// authorization server refusing the ID-JAG — the connection fails with
// ErrAuthorization naming the step and the server's answer, and nothing
// is asked of the steps after.
func TestOAuthEnterpriseFailures(t *testing.T) {
	noToken := errors.New("the user is signed out")
	for _, tc := range []struct {
		name    string
		idToken func(context.Context) (string, error)
		spoil   func(*enterpriseIdP, *jwtBearerAS)
		want    []string
		grants  int
	}{
		{"ID token callback fails", func(context.Context) (string, error) { return "", noToken }, nil,
			[]string{"enterprise ID token", "signed out"}, 0},
		{"ID token empty", func(context.Context) (string, error) { return "", nil }, nil,
			[]string{"enterprise ID token", "none"}, 0},
		{"IdP refuses", staticIDToken, func(p *enterpriseIdP, _ *jwtBearerAS) { p.refuse = true },
			[]string{"IdP's token exchange", "/token", "invalid_grant", "policy denies this user"}, 0},
		{"IdP issues no ID-JAG", staticIDToken, func(p *enterpriseIdP, _ *jwtBearerAS) { p.issued = "urn:ietf:params:oauth:token-type:access_token" },
			[]string{"not an ID-JAG", "access_token"}, 0},
		{"authorization server refuses", staticIDToken, func(_ *enterpriseIdP, j *jwtBearerAS) { j.refuse = true },
			[]string{"JWT bearer grant", "invalid_grant", "not an ID-JAG of a trusted IdP"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			noLeaks(t)
			e := newOAuthEnv(t)
			idp := newEnterpriseIdP(t)
			as := newJWTBearerAS(e.as, idp)
			if tc.spoil != nil {
				tc.spoil(idp, as)
			}
			_, err := e.connect(t, enterpriseConfig(e, idp, tc.idToken))
			require.Error(t, err)
			assert.ErrorIs(t, err, mcp.ErrAuthorization)
			if tc.name == "ID token callback fails" {
				assert.ErrorIs(t, err, noToken)
			}
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
			as.mu.Lock()
			defer as.mu.Unlock()
			assert.Len(t, as.grants, tc.grants, "the authorization server is asked only with an ID-JAG")
			assert.Zero(t, e.as.count(&e.as.authorizations))
		})
	}
}

// TestOAuthEnterpriseConfigChecked: a bad Enterprise configuration is an
// error of NewClient naming what is wrong; Authorize and RedirectURL are
// not needed.
func TestOAuthEnterpriseConfigChecked(t *testing.T) {
	ent := func(edit func(*mcp.EnterpriseAuthorization)) *mcp.EnterpriseAuthorization {
		e := &mcp.EnterpriseAuthorization{IDToken: staticIDToken, TokenEndpoint: "https://idp.example.com/token"}
		if edit != nil {
			edit(e)
		}
		return e
	}
	for _, tc := range []struct {
		cfg  mcp.OAuthConfig
		want string
	}{
		{mcp.OAuthConfig{ClientID: "c", Enterprise: ent(func(e *mcp.EnterpriseAuthorization) { e.IDToken = nil })}, "Enterprise.IDToken is required"},
		{mcp.OAuthConfig{Enterprise: ent(nil)}, "ClientID is required with Enterprise"},
		{mcp.OAuthConfig{ClientID: "c", Enterprise: ent(func(e *mcp.EnterpriseAuthorization) { e.TokenEndpoint = "" })}, "Enterprise.TokenEndpoint is required"},
		{mcp.OAuthConfig{ClientID: "c", Enterprise: ent(func(e *mcp.EnterpriseAuthorization) { e.TokenEndpoint = "http://idp.example.com/token" })}, "must be https"},
		{mcp.OAuthConfig{ClientID: "c", Enterprise: ent(func(e *mcp.EnterpriseAuthorization) { e.TokenEndpoint = "idp/token" })}, "must be https"},
		{mcp.OAuthConfig{ClientID: "c", Enterprise: ent(func(e *mcp.EnterpriseAuthorization) { e.ClientSecret = "s" })}, "Enterprise.ClientSecret without Enterprise.ClientID"},
		{mcp.OAuthConfig{ClientID: "c", DPoP: mcp.DPoPNever + 1, Enterprise: ent(nil)}, "DPoP: unknown mode"},
	} {
		_, err := mcp.NewClient(mcp.URL("http://127.0.0.1:9/mcp", nil), mcp.OAuth(tc.cfg))
		require.Error(t, err, tc.want)
		assert.Contains(t, err.Error(), tc.want)
	}
	for _, endpoint := range []string{"https://idp.example.com/token", "http://127.0.0.1:8/token", "http://[::1]:8/token", "http://localhost/token"} {
		good := mcp.OAuthConfig{ClientID: "c", Enterprise: ent(func(e *mcp.EnterpriseAuthorization) { e.TokenEndpoint = endpoint })}
		_, err := mcp.NewClient(mcp.URL("http://127.0.0.1:9/mcp", nil), mcp.OAuth(good))
		assert.NoError(t, err, endpoint)
	}
}
