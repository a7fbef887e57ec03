package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// read resets a Decoder to args, lets fn read, and returns fn's result and
// Close's verdict.
func read[T any](args string, fn func(d *Decoder) T) (T, error) {
	var d Decoder
	d.Reset([]byte(args))
	v := fn(&d)
	return v, d.Close()
}

// errText returns err's text, or "" for nil.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// field reads the member named "v" of an object with fn, so that problems
// name /v.
func field[T any](fn func(d *Decoder) T) func(d *Decoder) T {
	return func(d *Decoder) T {
		var v T
		if d.Object() {
			for _, ok := d.Field(); ok; _, ok = d.Field() {
				v = fn(d)
			}
		}
		return v
	}
}

func TestDecodeWeather(t *testing.T) {
	args, err := readWeather([]byte(` {"city":"Paris", "unit":"c", "days":3, "tags":["a","b"],
		"where":{"lat":48.85,"lon":2.35}, "alerts":true} `))
	require.NoError(t, err)
	yes := true
	assert.Equal(t, weatherArgs{City: "Paris", Unit: "c", Days: 3, Tags: []string{"a", "b"},
		Where: &position{Lat: 48.85, Lon: 2.35}, Alerts: &yes}, args)
}

func TestKind(t *testing.T) {
	for text, want := range map[string]Kind{
		`null`: KindNull, `true`: KindBool, `false`: KindBool, `-1`: KindNumber, `0`: KindNumber,
		`"s"`: KindString, `[]`: KindArray, `{}`: KindObject, `x`: KindInvalid, `  [`: KindArray,
	} {
		var d Decoder
		d.Reset([]byte(text))
		assert.Equal(t, want, d.Kind(), text)
		assert.Equal(t, want, d.Kind(), "Kind does not consume: %s", text)
	}
	var d Decoder
	d.Reset([]byte(`[1]`))
	_, _ = d.Array()
	require.True(t, d.Elem())
	d.Skip()
	assert.Equal(t, KindInvalid, d.Kind(), "before the closing bracket there is no value")
}

func TestObjectFields(t *testing.T) {
	keys, err := read(`{"a":1, "b\n\u00e9" : [2], "": {"c":3}}`, func(d *Decoder) []string {
		var keys []string
		if d.Object() {
			for k, ok := d.Field(); ok; k, ok = d.Field() {
				keys = append(keys, string(k))
				assert.Equal(t, string(k), d.KeyString())
				d.Skip()
			}
		}
		return keys
	})
	require.NoError(t, err)
	assert.Equal(t, []string{"a", "b\né", ""}, keys)
}

func TestKeyStringOutlivesArgs(t *testing.T) {
	args := []byte(`{"key":1,"k\u00e9y":2}`)
	var d Decoder
	d.Reset(args)
	var keys []string
	require.True(t, d.Object())
	for _, ok := d.Field(); ok; _, ok = d.Field() {
		keys = append(keys, d.KeyString())
		d.Skip()
	}
	require.NoError(t, d.Close())
	for i := range args {
		args[i] = 'x'
	}
	assert.Equal(t, []string{"key", "kéy"}, keys)
}

func TestArrayElements(t *testing.T) {
	for text, want := range map[string]int{
		`[]`:                          0,
		`[ ]`:                         0,
		`[1]`:                         1,
		`[1,2,3]`:                     3,
		`[[1,2],{"a":1,"b":[3,4]},5]`: 3,
		`["a,b","c]","d\",e",{}]`:     4,
		`[ "\\", 1 ]`:                 2,
	} {
		n, err := read(text, func(d *Decoder) int {
			_, ok := d.Array()
			require.True(t, ok)
			seen := 0
			for d.Elem() {
				seen++
				d.Skip()
			}
			return seen
		})
		require.NoError(t, err, text)
		assert.Equal(t, want, n, text)
	}
}

func TestArrayBadSyntax(t *testing.T) {
	for _, text := range []string{`[`, `[1,`, `["abc`, `[1,,2]`, `[{]`, `["\`} {
		var d Decoder
		d.Reset([]byte(text))
		_, ok := d.Array()
		assert.True(t, ok, text)
		for d.Elem() {
			d.Skip()
		}
		assert.Error(t, d.Close(), text)
	}
}

func TestNull(t *testing.T) {
	var d Decoder
	d.Reset([]byte(`[null, 1, "null"]`))
	_, _ = d.Array()
	require.True(t, d.Elem())
	assert.True(t, d.Null())
	require.True(t, d.Elem())
	assert.False(t, d.Null(), "a number is not null")
	v, ok := d.Int(0, 9)
	assert.True(t, ok, "and Null left it unread")
	assert.Equal(t, int64(1), v)
	require.True(t, d.Elem())
	assert.False(t, d.Null())
	d.Skip()
	assert.False(t, d.Elem())
	assert.NoError(t, d.Close())
	assert.False(t, d.Null(), "at the end")

	d.Reset([]byte(`nul`))
	assert.False(t, d.Null())
	assert.EqualError(t, d.Close(), "invalid arguments: not valid JSON: unexpected end of input")
}

func TestString(t *testing.T) {
	for text, want := range map[string]string{
		`""`:                                  "",
		`"plain"`:                             "plain",
		`"\"\\\/\b\f\n\r\t"`:                  "\"\\/\b\f\n\r\t",
		`"\u00e9\u00E9"`:                      "éé",
		`"\ud834\udd1e"`:                      "\U0001D11E",
		`"\ud834"`:                            "\ufffd",
		`"\ud834x"`:                           "\ufffdx",
		`"\udd1e\ud834"`:                      "\ufffd\ufffd",
		`"\ud834\u0041"`:                      "\ufffdA",
		`"\ud834\ud834\udd1e"`:                "\ufffd\U0001D11E",
		`"\u0000"`:                            "\x00",
		"\"\xff\xfe\"":                        "\ufffd\ufffd",
		"\"a\xe2\x82b\"":                      "a\ufffd\ufffdb",
		"\"日本\u2028\"":                        "日本\u2028",
		"\"\x7f\"":                            "\x7f",
		`"` + strings.Repeat("ab", 300) + `"`: strings.Repeat("ab", 300),
	} {
		got, err := read(text, func(d *Decoder) string {
			s, ok := d.String()
			assert.True(t, ok, text)
			return s
		})
		require.NoError(t, err, text)
		assert.Equal(t, want, got, text)
		var std string
		require.NoError(t, json.Unmarshal([]byte(text), &std))
		assert.Equal(t, std, got, "as encoding/json: %s", text)
	}
}

func TestStringsOutliveArgs(t *testing.T) {
	// Enough invalid UTF-8 (each byte becomes three) to overflow the first
	// arena chunk, so that strings live in two chunks.
	long := strings.Repeat("\xff", 300)
	args := []byte(`["first", "` + long + `", "a\nb", "last"]`)
	var d Decoder
	d.Reset(args)
	var got []string
	d.Array()
	for d.Elem() {
		s, ok := d.String()
		require.True(t, ok)
		got = append(got, s)
	}
	require.NoError(t, d.Close())
	for i := range args {
		args[i] = '#'
	}
	d.Reset([]byte(`["overwrite", "the", "arena"]`))
	d.Skip()
	assert.Equal(t, []string{"first", strings.Repeat("\ufffd", 300), "a\nb", "last"}, got)
}

func TestStringBytes(t *testing.T) {
	args := []byte(`["plain", "esc\u00e9", "again\n"]`)
	var d Decoder
	d.Reset(args)
	_, _ = d.Array()
	require.True(t, d.Elem())
	b, ok := d.StringBytes()
	require.True(t, ok)
	assert.Equal(t, "plain", string(b))
	assert.Equal(t, &args[2], &b[0], "plain contents are a subslice of the arguments")
	require.True(t, d.Elem())
	b, ok = d.StringBytes()
	require.True(t, ok)
	assert.Equal(t, "escé", string(b))
	scratch := &b[0]
	require.True(t, d.Elem())
	b, ok = d.StringBytes()
	require.True(t, ok)
	assert.Equal(t, "again\n", string(b))
	assert.Equal(t, scratch, &b[0], "escaped contents reuse one buffer")
	assert.False(t, d.Elem())
	assert.NoError(t, d.Close())
}

func TestBool(t *testing.T) {
	for text, want := range map[string]bool{`true`: true, `false`: false, ` true `: true} {
		got, err := read(text, func(d *Decoder) bool {
			b, ok := d.Bool()
			assert.True(t, ok)
			return b
		})
		require.NoError(t, err)
		assert.Equal(t, want, got, text)
	}
}

func TestInt(t *testing.T) {
	const lo, hi = -1 << 63, 1<<63 - 1
	for _, c := range []struct {
		text     string
		min, max int64
		want     int64
		err      string
	}{
		{`3`, 1, 14, 3, ``},
		{`-0`, -5, 5, 0, ``},
		{`3.0`, 1, 14, 3, ``},
		{`3e0`, 1, 14, 3, ``},
		{`0.3e1`, 1, 14, 3, ``},
		{`300e-2`, 1, 14, 3, ``},
		{`3E+0`, 1, 14, 3, ``},
		{`3e2`, 0, 1000, 300, ``},
		{`0.000e999999999999999999`, -1, 1, 0, ``},
		{`0e-5`, -1, 1, 0, ``},
		{`100e-2`, lo, hi, 1, ``},
		{`9223372036854775807`, lo, hi, hi, ``},
		{`-9223372036854775808`, lo, hi, lo, ``},
		{`-92233720368547758.08e2`, lo, hi, lo, ``},
		{`9223372036854775808`, lo, hi, 0, `/v: 9223372036854775808 is greater than the maximum 9223372036854775807`},
		{`-9223372036854775809`, lo, hi, 0, `/v: -9223372036854775809 is less than the minimum -9223372036854775808`},
		{`1e400`, lo, hi, 0, `/v: 1e400 is greater than the maximum 9223372036854775807`},
		{`-1e999999999999999999999`, lo, hi, 0, `/v: -1e999999999999999999999 is less than the minimum -9223372036854775808`},
		{`100000000000000000000000000000000000000000000000000`, lo, hi, 0, `/v: 1` + strings.Repeat("0", 39) + `… is greater than the maximum 9223372036854775807`},
		{`20`, 1, 14, 0, `/v: 20 is greater than the maximum 14`},
		{`0`, 1, 14, 0, `/v: 0 is less than the minimum 1`},
		{`2e1`, 1, 14, 0, `/v: 2e1 is greater than the maximum 14`},
		{`3.5`, 1, 14, 0, `/v: expected integer, got number 3.5`},
		{`1e-1`, lo, hi, 0, `/v: expected integer, got number 1e-1`},
		{`1e-999999999999999999`, lo, hi, 0, `/v: expected integer, got number 1e-999999999999999999`},
		{`100000000000000000000000000000.5`, lo, hi, 0, `/v: expected integer, got number 100000000000000000000000000000.5`},
		{`"3"`, 1, 14, 0, `/v: expected integer, got string "3"`},
		{`null`, 1, 14, 0, `/v: expected integer, got null`},
		{`[3]`, 1, 14, 0, `/v: expected integer, got array`},
	} {
		checkValue(t, c.text, func(d *Decoder) (int64, bool) { return d.Int(c.min, c.max) }, c.want, c.err)
	}
}

// checkValue reads {"v": text} with readValue, and checks that it reports
// ok exactly when there is no error, and gives want and the error
// wantErr ("" for none).
func checkValue[T any](t *testing.T, text string, readValue func(d *Decoder) (T, bool), want T, wantErr string) {
	t.Helper()
	got, err := read(`{"v":`+text+`}`, field(func(d *Decoder) T {
		v, ok := readValue(d)
		assert.Equal(t, wantErr == "", ok, text)
		return v
	}))
	assert.Equal(t, want, got, text)
	assert.Equal(t, prefixed(wantErr), errText(err), text)
}

// prefixed returns the error text of one problem.
func prefixed(problem string) string {
	if problem == "" {
		return ""
	}
	return "invalid arguments: " + problem
}

func TestUint(t *testing.T) {
	const hi = 1<<64 - 1
	for _, c := range []struct {
		text     string
		min, max uint64
		want     uint64
		err      string
	}{
		{`7`, 0, hi, 7, ``},
		{`-0`, 0, hi, 0, ``},
		{`18446744073709551615`, 0, hi, hi, ``},
		{`1.8446744073709551615e19`, 0, hi, hi, ``},
		{`18446744073709551616`, 0, hi, 0, `/v: 18446744073709551616 is greater than the maximum 18446744073709551615`},
		{`-1`, 0, hi, 0, `/v: -1 is less than the minimum 0`},
		{`-1e30`, 0, hi, 0, `/v: -1e30 is less than the minimum 0`},
		{`2`, 3, 5, 0, `/v: 2 is less than the minimum 3`},
		{`6`, 3, 5, 0, `/v: 6 is greater than the maximum 5`},
		{`0.5`, 0, 5, 0, `/v: expected integer, got number 0.5`},
		{`true`, 0, 5, 0, `/v: expected integer, got boolean true`},
	} {
		checkValue(t, c.text, func(d *Decoder) (uint64, bool) { return d.Uint(c.min, c.max) }, c.want, c.err)
	}
}

func TestFloat(t *testing.T) {
	for _, c := range []struct {
		text     string
		min, max float64
		bits     int
		want     float64
		err      string
	}{
		{`1.5`, negInf, posInf, 64, 1.5, ``},
		{`-0.0`, negInf, posInf, 64, 0, ``},
		{`1e308`, negInf, posInf, 64, 1e308, ``},
		{`1e-400`, negInf, posInf, 64, 0, ``},
		{`0.1`, negInf, posInf, 32, float64(float32(0.1)), ``},
		{`3.4e38`, negInf, posInf, 32, float64(float32(3.4e38)), ``},
		{`0`, 0, 1, 64, 0, ``},
		{`1`, 0, 1, 64, 1, ``},
		{`1e400`, negInf, posInf, 64, 0, `/v: 1e400 is out of range for a 64-bit float`},
		{`-1e400`, negInf, posInf, 64, 0, `/v: -1e400 is out of range for a 64-bit float`},
		{`3.5e38`, negInf, posInf, 32, 0, `/v: 3.5e38 is out of range for a 32-bit float`},
		{`-0.5`, 0, 1, 64, 0, `/v: -0.5 is less than the minimum 0`},
		{`1.5`, 0, 1.25, 64, 0, `/v: 1.5 is greater than the maximum 1.25`},
		{`1e22`, 0, 1e21, 64, 0, `/v: 1e22 is greater than the maximum 1e+21`},
		{`"1.5"`, negInf, posInf, 64, 0, `/v: expected number, got string "1.5"`},
		{`{}`, negInf, posInf, 64, 0, `/v: expected number, got object`},
	} {
		checkValue(t, c.text, func(d *Decoder) (float64, bool) { return d.Float(c.min, c.max, c.bits) }, c.want, c.err)
	}
}

func TestBytes(t *testing.T) {
	for _, c := range []struct {
		text string
		want []byte
		err  string
	}{
		{`"aGVsbG8="`, []byte("hello"), ``},
		{`""`, []byte{}, ``},
		{`"aGVs\r\nbG8="`, []byte("hello"), ``},
		{`"aGVs\u0062G8="`, []byte("hello"), ``},
		{`"aGVsbG8"`, nil, `/v: expected base64 string: illegal base64 data at input byte 4`},
		{`"a-_b"`, nil, `/v: expected base64 string: illegal base64 data at input byte 1`},
		{`5`, nil, `/v: expected string, got number 5`},
	} {
		checkValue(t, c.text, func(d *Decoder) ([]byte, bool) { return d.Bytes() }, c.want, c.err)
		if c.err == "" {
			var std struct{ V []byte }
			require.NoError(t, json.Unmarshal([]byte(`{"v":`+c.text+`}`), &std), "as encoding/json: %s", c.text)
			assert.Equal(t, std.V, c.want, c.text)
		}
	}
}

func TestTime(t *testing.T) {
	for _, text := range []string{`"2024-03-01T12:30:00Z"`, `"2024-03-01T12:30:00.123456789+02:00"`, `"2024-03-01T12:30:00-07:30"`} {
		got, err := read(text, func(d *Decoder) time.Time {
			v, ok := d.Time()
			assert.True(t, ok)
			return v
		})
		require.NoError(t, err, text)
		var std time.Time
		require.NoError(t, json.Unmarshal([]byte(text), &std))
		assert.True(t, std.Equal(got), text)
		assert.Equal(t, std.String(), got.String(), text)
	}
	for text, msg := range map[string]string{
		`{"v":"2024-03-01"}`:           `/v: "2024-03-01" is not an RFC 3339 date-time (like "2026-01-02T15:04:05Z")`,
		`{"v":"yesterday"}`:            `/v: "yesterday" is not an RFC 3339 date-time (like "2026-01-02T15:04:05Z")`,
		`{"v":"2024-02-30T00:00:00Z"}`: `/v: "2024-02-30T00:00:00Z" is not an RFC 3339 date-time (like "2026-01-02T15:04:05Z")`,
		`{"v":1700000000}`:             `/v: expected string, got number 1700000000`,
	} {
		_, err := read(text, field(func(d *Decoder) bool { _, ok := d.Time(); return ok }))
		assert.Equal(t, prefixed(msg), errText(err), text)
	}
}

func TestRaw(t *testing.T) {
	args := []byte(`{"v": {"a" : [1, "x"]} , "w":-1.5e3}`)
	var d Decoder
	d.Reset(args)
	var raws []string
	require.True(t, d.Object())
	for _, ok := d.Field(); ok; _, ok = d.Field() {
		raw, ok := d.Raw()
		require.True(t, ok)
		raws = append(raws, string(raw))
	}
	require.NoError(t, d.Close())
	assert.Equal(t, []string{`{"a" : [1, "x"]}`, `-1.5e3`}, raws)

	_, err := read(`[1, 2`, func(d *Decoder) bool { _, ok := d.Raw(); return ok })
	assert.EqualError(t, err, "invalid arguments: not valid JSON: unexpected end of input")
	_, err = read(`]`, func(d *Decoder) bool { _, ok := d.Raw(); return ok })
	assert.EqualError(t, err, "invalid arguments: not valid JSON: invalid character ']' looking for the start of a value at offset 0")
}

func TestAny(t *testing.T) {
	for _, text := range []string{
		`null`, `true`, `-1.5e3`, `"s\u00e9"`, `[]`, `{}`,
		`{"a":[1,"b",{"c":null,"d":[true,false]}],"e":{},"A":2}`,
		`[[[]],[{}],0.1,1e-7,123456789012345678901234567890]`,
	} {
		got, err := read(text, func(d *Decoder) any {
			v, ok := d.Any()
			assert.True(t, ok, text)
			return v
		})
		require.NoError(t, err, text)
		var std any
		require.NoError(t, json.Unmarshal([]byte(text), &std))
		assert.Equal(t, std, got, text)
	}
	_, err := read(`{"v":[1,{"x":1e400}]}`, field(func(d *Decoder) bool {
		_, ok := d.Any()
		assert.False(t, ok)
		return ok
	}))
	assert.EqualError(t, err, "invalid arguments: /v/1/x: 1e400 is out of range for a 64-bit float")
	// A repeated name, which encoding/json reads as the last, is refused.
	_, err = read(`{"a":[1,"b",{"c":null,"d":[true,false]}],"e":{},"a":2}`, func(d *Decoder) bool { _, ok := d.Any(); return ok })
	assert.EqualError(t, err, "invalid arguments: /a: "+duplicateMember)
}

func TestSkipChecksSyntax(t *testing.T) {
	for text, msg := range map[string]string{
		`{"a":[1,2,{"b":tru}]}`: `not valid JSON: invalid character '}' in the literal true at offset 18`,
		`{"a":[1,2,]}`:          `not valid JSON: invalid character ']' looking for the start of a value at offset 10`,
		`{"a":"\x"}`:            `not valid JSON: invalid character 'x' in a string escape at offset 7`,
		`{"a":01}`:              `not valid JSON: invalid character '1' after an object member at offset 6`,
	} {
		_, err := read(text, field(func(d *Decoder) bool { d.Skip(); return true }))
		assert.EqualError(t, err, "invalid arguments: "+msg, text)
	}
}

func TestUnknown(t *testing.T) {
	_, err := read(`{"city":"x","days":1,"Days":2,"x/y~z":{"deep":[1]}}`, func(d *Decoder) weatherArgs {
		var a weatherArgs
		decodeWeatherArgs(d, &a)
		return a
	})
	assert.EqualError(t, err, `invalid arguments: /Days: unknown field (known fields: "city", "unit", "days", "tags", "where", "alerts"); `+
		`/x~1y~0z: unknown field (known fields: "city", "unit", "days", "tags", "where", "alerts")`)

	_, err = read(`{"a":{"b":"c"}}`, func(d *Decoder) bool {
		if d.Object() {
			for _, ok := d.Field(); ok; _, ok = d.Field() {
				d.Unknown("")
			}
		}
		return true
	})
	assert.EqualError(t, err, `invalid arguments: /a: unknown field (this object has no fields)`)
}

func TestMissing(t *testing.T) {
	_, err := read(`{"where":{"lon":1}, "tags":[]}`, func(d *Decoder) weatherArgs {
		var a weatherArgs
		decodeWeatherArgs(d, &a)
		return a
	})
	assert.EqualError(t, err, `invalid arguments: /where/lat: missing (required); /city: missing (required); /days: missing (required)`)

	_, err = read(`{"a~b":[{}]}`, func(d *Decoder) bool {
		if d.Object() {
			for _, ok := d.Field(); ok; _, ok = d.Field() {
				if _, ok := d.Array(); ok {
					for d.Elem() {
						if d.Object() {
							for _, ok := d.Field(); ok; _, ok = d.Field() {
								d.Skip()
							}
							d.Missing("c/d~e")
						}
					}
				}
			}
		}
		return true
	})
	assert.EqualError(t, err, `invalid arguments: /a~0b/0/c~1d~0e: missing (required)`)
}

func TestNotOneOf(t *testing.T) {
	_, err := read(`{"unit":"kelvin","days":1,"city":"x"}`, func(d *Decoder) bool {
		var a weatherArgs
		decodeWeatherArgs(d, &a)
		return true
	})
	assert.EqualError(t, err, `invalid arguments: /unit: "kelvin" is not one of "c", "f"`)

	long := strings.Repeat("é", 30) + `\n`
	_, err = read(`{"v":"`+long+`"}`, field(func(d *Decoder) bool {
		b, _ := d.StringBytes()
		d.NotOneOf(b, `"a"`)
		return true
	}))
	assert.EqualError(t, err, `invalid arguments: /v: "`+strings.Repeat("é", 20)+`…" is not one of "a"`)

	_, err = read(`{"level":7}`, field(func(d *Decoder) bool {
		v, _ := d.Int(-100, 100)
		d.NotOneOfInt(v, "1, 2, 3")
		return true
	}))
	assert.EqualError(t, err, `invalid arguments: /level: 7 is not one of 1, 2, 3`)
}

func TestInvalid(t *testing.T) {
	_, err := read(`{"a":[0,{"b":1}]}`, func(d *Decoder) bool {
		d.Invalid("before anything")
		if d.Object() {
			for _, ok := d.Field(); ok; _, ok = d.Field() {
				if _, ok := d.Array(); ok {
					d.Invalid("the array")
					for d.Elem() {
						d.Skip()
						d.Invalid("an element")
					}
					d.Invalid("the array again")
				}
			}
		}
		return true
	})
	assert.EqualError(t, err, `invalid arguments: before anything; /a: the array; /a/0: an element; /a/1: an element; /a: the array again`)
}

func TestPathsDeeperThanTheFixedStack(t *testing.T) {
	const depth = 40
	text := strings.Repeat(`{"k":[`, depth) + `"x"` + strings.Repeat(`]}`, depth)
	var readNested func(d *Decoder, level int)
	readNested = func(d *Decoder, level int) {
		if level == depth {
			_, _ = d.Int(0, 1)
			return
		}
		if d.Object() {
			for _, ok := d.Field(); ok; _, ok = d.Field() {
				if _, ok := d.Array(); ok {
					for d.Elem() {
						readNested(d, level+1)
					}
				}
			}
		}
	}
	var d Decoder
	for range 2 { // the second time reuses the deeper stack
		d.Reset([]byte(text))
		readNested(&d, 0)
		assert.EqualError(t, d.Close(), `invalid arguments: `+strings.Repeat("/k/0", depth)+`: expected integer, got string "x"`)
	}
}

func TestDepthLimit(t *testing.T) {
	ok := strings.Repeat("[", 1000) + strings.Repeat("]", 1000)
	assert.NoError(t, walkVerdict([]byte(ok)))
	assert.NoError(t, skipVerdict([]byte(ok)))

	deep := strings.Repeat(`[`, 1000) + `{"a":1}` + strings.Repeat(`]`, 1000)
	want := "invalid arguments: nesting deeper than 1000 levels at offset 1000"
	assert.EqualError(t, walkVerdict([]byte(deep)), want)
	assert.EqualError(t, skipVerdict([]byte(deep)), want)
	_, err := read(deep, func(d *Decoder) bool { _, ok := d.Any(); return ok })
	assert.EqualError(t, err, want)
	_, err = read(strings.Repeat(`[`, 100000), func(d *Decoder) bool { d.Skip(); return true })
	assert.EqualError(t, err, want)
}

func TestEmptyArgsReadAsEmptyObject(t *testing.T) {
	for _, args := range []string{"", " ", "\n\t\r "} {
		n, err := read(args, func(d *Decoder) int {
			require.True(t, d.Object())
			n := 0
			for _, ok := d.Field(); ok; _, ok = d.Field() {
				n++
			}
			return n
		})
		assert.NoError(t, err, "%q", args)
		assert.Zero(t, n)
	}
	_, err := readWeather(nil)
	assert.EqualError(t, err, "invalid arguments: /city: missing (required); /days: missing (required)")
}

func TestMismatchMessages(t *testing.T) {
	long := strings.Repeat("x", 60)
	for text, msg := range map[string]string{
		`{"city":3,"days":1}`:                         `/city: expected string, got number 3`,
		`{"city":true,"days":1}`:                      `/city: expected string, got boolean true`,
		`{"city":null,"days":1}`:                      `/city: expected string, got null`,
		`{"city":[],"days":1}`:                        `/city: expected string, got array`,
		`{"city":{"a":1},"days":1}`:                   `/city: expected string, got object`,
		`{"city":"x","days":"3"}`:                     `/days: expected integer, got string "3"`,
		`{"city":"x","days":3.5}`:                     `/days: expected integer, got number 3.5`,
		`{"city":"x","days":1,"tags":{}}`:             `/tags: expected array, got object`,
		`{"city":"x","days":1,"alerts":"yes"}`:        `/alerts: expected boolean, got string "yes"`,
		`{"city":"x","days":1,"where":[1]}`:           `/where: expected object, got array`,
		`{"city":"x","days":"` + long + `"}`:          `/days: expected integer, got string "` + long[:39] + `…"`,
		`{"city":"x","days":"ééééééééééééééééééééé"}`: `/days: expected integer, got string "` + strings.Repeat("é", 19) + `…"`,
		`{"city":"x","days":1,"tags":[1,"a",[]]}`:     `/tags/0: expected string, got number 1; /tags/2: expected string, got array`,
		`"args"`: `expected object, got string "args"`,
		`[{}]`:   `expected object, got array`,
	} {
		_, err := readWeather([]byte(text))
		assert.Equal(t, prefixed(msg), errText(err), text)
	}
}

func TestProblemsInReadingOrder(t *testing.T) {
	_, err := readWeather([]byte(`{"unit":"k","tags":["a","b","c","d","e","f"],"where":{"lat":-91,"lon":181},"city":""}`))
	assert.EqualError(t, err, `invalid arguments: /unit: "k" is not one of "c", "f"; /tags: has 6 items, more than the maximum 5; `+
		`/where/lat: -91 is less than the minimum -90; /where/lon: 181 is greater than the maximum 180; `+
		`/city: "" is 0 characters long, shorter than the minimum 1; /days: missing (required)`)
	var ae *ArgsError
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, Problem{Pointer: "/where/lat", Message: "-91 is less than the minimum -90"}, ae.Problems[2])
}

func TestProblemCap(t *testing.T) {
	var b bytes.Buffer
	b.WriteString(`{"city":"x","days":1,"tags":[`)
	for i := range 53 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("0")
	}
	b.WriteString(`]}`)
	_, err := readWeather(b.Bytes())
	var ae *ArgsError
	require.ErrorAs(t, err, &ae)
	assert.Len(t, ae.Problems, 50)
	assert.Equal(t, "/tags/49", ae.Problems[49].Pointer)
	assert.True(t, strings.HasSuffix(err.Error(), "; /tags/49: expected string, got number 0; … and 3 more problems"), err.Error())
	assert.Equal(t, "invalid arguments: a; … and 1 more problem", (&ArgsError{Problems: []Problem{{Message: "a"}}, omitted: 1}).Error())
}

func TestSyntaxErrors(t *testing.T) {
	for text, msg := range map[string]string{
		`{"city":"x" "days":1}`:           `invalid character '"' after an object member at offset 12`,
		`{"city" "x"}`:                    `invalid character '"' after an object key at offset 8`,
		`{city:1}`:                        `invalid character 'c' looking for the start of an object key at offset 1`,
		`{"city":"x",}`:                   `invalid character '}' looking for the start of an object key at offset 12`,
		`{"tags":["a" "b"]}`:              `invalid character '"' after an array element at offset 13`,
		`{"days":-}`:                      `invalid character '}' in a number at offset 9`,
		`{"days":1.}`:                     `invalid character '}' in a number at offset 10`,
		`{"days":1e+}`:                    `invalid character '}' in a number at offset 11`,
		`{"days":+1}`:                     `invalid character '+' looking for the start of a value at offset 8`,
		"{\"city\":\"a\nb\"}":             `invalid character '\n' in a string literal at offset 10`,
		`{"city":"\u12x4"}`:               `invalid character 'x' in a string escape at offset 13`,
		`{"city":x}`:                      `invalid character 'x' looking for the start of a value at offset 8`,
		"{\"city\":\xff}":                 `invalid byte 0xff looking for the start of a value at offset 8`,
		"{\"city\":\x05}":                 `invalid character '\x05' looking for the start of a value at offset 8`,
		"{\"city\":\xc3}":                 `invalid byte 0xc3 looking for the start of a value at offset 8`,
		"{\"city\":é}":                    `invalid character 'é' looking for the start of a value at offset 8`,
		`{"city":"x"`:                     `unexpected end of input`,
		`{"city":"x`:                      `unexpected end of input`,
		`{"city":"x\`:                     `unexpected end of input`,
		`{"city":"\u12`:                   `unexpected end of input`,
		`{"days":1`:                       `unexpected end of input`,
		`{"days":tr`:                      `unexpected end of input`,
		`{"city":"x","days":1} {}`:        `unexpected data after the arguments object at offset 22`,
		`{"city":"x","days":1}]`:          `unexpected data after the arguments object at offset 21`,
		"{\"city\":\"x\",\"days\":1}\x00": `unexpected data after the arguments object at offset 21`,
		"\ufeff{}":                        `invalid character '\ufeff' looking for the start of a value at offset 0`,
		"{\f}":                            `invalid character '\f' looking for the start of an object key at offset 1`,
	} {
		_, err := readWeather([]byte(text))
		assert.Equal(t, "invalid arguments: not valid JSON: "+msg, errText(err), text)
		var ae *ArgsError
		require.ErrorAs(t, err, &ae)
		assert.Equal(t, []Problem{{Message: "not valid JSON: " + msg}}, ae.Problems, "the syntax error alone")
	}
	_, err := read(`[1] x`, func(d *Decoder) bool { d.Skip(); return true })
	assert.EqualError(t, err, "invalid arguments: not valid JSON: unexpected data after the arguments at offset 4")
}

func TestAfterSyntaxErrorEverythingStops(t *testing.T) {
	var d Decoder
	d.Reset([]byte(`{"a":"x" "b":[1,2], "c":3}`))
	require.True(t, d.Object())
	_, ok := d.Field()
	require.True(t, ok)
	d.Invalid("recorded before the syntax error")
	_, ok = d.String()
	require.True(t, ok)
	// refused checks that a read of the stopped Decoder reports false.
	refused := func(_ any, ok bool) {
		t.Helper()
		assert.False(t, ok)
	}
	refused(d.Field())
	assert.Equal(t, KindInvalid, d.Kind())
	assert.False(t, d.Object())
	refused(d.Array())
	assert.False(t, d.Elem())
	assert.False(t, d.Null())
	refused(d.String())
	refused(d.StringBytes())
	refused(d.Bool())
	refused(d.Int(0, 9))
	refused(d.Uint(0, 9))
	refused(d.Float(0, 9, 64))
	refused(d.Bytes())
	refused(d.Time())
	refused(d.Raw())
	refused(d.Any())
	d.Skip()
	d.Unknown("")
	d.Missing("m")
	d.NotOneOf([]byte("x"), `"y"`)
	d.NotOneOfInt(1, "2")
	d.Invalid("ignored")
	d.CheckLength("", 1, 2)
	d.CheckItems(0, 1, 2)
	d.CheckFormat("x", "email")
	assert.EqualError(t, d.Close(), "invalid arguments: not valid JSON: invalid character '\"' after an object member at offset 9")
}

func TestResetForgetsEverything(t *testing.T) {
	var d Decoder
	d.Reset([]byte(`{"a":`))
	d.Skip()
	require.Error(t, d.Close())
	d.Reset([]byte(`[1]`))
	d.Invalid("x")
	require.Error(t, d.Close())
	d.Reset([]byte(`[1]`))
	d.Skip()
	assert.NoError(t, d.Close())
}

// Array does not count the elements ahead: callers grow by appending, and
// every element is read.
func TestArrayReadsEveryElement(t *testing.T) {
	big := []byte("[" + strings.Repeat(`"abcdefgh",`, 3000) + `"z"]`)
	var d Decoder
	d.Reset(big)
	n, ok := d.Array()
	require.True(t, ok)
	assert.Zero(t, n, "no count ahead")
	read := 0
	for d.Elem() {
		_, ok := d.String()
		require.True(t, ok)
		read++
	}
	require.NoError(t, d.Close())
	assert.Equal(t, 3001, read)
}

// A pattern problem quotes the schema's ECMA-262 pattern, not the RE2
// translation the decoder runs.
func TestMatchPatternQuotesTheSchemasPattern(t *testing.T) {
	translated := regexp.MustCompile(`^[^\n\r\x{2028}\x{2029}]$`)
	_, err := read(`{"v":"ab"}`, field(func(d *Decoder) string {
		s, _ := d.String()
		d.MatchPattern(s, translated, `^.$`)
		return s
	}))
	assert.Equal(t, `invalid arguments: /v: "ab" does not match the pattern ^.$`, errText(err))
	_, err = read(`{"v":"a"}`, field(func(d *Decoder) string {
		s, _ := d.String()
		d.MatchPattern(s, translated, `^.$`)
		return s
	}))
	assert.NoError(t, err)
}

// plainEnd reads eight bytes at a time: it must stop where a byte-by-byte
// scan does, whatever surrounds the first byte that is not plain, and
// wherever the data ends.
func TestPlainEndMatchesByteScan(t *testing.T) {
	byteScan := func(data []byte, i int) int {
		for i < len(data) && plainStringByte[data[i]] {
			i++
		}
		return i
	}
	fillers := []byte{'a', ' ', '~', 0x7f, '!', '#', '[', ']'}
	for c := range 256 {
		for pos := range 20 {
			for _, f := range fillers {
				for _, after := range []byte{'a', 0, '"', '\\', 0xff, 0x1f, 0x20, 0x80} {
					data := bytes.Repeat([]byte{f}, 24)
					data[pos] = byte(c)
					for k := pos + 1; k < len(data); k += 3 {
						data[k] = after
					}
					for start := range 3 {
						if got, want := plainEnd(data, start), byteScan(data, start); got != want {
							t.Fatalf("plainEnd(%q, %d) = %d, want %d", data, start, got, want)
						}
					}
					// Shorter data, from every start: the last bytes are
					// read in the word that ends the data.
					for _, n := range []int{3, 8, 13, 21} {
						for start := 0; start <= n; start++ {
							if got, want := plainEnd(data[:n], start), byteScan(data[:n], start); got != want {
								t.Fatalf("plainEnd(%q, %d) = %d, want %d", data[:n], start, got, want)
							}
						}
					}
				}
			}
		}
	}
}

// String checks and unescapes an escaped string in one pass; StringBytes
// checks it, then unescapes it. Both must agree, value and error, on any
// literal, including surrogate pairs whose second half is malformed.
func TestStringAgreesWithStringBytes(t *testing.T) {
	parts := []string{`a`, `é`, `\n`, `\"`, `\\`, `\u00e9`, `\ud83d`, `\ude00`, `\ud83d\ude00`,
		`\ud83d\u12`, `\ud83d\uzzzz`, `\ud83d\x`, `\u12`, `\q`, "\x01", "\xff", "\xe2\x82", `\`, `"`}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var lit strings.Builder
		lit.WriteString(`["`)
		for range rng.IntN(6) {
			lit.WriteString(parts[rng.IntN(len(parts))])
		}
		if rng.IntN(4) > 0 {
			lit.WriteString(`", 1]`)
		}
		data := []byte(lit.String())

		var d1, d2 Decoder
		d1.Reset(data)
		d1.Array()
		d1.Elem()
		s1, ok1 := d1.String()
		d1.Elem()
		d2.Reset(data)
		d2.Array()
		d2.Elem()
		b2, ok2 := d2.StringBytes()
		d2.Elem()
		require.Equal(t, ok2, ok1, "%q", data)
		require.Equal(t, string(b2), s1, "%q", data)
		require.Equal(t, d2.pos, d1.pos, "%q", data)
		require.Equal(t, fmt.Sprint(d2.Close()), fmt.Sprint(d1.Close()), "%q", data)
	}
}

// Int's fast path must read what the exact reader reads: the same value,
// verdict and position, for plain and unusual spellings and whatever
// follows the number.
func TestIntFastPathAgreesWithExactReader(t *testing.T) {
	lits := []string{"0", "3", "-3", "03", "00", "-0", "3.0", "3.5", "3e2", "3E2", "30e-1", "14", "15", "1",
		"123456789012345678", "999999999999999999", "1234567890123456789", "9223372036854775807",
		"9223372036854775808", "12345678901234567890123", "", "-", "x"}
	for _, lit := range lits {
		for _, after := range []string{"", "}", "]", ",", " ", "\n", "x", "0", ".", "e"} {
			data := []byte(`[` + lit + after)
			read := func(exact bool) string {
				var d Decoder
				d.Reset(data)
				d.Array()
				d.Elem()
				var v int64
				var ok bool
				if exact {
					v, ok = d.intRest(1, 1e18)
				} else {
					v, ok = d.Int(1, 1e18)
				}
				return fmt.Sprint(v, ok, d.pos, d.fatal, d.problems)
			}
			if fast, exact := read(false), read(true); fast != exact {
				t.Errorf("%q: Int gives %s, the exact reader %s", data, fast, exact)
			}
		}
	}
}

// Small arguments start their strings in a tiny chunk: strings that
// outgrow it go to a new chunk, and every string read keeps its value.
func TestStringsOutgrowTinyChunk(t *testing.T) {
	want := []string{"a", "bcdefgh", "ijklmno", "p", "qrstuvwxyz0123456789", "é\n", "", "zz"}
	data, _ := json.Marshal(want)
	var d Decoder
	d.Reset(data)
	var got []string
	d.Array()
	for d.Elem() {
		s, ok := d.String()
		require.True(t, ok)
		got = append(got, s)
	}
	require.NoError(t, d.Close())
	assert.Equal(t, want, got)
}
