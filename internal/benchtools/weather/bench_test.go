package weather

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/benchtools"
)

var payload = []byte(`{"city":"Paris","unit":"c","days":3,"tags":["a","b"]}`)

// handWritten is get_weather without toolgen (benchtools.HandWritten).
var handWritten = benchtools.HandWritten(GetWeather)

// The two paths the benchmark compares give the same result.
func TestBothPathsAgree(t *testing.T) {
	got, err := Tools()[0].Call(context.Background(), payload)
	require.NoError(t, err)
	want, err := handWritten(context.Background(), payload)
	require.NoError(t, err)
	require.JSONEq(t, string(want.Structured), string(got.Structured))
}

func BenchmarkDispatch(b *testing.B) {
	ctx := context.Background()
	b.Run("impl=toolgen", func(b *testing.B) {
		call := Tools()[0].Call
		b.ReportAllocs()
		for b.Loop() {
			if res, err := call(ctx, payload); err != nil || res.IsError {
				b.Fatal(res.Text(), err)
			}
		}
	})
	b.Run("impl=encoding_json", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if res, err := handWritten(ctx, payload); err != nil || res.IsError {
				b.Fatal(res.Text(), err)
			}
		}
	})
}
