package emit

import (
	"strings"
	"testing"

	"github.com/dave/jennifer/jen"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// block renders statements as a function body.
func block(code []jen.Code) string {
	return render(jen.Func().Id("f").Params().Block(code...))
}

// TestUntaggedUnionDispatch checks an untagged union switches on the JSON
// kind of the value, one case per member, stores a pointer member by its
// address, and names the kinds it expected.
func TestUntaggedUnionDispatch(t *testing.T) {
	name := &model.Type{Kind: model.KindString, Name: "Name"}
	list := &model.Type{Kind: model.KindSlice, Name: "List", Elem: stringT}
	u := &model.Union{ID: "Target", Members: []*model.UnionMember{
		{Name: "name", Type: name, JSONType: "string"},
		{Name: "list", Type: list, JSONType: "array", Pointer: true},
	}}
	g, _ := testGen()
	got := block(g.untaggedReader(u))
	for _, want := range []string{
		"switch d.Kind() {\n\tcase toolimpl.KindString:\n\t\tvar m Name",
		"\t\t*v = m\n\tcase toolimpl.KindArray:\n\t\tvar m List",
		"\t\t*v = &m\n\tdefault:\n\t\td.Expected(\"string or array\")",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("want\n%s\nin\n%s", want, got)
		}
	}
}

// TestTaggedUnionDispatch checks a tagged union reads the tag, then the
// member it names with a reader of its own, and refuses another tag with
// the list of known ones.
func TestTaggedUnionDispatch(t *testing.T) {
	circle := structT("Circle", &model.Field{Type: floatT, JSONName: "r", Path: []model.Step{{Name: "R"}}})
	square := structT("Square", &model.Field{Type: floatT, JSONName: "side", Path: []model.Step{{Name: "Side"}}})
	u := &model.Union{ID: "Shape", Tag: "kind", Members: []*model.UnionMember{
		{Name: "circle", Type: circle}, {Name: "square", Type: square, Pointer: true},
	}}
	g, _ := testGen()
	got := block(g.taggedReader(u))
	for _, want := range []string{
		"tag, _ := d.Tag(\"kind\")\n\tswitch string(tag) {\n\tcase \"circle\":\n\t\tvar m Circle\n\t\ttoolgenDecodeShape_Circle(d, &m)\n\t\t*v = m",
		"case \"square\":\n\t\tvar m Square\n\t\ttoolgenDecodeShape_Square(d, &m)\n\t\t*v = &m",
		"default:\n\t\td.BadTag(\"kind\", \"\\\"circle\\\", \\\"square\\\"\")",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("want\n%s\nin\n%s", want, got)
		}
	}
	if !g.helpers["toolgenDecodeShape_Circle"] || !g.helpers["toolgenDecodeShape_Square"] {
		t.Errorf("member readers not asked for: %v", g.helpers)
	}
}

func TestOrList(t *testing.T) {
	for words, want := range map[string]string{"": "", "a": "a", "a b": "a or b", "a b c": "a, b or c"} {
		if got := orList(strings.Fields(words)); got != want {
			t.Errorf("orList(%q) = %q, want %q", words, got, want)
		}
	}
}

// TestRuleFieldMatches checks what each kind of rule field's glob is
// matched against, as the rule type's doc says.
func TestRuleFieldMatches(t *testing.T) {
	tagged := &model.Type{Kind: model.KindUnion, Union: &model.Union{Tag: "kind", Members: []*model.UnionMember{{Name: "circle"}}}}
	tests := []struct {
		t    *model.Type
		want string
	}{
		{stringT, ""},
		{sortT, ""},
		{&model.Type{Kind: model.KindPointer, Elem: stringT}, "a string's text or null"},
		{levelT, `an integer in canonical form ("7" matches 7.0)`},
		{&model.Type{Kind: model.KindPointer, Elem: &model.Type{Kind: model.KindPointer, Elem: floatT}}, `a number in canonical form or null ("0.5" matches 5e-1)`},
		{boolT, "true or false"},
		{mapT, `compact JSON, numbers in canonical form (\[1] matches [1.0])`},
		{anyT, "a string's text, else compact JSON with numbers in canonical form"},
		{tagged, `compact JSON, numbers in canonical form, members in the order sent (*"kind":"circle"* matches that member)`},
	}
	for _, tt := range tests {
		if got := ruleFieldMatches(tt.t); got != tt.want {
			t.Errorf("ruleFieldMatches(%v) = %q, want %q", tt.t.Kind, got, tt.want)
		}
	}
}

// TestNumberCalls checks the bounds of the decoder's number calls: the
// tag's, else the type's width.
func TestNumberCalls(t *testing.T) {
	int8T := &model.Type{Kind: model.KindInt, Bits: 8, Name: "int8"}
	uint16T := &model.Type{Kind: model.KindUint, Bits: 16, Name: "uint16"}
	float32T := &model.Type{Kind: model.KindFloat, Bits: 32, Name: "float32"}
	tests := []struct {
		call *jen.Statement
		want string
	}{
		{intCall(int8T, model.Constraints{}), "d.Int(-128, 127)"},
		{intCall(int8T, model.Constraints{Min: "1"}), "d.Int(1, 127)"},
		{intCall(uint16T, model.Constraints{Max: "9"}), "d.Uint(0, 9)"},
		{floatCall(floatT, model.Constraints{}), "d.Float(math.Inf(-1), math.Inf(1), 64)"},
		{floatCall(float32T, model.Constraints{Min: "0.5"}), "d.Float(0.5, 3.4028235e+38, 32)"},
	}
	for _, tt := range tests {
		if got := strings.TrimPrefix(render(jen.Id("_").Op("=").Add(tt.call)), "_ = "); got != tt.want {
			t.Errorf("got %s, want %s", got, tt.want)
		}
	}
}
