package emit

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/model"
)

var (
	stringT = &model.Type{Kind: model.KindString, Name: "string"}
	intT    = &model.Type{Kind: model.KindInt, Bits: 64, Name: "int"}
	uint64T = &model.Type{Kind: model.KindUint, Bits: 64, Name: "uint64"}
	floatT  = &model.Type{Kind: model.KindFloat, Bits: 64, Name: "float64"}
	boolT   = &model.Type{Kind: model.KindBool, Name: "bool"}
	timeT   = &model.Type{Kind: model.KindTime, Name: "Time", Pkg: "time"}
	anyT    = &model.Type{Kind: model.KindAny}
	mapT    = &model.Type{Kind: model.KindMap, Key: stringT, Elem: intT}
	sortT   = &model.Type{Kind: model.KindEnum, Name: "Sort", Basic: model.KindString, Enum: &model.Enum{Values: []model.EnumValue{
		{GoName: "SortScore", Value: `"score"`}, {GoName: "SortDate", Value: `"date"`}}}}
	levelT = &model.Type{Kind: model.KindEnum, Name: "Level", Basic: model.KindInt, Enum: &model.Enum{Values: []model.EnumValue{
		{GoName: "Low", Value: "1"}, {GoName: "High", Value: "2"}}}}
	flagT = &model.Type{Kind: model.KindEnum, Name: "Flag", Basic: model.KindUint, Enum: &model.Enum{Values: []model.EnumValue{{GoName: "On", Value: "1"}}}}
)

func ptr(n int) *int { return &n }

// structT is a named struct type of one field.
func structT(name string, f *model.Field) *model.Type {
	if f.Path == nil {
		f.Path = []model.Step{{Name: "V"}}
	}
	if f.JSONName == "" {
		f.JSONName = "v"
	}
	return &model.Type{Kind: model.KindStruct, Name: name, Struct: &model.Struct{ID: name, Fields: []*model.Field{f}}}
}

// testGen is a generator of an empty package writing into a file of its
// own, which render shows.
func testGen() (*generator, *jen.File) {
	g := newGenerator(&model.Package{})
	f := jen.NewFile("p")
	g.code = f.Group
	return g, f
}

func render(c jen.Code) string { return fmt.Sprintf("%#v", c) }

// TestFieldEntries renders the toolimpl.Field of a member of each kind a
// table describes, and refuses those it does not.
func TestFieldEntries(t *testing.T) {
	const key = "Key: `\"v\":`}"
	tests := []struct {
		name  string
		field *model.Field
		place int
		want  string // "" for a member no table describes
	}{
		{"string", &model.Field{Type: stringT}, 0, `{Offset: unsafe.Offsetof(T{}.V), Kind: toolimpl.FieldString, ` + key},
		{"required string", &model.Field{Type: stringT, Required: true}, 2, `{Offset: unsafe.Offsetof(T{}.V), Kind: toolimpl.FieldString, Required: 2, ` + key},
		{"bounded string", &model.Field{Type: stringT, Constraints: model.Constraints{MaxLength: ptr(5)}}, 0,
			`{Offset: unsafe.Offsetof(T{}.V), Kind: toolimpl.FieldString, Bounded: true, Min: 0, Max: 5, ` + key},
		{"string format", &model.Field{Type: stringT, Constraints: model.Constraints{Format: "email"}}, 0,
			`{Offset: unsafe.Offsetof(T{}.V), Kind: toolimpl.FieldString, Check: &toolimpl.Check{Format: "email"}, ` + key},
		{"omitempty", &model.Field{Type: boolT, OmitEmpty: true}, 0, `{Offset: unsafe.Offsetof(T{}.V), Kind: toolimpl.FieldBool, OmitEmpty: true, ` + key},
		{"time", &model.Field{Type: timeT}, 0, `{Offset: unsafe.Offsetof(T{}.V), Kind: toolimpl.FieldTime, ` + key},
		{"any", &model.Field{Type: anyT}, 0, `{Offset: unsafe.Offsetof(T{}.V), Kind: toolimpl.FieldAny, ` + key},
		{"bounded int", &model.Field{Type: intT, Constraints: model.Constraints{Min: "1", Max: "14"}}, 0,
			`{Offset: unsafe.Offsetof(T{}.V), Kind: toolimpl.FieldInt | uint8(unsafe.Sizeof(T{}.V)), Bounded: true, Min: 1, Max: 14, ` + key},
		{"pointer to int", &model.Field{Type: &model.Type{Kind: model.KindPointer, Elem: intT}}, 0,
			`{Offset: unsafe.Offsetof(T{}.V), Kind: toolimpl.FieldInt | uint8(unsafe.Sizeof(*T{}.V)), Pointer: true, ` + key},
		{"bounded float", &model.Field{Type: floatT, Constraints: model.Constraints{Min: "0"}}, 0,
			`{Offset: unsafe.Offsetof(T{}.V), Kind: toolimpl.FieldFloat64, Check: &toolimpl.Check{FloatMin: 0, FloatMax: math.MaxFloat64, FloatBounded: true}, ` + key},
		{"string enum", &model.Field{Type: sortT}, 0, `{Offset: unsafe.Offsetof(T{}.V), Kind: toolimpl.FieldEnum, Enum: toolgenEnumSort, ` + key},
		{"int enum", &model.Field{Type: levelT}, 0,
			`{Offset: unsafe.Offsetof(T{}.V), Kind: toolimpl.FieldInt | uint8(unsafe.Sizeof(T{}.V)), Enum: toolgenEnumLevel, ` + key},
		{"strings", &model.Field{Type: &model.Type{Kind: model.KindSlice, Elem: stringT}}, 0, `{Offset: unsafe.Offsetof(T{}.V), Kind: toolimpl.FieldStrings, ` + key},
		{"ints, at most 3", &model.Field{Type: &model.Type{Kind: model.KindSlice, Elem: intT}, Constraints: model.Constraints{MaxItems: ptr(3)}}, 0,
			`{Offset: unsafe.Offsetof(T{}.V), Kind: toolimpl.FieldSlice, Bounded: true, Min: 0, Max: 3, Item: &toolimpl.Field{Kind: toolimpl.FieldInt | uint8(unsafe.Sizeof(T{}.V[0]))}, ` + key},
		{"nested struct", &model.Field{Type: structT("Inner", &model.Field{Type: boolT})}, 0,
			`{Offset: unsafe.Offsetof(T{}.V), Kind: toolimpl.FieldStruct, Elem: toolgenTypeInner, ` + key},

		{"map", &model.Field{Type: mapT}, 0, ""},
		{"unsigned enum", &model.Field{Type: flagT}, 0, ""},
		{"uint64 bound above int64", &model.Field{Type: uint64T, Constraints: model.Constraints{Max: "18446744073709551615"}}, 0, ""},
		{"length of an int", &model.Field{Type: intT, Constraints: model.Constraints{MinLength: ptr(1)}}, 0, ""},
		{"bounds of a string", &model.Field{Type: stringT, Constraints: model.Constraints{Min: "1"}}, 0, ""},
		{"items of a string", &model.Field{Type: stringT, Constraints: model.Constraints{MinItems: ptr(1)}}, 0, ""},
		{"default", &model.Field{Type: intT, Constraints: model.Constraints{Default: &model.Value{JSON: "1", Go: "1"}}}, 0, ""},
		{"omitzero", &model.Field{Type: intT, OmitZero: true}, 0, ""},
		{"embedded", &model.Field{Type: intT, Path: []model.Step{{Name: "E"}, {Name: "V"}}}, 0, ""},
		{"pointer to slice", &model.Field{Type: &model.Type{Kind: model.KindPointer, Elem: &model.Type{Kind: model.KindSlice, Elem: stringT}}}, 0, ""},
		{"slice of maps", &model.Field{Type: &model.Type{Kind: model.KindSlice, Elem: mapT}}, 0, ""},
		{"slice of structs no table allocates", &model.Field{Type: &model.Type{Kind: model.KindSlice, Elem: structT("Item", &model.Field{Type: boolT})}}, 0, ""},
		{"open struct", &model.Field{Type: &model.Type{Kind: model.KindStruct, Name: "Open", Struct: &model.Struct{ID: "Open", Open: true}}}, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, _ := testGen()
			owner := structT("T", tt.field)
			entry, ok := g.fieldEntry(owner, tt.field, tt.place)
			if tt.want == "" {
				if ok {
					t.Fatalf("a table describes it: %s", strings.TrimPrefix(render(impl("Field").Add(entry.literal())), "toolimpl.Field"))
				}
				return
			}
			if !ok {
				t.Fatal("no table describes it")
			}
			if got := strings.TrimPrefix(render(impl("Field").Add(entry.literal())), "toolimpl.Field"); got != tt.want {
				t.Errorf("entry:\n got  %s\n want %s", got, tt.want)
			}
		})
	}
}

// TestTablesAreWritten checks that a struct's table is written with the
// enum tables and nested tables it names, each once, and that a struct
// table is refused for the file of Codecs (noTables).
func TestTablesAreWritten(t *testing.T) {
	g, f := testGen()
	inner := structT("Inner", &model.Field{Type: sortT, Required: true})
	outer := &model.Type{Kind: model.KindStruct, Name: "Outer", Struct: &model.Struct{ID: "Outer", Fields: []*model.Field{
		{JSONName: "a", Path: []model.Step{{Name: "A"}}, Type: inner},
		{JSONName: "b", Path: []model.Step{{Name: "B"}}, Type: inner},
	}}}
	name, ok := g.table(outer)
	if !ok || name != "toolgenTypeOuter" {
		t.Fatalf("table(Outer) = %q, %t", name, ok)
	}
	for i := 0; i < len(g.helperQueue); i++ {
		g.helperQueue[i]()
	}
	src := render(f)
	for _, want := range []string{
		"var toolgenTypeOuter = &toolimpl.Struct{",
		`Names: []string{"a", "b"}`,
		"var toolgenTypeInner = &toolimpl.Struct{",
		`Object: toolimpl.Object{Names: []string{"v"}, Required: []int{0}}`,
		`var toolgenEnumSort = &toolimpl.Enum{Values: []string{"score", "date"}, Allowed: "\"score\", \"date\""}`,
	} {
		if strings.Count(src, want) != 1 {
			t.Errorf("want once %s in:\n%s", want, src)
		}
	}
	g.noTables = true
	g.tables = map[*model.Struct]bool{}
	if _, ok := g.table(outer); ok {
		t.Error("a table with noTables")
	}
}

// TestCodecHelpers checks the reader and writer of a tabled struct call
// toolimpl's table functions, and those of a struct without a table have
// generated bodies.
func TestCodecHelpers(t *testing.T) {
	tabled := structT("Args", &model.Field{Type: stringT})
	open := &model.Type{Kind: model.KindStruct, Name: "Open", Struct: &model.Struct{ID: "Open", Open: true}}
	g, f := testGen()
	if got := g.structHelper(tabled) + " " + g.encodeHelper(tabled) + " " + g.structHelper(open); got != "toolgenDecodeArgs toolgenEncodeArgs toolgenDecodeOpen" {
		t.Fatalf("names: %s", got)
	}
	for i := 0; i < len(g.helperQueue); i++ {
		g.helperQueue[i]()
	}
	src := render(f)
	for _, want := range []string{
		"// toolgenDecodeArgs reads a Args object, as its table says.\nfunc toolgenDecodeArgs(d *toolimpl.Decoder, v *Args) {\n\ttoolimpl.ReadStruct(d, toolgenTypeArgs, unsafe.Pointer(v))\n}",
		"// toolgenEncodeArgs writes a Args object, as its table says.\nfunc toolgenEncodeArgs(e *toolimpl.Encoder, v *Args) {\n\ttoolimpl.WriteStruct(e, toolgenTypeArgs, unsafe.Pointer(v))\n}",
		"// toolgenDecodeOpen reads a Open object.\nfunc toolgenDecodeOpen(d *toolimpl.Decoder, v *Open) {",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("want %s in:\n%s", want, src)
		}
	}
}
