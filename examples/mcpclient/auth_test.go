package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"testing"

	"github.com/toolgen-dev/toolgen/mcp"
)

// TestConformanceAuth: each auth/ scenario's context, as the suite sends
// it, makes a client option that NewClient accepts; a context that cannot
// work is an error before anything is sent.
func TestConformanceAuth(t *testing.T) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	keyPEM := string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}))
	ctx := func(v map[string]string) string {
		b, _ := json.Marshal(v)
		return string(b)
	}
	for _, tc := range []struct {
		scenario, context string
		ok                bool
	}{
		{"auth/metadata-default", "", true},
		{"auth/basic-cimd", "", true},
		{"auth/pre-registration", ctx(map[string]string{"client_id": "c", "client_secret": "s"}), true},
		{"auth/client-credentials-basic", ctx(map[string]string{"client_id": "c", "client_secret": "s"}), true},
		{"auth/client-credentials-jwt", ctx(map[string]string{"client_id": "c", "private_key_pem": keyPEM, "signing_algorithm": "ES256"}), true},
		{"auth/wif-jwt-bearer", ctx(map[string]string{"client_id": "w", "valid_jwt": "a.b.c"}), true},
		{"auth/client-credentials-jwt", ctx(map[string]string{"client_id": "c", "private_key_pem": "not a key"}), false},
		{"auth/client-credentials-basic", ctx(map[string]string{"client_secret": "s"}), false},
		{"auth/wif-jwt-bearer", ctx(map[string]string{"client_id": "w"}), false},
		{"auth/metadata-default", "{not json", false},
	} {
		opt, err := conformanceAuth(tc.scenario, tc.context)
		if err == nil {
			_, err = mcp.NewClient(mcp.URL("http://127.0.0.1:9/mcp", nil), opt)
		}
		if (err == nil) != tc.ok {
			t.Errorf("%s with %s: error %v, want ok=%v", tc.scenario, tc.context, err, tc.ok)
		}
	}
}
