package emit

import (
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/model"
)

func TestGoType(t *testing.T) {
	tests := []struct {
		t    *model.Type
		want string
	}{
		{stringT, "string"},
		{timeT, "time.Time"},
		{&model.Type{Kind: model.KindStruct, Name: "Args"}, "Args"},
		{&model.Type{Kind: model.KindPointer, Elem: intT}, "*int"},
		{&model.Type{Kind: model.KindSlice, Elem: sortT}, "[]Sort"},
		{&model.Type{Kind: model.KindBytes}, "[]byte"},
		{&model.Type{Kind: model.KindArray, Len: 2, Elem: floatT}, "[2]float64"},
		{mapT, "map[string]int"},
		{anyT, "any"},
	}
	for _, tt := range tests {
		// As the type of a variable: a type alone is no Go source to format.
		got := strings.TrimPrefix(render(jen.Var().Id("x").Add(GoType(tt.t))), "var x ")
		if got != tt.want {
			t.Errorf("GoType = %s, want %s", got, tt.want)
		}
	}
}

// TestEmptyAndZeroTests checks omitempty's and omitzero's tests, as
// encoding/json makes them, of each kind of value.
func TestEmptyAndZeroTests(t *testing.T) {
	number := &model.Type{Kind: model.KindNumber, Name: "Number", Pkg: "encoding/json"}
	marshaler := &model.Type{Kind: model.KindJSON, Name: "Celsius", Shape: floatT}
	opaque := &model.Type{Kind: model.KindJSON, Name: "Blob"}
	point := &model.Type{Kind: model.KindStruct, Name: "Point", Comparable: true, Struct: &model.Struct{ID: "Point"}}
	tests := []struct {
		t              *model.Type
		empty, notZero string // "" for no test
	}{
		{stringT, `v != ""`, `v != ""`},
		{intT, "v != 0", "v != 0"},
		{boolT, "v != false", "v != false"},
		{&model.Type{Kind: model.KindSlice, Elem: intT}, "len(v) > 0", "v != nil"},
		{anyT, "v != nil", "v != nil"},
		{timeT, "", "!v.IsZero()"},
		{number, `v != ""`, `v != ""`},
		{marshaler, "v != 0", "v != 0"},
		{opaque, "", ""},
		{point, "", "v != (Point{})"},
		{&model.Type{Kind: model.KindStruct, Name: "Bag", Struct: &model.Struct{ID: "Bag"}}, "", ""},
	}
	for _, tt := range tests {
		for _, c := range []struct {
			name string
			test func(*model.Type, *jen.Statement) *jen.Statement
			want string
		}{{"omitempty", notEmpty, tt.empty}, {"omitzero", notZero, tt.notZero}} {
			got := ""
			if s := c.test(tt.t, jen.Id("v")); s != nil {
				got = strings.TrimPrefix(render(jen.Id("_").Op("=").Add(s)), "_ = ")
			}
			if got != c.want {
				t.Errorf("%s of %s = %q, want %q", c.name, render(jen.Var().Id("x").Add(GoType(tt.t))), got, c.want)
			}
		}
	}
}

func TestListFunc(t *testing.T) {
	g, f := testGen()
	value := func(s string) (string, jen.Code) { return s, jen.Lit(s) }
	listFunc(g, "Names", "ToolName", "Names returns the names of package p", []string{}, value)
	if src := render(f); strings.Contains(src, "func") {
		t.Fatalf("a function for no items:\n%s", src)
	}
	listFunc(g, "Names", "ToolName", "Names returns the names of package p", []string{"a", "b"}, value)
	want := "// Names returns the names of package p: a, b.\nfunc Names() []toolgen.ToolName {\n\treturn []toolgen.ToolName{\"a\", \"b\"}\n}"
	if src := render(f); !strings.Contains(src, want) {
		t.Errorf("want\n%s\nin\n%s", want, src)
	}
}
