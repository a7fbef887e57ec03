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

// lookup returns the index of the member named key, or -1.
func (o *Object) lookup(key []byte) int {
	if o.index != nil {
		if i, ok := o.index[string(key)]; ok {
			return i
		}
		return -1
	}
	for i, n := range o.Names {
		if n == string(key) {
			return i
		}
	}
	return -1
}

// ObjectReader reads the members of an object described by an Object,
// handling what every object shares: unknown members (a problem each, their
// values skipped), null where it reads as absent, and required members that
// never came (a problem each, once the object is read). The caller reads
// each member's value it is given:
//
//	var o wire.ObjectReader
//	for i := o.Start(d, toolgenObjectForecast); i >= 0; i = o.Next(d) {
//		switch i {
//		case 0:
//			... read the value of the first member ...
//		}
//	}
//
// The decoder is passed to each call rather than kept: a pointer stored in
// the reader would make every decoder escape to the heap.
type ObjectReader struct {
	obj  *Object
	seen uint64   // required members seen, by index, below 64
	more []uint64 // the same beyond 64, allocated only for such objects
}

// Start starts reading an object and returns the index of its first member
// to read, or -1 when there is none or the value is not an object (a
// problem recorded).
func (r *ObjectReader) Start(d *Decoder, obj *Object) int {
	r.obj = obj
	obj.once.Do(obj.prepare)
	if !d.Object() {
		return -1
	}
	return r.Next(d)
}

// Next returns the index of the next member to read, or -1 at the end of
// the object.
func (r *ObjectReader) Next(d *Decoder) int {
	for {
		key, ok := d.Field()
		if !ok {
			r.missing(d)
			return -1
		}
		i := r.obj.lookup(key)
		if i < 0 {
			d.Unknown(r.obj.known)
			continue
		}
		if r.obj.nullAbsent[i] && d.Null() {
			continue
		}
		r.see(i)
		return i
	}
}

func (r *ObjectReader) see(i int) {
	if i < 64 {
		r.seen |= 1 << i
		return
	}
	w := i/64 - 1
	if w >= len(r.more) {
		r.more = append(r.more, make([]uint64, w+1-len(r.more))...)
	}
	r.more[w] |= 1 << (i % 64)
}

func (r *ObjectReader) saw(i int) bool {
	if i < 64 {
		return r.seen&(1<<i) != 0
	}
	w := i/64 - 1
	return w < len(r.more) && r.more[w]&(1<<(i%64)) != 0
}

// missing records a problem for each required member not seen.
func (r *ObjectReader) missing(d *Decoder) {
	if d.fatal {
		return
	}
	for _, i := range r.obj.Required {
		if !r.saw(i) {
			d.Missing(r.obj.Names[i])
		}
	}
}
