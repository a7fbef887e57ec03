package builtin_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/builtin"
)

func argsJSON(t *testing.T, v map[string]any) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

// TestEditCannotGrowFilesPastMaxEditBytes: replace_all multiplies
// new_string by the number of matches, so that one call could write
// terabytes (a file of one-byte matches, a long new_string); the edited
// file is held to MaxEditBytes, as the file edited is, and a refused edit
// leaves the file as it was.
func TestEditCannotGrowFilesPastMaxEditBytes(t *testing.T) {
	e := newFileEnv(t, builtin.MaxEditBytes(1000))
	e.write("f.txt", strings.Repeat("x", 500))
	msg := e.fail("edit_file", argsJSON(t, map[string]any{"path": "f.txt", "old_string": "x", "new_string": "yyy", "replace_all": true}))
	assert.Equal(t, "the edit would make f.txt larger than edit_file makes files (1000 bytes): 500 replacements of old_string by new_string add 2 bytes each; write_file can replace it whole", msg)
	assert.Equal(t, strings.Repeat("x", 500), e.read("f.txt"))

	// Exactly at the limit is fine, and shrinking always is.
	e.ok("edit_file", argsJSON(t, map[string]any{"path": "f.txt", "old_string": "x", "new_string": "yy", "replace_all": true}))
	assert.Len(t, e.read("f.txt"), 1000)
	e.ok("edit_file", argsJSON(t, map[string]any{"path": "f.txt", "old_string": "yy", "new_string": "z", "replace_all": true}))
	assert.Equal(t, strings.Repeat("z", 500), e.read("f.txt"))

	// One long new_string alone, at the default limit.
	d := newFileEnv(t)
	d.write("g.txt", "a\n")
	msg = d.fail("edit_file", argsJSON(t, map[string]any{"path": "g.txt", "old_string": "a", "new_string": strings.Repeat("b", builtin.DefaultMaxEditBytes)}))
	assert.Contains(t, msg, "the edit would make g.txt larger than edit_file makes files (16777216 bytes): 1 replacement")
	assert.Equal(t, "a\n", d.read("g.txt"))
}
