// Package backoff holds the waits between the attempts of a retry loop,
// shared by search's and mcp's clients: a wait that ends early when its
// context is done, and jitter. The loops themselves stay with their
// clients, which retry on different grounds (a Retry-After and a total
// time bound in search; a transport's failure and a lost session in mcp).
package backoff

import (
	"context"
	"math/rand/v2"
	"time"
)

// Sleep waits d, or until ctx is done, and then returns ctx's error.
// A d of zero or less does not wait.
func Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Jitter is a random wait between half and all of d (d not negative), so
// that clients that failed together do not come back together.
func Jitter(d time.Duration) time.Duration {
	return d - rand.N(d/2+1)
}
