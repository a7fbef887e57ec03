package catalog_test

import (
	"testing"

	"github.com/toolgen-dev/toolgen/internal/benchtools"
	"github.com/toolgen-dev/toolgen/internal/catalog"
	"github.com/toolgen-dev/toolgen/internal/generate"
	"github.com/toolgen-dev/toolgen/internal/tokencount"
)

// BenchmarkCount1000 is what counting costs the generator on 1000 tools
// (internal/benchtools' shape, three dialects each), the tokenizer's
// vocabulary already built (once per process, about 40 ms).
func BenchmarkCount1000(b *testing.B) {
	dir := b.TempDir()
	if err := benchtools.WriteModule(dir, "thousand", 1000); err != nil {
		b.Fatal(err)
	}
	m, _, err := generate.Load(generate.Config{Dir: dir})
	if err != nil {
		b.Fatal(err)
	}
	tokencount.Count("warm up")
	b.ReportAllocs()
	for b.Loop() {
		catalog.Count(m)
	}
}
