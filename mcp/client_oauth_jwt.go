package mcp

import (
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
	"errors"
	"fmt"
	"time"
)

// The client signs its own JSON Web Tokens (RFC 7515 compact JWS) for
// private_key_jwt client authentication (RFC 7523, 2.2): a header, the
// claims, and a signature with the program's key, each base64url without
// padding. The standard library has the signatures; the rest is the few
// lines below, so no JWT library is needed.

// jwsAlg is the JWS algorithm of key: ES256, ES384 or ES512 for an ECDSA
// key on P-256, P-384 or P-521, RS256 for RSA (of at least 2048 bits),
// EdDSA for Ed25519.
func jwsAlg(key crypto.Signer) (string, error) {
	switch k := key.(type) {
	case *ecdsa.PrivateKey:
		switch k.Curve {
		case elliptic.P256():
			return "ES256", nil
		case elliptic.P384():
			return "ES384", nil
		case elliptic.P521():
			return "ES512", nil
		}
		return "", fmt.Errorf("an ECDSA key on %s: only P-256, P-384 and P-521 have a JWS algorithm", k.Curve.Params().Name)
	case *rsa.PrivateKey:
		if k.N.BitLen() < 2048 {
			return "", fmt.Errorf("an RSA key of %d bits: at least 2048 are required (RFC 7518, 3.3)", k.N.BitLen())
		}
		return "RS256", nil
	case ed25519.PrivateKey:
		return "EdDSA", nil
	}
	return "", fmt.Errorf("a key of type %T: use an *ecdsa.PrivateKey, *rsa.PrivateKey or ed25519.PrivateKey", key)
}

// signJWT is the compact JWS of claims, signed with key (whose algorithm
// jwsAlg names), with kid in the header when not empty.
func signJWT(key crypto.Signer, kid string, claims any) (string, error) {
	alg, err := jwsAlg(key)
	if err != nil {
		return "", err
	}
	header := map[string]string{"alg": alg, "typ": "JWT"}
	if kid != "" {
		header["kid"] = kid
	}
	h, err := json.Marshal(header)
	if err != nil {
		return "", err
	}
	c, err := json.Marshal(claims)
	if err != nil {
		return "", err
	}
	b64 := base64.RawURLEncoding
	input := b64.EncodeToString(h) + "." + b64.EncodeToString(c)
	sig, err := jwsSign(key, alg, []byte(input))
	if err != nil {
		return "", fmt.Errorf("signing with the %s key: %w", alg, err)
	}
	return input + "." + b64.EncodeToString(sig), nil
}

// jwsSign is the JWS signature of input: for ECDSA the fixed-size R||S of
// RFC 7518 3.4 (not crypto/ecdsa's ASN.1), for RSA PKCS #1 v1.5 over
// SHA-256, for Ed25519 the plain signature.
func jwsSign(key crypto.Signer, alg string, input []byte) ([]byte, error) {
	switch alg {
	case "EdDSA":
		return key.Sign(rand.Reader, input, crypto.Hash(0))
	case "RS256":
		sum := sha256.Sum256(input)
		return key.Sign(rand.Reader, sum[:], crypto.SHA256)
	}
	k := key.(*ecdsa.PrivateKey)
	var digest []byte
	switch alg {
	case "ES256":
		s := sha256.Sum256(input)
		digest = s[:]
	case "ES384":
		s := sha512.Sum384(input)
		digest = s[:]
	default: // ES512
		s := sha512.Sum512(input)
		digest = s[:]
	}
	r, s, err := ecdsa.Sign(rand.Reader, k, digest)
	if err != nil {
		return nil, err
	}
	size := (k.Curve.Params().BitSize + 7) / 8
	sig := make([]byte, 2*size)
	r.FillBytes(sig[:size])
	s.FillBytes(sig[size:])
	return sig, nil
}

// clientAssertionLifetime is how long a client assertion is valid: long
// enough for the token request to arrive, short enough that one seen by
// someone else is of little use.
const clientAssertionLifetime = 2 * time.Minute

// clientAssertionClaims are the claims of an RFC 7523 client assertion:
// the client is both issuer and subject, the audience is the
// authorization server's issuer identifier, and jti is random, so that the
// authorization server can refuse an assertion sent twice.
type clientAssertionClaims struct {
	Issuer    string `json:"iss"`
	Subject   string `json:"sub"`
	Audience  string `json:"aud"`
	IssuedAt  int64  `json:"iat"`
	NotBefore int64  `json:"nbf"`
	Expiry    int64  `json:"exp"`
	ID        string `json:"jti"`
}

// clientAssertion is a new signed assertion that clientID is the client,
// for the authorization server audience.
func clientAssertion(key crypto.Signer, kid, clientID, audience string, now time.Time) (string, error) {
	return signJWT(key, kid, clientAssertionClaims{
		Issuer: clientID, Subject: clientID, Audience: audience,
		IssuedAt: now.Unix(), NotBefore: now.Unix(), Expiry: now.Add(clientAssertionLifetime).Unix(),
		ID: rand.Text(),
	})
}

// ParsePrivateKeyPEM is the private key in data, PEM of a PKCS #8 ("PRIVATE
// KEY"), SEC 1 ("EC PRIVATE KEY") or PKCS #1 ("RSA PRIVATE KEY") key: the
// key of ClientCredentialsConfig.PrivateKey, as an authorization server's
// console or openssl gives it. It checks that the key has a JWS algorithm.
func ParsePrivateKeyPEM(data []byte) (crypto.Signer, error) {
	block, _ := pem.Decode(data)
	if block == nil {
		return nil, errors.New("mcp.ParsePrivateKeyPEM: no PEM block")
	}
	var key any
	var err error
	switch block.Type {
	case "PRIVATE KEY":
		key, err = x509.ParsePKCS8PrivateKey(block.Bytes)
	case "EC PRIVATE KEY":
		key, err = x509.ParseECPrivateKey(block.Bytes)
	case "RSA PRIVATE KEY":
		key, err = x509.ParsePKCS1PrivateKey(block.Bytes)
	default:
		return nil, fmt.Errorf("mcp.ParsePrivateKeyPEM: a %q PEM block, not a private key", block.Type)
	}
	if err != nil {
		return nil, fmt.Errorf("mcp.ParsePrivateKeyPEM: %w", err)
	}
	signer, ok := key.(crypto.Signer)
	if !ok {
		return nil, fmt.Errorf("mcp.ParsePrivateKeyPEM: a key of type %T cannot sign", key)
	}
	if _, err := jwsAlg(signer); err != nil {
		return nil, fmt.Errorf("mcp.ParsePrivateKeyPEM: %w", err)
	}
	return signer, nil
}
