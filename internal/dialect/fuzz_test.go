package dialect

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzDialects checks that Strict and Gemini never panic, that what they
// return is compact valid JSON or an error (never both), and that
// whitespace in the input changes nothing.
func FuzzDialects(f *testing.F) {
	for _, seed := range []string{forecast, benchSchema, nested(3), `{}`, `{"type":"object"}`,
		`{"$ref":"#/$defs/A","$defs":{"A":{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}}}}}`,
		`{"type":["integer","null"],"enum":[1,{"a":[true,null]}],"anyOf":[{"type":"null"}]}`,
		`{"type":"object","additionalProperties":{"type":"string"},"properties":{}}`,
		`{"type":"string","description":"\u00e9\ud800\"","format":"date-time","examples":[ "x" ]}`,
		`{"type":"array","items":{"type":"number","minimum":1e+300},"minItems":0}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, input []byte) {
		var compact bytes.Buffer
		valid := json.Compact(&compact, input) == nil
		for _, derive := range []func([]byte) ([]byte, error){Strict, Gemini} {
			out, err := derive(input)
			if err != nil {
				if out != nil {
					t.Fatalf("output %q with error %v", out, err)
				}
			} else {
				var c bytes.Buffer
				if err := json.Compact(&c, out); err != nil {
					t.Fatalf("output is not JSON: %v\n%s", err, out)
				}
				if !bytes.Equal(c.Bytes(), out) {
					t.Fatalf("output is not compact:\n%s", out)
				}
			}
			if !valid && err == nil {
				t.Fatalf("invalid JSON accepted: %q", input)
			}
			if valid {
				out2, err2 := derive(compact.Bytes())
				if !bytes.Equal(out, out2) || (err == nil) != (err2 == nil) {
					t.Fatalf("compact input gives %s (%v), indented %s (%v)", out2, err2, out, err)
				}
			}
		}
	})
}
