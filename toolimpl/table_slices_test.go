package toolimpl

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/require"
)

type withSlices struct {
	Ints    []int       `json:"ints"`
	Times   []time.Time `json:"times"`
	Structs []inner     `json:"structs"`
}

// innerSliced is innerTable for an inner that slices hold.
var innerSliced = &Struct{
	Object: Object{Names: innerTable.Names, Required: innerTable.Required, NullAbsent: innerTable.NullAbsent},
	Fields: innerTable.Fields, New: innerTable.New,
	Size: unsafe.Sizeof(inner{}), ReadSlice: ReadSlice[inner],
}

var withSlicesTable = &Struct{
	Object: Object{Names: []string{"ints", "times", "structs"}},
	Fields: []Field{
		{Offset: unsafe.Offsetof(withSlices{}.Ints), Kind: FieldSlice, Item: &Field{Kind: FieldInt | uint8(unsafe.Sizeof(0))}, Key: `"ints":`},
		{Offset: unsafe.Offsetof(withSlices{}.Times), Kind: FieldSlice, Item: &Field{Kind: FieldTime}, Key: `"times":`},
		{Offset: unsafe.Offsetof(withSlices{}.Structs), Kind: FieldSlice, Item: &Field{Kind: FieldStruct, Elem: innerSliced}, Key: `"structs":`},
	},
}

// slicesDoc is a document whose arrays hold n elements each.
func slicesDoc(n int) string {
	var ints, times, structs []string
	for i := range n {
		ints = append(ints, fmt.Sprint(i*7-3))
		times = append(times, fmt.Sprintf(`"2026-12-%02dT10:00:00Z"`, i%28+1))
		structs = append(structs, fmt.Sprintf(`{"x":%d,"y":"%s"}`, i, strings.Repeat("y", i)))
	}
	return `{"ints":[` + strings.Join(ints, ",") + `],"times":[` + strings.Join(times, ",") +
		`],"structs":[` + strings.Join(structs, ",") + `]}`
}

// Slices of numbers, times and structs read and write as encoding/json
// reads and writes them, at every length around the eight elements a
// reader keeps on its stack, [] as an empty slice.
func TestTableSlices(t *testing.T) {
	for _, n := range []int{0, 1, 7, 8, 9, 30} {
		doc := slicesDoc(n)
		var want withSlices
		require.NoError(t, json.Unmarshal([]byte(doc), &want))

		var d Decoder
		d.Reset([]byte(doc))
		var got withSlices
		ReadStruct(&d, withSlicesTable, unsafe.Pointer(&got))
		require.NoError(t, d.Close(), "%d elements", n)
		require.Equal(t, want, got, "%d elements", n)
		require.NotNil(t, got.Structs, "[] reads as an empty slice")

		var e Encoder
		e.Reset(nil)
		WriteStruct(&e, withSlicesTable, unsafe.Pointer(&got))
		out, err := e.Written()
		require.NoError(t, err)
		wantOut, err := json.Marshal(want)
		require.NoError(t, err)
		require.JSONEq(t, string(wantOut), string(out), "%d elements", n)
	}
}

// A problem inside an element names its place, and reading goes on.
func TestTableSliceProblems(t *testing.T) {
	var d Decoder
	d.Reset([]byte(`{"structs":[{"x":1},{"y":"no x"},{"x":"two"}],"ints":[1,"a"]}`))
	var got withSlices
	ReadStruct(&d, withSlicesTable, unsafe.Pointer(&got))
	err := d.Close()
	require.Error(t, err)
	for _, want := range []string{"/structs/1/x: missing", "/structs/2/x:", "/ints/1:"} {
		require.Contains(t, err.Error(), want)
	}
}
