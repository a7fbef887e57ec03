package decode

import (
	"bytes"
	stdjson "encoding/json"
	"reflect"
	"testing"
	"unsafe"

	"github.com/bytedance/sonic"
	jsonv2 "github.com/go-json-experiment/json"
	goccy "github.com/goccy/go-json"

	"github.com/toolgen-dev/toolgen/toolimpl"
)

// weatherArgs is the five-parameter call of the other benchmarks (53 bytes).
var weatherArgs = []byte(`{"city":"Paris","unit":"c","days":3,"tags":["a","b"]}`)

// threadArgs is a nested argument of about 2 KB: arrays of objects, nested
// objects, strings with \n, \" and \u escapes and non-ASCII text, integers,
// floats, booleans and an enum.
var threadArgs = []byte(`{"title":"Q3 planning: \"launch\" review","labels":["planning","q3","review","needs-reply"],"limit":25,"messages":[` +
	`{"id":1001,"from":{"name":"Ada Lovelace","email":"ada@example.com"},"to":[{"name":"Charles Babbage","email":"charles@example.com"},{"name":"Grace Hopper","email":"grace@example.com"}],"subject":"Launch checklist","body":"Hi all,\nHere is the checklist for the launch:\n- docs\n- \"final\" benchmarks\n- release notes\n\nThanks,\nAda","priority":"high","score":0.93,"read":true,"attachments":[{"name":"checklist.pdf","mime_type":"application/pdf","size":48213},{"name":"plan.xlsx","mime_type":"application/vnd.ms-excel","size":120394}]},` +
	`{"id":1002,"from":{"name":"Charles Babbage","email":"charles@example.com"},"to":[{"name":"Ada Lovelace","email":"ada@example.com"}],"subject":"Re: Launch checklist","body":"Looks good. One question about the caf\u00e9 budget \u2014 is it \u20ac500 or \u20ac5000?\n\n> Here is the checklist for the launch","priority":"normal","score":0.5,"read":false},` +
	`{"id":1003,"from":{"name":"Grace Hopper","email":"grace@example.com"},"to":[{"name":"Ada Lovelace","email":"ada@example.com"},{"name":"Charles Babbage","email":"charles@example.com"},{"name":"Alan Turing","email":"alan@example.com"}],"subject":"Benchmarks ready","body":"The numbers are in:\n\tdecode: 1.9x faster\n\tencode: 1.2x faster\nSee the attached report. Naïve estimates were off by 10%.","priority":"high","score":0.875,"read":true,"attachments":[{"name":"report.html","mime_type":"text/html","size":9121}]},` +
	`{"id":1004,"from":{"name":"Alan Turing","email":"alan@example.com"},"to":[{"name":"Grace Hopper","email":"grace@example.com"}],"subject":"Re: Benchmarks ready","body":"Great work! Could you also run them on the \"slow\" machine? Path: C:\\bench\\run.bat","priority":"low","score":0.25,"read":false,"attachments":[]},` +
	`{"id":1005,"from":{"name":"Ada Lovelace","email":"ada@example.com"},"to":[{"name":"Alan Turing","email":"alan@example.com"},{"name":"Grace Hopper","email":"grace@example.com"}],"subject":"Meeting notes \u2013 2026-07-14","body":"Decisions:\n1. Ship on Monday.\n2. Keep the old API for one release.\n3. \u201cNo surprises\u201d policy for breaking changes.\nAction items are in the tracker.","priority":"normal","score":0.7,"read":true}` +
	`]}`)

var payloads = []struct {
	name string
	data []byte
	new  func() any              // a pointer to a zero value
	tg   func([]byte, any) error // the generated decoder
}{
	{"weather", weatherArgs, func() any { return new(Weather) }, decodeWeather},
	{"thread", threadArgs, func() any { return new(Thread) }, decodeThread},
}

// decodeWeather and decodeThread read arguments as the generated tools do,
// with the Decoder on the stack, through their tables (Thread's members,
// slices of structs among them, through theirs).
func decodeWeather(data []byte, v any) error {
	var d toolimpl.Decoder
	d.Reset(data)
	toolimpl.ReadStruct(&d, toolgenTypeWeather, unsafe.Pointer(v.(*Weather)))
	return d.Close()
}

func decodeThread(data []byte, v any) error {
	var d toolimpl.Decoder
	d.Reset(data)
	toolimpl.ReadStruct(&d, toolgenTypeThread, unsafe.Pointer(v.(*Thread)))
	return d.Close()
}

// impls decode data into v, a pointer to the payload's struct. Only
// toolgen checks the schema (enums, bounds, required and unknown
// members); the peers decode into the same struct without those checks.
var impls = []struct {
	name   string
	decode func(p int, data []byte, v any) error
}{
	{"toolgen", func(p int, data []byte, v any) error { return payloads[p].tg(data, v) }},
	{"sonic", func(_ int, data []byte, v any) error { return sonic.Unmarshal(data, v) }},
	{"goccy", func(_ int, data []byte, v any) error { return goccy.Unmarshal(data, v) }},
	{"encodingjson", func(_ int, data []byte, v any) error { return stdjson.Unmarshal(data, v) }},
	// go-json-experiment stands in for encoding/json/v2, which Go 1.26
	// builds only with GOEXPERIMENT=jsonv2.
	{"jsonv2", func(_ int, data []byte, v any) error { return jsonv2.Unmarshal(data, v) }},
}

// TestImplsAgree: every implementation decodes each payload to the same value
// as encoding/json, so the benchmark compares the same work.
func TestImplsAgree(t *testing.T) {
	for p, pl := range payloads {
		want := pl.new()
		if err := stdjson.Unmarshal(pl.data, want); err != nil {
			t.Fatal(err)
		}
		for _, im := range impls {
			got := pl.new()
			if err := im.decode(p, pl.data, got); err != nil {
				t.Errorf("%s/%s: %v", pl.name, im.name, err)
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s/%s decoded\n%+v\nencoding/json\n%+v", pl.name, im.name, got, want)
			}
		}
	}
	if n := len(threadArgs); n < 1900 || n > 2300 {
		t.Errorf("the thread payload is %d bytes, not about 2 KB", n)
	}
	if !bytes.Contains(threadArgs, []byte(`\u`)) || !bytes.Contains(threadArgs, []byte(`\"`)) || !bytes.Contains(threadArgs, []byte(`\n`)) {
		t.Error("the thread payload lacks escapes")
	}
}

// TestToolgenValidates: the generated decoder checks what the others do not.
func TestToolgenValidates(t *testing.T) {
	bad := bytes.Replace(threadArgs, []byte(`"priority":"low"`), []byte(`"priority":"urgent"`), 1)
	bad = bytes.Replace(bad, []byte(`"score":0.5`), []byte(`"score":1.5`), 1)
	bad = bytes.Replace(bad, []byte(`"read":true}`), []byte(`"read":true,"cc":[]}`), 1)
	err := impls[0].decode(1, bad, new(Thread))
	if err == nil {
		t.Fatal("accepted")
	}
	for _, want := range []string{`/messages/3/priority: "urgent" is not one of`, `/messages/1/score: 1.5 is greater than the maximum 1`, `/messages/4/cc: unknown field`} {
		if !bytes.Contains([]byte(err.Error()), []byte(want)) {
			t.Errorf("%v\nlacks %s", err, want)
		}
	}
}

// floor is a plain byte loop over the input (counting quotes): what reading
// every byte once costs, with no decoding.
func floor(data []byte) int {
	n := 0
	for _, c := range data {
		if c == '"' {
			n++
		}
	}
	return n
}

var sink int

func BenchmarkDecode(b *testing.B) {
	for p, pl := range payloads {
		b.Run("payload="+pl.name, func(b *testing.B) {
			for _, im := range impls {
				b.Run("impl="+im.name, func(b *testing.B) {
					// A first call outside the timed loop, so that set-up on
					// first use (sonic compiles a decoder per type) is not
					// counted.
					if err := im.decode(p, pl.data, pl.new()); err != nil {
						b.Fatal(err)
					}
					b.ReportAllocs()
					b.SetBytes(int64(len(pl.data)))
					for b.Loop() {
						if err := im.decode(p, pl.data, pl.new()); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
			b.Run("impl=floor", func(b *testing.B) {
				b.SetBytes(int64(len(pl.data)))
				for b.Loop() {
					sink += floor(pl.data)
				}
			})
		})
	}
}
