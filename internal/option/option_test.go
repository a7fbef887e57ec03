package option

import (
	"testing"
	"time"
)

func TestOptions(t *testing.T) {
	var n int
	if err := AtLeastOne("p.WithN", 0, &n); err == nil || err.Error() != "p.WithN(0): must be at least 1" || n != 0 {
		t.Fatalf("AtLeastOne(0) = %v, n = %d", err, n)
	}
	if err := AtLeastOne("p.WithN", 3, &n); err != nil || n != 3 {
		t.Fatalf("AtLeastOne(3) = %v, n = %d", err, n)
	}
	var d time.Duration
	if err := Positive("p.WithD", -time.Second, &d); err == nil || err.Error() != "p.WithD(-1s): must be positive" || d != 0 {
		t.Fatalf("Positive(-1s) = %v, d = %v", err, d)
	}
	if err := Positive("p.WithD", time.Second, &d); err != nil || d != time.Second {
		t.Fatalf("Positive(1s) = %v, d = %v", err, d)
	}
	var p *int
	if err := NotNil("p.WithP", p, "pointer", &p); err == nil || err.Error() != "p.WithP(nil): nil pointer" {
		t.Fatalf("NotNil(nil) = %v", err)
	}
	if err := NotNil("p.WithP", &n, "pointer", &p); err != nil || p != &n {
		t.Fatalf("NotNil(&n) = %v, p = %v", err, p)
	}
}
