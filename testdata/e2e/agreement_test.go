package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

// validArgs are one accepted payload per tool that the corpus mutates.
var validArgs = map[toolgen.ToolName]string{
	ToolSearch: `{"query":"go","sort":"date","page":2,"level":1,"tags":["a"],"near":{"lat":1,"lon":2},"email":"a@b.io","code":"ABC"}`,
	ToolEcho:   `{"text":"hi","times":2}`,
	ToolFail:   `{"reason":"no"}`,
	ToolCount:  `{"name":"r","children":[{"name":"a"}]}`,
	ToolMirror: `{"i8":1,"u16":2,"u64":3,"f32":1.5,"on":true,"when":"2026-01-02T03:04:05Z","blob":"aGk=","raw":[1],"any":"x",` +
		`"addr":"::1","pair":[1,2],"votes":{"a":1},"grid":[[1]],"sorts":{"a":["score"]}}`,
}

// optionalMembers are the members a schema does not require: there the
// decoder reads null as absent (OpenAI's strict mode sends null for every
// optional member it leaves out), while the default schema (which never has
// null unions) rejects it. This is the one place the two differ, on purpose.
func optionalMembers(t *testing.T, schema []byte) map[string]bool {
	var s struct {
		Properties map[string]json.RawMessage `json:"properties"`
		Required   []string                   `json:"required"`
	}
	require.NoError(t, json.Unmarshal(schema, &s))
	out := map[string]bool{}
	for name := range s.Properties {
		out[name] = !slices.Contains(s.Required, name)
	}
	return out
}

// boundedInSchema are the numbers whose schema states their width's bounds
// (8-, 16- and 32-bit).
var boundedInSchema = map[string]bool{"i8": true, "u16": true, "f32": true}

// skip lists the other places where the Go type knows more than a schema
// can say: a TextUnmarshaler (netip.Addr) rejects strings the schema's
// "type": "string" allows; float64 (also inside an any) cannot hold 1e400,
// nor a 64-bit integer 2^64, and schemas leave those bounds out.
func skip(key, replacement string, optional map[string]bool) bool {
	switch {
	case replacement == `null`:
		return optional[key]
	case key == "addr":
		return strings.HasPrefix(replacement, `"`)
	case replacement == `1e400` || replacement == `18446744073709551616`:
		return !boundedInSchema[key]
	}
	return false
}

// replacements are values of every JSON kind, and edge cases for the
// constraints the tools declare.
var replacements = []string{
	`"str"`, `""`, `"x"`, `"ABCD"`, `"score"`, `"2026-01-02T03:04:05Z"`, `"a@b"`, `"aGk="`, `"::1"`, `"999.1.1.1"`,
	`0`, `1`, `-1`, `2`, `3`, `1.5`, `2.0`, `1e2`, `-129`, `128`, `65536`, `-0.5`, `91`, `1e400`, `18446744073709551616`,
	`true`, `false`, `null`, `[]`, `[1]`, `["a","b","c","d"]`, `[[1,2]]`, `[1,2,3]`, `{}`, `{"a":1}`, `{"lat":1}`, `{"name":"x"}`,
}

func TestDecoderAgreesWithSchemaValidator(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for _, tool := range Tools() {
		base, ok := validArgs[tool.Name]
		if !ok {
			continue
		}
		schema := compileSchema(t, tool.InputSchema)
		for _, payload := range corpus(t, base, rng, optionalMembers(t, tool.InputSchema)) {
			agree(t, tool, schema, payload)
			checked++
		}
	}
	require.Greater(t, checked, 1000, "the corpus should be large")
}

func compileSchema(t *testing.T, text []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(text)))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	c.AssertContent()
	require.NoError(t, c.AddResource("tool.json", doc))
	s, err := c.Compile("tool.json")
	require.NoError(t, err)
	return s
}

// corpus mutates a valid payload: each member removed, replaced by each
// replacement, an unknown member added, and random combinations.
func corpus(t *testing.T, base string, rng *rand.Rand, optional map[string]bool) []string {
	var obj map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(base), &obj))
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range obj {
			if !yield(k) {
				return
			}
		}
	})
	out := []string{base, `{}`, `[]`, `"x"`, `null`, `{"unknown":1}`}
	for _, k := range keys {
		out = append(out, encode(t, without(obj, k)))
		for _, r := range replacements {
			if !skip(k, r, optional) {
				out = append(out, encode(t, with(obj, k, r)))
			}
		}
	}
	for range 300 {
		m := obj
		for range 1 + rng.IntN(3) {
			k, r := keys[rng.IntN(len(keys))], replacements[rng.IntN(len(replacements))]
			if !skip(k, r, optional) {
				m = with(m, k, r)
			}
		}
		out = append(out, encode(t, m))
	}
	return out
}

func with(m map[string]json.RawMessage, k, v string) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(m))
	for key, val := range m {
		out[key] = val
	}
	out[k] = json.RawMessage(v)
	return out
}

func without(m map[string]json.RawMessage, k string) map[string]json.RawMessage {
	out := with(m, k, "0")
	delete(out, k)
	return out
}

func encode(t *testing.T, m map[string]json.RawMessage) string {
	b, err := json.Marshal(m)
	require.NoError(t, err)
	return string(b)
}

func agree(t *testing.T, tool toolgen.Tool, schema *jsonschema.Schema, payload string) {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(payload))
	require.NoError(t, err, payload)
	verr := schema.Validate(doc)
	res, err := tool.Call(context.Background(), []byte(payload))
	require.NoError(t, err)
	rejected := res.IsError && strings.HasPrefix(res.Text(), "invalid arguments:")
	if (verr != nil) != rejected {
		t.Errorf("%s %s: validator says %v, decoder says %q", tool.Name, payload, describe(verr), res.Text())
	}
}

func describe(err error) string {
	if err == nil {
		return "valid"
	}
	return fmt.Sprintf("invalid (%v)", err)
}

func TestNullForAnOptionalPointerIsAbsent(t *testing.T) {
	res := call(t, Tools(), ToolSearch, `{"query":"go","level":null,"near":null}`)
	require.False(t, res.IsError, res.Text())
	require.Equal(t, `{"query":"go","sort":"score","page":1,"tags":[]}`, res.Text())
}

func TestNullForAnyOptionalMemberIsAbsent(t *testing.T) {
	res := call(t, Tools(), ToolSearch, `{"query":"go","sort":null,"page":null,"tags":null,"email":null,"code":null}`)
	require.False(t, res.IsError, res.Text())
	require.Equal(t, `{"query":"go","sort":"score","page":1,"tags":[]}`, res.Text(), "defaults apply")
	res = call(t, Tools(), ToolSearch, `{"query":null}`)
	require.True(t, res.IsError, "null for a required member is an error")
}
