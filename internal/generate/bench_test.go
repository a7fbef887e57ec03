package generate

import (
	"testing"

	"github.com/toolgen-dev/toolgen/internal/benchtools"
)

// BenchmarkGenerate100 runs the whole pipeline (load, analyze, emit) on a
// package of 100 tools, warm: what go generate costs after the first run.
func BenchmarkGenerate100(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(Config{Dir: "../benchtools/hundred"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGenerate1000 is BenchmarkGenerate100 on 1000 tools of the same
// shape, in a module written to a temporary directory (its generated file,
// 3 MB, is not checked in).
func BenchmarkGenerate1000(b *testing.B) {
	dir := b.TempDir()
	if err := benchtools.WriteModule(dir, "thousand", 1000); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(Config{Dir: dir}); err != nil {
			b.Fatal(err)
		}
	}
}
