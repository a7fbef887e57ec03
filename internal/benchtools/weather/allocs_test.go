//go:build !race

package weather

import (
	"context"
	"testing"
)

// TestDispatchAllocations: a call allocates the string storage its
// arguments need, with room for the result, and the tags slice; nothing
// else (the decoder, the encoder and the arguments stay on the stack).
func TestDispatchAllocations(t *testing.T) {
	call := Tools()[0].Call
	ctx := context.Background()
	allocs := testing.AllocsPerRun(200, func() {
		if _, err := call(ctx, payload); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 2 {
		t.Errorf("a call of get_weather allocates %v times, want 2", allocs)
	}
}
