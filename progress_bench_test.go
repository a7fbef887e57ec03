package toolgen

import (
	"context"
	"testing"
)

// BenchmarkReportProgress is what a tool's report costs: with no receiver
// (nobody listens: a plain agent.Run, an MCP call without a progress
// token), through ReportProgress and through a generated tool's
// Ctx.Report, on a context as deep as the agent's calls get (a Ctx and a
// file-change receiver over the run's context); and handed to a receiver
// that does nothing.
func BenchmarkReportProgress(b *testing.B) {
	call := WithFileChanges(WithCtx(context.Background(), Ctx{Tool: "t", CallID: "c1", RunID: "r"}), func(FileChange) {})
	p := Progress{Message: "reading page", Progress: 3, Total: 10}
	var got int
	listening := WithProgress(call, func(p Progress) { got += int(p.Progress) })
	b.Run("receiver=none/via=ReportProgress", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			ReportProgress(call, p)
		}
	})
	b.Run("receiver=none/via=Ctx.Report", func(b *testing.B) {
		c := CtxFrom(call)
		b.ReportAllocs()
		for b.Loop() {
			c.Report(p)
		}
	})
	b.Run("receiver=func/via=ReportProgress", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			ReportProgress(listening, p)
		}
	})
	b.Run("receiver=func/via=Ctx.Report", func(b *testing.B) {
		c := CtxFrom(listening)
		b.ReportAllocs()
		for b.Loop() {
			c.Report(p)
		}
	})
	_ = got
}
