package searcheval

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/textindex"
)

// benchSizes are the catalogs timed: its first 100 and 500 tools, and the
// whole catalog with renamed copies of its tools up to 1,000.
var benchSizes = []int{100, 500, 1000}

// BenchmarkToolSearch times one query (each labelled query in turn, the
// first five tools wanted) with toolgen's search and with bleve's, and
// reports the index's size per tool: index-B/tool is toolgen's entries
// (in the binary's read-only data: generated code holds them
// as string constants), and heap-B/tool the heap that making the
// searchable collection took (the Toolbox, or bleve's index).
func BenchmarkToolSearch(b *testing.B) {
	catalog := catalogTools()
	qs := readQueries(b)
	for _, n := range benchSizes {
		tools := withCopies(catalog, n)
		b.Run(fmt.Sprintf("tools=%d/toolgen", n), func(b *testing.B) {
			var box *toolgen.Toolbox
			heap := heapOf(func() {
				var err error
				if box, err = toolgen.NewToolbox(tools); err != nil {
					b.Fatal(err)
				}
			})
			entryBytes := 0
			for _, t := range tools {
				entryBytes += len(textindex.Tool(string(t.Name), t.Namespace, t.Description, t.InputSchema))
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				box.Search(qs[i%len(qs)].Query, 5)
				i++
			}
			b.ReportMetric(float64(entryBytes)/float64(n), "index-B/tool")
			b.ReportMetric(float64(heap)/float64(n), "heap-B/tool")
		})
		b.Run(fmt.Sprintf("tools=%d/bleve", n), func(b *testing.B) {
			var x *bleveIndex
			heap := heapOf(func() {
				var err error
				if x, err = newBleveIndex(bleveVariants[0], tools); err != nil {
					b.Fatal(err)
				}
			})
			defer x.index.Close()
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := x.search(qs[i%len(qs)].Query, 5); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(heap)/float64(n), "heap-B/tool")
		})
	}
}

// heapOf returns how much the heap in use grew across build, after
// collections.
func heapOf(build func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	build()
	runtime.GC()
	runtime.ReadMemStats(&after)
	if after.HeapAlloc < before.HeapAlloc {
		return 0
	}
	return after.HeapAlloc - before.HeapAlloc
}

// BenchmarkToolSearchStartup is what making each searchable collection
// of 1,000 tools costs at start-up: a Toolbox of generated tools, one of
// the same tools without search entries (which it analyzes), and bleve's
// index of them.
func BenchmarkToolSearchStartup(b *testing.B) {
	generated := withCopies(catalogTools(), 1000)
	for _, c := range []struct {
		name  string
		tools []toolgen.Tool
	}{{"toolgen", generated}, {"toolgen-hand-written", handWritten(generated)}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := toolgen.NewToolbox(c.tools); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("bleve", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			x, err := newBleveIndex(bleveVariants[0], generated)
			if err != nil {
				b.Fatal(err)
			}
			_ = x.index.Close()
		}
	})
}
