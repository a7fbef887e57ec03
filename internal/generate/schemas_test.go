package generate

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/ecmaregex"
	"github.com/toolgen-dev/toolgen/internal/model"
)

const metaschemaURL = "https://json-schema.org/draft/2020-12/schema"

// TestSchemasValid checks every schema of every success case: valid JSON
// Schema 2020-12 (against the metaschema, and compiling with format
// assertions on), and toolgen's own rules: an object at the top, no type
// unions, additionalProperties false on every struct object, and defaults
// and examples that their own schema accepts.
func TestSchemasValid(t *testing.T) {
	t.Parallel()
	meta, err := jsonschema.NewCompiler().Compile(metaschemaURL) // from the compiler's built-in copy
	require.NoError(t, err)
	var checked atomic.Int64
	t.Cleanup(func() { t.Logf("%d schemas checked", checked.Load()) })
	for _, dir := range goldenSuccesses(t) {
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			f, err := runCase(dir)
			require.NoError(t, err, "case %s", dir)
			for _, tool := range f.Package.Tools {
				for _, sc := range []struct {
					which schemaRole
					s     *model.Schema
				}{{input, tool.InputSchema}, {output, tool.OutputSchema}, {partial, tool.PartialSchema}} {
					which, s := sc.which, sc.s
					if s == nil {
						require.NotEqual(t, input, which, "%s/%s has no input schema", name, tool.Name)
						continue
					}
					t.Run(tool.Name+"/"+string(which), func(t *testing.T) {
						text, err := s.JSON()
						require.NoError(t, err)
						checkSchema(t, meta, text, which)
					})
					checked.Add(1)
				}
			}
		})
	}
}

// failer is what the checks report to: a *testing.T, or the recorder of
// TestSchemaChecksFail.
type failer interface {
	Errorf(format string, args ...any)
	FailNow()
}

// schemaRole says what a schema describes: arguments, a structured result,
// or the partial results a tool sends.
type schemaRole string

const (
	input   schemaRole = "input"
	output  schemaRole = "output"
	partial schemaRole = "partial"
)

// checkSchema checks a schema; output and partial schemas may say null
// where the encoder writes it (["T", "null"] or anyOf [S, {"type":
// "null"}]), input schemas never. A partial result may be any value (it is
// not wrapped in an object), the others are objects.
func checkSchema(t failer, meta *jsonschema.Schema, text string, role schemaRole) {
	written := role != input
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	require.NoError(t, err, "schema is not JSON:\n%s", text)
	require.NoError(t, meta.Validate(doc), "schema does not validate against the metaschema:\n%s", text)

	const url = "mem://toolgen/schema.json"
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	c.AssertFormat()
	c.UseRegexpEngine(ecmaRegexp)
	require.NoError(t, c.AddResource(url, doc))
	_, err = c.Compile(url)
	require.NoError(t, err, "schema does not compile:\n%s", text)

	root, ok := doc.(map[string]any)
	require.True(t, ok, "schema is not an object")
	if role != partial {
		assert.Equal(t, "object", root["type"], "top level is not an object")
	}
	assert.Equal(t, metaschemaURL, root["$schema"])
	walkSchema(t, c, url, "#", root, written)
}

// ecmaRegexp reads patterns as JSON Schema does, in ECMA-262 syntax (the
// validator's default is Go's syntax).
func ecmaRegexp(pattern string) (jsonschema.Regexp, error) {
	translated, err := ecmaregex.Translate(pattern)
	if err != nil {
		return nil, err
	}
	return regexp.Compile(translated)
}

// walkSchema checks one (sub)schema at pointer ptr and descends into the
// keywords toolgen writes subschemas under.
func walkSchema(t failer, c *jsonschema.Compiler, url, ptr string, s map[string]any, output bool) {
	typ, hasType := s["type"]
	if hasType {
		if output {
			typ = withoutNull(typ)
		}
		_, isString := typ.(string)
		assert.True(t, isString, "%s: type is %v, not one type (no unions, no null)", ptr, s["type"])
	}
	if anyOf, ok := s["anyOf"].([]any); ok {
		walkAnyOf(t, c, url, ptr, anyOf, output)
	}
	if _, ok := s["properties"]; ok {
		// Only struct objects have properties; maps have a schema for
		// additionalProperties and no properties.
		assert.Equal(t, "object", typ, "%s: properties on a non-object", ptr)
		assert.Equal(t, false, s["additionalProperties"], "%s: a struct object must have additionalProperties false", ptr)
	} else if typ == "object" {
		_, isSchema := s["additionalProperties"].(map[string]any)
		assert.True(t, isSchema, "%s: an object without properties must be a map, with a schema for its values", ptr)
	}
	if _, ok := s["$ref"]; ok {
		assert.Nil(t, typ, "%s: $ref beside a type", ptr)
	}
	checkValues(t, c, url, ptr, s)
	for _, kw := range []string{"properties", "$defs"} {
		if m, ok := s[kw].(map[string]any); ok {
			for name, sub := range m {
				walkSchema(t, c, url, ptr+"/"+kw+"/"+escapePointer(name), sub.(map[string]any), output)
			}
		}
	}
	for _, kw := range []string{"items", "additionalProperties"} {
		if sub, ok := s[kw].(map[string]any); ok {
			walkSchema(t, c, url, ptr+"/"+kw, sub, output)
		}
	}
}

// walkAnyOf checks an anyOf: S or null in an output schema, or a union's
// members (each a schema of one type; null last in an output schema, which
// the encoder writes for a nil interface).
func walkAnyOf(t failer, c *jsonschema.Compiler, url, ptr string, anyOf []any, output bool) {
	alts := anyOf
	if output && len(alts) > 0 && isNullSchema(alts[len(alts)-1]) {
		alts = alts[:len(alts)-1]
	}
	assert.True(t, len(alts) > 0 && (output || len(alts) > 1), "%s: anyOf other than a union's members or, in an output schema, [S, {\"type\": \"null\"}]", ptr)
	for i, alt := range alts {
		m := alt.(map[string]any)
		_, hasType := m["type"]
		_, hasRef := m["$ref"]
		_, hasEnum := m["enum"]
		assert.True(t, hasType || hasRef || hasEnum && len(alts) == 1, "%s/anyOf/%d: a union's member without a type", ptr, i)
		assert.False(t, !output && isNullSchema(m), "%s/anyOf/%d: null in an input schema's anyOf", ptr, i)
		walkSchema(t, c, url, fmt.Sprintf("%s/anyOf/%d", ptr, i), m, output)
	}
}

// withoutNull is the one type of ["T", "null"], else typ as it is.
func withoutNull(typ any) any {
	if list, ok := typ.([]any); ok && len(list) == 2 && list[1] == "null" {
		return list[0]
	}
	return typ
}

func isNullSchema(s any) bool {
	m, ok := s.(map[string]any)
	return ok && len(m) == 1 && m["type"] == "null"
}

// checkValues validates a schema's default and examples against the schema
// itself: a default outside its own minimum, or an example that fails its
// own pattern, tells a model something false.
func checkValues(t failer, c *jsonschema.Compiler, url, ptr string, s map[string]any) {
	def, hasDefault := s["default"]
	examples, _ := s["examples"].([]any)
	if !hasDefault && len(examples) == 0 {
		return
	}
	sub, err := c.Compile(url + ptr)
	require.NoError(t, err, "%s", ptr)
	if hasDefault {
		assert.NoError(t, sub.Validate(def), "%s: the default does not validate against its schema", ptr)
	}
	for i, ex := range examples {
		assert.NoError(t, sub.Validate(ex), "%s: example %d does not validate against its schema", ptr, i)
	}
}

// escapePointer escapes a property name for a JSON pointer (RFC 6901).
func escapePointer(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// recorder collects what the checks report; FailNow stops the check.
type recorder struct{ msgs []string }

type stop struct{}

func (r *recorder) Errorf(format string, args ...any) {
	r.msgs = append(r.msgs, fmt.Sprintf(format, args...))
}

func (r *recorder) FailNow() { panic(stop{}) }

func (r *recorder) run(f func()) {
	defer func() {
		if p := recover(); p != nil && p != (stop{}) {
			panic(p)
		}
	}()
	f()
}

// TestSchemaChecksFail shows that the checks of TestSchemasValid catch
// what they look for.
func TestSchemaChecksFail(t *testing.T) {
	meta, err := jsonschema.NewCompiler().Compile(metaschemaURL)
	require.NoError(t, err)
	const head = `"$schema": "https://json-schema.org/draft/2020-12/schema"`
	tests := []struct {
		name, schema string
		want         string // in the first message; "" for none
		role         schemaRole
	}{
		{"valid", `{` + head + `, "type": "object", "properties": {"m": {"type": "object", "additionalProperties": {"type": "integer"}}}, "additionalProperties": false}`, "", input},
		{"not a schema", `{` + head + `, "type": "object", "minimum": "one"}`, "metaschema", input},
		{"bad pattern", `{` + head + `, "type": "object", "properties": {"s": {"type": "string", "pattern": "(a"}}, "additionalProperties": false}`, "does not compile", input},
		{"dangling ref", `{` + head + `, "type": "object", "properties": {"s": {"$ref": "#/$defs/Nope"}}, "additionalProperties": false}`, "does not compile", input},
		{"not an object", `{` + head + `, "type": "string"}`, "top level", input},
		{"type union", `{` + head + `, "type": "object", "properties": {"s": {"type": ["string", "null"]}}, "additionalProperties": false}`, "not one type", input},
		{"null in an output", `{` + head + `, "type": "object", "properties": {"s": {"type": ["string", "null"]}, "e": {"anyOf": [{"enum": ["a"]}, {"type": "null"}]}}, "additionalProperties": false}`, "", output},
		{"union in an output", `{` + head + `, "type": "object", "properties": {"s": {"type": ["string", "integer"]}}, "additionalProperties": false}`, "not one type", output},
		{"anyOf in an input", `{` + head + `, "type": "object", "properties": {"e": {"anyOf": [{"enum": ["a"]}, {"type": "null"}]}}, "additionalProperties": false}`, "anyOf", input},
		{"union in an input", `{` + head + `, "type": "object", "properties": {"u": {"anyOf": [{"type": "string"}, {"type": "integer"}]}}, "additionalProperties": false}`, "", input},
		{"untyped union member", `{` + head + `, "type": "object", "properties": {"u": {"anyOf": [{"type": "string"}, {"description": "x"}]}}, "additionalProperties": false}`, "without a type", input},
		{"open union member", `{` + head + `, "type": "object", "properties": {"u": {"anyOf": [{"type": "string"}, {"type": "object", "properties": {}}]}}, "additionalProperties": false}`, "additionalProperties false", input},
		{"open struct under anyOf", `{` + head + `, "type": "object", "properties": {"o": {"anyOf": [{"type": "object", "properties": {}}, {"type": "null"}]}}, "additionalProperties": false}`, "additionalProperties false", output},
		{"open struct", `{` + head + `, "type": "object", "properties": {}}`, "additionalProperties false", input},
		{"object without members", `{` + head + `, "type": "object", "properties": {"o": {"type": "object"}}, "additionalProperties": false}`, "must be a map", input},
		{"default out of range", `{` + head + `, "type": "object", "properties": {"n": {"type": "integer", "minimum": 1, "default": 0}}, "additionalProperties": false}`, "default", input},
		{"partial string", `{` + head + `, "type": "string"}`, "", partial},
		{"nullable partial", `{` + head + `, "type": ["object", "null"], "properties": {}, "additionalProperties": false}`, "", partial},
		{"open struct in a partial", `{` + head + `, "type": "array", "items": {"type": "object", "properties": {}}}`, "additionalProperties false", partial},
		{"bad example in $defs", `{` + head + `, "type": "object", "properties": {}, "additionalProperties": false, "$defs": {"T": {"type": "string", "format": "email", "examples": ["no"]}}}`, "example 0", input},
	}
	for _, tt := range tests {
		var r recorder
		r.run(func() { checkSchema(&r, meta, tt.schema, tt.role) })
		if tt.want == "" {
			assert.Empty(t, r.msgs, tt.name)
			continue
		}
		if assert.NotEmpty(t, r.msgs, tt.name) {
			assert.Contains(t, r.msgs[0], tt.want, tt.name)
		}
	}
}
