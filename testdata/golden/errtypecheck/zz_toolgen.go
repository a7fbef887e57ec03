//go:build toolgen

package errtypecheck

// Body is declared a second time, only where toolgen looks: go/types gives
// the second declaration no function.
//
//toolgen:tool
func Body(n int) (int, error) { return n, nil }
