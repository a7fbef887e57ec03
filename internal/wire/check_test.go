package wire

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// checked runs check on a Decoder inside the member "v" and returns the
// problems' text.
func checked(check func(d *Decoder)) string {
	_, err := read(`{"v":0}`, field(func(d *Decoder) bool {
		d.Skip()
		check(d)
		return true
	}))
	return errText(err)
}

func TestCheckLength(t *testing.T) {
	for _, c := range []struct {
		s        string
		min, max int
		err      string
	}{
		{"abc", 3, 10, ""},
		{"ééé", 3, 3, ""},
		{"日本語", 0, 3, ""},
		{"", 0, -1, ""},
		{strings.Repeat("x", 1000), 1, -1, ""},
		{"ab", 3, 10, `/v: "ab" is 2 characters long, shorter than the minimum 3`},
		{"a", 3, 10, `/v: "a" is 1 character long, shorter than the minimum 3`},
		{"ééé", 0, 2, `/v: "ééé" is 3 characters long, longer than the maximum 2`},
		{"abcdefghijk", 3, 10, `/v: "abcdefghijk" is 11 characters long, longer than the maximum 10`},
		{"a\"b\n", 5, -1, `/v: "a\"b\n" is 4 characters long, shorter than the minimum 5`},
	} {
		assert.Equal(t, prefixed(c.err), checked(func(d *Decoder) { d.CheckLength(c.s, c.min, c.max) }), c.s)
	}
}

func TestCheckItems(t *testing.T) {
	for _, c := range []struct {
		n, min, max int
		err         string
	}{
		{0, 0, -1, ""},
		{3, 1, 3, ""},
		{5, 1, 3, `/v: has 5 items, more than the maximum 3`},
		{0, 1, 3, `/v: has 0 items, fewer than the minimum 1`},
		{1, 2, -1, `/v: has 1 item, fewer than the minimum 2`},
	} {
		assert.Equal(t, prefixed(c.err), checked(func(d *Decoder) { d.CheckItems(c.n, c.min, c.max) }))
	}
}

func TestMatchPattern(t *testing.T) {
	re := regexp.MustCompile(`^[a-z]+$`)
	assert.Equal(t, "", checked(func(d *Decoder) { d.MatchPattern("abc", re, re.String()) }))
	assert.Equal(t, prefixed(`/v: "x1" does not match the pattern ^[a-z]+$`), checked(func(d *Decoder) { d.MatchPattern("x1", re, re.String()) }))
	unanchored := regexp.MustCompile(`[0-9]`)
	assert.Equal(t, "", checked(func(d *Decoder) { d.MatchPattern("ab1cd", unanchored, unanchored.String()) }), "JSON Schema patterns are unanchored")
}

func TestCheckFormat(t *testing.T) {
	cases := map[string]struct{ valid, invalid []string }{
		"date-time": {
			valid:   []string{"2024-03-01T12:30:00Z", "2024-03-01t12:30:00.5z", "2016-12-31T23:59:60Z", "2017-01-01T00:59:60+01:00", "1999-12-31T00:00:00.123456789-07:30"},
			invalid: []string{"2024-03-01", "2024-03-01 12:30:00Z", "2024-03-01T12:30:00", "2023-02-29T00:00:00Z", "2024-03-01T24:00:00Z", "2024-03-01T12:30:00.Z", "2024-03-01T12:30:00+0200", "2024-03-01T1:30:00Z", "2016-12-31T23:59:60+01:00"},
		},
		"date": {
			valid:   []string{"2024-02-29", "2000-02-29", "1999-12-31", "0001-01-01"},
			invalid: []string{"2023-02-29", "1900-02-29", "2024-04-31", "2024-13-01", "2024-00-10", "2024-1-01", "24-01-01", "2024/01/01", "2024-01-01T00:00:00Z", ""},
		},
		"time": {
			valid:   []string{"15:04:05Z", "15:04:05.123+02:00", "00:00:00-23:59", "23:59:60z", "18:59:60.5-05:00"},
			invalid: []string{"15:04:05", "15:04Z", "25:00:00Z", "12:60:00Z", "12:00:60Z", "23:59:60+01:00", "12:00:61Z", "12:00:00+2:00", "12:00:00+24:00", "12:00:00.Z", "T12:00:00Z"},
		},
		"email": {
			valid: []string{"a@example.com", "first.last+tag@mail.example.org", "x@a-b.io", "a@b", "o'neil!#$%&*/=?^_`{|}~@example.com",
				`"a b@c"@example.com`, "a@[192.0.2.1]", "a@[IPv6:2001:db8::1]", "a@example.com."},
			invalid: []string{"", "a", "@example.com", "a@", "a@@example.com", "a@b@example.com", "a b@example.com", "a,b@example.com",
				".a@example.com", "a.@example.com", "a..b@example.com", `"a"b"@example.com`, "a@-example.com", "a@example..com",
				"a@[999.1.1.1]", "a@[IPv6:::g]", "a@[1.2.3.4", strings.Repeat("a", 65) + "@example.com", "a@" + strings.Repeat("b", 253) + ".com"},
		},
		"uri": {
			valid:   []string{"https://example.com/a?b=c#d", "mailto:a@example.com", "urn:isbn:0451450523", "file:///tmp/x"},
			invalid: []string{"", "/relative/path", "example.com", "http://[::1", "%zz", "http://::1/"},
		},
		"uuid": {
			valid:   []string{"123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000"},
			invalid: []string{"123e4567e89b12d3a456426614174000", "123e4567-e89b-12d3-a456-42661417400", "123e4567-e89b-12d3-a456-42661417400g", "{123e4567-e89b-12d3-a456-426614174000}"},
		},
		"ipv4": {
			valid:   []string{"192.168.0.1", "0.0.0.0", "255.255.255.255"},
			invalid: []string{"192.168.0.01", "256.1.1.1", "1.2.3", "::1", "::ffff:1.2.3.4", "1.2.3.4 "},
		},
		"ipv6": {
			valid:   []string{"::1", "2001:db8::8a2e:370:7334", "::ffff:1.2.3.4", "fe80::1"},
			invalid: []string{"192.168.0.1", "fe80::1%eth0", "2001:db8:::1", "12345::"},
		},
		"hostname": {
			valid:   []string{"example.com", "a", "xn--bcher-kva.example", "a-b.c-d", "example.com.", strings.Repeat("a", 63) + ".com"},
			invalid: []string{"", ".", "-a.com", "a-.com", "a..com", "a_b.com", "a.com..", ".a.com", strings.Repeat("a", 64) + ".com", strings.Repeat("a.", 127) + "a"},
		},
	}
	assert.ElementsMatch(t, Formats, keys(cases), "every format in Formats is tested")
	for format, c := range cases {
		for _, s := range c.valid {
			assert.Equal(t, "", checked(func(d *Decoder) { d.CheckFormat(s, format) }), "%s: %q", format, s)
		}
		for _, s := range c.invalid {
			want := prefixed("/v: " + quote(s) + " is not a valid " + format)
			assert.Equal(t, want, checked(func(d *Decoder) { d.CheckFormat(s, format) }), "%s: %q", format, s)
		}
	}
	assert.Equal(t, prefixed(`/v: "x" is not a valid email`), checked(func(d *Decoder) { d.CheckFormat("x", "email") }))
	assert.Equal(t, "", checked(func(d *Decoder) { d.CheckFormat("anything", "color") }), "an unknown format is not checked")
}

func keys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

func TestSpare(t *testing.T) {
	var d Decoder
	d.Reset([]byte(`{"a":1}`))
	d.Skip()
	assert.Equal(t, spareMin, cap(d.Spare()), "no string stored: a new buffer")

	// The arena holds as much as the arguments; what the strings leave is
	// handed out when it is enough.
	args := []byte(`["abc","def",` + strings.Repeat(" ", spareMin) + `1]`)
	d.Reset(args)
	var got []string
	_, _ = d.Array()
	for d.Elem() {
		if d.Kind() == KindString {
			s, _ := d.String()
			got = append(got, s)
		} else {
			d.Skip()
		}
	}
	spare := d.Spare()
	assert.Empty(t, spare)
	assert.GreaterOrEqual(t, cap(spare), len(args)-len("abcdef"))
	assert.Equal(t, spareMin, cap(d.Spare()), "the spare capacity is handed out once")
	copy(spare[:cap(spare)], strings.Repeat("z", cap(spare)))
	assert.Equal(t, []string{"abc", "def"}, got, "writing into the spare capacity leaves the strings alone")

	// Too little left: a new buffer.
	d.Reset([]byte(`["abc","def"]`))
	_, _ = d.Array()
	for d.Elem() {
		_, _ = d.String()
	}
	assert.Equal(t, spareMin, cap(d.Spare()))
}
