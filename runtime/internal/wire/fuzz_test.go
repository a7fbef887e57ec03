package wire

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// FuzzDecoder reads arbitrary bytes through the sample decoder, the generic
// walker, Skip and Any: none may panic, and whatever encoding/json finds
// invalid must be rejected with a syntax error (white space alone aside,
// which reads as {}).
func FuzzDecoder(f *testing.F) {
	for _, seed := range []string{
		`{"city":"Paris","unit":"c","days":3,"tags":["a","b"]}`,
		`{"city":"P\u00e9ris","days":3.0,"where":{"lat":48.8,"lon":2.3},"alerts":null}`,
		`{"days":1e400,"city":"\ud800\udc00\udc00","tags":[1,null,{}]}`,
		`{"unit":"kelvin","x~/y":[[[]]],"where":{}}`,
		`[1,2,{"a":"b"}]`,
		`"\u0000\\\/\b\f\n\r\t"`,
		`-0.0e-0`,
		"{\"city\":\"\xff\xfe\"}",
		`{"a":[1,2,]}`,
		`{"city":"x" "days":1}`,
		`   `,
		`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[{"k":"v"}]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`,
		`123456789012345678901234567890e-30`,
		`{"city":"x","days":9223372036854775808}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := readWeather(data)
		walked := walkVerdict(data)
		skipped := skipVerdict(data)
		anyErr := anyVerdict(data)
		if onlySpace(data) || json.Valid(data) {
			for _, err := range []error{err, walked, skipped, anyErr} {
				require.False(t, isInvalidJSON(err), "valid JSON rejected: %v", err)
			}
			return
		}
		require.True(t, isSyntaxError(err), "invalid JSON accepted or misreported: %v", err)
		require.True(t, isSyntaxError(walked), "walk: %v", walked)
		require.True(t, isSyntaxError(anyErr), "any: %v", anyErr)
		require.Error(t, skipped)
		require.Error(t, checkJSON(data))
	})
}

// isInvalidJSON reports whether err is a syntax error other than nesting
// too deep (which encoding/json allows up to 10000 levels).
func isInvalidJSON(err error) bool {
	return isSyntaxError(err) && strings.HasPrefix(err.(*ArgsError).Problems[0].Message, "not valid JSON")
}

func anyVerdict(data []byte) error {
	var d Decoder
	d.Reset(data)
	d.Any()
	return d.Close()
}

// FuzzRoundTrip writes values with the Encoder and reads them back with the
// Decoder: what comes back is what went in (strings with invalid UTF-8
// come back with U+FFFD, as through encoding/json).
func FuzzRoundTrip(f *testing.F) {
	f.Add("Paris", int64(3), uint64(7), 21.5, true, []byte("bytes"))
	f.Add("", int64(math.MinInt64), uint64(math.MaxUint64), 1e-7, false, []byte(nil))
	f.Add("\xff\u2028\"\\\x00<&>", int64(-1), uint64(0), math.Copysign(0, -1), true, []byte{0, 0xff})
	f.Add("\U0001D11E日本", int64(math.MaxInt64), uint64(1), math.MaxFloat64, false, []byte{})
	f.Add("a\nb\tc\x7f", int64(0), uint64(1<<63), 5e-324, true, []byte("x"))
	f.Fuzz(func(t *testing.T, s string, i int64, u uint64, fl float64, b bool, raw []byte) {
		var e Encoder
		e.Reset(nil)
		e.Object()
		e.Key("keyed")
		e.Object()
		e.Key(s)
		e.String(s)
		e.EndObject()
		e.Key("i")
		e.Int(i)
		e.Key("u")
		e.Uint(u)
		e.Key("f")
		e.Float(fl, 64)
		e.Key("f32")
		e.Float(float64(float32(fl)), 32)
		e.Key("b")
		e.Bool(b)
		e.Key("raw")
		e.Bytes(raw)
		e.Key("any")
		e.Any([]any{s, fl, map[string]any{s: b}})
		e.EndObject()
		if math.IsNaN(fl) || math.IsInf(fl, 0) || math.IsInf(float64(float32(fl)), 0) {
			require.Error(t, e.Err())
			return
		}
		require.NoError(t, e.Err())
		out := e.Output()
		require.True(t, json.Valid(out), "%s", out)
		checkRoundTrip(t, out, s, i, u, fl, b, raw)
	})
}

func checkRoundTrip(t *testing.T, out []byte, s string, i int64, u uint64, fl float64, b bool, raw []byte) {
	valid := string([]rune(s)) // each invalid byte becomes U+FFFD
	var d Decoder
	d.Reset(out)
	require.True(t, d.Object())
	for k, ok := d.Field(); ok; k, ok = d.Field() {
		switch string(k) {
		case "i":
			v, ok := d.Int(math.MinInt64, math.MaxInt64)
			require.True(t, ok)
			require.Equal(t, i, v)
		case "u":
			v, ok := d.Uint(0, math.MaxUint64)
			require.True(t, ok)
			require.Equal(t, u, v)
		case "f":
			v, ok := d.Float(negInf, posInf, 64)
			require.True(t, ok)
			require.Equal(t, math.Float64bits(fl), math.Float64bits(v))
		case "f32":
			v, ok := d.Float(negInf, posInf, 32)
			require.True(t, ok)
			require.Equal(t, math.Float32bits(float32(fl)), math.Float32bits(float32(v)))
		case "b":
			v, ok := d.Bool()
			require.True(t, ok)
			require.Equal(t, b, v)
		case "raw": // nil is written as "", which reads as empty
			v, ok := d.Bytes()
			require.True(t, ok)
			require.Equal(t, len(raw), len(v))
			require.True(t, bytes.Equal(raw, v))
		case "any":
			v, ok := d.Any()
			require.True(t, ok)
			require.Equal(t, []any{valid, fl, map[string]any{valid: b}}, v)
		case "keyed":
			require.True(t, d.Object())
			k, ok := d.Field()
			require.True(t, ok)
			require.Equal(t, valid, string(k))
			require.True(t, utf8.Valid(k))
			v, ok := d.String()
			require.True(t, ok)
			require.Equal(t, valid, v)
			_, ok = d.Field()
			require.False(t, ok)
		default:
			t.Fatalf("unexpected key %q", k)
		}
	}
	require.NoError(t, d.Close())
}
