package wire

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Differential test: random arguments for the sample tool, read by the
// hand-written generated-style decoder and by encoding/json (Unmarshal with
// DisallowUnknownFields, then the schema's checks written by hand on a
// struct of pointers, since encoding/json checks neither required fields
// nor enums nor bounds). Both must accept with equal values, or both reject.
//
// The intended deviations, and nothing else, are taken out by giving
// encoding/json an equivalent text that it reads as the Decoder does:
//
//  1. An integer-valued number spelled with a fraction or an exponent (3.0,
//     3e0, 30e-1) is an integer for JSON Schema and for the Decoder;
//     encoding/json refuses it for an int. It gets the plain integer (3).
//  2. null for a field that is not a pointer is a type error for the
//     Decoder; encoding/json ignores it. It gets true, a type error for
//     every such field of the sample (a string, an int, floats, a slice of
//     strings, the arguments object itself).
//  3. Keys match exactly; encoding/json also matches them regardless of
//     case. A key that differs from a known one only in case gets a "~"
//     before it, so that it is unknown to encoding/json too.
//
// Random mutations of the texts are then compared on syntax alone: what
// encoding/json finds invalid, the Decoder rejects with a syntax error, and
// the other way round (except that white space alone reads as {}).

// refArgs is weatherArgs with a pointer wherever presence must be seen.
type refArgs struct {
	City   *string      `json:"city"`
	Unit   *string      `json:"unit"`
	Days   *int         `json:"days"`
	Tags   []string     `json:"tags"`
	Where  *refPosition `json:"where"`
	Alerts *bool        `json:"alerts"`
}

type refPosition struct {
	Lat *float64 `json:"lat"`
	Lon *float64 `json:"lon"`
}

// readReference reads args with encoding/json and the schema's checks.
func readReference(args []byte) (weatherArgs, bool) {
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.DisallowUnknownFields()
	var r refArgs
	if dec.Decode(&r) != nil || dec.InputOffset() != int64(len(args)) && !onlySpace(args[dec.InputOffset():]) {
		return weatherArgs{}, false
	}
	if !r.valid() {
		return weatherArgs{}, false
	}
	a := weatherArgs{City: *r.City, Days: *r.Days, Tags: r.Tags, Alerts: r.Alerts}
	if r.Unit != nil {
		a.Unit = *r.Unit
	}
	if r.Where != nil {
		a.Where = &position{Lat: *r.Where.Lat}
		if r.Where.Lon != nil {
			a.Where.Lon = *r.Where.Lon
		}
	}
	return a, true
}

func (r *refArgs) valid() bool {
	return r.City != nil && utf8.RuneCountInString(*r.City) >= 1 &&
		r.Days != nil && 1 <= *r.Days && *r.Days <= 14 &&
		(r.Unit == nil || *r.Unit == "c" || *r.Unit == "f") &&
		len(r.Tags) <= 5 &&
		(r.Where == nil || r.Where.valid())
}

func (p *refPosition) valid() bool {
	return p.Lat != nil && -90 <= *p.Lat && *p.Lat <= 90 &&
		(p.Lon == nil || -180 <= *p.Lon && *p.Lon <= 180)
}

// pair is a piece of arguments as the Decoder reads it and as encoding/json
// is given it.
type pair struct{ ours, ref string }

func same(s string) pair { return pair{s, s} }

// argsGen generates random arguments. In a noisy case any value may be
// wrong; in a clean one (half of them) every value is valid, so that enough
// cases are accepted.
type argsGen struct {
	rng   *rand.Rand
	noisy bool
}

type gen = func() pair

// oneOf picks a good value, or in a noisy case, one time in four, a bad one.
func (g argsGen) oneOf(good []gen, bad ...gen) pair {
	if g.noisy && len(bad) > 0 && g.rng.IntN(4) == 0 {
		return bad[g.rng.IntN(len(bad))]()
	}
	return good[g.rng.IntN(len(good))]()
}

func fixed(s string) gen { return func() pair { return same(s) } }

func (g argsGen) space() string {
	return [...]string{"", "", "", " ", "\n  ", "\t", "\r\n"}[g.rng.IntN(7)]
}

// object joins members into an object, with random white space.
func (g argsGen) object(members []pair) pair {
	var ours, ref strings.Builder
	ours.WriteString("{" + g.space())
	ref.WriteString("{")
	for i, m := range members {
		if i > 0 {
			ours.WriteString("," + g.space())
			ref.WriteString(",")
		}
		ours.WriteString(m.ours + g.space())
		ref.WriteString(m.ref)
	}
	ours.WriteString("}")
	ref.WriteString("}")
	return pair{ours.String(), ref.String()}
}

func (g argsGen) member(key string, value pair) pair {
	k := g.key(key)
	sp := g.space()
	return pair{k.ours + sp + ":" + g.space() + value.ours, k.ref + ":" + value.ref}
}

// key spells a known key plainly, with an escape, or (deviation 3) in
// another case.
func (g argsGen) key(name string) pair {
	escaped := `"` + name[:1] + `\u00` + strconv.FormatInt(int64(name[1]), 16) + name[2:] + `"`
	upper := strings.ToUpper(name[:1]) + name[1:]
	return g.oneOf([]gen{fixed(`"` + name + `"`), fixed(`"` + name + `"`), fixed(escaped)},
		func() pair { return pair{`"` + upper + `"`, `"~` + upper + `"`} })
}

// null is null for a field that is not a pointer (deviation 2).
func null() pair { return pair{"null", "true"} }

// wrongTypes are values of the wrong type for every field, null aside.
var wrongTypes = []gen{fixed(`{"x":1}`), fixed(`[1,"a"]`), fixed(`false`), fixed(`12`)}

// str is a string literal of minLen to maxLen random pieces: characters
// and escapes, some of them invalid (which both readers turn into U+FFFD).
func (g argsGen) str(minLen, maxLen int) string {
	pieces := []string{"a", "Z", "é", "日", "\U0001D11E", " ", `\n`, `\"`, `\\`, `\/`, `\u00e9`, `\ud834\udd1e`, `\ud800`, `\udc00x`, "\xff", `\t`, `\u0000`, "<&>"}
	var b strings.Builder
	b.WriteByte('"')
	for range minLen + g.rng.IntN(maxLen-minLen+1) {
		b.WriteString(pieces[g.rng.IntN(len(pieces))])
	}
	b.WriteByte('"')
	return b.String()
}

func (g argsGen) city() pair {
	return g.oneOf([]gen{func() pair { return same(g.str(1, 6)) }}, append(wrongTypes, null, fixed(`""`))...)
}

func (g argsGen) unit() pair {
	return g.oneOf([]gen{fixed(`"c"`), fixed(`"f"`), fixed(`"\u0063"`)}, append(wrongTypes, null, fixed(`"kelvin"`), fixed(`""`))...)
}

// days is an integer, spelled in several ways (deviation 1).
func (g argsGen) days() pair {
	v := 1 + g.rng.IntN(14)
	if g.noisy && g.rng.IntN(4) == 0 {
		v = g.rng.IntN(40) - 20 // often out of range
	}
	plain := strconv.Itoa(v)
	return g.oneOf([]gen{
		fixed(plain), fixed(plain),
		func() pair { return pair{plain + ".0", plain} },
		func() pair { return pair{plain + "e0", plain} },
		func() pair { return pair{plain + "0E-1", plain} },
	}, append(wrongTypes, null, fixed(plain+".5"), fixed("1e30"), fixed("123456789012345678901234567890"), fixed(`"`+plain+`"`))...)
}

func (g argsGen) tags() pair {
	n := g.rng.IntN(6)
	if g.noisy {
		n = g.rng.IntN(8)
	}
	elems := make([]pair, n)
	for i := range elems {
		elems[i] = g.oneOf([]gen{func() pair { return same(g.str(0, 3)) }}, fixed(`7`), null)
	}
	return g.oneOf([]gen{func() pair { return join("[", "]", elems, g.space) }}, append(wrongTypes, null)...)
}

func join(open, close string, elems []pair, space func() string) pair {
	ours, ref := []string{}, []string{}
	for _, e := range elems {
		ours = append(ours, e.ours+space())
		ref = append(ref, e.ref)
	}
	return pair{open + space() + strings.Join(ours, ",") + close, open + strings.Join(ref, ",") + close}
}

func (g argsGen) coordinate(limit int) pair {
	return g.oneOf([]gen{
		func() pair { return same(strconv.Itoa(g.rng.IntN(2*limit+1) - limit)) },
		func() pair { return same(strconv.FormatFloat((g.rng.Float64()*2-1)*float64(limit), 'g', -1, 64)) },
		fixed("-0.0"), fixed("1E1"), fixed("0.5e-3"),
	}, append(wrongTypes, null, fixed("1e400"), fixed(strconv.Itoa(limit+1)), fixed(strconv.Itoa(-limit)+".5"))...)
}

func (g argsGen) where() pair {
	var members []pair
	if !g.noisy || g.rng.IntN(5) > 0 {
		members = append(members, g.member("lat", g.coordinate(90)))
	}
	if g.rng.IntN(2) == 0 {
		members = append(members, g.member("lon", g.coordinate(180)))
	}
	if g.noisy && g.rng.IntN(10) == 0 {
		members = append(members, same(`"alt":1`))
	}
	g.rng.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
	return g.oneOf([]gen{func() pair { return g.object(members) }, fixed("null")}, wrongTypes...)
}

func (g argsGen) alerts() pair {
	return g.oneOf([]gen{fixed("true"), fixed("false"), fixed("null")}, fixed(`"true"`), fixed("1"))
}

// args generates the arguments: fields in random order, the optional ones
// (and in a noisy case all) often left out, sometimes one repeated (a valid
// value first: encoding/json keeps the last, the Decoder refuses it), sometimes
// an unknown field.
func (g argsGen) args() pair {
	g.noisy = g.rng.IntN(2) == 0
	fields := []struct {
		name     string
		value    gen
		valid    gen
		required bool
	}{
		{"city", g.city, fixed(`"Paris"`), true},
		{"unit", g.unit, fixed(`"f"`), false},
		{"days", g.days, fixed(`4`), true},
		{"tags", g.tags, nil, false},
		{"where", g.where, nil, false},
		{"alerts", g.alerts, fixed(`true`), false},
	}
	var groups [][]pair // a repeated member stays after its valid first value
	for _, f := range fields {
		if (g.noisy || !f.required) && g.rng.IntN(4) == 0 {
			continue
		}
		var group []pair
		if f.valid != nil && g.rng.IntN(10) == 0 {
			group = append(group, g.member(f.name, f.valid()))
		}
		groups = append(groups, append(group, g.member(f.name, f.value())))
	}
	if g.noisy && g.rng.IntN(10) == 0 {
		groups = append(groups, []pair{same(`"zone":"UTC"`)})
	}
	g.rng.Shuffle(len(groups), func(i, j int) { groups[i], groups[j] = groups[j], groups[i] })
	obj := g.object(slices.Concat(groups...))
	obj.ours = g.space() + obj.ours + g.space()
	if g.noisy && g.rng.IntN(20) == 0 {
		return g.oneOf(append(wrongTypes, null)) // the whole arguments (deviation 2 for null)
	}
	return obj
}

// repeatsName reports whether an object in data, valid JSON, has a member
// name twice, as encoding/json's tokens say (the names unescaped).
func repeatsName(t *testing.T, data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var walk func() bool
	walk = func() bool {
		tok, err := dec.Token()
		require.NoError(t, err)
		delim, ok := tok.(json.Delim)
		if !ok {
			return false
		}
		repeated := false
		names := map[string]bool{}
		for dec.More() {
			if delim == '{' {
				tok, err := dec.Token()
				require.NoError(t, err)
				name := tok.(string)
				repeated = repeated || names[name]
				names[name] = true
			}
			repeated = walk() || repeated
		}
		_, err = dec.Token() // the closing bracket
		require.NoError(t, err)
		return repeated
	}
	return walk()
}

func TestDifferentialWithEncodingJSON(t *testing.T) {
	g := argsGen{rng: rand.New(rand.NewPCG(7, 11))}
	verdicts := map[bool]int{}
	for i := range 4000 {
		args := g.args()
		ours, err := readWeather([]byte(args.ours))
		ref, refOK := readReference([]byte(args.ref))
		refOK = refOK && !repeatsName(t, []byte(args.ref))
		require.Equal(t, refOK, err == nil, "case %d\nours: %s\nref:  %s\nerr:  %v", i, args.ours, args.ref, err)
		if refOK {
			require.Equal(t, ref, ours, "case %d: %s", i, args.ours)
		}
		verdicts[refOK]++
	}
	t.Logf("accepted %d, rejected %d", verdicts[true], verdicts[false])
	assert.Greater(t, verdicts[true], 400, "enough valid cases")
	assert.Greater(t, verdicts[false], 400, "enough invalid cases")
}

func TestDifferentialSyntax(t *testing.T) {
	g := argsGen{rng: rand.New(rand.NewPCG(13, 17))}
	valid := 0
	for i := range 4000 {
		data := g.mutate([]byte(g.args().ours))
		if onlySpace(data) {
			continue // reads as {}
		}
		_, err := readWeather(data)
		stdValid := json.Valid(data)
		require.Equal(t, !stdValid, isSyntaxError(err), "case %d: %q\nerr: %v", i, data, err)
		require.Equal(t, !stdValid, isSyntaxError(walkVerdict(data)), "case %d: %q", i, data)
		require.Equal(t, !stdValid, skipVerdict(data) != nil, "case %d: %q", i, data)
		if stdValid {
			valid++
		}
	}
	assert.Greater(t, valid, 200, "some mutations stay valid")
	assert.Less(t, valid, 3000, "most mutations break the syntax")
}

// mutate changes one to three bytes of data: deleting, inserting,
// replacing, or cutting the rest.
func (g argsGen) mutate(data []byte) []byte {
	const alphabet = "{}[]:,\"\\ \t\nabeflnrstu0123456789+-.eE\x00\x1f\x7f\xff\xc3"
	for range 1 + g.rng.IntN(3) {
		if len(data) == 0 {
			return data
		}
		i := g.rng.IntN(len(data))
		c := alphabet[g.rng.IntN(len(alphabet))]
		switch g.rng.IntN(4) {
		case 0:
			data = append(data[:i], data[i+1:]...)
		case 1:
			data = append(data[:i], append([]byte{c}, data[i:]...)...)
		case 2:
			data[i] = c
		default:
			data = data[:i]
		}
	}
	return data
}
