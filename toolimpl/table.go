package toolimpl

import (
	"context"
	"math"
	"regexp"
	"slices"
	"strconv"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/toolgen-dev/toolgen"
)

// Struct describes a Go struct type for the table-driven reader and writer
// (ReadStruct, WriteStruct): its JSON members, in the order of Names, with
// where each lives in the struct and what it holds. Generated code declares
// one per struct type whose members are all of kinds a Field describes, as
// a literal the compiler lays out statically, with offsets and sizes from
// unsafe.Offsetof and unsafe.Sizeof, right on every platform:
//
//	var toolgenTypeArgs = &toolimpl.Struct{
//		Object: toolimpl.Object{Names: []string{"city", "days"}, Required: []int{0}, NullAbsent: []int{1}},
//		Fields: []toolimpl.Field{
//			{Offset: unsafe.Offsetof(Args{}.City), Kind: toolimpl.FieldString, Required: 1},
//			{Offset: unsafe.Offsetof(Args{}.Days), Kind: toolimpl.FieldInt | uint8(unsafe.Sizeof(Args{}.Days)), Bounded: true, Min: 1, Max: 14},
//		},
//	}
//
// A table costs the compiler data where a reader and a writer per type cost
// it functions (protobuf-go's fast path takes the same route); a type with
// a member of another kind (maps, unions, times, defaults, embedded
// structs...) keeps its generated reader and writer.
type Struct struct {
	Object
	Fields []Field
	// New allocates a value of the type, for a member that points to one.
	New func() unsafe.Pointer
	// Size is the type's size, and ReadSlice is ReadSlice[T], for a type
	// that slices hold.
	Size      uintptr
	ReadSlice func(d *Decoder, s *Struct, p unsafe.Pointer) int
}

// Field kinds. FieldInt and FieldUint are or-ed with the member's size in
// bytes.
const (
	FieldString  = 1 // a string; a Bounded one's length in runes is within Min and Max (-1: no maximum)
	FieldEnum    = 2 // a string among Enum's values
	FieldBool    = 3
	FieldStrings = 4 // a []string
	FieldStruct  = 5 // a struct described by Elem
	FieldFloat32 = 6
	FieldFloat64 = 7
	FieldTime    = 8  // a time.Time
	FieldAny     = 9  // an any
	FieldSlice   = 10 // a slice of Item; a Bounded one's length is within Min and Max (-1: no maximum)
	FieldInt     = 0x10
	FieldUint    = 0x20
)

// Field is one member of a Struct.
type Field struct {
	Offset uintptr
	// Min and Max bound a Bounded member: an integer's value, a string's
	// length. Other integers are bounded by their type's range.
	Min, Max int64
	// Enum lists a FieldEnum's values, or an integer's when it is an enum.
	Enum *Enum
	// Elem describes a FieldStruct.
	Elem *Struct
	// Item describes a FieldSlice's elements (its Offset is 0).
	Item *Field
	// Check holds a string's format and pattern, a float's bounds.
	Check *Check
	// Required is 1 + the member's place among its Struct's Required, 0
	// for an optional member.
	Required int32
	// Kind is one of the Field kinds; an integer's is or-ed with its size.
	Kind uint8
	// Pointer members hold a *T of the kind: nil when absent or null, left
	// out of the output when nil.
	Pointer bool
	// OmitEmpty members are left out of the output when empty (false, 0,
	// "", an empty slice), as encoding/json's omitempty does.
	OmitEmpty bool
	Bounded   bool
	// Key is the member's key as JSON text with its colon ("city":), for
	// writing.
	Key string
}

// Enum is an enum's values, shared by every member of its type (strings, or
// integers), and how a problem says them ("c", "f").
type Enum struct {
	Values  []string
	Ints    []int64
	Allowed string
}

// Check is a member's rarer constraints.
type Check struct {
	// Format is a string's JSON Schema format (Decoder.CheckFormat).
	Format string
	// Pattern is a string's pattern, compiled, and as the schema writes it.
	Pattern     *regexp.Regexp
	PatternText string
	// FloatMin and FloatMax bound a float, when FloatBounded.
	FloatMin, FloatMax float64
	FloatBounded       bool
}

// ReadStruct reads a JSON object into the struct at p, as s describes it.
// A member whose name came before in the object is a problem ("duplicate
// member"), found by the bit the reader keeps per member, at no cost to
// arguments without one.
func ReadStruct(d *Decoder, s *Struct, p unsafe.Pointer) {
	var o ObjectReader
	next := 0 // members usually come in the order declared: try that one first
	for k, ok := o.StartKey(d, &s.Object); ok; k, ok = o.NextKey(d) {
		i := next
		if i >= len(s.Names) || s.Names[i] != string(k) {
			if i = s.index(k); i < 0 {
				o.Unknown(d)
				continue
			}
		}
		if !o.Once(d, i) {
			continue // a repeated member: a problem, its value skipped
		}
		next = i + 1
		f := &s.Fields[i]
		if f.Required > 0 {
			o.Saw(int(f.Required - 1))
		}
		q := unsafe.Add(p, f.Offset)
		if f.Pointer {
			if d.Null() {
				*(*unsafe.Pointer)(q) = nil
				continue
			}
			v := newValue(f)
			readValue(d, f, v)
			*(*unsafe.Pointer)(q) = v
			continue
		}
		// The usual kinds in place, the rest by readValue.
		switch f.Kind {
		case FieldString:
			if v, ok := d.String(); ok {
				if f.Bounded || f.Check != nil {
					checkString(d, f, v)
				}
				*(*string)(q) = v
			}
		case FieldInt | 8:
			if f.Enum != nil {
				readInt(d, f, q)
				break
			}
			min, max := int64(math.MinInt64), int64(math.MaxInt64)
			if f.Bounded {
				min, max = f.Min, f.Max
			}
			if n, ok := d.Int(min, max); ok {
				*(*int64)(q) = n
			}
		case FieldEnum:
			readEnum(d, f, q)
		case FieldBool:
			if b, ok := d.Bool(); ok {
				*(*bool)(q) = b
			}
		default:
			readValue(d, f, q)
		}
	}
}

// index is the place of the member named k in s.Names, or -1.
func (s *Struct) index(k []byte) int {
	for i, name := range s.Names {
		if name == string(k) {
			return i
		}
	}
	return -1
}

// newValue allocates the value a pointer member points to.
func newValue(f *Field) unsafe.Pointer {
	switch f.Kind {
	case FieldString, FieldEnum:
		return unsafe.Pointer(new(string))
	case FieldBool, FieldInt | 1, FieldUint | 1:
		return unsafe.Pointer(new(uint8))
	case FieldInt | 2, FieldUint | 2:
		return unsafe.Pointer(new(uint16))
	case FieldInt | 4, FieldUint | 4, FieldFloat32:
		return unsafe.Pointer(new(uint32))
	case FieldInt | 8, FieldUint | 8, FieldFloat64:
		return unsafe.Pointer(new(uint64))
	case FieldStrings:
		return unsafe.Pointer(new([]string))
	case FieldStruct:
		return f.Elem.New()
	case FieldTime:
		return unsafe.Pointer(new(time.Time))
	}
	panic("toolimpl: a pointer to a member of kind " + kindText(f.Kind))
}

func readValue(d *Decoder, f *Field, p unsafe.Pointer) {
	switch f.Kind {
	case FieldString:
		if s, ok := d.String(); ok {
			if f.Bounded || f.Check != nil {
				checkString(d, f, s)
			}
			*(*string)(p) = s
		}
	case FieldEnum:
		readEnum(d, f, p)
	case FieldBool:
		if b, ok := d.Bool(); ok {
			*(*bool)(p) = b
		}
	case FieldStrings:
		readStrings(d, p)
	case FieldStruct:
		ReadStruct(d, f.Elem, p)
	case FieldInt | 1, FieldInt | 2, FieldInt | 4, FieldInt | 8:
		readInt(d, f, p)
	case FieldUint | 1, FieldUint | 2, FieldUint | 4, FieldUint | 8:
		readUint(d, f, p)
	case FieldFloat32:
		min, max := floatBounds(f, float32Bound)
		if x, ok := d.Float(min, max, 32); ok {
			*(*float32)(p) = float32(x)
		}
	case FieldFloat64:
		min, max := floatBounds(f, math.Inf(1))
		if x, ok := d.Float(min, max, 64); ok {
			*(*float64)(p) = x
		}
	case FieldTime:
		if t, ok := d.Time(); ok {
			*(*time.Time)(p) = t
		}
	case FieldAny:
		if v, ok := d.Any(); ok {
			*(*any)(p) = v
		}
	case FieldSlice:
		readSlice(d, f, p)
	default:
		panic("toolimpl: a member of kind " + kindText(f.Kind))
	}
}

// floatBounds are a float member's bounds: its own, or ±width.
func floatBounds(f *Field, width float64) (float64, float64) {
	if c := f.Check; c != nil && c.FloatBounded {
		return c.FloatMin, c.FloatMax
	}
	return -width, width
}

// checkString checks a string member's length, pattern and format, in
// the order generated readers check them.
func checkString(d *Decoder, f *Field, s string) {
	if f.Bounded {
		d.CheckLength(s, int(f.Min), int(f.Max))
	}
	if c := f.Check; c != nil {
		if c.Pattern != nil {
			d.MatchPattern(s, c.Pattern, c.PatternText)
		}
		if c.Format != "" {
			d.CheckFormat(s, c.Format)
		}
	}
}

// readSlice reads a slice of f.Item (strings, numbers, booleans, times,
// structs) as generated slice readers do: a few elements on the stack, then
// one slice of the exact length.
func readSlice(d *Decoder, f *Field, p unsafe.Pointer) {
	if _, ok := d.Array(); !ok {
		return
	}
	it := f.Item
	n := 0
	switch {
	case it.Kind == FieldString || it.Kind == FieldEnum:
		n = readItems[string](d, it, p)
	case it.Kind == FieldStruct:
		n = readStructs(d, it.Elem, p)
	case it.Kind == FieldTime:
		n = readItems[time.Time](d, it, p)
	default: // numbers and booleans, which hold no pointers
		size := scalarSize(it.Kind)
		var buf [16]uint64
		s := buf[:0]
		for d.Elem() {
			var e uint64
			readValue(d, it, noescape(unsafe.Pointer(&e))) // e stays on the stack: readValue keeps no pointer to it
			s = append(s, e)
		}
		n = len(s)
		out := make([]byte, n*int(size))
		for i := range s {
			copy(out[uintptr(i)*size:], unsafe.Slice((*byte)(unsafe.Pointer(&s[i])), size))
		}
		*(*[]byte)(p) = out[:n:n] // a header of n elements of the item's size ([] is empty, not nil)
	}
	if f.Bounded {
		d.CheckItems(n, int(f.Min), int(f.Max))
	}
}

// readStructs reads an array of the structs s describes into the slice at
// p, through s.ReadSlice (which knows their type), and returns its length.
func readStructs(d *Decoder, s *Struct, p unsafe.Pointer) int {
	// The call through a func value would make d and p escape, and with
	// them the Decoder and the arguments every Dispatch keeps on its stack;
	// ReadSlice keeps neither.
	return s.ReadSlice((*Decoder)(noescape(unsafe.Pointer(d))), s, noescape(p))
}

// noescape hides p from escape analysis, as the runtime's function of the
// name does: the value is the same pointer.
func noescape(p unsafe.Pointer) unsafe.Pointer {
	x := uintptr(p)
	return *(*unsafe.Pointer)(unsafe.Pointer(&x))
}

// ReadSlice reads a JSON array of the structs s describes into the []T at
// p, as generated slice readers do: up to eight elements on the stack, then
// one slice of the exact length ([] is empty, not nil). It returns the
// length. It is Struct.ReadSlice for a struct type T that slices hold.
func ReadSlice[T any](d *Decoder, s *Struct, p unsafe.Pointer) int {
	var buf [8]T
	out := buf[:0]
	for d.Elem() {
		var zero T
		out = append(out, zero)
		ReadStruct(d, s, unsafe.Pointer(&out[len(out)-1]))
	}
	*(*[]T)(p) = append(make([]T, 0, len(out)), out...)
	return len(out)
}

// scalarSize is the size of a number or boolean of kind k.
func scalarSize(k uint8) uintptr {
	switch k {
	case FieldBool:
		return 1
	case FieldFloat32:
		return 4
	case FieldFloat64:
		return 8
	}
	return uintptr(k & 0xF)
}

func readEnum(d *Decoder, f *Field, p unsafe.Pointer) {
	s, ok := d.StringBytes()
	if !ok {
		return
	}
	for _, v := range f.Enum.Values {
		if v == string(s) {
			*(*string)(p) = v
			return
		}
	}
	d.NotOneOf(s, f.Enum.Allowed)
}

// readItems reads the items of an array into the []T at p, as it says,
// and returns their count: up to eight on the stack, then one slice of the
// exact length.
func readItems[T any](d *Decoder, it *Field, p unsafe.Pointer) int {
	var buf [8]T
	s := buf[:0]
	for d.Elem() {
		var e T
		readValue(d, it, noescape(unsafe.Pointer(&e))) // e stays on the stack: readValue keeps no pointer to it
		s = append(s, e)
	}
	*(*[]T)(p) = append(make([]T, 0, len(s)), s...)
	return len(s)
}

// readStrings reads a []string as generated slice readers do: up to eight
// elements on the stack, then one slice of the exact length.
func readStrings(d *Decoder, p unsafe.Pointer) {
	if _, ok := d.Array(); !ok {
		return
	}
	var buf [8]string
	s := buf[:0]
	for d.Elem() {
		var e string
		if x, ok := d.String(); ok {
			e = x
		}
		s = append(s, e)
	}
	*(*[]string)(p) = append(make([]string, 0, len(s)), s...)
}

func readInt(d *Decoder, f *Field, p unsafe.Pointer) {
	size := f.Kind &^ FieldInt
	min, max := f.Min, f.Max
	if !f.Bounded {
		max = math.MaxInt64 >> (64 - 8*size)
		min = -max - 1
	}
	n, ok := d.Int(min, max)
	if !ok {
		return
	}
	if f.Enum != nil && !slices.Contains(f.Enum.Ints, n) {
		d.NotOneOfInt(n, f.Enum.Allowed)
		return
	}
	storeInteger(p, size, uint64(n))
}

func readUint(d *Decoder, f *Field, p unsafe.Pointer) {
	size := f.Kind &^ FieldUint
	min, max := uint64(f.Min), uint64(f.Max)
	if !f.Bounded {
		max = math.MaxUint64 >> (64 - 8*size)
	}
	n, ok := d.Uint(min, max)
	if !ok {
		return
	}
	storeInteger(p, size, n)
}

// storeInteger writes the low size bytes of n at p, an integer of that
// size: a signed one's bits are those of its conversion to uint64.
func storeInteger(p unsafe.Pointer, size uint8, n uint64) {
	switch size {
	case 1:
		*(*uint8)(p) = uint8(n)
	case 2:
		*(*uint16)(p) = uint16(n)
	case 4:
		*(*uint32)(p) = uint32(n)
	default:
		*(*uint64)(p) = n
	}
}

// WriteStruct writes the struct at p as a JSON object, as s describes it.
func WriteStruct(e *Encoder, s *Struct, p unsafe.Pointer) {
	e.Object()
	for i := range s.Fields {
		f := &s.Fields[i]
		q := unsafe.Add(p, f.Offset)
		if f.Pointer {
			if q = *(*unsafe.Pointer)(q); q == nil {
				continue
			}
		} else if f.OmitEmpty && isEmpty(f, q) {
			continue
		}
		e.Member(f.Key)
		// The usual kinds in place, the rest by writeValue.
		switch f.Kind {
		case FieldString, FieldEnum:
			e.buf = appendQuoted(e.buf, *(*string)(q))
		case FieldInt | 8:
			e.buf = strconv.AppendInt(e.buf, *(*int64)(q), 10)
		case FieldBool:
			e.buf = strconv.AppendBool(e.buf, *(*bool)(q))
		case FieldFloat64:
			if out, ok := appendShortDecimal(e.buf, *(*float64)(q)); ok {
				e.buf = out
				break
			}
			writeValue(e, f, q)
		default:
			writeValue(e, f, q)
		}
	}
	e.EndObject()
}

func isEmpty(f *Field, p unsafe.Pointer) bool {
	switch f.Kind {
	case FieldString, FieldEnum:
		return len(*(*string)(p)) == 0
	case FieldStrings:
		return len(*(*[]string)(p)) == 0
	case FieldStruct, FieldTime:
		return false
	case FieldAny:
		return *(*any)(p) == nil
	case FieldSlice:
		return len(*(*[]byte)(p)) == 0 // the length of any slice's header
	case FieldFloat32:
		return *(*float32)(p) == 0
	case FieldFloat64:
		return *(*float64)(p) == 0
	}
	switch f.Kind & 0xF {
	case 1:
		return *(*uint8)(p) == 0
	case 2:
		return *(*uint16)(p) == 0
	case 4:
		return *(*uint32)(p) == 0
	}
	return *(*uint64)(p) == 0
}

func writeValue(e *Encoder, f *Field, p unsafe.Pointer) {
	switch f.Kind {
	case FieldString, FieldEnum:
		e.String(*(*string)(p))
	case FieldBool:
		e.Bool(*(*bool)(p))
	case FieldStrings:
		e.Array()
		for _, s := range *(*[]string)(p) {
			e.String(s)
		}
		e.EndArray()
	case FieldStruct:
		WriteStruct(e, f.Elem, p)
	case FieldTime:
		e.Time(*(*time.Time)(p))
	case FieldAny:
		e.Any(*(*any)(p))
	case FieldSlice:
		writeSlice(e, f.Item, p)
	case FieldInt | 1:
		e.Int(int64(*(*int8)(p)))
	case FieldInt | 2:
		e.Int(int64(*(*int16)(p)))
	case FieldInt | 4:
		e.Int(int64(*(*int32)(p)))
	case FieldInt | 8:
		e.Int(*(*int64)(p))
	case FieldUint | 1:
		e.Uint(uint64(*(*uint8)(p)))
	case FieldUint | 2:
		e.Uint(uint64(*(*uint16)(p)))
	case FieldUint | 4:
		e.Uint(uint64(*(*uint32)(p)))
	case FieldUint | 8:
		e.Uint(*(*uint64)(p))
	case FieldFloat32:
		e.Float(float64(*(*float32)(p)), 32)
	case FieldFloat64:
		e.Float(*(*float64)(p), 64)
	default:
		panic("toolimpl: a member of kind " + kindText(f.Kind))
	}
}

// float32Bound bounds a float32 as its schema writes the bound, the
// shortest decimal that reads back as math.MaxFloat32 in 32 bits (the
// decoder compares the float64 it reads with exactly this value).
const float32Bound = 3.4028235e+38

// writeSlice writes the slice of it at p.
func writeSlice(e *Encoder, it *Field, p unsafe.Pointer) {
	hdr := *(*[]byte)(p) // the data and length of any slice's header
	data, n := unsafe.Pointer(unsafe.SliceData(hdr)), uintptr(len(hdr))
	var size uintptr
	switch it.Kind {
	case FieldString, FieldEnum:
		size = unsafe.Sizeof("")
	case FieldTime:
		size = unsafe.Sizeof(time.Time{})
	case FieldStruct:
		size = it.Elem.Size
	default:
		size = scalarSize(it.Kind)
	}
	e.Array()
	for i := range n {
		writeValue(e, it, unsafe.Add(data, i*size))
	}
	e.EndArray()
}

func kindText(k uint8) string {
	const digits = "0123456789abcdef"
	return "0x" + string(digits[k>>4&0xF]) + string(digits[k&0xF])
}

// New allocates a T, for Struct.New.
func New[T any]() unsafe.Pointer { return unsafe.Pointer(new(T)) }

// Tool describes a tool's dispatch for Dispatch: its name, the tables of
// its arguments and result, and its options.
type Tool struct {
	Name toolgen.ToolName
	// In describes the arguments' struct; Out the result's, nil for a tool
	// whose result is "ok".
	In, Out *Struct
	// NoRepair: the tool's arguments are never repaired.
	NoRepair bool
	// Text: the tool returns a string (Out is nil), the text of its
	// result; out points to it.
	Text bool
	// NilResult is set for a tool that returns a pointer to its result's
	// struct: out then points to that pointer, and a nil one is a failed
	// result that says this.
	NilResult string

	// resultSize is about the length of the last result written, which
	// sizes the room the next call reserves for its result (resultRoom).
	resultSize atomic.Int32
}

// NoArgs describes the arguments of a tool that takes none: an empty
// object, as its schema says. Dispatch reads them into nothing.
var NoArgs = &Struct{Object: Object{Names: []string{}}}

// maxResultRoom bounds the room a call reserves for its result: a longer
// result grows its buffer as it is written, and one long result does not
// make every later call allocate as much.
const maxResultRoom = 16 << 10

// resultRoom is the room to reserve for a result when the last one was
// last bytes: that and an eighth more, up to maxResultRoom, or the
// decoder's default before the first result.
func resultRoom(last int32) int {
	if last == 0 {
		return 0
	}
	return min(int(last)+int(last)/8+8, maxResultRoom)
}

// noteResultSize remembers n as the last result's length, unless the one
// remembered is within a quarter of it: a tool whose results keep their
// length writes nothing shared call after call. Calls in parallel may
// store over each other: it is only a size hint.
func (t *Tool) noteResultSize(n int) {
	n = min(n, maxResultRoom)
	if cur := int(t.resultSize.Load()); n > cur || n < cur-cur/4 {
		t.resultSize.Store(int32(n))
	}
}

// Dispatch reads args into the struct at in, as t.In describes it; when
// they are valid (and the context is not only checking them) calls call,
// and writes the struct at out as the result. A panic anywhere in between
// is a failed result naming the tool. Generated code calls it with the
// tool's function in a closure that stays on the stack:
//
//	func toolgenCallGetWeather(ctx context.Context, args []byte) (toolgen.Result, error) {
//		var in Args
//		var out Forecast
//		return toolimpl.Dispatch(ctx, args, &toolgenToolGetWeather, unsafe.Pointer(&in), unsafe.Pointer(&out), func(ctx context.Context) (err error) {
//			out, err = GetWeather(ctx, in)
//			return err
//		})
//	}
func Dispatch(ctx context.Context, args []byte, t *Tool, in, out unsafe.Pointer, call func(context.Context) error) (res toolgen.Result, err error) {
	defer Recover(t.Name, &res, &err)
	var d Decoder
	d.Reset(args)
	if t.Out != nil {
		d.ReserveSpare(resultRoom(t.resultSize.Load()))
	}
	if !t.NoRepair {
		d.RepairIfAsked(ctx)
	}
	ReadStruct(&d, t.In, in)
	if err := d.Close(); err != nil {
		return BadArgs(err), nil
	}
	if Checking(ctx) {
		return res, nil
	}
	if err := call(ctx); err != nil {
		return ToolFailed(ctx, err)
	}
	if t.Out == nil {
		if t.Text {
			return toolgen.TextResult(*(*string)(out)), nil
		}
		return toolgen.TextResult("ok"), nil
	}
	if t.NilResult != "" {
		if out = *(*unsafe.Pointer)(out); out == nil {
			return toolgen.ErrorResult(t.NilResult), nil
		}
	}
	var e Encoder
	e.Reset(d.Spare())
	WriteStruct(&e, t.Out, out)
	t.noteResultSize(len(e.buf))
	return Structured(&e), nil
}
