package wire

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var unionTable = &Object{Names: []string{"radius", "kind"}, Required: []int{0}}

// readCircle reads a tagged union of one member, circle, as generated code
// does: Tag, then the member's reader skipping the tag, or BadTag.
func readCircle(d *Decoder) float64 {
	tag, _ := d.Tag("kind")
	if string(tag) != "circle" {
		d.BadTag("kind", `"circle"`)
		return 0
	}
	var r float64
	var o ObjectReader
	for k, ok := o.Start(d, unionTable); ok; k, ok = o.Next(d) {
		switch string(k) {
		case "radius":
			o.Saw(0)
			if f, ok := d.Float(0, 10, 64); ok {
				r = f
			}
		case "kind":
			d.Skip()
		default:
			o.Unknown(d)
		}
	}
	return r
}

// Tag finds the tag wherever it is and consumes nothing: the member's
// reader then reads the whole object, problems at their pointers.
func TestTag(t *testing.T) {
	for args, want := range map[string]float64{
		`{"v":{"kind":"circle","radius":2}}`:                            2,
		`{"v":{"radius":3,"kind":"circle"}}`:                            3,
		`{"v":{"radius":{"kind":"square"},"kind":"circle"}}`:            0, // a nested "kind" is not the tag
		`{"v":{"x":[1,{"kind":"no"}],"k\u0069nd":"circle","radius":1}}`: 1,
	} {
		got, err := read(args, field(readCircle))
		if want == 0 {
			assert.ErrorContains(t, err, "/v/radius: expected number, got object", args)
			continue
		}
		if args == `{"v":{"x":[1,{"kind":"no"}],"k\u0069nd":"circle","radius":1}}` {
			assert.ErrorContains(t, err, `/v/x: unknown field (known fields: "radius", "kind")`, args)
		} else {
			require.NoError(t, err, args)
		}
		assert.Equal(t, want, got, args)
	}
}

// BadTag says what is wrong with the tag, and Close reports the syntax
// error of an object Tag could not scan.
func TestBadTag(t *testing.T) {
	for args, want := range map[string]string{
		`{"v":{"kind":"square","radius":1}}`: `/v/kind: "square" is not one of "circle"`,
		`{"v":{"radius":1}}`:                 `/v/kind: missing (required)`,
		`{"v":{"kind":7}}`:                   `/v/kind: expected string, got number 7`,
		`{"v":"circle"}`:                     `/v: expected object, got string "circle"`,
		`{"v":null}`:                         `/v: expected object, got null`,
		`{"v":{"radius":1,"kind":"circle"`:   `unexpected end`,
		`{"v":{"radius":1 "kind":"circle"}}`: `offset`,
		`{"v":{"kind":"squ\u0061re"}}`:       `/v/kind: "square" is not one of "circle"`,
	} {
		_, err := read(args, field(readCircle))
		assert.ErrorContains(t, err, want, args)
	}
}

func TestExpected(t *testing.T) {
	_, err := read(`{"v":true}`, field(func(d *Decoder) int { d.Expected("string or object"); return 0 }))
	assert.ErrorContains(t, err, "/v: expected string or object, got boolean true")
	_, err = read(`{"v":}`, field(func(d *Decoder) int { d.Expected("string or object"); return 0 }))
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "expected string or object")
}

// BenchmarkUnionTag measures the look-ahead: a tagged member read with the
// tag first and with it last, against the same object read without a tag
// (a plain struct).
func BenchmarkUnionTag(b *testing.B) {
	pad := `"a":"some text here","b":[1,2,3,4,5,6,7,8],"c":{"d":"nested","e":[true,false]},`
	table := &Object{Names: []string{"radius", "a", "b", "c", "kind"}, Required: []int{0}}
	member := func(d *Decoder) {
		var o ObjectReader
		for k, ok := o.Start(d, table); ok; k, ok = o.Next(d) {
			switch string(k) {
			case "radius":
				o.Saw(0)
				d.Float(0, 10, 64)
			case "a", "b", "c", "kind":
				d.Skip()
			default:
				o.Unknown(d)
			}
		}
	}
	run := func(args string, tagged bool) func(*testing.B) {
		return func(b *testing.B) {
			data := []byte(args)
			b.ReportAllocs()
			for b.Loop() {
				var d Decoder
				d.Reset(data)
				if tagged {
					if tag, _ := d.Tag("kind"); string(tag) != "circle" {
						b.Fatal("no tag")
					}
				}
				member(&d)
				if d.Close() != nil {
					b.Fatal("bad")
				}
			}
		}
	}
	b.Run("plain", run(`{`+pad+`"radius":1}`, false))
	b.Run("tag_first", run(`{"kind":"circle",`+pad+`"radius":1}`, true))
	b.Run("tag_last", run(`{`+pad+`"radius":1,"kind":"circle"}`, true))
}
