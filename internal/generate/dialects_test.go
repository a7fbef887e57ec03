package generate

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/dialectcheck"
	"github.com/toolgen-dev/toolgen/internal/model"
)

// A map with the entries option has a strict and a Gemini form, which
// the dialects' rules accept and a JSON Schema validator reads as the
// array of entries; a map without it is a gap of each dialect, said with
// the argument, its position and the way out.
func TestEntriesHaveEveryForm(t *testing.T) {
	dir := filepath.Join(goldenDir, "entries")
	f, err := runCase(dir)
	require.NoError(t, err)
	tools := map[string]*model.Tool{}
	for _, tl := range f.Package.Tools {
		tools[tl.Name] = tl
	}

	tag := tools["tag"]
	require.NotNil(t, tag)
	assert.Empty(t, tag.Gaps)
	require.NotEmpty(t, tag.Dialects.Strict)
	require.NotEmpty(t, tag.Dialects.Gemini)
	assert.Empty(t, dialectcheck.Strict([]byte(tag.Dialects.Strict)))
	assert.Empty(t, dialectcheck.Gemini([]byte(tag.Dialects.Gemini)))
	strict := compileText(t, tag.Dialects.Strict)
	assert.NoError(t, validateText(t, strict, `{"labels":[{"key":"a","value":"b"}],"counts":null}`))
	assert.NoError(t, validateText(t, strict, `{"labels":[],"counts":[{"key":"w","value":3}]}`))
	assert.Error(t, validateText(t, strict, `{"labels":{"a":"b"},"counts":null}`), "a map sent as an object")
	assert.Error(t, validateText(t, strict, `{"labels":[{"key":"a"}],"counts":null}`), "an entry without its value")
	assert.Error(t, validateText(t, strict, `{"labels":[{"key":"a","value":"b","x":1}],"counts":null}`), "an entry with a member more")

	draw := tools["draw"]
	require.NotNil(t, draw)
	require.Len(t, draw.Gaps, 2)
	for i, d := range []model.Dialect{model.DialectStrict, model.DialectGemini} {
		g := draw.Gaps[i]
		assert.Equal(t, d, g.Dialect)
		assert.Equal(t, "notes", g.Param)
		assert.Equal(t, "/properties/notes", g.Pointer)
		assert.Equal(t, 28, g.Pos.Line)
		assert.Contains(t, g.Fix, `add toolgen:"entries" to the field's tag`)
	}
	// The entries of draw's other maps are no gap: sizes and marks.
	assert.NotContains(t, draw.NoStrict, "sizes")
	assert.NotContains(t, draw.NoStrict, "marks")
	require.Len(t, f.Warnings, 2)
	assert.Equal(t, "entries.go:28:2", f.Warnings[0].Pos.String())
	assert.True(t, strings.HasPrefix(f.Warnings[0].Msg, "tool draw: argument notes (/properties/notes) has no form in OpenAI's strict mode: a map"), f.Warnings[0].Msg)

	_, err = Run(Config{Dir: dir, WorkDir: dir, Env: hermeticEnv, Dialects: true})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "entries.go:28:2: tool draw: argument notes (/properties/notes) has no form in Gemini's schema subset")
}

func compileText(t *testing.T, text string) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	require.NoError(t, c.AddResource("strict.json", doc))
	s, err := c.Compile("strict.json")
	require.NoError(t, err)
	return s
}

func validateText(t *testing.T, s *jsonschema.Schema, text string) error {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	require.NoError(t, err)
	return s.Validate(doc)
}

// Every tool of every golden case that lacks a dialect's form says why, at
// a position, with the way out; and each kind of gap the cases hold says
// its own way out.
func TestEveryGapHasAWayOut(t *testing.T) {
	fixes := map[string]string{} // a gap's reason -> its fix, as met
	for _, dir := range goldenSuccesses(t) {
		f, err := runCase(dir)
		require.NoError(t, err, dir)
		for _, tl := range f.Package.Tools {
			var strict, gemini int
			for _, g := range tl.Gaps {
				switch g.Dialect {
				case model.DialectStrict:
					strict++
				case model.DialectGemini:
					gemini++
				}
				assert.NotEmpty(t, g.Reason, "%s: %+v", tl.Name, g)
				assert.NotEmpty(t, g.Fix, "%s: %+v", tl.Name, g)
				assert.Positive(t, g.Pos.Line, "%s: %+v", tl.Name, g)
				assert.NotContains(t, g.Sentence(), ",,")
				fixes[g.Reason] = g.Fix
			}
			assert.Equal(t, tl.NoStrict != "", strict > 0, "%s: strict form missing (%q) and gaps disagree", tl.Name, tl.NoStrict)
			assert.Equal(t, tl.NoGemini != "", gemini > 0, "%s: Gemini form missing (%q) and gaps disagree", tl.Name, tl.NoGemini)
			assert.Equal(t, tl.Dialects.Strict == "", strict > 0, tl.Name)
			assert.Equal(t, tl.Dialects.Gemini == "", gemini > 0, tl.Name)
		}
	}
	for reason, fix := range map[string]string{
		"a value of any JSON type (a schema with neither type nor $ref)": "give the value a concrete Go type",
		"a value of any JSON type (a schema without type)":               "give the value a concrete Go type",
		"an enum whose values are not all strings":                       "make the enum a named string type",
		"a reference ($ref) to a recursive type":                         "replace the recursive type with a flat shape",
	} {
		assert.Contains(t, fixes[reason], fix, reason)
	}
	assert.Contains(t, fixes["a map (an object whose keys the caller chooses: additionalProperties with a schema)"], "entries")
}

// A map that is no member (an element of a slice) has no entries option:
// its way out is a slice of key/value structs.
func TestMapInASliceWayOut(t *testing.T) {
	f, err := runCase(filepath.Join(goldenDir, "ptrarrays"))
	require.NoError(t, err)
	var found bool
	for _, tl := range f.Package.Tools {
		for _, g := range tl.Gaps {
			if g.Pointer == "/properties/tables/items" {
				found = true
				assert.Equal(t, "tables", g.Param)
				assert.Equal(t, "use a slice of structs with key and value fields in place of the map", g.Fix)
			}
		}
	}
	assert.True(t, found, "no gap at /properties/tables/items")
}
