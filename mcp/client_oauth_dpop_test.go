package mcp_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/asn1"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/mcp"
)

// dpopClaims are the claims of a DPoP proof (RFC 9449, 4.2).
type dpopClaims struct {
	JTI   string `json:"jti"`
	HTM   string `json:"htm"`
	HTU   string `json:"htu"`
	IAT   int64  `json:"iat"`
	ATH   string `json:"ath"`
	Nonce string `json:"nonce"`
}

// checkDPoPProof checks the DPoP proof of r as a server does (RFC 9449,
// 4.3): one proof, typ dpop+jwt, alg ES256 with a public P-256 jwk (no
// private part), a signature that verifies with it, htm r's method, htu
// target, iat within a minute of now, and ath the hash of token when a
// token is presented. It returns the claims and the key's thumbprint
// (RFC 7638), computed here independently of the client.
func checkDPoPProof(r *http.Request, target, token string, now time.Time) (dpopClaims, string, error) {
	var c dpopClaims
	proofs := r.Header.Values("DPoP")
	if len(proofs) != 1 {
		return c, "", fmt.Errorf("%d DPoP headers", len(proofs))
	}
	parts := strings.Split(proofs[0], ".")
	if len(parts) != 3 {
		return c, "", errors.New("not a compact JWS")
	}
	var h struct {
		Typ, Alg string
		JWK      struct{ Kty, Crv, X, Y, D string }
	}
	if err := decodeSegment(parts[0], &h); err != nil {
		return c, "", err
	}
	if h.Typ != "dpop+jwt" || h.Alg != "ES256" || h.JWK.Kty != "EC" || h.JWK.Crv != "P-256" || h.JWK.D != "" {
		return c, "", fmt.Errorf("bad header %+v", h)
	}
	x, errX := base64.RawURLEncoding.DecodeString(h.JWK.X)
	y, errY := base64.RawURLEncoding.DecodeString(h.JWK.Y)
	sig, errS := base64.RawURLEncoding.DecodeString(parts[2])
	if err := errors.Join(errX, errY, errS); err != nil || len(sig) != 64 {
		return c, "", fmt.Errorf("bad key or signature encoding: %v", err)
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), append(append([]byte{4}, x...), y...))
	if err != nil {
		return c, "", err
	}
	der, _ := asn1.Marshal(struct{ R, S *big.Int }{new(big.Int).SetBytes(sig[:32]), new(big.Int).SetBytes(sig[32:])})
	sum := sha256.Sum256([]byte(parts[0] + "." + parts[1]))
	if !ecdsa.VerifyASN1(pub, sum[:], der) {
		return c, "", errors.New("the signature does not verify")
	}
	if err := decodeSegment(parts[1], &c); err != nil {
		return c, "", err
	}
	ath := ""
	if token != "" {
		s := sha256.Sum256([]byte(token))
		ath = base64.RawURLEncoding.EncodeToString(s[:])
	}
	switch {
	case c.JTI == "":
		return c, "", errors.New("no jti")
	case c.HTM != r.Method:
		return c, "", fmt.Errorf("htm %q for a %s", c.HTM, r.Method)
	case c.HTU != target:
		return c, "", fmt.Errorf("htu %q, not %q", c.HTU, target)
	case c.IAT < now.Add(-time.Minute).Unix() || c.IAT > now.Add(time.Minute).Unix():
		return c, "", fmt.Errorf("iat %d, now %d", c.IAT, now.Unix())
	case c.ATH != ath:
		return c, "", fmt.Errorf("ath %q, not %q", c.ATH, ath)
	}
	thumb := sha256.Sum256([]byte(`{"crv":"P-256","kty":"EC","x":"` + h.JWK.X + `","y":"` + h.JWK.Y + `"}`))
	return c, base64.RawURLEncoding.EncodeToString(thumb[:]), nil
}

func decodeSegment(seg string, v any) error {
	data, err := base64.RawURLEncoding.DecodeString(seg)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}

// nonceServer hands out DPoP nonces: one at a time, or, when fresh, a new
// one each time it is asked (a server that never accepts a nonce).
type nonceServer struct {
	require, fresh bool
	current        string
}

// accepts reports whether nonce will do; if not, the nonce to ask for.
func (n *nonceServer) accepts(nonce string) (string, bool) {
	if !n.require {
		return "", true
	}
	if n.current == "" || n.fresh {
		n.current = rand.Text()
		return n.current, false
	}
	return n.current, nonce == n.current
}

// dpopAS is an authServer whose token endpoint binds its tokens to the
// key of the request's DPoP proof (token_type DPoP, RFC 9449 5), asking
// for a nonce when told to; it records every request that carried a
// proof, so that tests see where proofs go.
type dpopAS struct {
	a     *authServer
	clock *fakeClock

	mu                        sync.Mutex
	nonce                     nonceServer
	jkts                      map[string]string // access token → the key it is bound to
	jtis                      map[string]bool
	proofPaths                []string // of every request with a DPoP header
	authJKT                   string   // the dpop_jkt of the last authorization request
	tokenRequests, challenges int
	errs                      []string
}

func newDPoPAS(a *authServer, clock *fakeClock) *dpopAS {
	d := &dpopAS{a: a, clock: clock, jkts: map[string]string{}, jtis: map[string]bool{}}
	a.mu.Lock()
	a.meta["dpop_signing_alg_values_supported"] = []string{"ES256"}
	a.mu.Unlock()
	var h http.Handler = d
	a.handler.Store(&h)
	return d
}

func (d *dpopAS) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if r.Header.Get("DPoP") != "" {
		d.proofPaths = append(d.proofPaths, r.URL.Path)
	}
	if r.URL.Path == "/tenant/authorize" {
		d.authJKT = r.URL.Query().Get("dpop_jkt")
	}
	if r.Method != http.MethodPost || r.URL.Path != "/tenant/token" || r.Header.Get("DPoP") == "" {
		d.a.mux.ServeHTTP(w, r)
		return
	}
	d.tokenRequests++
	c, jkt, err := checkDPoPProof(r, d.a.issuer+"/token", "", d.clock.Now())
	switch {
	case err != nil:
	case d.jtis[c.JTI]:
		err = errors.New("a proof replayed")
	case r.PostFormValue("grant_type") == "authorization_code" && d.authJKT != "" && d.authJKT != jkt:
		err = errors.New("the proof's key is not the dpop_jkt of the authorization request (RFC 9449, 10)")
	}
	if err != nil {
		d.errs = append(d.errs, "token endpoint: "+err.Error())
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_dpop_proof", "error_description": err.Error()})
		return
	}
	d.jtis[c.JTI] = true
	if nonce, ok := d.nonce.accepts(c.Nonce); !ok {
		d.challenges++
		w.Header().Set("DPoP-Nonce", nonce)
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "use_dpop_nonce"})
		return
	}
	rec := httptest.NewRecorder()
	d.a.mux.ServeHTTP(rec, r)
	var body map[string]any
	if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &body) != nil {
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
		return
	}
	body["token_type"] = "DPoP"
	d.jkts[body["access_token"].(string)] = jkt
	writeJSON(w, http.StatusOK, body)
}

// dpopRS is an MCP server that takes only DPoP-bound tokens of its
// dpopAS, checking each request's proof as RFC 9449 (7.1) says, with a
// nonce when told to; every rotateEvery accepted requests it gives a new
// nonce with its answer.
type dpopRS struct {
	as          *dpopAS
	url, prm    string
	next        http.Handler
	rotateEvery int

	mu                             sync.Mutex
	nonce                          nonceServer
	jtis                           map[string]bool
	requests, accepted, challenges int
	rotations                      int
	schemes                        map[string]int
	errs                           []string
}

// newDPoPRS serves e's MCP server behind a dpopRS.
func newDPoPRS(t *testing.T, e *oauthEnv, as *dpopAS) *dpopRS {
	d := &dpopRS{as: as, url: e.url, prm: "/.well-known/oauth-protected-resource" + mcp.Path,
		next: mustHandler(e.srv.Handler(mcp.HTTPOptions{Stateless: true})), jtis: map[string]bool{}, schemes: map[string]int{}}
	var h http.Handler = d
	e.handler.Store(&h)
	return d
}

func (d *dpopRS) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == d.prm {
		writeJSON(w, http.StatusOK, map[string]any{"resource": d.url, "authorization_servers": []string{d.as.a.issuer}, "scopes_supported": []string{"mcp:read"}})
		return
	}
	if !d.authorized(w, r) {
		return
	}
	d.next.ServeHTTP(w, r)
}

// authorized checks r's token and proof, answering w if they do not do.
func (d *dpopRS) authorized(w http.ResponseWriter, r *http.Request) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	challenge := func(params string) {
		w.Header().Set("WWW-Authenticate", `DPoP algs="ES256", `+params+`resource_metadata="`+strings.TrimSuffix(d.url, mcp.Path)+d.prm+`"`)
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "unauthorized"})
	}
	auth := r.Header.Get("Authorization")
	if auth == "" {
		challenge("")
		return false
	}
	d.requests++
	scheme, token, _ := strings.Cut(auth, " ")
	d.schemes[scheme]++
	c, jkt, err := checkDPoPProof(r, d.url, token, d.as.clock.Now())
	switch {
	case scheme != "DPoP":
		err = fmt.Errorf("scheme %q", scheme)
	case err != nil:
	case d.jtis[c.JTI]:
		err = errors.New("a proof replayed")
	case d.as.boundTo(token) != jkt:
		err = errors.New("the proof's key is not the token's (cnf.jkt)")
	}
	if err == nil {
		_, err = d.as.a.verify(d.url)(r.Context(), token, r)
	}
	if err != nil {
		d.errs = append(d.errs, "resource: "+err.Error())
		challenge(`error="invalid_token", `)
		return false
	}
	d.jtis[c.JTI] = true
	if nonce, ok := d.nonce.accepts(c.Nonce); !ok {
		d.challenges++
		w.Header().Set("DPoP-Nonce", nonce)
		challenge(`error="use_dpop_nonce", `)
		return false
	}
	d.accepted++
	if d.rotateEvery > 0 && d.accepted%d.rotateEvery == 0 {
		d.rotations++
		d.nonce.current = rand.Text()
		w.Header().Set("DPoP-Nonce", d.nonce.current)
	}
	return true
}

func (d *dpopAS) boundTo(token string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.jkts[token]
}

// lockedErrs is a copy of errs taken under mu.
func lockedErrs(mu *sync.Mutex, errs *[]string) []string {
	mu.Lock()
	defer mu.Unlock()
	return append([]string(nil), *errs...)
}

// TestOAuthDPoP: an authorization server that offers DPoP gets a valid
// proof with the token request (and nowhere else: not the metadata, not
// the registration), and its token is presented to the MCP server with
// the DPoP scheme and a new proof per request that a server checking
// signature, htm, htu, iat, ath, jti and the key's thumbprint takes.
func TestOAuthDPoP(t *testing.T) {
	noLeaks(t)
	e := newOAuthEnv(t)
	as := newDPoPAS(e.as, &e.clock)
	rs := newDPoPRS(t, e, as)
	c, err := e.connect(t, e.config())
	require.NoError(t, err)
	for range 3 {
		listsWeather(t, c)
	}
	assert.Empty(t, lockedErrs(&as.mu, &as.errs))
	assert.Empty(t, lockedErrs(&rs.mu, &rs.errs))
	as.mu.Lock()
	assert.Equal(t, []string{"/tenant/token"}, as.proofPaths, "a proof goes to the token endpoint only")
	assert.Equal(t, 1, as.tokenRequests)
	assert.NotEmpty(t, as.authJKT, "the code is bound to the key")
	as.mu.Unlock()
	rs.mu.Lock()
	assert.Equal(t, map[string]int{"DPoP": rs.requests}, rs.schemes, "the DPoP scheme, never Bearer")
	assert.GreaterOrEqual(t, rs.accepted, 4, "the handshake and three lists")
	assert.Len(t, rs.jtis, rs.requests, "a new proof each request")
	rs.mu.Unlock()
	tok, err := e.store.Load(t.Context(), e.url)
	require.NoError(t, err)
	assert.Equal(t, as.boundTo(tok.AccessToken), tok.DPoPJKT, "the record knows its key")
}

// TestOAuthDPoPNonces: servers that want a nonce get, after one
// use_dpop_nonce each, proofs with it (RFC 9449, 8 and 9); a nonce the
// MCP server rotates in an answer is used from the next request on,
// without another challenge.
func TestOAuthDPoPNonces(t *testing.T) {
	noLeaks(t)
	e := newOAuthEnv(t)
	as := newDPoPAS(e.as, &e.clock)
	as.nonce.require = true
	rs := newDPoPRS(t, e, as)
	rs.nonce.require, rs.rotateEvery = true, 2
	c, err := e.connect(t, e.config())
	require.NoError(t, err)
	for range 5 {
		listsWeather(t, c)
	}
	assert.Empty(t, lockedErrs(&as.mu, &as.errs))
	assert.Empty(t, lockedErrs(&rs.mu, &rs.errs))
	as.mu.Lock()
	assert.Equal(t, 1, as.challenges)
	assert.Equal(t, 2, as.tokenRequests, "once without the nonce, once with it")
	as.mu.Unlock()
	rs.mu.Lock()
	defer rs.mu.Unlock()
	assert.Equal(t, 1, rs.challenges, "rotated nonces are taken from the answers")
	assert.GreaterOrEqual(t, rs.rotations, 2)
}

// TestOAuthDPoPNonceLoopBounded: a server that asks for a new nonce
// whatever the proof carries gets one more request, not an endless loop,
// and the client fails with an error naming the nonce.
func TestOAuthDPoPNonceLoopBounded(t *testing.T) {
	for _, side := range []string{"token endpoint", "resource"} {
		t.Run(side, func(t *testing.T) {
			noLeaks(t)
			e := newOAuthEnv(t)
			as := newDPoPAS(e.as, &e.clock)
			rs := newDPoPRS(t, e, as)
			if side == "token endpoint" {
				as.nonce.require, as.nonce.fresh = true, true
			} else {
				rs.nonce.require, rs.nonce.fresh = true, true
			}
			start := time.Now()
			_, err := e.connect(t, e.config())
			require.Error(t, err)
			assert.Less(t, time.Since(start), 10*time.Second)
			assert.ErrorIs(t, err, mcp.ErrAuthorization)
			assert.Contains(t, err.Error(), "nonce")
			as.mu.Lock()
			defer as.mu.Unlock()
			rs.mu.Lock()
			defer rs.mu.Unlock()
			if side == "token endpoint" {
				assert.Equal(t, 2, as.tokenRequests)
			} else {
				assert.LessOrEqual(t, rs.challenges, 4, "one retry per request the client sends")
			}
		})
	}
}

// TestOAuthDPoPNotOffered: without dpop_signing_alg_values_supported (by
// default) or with DPoPNever, the tokens are Bearer ones and no request
// carries a proof; DPoPAlways sends one to an authorization server that
// does not advertise it.
func TestOAuthDPoPNotOffered(t *testing.T) {
	for _, tc := range []struct {
		name    string
		mode    mcp.DPoPMode
		offered bool
		bound   bool
	}{
		{"not offered", mcp.DPoPWhenOffered, false, false},
		{"never", mcp.DPoPNever, true, false},
		{"always", mcp.DPoPAlways, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			noLeaks(t)
			e := newOAuthEnv(t)
			as := newDPoPAS(e.as, &e.clock)
			if !tc.offered {
				as.a.mu.Lock()
				delete(as.a.meta, "dpop_signing_alg_values_supported")
				as.a.mu.Unlock()
			}
			if !tc.bound {
				e.serve(nil, nil) // the plain Bearer server
			} else {
				newDPoPRS(t, e, as)
			}
			cfg := e.config()
			cfg.DPoP = tc.mode
			c, err := e.connect(t, cfg)
			require.NoError(t, err)
			listsWeather(t, c)
			as.mu.Lock()
			defer as.mu.Unlock()
			if tc.bound {
				assert.Equal(t, []string{"/tenant/token"}, as.proofPaths)
			} else {
				assert.Empty(t, as.proofPaths)
			}
		})
	}
}

// TestOAuthDPoPStoredToken: a DPoP-bound token kept in a token file is
// presented by a later client with the key the record keeps, without
// asking the user; a record whose key is missing or is not the one its
// tokens are bound to, or any bound record when DPoP is off, is not
// presented (it would fail) but the user is asked again.
func TestOAuthDPoPStoredToken(t *testing.T) {
	otherKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	otherPKCS8, err := x509.MarshalPKCS8PrivateKey(otherKey)
	require.NoError(t, err)
	for _, tc := range []struct {
		name           string
		spoil          func(*mcp.OAuthToken)
		mode           mcp.DPoPMode
		authorizations int
	}{
		{"kept key", nil, mcp.DPoPWhenOffered, 1},
		{"key missing", func(tok *mcp.OAuthToken) { tok.DPoPKey = nil }, mcp.DPoPWhenOffered, 2},
		{"another key", func(tok *mcp.OAuthToken) { tok.DPoPKey = otherPKCS8 }, mcp.DPoPWhenOffered, 2},
		{"not a key", func(tok *mcp.OAuthToken) { tok.DPoPKey = []byte("junk") }, mcp.DPoPWhenOffered, 2},
		{"DPoP off", nil, mcp.DPoPNever, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			noLeaks(t)
			e := newOAuthEnv(t)
			e.store = mcp.FileTokenStore(filepath.Join(t.TempDir(), "tokens.json"))
			as := newDPoPAS(e.as, &e.clock)
			rs := newDPoPRS(t, e, as)
			first, err := e.connect(t, e.config())
			require.NoError(t, err)
			listsWeather(t, first)
			tok, err := e.store.Load(t.Context(), e.url)
			require.NoError(t, err)
			require.NotEmpty(t, tok.DPoPKey, "the record keeps the key")
			assert.NotContains(t, fmt.Sprintf("%v %+v %#v", tok, tok, tok), base64.StdEncoding.EncodeToString(tok.DPoPKey)[:16], "the key is never printed")
			if tc.spoil != nil {
				tc.spoil(tok)
				require.NoError(t, e.store.Save(t.Context(), e.url, tok))
			}
			if tc.mode == mcp.DPoPNever {
				e.serve(nil, nil) // a Bearer server
			}
			cfg := e.config()
			cfg.DPoP = tc.mode
			second, err := e.connect(t, cfg)
			require.NoError(t, err)
			listsWeather(t, second)
			assert.Equal(t, tc.authorizations, e.as.count(&e.as.authorizations))
			assert.Empty(t, lockedErrs(&rs.mu, &rs.errs), "no token presented with a key it is not bound to")
		})
	}
}

// TestOAuthDPoPRefresh: a bound token is refreshed with a proof, and the
// new one is bound as well.
func TestOAuthDPoPRefresh(t *testing.T) {
	noLeaks(t)
	e := newOAuthEnv(t)
	as := newDPoPAS(e.as, &e.clock)
	rs := newDPoPRS(t, e, as)
	c, err := e.connect(t, e.config())
	require.NoError(t, err)
	e.clock.advance(2 * time.Hour)
	listsWeather(t, c)
	assert.Equal(t, 1, e.as.count(&e.as.refreshes))
	assert.Equal(t, 1, e.as.count(&e.as.authorizations))
	as.mu.Lock()
	assert.Equal(t, 2, as.tokenRequests, "the code exchange and the refresh, each with a proof")
	as.mu.Unlock()
	assert.Empty(t, lockedErrs(&as.mu, &as.errs))
	assert.Empty(t, lockedErrs(&rs.mu, &rs.errs))
}
