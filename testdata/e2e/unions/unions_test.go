package unions

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

func call(t *testing.T, name toolgen.ToolName, args string) toolgen.Result {
	t.Helper()
	box, err := toolgen.NewToolbox(Tools())
	require.NoError(t, err)
	res, err := box.Call(context.Background(), name, []byte(args))
	require.NoError(t, err)
	return res
}

// structured is a result's structured content as compact JSON.
func structured(t *testing.T, res toolgen.Result) string {
	t.Helper()
	require.False(t, res.IsError, res.Text())
	b, err := json.Marshal(res.Structured)
	require.NoError(t, err)
	return string(b)
}

// decodeShape reads one shape with the generated decoder.
func decodeShape(t *testing.T, text string) (Shape, error) {
	t.Helper()
	var d toolimpl.Decoder
	d.Reset([]byte(text))
	var s Shape
	toolgenDecodeShape(&d, &s)
	return s, d.Close()
}

// encode writes a value with a generated writer.
func encode[T any](write func(*toolimpl.Encoder, T), v T) string {
	var e toolimpl.Encoder
	e.Reset(nil)
	write(&e, v)
	out, err := e.Written()
	if err != nil {
		return "error: " + err.Error()
	}
	return string(out)
}

// The tag picks the member wherever it comes in the object; value members
// are stored as T, pointer members as *T.
func TestTaggedDecodes(t *testing.T) {
	for text, want := range map[string]Shape{
		`{"kind":"circle","radius":1}`:                     Circle{Radius: 1},
		`{"radius":1,"kind":"circle"}`:                     Circle{Radius: 1},
		`{"width":2,"height":3,"kind":"rect"}`:             &Rect{Width: 2, Height: 3},
		`{"sides":4,"kind":"poly","length":2}`:             Polygon{Sides: 4, Length: 2},
		`{"kind":"rect","width":2,"height":3,"label":"x"}`: &Rect{Width: 2, Height: 3, Label: "x"},
	} {
		got, err := decodeShape(t, text)
		require.NoError(t, err, text)
		assert.Equal(t, want, got, text)
	}
	res := call(t, ToolArea, `{"shapes":[{"kind":"circle","radius":1},{"width":2,"height":3,"kind":"rect"}]}`)
	require.False(t, res.IsError, res.Text())
	assert.Contains(t, res.Text(), "9.14159")
}

// The encoder writes the tag first, then the member's fields as
// encoding/json writes the member itself.
func TestTaggedEncodes(t *testing.T) {
	res := call(t, ToolEcho, `{"shapes":[{"radius":2,"kind":"circle"},{"kind":"rect","width":1,"height":2,"label":"door"}],"title":"a","focus":{"kind":"poly","sides":5,"length":1}}`)
	assert.Equal(t, `{"title":"a","shapes":[{"kind":"circle","radius":2},{"kind":"rect","width":1,"height":2,"label":"door"}],"focus":{"kind":"poly","sides":5,"length":1}}`, structured(t, res))

	for _, s := range []Shape{Circle{Radius: 2}, &Circle{Radius: 2}, &Rect{Width: 1, Height: 2}, Polygon{Sides: 3, Length: 1}} {
		want, err := json.Marshal(s)
		require.NoError(t, err)
		got := encode(toolgenEncodeShape, s)
		var wantMap, gotMap map[string]any
		require.NoError(t, json.Unmarshal(want, &wantMap))
		require.NoError(t, json.Unmarshal([]byte(got), &gotMap), got)
		assert.NotEmpty(t, gotMap["kind"], "%T", s)
		delete(gotMap, "kind")
		assert.Equal(t, wantMap, gotMap, "%T: the member's own JSON, and the tag", s)
		back, err := decodeShape(t, got)
		require.NoError(t, err)
		if c, ok := s.(*Circle); ok {
			s = *c // a value member reads back as a value
		}
		assert.Equal(t, s, back, "round trip of %T", s)
	}
	assert.Equal(t, "null", encode(toolgenEncodeShape, Shape(nil)))
	assert.Equal(t, "null", encode(toolgenEncodeShape, Shape((*Rect)(nil))))
}

// Every problem comes back at once, with its pointer into the member; an
// unknown tag lists the known ones; a missing tag is missing.
func TestTaggedProblems(t *testing.T) {
	res := call(t, ToolArea, `{"shapes":[{"kind":"circle","radius":-1},{"kind":"rect","width":1,"label":"far too long"},{"kind":"hexagon"},{"radius":1},{"kind":3},"circle",{"kind":"poly","sides":2,"length":1,"colour":"red"}]}`)
	require.True(t, res.IsError)
	text := res.Text()
	for _, want := range []string{
		`/shapes/0/radius: -1 is less than the minimum 0`,
		`/shapes/1/height: missing (required)`,
		`/shapes/1/label: `,
		`/shapes/2/kind: "hexagon" is not one of "circle", "rect", "poly"`,
		`/shapes/3/kind: missing (required)`,
		`/shapes/4/kind: expected string, got number 3`,
		`/shapes/5: expected object, got string "circle"`,
		`/shapes/6/sides: 2 is less than the minimum 3`,
		`/shapes/6/colour: unknown field (known fields: "sides", "length", "kind")`,
	} {
		assert.Contains(t, text, want)
	}
}

// Untagged members are told apart by the JSON type of the value.
func TestUntagged(t *testing.T) {
	for args, want := range map[string]string{
		`{"key":"alice"}`:                     `unions.Name alice`,
		`{"key":42}`:                          `unions.Number 42`,
		`{"key":{"table":"t","row":3}}`:       `unions.Compound {t 3}`,
		`{"key":true}`:                        `unions.Flag true`,
		`{"key":["a","b"]}`:                   `unions.Path [a b]`,
		`{"key":{"row":3,"table":"t"}} `:      `unions.Compound {t 3}`,
		`{"key":{"table":"t","row":3,"x":1}}`: `/key/x: unknown field`,
		`{"key":null}`:                        `/key: expected string, number, object, boolean or array, got null`,
		`{"key":1.5}`:                         `/key: expected integer, got number 1.5`,
		`{"key":4294967296}`:                  `/key: 4294967296 is greater than the maximum 2147483647`,
	} {
		res := call(t, ToolDescribe, args)
		assert.Contains(t, res.Text(), want, args)
	}
	for _, args := range []string{`{"key":"alice"}`, `{"key":42}`, `{"key":{"table":"t","row":3}}`, `{"key":true}`, `{"key":["a","b"]}`} {
		res := call(t, ToolLookup, args)
		var in map[string]json.RawMessage
		require.NoError(t, json.Unmarshal([]byte(args), &in))
		assert.JSONEq(t, `{"result":`+string(in["key"])+`}`, structured(t, res), args)
	}
}

// The encoder writes what encoding/json writes for an untagged member (its
// own JSON), and null for a nil interface. (A nil slice member is written
// as [], as toolgen writes every nil slice; encoding/json writes null.)
func TestUntaggedEncodesAsEncodingJSON(t *testing.T) {
	for _, k := range []Key{Name("n"), Number(-7), Compound{Table: "t", Row: 1}, Flag(false), Path{"x"}, nil} {
		want, err := json.Marshal(struct {
			Result Key `json:"result"`
		}{k})
		require.NoError(t, err)
		got := `{"result":` + encode(toolgenEncodeKey, k) + `}`
		assert.JSONEq(t, string(want), got, "%#v", k)
	}
}

// A rule's field for a union argument matches the value as the model sent
// it: a tagged member by its tag anywhere in the object, an untagged string
// member by its text.
func TestRules(t *testing.T) {
	byTag := AreaRule{Shapes: `*"kind":"rect"*`}.Rule()
	assert.True(t, agent.MatchRule(byTag, ToolArea, []byte(`{"shapes":[{"width":1,"height":2,"kind":"rect"}]}`)))
	assert.True(t, agent.MatchRule(byTag, ToolArea, []byte(`{"shapes":[{"kind":"circle","radius":1}, {"kind" : "rect","width":1,"height":2}]}`)))
	assert.False(t, agent.MatchRule(byTag, ToolArea, []byte(`{"shapes":[{"kind":"circle","radius":1}]}`)))

	byName := DescribeRule{Key: "admin*"}.Rule()
	assert.True(t, agent.MatchRule(byName, ToolDescribe, []byte(`{"key":"administrator"}`)))
	assert.False(t, agent.MatchRule(byName, ToolDescribe, []byte(`{"key":{"table":"admin","row":1}}`)))
	assert.True(t, agent.MatchRule(DescribeRule{Key: `{"table":"admin"*`}.Rule(), ToolDescribe, []byte(`{"key":{"table":"admin","row":1.0}}`)))
}
