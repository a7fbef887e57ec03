package aisdk_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/aisdk"
)

// benchPieces is how many text pieces, or progress reports, one answer of
// the benchmarks streams.
const benchPieces = 1000

// BenchmarkTextStream serves a streamed answer of 1,000 text pieces and
// reads it all: the handler's cost per chunk, over a loopback connection.
func BenchmarkTextStream(b *testing.B) {
	pieces := make([]string, benchPieces)
	for i := range pieces {
		pieces[i] = "word "
	}
	reply := rt.StreamText(pieces...)
	replies := make([]rt.Reply, b.N)
	for i := range replies {
		replies[i] = reply
	}
	a, err := agent.New(rt.NewModel(replies...))
	if err != nil {
		b.Fatal(err)
	}
	streamAnswers(b, a)
}

// BenchmarkProgressStream serves an answer whose tool reports its
// progress 1,000 times (a message, the counts and a small partial result)
// and reads it all: the cost of one progress report from the tool, through
// the agent's event and the handler, to the wire as a preliminary output,
// beside BenchmarkTextStream's text piece.
func BenchmarkProgressStream(b *testing.B) {
	partial := json.RawMessage(`{"hits":["Invoice 1042"],"read":["Inbox"]}`)
	tool := toolgen.Tool{Name: "search", InputSchema: []byte(`{"type":"object"}`), Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
		for i := range benchPieces {
			toolgen.ReportProgress(ctx, toolgen.Progress{Message: "reading", Progress: float64(i + 1), Total: benchPieces, Partial: partial})
		}
		return toolgen.TextResult("done"), nil
	}}
	replies := make([]rt.Reply, 0, 2*b.N)
	for range b.N {
		replies = append(replies, rt.Calls(rt.Call("c1", "search", `{}`)), rt.Text("Done."))
	}
	a, err := agent.New(rt.NewModel(replies...), agent.WithTools([]toolgen.Tool{tool}))
	if err != nil {
		b.Fatal(err)
	}
	streamAnswers(b, a)
}

// streamAnswers serves a and reads b.N answers, reporting the time, the
// CPU time and the allocations per piece (the client's included: it runs
// in the process).
func streamAnswers(b *testing.B, a *agent.Agent) {
	h, err := aisdk.Handler(a)
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	body := `{"id":"c","messages":[{"id":"u","role":"user","parts":[{"type":"text","text":"hi"}]}]}`
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for range b.N {
		resp, err := http.Post(srv.URL, "application/json", strings.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := io.Copy(io.Discard, resp.Body); err != nil {
			b.Fatal(err)
		}
		resp.Body.Close()
	}
	b.StopTimer()
	cpu = cpuTime() - cpu
	runtime.ReadMemStats(&after)
	pieces := float64(b.N * benchPieces)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/pieces, "ns/piece")
	b.ReportMetric(float64(cpu.Nanoseconds())/pieces, "cpu-ns/piece")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/pieces, "allocs/piece")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/pieces, "B/piece")
}
