package generate

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/genfile"
	"github.com/toolgen-dev/toolgen/internal/model"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// codeModeFile holds a package's code-mode declarations, all of them, as
// CodeModeDeclarations() returns them: beside the tools_gen.go of a golden
// case, and of the end-to-end packages.
const codeModeFile = "codemode.ts"

// endToEndPackages are the testdata packages whose declarations are
// pinned beside the golden cases'.
var endToEndPackages = []string{"e2e", "e2e/unions", "e2e/entries", "shapes", "fidelity"}

// codeModeCases are the directories with a codemode.ts: every golden case
// that generates, and the end-to-end packages.
func codeModeCases(t *testing.T) []string {
	var dirs []string
	for _, dir := range goldenCases(t) {
		if _, err := os.Stat(filepath.Join(dir, errorsFile)); err != nil {
			dirs = append(dirs, dir)
		}
	}
	for _, p := range endToEndPackages {
		dirs = append(dirs, filepath.Join(testModule, p))
	}
	return dirs
}

// declarations is what the generated CodeModeDeclarations returns for
// names: the model's pieces, put together by toolimpl.
func declarations(pkg *model.Package, names ...string) string {
	c := toolimpl.CodeMode{Types: pkg.CodeModeTypes}
	for _, t := range pkg.Tools {
		c.Tools = append(c.Tools, toolimpl.CodeModeTool{Name: t.Name, Text: t.CodeMode.Text, Types: t.CodeMode.Types})
	}
	return c.Declarations(names...)
}

// TestCodeModeGolden pins the declarations of every golden case and
// end-to-end package: each Go shape (structs and their pointers, slices,
// arrays, maps and entries, enums and flag sets, unions, recursive types,
// times, durations and bytes, embedded structs, json tags and their
// omitempty, omitzero and "-") has a case whose codemode.ts says it.
func TestCodeModeGolden(t *testing.T) {
	t.Parallel()
	for _, dir := range codeModeCases(t) {
		t.Run(strings.TrimPrefix(dir, testModule+"/"), func(t *testing.T) {
			t.Parallel()
			f, err := runCase(dir)
			require.NoError(t, err)
			got := declarations(f.Package) + "\n"
			path := filepath.Join(dir, codeModeFile)
			if *update {
				require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
				return
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run go test ./internal/generate -run CodeModeGolden -update")
			if got != string(want) {
				t.Fatalf("declarations differ from %s (run go test ./internal/generate -run CodeModeGolden -update to accept):\n%s",
					path, genfile.Diff(codeModeFile+" (want)", codeModeFile+" (got)", string(want), got))
			}
		})
	}
}

func TestCodeModeDeclarationsOfSomeTools(t *testing.T) {
	t.Parallel()
	f, err := runCase(filepath.Join(goldenDir, "union"))
	require.NoError(t, err)
	got := declarations(f.Package, "lookup", "not_a_tool")
	assert.Equal(t, `/** Key finds a record: by name, by number, or by a compound key. */
type Key = string | integer | Compound;
/** A JSON number without a fraction. */
type integer = number;
/** Compound is a record's compound key. */
interface Compound { table: string; row: integer }
/** Lookup finds a record. */
declare function lookup(args: { key: Key }): Promise<Key | null>;`, got, "the tool's function and the types it names, no other")
	assert.Equal(t, declarations(f.Package), declarations(f.Package, toolNames(f.Package)...), "all tools when none is named")
}

func toolNames(pkg *model.Package) []string {
	var out []string
	for _, t := range pkg.Tools {
		out = append(out, t.Name)
	}
	return out
}

// TestCodeModeTypeChecks runs tsc --strict over the declarations of every
// package of tools in the repository: the golden cases, the end-to-end
// packages and the packages with a checked-in tools_gen.go. It needs
// TypeScript from testdata/npm (npm install there); it is skipped without
// it, unless TOOLGEN_TSC_REQUIRE=1, as CI sets.
func TestCodeModeTypeChecks(t *testing.T) {
	node, tsc := typeScript(t)
	out := t.TempDir()
	var files []string
	write := func(name string, pkg *model.Package) {
		// A module of its own: the packages' types do not meet.
		path := filepath.Join(out, strings.NewReplacer("/", "_", ".", "_").Replace(name)+".ts")
		require.NoError(t, os.WriteFile(path, []byte(declarations(pkg)+"\nexport {};\n"), 0o644))
		files = append(files, path)
	}
	for _, dir := range codeModeCases(t) {
		f, err := runCase(dir)
		require.NoError(t, err)
		write(strings.TrimPrefix(dir, testModule+"/"), f.Package)
	}
	for _, dir := range generatedPackages(t) {
		f, err := Run(Config{Dir: dir})
		require.NoError(t, err)
		if len(f.Package.Tools) > 0 {
			write(f.Package.Path, f.Package)
		}
	}
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	args := append([]string{tsc, "--noEmit", "--strict", "--target", "es2022", "--lib", "es2022"}, files...)
	cmd := exec.CommandContext(ctx, node, args...)
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "tsc over %d packages' declarations (in %s):\n%s", len(files), out, msg)
	t.Logf("tsc --strict: %d packages' declarations check", len(files))
}

// typeScript finds Node and tsc in testdata/npm, or skips the test (fails
// it under TOOLGEN_TSC_REQUIRE=1).
func typeScript(t *testing.T) (node, tsc string) {
	modules, err := filepath.Abs(filepath.Join(testModule, "npm", "node_modules"))
	require.NoError(t, err)
	tsc = filepath.Join(modules, "typescript", "bin", "tsc")
	missing := func(what string) {
		msg := fmt.Sprintf("%s is not installed: run npm install in testdata/npm", what)
		if os.Getenv("TOOLGEN_TSC_REQUIRE") == "1" {
			t.Fatal(msg + " (TOOLGEN_TSC_REQUIRE=1)")
		}
		t.Skip(msg)
	}
	if _, err := os.Stat(tsc); err != nil {
		missing("typescript")
	}
	node = filepath.Join(modules, ".bin", "node")
	if _, err := os.Stat(node); err != nil {
		if node, err = exec.LookPath("node"); err != nil {
			missing("node")
		}
	}
	return node, tsc
}
