package wire

import (
	"strconv"
	"sync"
)

// An Object describes the members of one JSON object type, for
// ObjectReader. Generated code declares one per Go struct type (and per
// tool whose parameters are separate arguments), shared by every reader of
// that type, as a literal the compiler lays out statically:
//
//	var toolgenObjectForecast = &toolimpl.Object{Names: []string{"city", "days"}, Required: []int{0}, NullAbsent: []int{1}}
type Object struct {
	// Names are the members' names, in the order a reader reports them.
	Names []string
	// Required are the indexes of the members that must be present.
	Required []int
	// NullAbsent are the indexes of the members that read null as if they
	// were absent.
	NullAbsent []int

	once       sync.Once
	index      map[string]int // for objects of many members
	heads      []uint64       // each name's first 8 bytes, for a quick comparison
	nullAbsent []bool
	known      string // the names, quoted, for "unknown field" problems
}

// linearLookup is the number of members up to which a key is looked up by
// comparing it with each name: cheaper than hashing for a few short names.
const linearLookup = 8

// prepare works out, on first use, what reading needs: done then rather
// than in package initialisation, so that a package of many tools starts
// (and compiles) without a per-object init step.
func (o *Object) prepare() {
	o.nullAbsent = make([]bool, len(o.Names))
	for _, i := range o.NullAbsent {
		o.nullAbsent[i] = true
	}
	o.heads = make([]uint64, len(o.Names))
	for i, n := range o.Names {
		o.heads[i] = head(n)
	}
	if len(o.Names) > linearLookup {
		o.index = make(map[string]int, len(o.Names))
		for i, n := range o.Names {
			if _, dup := o.index[n]; !dup {
				o.index[n] = i
			}
		}
	}
	var b []byte
	for i, n := range o.Names {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendQuote(b, n)
	}
	o.known = string(b)
}

// lookup returns the index of the member named key, or -1. Names of up to
// eight bytes are told apart by one integer comparison (as the compiler
// does for a switch over short strings); longer ones compare the rest.
func (o *Object) lookup(key []byte) int {
	if o.index != nil {
		if i, ok := o.index[string(key)]; ok {
			return i
		}
		return -1
	}
	if len(key) == 0 {
		for i, n := range o.Names {
			if n == "" {
				return i
			}
		}
		return -1
	}
	first, last := key[0], key[len(key)-1]
	for i, n := range o.Names {
		if len(n) == len(key) && n[0] == first && n[len(n)-1] == last && n == string(key) {
			return i
		}
	}
	return -1
}

// head packs the first eight bytes of s (fewer for a shorter s) into an
// integer.
func head[T string | []byte](s T) uint64 {
	var h uint64
	for i := 0; i < len(s) && i < 8; i++ {
		h |= uint64(s[i]) << (8 * i)
	}
	return h
}

// ObjectReader reads the members of an object described by an Object,
// handling what every object shares: null where it reads as absent (the
// member skipped), required members that never came (a problem each, once
// the object is read; the caller says which came with Saw) and unknown members (a problem each, their values
// skipped, when the caller hands them back). The caller switches on each
// key it is given, which the compiler turns into a few integer
// comparisons:
//
//	var o wire.ObjectReader
//	for k, ok := o.Start(d, toolgenObjectForecast); ok; k, ok = o.Next(d) {
//		switch string(k) {
//		case "city":
//			o.Saw(0) // the first required member
//			... read the value ...
//		default:
//			o.Unknown(d)
//		}
//	}
//
// The decoder is passed to each call rather than kept: a pointer stored in
// the reader would make every decoder escape to the heap.
type ObjectReader struct {
	obj  *Object
	seen uint64   // required members seen, by their place in Required, below 64
	more []uint64 // the same beyond 64, allocated only for such objects
}

// Start starts reading an object and returns the key of its first member to
// read, or false when there is none or the value is not an object (a
// problem recorded).
func (r *ObjectReader) Start(d *Decoder, obj *Object) ([]byte, bool) {
	r.obj = obj
	obj.once.Do(obj.prepare)
	if !d.Object() {
		return nil, false
	}
	return r.Next(d)
}

// Next returns the key of the next member to read (unescaped, valid until
// the next call), or false at the end of the object.
func (r *ObjectReader) Next(d *Decoder) ([]byte, bool) {
	for {
		key, ok := d.Field()
		if !ok {
			r.missing(d)
			return nil, false
		}
		if d.atNull() && r.obj.readsNullAsAbsent(key) {
			d.Null()
			continue
		}
		return key, true
	}
}

// Unknown records that the member just returned is not one of the object's
// and skips its value.
func (r *ObjectReader) Unknown(d *Decoder) { d.Unknown(r.obj.known) }

// readsNullAsAbsent reports whether key names a member that reads null as
// absent.
func (o *Object) readsNullAsAbsent(key []byte) bool {
	i := o.lookup(key)
	return i >= 0 && o.nullAbsent[i]
}

// Saw records that the required member at place j of Required came. The
// caller calls it when it reads that member.
func (r *ObjectReader) Saw(j int) {
	if j < 64 {
		r.seen |= 1 << j
		return
	}
	r.see(j)
}

func (r *ObjectReader) see(j int) {
	if j < 64 {
		r.seen |= 1 << j
		return
	}
	w := j/64 - 1
	if w >= len(r.more) {
		r.more = append(r.more, make([]uint64, w+1-len(r.more))...)
	}
	r.more[w] |= 1 << (j % 64)
}

func (r *ObjectReader) saw(j int) bool {
	if j < 64 {
		return r.seen&(1<<j) != 0
	}
	w := j/64 - 1
	return w < len(r.more) && r.more[w]&(1<<(j%64)) != 0
}

// missing records a problem for each required member not seen.
func (r *ObjectReader) missing(d *Decoder) {
	if d.fatal {
		return
	}
	for j, i := range r.obj.Required {
		if !r.saw(j) {
			d.Missing(r.obj.Names[i])
		}
	}
}

// atNull reports whether the next value is null, looking at one byte when
// no space comes before it.
func (d *Decoder) atNull() bool {
	if d.pos < len(d.data) {
		if c := d.data[d.pos]; c == 'n' {
			return true
		} else if !isSpace(c) {
			return false
		}
	}
	return d.Kind() == KindNull
}
