package wire

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/argrepair"
)

// The corpus of malformed arguments and their outcomes, over generated
// tools of every parameter type, is testdata/repair (its own module); these
// tests cover what only the decoder shows.

// readRepairing decodes args as the sample tool, asking for repairs, and
// returns what it read, the note reported (and how many times: it must be
// once at most) and Close's verdict.
func readRepairing(args []byte) (weatherArgs, string, int, error) {
	var d Decoder
	var a weatherArgs
	var note string
	reports := 0
	d.Reset(args)
	d.RepairIfAsked(argrepair.With(context.Background(), args, func(n string) { note = n; reports++ }))
	decodeWeatherArgs(&d, &a)
	err := d.Close()
	if err == nil {
		_ = d.Close() // a second verdict reports nothing more
	}
	return a, note, reports, err
}

// Without a request for these very arguments, nothing is repaired.
func TestRepairOnlyWhenAsked(t *testing.T) {
	args := []byte(`{"city":"Paris","days":"3"}`)
	const refused = `invalid arguments: /days: expected integer, got string "3"`
	for name, ctx := range map[string]context.Context{
		"no request":           context.Background(),
		"a request for others": argrepair.With(context.Background(), []byte(`{"city":"Paris","days":"3"}`), func(string) {}),
		"a nil receiver":       argrepair.With(context.Background(), args, nil),
	} {
		var d Decoder
		var a weatherArgs
		d.Reset(args)
		d.RepairIfAsked(ctx)
		decodeWeatherArgs(&d, &a)
		assert.Equal(t, refused, errText(d.Close()), name)
	}
	a, note, reports, err := readRepairing(args)
	require.NoError(t, err)
	assert.Equal(t, 3, a.Days)
	assert.Equal(t, `arguments repaired before the call: /days: the string "3", read as the number 3`, note)
	assert.Equal(t, 1, reports)
}

// Refused arguments get the error they get as sent, offsets included, even
// after repairs changed what the decoder reads.
func TestRepairRefusedAsSent(t *testing.T) {
	for _, args := range []string{
		`{"tags":"[\"a\",\"b\"]", "city": x}`,              // a syntax error after a repair that shortened the text
		`{"days":"3","tags":"a", "city":"Paris"} <|call|>`, // and after one that lengthened it
		"```json\n{\"city\":\"Paris\",\"days\":3,}\n``` and more",
		"```json\n{\"city\":\"Paris\",\"days\":3,\n```",
		`{"city":"Paris","days":3,"tags":["a",],"unit":"k"}`,
		`{"city":"","days":"3"}`,
		`{"city":"Paris","days":"3","where":"{\"lat\":100}"}`,
		`{"city":"Paris","days":"3","where":"{\"lat\":1,}"}`,
		`{"city":"Paris","days":3,"tags":"[` + strings.Repeat("[", maxDepth) + `"}`, // the string holds no valid array
		`{"city":"Paris","days":3,"tags":"[` + strings.Repeat("[", maxDepth-2) + strings.Repeat("]", maxDepth-1) + `"}`,
		`{"city":10,"days":"1"00000000000000`, // "1" read as 1 would run into the zeros
		`{"city": 'Paris', "days": None}`,     // None for an int, after a repair of the syntax
		"Here: {\"city\": \"Paris\", \"days\": 3, \"tags\": [True]}",
		"{\"city\": \"Par\nis\", \"days\": 3} {\"city\": \"Rome\"}",
	} {
		_, plain := readWeather([]byte(args))
		require.Error(t, plain, args)
		_, note, _, err := readRepairing([]byte(args))
		assert.Equal(t, errText(plain), errText(err), args)
		assert.Empty(t, note)
	}
}

// The repairs of the syntax, as the decoder makes them: each is noted
// where it was made, and nothing is repaired in a value skipped.
func TestRepairSyntax(t *testing.T) {
	for _, c := range []struct{ args, note string }{
		{`{'city': 'Paris', 'days': 2, 'alerts': True}`,
			`/city: the name 'city' in single quotes, read as "city"; /city: a string in single quotes, read as the string "Paris"; ` +
				`/days: the name 'days' in single quotes, read as "days"; /alerts: the name 'alerts' in single quotes, read as "alerts"; /alerts: Python's True, read as true`},
		{`{"city": "x", "days": 2, "where": None}`, `/where: Python's None, read as null`},
		{"{\"city\": \"a\tb\u0001\", \"days\": 2}", `/city: control characters (a line break, a tab) in a string, escaped`},
		{"Sure: {\"city\": \"x\", \"days\": 2}.", `text before the arguments object, left out; text after the arguments object, left out`},
		{"{\"city\": \"x\", \"days\": 2,}\nDone!", `a trailing comma before }, left out; text after the arguments object, left out`},
		{`{"city": "x", "days": 2, "nope": {'a': True}}`, ""}, // an unknown member, skipped
		{`{"city": "x", "days": 2, "unit": 'k'}`, ""},         // repaired, but not one of the enum's values
		{`{"city": "x", "days": 2, "alerts": 'true'}`, ""},    // a string in single quotes where a boolean is read
	} {
		_, note, _, err := readRepairing([]byte(c.args))
		if c.note == "" {
			_, plain := readWeather([]byte(c.args))
			assert.Equal(t, errText(plain), errText(err), c.args)
			continue
		}
		require.NoError(t, err, c.args)
		assert.Equal(t, "arguments repaired before the call: "+c.note, note, c.args)
	}
	a, _, _, err := readRepairing([]byte("{\"city\": 'it\\'s \"x\"\n', \"days\": 2}"))
	require.NoError(t, err)
	assert.Equal(t, "it's \"x\"\n", a.City)
}

// A name without quotes is read as a known member's name only by an
// object's reader (ObjectReader), which knows the names; a reader of
// fields (a map's) refuses it as sent.
func TestRepairBareNames(t *testing.T) {
	args := []byte(`{city: "Paris", days: 2, where: {lat: 1}}`)
	notes, plain, err := readBoth(args, readWeatherObject)
	require.NoError(t, err)
	assert.Equal(t, 1, notes)
	require.Error(t, plain)
	_, note, _, err := readRepairing(args) // decodeWeatherArgs reads fields
	assert.Empty(t, note)
	assert.Equal(t, errText(plain), errText(err))
	for _, args := range []string{`{city: "x", days: 2, nope: 1}`, `{city: "x", Days: 2}`, `{city: "x", "days": 2, where: {lat: 1, alt: 2}}`} {
		notes, plain, err := readBoth([]byte(args), readWeatherObject)
		assert.Zero(t, notes, args)
		assert.Equal(t, errText(plain), errText(err), args)
	}
}

// At most maxRepairs repairs are made in a call; beyond them the
// arguments are refused as sent, with every problem (up to maxProblems).
func TestRepairsAreBounded(t *testing.T) {
	var tags []string
	for range maxRepairs + 10 {
		tags = append(tags, `7`)
	}
	args := []byte(`{"city":"x","days":1,"tags":[` + strings.Join(tags, ",") + `]}`)
	notes, plain, repaired := readBoth(args, readWeatherObject)
	assert.Equal(t, errText(plain), errText(repaired))
	assert.Zero(t, notes)
	assert.Contains(t, errText(repaired), "… and 11 more problems") // 60 items, and more than 5

	args = []byte(`{"city":"x","days":1,"tags":[` + strings.Join(tags[:5], ",") + `]}`)
	a, _, _, err := readRepairing(args)
	require.NoError(t, err)
	assert.Equal(t, []string{"7", "7", "7", "7", "7"}, a.Tags)
}

// readBoth reads args with read, without and with repairs, and returns how
// many notes the second reported and the two verdicts.
func readBoth(args []byte, read func(*Decoder, *weatherArgs)) (notes int, plainErr, err error) {
	var plain, repaired Decoder
	var pa, ra weatherArgs
	plain.Reset(args)
	read(&plain, &pa)
	repaired.Reset(args)
	repaired.RepairIfAsked(argrepair.With(context.Background(), args, func(string) { notes++ }))
	read(&repaired, &ra)
	return notes, plain.Close(), repaired.Close()
}

// Reading valid arguments allocates no more with repairs asked for.
func TestRepairCostsNothingOnValidArguments(t *testing.T) {
	args := []byte(`{"city":"Paris","unit":"c","days":3,"tags":["a","b"],"where":{"lat":1,"lon":2},"alerts":true}`)
	ctx := argrepair.With(context.Background(), args, func(string) { t.Error("a repair of valid arguments") })
	plain := testing.AllocsPerRun(100, func() {
		var d Decoder
		var a weatherArgs
		d.Reset(args)
		decodeWeatherArgs(&d, &a)
		require.NoError(t, d.Close())
	})
	asked := testing.AllocsPerRun(100, func() {
		var d Decoder
		var a weatherArgs
		d.Reset(args)
		d.RepairIfAsked(ctx)
		decodeWeatherArgs(&d, &a)
		require.NoError(t, d.Close())
	})
	assert.Equal(t, plain, asked)
}

func TestSnakeCase(t *testing.T) {
	for name, want := range map[string]string{
		"user_id": "user_id", "userId": "user_id", "UserID": "user_id", "USER_ID": "user_id",
		"User_Id": "user_id", "user-id": "user_id", "HTTPServer": "http_server", "maxSizeMB": "max_size_mb",
		"userid": "userid", "user2Id": "user2_id", "user__id": "user__id", "_id": "_id", "ID": "id", "é": "é",
	} {
		assert.Equal(t, want, string(snakeCase(nil, []byte(name))), name)
	}
}

// FuzzRepair reads arbitrary bytes as generated code does (through
// ObjectReader, appending every element read or not), with and without
// repairs: neither may panic; arguments valid as sent read the same and
// report nothing; arguments refused with repairs are refused with the
// error they get without; and a repaired call reports one note.
func FuzzRepair(f *testing.F) {
	for _, seed := range []string{
		`{"city":"Paris","days":"3","tags":"[\"a\",\"b\"]"}`,
		`{"City":"Paris","days":3,"tags":"a","where":"{\"lat\":1}"}`,
		"```json\n{\"city\":\"Paris\",\"days\":3,\"tags\":[\"a\",],}\n```",
		`"{\"city\":\"Paris\",\"days\":3}"`,
		`{"city":12,"days":"1e1","alerts":"true","where":{"Lat":1,"lon":"2"}}`,
		`{"city":"x","days":1,"tags":7,"unit":"c",}`,
		`{"userId":1,"UserID":2}`,
		`{'city': 'Paris', 'days': 3, 'alerts': True, 'where': None, 'unit': 'c'}`,
		"Here you go: {\"city\": \"Par\nis\", \"days\": 2, \"alerts\": None} Let me know.",
		"Sure.\n```json\n{\"city\": 'it\\'s', \"days\": 1, \"tags\": ['a', \"b\"]}\n```\nDone.",
		`{"city": "x", "days": 1, "where": {"lat": 1, "lon": None}, "tags": [True]}`,
		`{"city": True, "days": None}`,
		`{city: "x", days: 2, where: {lat: 1, lon: None}}`,
		`{city: "x", "days": 2, unit: 'c', alerts: False}`,
		"{\"city\": \"it\\'s\tx\", \"days\": 2}",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var plain, repaired Decoder
		var pa, ra weatherArgs
		plain.Reset(data)
		readWeatherObject(&plain, &pa)
		plainErr := plain.Close()
		notes := 0
		repaired.Reset(data)
		repaired.RepairIfAsked(argrepair.With(context.Background(), data, func(string) { notes++ }))
		readWeatherObject(&repaired, &ra)
		err := repaired.Close()
		if CheckJSON(data) == nil {
			require.True(t, repaired.rep == nil || repaired.rep.undo == "", "valid JSON given a repair of its syntax")
		}
		switch {
		case plainErr == nil:
			require.NoError(t, err)
			require.Equal(t, pa, ra)
			require.Zero(t, notes)
		case err != nil:
			require.Equal(t, plainErr.Error(), err.Error())
			require.Zero(t, notes)
		default:
			require.Equal(t, 1, notes)
			// The arguments as repaired are valid JSON, which reads, without
			// repairs, as what the repairs read.
			require.NoError(t, CheckJSON(repaired.data))
			var again Decoder
			var aa weatherArgs
			again.Reset(repaired.data)
			readWeatherObject(&again, &aa)
			require.NoError(t, again.Close())
			require.Equal(t, ra, aa)
		}
	})
}

var weatherObject = &Object{Names: []string{"city", "unit", "days", "tags", "where", "alerts"}, Required: []int{0, 2}}

var positionObject = &Object{Names: []string{"lat", "lon"}, Required: []int{0}}

// readWeatherObject reads the sample arguments as generated code does:
// through ObjectReader (which repairs names), and appending an element
// whether it was read or not, so that a count does not depend on it.
func readWeatherObject(d *Decoder, args *weatherArgs) {
	var o ObjectReader
	for k, ok := o.Start(d, weatherObject); ok; k, ok = o.Next(d) {
		switch string(k) {
		case "city":
			o.Saw(0)
			if v, ok := d.String(); ok {
				args.City = v
			}
		case "days":
			o.Saw(1)
			if v, ok := d.Int(1, 14); ok {
				args.Days = int(v)
			}
		case "tags":
			if _, ok := d.Array(); ok {
				args.Tags = []string{}
				for d.Elem() {
					v, _ := d.String()
					args.Tags = append(args.Tags, v)
				}
				d.CheckItems(len(args.Tags), 0, 5)
			}
		case "where":
			if d.Null() {
				args.Where = nil
				break
			}
			args.Where = new(position)
			var p ObjectReader
			for k, ok := p.Start(d, positionObject); ok; k, ok = p.Next(d) {
				switch string(k) {
				case "lat":
					p.Saw(0)
					args.Where.Lat, _ = d.Float(-90, 90, 64)
				case "lon":
					args.Where.Lon, _ = d.Float(-180, 180, 64)
				default:
					p.Unknown(d)
				}
			}
		case "alerts":
			if d.Null() {
				args.Alerts = nil
			} else if v, ok := d.Bool(); ok {
				args.Alerts = &v
			}
		case "unit":
			if b, ok := d.StringBytes(); ok && string(b) != "c" && string(b) != "f" {
				d.NotOneOf(b, `"c", "f"`)
			}
		default:
			o.Unknown(d)
		}
	}
}

// BenchmarkDecodeRepairAsked reads valid arguments in a context that asks
// for repairs: the happy path of a call from the agent loop.
func BenchmarkDecodeRepairAsked(b *testing.B) {
	ctx := argrepair.With(context.Background(), weatherCall, func(string) { b.Fatal("a repair of valid arguments") })
	b.ReportAllocs()
	for b.Loop() {
		var d Decoder
		var args weatherArgs
		d.Reset(weatherCall)
		d.RepairIfAsked(ctx)
		decodeWeatherArgs(&d, &args)
		if err := d.Close(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeRepaired reads arguments with a quoted number and a
// stringified array, and repairs them: what a repair costs.
func BenchmarkDecodeRepaired(b *testing.B) {
	args := []byte(`{"city":"Paris","unit":"c","days":"3","tags":"[\"a\",\"b\"]"}`)
	var note string
	ctx := argrepair.With(context.Background(), args, func(n string) { note = n })
	b.ReportAllocs()
	for b.Loop() {
		var d Decoder
		var a weatherArgs
		d.Reset(args)
		d.RepairIfAsked(ctx)
		decodeWeatherArgs(&d, &a)
		if err := d.Close(); err != nil || a.Days != 3 || len(a.Tags) != 2 {
			b.Fatal(err, a)
		}
	}
	if note == "" {
		b.Fatal("no repair reported")
	}
}
