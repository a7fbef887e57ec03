package generate

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/emit"
)

// differentialPackages are the testdata packages testdata/differential
// calls the tools of.
var differentialPackages = []string{
	"e2e", "e2e/entries", "e2e/methods", "e2e/partial", "e2e/shared", "e2e/unions", "fidelity", "repair", "shapes",
}

// TestTablesAndReadersAgree pins toolgen's two ways of reading arguments
// together: it generates the end-to-end packages as toolgen does (structs
// read and written through toolimpl's tables where they can be) and with a
// generated reader and writer per struct, runs testdata/differential (the
// same valid and invalid arguments through every tool) on each, and
// requires the same answers, word for word.
func TestTablesAndReadersAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("generates and runs packages of the testdata module with the go command")
	}
	tables, readers := map[string]string{}, map[string]string{}
	dir := t.TempDir()
	for i, pkg := range differentialPackages {
		m, pkgDir, err := Load(Config{Dir: filepath.Join(testModule, pkg), Env: hermeticEnv})
		require.NoError(t, err, pkg)
		target := filepath.Join(pkgDir, DefaultOutput)
		withTables, err := emit.File(m, false)
		require.NoError(t, err, pkg)
		withReaders, err := emit.File(m, true)
		require.NoError(t, err, pkg)
		if strings.Contains(string(withTables), "toolimpl.Struct{") {
			require.NotContains(t, string(withReaders), "toolimpl.Struct{", "%s: a table without tables", pkg)
		}
		tables[target] = writeTemp(t, dir, "tables", i, withTables)
		readers[target] = writeTemp(t, dir, "readers", i, withReaders)
	}
	viaTables := runDifferential(t, dir, "tables", tables)
	viaReaders := runDifferential(t, dir, "readers", readers)
	a, b := strings.Split(viaTables, "\n"), strings.Split(viaReaders, "\n")
	require.Equal(t, len(a), len(b), "the two runs answered a different number of calls")
	var diffs []string
	differ := 0
	for i := range a {
		if a[i] != b[i] {
			if differ++; len(diffs) < 10 {
				diffs = append(diffs, a[i-1]+"\n  tables:  "+a[i]+"\n  readers: "+b[i])
			}
		}
	}
	if differ > 0 {
		t.Fatalf("tables and generated readers answer %d calls differently; the first:\n%s", differ, strings.Join(diffs, "\n"))
	}
	require.Greater(t, len(a), 10000, "too few calls to compare")
}

func writeTemp(t *testing.T, dir, mode string, i int, src []byte) string {
	t.Helper()
	path := filepath.Join(dir, mode+string(rune('a'+i))+".go")
	require.NoError(t, os.WriteFile(path, src, 0o644))
	return path
}

// runDifferential runs testdata/differential with the generated files
// replaced as overlay says, and returns what it printed.
func runDifferential(t *testing.T, dir, mode string, overlay map[string]string) string {
	t.Helper()
	text, err := json.Marshal(map[string]any{"Replace": overlay})
	require.NoError(t, err)
	overlayFile := filepath.Join(dir, mode+".json")
	require.NoError(t, os.WriteFile(overlayFile, text, 0o644))
	cmd := exec.Command("go", "run", "-overlay="+overlayFile, "./differential")
	cmd.Dir = testModule
	cmd.Env = append(os.Environ(), hermeticEnv...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), "go run ./differential (%s):\n%s", mode, stderr.String())
	return stdout.String()
}
