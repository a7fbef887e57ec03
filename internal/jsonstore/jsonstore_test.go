package jsonstore

import (
	"errors"
	"strings"
	"testing"
)

type record struct {
	Name string   `json:"name"`
	Tags []string `json:"tags,omitempty"`
}

var errFull = errors.New("full")

func TestSaveLoadCopies(t *testing.T) {
	m := New[record](4, 1<<20, "record", errFull)
	r := &record{Name: "a", Tags: []string{"x"}}
	if err := m.Save("k", r); err != nil {
		t.Fatal(err)
	}
	r.Tags[0] = "changed after the save"
	got, err := m.Load("k")
	if err != nil || got == nil || got.Tags[0] != "x" {
		t.Fatalf("Load = %+v, %v; want the value as saved", got, err)
	}
	got.Name = "changed after the load"
	again, _ := m.Load("k")
	if again.Name != "a" {
		t.Fatalf("a loaded copy changed the store: %+v", again)
	}
	if missing, err := m.Load("none"); missing != nil || err != nil {
		t.Fatalf("Load of a missing key = %+v, %v", missing, err)
	}
	m.Delete("k")
	if m.Len() != 0 || m.Bytes() != 0 {
		t.Fatalf("after Delete: %d values, %d bytes", m.Len(), m.Bytes())
	}
}

func TestCountDropsTheOldest(t *testing.T) {
	m := New[record](2, 1<<20, "record", errFull)
	for _, k := range []string{"a", "b", "a", "c"} { // a is saved again: b is now the oldest
		if err := m.Save(k, &record{Name: k}); err != nil {
			t.Fatal(err)
		}
	}
	for k, kept := range map[string]bool{"a": true, "b": false, "c": true} {
		if got, _ := m.Load(k); (got != nil) != kept {
			t.Errorf("%s kept: %v, want %v", k, got != nil, kept)
		}
	}
}

func TestBytesRefuseAndDropNothing(t *testing.T) {
	m := New[record](10, 100, "thread", errFull)
	if err := m.Save("small", &record{Name: "s"}); err != nil {
		t.Fatal(err)
	}
	before := m.Bytes()
	err := m.Save("big", &record{Name: strings.Repeat("b", 200)})
	if !errors.Is(err, errFull) || !strings.Contains(err.Error(), "this thread needs") || !strings.Contains(err.Error(), "at most 100 bytes") {
		t.Fatalf("a save beyond the bytes: %v", err)
	}
	if got, _ := m.Load("small"); got == nil || m.Bytes() != before {
		t.Fatal("a refused save dropped or changed another value")
	}
	// A value's previous copy counts as free: it may grow into the room it leaves.
	if err := m.Save("small", &record{Name: strings.Repeat("s", 60)}); err != nil {
		t.Fatal(err)
	}
}
