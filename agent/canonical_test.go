package agent

import (
	"strings"
	"testing"
)

// The digest an approval is bound by compares arguments as the tool reads
// them: how the JSON is written does not count, what it says does.
func TestArgsDigestIsCanonical(t *testing.T) {
	same := [][2]string{
		{`{"to":"ana","amount":100}`, `{"amount":100,"to":"ana"}`},
		{`{"to":"ana","amount":100}`, " {\n\t\"to\" : \"ana\" ,\r\n \"amount\" : 100 } "},
		{`{"amount":100}`, `{"amount":100.0}`},
		{`{"amount":100}`, `{"amount":1e2}`},
		{`{"amount":100}`, `{"amount":1.00E+2}`},
		{`{"amount":0}`, `{"amount":-0.0}`},
		{`{"amount":0.5}`, `{"amount":5e-1}`},
		{`{"to":"A"}`, `{"to":"\u0041"}`},
		{`{"to":"a/b"}`, `{"to":"a\/b"}`},
		{`{"to":"é"}`, `{"to":"\u00e9"}`},
		{`{"to":"😀"}`, `{"to":"\ud83d\ude00"}`},
		{`{"to":"\n"}`, `{"to":"\u000a"}`},
		{`{"a":{"y":[1,{"q":2,"p":1}],"x":true}}`, `{"a":{"x":true,"y":[1.0,{"p":1,"q":2e0}]}}`},
		{"{\"to\":\"\xff\"}", `{"to":"\ufffd"}`}, // as the decoder reads them: U+FFFD both
		{``, `{}`},                               // no arguments are an empty object to a tool
	}
	for _, c := range same {
		if a, b := argsDigest([]byte(c[0])), argsDigest([]byte(c[1])); a != b {
			t.Errorf("%s and %s: digests differ, %s and %s", c[0], c[1], a, b)
		}
	}
	differ := [][2]string{
		{`{"amount":100}`, `{"amount":1000}`},
		{`{"amount":100}`, `{"amount":"100"}`},
		{`{"amount":10000000000000001}`, `{"amount":10000000000000000}`}, // one double, two values
		{`{"to":"ana"}`, `{"to":"Ana"}`},
		{`{"to":"ana"}`, `{"to":"ana "}`},
		{`{"to":"ana"}`, `{"TO":"ana"}`},
		{`{"to":["a","b"]}`, `{"to":["b","a"]}`},
		{`{"to":"a","to":"b"}`, `{"to":"b","to":"a"}`}, // the last one wins for some readers
		{`{"to":null}`, `{}`},
		{`{"to":true}`, `{"to":1}`},
		{`{"to":"ana"`, `{"to":"ana"}`},
		{`not json`, `not  json`},
	}
	for _, c := range differ {
		if a, b := argsDigest([]byte(c[0])), argsDigest([]byte(c[1])); a == b {
			t.Errorf("%s and %s: one digest, %s", c[0], c[1], a)
		}
	}
}

// The canonical form is RFC 8785's: members sorted by UTF-16 code units,
// strings with its escapes only.
func TestCanonicalJSONForm(t *testing.T) {
	for in, want := range map[string]string{
		`{"b":1,"a":2,"\u20ac":3,"\ud83d\ude00":4,"\r":5,"1":6}`: "{\"\\r\":5,\"1\":6,\"a\":2,\"b\":1,\"\u20ac\":3,\"\U0001F600\":4}",
		`{"\uff61":1,"\ud83d\ude00":2}`:                          "{\"\U0001F600\":2,\"\uff61\":1}", // U+1F600 is D83D DE00 in UTF-16: before U+FF61
		`[ "\u0000\u001f\b\f\t\"\\\/", 1E500, -0.000, 1E400 ]`:   `["\u0000\u001f\b\f\t\"\\/",1e500,0,1` + strings.Repeat("0", 400) + "]",
		`"<>&\u2028"`: "\"<>&\u2028\"",
	} {
		got, ok := canonicalJSON([]byte(in))
		if !ok || string(got) != want {
			t.Errorf("canonicalJSON(%s) = %s, %v; want %s", in, got, ok, want)
		}
	}
	for _, bad := range []string{`{`, `{"a":1}{}`, `[1,]`, `01`} {
		if got, ok := canonicalJSON([]byte(bad)); ok {
			t.Errorf("canonicalJSON(%q) = %s, ok; want not ok", bad, got)
		}
	}
}
