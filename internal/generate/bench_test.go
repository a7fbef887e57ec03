package generate

import "testing"

// BenchmarkGenerate100 runs the whole pipeline (load, analyze, emit) on a
// package of 100 tools, warm: what go generate costs after the first run.
func BenchmarkGenerate100(b *testing.B) {
	for b.Loop() {
		if _, err := Run(Config{Dir: "../benchtools/hundred"}); err != nil {
			b.Fatal(err)
		}
	}
}
