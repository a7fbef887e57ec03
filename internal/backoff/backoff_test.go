package backoff

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestSleepWaits(t *testing.T) {
	start := time.Now()
	if err := Sleep(context.Background(), 20*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if waited := time.Since(start); waited < 20*time.Millisecond {
		t.Fatalf("waited %v, want at least 20ms", waited)
	}
}

func TestSleepEndsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(10*time.Millisecond, cancel)
	if err := Sleep(ctx, time.Minute); !errors.Is(err, context.Canceled) {
		t.Fatalf("Sleep = %v, want context.Canceled", err)
	}
	if err := Sleep(ctx, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("Sleep(done, 0) = %v, want context.Canceled", err)
	}
	if err := Sleep(context.Background(), -time.Second); err != nil {
		t.Fatalf("Sleep(-1s) = %v, want nil", err)
	}
}

func TestJitterIsBetweenHalfAndAll(t *testing.T) {
	for _, d := range []time.Duration{0, 1, 2, 7, time.Millisecond, time.Hour} {
		for range 200 {
			if j := Jitter(d); j < d/2 || j > d {
				t.Fatalf("Jitter(%v) = %v, want in [%v, %v]", d, j, d/2, d)
			}
		}
	}
}
