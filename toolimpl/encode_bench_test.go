package toolimpl

import (
	"net/netip"
	"testing"
)

// BenchmarkEncoderMarshalers writes values through their MarshalJSON and
// MarshalText methods, the encoder's path for types that say how they are
// written: generated code calls JSON and Text for them, Any for dynamic
// values.
func BenchmarkEncoderMarshalers(b *testing.B) {
	addr := netip.MustParseAddr("192.0.2.1")
	obj := jsonValue{s: `{"a":1,"b":[true,null]}`}
	for _, c := range []struct {
		name  string
		write func(e *Encoder)
	}{
		{"JSON", func(e *Encoder) { e.JSON(obj) }},
		{"Text", func(e *Encoder) { e.Text(addr) }},
		{"Any", func(e *Encoder) { e.Any(obj); e.Any(addr) }},
	} {
		b.Run("method="+c.name, func(b *testing.B) {
			var buf []byte
			b.ReportAllocs()
			for b.Loop() {
				var e Encoder
				e.Reset(buf[:0])
				e.Array()
				c.write(&e)
				e.EndArray()
				out, err := e.Written()
				if err != nil {
					b.Fatal(err)
				}
				buf = out
			}
		})
	}
}
