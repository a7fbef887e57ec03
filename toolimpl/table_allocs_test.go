//go:build !race

package toolimpl

import (
	"testing"
	"unsafe"
)

// Reading a short slice of numbers, times or structs (up to four times, up
// to eight of the others) allocates the slice and nothing else: the
// elements are read on the stack.
func TestTableSliceAllocations(t *testing.T) {
	doc := []byte(slicesDoc(4))
	allocs := testing.AllocsPerRun(100, func() {
		var d Decoder
		d.Reset(doc)
		var v withSlices
		ReadStruct(&d, withSlicesTable, unsafe.Pointer(&v))
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
	})
	// One slice each, and the string storage of the structs' strings.
	if allocs != 4 {
		t.Errorf("reading three slices of four allocates %v times, want 4", allocs)
	}
}
