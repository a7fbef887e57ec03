package toolimpl

import (
	"strings"
	"testing"
)

// BenchmarkAppendQuoted writes strings of plain text, of a word and of a
// paragraph, as a result's strings are written.
func BenchmarkAppendQuoted(b *testing.B) {
	for _, c := range []struct{ name, s string }{
		{"word", "Paris"},
		{"line", "func main() { fmt.Println(x) }"},
		{"paragraph", strings.Repeat("The quick brown fox jumps over the lazy dog. ", 10)},
	} {
		b.Run(c.name, func(b *testing.B) {
			buf := make([]byte, 0, 1024)
			b.SetBytes(int64(len(c.s)))
			for b.Loop() {
				buf = appendQuoted(buf[:0], c.s)
			}
		})
	}
}
