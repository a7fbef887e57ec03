package option

import (
	"strconv"
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
	for _, k := range []int{0, 21} {
		if err := Within("p.WithK", k, 1, 20, &n); err == nil || err.Error() != "p.WithK("+strconv.Itoa(k)+"): must be 1 to 20" || n != 3 {
			t.Fatalf("Within(%d) = %v, n = %d", k, err, n)
		}
	}
	if err := Within("p.WithK", 20, 1, 20, &n); err != nil || n != 20 {
		t.Fatalf("Within(20) = %v, n = %d", err, n)
	}
	var f func() int
	if err := Func("p.WithF", f, f == nil, &f); err == nil || err.Error() != "p.WithF(nil): nil function" {
		t.Fatalf("Func(nil) = %v", err)
	}
	g := func() int { return 7 }
	if err := Func("p.WithF", g, g == nil, &f); err != nil || f == nil || f() != 7 {
		t.Fatalf("Func(g) = %v", err)
	}
}
