package tokencount

import (
	"bufio"
	"bytes"
	"io/fs"
	"maps"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// module is the root module's path; the nested modules' paths start with it.
const module = "github.com/toolgen-dev/toolgen"

// pkg is one package of one of the repository's modules, as go list sees it.
type pkg struct {
	path, module string
	imports      []string // of its non-test files
}

// importRule is one of ARCHITECTURE.md's import rules: broken reports what
// breaks it in p (an import of p's, or p itself), given every package.
type importRule struct {
	name, reason string
	broken       func(p pkg, all map[string]pkg) []string
}

// importRules are ARCHITECTURE.md's "Import rules", each with its reason.
// They hold for the files a package builds from: its tests may run the
// examples, the agent loop, and the repository's test harnesses
// (internal/pgtest), which no user builds.
var importRules = []importRule{{
	name:   "no package outside examples/ (or a demo/) imports examples/",
	reason: "examples are programs to read and copy, not an API: a library that needs tools has its own (internal/testtools)",
	broken: func(p pkg, _ map[string]pkg) []string {
		if hasElem(p.path, "examples") || hasElem(p.path, "demo") {
			return nil
		}
		return filter(p.imports, func(i string) bool { return under(i, module+"/examples") })
	},
}, {
	name:   "no module imports another module's internal/ packages",
	reason: "a module is fetched at its own version, and internal packages promise nothing from one version to the next",
	broken: func(p pkg, all map[string]pkg) []string {
		return filter(p.imports, func(i string) bool {
			dep, ok := all[i]
			return ok && dep.module != p.module && hasElem(strings.TrimPrefix(i, dep.module), "internal")
		})
	},
}, {
	name:   "mcp and the packages under it do not import the agent loop (agent/)",
	reason: "an MCP server decides calls with package permission, as the loop does, without linking the loop",
	broken: func(p pkg, _ map[string]pkg) []string {
		if !under(p.path, module+"/mcp") {
			return nil
		}
		return filter(p.imports, func(i string) bool { return under(i, module+"/agent") })
	},
}, {
	name:   "the root package imports only the module's internal packages",
	reason: "the tool API is what every other package builds on, so it builds on none of them",
	broken: func(p pkg, _ map[string]pkg) []string {
		if p.path != module {
			return nil
		}
		return filter(p.imports, func(i string) bool { return under(i, module) && !under(i, module+"/internal") })
	},
}, {
	name:   "builtin, mcp, search, provider, aisdk and agui do not import each other",
	reason: "each is a way to run tools a program may take alone; programs (examples) wire them together",
	broken: func(p pkg, _ map[string]pkg) []string {
		own := family(p.path)
		if own == "" {
			return nil
		}
		return filter(p.imports, func(i string) bool { f := family(i); return f != "" && f != own })
	},
}}

// TestImportRules checks every package of every module of the repository
// against importRules, and checks that each rule catches what it is about.
func TestImportRules(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list in every module")
	}
	all := listPackages(t)
	require.Contains(t, all, module+"/mcp", "the root module is listed")
	require.Contains(t, all, module+"/provider/gemini", "the nested modules are listed")
	for _, rule := range importRules {
		for _, path := range slices.Sorted(maps.Keys(all)) {
			if broken := rule.broken(all[path], all); len(broken) > 0 {
				t.Errorf("%s imports %s: %s (%s)", path, strings.Join(broken, ", "), rule.name, rule.reason)
			}
		}
	}
}

// TestImportRulesCatch: each rule reports the import it forbids, so that a
// rule that no package breaks still checks something.
func TestImportRulesCatch(t *testing.T) {
	root := pkg{path: module, module: module}
	all := map[string]pkg{
		module:                    root,
		module + "/internal/wire": {path: module + "/internal/wire", module: module},
		module + "/provider/gemini": {path: module + "/provider/gemini", module: module + "/provider/gemini",
			imports: []string{module + "/internal/wire"}},
	}
	for i, p := range []pkg{
		{path: module + "/provider/internal/providertest", module: module, imports: []string{module + "/examples/weather"}},
		all[module+"/provider/gemini"],
		{path: module + "/mcp", module: module, imports: []string{module + "/agent", module + "/permission"}},
		{path: module, module: module, imports: []string{module + "/agent", module + "/internal/wire"}},
		{path: module + "/aisdk", module: module, imports: []string{module + "/agui/internal/x", module + "/agent"}},
	} {
		broken := importRules[i].broken(p, all)
		assert.Len(t, broken, 1, "%s: %v", importRules[i].name, broken)
	}
	// And lets what it allows pass.
	ok := pkg{path: module + "/examples/chat", module: module, imports: []string{module + "/examples/weather", module + "/aisdk", module + "/mcp"}}
	for _, rule := range importRules {
		assert.Empty(t, rule.broken(ok, all), rule.name)
	}
}

// listPackages lists every package of every module in the repository (each
// directory with a go.mod, but testdata's), by import path.
func listPackages(t *testing.T) map[string]pkg {
	t.Helper()
	repo, err := filepath.Abs("../..")
	require.NoError(t, err)
	all := map[string]pkg{}
	for _, dir := range moduleDirs(t, repo) {
		cmd := exec.Command("go", "list", "-f",
			"{{.ImportPath}}\t{{.Module.Path}}\t{{join .Imports \" \"}}", "./...")
		cmd.Dir = dir
		out, err := cmd.Output()
		require.NoError(t, err, "go list in %s: %s", dir, stderrOf(err))
		sc := bufio.NewScanner(bytes.NewReader(out))
		for sc.Scan() {
			f := strings.Split(sc.Text(), "\t")
			require.Len(t, f, 3, "a line of go list: %q", sc.Text())
			all[f[0]] = pkg{path: f[0], module: f[1], imports: strings.Fields(f[2])}
		}
	}
	return all
}

// moduleDirs are the directories of repo holding a go.mod, but testdata's
// (a module of generated fixtures) and installed packages'.
func moduleDirs(t *testing.T, repo string) []string {
	t.Helper()
	var dirs []string
	err := filepath.WalkDir(repo, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != repo && (d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.Name() == "go.mod" {
			dirs = append(dirs, filepath.Dir(path))
		}
		return nil
	})
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(dirs), 2, "the root module and the nested ones")
	return dirs
}

func stderrOf(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}

// family is the package family of a path (builtin, mcp, search, provider,
// aisdk, agui: the ways to run tools), or "".
func family(path string) string {
	first, _, _ := strings.Cut(strings.TrimPrefix(path, module+"/"), "/")
	if !strings.HasPrefix(path, module+"/") {
		return ""
	}
	switch first {
	case "builtin", "mcp", "search", "provider", "aisdk", "agui":
		return first
	}
	return ""
}

// under reports whether path is prefix or a package below it.
func under(path, prefix string) bool {
	return path == prefix || strings.HasPrefix(path, prefix+"/")
}

// hasElem reports whether one element of the slash-separated path is elem.
func hasElem(path, elem string) bool {
	return slices.Contains(strings.Split(path, "/"), elem)
}

func filter(s []string, keep func(string) bool) []string {
	var out []string
	for _, x := range s {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}
