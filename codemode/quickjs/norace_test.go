//go:build !race

package quickjs

// scale stretches the time bounds of the tests under the race detector,
// which slows QuickJS, Go translated from C, about tenfold; testMemory
// shrinks their memory bombs for the same reason.
const (
	scale      = 1
	testMemory = 16 << 20
)
