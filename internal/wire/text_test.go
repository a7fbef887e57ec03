package wire

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// spans reads a JSON text with a Scanner and lists each value's text, in
// the order the values end: members' keys as key=value.
func spans(t *testing.T, in string) (string, error) {
	t.Helper()
	var s Scanner
	s.Reset([]byte(in))
	var out []string
	var value func() error
	value = func() error {
		start := s.Pos()
		var err error
		switch s.Kind() {
		case KindObject:
			err = s.Object(func(literal, text []byte) error {
				if err := value(); err != nil {
					return err
				}
				out[len(out)-1] = string(text) + "=" + out[len(out)-1]
				return nil
			})
		case KindArray:
			err = s.Array(func(int) error { return value() })
		case KindString:
			_, text, e := s.String()
			err = e
			if err == nil {
				out = append(out, "s:"+string(text))
				return nil
			}
		case KindNumber:
			lit, integer, e := s.Number()
			err = e
			if err == nil {
				kind := "n:"
				if integer {
					kind = "i:"
				}
				out = append(out, kind+string(lit))
				return nil
			}
		default:
			err = s.Skip()
		}
		if err != nil {
			return err
		}
		out = append(out, in[start:s.Pos()])
		return nil
	}
	s.Space()
	err := value()
	return strings.Join(out, " "), err
}

func TestScanner(t *testing.T) {
	for in, want := range map[string]string{
		`{"a":1,"b":[true, 2.5 ,null],"c\u00e9":"x\ny","d":{ }}`: `a=i:1 true n:2.5 null b=[true, 2.5 ,null] cé=s:x` + "\n" + `y d={ } {"a":1,"b":[true, 2.5 ,null],"c\u00e9":"x\ny","d":{ }}`,
		` [ ] `:                    `[ ]`,
		`"\ud800\ud83d\ude00é"`:    "s:\uFFFD\U0001F600é",
		`-0e+1`:                    `n:-0e+1`,
		`{"k" : [ {"x":false} ] }`: `x=false {"x":false} k=[ {"x":false} ] {"k" : [ {"x":false} ] }`,
	} {
		got, err := spans(t, in)
		if err != nil || got != want {
			t.Errorf("%q: got %q, %v; want %q", in, got, err, want)
		}
	}
}

func TestScannerErrors(t *testing.T) {
	for in, want := range map[string]string{
		``:                              "invalid JSON at offset 0: unexpected end",
		`{"a":1`:                        "invalid JSON at offset 6: want ',' or '}'",
		`[1 2]`:                         "invalid JSON at offset 3: want ',' or ']'",
		`{"a" 1}`:                       "invalid JSON at offset 5: want ':'",
		`{"a"`:                          "invalid JSON at offset 4: unexpected end, want ':'",
		`{1:2}`:                         "invalid JSON at offset 1: want a string",
		`"a\qb"`:                        "invalid JSON at offset 2: invalid escape",
		`"a\u12g4"`:                     "invalid JSON at offset 2: invalid \\u escape",
		`"a\u12`:                        "invalid JSON at offset 2: unterminated string",
		`"ab`:                           "invalid JSON at offset 3: unterminated string",
		"\"a\x01\"":                     "invalid JSON at offset 2: control character in a string",
		"\"a\xff\"":                     "invalid JSON at offset 4: invalid UTF-8 in a string",
		`[tru]`:                         "invalid JSON at offset 1: invalid literal",
		`[1.]`:                          "invalid JSON at offset 3: invalid number",
		`[}`:                            "invalid JSON at offset 1: invalid number",
		strings.Repeat("[", maxDepth+1): "invalid JSON at offset 1000: nested too deeply",
	} {
		_, err := spans(t, in)
		if err == nil || err.Error() != want {
			t.Errorf("%q: got %v, want %s", in, err, want)
		}
		if _, ok := err.(*SyntaxError); !ok {
			t.Errorf("%q: %T is not a *SyntaxError", in, err)
		}
	}
	var s Scanner
	s.Reset(nil)
	if err := s.Object(func([]byte, []byte) error { return nil }); err == nil || err.Error() != "invalid JSON at offset 0: want an object" {
		t.Errorf("Object on nothing: %v", err)
	}
	if err := s.Array(func(int) error { return nil }); err == nil || err.Error() != "invalid JSON at offset 0: want an array" {
		t.Errorf("Array on nothing: %v", err)
	}
}

// FuzzScanner reads arbitrary bytes with a Scanner: it must not panic, and
// it must accept what encoding/json accepts, but for invalid UTF-8 in a
// string and nesting deeper than maxDepth, which it refuses.
func FuzzScanner(f *testing.F) {
	for _, seed := range []string{
		`{"a":1,"b":[true, 2.5 ,null],"c\u00e9":"x\ny","d":{ }}`,
		`"\ud800\udc00\udc00 \u0000\\\/\b\f\n\r\t"`, `-0.0e-0`, "{\"k\":\"\xff\"}",
		`{"a":[1,2,]}`, `{"a" 1}`, ` [ [ ] , { } ] `, `tru`, `1.`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := spans(t, string(data))
		var s Scanner
		s.Reset(data)
		s.Space()
		skipErr := s.Skip()
		s.Space()
		if (err == nil) != (skipErr == nil) {
			t.Fatalf("%q: reading gives %v, skipping %v", data, err, skipErr)
		}
		if strings.Count(string(data), "[")+strings.Count(string(data), "{") > maxDepth {
			return
		}
		valid := json.Valid(data) && utf8.Valid(data)
		if ok := skipErr == nil && s.Pos() == len(data); ok != valid {
			t.Fatalf("%q: Scanner says %v (%v at %d), encoding/json %v", data, ok, skipErr, s.Pos(), json.Valid(data))
		}
	})
}
