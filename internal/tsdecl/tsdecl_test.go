package tsdecl

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-dev/toolgen/internal/model"
)

func str() *model.Type { return &model.Type{Kind: model.KindString} }

func field(name string, t *model.Type, required bool) *model.Field {
	return &model.Field{JSONName: name, Path: []model.Step{{Name: name}}, Type: t, Required: required}
}

func named(name, doc string, fields ...*model.Field) *model.Type {
	return &model.Type{Kind: model.KindStruct, Name: name, Doc: doc, Struct: &model.Struct{ID: name, Fields: fields}}
}

// derive declares one tool taking args (a struct parameter) and returning
// result, and returns the package's whole text.
func derive(args, result *model.Type) string {
	tool := &model.Tool{Name: "t", Doc: "T does it.", Input: args.Struct,
		Params: []*model.Param{{Kind: model.ParamStruct, Type: args}},
		Result: model.Result{Kind: model.ResultValue, Type: result, HasError: true}}
	pkg := &model.Package{Tools: []*model.Tool{tool}}
	Derive(pkg)
	return strings.Join(append(pkg.CodeModeTypes, tool.CodeMode.Text), "\n")
}

func TestRequiredPointerTakesNull(t *testing.T) {
	p := named("P", "", field("a", &model.Type{Kind: model.KindPointer, Elem: str()}, true),
		field("b", &model.Type{Kind: model.KindPointer, Elem: str()}, false))
	assert.Equal(t, `interface P { a: string | null; b?: string }
interface POutput { a?: string; b?: string }
/** T does it. */
declare function t(args: P): Promise<POutput>;`, derive(p, p), "a result's pointers may be left out")
}

func TestFlagsInAResultAreAnInteger(t *testing.T) {
	flags := &model.Type{Kind: model.KindEnum, Name: "Perm", Basic: model.KindInt,
		Enum: &model.Enum{Values: []model.EnumValue{{GoName: "R", Value: "1", Doc: "read"}, {GoName: "W", Value: "2"}}}}
	s := named("S", "", field("perm", flags, true))
	assert.Equal(t, `interface S { perm: Perm }
/** 1: read */
type Perm = 1 | 2;
interface SOutput { perm: integer }
/** A JSON number without a fraction. */
type integer = number;
/** T does it. */
declare function t(args: S): Promise<SOutput>;`, derive(s, s))
}

func TestNamesAndCommentsCannotBreakOut(t *testing.T) {
	e := named("Error", "Error ends with */ here.", field("msg", str(), true))
	assert.Equal(t, `/** Error ends with *\/ here. */
interface Error2 { msg: string }
/** T does it. */
declare function t(args: Error2): Promise<Error2>;`, derive(e, e), "TypeScript's Error is left alone; one declaration serves both ways")
}

// A and B refer to each other and read and write alike, but for a member
// of B: A's output form must name B's output form, not the try that
// found they differ.
func TestMutualRecursionInTwoDirections(t *testing.T) {
	a := named("A", "")
	b := named("B", "", field("a", &model.Type{Kind: model.KindPointer, Elem: a}, false),
		&model.Field{JSONName: "n", Path: []model.Step{{Name: "n"}}, Type: str(), OmitEmpty: true, Required: true})
	a.Struct.Fields = []*model.Field{field("b", &model.Type{Kind: model.KindSlice, Elem: b}, true)}
	a.Struct.Recursive, b.Struct.Recursive = true, true
	assert.Equal(t, `interface A { b: B[] }
interface B { a?: A; n: string }
interface AOutput { b: BOutput[] }
interface BOutput { a?: AOutput; n?: string }
/** T does it. */
declare function t(args: A): Promise<AOutput>;`, derive(a, a))
}
