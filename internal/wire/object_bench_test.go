package wire

import "testing"

var objectBenchArgs = []byte(`{"city":"Paris","unit":"c","days":3,"tags":["a","b"]}`)

var objectBenchTable = &Object{Names: []string{"city", "unit", "days", "tags", "where"}, Required: []int{0}, NullAbsent: []int{1, 2, 3}}

// BenchmarkObjectMembers compares reading an object's members through an
// ObjectReader with the switch over keys that generated code once had.
func BenchmarkObjectMembers(b *testing.B) {
	b.Run("reader", func(b *testing.B) {
		for b.Loop() {
			var d Decoder
			d.Reset(objectBenchArgs)
			var o ObjectReader
			for k, ok := o.Start(&d, objectBenchTable); ok; k, ok = o.Next(&d) {
				switch string(k) {
				case "city":
					o.Saw(0) // the required member, as generated code records it
					d.Skip()
				case "unit", "days", "tags", "where":
					d.Skip()
				default:
					o.Unknown(&d)
				}
			}
			if d.Close() != nil {
				b.Fatal("bad")
			}
		}
	})
	b.Run("switch", func(b *testing.B) {
		for b.Loop() {
			var d Decoder
			d.Reset(objectBenchArgs)
			if d.Object() {
				seen := false
				for k, ok := d.Field(); ok; k, ok = d.Field() {
					switch string(k) {
					case "city":
						seen = true
						d.Skip()
					case "unit", "days", "tags":
						if !d.Null() {
							d.Skip()
						}
					case "where":
						d.Skip()
					default:
						d.Unknown(`"city", "unit", "days", "tags", "where"`)
					}
				}
				if !seen {
					d.Missing("city")
				}
			}
			if d.Close() != nil {
				b.Fatal("bad")
			}
		}
	})
}
