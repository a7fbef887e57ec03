package toolpin

import (
	"strings"
	"testing"
)

func TestCanonical(t *testing.T) {
	for in, want := range map[string]string{
		` { "b" : [ 1.0 , -2e1, "x" ], "a":{"d":0.50, "c":null} , "<":"&>" } `: `{"<":"&>","a":{"c":null,"d":0.50},"b":[1.0,-2e1,"x"]}`,
		`{"a":1,"a":2}`:        `{"a":2}`,
		`"\u200b\ud83d\ude00"`: "\"\u200b\U0001F600\"",
	} {
		got, err := Canonical([]byte(in))
		if err != nil || string(got) != want {
			t.Errorf("Canonical(%s) = %s, %v; want %s", in, got, err, want)
		}
	}
	for _, bad := range []string{``, `{`, `{} {}`, `[1,]`} {
		if _, err := Canonical([]byte(bad)); err == nil {
			t.Errorf("Canonical(%q) accepted", bad)
		}
	}
}

// The digest does not depend on the order of keys or on whitespace, and
// does on everything else.
func TestDigest(t *testing.T) {
	a, err := Definition(Tool{Name: "t", Description: "d", InputSchema: []byte(`{"type":"object", "properties":{"x":{"type":"string"}}}`), OutputSchema: []byte("null")})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Definition(Tool{Name: "t", Description: "d", InputSchema: []byte(`{"properties":{"x":{"type":"string"}},"type":"object"}`)})
	c, _ := Definition(Tool{Name: "t", Description: "d\u200b", InputSchema: []byte(`{"properties":{"x":{"type":"string"}},"type":"object"}`)})
	if Digest(a) != Digest(b) {
		t.Errorf("key order changed the digest:\n%s\n%s", a, b)
	}
	if Digest(a) == Digest(c) || !strings.HasPrefix(Digest(a), "sha256:") {
		t.Errorf("digests %s %s", Digest(a), Digest(c))
	}
	if got := Changed(a, c); len(got) != 1 || got[0] != "description" {
		t.Errorf("Changed = %v", got)
	}
}

func TestLines(t *testing.T) {
	got := Lines([]byte(`{"description":"a\nb\u202e","inputSchema":{"properties":{"a/b":{},"x y":{"enum":[]}}}}`))
	want := `/description#1 = "a"
/description#2 = "b\u202e"
/inputSchema/properties/a~1b = {}
/inputSchema/properties/"x y"/enum = []
`
	if got != want {
		t.Errorf("Lines =\n%s\nwant\n%s", got, want)
	}
}
