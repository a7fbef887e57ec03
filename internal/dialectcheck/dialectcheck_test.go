package dialectcheck_test

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/internal/dialectcheck"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// generated holds a generated file's schemas by variable name.
type generated map[string]string

// schemasIn reads the schemas of every tools_gen.go under dir, named
// toolgenInput<Tool> and toolgenOutput<Tool> after the tool's ToolName
// constant (the schemas are inline in the toolgen.Tool values).
func schemasIn(t *testing.T, dir string) map[string]generated {
	t.Helper()
	out := map[string]generated{}
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || e.Name() != "tools_gen.go" {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		require.NoError(t, err)
		out[path] = schemas(t, f)
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, out, "no tools_gen.go under %s", dir)
	return out
}

// schemas finds the toolgen.Tool literals of a file and reads their
// schemas.
func schemas(t *testing.T, f *ast.File) generated {
	g := generated{}
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.CompositeLit)
		if !ok {
			return true
		}
		name := ""
		found := map[string]string{}
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			key, ok := kv.Key.(*ast.Ident)
			if !ok {
				continue
			}
			switch key.Name {
			case "Name":
				if id, ok := kv.Value.(*ast.Ident); ok {
					name = id.Name
				}
			case "InputSchema", "OutputSchema":
				call, ok := kv.Value.(*ast.CallExpr)
				if ok && len(call.Args) == 1 {
					found[strings.TrimSuffix(key.Name, "Schema")] = literal(t, call.Args[0])
				}
			}
		}
		if name == "" {
			return true
		}
		for kind, schema := range found {
			g["toolgen"+kind+strings.TrimPrefix(name, "Tool")] = schema
		}
		return true
	})
	return g
}

// literal evaluates a string literal or a sum of them.
func literal(t *testing.T, e ast.Expr) string {
	switch e := e.(type) {
	case *ast.BasicLit:
		s, err := strconv.Unquote(e.Value)
		require.NoError(t, err)
		return s
	case *ast.BinaryExpr:
		return literal(t, e.X) + literal(t, e.Y)
	case *ast.ParenExpr:
		return literal(t, e.X)
	}
	t.Fatalf("not a string literal: %T", e)
	return ""
}

// The strict and Gemini forms are derived at run time from the one input
// schema a generated file holds (toolimpl.Tools): each must follow its
// dialect's rules.
func TestDerivedSchemasFollowTheirDialect(t *testing.T) {
	for _, dir := range []string{"../../examples", "../../builtin", "../../testdata/golden", "../../testdata/e2e", "../../testdata/fidelity"} {
		for path, g := range schemasIn(t, dir) {
			for name, schema := range g {
				if !strings.HasPrefix(name, "toolgenInput") {
					continue
				}
				if strict, err := toolimpl.StrictSchema([]byte(schema)); err == nil {
					assert.Empty(t, dialectcheck.Strict(strict), "%s: %s", path, name)
				}
				if gemini, err := toolimpl.GeminiSchema([]byte(schema)); err == nil {
					assert.Empty(t, dialectcheck.Gemini(gemini), "%s: %s", path, name)
				}
			}
		}
	}
}

func TestExamplesAndBuiltinHaveEveryDialect(t *testing.T) {
	for _, dir := range []string{"../../examples", "../../builtin"} {
		for path, g := range schemasIn(t, dir) {
			for name, schema := range g {
				if !strings.HasPrefix(name, "toolgenInput") {
					continue
				}
				_, err := toolimpl.StrictSchema([]byte(schema))
				assert.NoError(t, err, "%s: %s", path, name)
				_, err = toolimpl.GeminiSchema([]byte(schema))
				assert.NoError(t, err, "%s: %s", path, name)
			}
		}
	}
}

// TestUnionsHaveEveryDialect: a union (anyOf of its members, below the
// root) has a strict and a Gemini form, and both follow their rules.
func TestUnionsHaveEveryDialect(t *testing.T) {
	n := 0
	for path, g := range schemasIn(t, "../../testdata/golden/union") {
		for name, schema := range g {
			if !strings.HasPrefix(name, "toolgenInput") {
				continue
			}
			n++
			strict, err := toolimpl.StrictSchema([]byte(schema))
			if assert.NoError(t, err, "%s: %s", path, name) {
				assert.Empty(t, dialectcheck.Strict(strict), "%s: %s", path, name)
			}
			gemini, err := toolimpl.GeminiSchema([]byte(schema))
			if assert.NoError(t, err, "%s: %s", path, name) {
				assert.Empty(t, dialectcheck.Gemini(gemini), "%s: %s", path, name)
			}
		}
	}
	assert.NotZero(t, n, "no union schemas found")
}

func TestDialectsLeftOut(t *testing.T) {
	for _, vars := range schemasIn(t, "../../testdata/golden/recursive") {
		for name, schema := range vars {
			if strings.HasPrefix(name, "toolgenInput") && strings.Contains(schema, `"$ref"`) {
				_, err := toolimpl.GeminiSchema([]byte(schema))
				assert.ErrorContains(t, err, "recursive", "Gemini has no $ref: %s", name)
			}
		}
	}
	maps := 0
	for _, vars := range schemasIn(t, "../../testdata/golden/collections") {
		for name, schema := range vars {
			if strings.HasPrefix(name, "toolgenInput") && strings.Contains(schema, `"additionalProperties":{`) {
				maps++
				_, err := toolimpl.StrictSchema([]byte(schema))
				assert.ErrorContains(t, err, "map", "a map cannot be strict: %s", name)
			}
		}
	}
	assert.NotZero(t, maps, "the collections case has maps")
}

func TestStrictRules(t *testing.T) {
	for schema, want := range map[string]string{
		`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`:                                                 "additionalProperties is not false",
		`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`:                                     `property "a" is not required`,
		`{"type":"object","properties":{"a":{}},"required":["a"],"additionalProperties":false}`:                                   "no type",
		`{"type":"object","properties":{"a":{"type":"string","minLength":1}},"required":["a"],"additionalProperties":false}`:      `keyword "minLength" is not supported`,
		`{"type":"object","properties":{"a":{"type":"string","format":"uri"}},"required":["a"],"additionalProperties":false}`:     `format "uri" is not supported`,
		`{"type":"object","properties":{"a":{"$ref":"#/$defs/X"}},"required":["a"],"additionalProperties":false}`:                 `$ref "#/$defs/X" does not name`,
		`{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{},"additionalProperties":false}`: `keyword "$schema" is not supported`,
		`{"anyOf":[{"type":"object"}]}`: "the root is not an object",
	} {
		assert.Contains(t, strings.Join(dialectcheck.Strict([]byte(schema)), "\n"), want, schema)
	}
	ok := `{"type":"object","properties":{"a":{"anyOf":[{"type":"string","format":"email"},{"type":"null"}]},"b":{"type":["integer","null"],"minimum":1}},"required":["a","b"],"additionalProperties":false}`
	assert.Empty(t, dialectcheck.Strict([]byte(ok)))
}

func TestGeminiRules(t *testing.T) {
	for schema, want := range map[string]string{
		`{"type":"object","properties":{"a":{"type":["string","null"]}}}`:             "type is not one type name",
		`{"type":"object","properties":{"a":{"type":"number","exclusiveMinimum":0}}}`: `keyword "exclusiveMinimum" is not supported`,
		`{"$schema":"x","type":"object","properties":{}}`:                             `keyword "$schema" is not supported`,
		`{"type":"object","properties":{"a":{"type":"string","format":"email"}}}`:     `format "email" is not supported`,
		`{"type":"object","properties":{"a":{"type":"integer","enum":[1,2]}}}`:        "only strings have enums",
		`{"type":"object","additionalProperties":false,"properties":{}}`:              `keyword "additionalProperties" is not supported`,
	} {
		assert.Contains(t, strings.Join(dialectcheck.Gemini([]byte(schema)), "\n"), want, schema)
	}
	ok := `{"type":"object","properties":{"a":{"type":"string","format":"date-time","minLength":1}},"required":["a"]}`
	assert.Empty(t, dialectcheck.Gemini([]byte(ok)))
}

// Strict mode sends null for every optional member it leaves out; the
// generated decoder reads it as absent, pointer or not (defaults apply).
func TestNullIsAbsentForOptionalMembers(t *testing.T) {
	for _, tool := range weather.Tools() {
		if tool.Name != weather.ToolGetForecast {
			continue
		}
		res, err := tool.Call(context.Background(), []byte(`{"city":"Oslo","days":null,"unit":null}`))
		require.NoError(t, err)
		require.False(t, res.IsError, res.Text())
		assert.Contains(t, string(res.Structured), `"day":3`, "days defaults to 3")
		assert.NotContains(t, string(res.Structured), `"day":4`)
		res, err = tool.Call(context.Background(), []byte(`{"city":null}`))
		require.NoError(t, err)
		assert.True(t, res.IsError, "null for a required member is still an error")
		return
	}
	t.Fatal("no forecast tool")
}
