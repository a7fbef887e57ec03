package generate

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/genfile"
)

// TestCheckedInFilesAreFresh regenerates, in memory, every tools_gen.go of
// the module (examples, built-in tools, benchmark packages) and fails with
// a diff when one is stale.
func TestCheckedInFilesAreFresh(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	for _, dir := range generatedPackages(t) {
		rel, _ := filepath.Rel(root, dir)
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			f, err := Run(Config{Dir: dir})
			require.NoError(t, err)
			disk, err := os.ReadFile(f.Path)
			require.NoError(t, err)
			if !bytes.Equal(disk, f.Content) {
				t.Errorf("%s is stale; run go generate ./%s:\n%s", f.Path, rel, genfile.Diff("on disk", "generated", string(disk), string(f.Content)))
			}
		})
	}
}

// generatedPackages are the directories of the module (not testdata) with
// a tools_gen.go.
func generatedPackages(t *testing.T) []string {
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	var dirs []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.Name() == DefaultOutput {
			dirs = append(dirs, filepath.Dir(path))
		}
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, dirs)
	return dirs
}
