package toolimpl

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

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
			v, ok := d.Float(math.Inf(-1), math.Inf(1), 64)
			require.True(t, ok)
			require.Equal(t, math.Float64bits(fl), math.Float64bits(v))
		case "f32":
			v, ok := d.Float(math.Inf(-1), math.Inf(1), 32)
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

// FuzzFloatMatchesEncodingJSON holds the Encoder's floats to encoding/json's
// bytes, for any float64 and for decimals n/10^places, the shape the short
// decimal path takes.
func FuzzFloatMatchesEncodingJSON(f *testing.F) {
	f.Add(21.5, int64(215), uint8(1))
	f.Add(0.1, int64(-1), uint8(4))
	f.Add(1e-6, int64(1<<50), uint8(3))
	f.Fuzz(func(t *testing.T, fl float64, n int64, places uint8) {
		for _, v := range []float64{fl, float64(n) / math.Pow(10, float64(places%12))} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				continue
			}
			want, err := json.Marshal(v)
			require.NoError(t, err)
			require.Equal(t, string(want), string(appendFloat(nil, v, 64)), "%v (%#x)", v, math.Float64bits(v))
		}
	})
}
