package wire

import (
	"encoding/binary"
	"math/bits"
)

// Finding a member by its key: Object.Index.
//
// The names of an Object are known when its code is generated, so each
// Object gets a perfect hash over them: a table where every name has a slot
// of its own, found by one multiplication of the key's first and last eight
// bytes. A key then costs one hash, one table load and one comparison of
// two words and the length (plus, beyond sixteen bytes, a comparison of the
// middle), whatever the number of names; a switch over the names costs a
// binary search of comparisons.
//
// The table is built on first use, not by a constructor, because generated
// code writes Objects as composite literals (Names, Required, NullAbsent)
// that the compiler lays out statically: a constructor would give every
// package of tools an initialisation step per object type. Building is
// deterministic, and the table is published with an atomic pointer, so
// goroutines that race to build it each build an equal table, one of which
// stays; none ever sees a table half built.

// nameSlot is one slot of a perfect-hash table: a name's first and last
// eight bytes (zero beyond its end when shorter), its length and its index
// in Names; index is -1 in an empty slot.
type nameSlot struct {
	head, tail uint64
	n          int32
	index      int32
}

// nameIndex is the perfect-hash table of an Object's names.
type nameIndex struct {
	mul   uint64 // the multiplier that spreads the names over the slots
	shift uint8  // 64 - log2(len(slots))
	slots []nameSlot
	names []string
}

// Index returns the index in o.Names of key, or -1 when key is not one of
// the names. It is safe for concurrent use (see the comment above).
func (o *Object) Index(key []byte) int {
	x := o.index.Load()
	if x == nil {
		x = o.buildIndex()
	}
	var head, tail uint64
	switch n := len(key); {
	case n <= 8 && cap(key) >= 8:
		// A key read from the arguments: the capacity beyond it is the
		// rest of the arguments, so one load reads it, and the mask drops
		// what follows it.
		head = binary.LittleEndian.Uint64(key[:8]) & keyMasks[n]
	case n > 8 && n <= 16:
		head = binary.LittleEndian.Uint64(key)
		tail = binary.LittleEndian.Uint64(key[n-8:])
	default:
		head, tail = keyWords(key)
	}
	s := &x.slots[(hashWords(head, tail)*x.mul)>>x.shift]
	if (s.head^head)|(s.tail^tail)|uint64(int(s.n)^len(key)) != 0 {
		if s.index == noTable {
			return x.scan(key)
		}
		return -1
	}
	if len(key) > 16 && string(key[8:len(key)-8]) != x.names[s.index][8:len(key)-8] {
		return -1
	}
	return int(s.index)
}

// keyMasks keep the first n bytes of a word.
var keyMasks = [9]uint64{0, 0xff, 0xffff, 0xffffff, 0xffffffff, 0xffffffffff, 0xffffffffffff, 0xffffffffffffff, 0xffffffffffffffff}

// noTable marks the one slot of an index without a perfect hash, whose
// keys are found by comparing them with each name (see newNameIndex).
const noTable = -2

// keyWords returns the first and the last eight bytes of key, little
// endian, zero beyond its end when it is shorter (tail is 0 for a key of
// eight bytes or fewer).
func keyWords(key []byte) (head, tail uint64) {
	n := len(key)
	if n < 8 {
		var b [8]byte
		copy(b[:], key)
		return binary.LittleEndian.Uint64(b[:]), 0
	}
	head = binary.LittleEndian.Uint64(key)
	if n > 8 {
		tail = binary.LittleEndian.Uint64(key[n-8:])
	}
	return head, tail
}

// hashWords mixes a key's words into one, which a multiplication then
// spreads (the table takes its top bits). The length is left out: keys of
// different lengths whose words are equal (a name and the same name with
// zero bytes after it) are rare enough to be left to the comparison with
// each name.
func hashWords(head, tail uint64) uint64 {
	return head ^ bits.RotateLeft64(tail, 31)
}

// nameWords is keyWords for a name.
func nameWords(name string) (head, tail uint64) {
	var b [8]byte
	if len(name) >= 8 {
		head = binary.LittleEndian.Uint64([]byte(name[:8]))
		if len(name) > 8 {
			tail = binary.LittleEndian.Uint64([]byte(name[len(name)-8:]))
		}
		return head, tail
	}
	copy(b[:], name)
	return binary.LittleEndian.Uint64(b[:]), 0
}

// buildIndex builds o's table and publishes it, or returns the one another
// goroutine published first.
func (o *Object) buildIndex() *nameIndex {
	x := newNameIndex(o.Names)
	if o.index.CompareAndSwap(nil, x) {
		return x
	}
	return o.index.Load()
}

// newNameIndex finds a multiplier under which names fall in distinct slots
// of a table of at least twice as many slots, doubling the table when no
// multiplier of a fixed sequence separates them. A repeated name keeps the
// index of its first occurrence. Names that hash to the same word (long
// names that differ only between their first and last eight bytes, or a
// rare coincidence of the mix) cannot be separated by any multiplier: the
// index then has no table, and Index compares the key with each name.
func newNameIndex(names []string) *nameIndex {
	type entry struct {
		h          uint64
		head, tail uint64
		index      int
	}
	es := make([]entry, 0, len(names))
	hashes := make(map[uint64]string, len(names))
	for i, n := range names {
		head, tail := nameWords(n)
		h := hashWords(head, tail)
		if other, ok := hashes[h]; ok {
			if other == n {
				continue // repeated
			}
			return scanIndex(names) // inseparable
		}
		hashes[h] = n
		es = append(es, entry{h, head, tail, i})
	}
	size := 1
	for size < 2*len(es) {
		size *= 2
	}
	// The multipliers: odd numbers from a 64-bit linear congruential
	// sequence, fixed so that the table is the same on every build.
	mul := uint64(0x9E3779B97F4A7C15)
	for ; size <= 1<<16; size *= 2 {
		shift := uint8(64 - bits.TrailingZeros(uint(size)))
		for try := 0; try < 64; try++ {
			mul = (mul*6364136223846793005 + 1442695040888963407) | 1
			slots := make([]nameSlot, size)
			for i := range slots {
				slots[i].index = -1
			}
			ok := true
			for _, e := range es {
				j := (e.h * mul) >> shift
				if slots[j].index >= 0 {
					ok = false
					break
				}
				slots[j] = nameSlot{head: e.head, tail: e.tail, n: int32(len(names[e.index])), index: int32(e.index)}
			}
			if ok {
				return &nameIndex{mul: mul, shift: shift, slots: slots, names: names}
			}
		}
	}
	return scanIndex(names) // not reached for distinct hashes in practice
}

// scanIndex is an index without a perfect hash: its one slot matches no
// key and sends Index to scan.
func scanIndex(names []string) *nameIndex {
	return &nameIndex{shift: 63, slots: []nameSlot{{n: -1, index: noTable}}, names: names}
}

// scan is Index without a table: the first name equal to key.
func (x *nameIndex) scan(key []byte) int {
	for i, n := range x.names {
		if n == string(key) {
			return i
		}
	}
	return -1
}
