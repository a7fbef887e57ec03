package codemode

import (
	"fmt"
	"testing"
	"time"
)

// The programs the benchmarks run, the model's shapes: nothing (start-up),
// a thousand nested calls, a chain of ten dependent calls, and a 1 MB result
// filtered down to a few lines.
const (
	progEmpty  = `return 1;`
	progCalls  = `let s = {n: 0}; for (let i = 0; i < 1000; i++) s = await tools.step(s); return s.n;`
	progChain  = `let s = {n: 0}; for (let i = 0; i < 10; i++) s = await tools.step(s); return s;`
	progFilter = `interface Item { id: number; name: string; status: "open" | "closed" | "stale"; score: number }
const {items}: {items: Item[]} = await tools.big({n: 10000});
const hot = items.filter((x) => x.status === "open" && x.score > 90);
return {count: hot.length, first: hot.slice(0, 5).map((x) => x.id)};`
	callsPerRun = 1000
)

// benchHost answers like fakeHost, with the 1 MB result made once, so that
// the benchmarks measure the interpreter and not the fake tool.
func benchHost() Host {
	big := bigResult(10000)
	return func(name, args string) (string, error) {
		if name == "big" {
			return big, nil
		}
		return fakeHost(name, args)
	}
}

func benchRun(b *testing.B, ts string, perRun float64, unit string) {
	p := mustCompile(b, ts)
	host := benchHost()
	lim := DefaultLimits(testTools...)
	lim.Wall = time.Minute
	lim.Memory = 256 << 20
	lim.Calls = 10 * callsPerRun
	lim.Output = 4 << 20
	for _, in := range Interpreters {
		b.Run(in.Name(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := in.Run(p, host, lim); err != nil {
					b.Fatal(err)
				}
			}
			if perRun > 0 {
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/perRun, unit)
			}
		})
	}
}

// BenchmarkStart is one execution of an empty program: a new runtime, the
// prelude, the program, the job queue, the result.
func BenchmarkStart(b *testing.B) { benchRun(b, progEmpty, 0, "") }

// BenchmarkNestedCall runs a thousand dependent calls in one execution;
// ns/call is the time per call, start-up amortized over them.
func BenchmarkNestedCall(b *testing.B) { benchRun(b, progCalls, callsPerRun, "ns/call") }

// BenchmarkChain10 is one execution of ten dependent calls.
func BenchmarkChain10(b *testing.B) { benchRun(b, progChain, 0, "") }

// BenchmarkFilter1MB parses a 1 MB result of 10,000 items in the program and
// filters it down to five ids.
func BenchmarkFilter1MB(b *testing.B) { benchRun(b, progFilter, 0, "") }

// BenchmarkStripTypeScript is esbuild's part, the same for both: the
// filter program from TypeScript to JavaScript and its source map.
func BenchmarkStripTypeScript(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compile(progFilter); err != nil {
			b.Fatal(err)
		}
	}
}

func TestBenchmarkProgramsRun(t *testing.T) {
	for ts, want := range map[string]string{
		progEmpty: "1", progCalls: fmt.Sprint(callsPerRun), progChain: `{"n":10}`,
		progFilter: `{"count":206,"first":[93,96,189,192,285]}`,
	} {
		p := mustCompile(t, ts)
		lim := DefaultLimits(testTools...)
		lim.Calls = 2 * callsPerRun
		for _, in := range Interpreters {
			if got, err := in.Run(p, benchHost(), lim); err != nil || got != want {
				t.Errorf("%s: got %s, %v; want %s", in.Name(), got, err, want)
			}
		}
	}
}
