package toolimpl

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

// allKinds has a member of every kind a Field describes.
type allKinds struct {
	S   string    `json:"s"`
	E   string    `json:"e,omitempty"`
	B   bool      `json:"b,omitempty"`
	I   int       `json:"i,omitempty"`
	I8  int8      `json:"i8,omitempty"`
	I16 int16     `json:"i16,omitempty"`
	I32 int32     `json:"i32,omitempty"`
	I64 int64     `json:"i64,omitempty"`
	U   uint      `json:"u,omitempty"`
	U8  uint8     `json:"u8,omitempty"`
	U16 uint16    `json:"u16,omitempty"`
	U32 uint32    `json:"u32,omitempty"`
	U64 uint64    `json:"u64,omitempty"`
	F32 float32   `json:"f32,omitempty"`
	F64 float64   `json:"f64,omitempty"`
	SS  []string  `json:"ss,omitempty"`
	N   inner     `json:"n"`
	PN  *inner    `json:"pn,omitempty"`
	PI  *int      `json:"pi,omitempty"`
	PS  *string   `json:"ps,omitempty"`
	PE  *string   `json:"pe,omitempty"`
	PB  *bool     `json:"pb,omitempty"`
	PF  *float64  `json:"pf,omitempty"`
	PSS *[]string `json:"pss,omitempty"`
	Odd string    `json:"a<b,omitempty"`
	Len string    `json:"len,omitempty"`
	Bnd int16     `json:"bnd,omitempty"`
}

type inner struct {
	X int32  `json:"x"`
	Y string `json:"y,omitempty"`
}

var innerTable = &Struct{
	Object: Object{Names: []string{"x", "y"}, Required: []int{0}, NullAbsent: []int{1}},
	Fields: []Field{
		{Offset: unsafe.Offsetof(inner{}.X), Kind: FieldInt | uint8(unsafe.Sizeof(inner{}.X)), Required: 1, Key: `"x":`},
		{Offset: unsafe.Offsetof(inner{}.Y), Kind: FieldString, OmitEmpty: true, Key: `"y":`},
	},
	New: New[inner],
}

var colors = &Enum{Values: []string{"red", "green"}, Allowed: `"red", "green"`}

var allKindsTable = func() *Struct {
	var v allKinds
	base := uintptr(unsafe.Pointer(&v))
	off := func(p unsafe.Pointer) uintptr { return uintptr(p) - base }
	f := func(p unsafe.Pointer, kind uint8, key string) Field {
		return Field{Offset: off(p), Kind: kind, OmitEmpty: true, Key: `"` + key + `":`}
	}
	fields := []Field{
		{Offset: off(unsafe.Pointer(&v.S)), Kind: FieldString, Required: 1, Key: `"s":`},
		f(unsafe.Pointer(&v.E), FieldEnum, "e"),
		f(unsafe.Pointer(&v.B), FieldBool, "b"),
		f(unsafe.Pointer(&v.I), FieldInt|uint8(unsafe.Sizeof(v.I)), "i"),
		f(unsafe.Pointer(&v.I8), FieldInt|1, "i8"),
		f(unsafe.Pointer(&v.I16), FieldInt|2, "i16"),
		f(unsafe.Pointer(&v.I32), FieldInt|4, "i32"),
		f(unsafe.Pointer(&v.I64), FieldInt|8, "i64"),
		f(unsafe.Pointer(&v.U), FieldUint|uint8(unsafe.Sizeof(v.U)), "u"),
		f(unsafe.Pointer(&v.U8), FieldUint|1, "u8"),
		f(unsafe.Pointer(&v.U16), FieldUint|2, "u16"),
		f(unsafe.Pointer(&v.U32), FieldUint|4, "u32"),
		f(unsafe.Pointer(&v.U64), FieldUint|8, "u64"),
		f(unsafe.Pointer(&v.F32), FieldFloat32, "f32"),
		f(unsafe.Pointer(&v.F64), FieldFloat64, "f64"),
		f(unsafe.Pointer(&v.SS), FieldStrings, "ss"),
		{Offset: off(unsafe.Pointer(&v.N)), Kind: FieldStruct, Elem: innerTable, Required: 2, Key: `"n":`},
		{Offset: off(unsafe.Pointer(&v.PN)), Kind: FieldStruct, Pointer: true, Elem: innerTable, Key: `"pn":`},
		{Offset: off(unsafe.Pointer(&v.PI)), Kind: FieldInt | uint8(unsafe.Sizeof(v.I)), Pointer: true, Key: `"pi":`},
		{Offset: off(unsafe.Pointer(&v.PS)), Kind: FieldString, Pointer: true, Key: `"ps":`},
		{Offset: off(unsafe.Pointer(&v.PE)), Kind: FieldEnum, Pointer: true, Key: `"pe":`},
		{Offset: off(unsafe.Pointer(&v.PB)), Kind: FieldBool, Pointer: true, Key: `"pb":`},
		{Offset: off(unsafe.Pointer(&v.PF)), Kind: FieldFloat64, Pointer: true, Key: `"pf":`},
		{Offset: off(unsafe.Pointer(&v.PSS)), Kind: FieldStrings, Pointer: true, Key: `"pss":`},
		f(unsafe.Pointer(&v.Odd), FieldString, "a<b"),
		{Offset: off(unsafe.Pointer(&v.Len)), Kind: FieldString, OmitEmpty: true, Bounded: true, Min: 2, Max: 4, Key: `"len":`},
		{Offset: off(unsafe.Pointer(&v.Bnd)), Kind: FieldInt | 2, OmitEmpty: true, Bounded: true, Min: -5, Max: 5, Key: `"bnd":`},
	}
	fields[1].Enum, fields[20].Enum = colors, colors
	names := make([]string, len(fields))
	var nullAbsent []int
	for i, f := range fields {
		var k string
		require.NoError(nil, json.Unmarshal([]byte(strings.TrimSuffix(f.Key, ":")), &k))
		names[i] = k
		if !f.Pointer && f.Required == 0 {
			nullAbsent = append(nullAbsent, i)
		}
	}
	return &Struct{Object: Object{Names: names, Required: []int{0, 16}, NullAbsent: nullAbsent}, Fields: fields}
}()

func readAll(t *testing.T, doc string) (allKinds, error) {
	t.Helper()
	var d Decoder
	d.Reset([]byte(doc))
	var v allKinds
	ReadStruct(&d, allKindsTable, unsafe.Pointer(&v))
	return v, d.Close()
}

// TestTableReadsAsEncodingJSON: valid documents read as encoding/json reads
// them, and what is written reads back the same and matches encoding/json's
// output.
func TestTableReadsAsEncodingJSON(t *testing.T) {
	docs := []string{
		`{"s":"x","n":{"x":1}}`,
		`{"s":"héllo \"q\" \u00e9","e":"green","b":true,"i":-9223372036854775808,"i8":-128,"i16":32767,"i32":-2147483648,"i64":9223372036854775807,
		  "u":18446744073709551615,"u8":255,"u16":65535,"u32":4294967295,"u64":18446744073709551615,"f32":3.5,"f64":-1e300,
		  "ss":["a","","c\n"],"n":{"x":-3,"y":"z"},"pn":{"x":4},"pi":0,"ps":"","pe":"red","pb":false,"pf":0.25,"pss":[],"a<b":"odd","len":"abcd","bnd":-5}`,
		`{"n":{"x":0},"s":"out of order","ss":["1","2","3","4","5","6","7","8","9","10"],"pn":null,"pi":null}`,
		`{"s":"","n":{"x":1,"y":null},"e":null,"i":null}`,
	}
	for _, doc := range docs {
		got, err := readAll(t, doc)
		require.NoError(t, err, doc)
		var want allKinds
		require.NoError(t, json.Unmarshal([]byte(doc), &want), doc)
		assert.Equal(t, want, got, doc)

		var e Encoder
		e.Reset(nil)
		WriteStruct(&e, allKindsTable, unsafe.Pointer(&got))
		out, err := e.Written()
		require.NoError(t, err)
		std, err := json.Marshal(got)
		require.NoError(t, err)
		assert.JSONEq(t, string(std), string(out), doc)
		back, err := readAll(t, string(out))
		require.NoError(t, err, string(out))
		assert.Equal(t, got, back)
	}
}

// TestTableRefuses: every problem is reported, as generated readers report
// them.
func TestTableRefuses(t *testing.T) {
	for doc, want := range map[string][]string{
		`{}`:                                     {`/s: missing (required)`, `/n: missing (required)`},
		`{"s":"x","n":{"x":1},"zz":1}`:           {`/zz: unknown`},
		`{"s":"x","n":{"x":1},"e":"blue"}`:       {`/e: "blue" is not one of "red", "green"`},
		`{"s":"x","n":{"x":1},"i8":128}`:         {`/i8`},
		`{"s":"x","n":{"x":1},"u8":-1}`:          {`/u8`},
		`{"s":"x","n":{"x":1},"u16":65536}`:      {`/u16`},
		`{"s":"x","n":{"x":1},"i32":2147483648}`: {`/i32`},
		`{"s":"x","n":{"x":1},"f32":1e39}`:       {`/f32`},
		`{"s":"x","n":{"x":1},"bnd":6}`:          {`/bnd`},
		`{"s":"x","n":{"x":1},"len":"a"}`:        {`/len`},
		`{"s":"x","n":{"x":1},"len":"abcde"}`:    {`/len`},
		`{"s":1,"n":{}}`:                         {`/s`, `/n/x: missing (required)`},
		`{"s":"x","n":{"x":1},"pn":{"x":"1"}}`:   {`/pn/x`},
		`{"s":"x","n":{"x":1},"ss":[1]}`:         {`/ss/0`},
		`{"s":"x","n":null}`:                     {`/n`},
		`[]`:                                     {`object`},
	} {
		_, err := readAll(t, doc)
		require.Error(t, err, doc)
		for _, w := range want {
			assert.Contains(t, err.Error(), w, doc)
		}
	}
}

// TestTableRefusesRepeatedNames: a member whose name came before in its
// object is refused, whatever its value, null included, at any depth, and
// the value read is never the repeated one's.
func TestTableRefusesRepeatedNames(t *testing.T) {
	const dup = ": duplicate member (a name may appear only once in an object)"
	for doc, want := range map[string]string{
		`{"s":"a","n":{"x":1},"s":"b"}`:                "/s" + dup,
		`{"s":"a","n":{"x":1},"\u0073":"b"}`:           "/s" + dup,
		`{"s":"a","n":{"x":1,"x":2}}`:                  "/n/x" + dup,
		`{"s":"a","n":{"x":1,"y":null,"y":"z"}}`:       "/n/y" + dup,
		`{"s":"a","n":{"x":1},"pn":null,"pn":{"x":2}}`: "/pn" + dup,
		`{"s":"a","n":{"x":1},"ss":["a"],"ss":["b"]}`:  "/ss" + dup,
		`{"s":"a","n":{"x":1},"bnd":1,"bnd":99}`:       "/bnd" + dup,
		`{"s":"a","n":{"x":1},"a<b":"","a\u003cb":""}`: "/a<b" + dup,
	} {
		got, err := readAll(t, doc)
		require.EqualError(t, err, "invalid arguments: "+want, doc)
		assert.Equal(t, "a", got.S, "the first value is the one read: %s", doc)
	}
	// Case variants are other names, unknown to the table.
	_, err := readAll(t, `{"s":"a","n":{"x":1},"S":"b"}`)
	assert.ErrorContains(t, err, "/S: unknown field")
}

// TestTableWritesNaNAsAnError: a float the JSON cannot hold fails the
// output, as in generated writers.
func TestTableWritesNaNAsAnError(t *testing.T) {
	v := allKinds{F64: math.NaN()}
	var e Encoder
	e.Reset(nil)
	WriteStruct(&e, allKindsTable, unsafe.Pointer(&v))
	_, err := e.Written()
	require.Error(t, err)
}

type dispatchIn struct {
	A string `json:"a"`
}

type dispatchOut struct {
	B string `json:"b"`
}

var (
	dispatchInTable  = &Struct{Object: Object{Names: []string{"a"}, Required: []int{0}}, Fields: []Field{{Offset: 0, Kind: FieldString, Required: 1, Key: `"a":`}}}
	dispatchOutTable = &Struct{Object: Object{Names: []string{"b"}, Required: []int{0}}, Fields: []Field{{Offset: 0, Kind: FieldString, Required: 1, Key: `"b":`}}}
	dispatchTool     = &Tool{Name: "t", In: dispatchInTable, Out: dispatchOutTable}
)

func dispatch(ctx context.Context, args string, fn func(dispatchIn) (dispatchOut, error)) (toolgen.Result, error) {
	var in dispatchIn
	var out dispatchOut
	return Dispatch(ctx, []byte(args), dispatchTool, unsafe.Pointer(&in), unsafe.Pointer(&out), func(ctx context.Context) (err error) {
		out, err = fn(in)
		return err
	})
}

func TestDispatch(t *testing.T) {
	ctx := context.Background()
	echo := func(in dispatchIn) (dispatchOut, error) { return dispatchOut{B: in.A + "!"}, nil }

	res, err := dispatch(ctx, `{"a":"x"}`, echo)
	require.NoError(t, err)
	assert.JSONEq(t, `{"b":"x!"}`, string(res.Structured))

	res, err = dispatch(ctx, `{"a":1}`, echo)
	require.NoError(t, err)
	assert.True(t, res.IsError)
	assert.Contains(t, res.Text(), "/a")

	res, err = dispatch(ctx, `{"a":"x"}`, func(dispatchIn) (dispatchOut, error) { panic("boom") })
	require.NoError(t, err)
	assert.True(t, res.IsError)
	assert.Contains(t, res.Text(), "tool t failed: panic: boom")

	called := false
	err = Validator(func(ctx context.Context, args []byte) (toolgen.Result, error) {
		return dispatch(ctx, string(args), func(in dispatchIn) (dispatchOut, error) { called = true; return dispatchOut{}, nil })
	})(ctx, []byte(`{"a":"x"}`))
	require.NoError(t, err)
	assert.False(t, called, "checking the arguments does not call the tool")

	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = dispatch(cctx, `{"a":"x"}`, func(dispatchIn) (dispatchOut, error) { return dispatchOut{}, cctx.Err() })
	assert.ErrorIs(t, err, context.Canceled)
}

// Dispatch reserves room for a result about as long as the last one (up to
// maxResultRoom), in the allocation that holds the arguments' strings.
// Results shorter and longer than that room, in any order, come out whole,
// and never over the strings of the arguments (kept here past their calls)
// or of one another; one long result does not make the next calls reserve
// as much.
func TestDispatchResultRoom(t *testing.T) {
	ctx := context.Background()
	type kept struct {
		arg, wantArg string
		res          []byte // not copied: a later call must not write over it
		wantRes      string
	}
	var all []kept
	for i, n := range []int{1, 300, 2, 5000, 40, 5000, 4999, 0, 70000, 3} {
		arg := strings.Repeat(string(rune('a'+i)), i*7+1)
		var got string
		res, err := dispatch(ctx, `{"a":"`+arg+`"}`, func(in dispatchIn) (dispatchOut, error) {
			got = in.A
			return dispatchOut{B: strings.Repeat("r", n)}, nil
		})
		require.NoError(t, err)
		all = append(all, kept{got, arg, res.Structured, `{"b":"` + strings.Repeat("r", n) + `"}`})
		room := resultRoom(dispatchTool.resultSize.Load())
		assert.GreaterOrEqual(t, room, min(len(res.Structured), maxResultRoom), "the next call has room for a result this long")
		assert.LessOrEqual(t, room, maxResultRoom)
	}
	assert.Less(t, resultRoom(dispatchTool.resultSize.Load()), 64, "after a short result, a long one before it reserves nothing")
	for _, k := range all {
		assert.Equal(t, k.wantArg, k.arg)
		assert.Equal(t, k.wantRes, string(k.res))
	}
}

func TestRuleOf(t *testing.T) {
	type rule struct {
		_    [0]func()
		A, B string
	}
	obj := &Object{Names: []string{"a", "b"}}
	r := rule{B: "x*"}
	got := RuleOf("t", obj, unsafe.Pointer(&r), 2)
	assert.Equal(t, toolgen.Rule{Tool: "t", Args: map[string]string{"b": "x*"}}, got)
}
