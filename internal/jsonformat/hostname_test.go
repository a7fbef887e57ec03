package jsonformat

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// splitHostname is validHostname written with strings.Split, the reading
// the loop must keep.
func splitHostname(s string) bool {
	s = strings.TrimSuffix(s, ".")
	if s == "" || len(s) > 253 {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if !validLabel(label) {
			return false
		}
	}
	return true
}

// Hostnames, and emails (whose domain is one), over an alphabet of the
// characters that matter, are judged as the split reading judges them.
func TestHostnameAsSplit(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "ab9-._@!\"["
	for range 100000 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		s := string(b)
		if got, want := validHostname(s), splitHostname(s); got != want {
			t.Fatalf("validHostname(%q) = %v, split reading %v", s, got, want)
		}
	}
	for c := range 256 {
		want := '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || strings.IndexByte("!#$%&'*+-/=?^_`{|}~", byte(c)) >= 0
		if isAtext(byte(c)) != want {
			t.Fatalf("isAtext(%q) = %v", rune(c), !want)
		}
	}
}
