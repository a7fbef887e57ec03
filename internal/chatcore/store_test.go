package chatcore

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
	m := NewMemory[record](4, 1<<20, "record", errFull)
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
	m := NewMemory[record](2, 1<<20, "record", errFull)
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
	m := NewMemory[record](10, 100, "thread", errFull)
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

func TestReplaceOnlyWhatIsStillCurrent(t *testing.T) {
	isA := func(saved *record) bool { return saved.Name == "a" }
	for _, tc := range []struct {
		name     string
		saved    *record // nil: nothing under the key
		next     *record
		replaced bool
		after    *record
	}{
		{"current, replaced", &record{Name: "a"}, &record{Name: "b"}, true, &record{Name: "b"}},
		{"current, dropped", &record{Name: "a"}, nil, true, nil},
		{"another value, kept", &record{Name: "z"}, &record{Name: "b"}, false, &record{Name: "z"}},
		{"another value, not dropped", &record{Name: "z"}, nil, false, &record{Name: "z"}},
		{"nothing saved, nothing made", nil, &record{Name: "b"}, false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMemory[record](4, 1<<20, "record", errFull)
			if tc.saved != nil {
				if err := m.Save("k", tc.saved); err != nil {
					t.Fatal(err)
				}
			}
			replaced, err := m.Replace("k", isA, tc.next)
			if err != nil || replaced != tc.replaced {
				t.Fatalf("Replace = %v, %v; want %v, nil", replaced, err, tc.replaced)
			}
			got, _ := m.Load("k")
			if (got == nil) != (tc.after == nil) || got != nil && got.Name != tc.after.Name {
				t.Fatalf("after Replace the key holds %+v; want %+v", got, tc.after)
			}
			if want := map[bool]int{true: 1}[tc.after != nil]; m.Len() != want {
				t.Fatalf("Len = %d; want %d", m.Len(), want)
			}
		})
	}
}

func TestReplaceRefusesWhatDoesNotFitAndKeepsTheOld(t *testing.T) {
	m := NewMemory[record](4, 40, "record", errFull)
	if err := m.Save("k", &record{Name: "a"}); err != nil {
		t.Fatal(err)
	}
	big := &record{Name: strings.Repeat("x", 64)}
	replaced, err := m.Replace("k", func(*record) bool { return true }, big)
	if replaced || !errors.Is(err, errFull) {
		t.Fatalf("Replace = %v, %v; want false and an error wrapping errFull", replaced, err)
	}
	if got, _ := m.Load("k"); got == nil || got.Name != "a" {
		t.Fatalf("a refused Replace changed the value: %+v", got)
	}
}
