package wire

import "strconv"

// An Object describes the members of one JSON object type, for
// ObjectReader: their names, which are required, and which read null as if
// the member were absent. Generated code declares one per Go struct type
// (and per tool whose parameters are separate arguments), shared by every
// reader of that type.
type Object struct {
	names      []string
	index      map[string]int // for objects of many members
	required   []int          // indexes, in declaration order
	nullAbsent []bool
	known      string // the names, quoted, for "unknown field" problems
}

// linearLookup is the number of members up to which a key is looked up by
// comparing it with each name: cheaper than hashing for a few short names.
const linearLookup = 8

// NewObject describes an object whose members are names (in the order a
// reader reports them), of which those at the indexes required must be
// present and those at nullAbsent read null as absent.
func NewObject(names []string, required, nullAbsent []int) *Object {
	o := &Object{names: names, required: required, nullAbsent: make([]bool, len(names))}
	for _, i := range nullAbsent {
		o.nullAbsent[i] = true
	}
	if len(names) > linearLookup {
		o.index = make(map[string]int, len(names))
		for i, n := range names {
			if _, dup := o.index[n]; !dup {
				o.index[n] = i
			}
		}
	}
	var b []byte
	for i, n := range names {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendQuote(b, n)
	}
	o.known = string(b)
	return o
}

// lookup returns the index of the member named key, or -1.
func (o *Object) lookup(key []byte) int {
	if o.index != nil {
		if i, ok := o.index[string(key)]; ok {
			return i
		}
		return -1
	}
	for i, n := range o.names {
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
	for _, i := range r.obj.required {
		if !r.saw(i) {
			d.Missing(r.obj.names[i])
		}
	}
}
