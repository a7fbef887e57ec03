package dialect_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/toolgen-dev/toolgen/runtime/internal/dialect"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/generate"
	"github.com/toolgen-dev/toolgen/internal/model"
)

// The module's root, from this package's directory.
const root = "../../.."

// hermeticEnv loads the packages of the testdata module (which replaces
// toolgen with this checkout) with no workspace and no network, as
// internal/generate's golden tests do.
var hermeticEnv = []string{"GOWORK=off", "GOPROXY=off", "GOFLAGS=-mod=mod"}

// corpus is every package the generator derives schemas for in this
// repository: the golden success cases (those with a tools_gen.go), the
// testdata module's packages and the main module's.
func corpus(t *testing.T) []string {
	t.Helper()
	golden, err := filepath.Glob(filepath.Join(root, "testdata/golden/*/"+generate.DefaultOutput))
	require.NoError(t, err)
	require.NotEmpty(t, golden)
	var dirs []string
	for _, f := range golden {
		dirs = append(dirs, filepath.Dir(f))
	}
	for _, d := range []string{"testdata/e2e", "testdata/e2e/methods", "testdata/shapes", "testdata/fidelity",
		"examples/weather", "examples/approval", "examples/conformance", "builtin", "search",
		"internal/benchtools/weather", "internal/benchtools/hundred"} {
		dirs = append(dirs, filepath.Join(root, d))
	}
	return dirs
}

// TestDifferential checks Strict and Gemini against the generator's own
// dialects (internal/schema) on every tool of the corpus: the same bytes,
// or no dialect where the generator has none. Both the compact input (as
// generated code will hold it) and the indented one (as it holds it now)
// are checked.
func TestDifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("loads every package of the corpus")
	}
	t.Parallel()
	var tools, strict, gemini atomic.Int64
	t.Cleanup(func() {
		t.Logf("%d tools: %d with a strict dialect, %d with a Gemini one", tools.Load(), strict.Load(), gemini.Load())
	})
	for _, dir := range corpus(t) {
		rel, _ := filepath.Rel(root, dir)
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			_, err := os.Stat(dir)
			require.NoError(t, err)
			f, err := generate.Run(generate.Config{Dir: dir, WorkDir: dir, Env: hermeticEnv})
			require.NoError(t, err)
			require.NotEmpty(t, f.Package.Tools)
			for _, tool := range f.Package.Tools {
				tools.Add(1)
				if tool.StrictSchema != nil {
					strict.Add(1)
				}
				if tool.GeminiSchema != nil {
					gemini.Add(1)
				}
				t.Run(tool.Name, func(t *testing.T) {
					pretty, err := tool.InputSchema.JSON()
					require.NoError(t, err)
					for _, input := range [][]byte{compactJSON(t, tool.InputSchema), []byte(pretty)} {
						same(t, "strict", tool.StrictSchema, input, dialect.Strict)
						same(t, "gemini", tool.GeminiSchema, input, dialect.Gemini)
					}
					if tool.OutputSchema != nil { // not a dialect's input, but must not trip them
						out := compactJSON(t, tool.OutputSchema)
						for _, f := range []func([]byte) ([]byte, error){dialect.Strict, dialect.Gemini} {
							if got, err := f(out); err == nil {
								assert.True(t, json.Valid(got))
							}
						}
					}
				})
			}
		})
	}
}

// same checks that derive(input) is want, compact, or an error when want
// is nil.
func same(t *testing.T, dialect string, want *model.Schema, input []byte, derive func([]byte) ([]byte, error)) {
	t.Helper()
	got, err := derive(input)
	if want == nil {
		require.Error(t, err, "%s: the generator has no dialect, got %s", dialect, got)
		assert.Nil(t, got)
		return
	}
	require.NoError(t, err, "%s", dialect)
	assert.Equal(t, string(compactJSON(t, want)), string(got), "%s", dialect)
}

// compactJSON is s as the generator serializes it, without the
// indentation.
func compactJSON(t *testing.T, s *model.Schema) []byte {
	t.Helper()
	text, err := s.JSON()
	require.NoError(t, err)
	var b bytes.Buffer
	require.NoError(t, json.Compact(&b, []byte(text)))
	return b.Bytes()
}
