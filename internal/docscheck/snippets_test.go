package docscheck

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// markdownFiles lists the repository's Markdown files, from root, but
// those of installed npm packages.
func markdownFiles(t *testing.T, root string) []string {
	var files []string
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == ".git") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			rel, _ := filepath.Rel(root, path)
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// snippetImports are the packages a snippet may name without importing
// them, by the name it uses.
var snippetImports = map[string]string{
	"context":    "context",
	"fmt":        "fmt",
	"http":       "net/http",
	"os":         "os",
	"filepath":   "path/filepath",
	"time":       "time",
	"toolgen":    "github.com/toolgen-dev/toolgen",
	"agent":      "github.com/toolgen-dev/toolgen/agent",
	"permission": "github.com/toolgen-dev/toolgen/permission",
	"builtin":    "github.com/toolgen-dev/toolgen/builtin",
	"mcp":        "github.com/toolgen-dev/toolgen/mcp",
	"aisdk":      "github.com/toolgen-dev/toolgen/aisdk",
	"agui":       "github.com/toolgen-dev/toolgen/agui",
	"search":     "github.com/toolgen-dev/toolgen/search",
	"openai":     "github.com/toolgen-dev/toolgen/provider/openai",
	"anthropic":  "github.com/toolgen-dev/toolgen/provider/anthropic",
	"weather":    "github.com/toolgen-dev/toolgen/examples/weather",
	"quickjs":    "github.com/toolgen-dev/toolgen/codemode/quickjs", // a module of its own: go.work makes it importable here
}

// snippetScope is what a snippet of statements may use without declaring
// it: the names the prose around the snippets takes as given.
const snippetScope = `
var (
	ctx   context.Context
	model agent.Model
	deps  any
	dir   string
	tools []toolgen.Tool
	other interface{ Tools() []toolgen.Tool }
	a     *agent.Agent
)
`

// snippet is a Go block of a Markdown file.
type snippet struct {
	file string
	line int
	code string
}

var fence = regexp.MustCompile("(?s)```go\n(.*?)```")

func snippetsOf(t *testing.T, root, name string) []snippet {
	data, err := os.ReadFile(filepath.Join(root, name))
	if err != nil {
		t.Fatal(err)
	}
	var out []snippet
	for _, m := range fence.FindAllSubmatchIndex(data, -1) {
		line := 1 + strings.Count(string(data[:m[2]]), "\n")
		out = append(out, snippet{file: name, line: line, code: string(data[m[2]:m[3]])})
	}
	return out
}

// source is the snippet as a Go file of package name: a whole file keeps
// its declarations ({ ... } bodies stand for code left out), declarations
// go at package level, and statements in a function.
func (s snippet) source(name string) string {
	code := strings.ReplaceAll(s.code, "{ ... }", `{ panic("left out") }`)
	var imports []string
	for short, path := range snippetImports {
		if regexp.MustCompile(`\b` + short + `\.`).MatchString(code) {
			imports = append(imports, fmt.Sprintf("%s %q", short, path))
		}
	}
	slices.Sort(imports)
	header := "package " + name + "\n\nimport (\n\t" + strings.Join(imports, "\n\t") + "\n)\n"
	if strings.HasPrefix(code, "package ") {
		_, body, _ := strings.Cut(code, "\n")
		return header + body
	}
	if regexp.MustCompile(`(?m)^(const|var|type|func|//go:generate)\b`).MatchString(code) {
		return header + code
	}
	return header + `import (
	_ctx "context"
	_agent "github.com/toolgen-dev/toolgen/agent"
	_toolgen "github.com/toolgen-dev/toolgen"
)
` + strings.NewReplacer("context.", "_ctx.", "agent.", "_agent.", "toolgen.", "_toolgen.").Replace(snippetScope) + "\nfunc _() {\n" + code + "}\n"
}

// unused is what go/types says of names a snippet declares for the reader
// and does not use again: not a mistake in a snippet.
var unused = regexp.MustCompile(`declared and not used|imported and not used|"[^"]+" imported as \w+ and not used`)

// TestMarkdownGoSnippetsCompile type-checks every Go block of the Markdown
// files against the module's packages.
func TestMarkdownGoSnippetsCompile(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	var all []snippet
	for _, name := range markdownFiles(t, root) {
		all = append(all, snippetsOf(t, root, name)...)
	}
	if len(all) < 5 {
		t.Fatalf("found %d Go snippets: the fence pattern no longer matches the Markdown", len(all))
	}
	// Each snippet is a package of its own below this one, so that it
	// imports the module's packages as a user's code does.
	dir, err := os.MkdirTemp(".", "_snippets") // "_": out of ./... patterns while it exists
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	var patterns []string
	where := map[string]snippet{}
	for i, s := range all {
		pkg := filepath.Join(dir, fmt.Sprintf("s%d", i))
		if err := os.Mkdir(pkg, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(pkg, "snippet.go"), []byte(s.source(fmt.Sprintf("s%d", i))), 0o644); err != nil {
			t.Fatal(err)
		}
		patterns = append(patterns, "./"+filepath.ToSlash(pkg))
		where[fmt.Sprintf("s%d", i)] = s
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo}, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		s := where[p.Name]
		for _, e := range p.Errors {
			if unused.MatchString(e.Msg) {
				continue
			}
			t.Errorf("%s:%d: the Go snippet does not compile: %s", s.file, s.line, e.Msg)
		}
	}
}
