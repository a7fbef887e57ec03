package generate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/catalog"
)

// TestPrefixReadsBackFromTheFile reads the prefix a generated file
// records (a package with methods, so two Tools functions) and finds it
// equal to the one computed from the model.
func TestPrefixReadsBackFromTheFile(t *testing.T) {
	t.Parallel()
	f, err := runCase(filepath.Join(goldenDir, "methods"))
	require.NoError(t, err)
	p, recorded, err := readPrefix(f.Content)
	require.NoError(t, err)
	require.True(t, recorded)
	assert.Equal(t, catalog.NewPrefix(f.Package), p)
	assert.Len(t, p.Tools, len(f.Package.Tools), "every tool of the case is sent up front")

	_, recorded, err = readPrefix([]byte("package x\n\nconst PrefixDigestStrict = \"x\"\n"))
	require.NoError(t, err)
	assert.False(t, recorded, "a file without the constants records nothing")
}

func TestPrefixChangesAgainstTheFileOnDisk(t *testing.T) {
	t.Parallel()
	f, err := runCase(filepath.Join(goldenDir, "methods"))
	require.NoError(t, err)
	changes, recorded, err := PrefixChanges(f) // the golden file on disk is f's
	require.NoError(t, err)
	assert.True(t, recorded)
	assert.Empty(t, changes)

	missing := *f
	missing.Path = filepath.Join(t.TempDir(), DefaultOutput)
	_, recorded, err = PrefixChanges(&missing)
	require.NoError(t, err)
	assert.False(t, recorded, "no file on disk")

	require.NoError(t, os.WriteFile(missing.Path, []byte("package methods\n"), 0o644))
	_, recorded, err = PrefixChanges(&missing)
	require.NoError(t, err)
	assert.False(t, recorded, "a file an older toolgen wrote")
}
