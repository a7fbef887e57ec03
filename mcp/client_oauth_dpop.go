package mcp

import (
	"bytes"
	"context"
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
	"io"
	"math/big"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"golang.org/x/oauth2"
)

// DPoPMode says when OAuth binds the access tokens it obtains to a key of
// the client, with DPoP (RFC 9449, the MCP extension of SEP-1932): a
// token so bound is useless to whoever steals it without the key. The
// key is an ECDSA P-256 key the client makes for its life and never
// sends; each request carries a new proof signed with it.
type DPoPMode int

const (
	// DPoPWhenOffered binds the tokens when the authorization server's
	// metadata lists ES256 in dpop_signing_alg_values_supported. The
	// default.
	DPoPWhenOffered DPoPMode = iota
	// DPoPAlways sends a proof with every token request, offered or not;
	// an authorization server that ignores it answers with a Bearer
	// token, which is then used as one.
	DPoPAlways
	// DPoPNever never binds the tokens.
	DPoPNever
)

// dpopAlg is the one signing algorithm of the proofs: ES256, which every
// authorization server offering DPoP is expected to take.
const dpopAlg = "ES256"

// dpopSigner signs the DPoP proofs of one client with its key, and keeps
// the newest nonce each origin gave (RFC 9449, 8 and 9). The key is the
// one the client made, until a stored record bound to another key brings
// that one (adopt).
type dpopSigner struct {
	key atomic.Pointer[dpopKey]
	now func() time.Time

	mu     sync.Mutex
	nonces map[origin]string
}

// dpopKey is an ECDSA P-256 key, with what the proofs and the records
// need of it.
type dpopKey struct {
	priv  *ecdsa.PrivateKey
	jwk   json.RawMessage // the public key, as the proofs' jwk header
	jkt   string          // its thumbprint (RFC 7638), as tokens' cnf.jkt
	pkcs8 []byte          // the private key, as a record keeps it
}

// newDPoPSigner makes a new key.
func newDPoPSigner(now func() time.Time) (*dpopSigner, error) {
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("mcp: making the DPoP key: %w", err)
	}
	k, err := dpopKeyOf(priv)
	if err != nil {
		return nil, err
	}
	s := &dpopSigner{now: now, nonces: map[origin]string{}}
	s.key.Store(k)
	return s, nil
}

// dpopKeyOf is priv with its encodings.
func dpopKeyOf(priv *ecdsa.PrivateKey) (*dpopKey, error) {
	point, err := priv.PublicKey.Bytes() // 0x04 || x || y
	if err != nil || priv.Curve != elliptic.P256() {
		return nil, fmt.Errorf("mcp: the DPoP key is not a P-256 key: %v", err)
	}
	pkcs8, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return nil, fmt.Errorf("mcp: encoding the DPoP key: %w", err)
	}
	x, y := b64(point[1:33]), b64(point[33:])
	// RFC 7638: the required members, in lexicographic order, no spaces.
	canonical := `{"crv":"P-256","kty":"EC","x":"` + x + `","y":"` + y + `"}`
	sum := sha256.Sum256([]byte(canonical))
	return &dpopKey{priv: priv, jwk: json.RawMessage(canonical), jkt: b64(sum[:]), pkcs8: pkcs8}, nil
}

// parseDPoPKey is the key a record keeps (PKCS #8).
func parseDPoPKey(pkcs8 []byte) (*dpopKey, error) {
	k, err := x509.ParsePKCS8PrivateKey(pkcs8)
	if err != nil {
		return nil, err
	}
	priv, ok := k.(*ecdsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("a %T, not an ECDSA key", k)
	}
	return dpopKeyOf(priv)
}

// jkt is the thumbprint of the signer's key.
func (s *dpopSigner) jkt() string { return s.key.Load().jkt }

// b64 is base64url without padding, JOSE's encoding.
func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// proof is a new DPoP proof of a request of method to u; accessToken,
// when not empty, is the token it presents (ath).
func (s *dpopSigner) proof(method string, u *url.URL, accessToken string) (string, error) {
	key := s.key.Load()
	header, err := json.Marshal(struct {
		Typ string          `json:"typ"`
		Alg string          `json:"alg"`
		JWK json.RawMessage `json:"jwk"`
	}{"dpop+jwt", dpopAlg, key.jwk})
	if err != nil {
		return "", err
	}
	claims := struct {
		JTI   string `json:"jti"`
		HTM   string `json:"htm"`
		HTU   string `json:"htu"`
		IAT   int64  `json:"iat"`
		ATH   string `json:"ath,omitempty"`
		Nonce string `json:"nonce,omitempty"`
	}{JTI: rand.Text(), HTM: method, HTU: proofTarget(u), IAT: s.now().Unix(), Nonce: s.nonce(originOf(u))}
	if accessToken != "" {
		sum := sha256.Sum256([]byte(accessToken))
		claims.ATH = b64(sum[:])
	}
	payload, err := json.Marshal(claims)
	if err != nil {
		return "", err
	}
	return key.sign(b64(header) + "." + b64(payload))
}

// sign is the compact JWS of signingInput: ES256's signature is r and s,
// 32 bytes each (RFC 7518, 3.4), not the ASN.1 the standard library gives.
func (k *dpopKey) sign(signingInput string) (string, error) {
	sum := sha256.Sum256([]byte(signingInput))
	der, err := ecdsa.SignASN1(rand.Reader, k.priv, sum[:])
	if err != nil {
		return "", err
	}
	var rs struct{ R, S *big.Int }
	if _, err := asn1.Unmarshal(der, &rs); err != nil {
		return "", err
	}
	sig := make([]byte, 64)
	rs.R.FillBytes(sig[:32])
	rs.S.FillBytes(sig[32:])
	return signingInput + "." + b64(sig), nil
}

// proofTarget is htu: the request's URL without query and fragment.
func proofTarget(u *url.URL) string {
	t := url.URL{Scheme: u.Scheme, Host: u.Host, Path: u.Path, RawPath: u.RawPath}
	return t.String()
}

func (s *dpopSigner) nonce(o origin) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nonces[o]
}

// noteNonce keeps the nonce resp gives, if any, as the newest of its
// origin: a server may send a new one with any response.
func (s *dpopSigner) noteNonce(u *url.URL, resp *http.Response) {
	n := resp.Header.Get("DPoP-Nonce")
	if n == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nonces[originOf(u)] = n
}

// authorizationParams bind the authorization code to the key, with
// dpop_jkt (RFC 9449, 10), when s is set.
func (s *dpopSigner) authorizationParams() []oauth2.AuthCodeOption {
	if s == nil {
		return nil
	}
	return []oauth2.AuthCodeOption{oauth2.SetAuthURLParam("dpop_jkt", s.jkt())}
}

// dpopTokenTransport gives each request (to a token endpoint) a proof,
// and sends it once more with the nonce the authorization server asks
// for (RFC 9449, 8).
type dpopTokenTransport struct {
	base http.RoundTripper
	s    *dpopSigner
}

func (t dpopTokenTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	return retryWithNonce(req, t.send, asksTokenNonce)
}

// tokenClient is the client of a token request that carries dpop's
// proof (dpop nil: none).
func (h *oauthHandler) tokenClient(dpop *dpopSigner) *http.Client {
	if dpop == nil {
		return h.hc
	}
	return h.dpopHC
}

// send sends req with a new proof.
func (t dpopTokenTransport) send(req *http.Request) (*http.Response, error) {
	proof, err := t.s.proof(req.Method, req.URL, "")
	if err != nil {
		return nil, err
	}
	req.Header.Set("DPoP", proof)
	resp, err := t.base.RoundTrip(req)
	if err == nil {
		t.s.noteNonce(req.URL, resp)
	}
	return resp, err
}

// retryWithNonce sends a copy of req with send and, when the answer is
// one asksNonce takes for a request for a (new) nonce and req's body can
// be read again, sends a new copy once more: a server that asks again
// gets its answer returned, so the loop is bounded.
func retryWithNonce(req *http.Request, send func(*http.Request) (*http.Response, error), asksNonce func(*http.Response) bool) (*http.Response, error) {
	first := req.Clone(req.Context())
	resp, err := send(first)
	if err != nil || !asksNonce(resp) || (req.Body != nil && req.Body != http.NoBody && req.GetBody == nil) {
		return resp, err
	}
	again := req.Clone(req.Context())
	if req.GetBody != nil {
		body, err := req.GetBody()
		if err != nil {
			return resp, nil // the answer stands
		}
		again.Body = body
	}
	discardBody(resp)
	return send(again)
}

// discardBody reads a little of resp's body, so that its connection may
// serve again, and closes it.
func discardBody(resp *http.Response) {
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
}

// asksTokenNonce reports whether a token endpoint's answer is the error
// use_dpop_nonce with a nonce (RFC 9449, 8). It leaves resp's body to be
// read again.
func asksTokenNonce(resp *http.Response) bool {
	if resp.StatusCode != http.StatusBadRequest || resp.Header.Get("DPoP-Nonce") == "" {
		return false
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	resp.Body = io.NopCloser(bytes.NewReader(data))
	if err != nil {
		return false
	}
	var e struct {
		Error string `json:"error"`
	}
	return json.Unmarshal(data, &e) == nil && e.Error == "use_dpop_nonce"
}

// asksResourceNonce reports whether an MCP server's answer is a 401
// whose DPoP challenge has error="use_dpop_nonce", with a nonce (RFC
// 9449, 9).
func asksResourceNonce(resp *http.Response) bool {
	return resp.StatusCode == http.StatusUnauthorized && resp.Header.Get("DPoP-Nonce") != "" &&
		dpopChallengeError(resp.Header) == "use_dpop_nonce"
}

// dpopChallengeError is the error parameter of the DPoP challenge in h's
// WWW-Authenticate, if any.
func dpopChallengeError(h http.Header) string {
	challenges, err := oauthex.ParseWWWAuthenticate(h.Values("WWW-Authenticate"))
	if err != nil {
		return ""
	}
	for _, c := range challenges {
		if c.Scheme == "dpop" {
			return c.Params["error"]
		}
	}
	return ""
}

// dpopResourceTransport presents a DPoP-bound access token to the MCP
// server as RFC 9449 (7.1) says: go-sdk and the client's side channel
// set "Authorization: Bearer <token>"; for the token of the handler's
// record that is bound to its key, each request goes with
// "Authorization: DPoP <token>" and a new proof for its method, URL and
// token, and once more with the nonce the server asks for. Every other
// request goes as it is.
type dpopResourceTransport struct {
	base http.RoundTripper
	h    *oauthHandler
}

func (t dpopResourceTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	token, ok := t.h.dpopBound(req.Header.Get("Authorization"))
	if !ok {
		return t.base.RoundTrip(req)
	}
	return retryWithNonce(req, func(r *http.Request) (*http.Response, error) {
		proof, err := t.h.dpop.proof(r.Method, r.URL, token)
		if err != nil {
			return nil, err
		}
		r.Header.Set("Authorization", "DPoP "+token)
		r.Header.Set("DPoP", proof)
		resp, err := t.base.RoundTrip(r)
		if err == nil {
			t.h.dpop.noteNonce(r.URL, resp)
		}
		return resp, err
	}, asksResourceNonce)
}

// dpopBound is the token of authorization (an Authorization header of
// scheme Bearer or DPoP), if it is the record's access token and the
// record's token is bound to the handler's key.
func (h *oauthHandler) dpopBound(authorization string) (string, bool) {
	if h.dpop == nil {
		return "", false
	}
	scheme, token, ok := strings.Cut(authorization, " ")
	if !ok || (!strings.EqualFold(scheme, "bearer") && !strings.EqualFold(scheme, "dpop")) {
		return "", false
	}
	tok := h.current()
	if tok == nil || tok.AccessToken == "" || tok.AccessToken != token || tok.DPoPJKT != h.dpop.jkt() {
		return "", false
	}
	return token, true
}

// resourceTransport is base, wrapped to present DPoP-bound tokens.
func (h *oauthHandler) resourceTransport(base http.RoundTripper) http.RoundTripper {
	if h == nil || h.dpop == nil {
		return base
	}
	return dpopResourceTransport{base: base, h: h}
}

// dpopFor is the signer of the token requests to the authorization
// server of asm, or nil when they carry no proof (DPoPMode).
func (h *oauthHandler) dpopFor(ctx context.Context, asm *oauthex.AuthServerMeta) *dpopSigner {
	if h.dpop == nil {
		return nil
	}
	if h.cfg.DPoP == DPoPAlways || slices.Contains(h.dpopAlgs(ctx, asm.Issuer), dpopAlg) {
		return h.dpop
	}
	return nil
}

// dpopAlgs are the dpop_signing_alg_values_supported of issuer's
// metadata, read at the URLs go-sdk reads it (which does not keep the
// member): the first document found for issuer. None when there is none.
func (h *oauthHandler) dpopAlgs(ctx context.Context, issuer string) []string {
	for _, u := range authServerMetadataURLs(issuer) {
		var meta struct {
			Issuer string   `json:"issuer"`
			Algs   []string `json:"dpop_signing_alg_values_supported"`
		}
		if err := h.getJSON(ctx, u, &meta); err != nil {
			continue
		}
		if meta.Issuer == issuer { // compared exactly, as RFC 8414 3.3 says
			return meta.Algs
		}
	}
	return nil
}

// authServerMetadataURLs are the metadata URLs of issuer MCP lists, in
// its order: RFC 8414 then OpenID discovery, with the issuer's path
// inserted after the well-known part, and OpenID's appended last.
func authServerMetadataURLs(issuer string) []string {
	u, err := url.Parse(issuer)
	if err != nil {
		return nil
	}
	base := u.Scheme + "://" + u.Host
	p := strings.Trim(u.EscapedPath(), "/")
	if p == "" {
		return []string{base + "/.well-known/oauth-authorization-server", base + "/.well-known/openid-configuration"}
	}
	return []string{
		base + "/.well-known/oauth-authorization-server/" + p,
		base + "/.well-known/openid-configuration/" + p,
		base + "/" + p + "/.well-known/openid-configuration",
	}
}

// getJSON reads the JSON document at u into v.
func (h *oauthHandler) getJSON(ctx context.Context, u string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := h.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s answered %s", u, resp.Status)
	}
	return json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(v)
}

// tokenBinding is the key thumbprint a token of tokenType, answered to a
// token request that carried dpop's proof (dpop nil: none), is bound to:
// none for a Bearer token. A DPoP token to a request without a proof is
// an error, as is any other type.
func tokenBinding(tokenType string, dpop *dpopSigner) (string, error) {
	switch {
	case tokenType == "" || strings.EqualFold(tokenType, "bearer"):
		return "", nil
	case strings.EqualFold(tokenType, "dpop") && dpop != nil:
		return dpop.jkt(), nil
	case strings.EqualFold(tokenType, "dpop"):
		return "", errors.New("a DPoP token, to a request without a DPoP proof")
	}
	return "", fmt.Errorf("type %q, not Bearer or DPoP", tokenType)
}

// withStoredKey is tok as loaded from the store: when its tokens are
// bound to a key (an earlier run's), the handler signs with that key
// from now on, which the record keeps; a record whose key is missing or
// is not the one its tokens are bound to, or any bound record with
// DPoPNever, loses its tokens, which could not be presented (the refresh
// token of a public client is bound to the key as well).
func (h *oauthHandler) withStoredKey(tok *OAuthToken) *OAuthToken {
	if tok == nil || tok.DPoPJKT == "" {
		return tok
	}
	if h.dpop == nil {
		return tok.registration()
	}
	k, err := parseDPoPKey(tok.DPoPKey)
	if err != nil || k.jkt != tok.DPoPJKT {
		return tok.registration()
	}
	h.dpop.key.Store(k)
	return tok
}

// withKey is tok, about to be saved, with the key its tokens are bound
// to, if any, so that a later run can present them.
func (h *oauthHandler) withKey(tok *OAuthToken) *OAuthToken {
	if tok == nil {
		return nil
	}
	tok.DPoPKey = nil
	if k := h.dpopOf(tok); k != nil {
		tok.DPoPKey = k.key.Load().pkcs8
	}
	return tok
}

// dpopOf is the signer of a refresh of tok: the handler's, when tok's
// tokens are bound to its key.
func (h *oauthHandler) dpopOf(tok *OAuthToken) *dpopSigner {
	if h.dpop != nil && tok.DPoPJKT != "" && tok.DPoPJKT == h.dpop.jkt() {
		return h.dpop
	}
	return nil
}

// withDPoP gives h a DPoP key, unless DPoPNever, and a client that
// signs the token requests. h.hc itself stays as it was: go-sdk's
// discovery guards against server-side request forgery (no dialing of
// private addresses) only when its client's transport is an
// *http.Transport, which a wrapper would hide.
func (h *oauthHandler) withDPoP() {
	if h.cfg.DPoP == DPoPNever {
		return
	}
	s, err := newDPoPSigner(h.now)
	if err != nil {
		return // no key: tokens stay unbound
	}
	base := h.hc.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	hc := *h.hc
	hc.Transport = dpopTokenTransport{base: base, s: s}
	h.dpopHC, h.dpop = &hc, s
}
