//go:build race

package quickjs

// See norace_test.go.
const (
	scale      = 10
	testMemory = 4 << 20
)
