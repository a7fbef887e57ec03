package partial

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/toolgen-dev/toolgen"
)

// BenchmarkSend sends a page of 20 rows to a receiver, written by the
// generated encoder and, for comparison, by encoding/json; and to nobody.
func BenchmarkSend(b *testing.B) {
	var page Page
	for i := range 20 {
		page.Rows = append(page.Rows, Row{ID: i, Name: "row name"})
	}
	heard := toolgen.WithProgress(context.Background(), func(toolgen.Progress) {})
	run := func(ctx context.Context, encode func(Page) ([]byte, error)) func(*testing.B) {
		return func(b *testing.B) {
			p := toolgen.NewPartial(ctx, encode)
			b.ReportAllocs()
			for b.Loop() {
				_ = p.Send(page)
			}
		}
	}
	b.Run("generated", run(heard, toolgenSendReadRows))
	b.Run("encoding_json", run(heard, func(v Page) ([]byte, error) { return json.Marshal(v) }))
	b.Run("nobody", run(context.Background(), toolgenSendReadRows))
}
