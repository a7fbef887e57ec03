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
