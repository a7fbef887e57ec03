package wire

import (
	"encoding/binary"
	"strconv"
	"sync"
	"sync/atomic"
)

// An Object describes the members of one JSON object type, for
// ObjectReader. Generated code declares one per Go struct type (and per
// tool whose parameters are separate arguments), shared by every reader of
// that type, as a literal the compiler lays out statically:
//
//	var toolgenObjectForecast = &toolimpl.Object{Names: []string{"city", "days"}, Required: []int{0}, NullAbsent: []int{1}}
//
// Index finds a member by its key with a perfect hash over Names, built on
// first use (see index.go), so that such literals need no constructor.
type Object struct {
	// Names are the members' names, in the order a reader reports them.
	Names []string
	// Required are the indexes of the members that must be present.
	Required []int
	// NullAbsent are the indexes of the members that read null as if they
	// were absent.
	NullAbsent []int

	once  sync.Once
	known string // the names, quoted, for "unknown field" problems

	index atomic.Pointer[nameIndex] // for Index, built on first use (index.go)
}

// prepare works out, on first use, the text of an unknown-member problem:
// done then rather than in package initialisation, so that a package of
// many tools starts (and compiles) without a per-object init step.
func (o *Object) prepare() {
	var b []byte
	for i, n := range o.Names {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendQuote(b, n)
	}
	o.known = string(b)
}

// ObjectReader reads the members of an object described by an Object,
// handling what every object shares: null where it reads as absent (the
// member skipped), required members that never came (a problem each, once
// the object is read; the caller says which came with Saw), unknown members
// (a problem each, their values skipped, when the caller hands them back)
// and members whose name came before in the object (a problem each,
// "duplicate member", their values skipped: Next never hands one out). The
// caller switches on each key it is given, which the compiler turns into a
// few integer comparisons:
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
	obj      *Object
	seen     uint64   // required members seen, by their place in Required, below 64
	more     []uint64 // the same beyond 64, allocated only for such objects
	start    int      // where the object's members start in the decoder's data
	renamed  uint64   // members read under a repaired name, by index in Names, below 64
	read     uint64   // members read (or skipped as null), by index in Names, below 64
	readMore []uint64 // the same beyond 64
}

// Start starts reading an object and returns the key of its first member to
// read, or false when there is none or the value is not an object (a
// problem recorded).
func (r *ObjectReader) Start(d *Decoder, obj *Object) ([]byte, bool) {
	if !r.begin(d, obj) {
		return nil, false
	}
	return r.Next(d)
}

// Next returns the key of the next member to read (unescaped, valid until
// the next call), or false at the end of the object. A member whose name
// came before in the object is not returned: it is a problem, and its value
// is skipped.
func (r *ObjectReader) Next(d *Decoder) ([]byte, bool) {
	key, ok := r.NextKey(d)
	for ok {
		if i := r.obj.Index(key); i < 0 || r.Once(d, i) {
			return key, true
		}
		key, ok = r.NextKey(d)
	}
	return nil, false
}

// StartKey is Start for a reader that finds each key's index in Names
// itself (package toolimpl's tables): with it and NextKey, the caller calls
// Once with the index of each member it reads, which refuses a repeated
// one.
func (r *ObjectReader) StartKey(d *Decoder, obj *Object) ([]byte, bool) {
	if !r.begin(d, obj) {
		return nil, false
	}
	return r.NextKey(d)
}

// begin starts reading an object for Start and StartKey.
func (r *ObjectReader) begin(d *Decoder, obj *Object) bool {
	r.obj = obj
	if !d.object() {
		return false
	}
	r.start = d.pos
	return true
}

// NextKey is Next for a reader started with StartKey: it returns every
// member but those skipped as null, repeated or not, and the caller calls
// Once.
func (r *ObjectReader) NextKey(d *Decoder) ([]byte, bool) {
	// The usual case, without a call: Field's fast path, written out here
	// (the compiler does not inline Field), then a value that is not null
	// right there.
	n := d.nseg - 1
	if uint(n) >= uint(len(d.segs)) {
		return r.nextRest(d)
	}
	s := &d.segs[n]
	data, pos := d.data, d.pos
	if s.n > 0 {
		if uint(pos) >= uint(len(data)) || data[pos] != ',' {
			return r.nextRest(d)
		}
		pos++
	}
	if !s.object || uint(pos) >= uint(len(data)) || data[pos] != '"' {
		return r.nextRest(d)
	}
	pos++
	end := plainEnd(data, pos)
	if uint(end+2) >= uint(len(data)) || binary.LittleEndian.Uint16(data[end:end+2]) != '"'|':'<<8 {
		return r.nextRest(d)
	}
	d.pos = end + 2
	s.n++
	s.keyStart, s.keyEnd, s.keyPlain = int32(pos), int32(end), true
	key := data[pos:end]
	if c := data[end+2]; c > ' ' && c != 'n' || !r.nullAbsent(d, key) {
		return key, true
	}
	return r.nextRest(d)
}

// Once records that the member at index i of Names is being read, and
// reports true, unless it was read before in this object: then it records
// the problem ("duplicate member"), skips the value and reports false.
func (r *ObjectReader) Once(d *Decoder, i int) bool {
	if uint(i) < 64 {
		if r.read&(1<<i) == 0 {
			r.read |= 1 << i
			return true
		}
		r.repeated(d)
		return false
	}
	return r.onceMore(d, i)
}

// onceMore is Once beyond the first 64 members.
func (r *ObjectReader) onceMore(d *Decoder, i int) bool {
	w := i/64 - 1
	if w >= len(r.readMore) {
		r.readMore = append(r.readMore, make([]uint64, w+1-len(r.readMore))...)
	}
	if r.readMore[w]&(1<<(i%64)) == 0 {
		r.readMore[w] |= 1 << (i % 64)
		return true
	}
	r.repeated(d)
	return false
}

// repeated records that the current member came before, unless a nameWalk
// of an object around this one recorded it already, and skips its value.
func (r *ObjectReader) repeated(d *Decoder) {
	if !d.checked() {
		d.problem(duplicateMember)
	}
	d.Skip()
}

// nextRest is Next for a member its fast path leaves.
func (r *ObjectReader) nextRest(d *Decoder) ([]byte, bool) {
	for {
		key, ok := d.fieldSlow()
		if !ok {
			r.missing(d)
			return nil, false
		}
		if d.pos < len(d.data) && d.data[d.pos] > ' ' && d.data[d.pos] != 'n' {
			return key, true // the usual case: a value that is not null, right there
		}
		if !r.nullAbsent(d, key) {
			return key, true
		}
	}
}

// nullAbsent reports whether the member key, whose value may be null, is a
// null read as absent, and then skips it: the caller goes on to the next
// member. Such a member counts as read (see Once): a name may not come
// twice, null or not.
func (r *ObjectReader) nullAbsent(d *Decoder, key []byte) bool {
	if !d.atNull() {
		return false
	}
	i := r.obj.nullAbsentIndex(key)
	if i < 0 {
		return false
	}
	if r.Once(d, i) {
		d.Null()
	}
	return true
}

// Unknown records that the member just returned is not one of the object's
// and skips its value. With repairs asked for (Decoder.RepairIfAsked), a
// variant of a known name (userId for user_id) is read as that name
// instead: the next call of Next returns that name, for the same value.
func (r *ObjectReader) Unknown(d *Decoder) {
	r.obj.once.Do(r.obj.prepare)
	if d.repairCtx != nil && r.rename(d) {
		return
	}
	d.Unknown(r.obj.known)
}

// nullAbsentIndex is the index in Names of key when it names a member that
// reads null as absent, else -1. It is asked only about members whose value
// is null.
func (o *Object) nullAbsentIndex(key []byte) int {
	for _, i := range o.NullAbsent {
		if o.Names[i] == string(key) {
			return i
		}
	}
	return -1
}

// Saw records that the required member at place j of Required came. The
// caller calls it when it reads that member.
func (r *ObjectReader) Saw(j int) {
	if uint(j) < 64 {
		r.seen |= 1 << j
		return
	}
	r.sawMore(j)
}

// sawMore is Saw beyond the first 64 required members (apart from Saw so
// that Saw is inlined).
func (r *ObjectReader) sawMore(j int) {
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
// A required member read under a repaired name is missing as sent: that
// problem is recorded as one the repair resolved.
func (r *ObjectReader) missing(d *Decoder) {
	if d.fatal || len(r.obj.Required) <= 64 && r.seen == 1<<len(r.obj.Required)-1 && r.renamed == 0 {
		return // all came (the usual case)
	}
	for j, i := range r.obj.Required {
		switch {
		case !r.saw(j):
			d.Missing(r.obj.Names[i])
		case i < 64 && r.renamed&(1<<i) != 0:
			d.problemAt(d.memberPointer(r.obj.Names[i]), "missing (required)")
			d.rep.resolved++
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
