package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mapsSource has a tool whose map parameter has no strict or Gemini form,
// one whose struct field has none either, and one whose map is sent as
// entries, which has both.
const mapsSource = `package demo

import "context"

// Scores are points by player.
type Scores struct {
	// Points by player.
	Points map[string]int ` + "`json:\"points\"`" + `
}

// Label labels a thing.
//
// Parameters:
//   - tags: the tags, by name
//
//toolgen:tool
func Label(ctx context.Context, tags map[string]string) error { return nil }

// Score keeps scores.
//
//toolgen:tool
func Score(ctx context.Context, s Scores) error { return nil }

// Tag labels a thing, its tags as entries.
//
// Parameters:
//   - tags entries: the tags, by name
//
//toolgen:tool
func Tag(ctx context.Context, tags map[string]string) error { return nil }
`

// A dialect a tool's schema has no form in is never dropped in silence:
// generation warns, naming the tool, the argument, the dialect, why and
// the way out, at the argument's position.
func TestDialectGapsWarn(t *testing.T) {
	dir := newPackage(t, mapsSource)
	code, _, stderr := runCLI()
	require.Equal(t, 0, code, stderr)
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	require.Len(t, lines, 4, stderr)
	assert.Equal(t, `tools.go:8:2: warning: tool score: argument points (/properties/points) has no form in OpenAI's strict mode: `+
		`a map (an object whose keys the caller chooses: additionalProperties with a schema); OpenAI gets the default schema without strict mode. `+
		`To give it one, add toolgen:"entries" to the field's tag to send the map as an array of {"key": …, "value": …} objects, which the tool reads back into the map.`,
		lines[0])
	assert.Contains(t, lines[1], `tools.go:8:2: warning: tool score: argument points (/properties/points) has no form in Gemini's schema subset: a map`)
	assert.Contains(t, lines[2], `tools.go:17:33: warning: tool label: argument tags (/properties/tags) has no form in OpenAI's strict mode: a map`)
	assert.Contains(t, lines[2], `add the entries option to the parameter's doc item ("- tags entries: …")`)
	assert.Contains(t, lines[3], `tools.go:17:33: warning: tool label: argument tags (/properties/tags) has no form in Gemini's schema subset`)
	assert.NotContains(t, stderr, "tool tag:")

	// The generated file says the same, in sentences.
	src, err := os.ReadFile(filepath.Join(dir, "tools_gen.go"))
	require.NoError(t, err)
	assert.Contains(t, string(src), "\t// Argument tags (/properties/tags) has no form in OpenAI's strict mode: a\n\t// map (an object whose keys")
	assert.NotContains(t, string(src), ".,\n", "a comment line ends in a comma")

	// -check and -show warn too.
	code, _, stderr = runCLI("-check")
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "warning: tool label")
}

// -dialects makes the warnings errors: nothing is written.
func TestDialectsFlagFails(t *testing.T) {
	dir := newPackage(t, mapsSource)
	code, _, stderr := runCLI("-dialects")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "tools.go:17:33: tool label: argument tags (/properties/tags) has no form in OpenAI's strict mode")
	assert.NotContains(t, stderr, "warning:")
	assert.NoFileExists(t, filepath.Join(dir, "tools_gen.go"))

	newPackage(t, source) // a package whose tools have every form
	code, _, stderr = runCLI("-dialects")
	assert.Equal(t, 0, code, stderr)
	assert.Empty(t, stderr)
}

// The catalog says why a dialect's column is "-".
func TestCatalogSaysWhyAFormIsMissing(t *testing.T) {
	newPackage(t, mapsSource)
	code, stdout, stderr := runCLI("-catalog")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "label: no strict form: a map (an object whose keys the caller chooses: additionalProperties with a schema) at /properties/tags\n")
	assert.Contains(t, stdout, "label: no Gemini form: a map (an object whose keys the caller chooses: additionalProperties with a schema) at /properties/tags\n")
	assert.Contains(t, stdout, "score: no strict form: a map")
	assert.NotContains(t, stdout, "tag: no")
}
