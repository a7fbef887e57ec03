package quickjs

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/toolgen-dev/toolgen/codemode"
)

// The benchmarks' programs, the model's shapes: nothing (start-up), a
// hundred nested calls, a chain of ten dependent calls, and a 1 MB result
// filtered down to a few lines.
const (
	progEmpty  = `return 1;`
	progCalls  = `let s = {n: 0}; for (let i = 0; i < 100; i++) s = await step(s); return s.n;`
	progChain  = `let s = {n: 0}; for (let i = 0; i < 10; i++) s = await step(s); return s;`
	progFilter = `interface Item { id: number; name: string; status: "open" | "closed" | "stale"; score: number }
const {items}: {items: Item[]} = await big({n: 10000});
const hot = items.filter((x) => x.status === "open" && x.score > 90);
return {count: hot.length, first: hot.slice(0, 5).map((x) => x.id)};`
)

// benchHost answers as the tests' host does, with the 1 MB result made
// once, so that the benchmarks measure the runner and not the fake tool.
func benchHost() codemode.Host {
	big := json.RawMessage(bigResult(10000))
	rec := &recorder{}
	return func(ctx context.Context, name string, args json.RawMessage) (json.RawMessage, error) {
		if name == "big" {
			return big, nil
		}
		return rec.host(ctx, name, args)
	}
}

func benchRun(b *testing.B, src, want string) time.Duration {
	p := testProgram(src)
	p.Limits = codemode.Limits{Wall: time.Minute, CPU: time.Minute, Memory: 256 << 20}
	host := benchHost()
	r := New()
	b.ReportAllocs()
	for b.Loop() {
		res, err := r.Run(context.Background(), p, host)
		if err != nil || string(res.Value) != want {
			b.Fatalf("got %s, %v; want %s", res.Value, err, want)
		}
	}
	return b.Elapsed() / time.Duration(b.N)
}

// BenchmarkStart is one run of an empty program: compiling it, a new
// runtime, the prelude, the program, the result.
func BenchmarkStart(b *testing.B) { benchRun(b, progEmpty, "1") }

// BenchmarkNestedCall runs a hundred dependent calls in one run; ns/call
// is the time of one call, the time of an empty run taken off.
func BenchmarkNestedCall(b *testing.B) {
	const emptyRuns = 20
	host := benchHost()
	start := time.Now()
	for range emptyRuns {
		if _, err := New().Run(context.Background(), testProgram(progEmpty), host); err != nil {
			b.Fatal(err)
		}
	}
	empty := time.Since(start) / emptyRuns
	perRun := benchRun(b, progCalls, "100")
	b.ReportMetric(float64((perRun-empty).Nanoseconds())/100, "ns/call")
}

// BenchmarkChain10 is one run of ten dependent calls.
func BenchmarkChain10(b *testing.B) { benchRun(b, progChain, `{"n":10}`) }

// BenchmarkFilter1MB parses a 1 MB result of 10,000 items in the program
// and filters it down to five ids.
func BenchmarkFilter1MB(b *testing.B) {
	benchRun(b, progFilter, `{"count":206,"first":[93,96,189,192,285]}`)
}

// BenchmarkStripTypeScript is esbuild's part of a run: the filter program
// from TypeScript to JavaScript, and its source map.
func BenchmarkStripTypeScript(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := compile(progFilter); err != nil {
			b.Fatal(err)
		}
	}
}
