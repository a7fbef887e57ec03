package toolimpl

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stdJSON is what encoding/json writes for v, with HTML escaping off (the
// Encoder does not escape <, > and &).
func stdJSON(t *testing.T, v any) string {
	t.Helper()
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(v))
	return strings.TrimSuffix(b.String(), "\n")
}

// encoded returns what write writes into a fresh Encoder, and its error.
func encoded(write func(e *Encoder)) (string, error) {
	var e Encoder
	e.Reset(nil)
	write(&e)
	return string(e.Output()), e.Err()
}

func TestEncoderCommas(t *testing.T) {
	out, err := encoded(func(e *Encoder) {
		e.Object()
		e.Key("a")
		e.Int(1)
		e.Key("b")
		e.Array()
		e.Array()
		e.EndArray()
		e.Object()
		e.EndObject()
		e.Bool(false)
		e.Array()
		e.Null()
		e.EndArray()
		e.EndArray()
		e.Key("c")
		e.Object()
		e.Key("d")
		e.String("e")
		e.EndObject()
		e.Key("f")
		e.Uint(2)
		e.EndObject()
	})
	require.NoError(t, err)
	assert.Equal(t, `{"a":1,"b":[[],{},false,[null]],"c":{"d":"e"},"f":2}`, out)
	assert.True(t, json.Valid([]byte(out)))
}

func TestEncoderWritesAfterThePrefix(t *testing.T) {
	buf := make([]byte, 0, 64)
	buf = append(buf, "prefix:"...)
	var e Encoder
	e.Reset(buf)
	e.Array()
	e.Int(1)
	e.EndArray()
	assert.Equal(t, "[1]", string(e.Output()), "no comma after the prefix's ':'")
	assert.Equal(t, "prefix:[1]", string(buf[:len(buf)+3]), "written into buf's spare capacity")
	assert.Equal(t, "prefix:", string(buf))

	e.Reset(nil)
	assert.Nil(t, e.Output())
	e.Bool(true)
	assert.Equal(t, "true", string(e.Output()))
	assert.Equal(t, 256, cap(e.Output()), "allocated once, with room to grow")

	e.Reset(buf[:len(buf):len(buf)])
	e.String("no spare capacity")
	assert.Equal(t, `"no spare capacity"`, string(e.Output()))
	assert.Equal(t, "prefix:", string(buf))
}

func TestEncoderStrings(t *testing.T) {
	var all strings.Builder
	for c := range 0x80 {
		all.WriteByte(byte(c))
	}
	cases := []string{
		"", "plain", `"quoted" \back\slash`, all.String(), "<script>&amp;</script>",
		"é日本\U0001D11E", "\u2028\u2029", "\xff", "a\xe2\x82b", "\xed\xa0\x80", "\x7f", "\ufffd", "\u00a0\u200b",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		out, err := encoded(func(e *Encoder) { e.String(s) })
		require.NoError(t, err)
		assert.Equal(t, stdJSON(t, s), out, "%q", s)
		out, _ = encoded(func(e *Encoder) { e.Key(s); e.Null() })
		assert.Equal(t, stdJSON(t, s)+":null", out, "%q", s)
	}
	out, _ := encoded(func(e *Encoder) { e.String("<&>\n\x01") })
	assert.Equal(t, `"<&>\n\u0001"`, out, "no HTML escaping")
}

func TestEncoderFloat(t *testing.T) {
	values := []float64{
		0, math.Copysign(0, -1), 1, -1, 0.1, 1.5, 100, 1e6, 1e20, 1e21, 123456789e13, 1e-6, 9.99e-7, 1e-7,
		5e-324, math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 1.0 / 3, 2.5e-8, 1e100, 12345678901234567890,
		float64(math.MaxFloat32), float64(math.SmallestNonzeroFloat32), 3.4e38, 1e-45,
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		values = append(values, math.Float64frombits(rng.Uint64()), rng.NormFloat64()*math.Pow(10, float64(rng.IntN(60)-30)))
	}
	for _, f := range values {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		out, err := encoded(func(e *Encoder) { e.Float(f, 64) })
		require.NoError(t, err)
		assert.Equal(t, stdJSON(t, f), out, "float64 %v", f)

		f32 := float32(f)
		if math.IsInf(float64(f32), 0) {
			continue
		}
		out, err = encoded(func(e *Encoder) { e.Float(float64(f32), 32) })
		require.NoError(t, err)
		assert.Equal(t, stdJSON(t, f32), out, "float32 %v", f32)
	}
}

// Short decimals take a path of their own (appendShortDecimal): it must
// write exactly what strconv writes, for decimals of every length around the
// places it tries, their neighbours one ulp away, and the edges of its range.
func TestEncoderFloatShortDecimals(t *testing.T) {
	var values []float64
	rng := rand.New(rand.NewPCG(5, 6))
	for places := range 8 {
		scale := math.Pow(10, float64(places))
		for range 3000 {
			n := rng.Int64N(1 << uint(rng.IntN(54)))
			if rng.IntN(2) == 0 {
				n = -n
			}
			values = append(values, float64(n)/scale)
		}
	}
	for _, edge := range []float64{1 << 50, 1 << 53, 1e-6, 1e-5, 1e-4, 0.1, 0.5, 1e15, 1e16} {
		for _, k := range []float64{1, 10, 100, 1000, 10000} {
			values = append(values, edge/k, edge*k)
		}
	}
	for _, f := range slices.Clone(values) {
		values = append(values, math.Nextafter(f, math.Inf(1)), math.Nextafter(f, math.Inf(-1)))
	}
	for _, f := range values {
		want := stdJSON(t, f)
		out, err := encoded(func(e *Encoder) { e.Float(f, 64) })
		require.NoError(t, err)
		require.Equal(t, want, out, "float64 %v (%#x)", f, math.Float64bits(f))
	}
}

func TestEncoderFloatErrors(t *testing.T) {
	for _, c := range []struct {
		f   float64
		err string
	}{
		{math.NaN(), "json: unsupported value: NaN"},
		{math.Inf(1), "json: unsupported value: +Inf"},
		{math.Inf(-1), "json: unsupported value: -Inf"},
	} {
		out, err := encoded(func(e *Encoder) { e.Array(); e.Float(c.f, 64); e.Int(1); e.EndArray() })
		assert.EqualError(t, err, c.err)
		assert.Equal(t, "[null,1]", out, "the output stays well formed")
		_, stdErr := json.Marshal(c.f)
		assert.EqualError(t, stdErr, c.err, "as encoding/json says")
	}
}

func TestEncoderIntegers(t *testing.T) {
	for _, i := range []int64{0, -1, 42, math.MinInt64, math.MaxInt64} {
		out, _ := encoded(func(e *Encoder) { e.Int(i) })
		assert.Equal(t, stdJSON(t, i), out)
	}
	for _, u := range []uint64{0, 7, math.MaxUint64} {
		out, _ := encoded(func(e *Encoder) { e.Uint(u) })
		assert.Equal(t, stdJSON(t, u), out)
	}
}

func TestEncoderBytes(t *testing.T) {
	// A nil []byte is "", as for an empty one: the schema is a string (and
	// encoding/json/v2 does the same); encoding/json writes null.
	out, err := encoded(func(e *Encoder) { e.Bytes(nil) })
	require.NoError(t, err)
	assert.Equal(t, `""`, out)
	for _, b := range [][]byte{{}, []byte("hello"), {0, 0xff, 0xfe}, bytes.Repeat([]byte("x"), 1000)} {
		out, err := encoded(func(e *Encoder) { e.Bytes(b) })
		require.NoError(t, err)
		assert.Equal(t, stdJSON(t, b), out)
	}
}

func TestEncoderTime(t *testing.T) {
	for _, tm := range []time.Time{
		time.Date(2024, 3, 1, 12, 30, 0, 0, time.UTC),
		time.Date(2024, 3, 1, 12, 30, 0, 123456789, time.FixedZone("x", 2*3600+1800)),
		time.Date(1, 1, 1, 0, 0, 0, 1000, time.FixedZone("y", -7*3600)),
		{},
	} {
		out, err := encoded(func(e *Encoder) { e.Time(tm) })
		require.NoError(t, err)
		want, err := tm.MarshalJSON()
		require.NoError(t, err)
		assert.Equal(t, string(want), out)
	}
	out, err := encoded(func(e *Encoder) { e.Array(); e.Time(time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)); e.EndArray() })
	assert.ErrorContains(t, err, "year outside of range [0,9999]")
	assert.Equal(t, "[null]", out)
}

func TestEncoderRaw(t *testing.T) {
	out, err := encoded(func(e *Encoder) {
		e.Array()
		e.Raw([]byte(" {\"a\" : [1, \"b c\\\" d\"],\n\t\"e\":null} "))
		e.Raw(nil)
		e.Raw([]byte(`"<&>"`))
		e.EndArray()
	})
	require.NoError(t, err)
	assert.Equal(t, `[{"a":[1,"b c\" d"],"e":null},null,"<&>"]`, out)

	for raw, msg := range map[string]string{
		`{"a":}`: "raw JSON value: not valid JSON: invalid character '}' looking for the start of a value at offset 5",
		`[1] 2`:  "raw JSON value: not valid JSON: unexpected data after the arguments at offset 4",
		`   `:    "raw JSON value: not valid JSON: unexpected end of input",
	} {
		out, err := encoded(func(e *Encoder) { e.Raw([]byte(raw)) })
		assert.EqualError(t, err, msg, raw)
		assert.Equal(t, "null", out)
	}
}

type textValue struct {
	s   string
	err error
}

func (v textValue) MarshalText() ([]byte, error) { return []byte(v.s), v.err }

type jsonValue struct {
	s   string
	err error
}

func (v jsonValue) MarshalJSON() ([]byte, error) { return []byte(v.s), v.err }

type pointerMarshaler struct{ n int }

func (p *pointerMarshaler) MarshalJSON() ([]byte, error) { return json.Marshal(p.n) }

func TestEncoderText(t *testing.T) {
	out, err := encoded(func(e *Encoder) {
		e.Array()
		e.Text(textValue{s: "a\"<b>"})
		e.Text(net.IPv4(1, 2, 3, 4))
		e.EndArray()
	})
	require.NoError(t, err)
	assert.Equal(t, `["a\"<b>","1.2.3.4"]`, out)

	boom := errors.New("boom")
	_, err = encoded(func(e *Encoder) { e.Text(textValue{err: boom}) })
	assert.ErrorIs(t, err, boom)
	assert.EqualError(t, err, "json: error calling MarshalText for type toolimpl.textValue: boom")

	var nilPtr *time.Time
	for _, m := range []encoding.TextMarshaler{nilPtr, nil} {
		out, err = encoded(func(e *Encoder) { e.Text(m) })
		require.NoError(t, err)
		assert.Equal(t, "null", out, "%#v: a nil pointer or interface is null, as in encoding/json", m)
	}
}

func TestEncoderJSON(t *testing.T) {
	out, err := encoded(func(e *Encoder) {
		e.Array()
		e.JSON(jsonValue{s: ` {"a": 1} `})
		e.JSON(&pointerMarshaler{n: 3})
		e.EndArray()
	})
	require.NoError(t, err)
	assert.Equal(t, `[{"a":1},3]`, out)

	_, err = encoded(func(e *Encoder) { e.JSON(jsonValue{s: `{"a":`}) })
	assert.EqualError(t, err, "MarshalJSON for type toolimpl.jsonValue: not valid JSON: unexpected end of input")
	_, err = encoded(func(e *Encoder) { e.JSON(jsonValue{s: ``}) })
	assert.Error(t, err, "empty output is not JSON")
	boom := errors.New("boom")
	_, err = encoded(func(e *Encoder) { e.JSON(jsonValue{err: boom}) })
	assert.ErrorIs(t, err, boom)

	var nilPtr *pointerMarshaler
	for _, m := range []json.Marshaler{nilPtr, nil} {
		out, err = encoded(func(e *Encoder) { e.JSON(m) })
		require.NoError(t, err)
		assert.Equal(t, "null", out, "%#v: a nil pointer or interface is null, as in encoding/json", m)
	}
}

type plainStruct struct {
	A int               `json:"a"`
	B string            `json:"b,omitempty"`
	C map[string]string `json:"c"`
}

func TestEncoderAny(t *testing.T) {
	var nilMap map[string]any
	var nilSlice []any
	var nilPtr *pointerMarshaler
	values := []any{
		nil, true, false, "s<>&\u2028", 1.5, float32(0.1), 1e21, float32(1e-7),
		int(-1), int8(-8), int16(-16), int32(-32), int64(math.MinInt64),
		uint(1), uint8(8), uint16(16), uint32(32), uint64(math.MaxUint64), uintptr(9),
		json.Number("1.5e3"), json.Number("-0"), json.RawMessage(` [1, 2] `), json.RawMessage(nil),
		[]any{}, nilSlice, map[string]any{}, nilMap,
		map[string]any{"z": 1, "a": []any{"x", map[string]any{"k": nil}}, "m": 2.5, "é": true, "": "empty"},
		time.Date(2024, 3, 1, 12, 30, 0, 5, time.UTC),
		jsonValue{s: `{"b":2, "a":1}`}, &pointerMarshaler{n: 2}, nilPtr,
		textValue{s: "text"}, net.IPv4(10, 0, 0, 1),
		plainStruct{A: 1, C: map[string]string{"y": "<b>", "x": "1"}}, []int{1, 2}, map[string]int{"b": 2, "a": 1},
		&plainStruct{B: "ptr"}, [2]bool{true, false},
	}
	for _, v := range values {
		out, err := encoded(func(e *Encoder) { e.Any(v) })
		require.NoError(t, err, "%#v", v)
		assert.Equal(t, stdJSON(t, v), out, "%#v", v)
	}

	for _, v := range []any{math.NaN(), json.Number("1x"), make(chan int), map[string]any{"a": math.Inf(1)}} {
		_, err := encoded(func(e *Encoder) { e.Any(v) })
		assert.Error(t, err, "%#v", v)
		_, stdErr := json.Marshal(v)
		assert.Error(t, stdErr, "encoding/json also refuses %#v", v)
	}
	_, err := encoded(func(e *Encoder) { e.Any(json.Number("1x")) })
	assert.EqualError(t, err, `json: invalid number literal "1x"`)
	out, _ := encoded(func(e *Encoder) { e.Any(json.Number("")) })
	assert.Equal(t, "0", out)
}

func TestEncoderFirstErrorSticks(t *testing.T) {
	first, second := errors.New("first"), errors.New("second")
	var e Encoder
	e.Reset(nil)
	e.Fail(first)
	e.Fail(second)
	e.Float(math.NaN(), 64)
	assert.Equal(t, first, e.Err())
	out, err := e.Written()
	assert.Equal(t, first, err)
	assert.Nil(t, out)

	e.Reset(nil)
	assert.NoError(t, e.Err(), "Reset forgets the error")
}

func TestEncoderWritten(t *testing.T) {
	var e Encoder
	e.Reset(make([]byte, 0, 1024))
	e.Object()
	e.Key("ok")
	e.Bool(true)
	e.EndObject()
	out, err := e.Written()
	require.NoError(t, err)
	assert.Equal(t, `{"ok":true}`, string(out))
	assert.Equal(t, len(out), cap(out), "capacity clipped")
}

// The arguments' strings and the result share the Decoder's arena: appending
// to the result must not write over the strings.
func TestResultDoesNotTouchDecoderStrings(t *testing.T) {
	var d Decoder
	d.Reset([]byte(`{"city":"Paris","tags":["a\n","b"]}`))
	var city string
	var tags []string
	require.True(t, d.Object())
	for k, ok := d.Field(); ok; k, ok = d.Field() {
		switch string(k) {
		case "city":
			city, _ = d.String()
		case "tags":
			n, _ := d.Array()
			tags = make([]string, 0, n)
			for d.Elem() {
				s, _ := d.String()
				tags = append(tags, s)
			}
		}
	}
	require.NoError(t, d.Close())

	spare := d.Spare()
	require.NotNil(t, spare)
	var e Encoder
	e.Reset(spare)
	e.Object()
	e.Member(`"city":`)
	e.String(city)
	e.Member(`"temp_c":`)
	e.Float(21.5, 64)
	e.EndObject()
	out, err := e.Written()
	require.NoError(t, err)
	assert.Same(t, &spare[:1][0], &out[0], "the result is written into the spare room")
	assert.Equal(t, `{"city":"Paris","temp_c":21.5}`, string(out))

	grown := append(out, strings.Repeat("X", 200)...)
	grown[0] = '!'
	assert.Equal(t, byte('{'), out[0])
	assert.Equal(t, "Paris", city)
	assert.Equal(t, []string{"a\n", "b"}, tags)
}
