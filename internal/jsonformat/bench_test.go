package jsonformat

import "testing"

// BenchmarkParseDateTime is the check of a date-time argument (the
// decoder's Time calls ParseDateTime): in UTC, with a fraction of a second,
// and with an offset (whose location is looked up).
func BenchmarkParseDateTime(b *testing.B) {
	for _, c := range []struct{ name, s string }{
		{"utc", "2026-01-02T15:04:05Z"},
		{"fraction", "2026-01-02T15:04:05.123456789Z"},
		{"offset", "2026-01-02T15:04:05+02:00"},
	} {
		b.Run("form="+c.name, func(b *testing.B) {
			s := []byte(c.s)
			b.ReportAllocs()
			for b.Loop() {
				if _, ok := ParseDateTime(s); !ok {
					b.Fatal("refused", c.s)
				}
			}
		})
	}
}
