package wire

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
)

// indexByScan is what Index must return: the first name equal to key.
func indexByScan(names []string, key []byte) int {
	for i, n := range names {
		if n == string(key) {
			return i
		}
	}
	return -1
}

// indexCases are name sets with what makes hashing them hard: lengths
// around eight and sixteen, names that differ in one byte, in the middle
// only, or only by a zero byte at the end, repeated names, none at all.
var indexCases = [][]string{
	nil,
	{""},
	{"city", "unit", "days", "tags"},
	{"id", "from", "to", "subject", "body", "priority", "score", "read", "attachments"},
	{"a", "a\x00", "b", "ab", "ba", "abcdefgh", "abcdefghi", "abcdefgh\x00"},
	{"mime_type_of_the_attachment", "mime_type_of_the_attachmenu", "nime_type_of_the_attachment"},
	{"reference_one_url", "reference_two_url"}, // differ only in the middle
	{"x", "y", "x"}, // repeated
	{"0123456789abcdef", "0123456789abcdeg", "1123456789abcdef", "0123456789abcde"},
}

func init() {
	// Thirty generated names, as a large generated object might have.
	var many []string
	for i := range 30 {
		many = append(many, fmt.Sprintf("field_%d_%s", i, "abcdefghijklmnopqrstuvwxyz"[:i%20]))
	}
	indexCases = append(indexCases, many)
}

// indexKeys returns keys to look up in names: each name, and near misses.
func indexKeys(names []string) []string {
	keys := []string{"", "x", "\x00", "zzzzzzzzzzzzzzzzzzzz", "city\x00"}
	for _, n := range names {
		keys = append(keys, n, n+"s", n+"\x00")
		if len(n) > 0 {
			keys = append(keys, n[1:], n[:len(n)-1])
			b := []byte(n)
			b[len(b)/2] ^= 1
			keys = append(keys, string(b))
		}
	}
	return keys
}

func TestObjectIndex(t *testing.T) {
	for _, names := range indexCases {
		o := &Object{Names: names}
		for _, k := range indexKeys(names) {
			want := indexByScan(names, []byte(k))
			// The key alone (capacity = length), and the key at the start
			// of a longer buffer whose other bytes must not count.
			exact := []byte(k)
			padded := append([]byte(k), `":"value"}`...)[:len(k)]
			junk := append([]byte(k), 0, 0, 0, 0, 0, 0, 0, 0)[:len(k)]
			for _, key := range [][]byte{exact, padded, junk} {
				if got := o.Index(key); got != want {
					t.Errorf("names %q: Index(%q) = %d, want %d", names, key, got, want)
				}
			}
		}
	}
}

// TestObjectIndexRandom checks Index against a scan on random name sets
// over a small alphabet, where names collide often.
func TestObjectIndexRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		b := make([]byte, r.IntN(24))
		for i := range b {
			b[i] = "ab_\x00"[r.IntN(4)]
		}
		return string(b)
	}
	for range 300 {
		names := make([]string, 1+r.IntN(30))
		for i := range names {
			names[i] = word()
		}
		o := &Object{Names: names}
		for range 50 {
			k := word()
			if r.IntN(2) == 0 {
				k = names[r.IntN(len(names))]
			}
			if got, want := o.Index([]byte(k)), indexByScan(names, []byte(k)); got != want {
				t.Fatalf("names %q: Index(%q) = %d, want %d", names, k, got, want)
			}
		}
	}
}

// TestObjectIndexConcurrent: goroutines that look up keys in an Object
// whose table is not built yet agree (and -race finds no race).
func TestObjectIndexConcurrent(t *testing.T) {
	names := indexCases[3]
	o := &Object{Names: names}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 100 {
				n := names[(g+i)%len(names)]
				if got := o.Index([]byte(n)); got != (g+i)%len(names) {
					errs <- fmt.Sprintf("Index(%q) = %d", n, got)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// FuzzObjectIndex: for names made from the input, Index agrees with a scan.
func FuzzObjectIndex(f *testing.F) {
	f.Add([]byte("city,unit,days,tags"), []byte("days"))
	f.Add([]byte("reference_one_url,reference_two_url"), []byte("reference_two_url"))
	f.Add([]byte("a,a\x00,,b"), []byte("a\x00"))
	f.Fuzz(func(t *testing.T, list, key []byte) {
		var names []string
		for start, i := 0, 0; i <= len(list); i++ {
			if i == len(list) || list[i] == ',' {
				names = append(names, string(list[start:i]))
				start = i + 1
			}
		}
		if len(names) > 64 {
			names = names[:64]
		}
		o := &Object{Names: names}
		for _, k := range [][]byte{key, append(key[:len(key):len(key)], "xxxxxxxx"...)[:len(key)]} {
			if got, want := o.Index(k), indexByScan(names, k); got != want {
				t.Fatalf("names %q: Index(%q) = %d, want %d", names, k, got, want)
			}
		}
		for i, n := range names {
			if got, want := o.Index([]byte(n)), indexByScan(names, []byte(n)); got != want || want > i {
				t.Fatalf("names %q: Index(%q) = %d, want %d", names, n, got, want)
			}
		}
	})
}

// BenchmarkObjectIndex compares Index with a switch over the same names,
// as generated code has, for the keys of an object of 4 and one of 30
// members, each key taken from arguments (so with the rest of them after
// it, as the Decoder returns keys).
func BenchmarkObjectIndex(b *testing.B) {
	four := indexCases[2]
	thirty := indexCases[len(indexCases)-1]
	for _, c := range []struct {
		name     string
		names    []string
		bySwitch func([]byte) int
	}{
		{"names=4", four, switch4},
		{"names=30", thirty, switch30},
	} {
		o := &Object{Names: c.names}
		var keys [][]byte
		for _, n := range c.names {
			buf := []byte(`"` + n + `":1,"more":2}`)
			keys = append(keys, buf[1:1+len(n)])
		}
		for i, k := range keys {
			if o.Index(k) != i || c.bySwitch(k) != i {
				b.Fatalf("%s: %d", k, i)
			}
		}
		b.Run(c.name+"/impl=index", func(b *testing.B) {
			n := 0
			for b.Loop() {
				for _, k := range keys {
					n += o.Index(k)
				}
			}
			sink = n
		})
		b.Run(c.name+"/impl=switch", func(b *testing.B) {
			n := 0
			for b.Loop() {
				for _, k := range keys {
					n += c.bySwitch(k)
				}
			}
			sink = n
		})
	}
}

var sink int

func switch4(k []byte) int {
	switch string(k) {
	case "city":
		return 0
	case "unit":
		return 1
	case "days":
		return 2
	case "tags":
		return 3
	}
	return -1
}

func switch30(k []byte) int {
	switch string(k) {
	case "field_0_":
		return 0
	case "field_1_a":
		return 1
	case "field_2_ab":
		return 2
	case "field_3_abc":
		return 3
	case "field_4_abcd":
		return 4
	case "field_5_abcde":
		return 5
	case "field_6_abcdef":
		return 6
	case "field_7_abcdefg":
		return 7
	case "field_8_abcdefgh":
		return 8
	case "field_9_abcdefghi":
		return 9
	case "field_10_abcdefghij":
		return 10
	case "field_11_abcdefghijk":
		return 11
	case "field_12_abcdefghijkl":
		return 12
	case "field_13_abcdefghijklm":
		return 13
	case "field_14_abcdefghijklmn":
		return 14
	case "field_15_abcdefghijklmno":
		return 15
	case "field_16_abcdefghijklmnop":
		return 16
	case "field_17_abcdefghijklmnopq":
		return 17
	case "field_18_abcdefghijklmnopqr":
		return 18
	case "field_19_abcdefghijklmnopqrs":
		return 19
	case "field_20_":
		return 20
	case "field_21_a":
		return 21
	case "field_22_ab":
		return 22
	case "field_23_abc":
		return 23
	case "field_24_abcd":
		return 24
	case "field_25_abcde":
		return 25
	case "field_26_abcdef":
		return 26
	case "field_27_abcdefg":
		return 27
	case "field_28_abcdefgh":
		return 28
	case "field_29_abcdefghi":
		return 29
	}
	return -1
}
