package wire

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shapeObject is a union member's object, as generated code declares it: its
// tag is one of its members.
var shapeObject = &Object{Names: []string{"kind", "points", "radius"}, Required: []int{0}, NullAbsent: []int{2}}

// readShape reads a shape as generated code does (Start and Next), keeping
// every value it is handed, and what it read each member as.
func readShape(d *Decoder) map[string][]string {
	got := map[string][]string{}
	var o ObjectReader
	for k, ok := o.Start(d, shapeObject); ok; k, ok = o.Next(d) {
		switch string(k) {
		case "kind", "points", "radius":
			if string(k) == "kind" {
				o.Saw(0)
			}
			raw, _ := d.RawValue()
			got[string(k)] = append(got[string(k)], string(raw))
		default:
			o.Unknown(d)
		}
	}
	return got
}

func TestObjectReaderRefusesRepeatedNames(t *testing.T) {
	for _, tc := range []struct {
		args string
		want string
		read map[string][]string // what the reader is handed: never a repeated member
	}{
		{`{"kind":"poly","points":3,"kind":"circle"}`, "invalid arguments: /kind: " + duplicateMember,
			map[string][]string{"kind": {`"poly"`}, "points": {`3`}}},
		{`{"kind":"poly","\u006bind":"circle"}`, "invalid arguments: /kind: " + duplicateMember,
			map[string][]string{"kind": {`"poly"`}}},
		{`{"kind":"poly","radius":null,"radius":2}`, "invalid arguments: /radius: " + duplicateMember,
			map[string][]string{"kind": {`"poly"`}}},
		{`{"kind":"poly","radius":2,"radius":null}`, "invalid arguments: /radius: " + duplicateMember,
			map[string][]string{"kind": {`"poly"`}, "radius": {`2`}}},
		{`{"kind":"a","kind":"b","kind":"c"}`, "invalid arguments: /kind: " + duplicateMember + "; /kind: " + duplicateMember,
			map[string][]string{"kind": {`"a"`}}},
		// A name differing in case is another name, which this object does
		// not know.
		{`{"kind":"poly","KIND":"circle"}`, `invalid arguments: /KIND: unknown field (known fields: "kind", "points", "radius")`,
			map[string][]string{"kind": {`"poly"`}}},
		// A repeated name inside a value read as its text.
		{`{"kind":"poly","points":[{"x":1,"x":2}]}`, "invalid arguments: /points/0/x: " + duplicateMember,
			map[string][]string{"kind": {`"poly"`}, "points": {`[{"x":1,"x":2}]`}}},
		{`{"kind":"poly","points":{"a":{"b":[0,{"c":1,"\u0063":2}]}}}`, "invalid arguments: /points/a/b/1/c: " + duplicateMember,
			map[string][]string{"kind": {`"poly"`}, "points": {`{"a":{"b":[0,{"c":1,"\u0063":2}]}}`}}},
	} {
		read, err := read(tc.args, readShape)
		assert.EqualError(t, err, tc.want, tc.args)
		assert.Equal(t, tc.read, read, tc.args)
	}
}

// TestReadersRefuseRepeatedNames reads a repeated name in every way an
// object is read: a map (Object and Field), any, a value read as its text,
// a union's tag, and the same within one another.
func TestReadersRefuseRepeatedNames(t *testing.T) {
	anyValue := func(d *Decoder) bool { _, ok := d.Any(); return ok }
	rawValue := func(d *Decoder) bool { _, ok := d.RawValue(); return ok }
	mapOf := func(elem func(d *Decoder) bool) func(d *Decoder) bool {
		return func(d *Decoder) bool {
			if d.Object() {
				for _, ok := d.Field(); ok; _, ok = d.Field() {
					_ = d.KeyString()
					elem(d)
				}
			}
			return true
		}
	}
	shape := func(d *Decoder) bool { readShape(d); return true }
	union := func(d *Decoder) bool {
		tag, _ := d.Tag("kind")
		switch string(tag) {
		case "poly", "circle":
			readShape(d)
		default:
			d.BadTag("kind", `"poly", "circle"`)
		}
		return true
	}
	for _, tc := range []struct {
		name string
		read func(d *Decoder) bool
		args string
		at   []string
	}{
		{"map", mapOf(anyValue), `{"a":1,"b":2,"a":3}`, []string{"/a"}},
		{"map, escaped", mapOf(anyValue), `{"a":1,"\u0061":3}`, []string{"/a"}},
		{"map of maps", mapOf(mapOf(anyValue)), `{"m":{"a":1,"a":2},"n":{"a":1},"m":{}}`, []string{"/m/a", "/m"}},
		{"map of shapes", mapOf(shape), `{"s":{"kind":"poly","kind":"circle"}}`, []string{"/s/kind"}},
		{"any", anyValue, `{"a":[{"b":1,"b":2}],"c":{"d":{"e":0,"e":0}}}`, []string{"/a/0/b", "/c/d/e"}},
		{"any, in an array", anyValue, `[{"a":1},{"a":1,"a":1}]`, []string{"/1/a"}},
		{"raw", rawValue, `{"a":1,"a":2}`, []string{"/a"}},
		{"raw, in an array", rawValue, `[[{"x~/y":1,"x~/y":2}]]`, []string{"/0/0/x~0~1y"}},
		{"union tag", union, `{"kind":"poly","points":3,"kind":"circle"}`, []string{"/kind"}},
		{"union tag, bad first", union, `{"kind":"square","kind":"poly"}`, []string{"/kind"}},
		{"union tag, escaped", union, `{"kind":"circle","k\u0069nd":"poly"}`, []string{"/kind"}},
		{"invalid UTF-8 names read as one", mapOf(anyValue), "{\"\xff\":1,\"\\ufffd\":2,\"\\ud800\":3}", []string{"/\ufffd", "/\ufffd"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := read(tc.args, tc.read)
			var ae *ArgsError
			require.ErrorAs(t, err, &ae)
			var at []string
			for _, p := range ae.Problems {
				if p.Message == duplicateMember {
					at = append(at, p.Pointer)
				}
			}
			assert.Equal(t, tc.at, at, "%v", err)
			// CheckNames finds the same, without a reader.
			checked := CheckNames([]byte(tc.args))
			require.Error(t, checked)
			var pointers []string
			for _, p := range checked.(*ArgsError).Problems {
				pointers = append(pointers, p.Pointer)
			}
			assert.ElementsMatch(t, tc.at, pointers)
		})
	}
}

// TestRepeatedNamesCostLittle reads objects of many members, deeply nested,
// with one name repeated at the end or deep down: found in one pass.
func TestRepeatedNamesCostLittle(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{`)
	for i := range 100000 {
		b.WriteString(`"k` + strconv.Itoa(i) + `":0,`)
	}
	b.WriteString(`"k99999":1}`)
	_, err := read(b.String(), func(d *Decoder) bool { _, ok := d.Any(); return ok })
	assert.EqualError(t, err, "invalid arguments: /k99999: "+duplicateMember)
	assert.EqualError(t, CheckNames([]byte(b.String())), "invalid arguments: /k99999: "+duplicateMember)

	deep := strings.Repeat(`{"a":`, maxDepth-1) + `{"b":1,"b":2}` + strings.Repeat(`}`, maxDepth-1)
	_, err = read(deep, func(d *Decoder) bool { _, ok := d.Any(); return ok })
	assert.EqualError(t, err, "invalid arguments: "+strings.Repeat("/a", maxDepth-1)+"/b: "+duplicateMember)
	tooDeep := strings.Repeat(`{"a":`, maxDepth) + `{"b":1,"b":2}` + strings.Repeat(`}`, maxDepth)
	_, err = read(tooDeep, func(d *Decoder) bool { _, ok := d.Any(); return ok })
	assert.True(t, isSyntaxError(err), "%v", err)
	assert.NoError(t, CheckNames([]byte(tooDeep)), "not valid: the reader's to refuse")

	// Many problems are capped as the others are.
	var many strings.Builder
	many.WriteString(`{"a":0`)
	for range 200 {
		many.WriteString(`,"a":0`)
	}
	many.WriteString(`}`)
	_, err = read(many.String(), func(d *Decoder) bool { _, ok := d.Any(); return ok })
	require.Error(t, err)
	assert.Len(t, err.(*ArgsError).Problems, maxProblems)
	assert.True(t, strings.HasSuffix(err.Error(), "… and 150 more problems"), err.Error())
}

func TestAppendRuleArgs(t *testing.T) {
	for _, tc := range []struct {
		args    string
		members [][2]string
		clash   NameClash
	}{
		{`{"command":"git status"}`, [][2]string{{"command", "git status"}}, NameClash{}},
		{`{"c\u006fmmand":"git \u0073tatus"}`, [][2]string{{"command", "git status"}}, NameClash{}},
		// Nested strings, names included, in one spelling; numbers canonical.
		{`{"shape" : {"k\u0069nd" : "\u0063ircle", "r": 1.50e0, "t": "a\"\\\/\u00e9\n\u0001"}}`,
			[][2]string{{"shape", `{"kind":"circle","r":1.5,"t":"a\"\\/é\n\u0001"}`}}, NameClash{}},
		{`{"a":[true, null, -0.0, {}], "b":[]}`, [][2]string{{"a", `[true,null,0,{}]`}, {"b", `[]`}}, NameClash{}},
		{"{\"a\":\"\xff\",\"b\":[\"\\ud800\"]}", [][2]string{{"a", "\ufffd"}, {"b", "[\"\ufffd\"]"}}, NameClash{}},
		{`{"kind":"poly","kind":"circle"}`, [][2]string{{"kind", "poly"}, {"kind", "circle"}}, NameClash{Repeated: true}},
		{`{"s":{"kind":"poly","KIND":"circle"}}`, [][2]string{{"s", `{"kind":"poly","KIND":"circle"}`}}, NameClash{Folded: true}},
		{`{"path":"a","Path":"b"}`, [][2]string{{"path", "a"}, {"Path", "b"}}, NameClash{Folded: true}},
		// The Kelvin sign folds to k, as in encoding/json.
		{`{"kind":1,"\u212aind":2}`, [][2]string{{"kind", "1"}, {"\u212aind", "2"}}, NameClash{Folded: true}},
	} {
		text, members, clash, ok := AppendRuleArgs(nil, nil, []byte(tc.args))
		require.True(t, ok, tc.args)
		var got [][2]string
		for _, m := range members {
			got = append(got, [2]string{string(text[m.Start:m.Mid]), string(text[m.Mid:m.End])})
		}
		assert.Equal(t, tc.members, got, tc.args)
		assert.Equal(t, tc.clash, clash, tc.args)
	}
	for _, bad := range []string{`[1]`, `"x"`, `{"a":1`, `{"a":1} x`, `{"a":tru}`, `{"a":[1,]}`} {
		_, _, _, ok := AppendRuleArgs(nil, nil, []byte(bad))
		assert.False(t, ok, bad)
	}
	_, members, _, ok := AppendRuleArgs(nil, nil, nil)
	assert.True(t, ok, "no arguments are {}")
	assert.Empty(t, members)

	// A member whose value repeats a name within is marked.
	text, members, clash, ok := AppendRuleArgs(nil, nil, []byte(`{"a":1,"b":{"c":[{"d":1,"d":2}]},"e":2}`))
	require.True(t, ok)
	assert.Equal(t, NameClash{Repeated: true}, clash)
	assert.Equal(t, []bool{false, true, false}, []bool{members[0].Tangled, members[1].Tangled, members[2].Tangled}, string(text))
}

// FuzzRepeatedNames checks, for any bytes, that the Decoder (reading them
// as any), CheckNames, AppendRuleArgs and encoding/json's tokens agree on
// whether a member name repeats, and that the Decoder names the same
// members as CheckNames.
func FuzzRepeatedNames(f *testing.F) {
	for _, seed := range []string{
		`{"kind":"poly","kind":"circle"}`,
		`{"a":{"b":[1,{"c":1,"\u0063":2}]},"d":"e"}`,
		`{"k":1,"K":2}`,
		"{\"\xff\":1,\"\\ufffd\":2}",
		`[{"a":1},{"a":1,"b":{"a":1}}]`,
		`{"a":1,"b":2}`,
		`{"a":[1,2,]}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return
		}
		var d Decoder
		d.Reset(data)
		d.Any()
		err := d.Close()
		if isSyntaxError(err) {
			return // nested too deeply for the Decoder, not for encoding/json
		}
		checked := CheckNames(data)
		repeated := repeatsName(t, data)
		require.Equal(t, repeated, checked != nil, "CheckNames: %v", checked)
		var fromDecoder, fromCheck []string
		if err != nil {
			for _, p := range err.(*ArgsError).Problems {
				if p.Message == duplicateMember {
					fromDecoder = append(fromDecoder, p.Pointer)
				}
			}
		}
		if checked != nil {
			for _, p := range checked.(*ArgsError).Problems {
				fromCheck = append(fromCheck, p.Pointer)
			}
		}
		require.Equal(t, fromCheck, fromDecoder, "decoder: %v", err)
		if _, _, clash, ok := AppendRuleArgs(nil, nil, data); ok {
			require.Equal(t, repeated, clash.Repeated)
		}
	})
}

// TestSkipNameWalks: a reader that asked Object and RawValue not to look
// their values through gets the values as sent, with no problem for a
// name repeated within them, until the next Reset; an ObjectReader still
// refuses a repeated member of its own object.
func TestSkipNameWalks(t *testing.T) {
	var d Decoder
	d.Reset([]byte(`{"params":{"arguments":{"a":1,"a":2}},"id":{"b":1,"b":2}}`))
	d.SkipNameWalks()
	require.True(t, d.Object())
	var raw []string
	for _, ok := d.Field(); ok; _, ok = d.Field() {
		v, ok := d.RawValue()
		require.True(t, ok)
		raw = append(raw, string(v))
	}
	require.NoError(t, d.Close())
	assert.Equal(t, []string{`{"arguments":{"a":1,"a":2}}`, `{"b":1,"b":2}`}, raw)

	d.Reset([]byte(`{"a":1,"a":2}`)) // Reset ends it
	_, ok := d.RawValue()
	require.True(t, ok)
	require.Error(t, d.Close(), "the walk is back after Reset")

	d.Reset([]byte(`{"kind":"poly","kind":"circle"}`))
	d.SkipNameWalks()
	readShape(&d)
	err := d.Close()
	var ae *ArgsError
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, "/kind", ae.Problems[0].Pointer)
}
