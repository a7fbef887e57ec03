package wire

import (
	"testing"
)

// weatherCall is the sample tool's arguments.
var weatherCall = []byte(`{"city":"Paris","unit":"c","days":3,"tags":["a","b"]}`)

// BenchmarkDecodeOnly separates the Decoder's part.
func BenchmarkDecodeOnly(b *testing.B) {
	benchmarkWeatherArgs(b, weatherCall, false)
}

// benchmarkWeatherArgs decodes data as the sample tool's arguments, which
// the decoder must refuse when refused is true.
func benchmarkWeatherArgs(b *testing.B, data []byte, refused bool) {
	b.ReportAllocs()
	for b.Loop() {
		var d Decoder
		var args weatherArgs
		d.Reset(data)
		decodeWeatherArgs(&d, &args)
		if err := d.Close(); (err != nil) != refused {
			b.Fatalf("the decoder should refuse: %v; its error: %v", refused, err)
		}
	}
}

// BenchmarkSkipLarge checks a larger argument with every kind of value, to
// show the scanner's throughput.
func BenchmarkSkipLarge(b *testing.B) {
	data := []byte(`{"items":[`)
	for i := range 200 {
		if i > 0 {
			data = append(data, ',')
		}
		data = append(data, `{"id":12345,"name":"item \u00e9\n","price":12.5e-1,"tags":["x","y"],"ok":true,"none":null}`...)
	}
	data = append(data, "]}"...)
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var d Decoder
		d.Reset(data)
		d.Skip()
		if err := d.Close(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeNoStrings reads objects, integers, booleans, enums (as
// StringBytes) and skipped values: none of it allocates.
func BenchmarkDecodeNoStrings(b *testing.B) {
	data := []byte(`{"unit":"c","days":3,"alerts":true,"where":{"lat":1.5},"extra":[1,{"a":"b"}]}`)
	b.ReportAllocs()
	for b.Loop() {
		var d Decoder
		d.Reset(data)
		if !d.Object() {
			b.Fatal("not an object")
		}
		for k, ok := d.Field(); ok; k, ok = d.Field() {
			switch string(k) {
			case "unit":
				if v, _ := d.StringBytes(); string(v) != "c" {
					b.Fatal(string(v))
				}
			case "days":
				d.Int(1, 14)
			case "alerts":
				d.Bool()
			default:
				d.Skip()
			}
		}
		if err := d.Close(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeProblems shows the cost of the error path.
func BenchmarkDecodeProblems(b *testing.B) {
	bad := []byte(`{"city":"","unit":"kelvin","days":"3","tags":{},"where":{"lat":100},"extra":1}`)
	benchmarkWeatherArgs(b, bad, true)
}
