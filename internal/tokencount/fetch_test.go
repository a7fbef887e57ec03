package tokencount

import (
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/mod/modfile"
	gomodule "golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	"golang.org/x/mod/zip"
)

// repoModule is one module of the repository: its directory and go.mod.
type repoModule struct {
	dir, path string
	file      *modfile.File
	goMod     []byte
}

// TestNestedModulesFetch builds each nested module as a user's go get gets
// it once released (CONTRIBUTING.md, "Releasing"): with GOWORK=off, in a
// new module requiring it at the release version, from a module proxy that
// holds every module of the repository, zipped from the current tree, at
// that version alone. The release version is the one the nested modules
// require the root at; a replace in their go.mod files, which a user's
// build never reads, is an error. Other modules come from the local module
// cache, read as a proxy (no network): listsTheRootsVersions fills it.
func TestNestedModulesFetch(t *testing.T) {
	if testing.Short() {
		t.Skip("zips the repository's modules and builds each nested one")
	}
	repo, err := filepath.Abs("../..")
	require.NoError(t, err)
	var mods []repoModule
	for _, dir := range moduleDirs(t, repo) {
		mods = append(mods, readModule(t, dir))
	}
	release := releaseVersion(t, mods)
	proxy := t.TempDir()
	for _, m := range mods {
		publish(t, proxy, m, release)
	}
	env := fetchEnv(t, proxy)
	for _, m := range mods {
		if m.path == module {
			continue
		}
		t.Run(strings.TrimPrefix(m.path, module+"/"), func(t *testing.T) {
			listsTheRootsVersions(t, mods, m)
			buildAsUser(t, env, m, release)
		})
	}
}

// TestWorkspaceKeepsTheRootsVersions: for the root's packages and their
// tests, go.work selects the versions the root's go.mod alone selects, so
// that go test ./... at the root tests what a user of the root builds. A
// nested module that needs a newer version of one of them raises the
// root's requirement too (CONTRIBUTING.md, "Modules and the workspace").
func TestWorkspaceKeepsTheRootsVersions(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list over the root's packages twice")
	}
	repo, err := filepath.Abs("../..")
	require.NoError(t, err)
	alone := rootDependencies(t, repo, "GOWORK=off")
	assert.NotEmpty(t, alone)
	assert.Equal(t, alone, rootDependencies(t, repo, "GOWORK="+filepath.Join(repo, "go.work")),
		"the modules of the root's packages, alone (-) and in the workspace (+)")
}

// rootDependencies are the modules (path and version) providing the root's
// packages and their tests' dependencies, listed with the setting env.
func rootDependencies(t *testing.T, repo, env string) []string {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-test", "-f", "{{with .Module}}{{.Path}} {{.Version}}{{end}}", "./...")
	cmd.Dir, cmd.Env = repo, append(os.Environ(), env)
	out, err := cmd.Output()
	require.NoError(t, err, "go list with %s: %s", env, stderrOf(err))
	lines := strings.Fields(strings.ReplaceAll(string(out), " ", "@"))
	slices.Sort(lines)
	return slices.Compact(lines)
}

func readModule(t *testing.T, dir string) repoModule {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	require.NoError(t, err)
	f, err := modfile.Parse(filepath.Join(dir, "go.mod"), data, nil)
	require.NoError(t, err)
	return repoModule{dir: dir, path: f.Module.Mod.Path, file: f, goMod: data}
}

// releaseVersion is the version every nested module requires the root (and
// any other module of the repository) at: all are tagged with it at once.
// It fails the test for a replace and for a version no release tags.
func releaseVersion(t *testing.T, mods []repoModule) string {
	t.Helper()
	var versions []string
	for _, m := range mods {
		if m.path == module {
			continue
		}
		for _, r := range m.file.Replace {
			t.Errorf("%s/go.mod replaces %s: a user's build never reads it (use go.work)", m.path, r.Old.Path)
		}
		for _, r := range m.file.Require {
			if under(r.Mod.Path, module) && !slices.Contains(versions, r.Mod.Version) {
				versions = append(versions, r.Mod.Version)
			}
		}
	}
	require.Len(t, versions, 1, "the nested modules require the repository's modules at one version, the release's: %v", versions)
	v := versions[0]
	if semver.Canonical(v) != v || semver.Prerelease(v) != "" || gomodule.IsPseudoVersion(v) || v == "v0.0.0" {
		t.Errorf("the nested modules require the root at %s, which no release tags (CONTRIBUTING.md, \"Releasing\")", v)
	}
	if t.Failed() {
		t.FailNow()
	}
	return v
}

// publish writes m at version into the module proxy directory proxy, as
// the GOPROXY protocol lays it out: its list, .info, .mod and .zip. The zip
// holds the files git tracks (what a tag publishes), as they are on disk.
func publish(t *testing.T, proxy string, m repoModule, version string) {
	t.Helper()
	escaped, err := gomodule.EscapePath(m.path)
	require.NoError(t, err)
	dir := filepath.Join(proxy, filepath.FromSlash(escaped), "@v")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	info, err := json.Marshal(map[string]any{"Version": version, "Time": time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)})
	require.NoError(t, err)
	for name, data := range map[string][]byte{"list": []byte(version + "\n"), version + ".info": info, version + ".mod": m.goMod} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	out, err := os.Create(filepath.Join(dir, version+".zip"))
	require.NoError(t, err)
	defer out.Close()
	// zip.Create leaves out the modules nested in m and what is not a
	// regular file.
	require.NoError(t, zip.Create(out, gomodule.Version{Path: m.path, Version: version}, trackedFiles(t, m.dir)))
	require.NoError(t, out.Close())
}

// trackedFiles are the files git tracks under dir that are on disk.
func trackedFiles(t *testing.T, dir string) []zip.File {
	t.Helper()
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = dir
	out, err := cmd.Output()
	require.NoError(t, err, "git ls-files in %s: %s", dir, stderrOf(err))
	var files []zip.File
	for name := range strings.SplitSeq(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if info, err := os.Lstat(path); err == nil {
			files = append(files, diskFile{name: name, path: path, info: info})
		}
	}
	return files
}

// diskFile is a file of the tree as zip.Create reads it.
type diskFile struct {
	name, path string
	info       os.FileInfo
}

func (f diskFile) Path() string                 { return f.name }
func (f diskFile) Lstat() (os.FileInfo, error)  { return f.info, nil }
func (f diskFile) Open() (io.ReadCloser, error) { return os.Open(f.path) }

// fetchEnv is a user's environment outside the repository: no workspace,
// the repository's modules from proxy, the others from the local module
// cache read as a proxy, nothing from the network, and a module cache of
// the test's own, so that no version published here stays in the shared
// one. Checksums: the zips are not the ones a tag will publish.
func fetchEnv(t *testing.T, proxy string) []string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	require.NoError(t, err, stderrOf(err))
	shared := filepath.Join(strings.TrimSpace(string(out)), "cache", "download")
	return append(os.Environ(),
		"GOWORK=off", "GOTOOLCHAIN=local", "GOSUMDB=off", "GOFLAGS=-mod=mod -modcacherw",
		"GOPROXY=file://"+filepath.ToSlash(proxy)+",file://"+filepath.ToSlash(shared)+",off",
		"GOMODCACHE="+t.TempDir())
}

// listsTheRootsVersions: m's go.mod needs no update to build m and its
// tests with the root of the current tree (replaced in a copy of it), so
// that once the root is tagged GOWORK=off go mod tidy in m only adds the
// root's checksums (CONTRIBUTING.md, "Releasing"). A version the root
// raises must be raised in m's go.mod too. A first go list, allowed to
// update the copy and to download, puts m's own build list, which the
// workspace does not select, in the module cache that buildAsUser reads.
func listsTheRootsVersions(t *testing.T, mods []repoModule, m repoModule) {
	t.Helper()
	listWithTheRootsTree(t, mods, m, "GOFLAGS=-mod=mod")
	out, err := listWithTheRootsTree(t, mods, m, "GOFLAGS=-mod=readonly", "GOPROXY=off")
	require.NoError(t, err, "go list in %s with GOWORK=off and the root of the tree (update its go.mod: CONTRIBUTING.md, \"Modules and the workspace\"):\n%s", m.dir, out)
}

// listWithTheRootsTree lists m's packages and their tests' dependencies
// with GOWORK=off and env, the root and any other module of the repository
// m requires replaced by the tree in a copy of m's go.mod (a user never
// sees the replace).
func listWithTheRootsTree(t *testing.T, mods []repoModule, m repoModule, env ...string) ([]byte, error) {
	t.Helper()
	modFile := filepath.Join(t.TempDir(), "go.mod")
	require.NoError(t, os.WriteFile(modFile, m.goMod, 0o644))
	if sum, err := os.ReadFile(filepath.Join(m.dir, "go.sum")); err == nil {
		require.NoError(t, os.WriteFile(strings.TrimSuffix(modFile, ".mod")+".sum", sum, 0o644))
	}
	args := []string{"mod", "edit"}
	for _, r := range mods {
		args = append(args, "-replace", r.path+"="+r.dir)
	}
	edit := exec.Command("go", append(args, modFile)...)
	out, err := edit.CombinedOutput()
	require.NoError(t, err, "%s", out)
	cmd := exec.Command("go", "list", "-modfile="+modFile, "-deps", "-test", "./...")
	cmd.Dir, cmd.Env = m.dir, append(append(os.Environ(), "GOWORK=off"), env...)
	return cmd.CombinedOutput()
}

// buildAsUser builds m's packages in a new module that requires m at
// version. -trimpath: the build cache then serves the packages of a module
// cache of another path, as the test's is at each run.
func buildAsUser(t *testing.T, env []string, m repoModule, version string) {
	user := t.TempDir()
	goMod := "module example.com/user\n\ngo " + m.file.Go.Version + "\n\nrequire " + m.path + " " + version + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(user, "go.mod"), []byte(goMod), 0o644))
	cmd := exec.Command("go", "build", "-trimpath", m.path+"/...")
	cmd.Dir, cmd.Env = user, env
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build %s/... in a module requiring it at %s:\n%s", m.path, version, out)
}
