package generate

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/emit"
	"github.com/toolgen-dev/toolgen/internal/textindex"
)

// TestSearchTermsAgreeWithRunTimeAnalysis checks, for every tool of every
// success case, that the entry the generator writes (from the model) is
// the one a Toolbox makes at run time from the generated tool's fields
// (from the input schema's JSON text): the two sides analyze alike, so a
// generated tool and a hand-written copy of it rank alike.
func TestSearchTermsAgreeWithRunTimeAnalysis(t *testing.T) {
	t.Parallel()
	tools := 0
	for _, dir := range goldenSuccesses(t) {
		f, err := runCase(dir)
		require.NoError(t, err, "case %s", dir)
		for _, tool := range f.Package.Tools {
			schema, err := tool.InputSchema.Compact()
			require.NoError(t, err)
			runTime := textindex.Tool(tool.Name, tool.Namespace, tool.Doc, []byte(schema))
			assert.Equal(t, runTime, emit.SearchTerms(tool), "%s: %s", filepath.Base(dir), tool.Name)
			_, _, err = textindex.Decode(runTime)
			assert.NoError(t, err)
			tools++
		}
	}
	t.Logf("%d tools compared", tools)
}
