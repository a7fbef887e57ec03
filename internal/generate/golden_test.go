package generate

import (
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/analyze"
	"github.com/toolgen-dev/toolgen/internal/genfile"
)

var update = flag.Bool("update", false, "rewrite the wants of the golden cases (testdata/golden/*/tools_gen.go or errors.golden) from the generator's output")

// The golden cases live in their own module (toolgen.test, which replaces
// toolgen with this checkout), one package per directory. A success case
// holds its generated tools_gen.go, an error case the exact messages in
// errors.golden.
const (
	testModule = "../../testdata"
	goldenDir  = testModule + "/golden"
	errorsFile = "errors.golden"
)

// hermeticEnv is the environment loading and building the golden cases
// needs: no workspace, no network, go.mod/go.sum taken as they are. It goes
// to the go command through Config.Env and exec.Cmd.Env, never into the
// process's environment, so the tests run in parallel.
var hermeticEnv = []string{"GOWORK=off", "GOPROXY=off", "GOFLAGS=-mod=mod"}

// goldenCases returns the case directories, sorted.
func goldenCases(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(goldenDir)
	require.NoError(t, err)
	var dirs []string
	for _, e := range entries {
		if e.IsDir() {
			dirs = append(dirs, filepath.Join(goldenDir, e.Name()))
		}
	}
	require.NotEmpty(t, dirs, "no golden cases in %s", goldenDir)
	return dirs
}

// runs caches Run per case directory (a func from sync.OnceValues per
// directory): TestGolden and TestSchemasValid look at the same output, and
// a load costs ~0.2 s.
var runs sync.Map

func runCase(dir string) (*File, error) {
	run, _ := runs.LoadOrStore(dir, sync.OnceValues(func() (*File, error) {
		return Run(Config{Dir: dir, WorkDir: dir, Env: hermeticEnv})
	}))
	return run.(func() (*File, error))()
}

func TestGolden(t *testing.T) {
	t.Parallel()
	for _, dir := range goldenCases(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			checkCase(t, dir)
		})
	}
}

func checkCase(t *testing.T, dir string) {
	genPath, errPath := filepath.Join(dir, DefaultOutput), filepath.Join(dir, errorsFile)
	wantGen, genErr := os.ReadFile(genPath)
	wantErrs, errsErr := os.ReadFile(errPath)
	hasGen, hasErrs := genErr == nil, errsErr == nil
	f, err := runCase(dir)
	if *update {
		// A case does not change kind on -update: a load failure (no
		// network, a broken go.mod) must not replace a golden file with
		// an error. Delete the old want to accept a change of kind.
		require.False(t, hasGen && err != nil, "%s has a %s but now fails (delete it to accept):\n%v", dir, DefaultOutput, err)
		require.False(t, hasErrs && err == nil, "%s has an %s but now generates (delete it to accept)", dir, errorsFile)
		updateCase(t, dir, f, err)
		return
	}
	require.False(t, hasGen && hasErrs, "%s holds both %s and %s; keep one", dir, DefaultOutput, errorsFile)
	require.True(t, hasGen || hasErrs, "%s holds neither %s nor %s; run go test ./internal/generate -run Golden -update", dir, DefaultOutput, errorsFile)
	if hasErrs {
		require.Error(t, err, "want the errors in %s; the case now generates (run with -update if that is right)", errPath)
		got := errorText(err)
		if got != string(wantErrs) {
			t.Fatalf("errors differ from %s (run go test ./internal/generate -run Golden -update to accept):\n%s",
				errPath, genfile.Diff(errorsFile+" (want)", errorsFile+" (got)", string(wantErrs), got))
		}
		checkPositions(t, dir, err)
		return
	}
	require.NoError(t, err, "want %s; run with -update if the errors are right", genPath)
	abs, _ := filepath.Abs(genPath)
	assert.Equal(t, abs, f.Path)
	if string(f.Content) != string(wantGen) {
		t.Fatalf("generated code differs from %s (run go test ./internal/generate -run Golden -update to accept):\n%s",
			genPath, genfile.Diff(DefaultOutput+" (want)", DefaultOutput+" (got)", string(wantGen), string(f.Content)))
	}
}

// errorText is what toolgen prints for err: one line per error.
func errorText(err error) string {
	return err.Error() + "\n"
}

// checkPositions checks that every analyze error points at a line of a file
// of the case, relative to the case directory.
func checkPositions(t *testing.T, dir string, err error) {
	var errs analyze.Errors
	if !errors.As(err, &errs) {
		return // a whole-package error such as "no functions marked"
	}
	for _, e := range errs {
		require.False(t, filepath.IsAbs(e.Pos.Filename), "%s: position not relative to the case", e)
		src, readErr := os.ReadFile(filepath.Join(dir, e.Pos.Filename))
		require.NoError(t, readErr, "%s: position names no file of the case", e)
		lines := strings.Split(string(src), "\n")
		require.True(t, e.Pos.Line >= 1 && e.Pos.Line <= len(lines), "%s: no such line", e)
		require.True(t, e.Pos.Column >= 1 && e.Pos.Column <= len(lines[e.Pos.Line-1])+1, "%s: no such column", e)
	}
}

// updateCase writes the case's want from what Run returned.
func updateCase(t *testing.T, dir string, f *File, err error) {
	if err != nil {
		require.NoError(t, os.WriteFile(filepath.Join(dir, errorsFile), []byte(errorText(err)), 0o644))
		return
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, DefaultOutput), f.Content, 0o644))
}

// TestGoldenCompiles builds and vets every case: the generated files of the
// success cases, and the inputs of the error cases (toolgen's errors are
// about code that compiles).
func TestGoldenCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the golden cases with the go command")
	}
	if !*update { // -update rewrites the files it builds
		t.Parallel()
	}
	cmd := exec.Command("go", "vet", "./golden/...")
	cmd.Dir = testModule
	cmd.Env = append(os.Environ(), hermeticEnv...)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go vet ./golden/... in testdata:\n%s", out)
}

// goldenSuccesses returns the directories of the success cases.
func goldenSuccesses(t *testing.T) []string {
	t.Helper()
	var dirs []string
	for _, dir := range goldenCases(t) {
		if _, err := os.Stat(filepath.Join(dir, errorsFile)); err != nil {
			dirs = append(dirs, dir)
		}
	}
	require.NotEmpty(t, dirs)
	return dirs
}
