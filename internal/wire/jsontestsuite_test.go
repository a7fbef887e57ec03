package wire

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The parsing cases of JSONTestSuite: y_ must be accepted, n_ rejected, and
// i_ (either verdict) must not crash. Each is read twice: by the typed
// methods (walk) and by Skip alone.
//
// One deliberate exception: Reset reads empty or all-white-space arguments as
// {} (a tool without parameters accepts a model that sends nothing), so the
// two n_ cases that are only white space are accepted by the Decoder; the
// scanner itself rejects them (checkJSON, used by the Encoder).

const suiteDir = "testdata/jsontestsuite"

func TestJSONTestSuite(t *testing.T) {
	entries, err := os.ReadDir(suiteDir)
	require.NoError(t, err)
	seen := map[byte]int{}
	for _, entry := range entries {
		name := entry.Name()
		if !strings.HasSuffix(name, ".json") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(suiteDir, name))
		require.NoError(t, err)
		seen[name[0]]++
		t.Run(name, func(t *testing.T) {
			if strings.HasPrefix(name, "y_object_duplicated_key") {
				checkDuplicateCase(t, data)
				return
			}
			checkSuiteCase(t, name[0], data)
		})
	}
	assert.Equal(t, 95, seen['y'], "y_ cases")
	assert.Equal(t, 188, seen['n'], "n_ cases")
	assert.Equal(t, 35, seen['i'], "i_ cases")
	assert.Equal(t, countFiles(t, "y_"), seen['y'])
	assert.Equal(t, countFiles(t, "n_"), seen['n'])
}

func checkSuiteCase(t *testing.T, verdict byte, data []byte) {
	typed := walkVerdict(data)
	skipped := skipVerdict(data)
	switch {
	case verdict == 'y':
		assert.NoError(t, typed)
		assert.NoError(t, skipped)
	case verdict == 'n' && onlySpace(data):
		assert.NoError(t, typed, "white space reads as {}")
		assert.Error(t, CheckJSON(data), "but it is not JSON")
	case verdict == 'n':
		assert.Error(t, typed)
		assert.Error(t, skipped)
		assert.Error(t, CheckJSON(data))
	}
	// Whatever the verdict, both ways of reading agree on the syntax.
	assert.Equal(t, isSyntaxError(typed), skipped != nil, "typed: %v, skip: %v", typed, skipped)
}

// checkDuplicateCase checks a y_ case whose object repeats a name: valid
// JSON, which the Decoder refuses for the repeated name alone (and Skip,
// which checks syntax only, accepts).
func checkDuplicateCase(t *testing.T, data []byte) {
	err := walkVerdict(data)
	var ae *ArgsError
	require.ErrorAs(t, err, &ae)
	assert.Equal(t, []Problem{{Pointer: "/a", Message: duplicateMember}}, ae.Problems)
	assert.NoError(t, skipVerdict(data))
	assert.NoError(t, CheckJSON(data))
}

// isSyntaxError reports whether err is the one fatal problem that stops reading.
func isSyntaxError(err error) bool {
	ae, ok := err.(*ArgsError)
	if !ok || len(ae.Problems) != 1 {
		return false
	}
	msg := ae.Problems[0].Message
	return ae.Problems[0].Pointer == "" && (strings.HasPrefix(msg, "not valid JSON: ") || strings.HasPrefix(msg, "nesting deeper"))
}

func countFiles(t *testing.T, prefix string) int {
	matches, err := filepath.Glob(filepath.Join(suiteDir, prefix+"*.json"))
	require.NoError(t, err)
	return len(matches)
}
