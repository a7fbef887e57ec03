package docscheck

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	pathpkg "path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// repoRoot is the repository's top directory, which holds the main
// module's go.mod.
func repoRoot(t *testing.T) string {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// skipDir says which directories hold no package of the repository's:
// version control, installed npm packages, the go command's ignored
// directories ("_" and "." prefixes, testdata, whose packages are test
// inputs).
func skipDir(root, path string, d os.DirEntry) bool {
	name := d.Name()
	if path == root {
		return false
	}
	return name == "node_modules" || name == "testdata" || strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".")
}

// module is a directory with a go.mod and the module path it declares.
type module struct {
	dir  string // relative to the repository's root, "." for the root
	path string
}

// modules lists every module of the repository, the testdata module
// included: each is published (or vendored) on its own, so each carries
// the license itself.
func modules(t *testing.T, root string) []module {
	var out []module
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), "_") || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || d.Name() != "go.mod" {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		m := regexp.MustCompile(`(?m)^module\s+(\S+)`).FindSubmatch(data)
		if m == nil {
			return fmt.Errorf("%s: no module line", path)
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		out = append(out, module{dir: filepath.ToSlash(rel), path: string(m[1])})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// pkg is one package of the repository, parsed with its comments.
type pkg struct {
	dir        string // relative to the repository's root
	modPath    string // the path of its module
	inModule   string // its directory below its module's, "" for the module's own
	importPath string
	name       string
	files      []*ast.File
	fset       *token.FileSet
}

// internal says whether the package is internal to its module (an
// "internal" element in its path): its docs are for the people who carry
// the code on, not for users.
func (p pkg) internal() bool {
	return slices.Contains(strings.Split(p.dir, "/"), "internal")
}

// doc is the package's doc comment, as go doc reads it: the comments
// right above the package clauses of its files.
func (p pkg) doc() string {
	var text strings.Builder
	for _, f := range p.files {
		if f.Doc != nil {
			text.WriteString(f.Doc.Text())
		}
	}
	return text.String()
}

// deprecated says whether the package's doc has a "Deprecated:" paragraph.
func (p pkg) deprecated() bool {
	return regexp.MustCompile(`(?m)^Deprecated: `).MatchString(p.doc())
}

// exports lists the package's exported top-level names.
func (p pkg) exports() map[string]bool {
	out := map[string]bool{}
	add := func(id *ast.Ident) {
		if id.IsExported() {
			out[id.Name] = true
		}
	}
	for _, f := range p.files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					add(d.Name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						add(s.Name)
					case *ast.ValueSpec:
						for _, n := range s.Names {
							add(n)
						}
					}
				}
			}
		}
	}
	return out
}

// parseDir parses the Go files that a build for this machine's platform
// compiles in dir (test files left out). ok is false when dir has none.
func parseDir(t *testing.T, dir string) (p pkg, ok bool) {
	bp, err := build.Default.ImportDir(dir, 0)
	var noGo *build.NoGoError
	if errors.As(err, &noGo) {
		return pkg{}, false
	}
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	p = pkg{name: bp.Name, fset: token.NewFileSet()}
	for _, name := range append(bp.GoFiles, bp.CgoFiles...) {
		f, err := parser.ParseFile(p.fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		p.files = append(p.files, f)
	}
	return p, true
}

// repoPackages lists every package of every module of the repository.
func repoPackages(t *testing.T, root string) []pkg {
	mods := modules(t, root)
	moduleOf := func(rel string) module {
		best := module{dir: "."}
		for _, m := range mods {
			if (m.dir == "." || rel == m.dir || strings.HasPrefix(rel, m.dir+"/")) && len(m.dir) >= len(best.dir) {
				best = m
			}
		}
		return best
	}
	var out []pkg
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if skipDir(root, path, d) {
			return filepath.SkipDir
		}
		p, ok := parseDir(t, path)
		if !ok {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		p.dir = filepath.ToSlash(rel)
		m := moduleOf(p.dir)
		p.modPath, p.importPath = m.path, m.path
		if m.dir == "." {
			p.inModule = p.dir
		} else {
			p.inModule = strings.TrimPrefix(strings.TrimPrefix(p.dir, m.dir), "/")
		}
		if p.inModule == "." {
			p.inModule = ""
		}
		if p.inModule != "" {
			p.importPath += "/" + p.inModule
		}
		out = append(out, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 50 {
		t.Fatalf("found %d packages: the walk no longer sees the repository", len(out))
	}
	return out
}

// TestEveryModuleHasTheLicense checks that each module directory carries
// the repository's LICENSE: a module is downloaded (and shown on
// pkg.go.dev) on its own, without the root's files.
func TestEveryModuleHasTheLicense(t *testing.T) {
	root := repoRoot(t)
	want, err := os.ReadFile(filepath.Join(root, "LICENSE"))
	if err != nil {
		t.Fatal(err)
	}
	mods := modules(t, root)
	if len(mods) < 8 {
		t.Fatalf("found %d modules: the walk no longer sees the repository's go.mod files", len(mods))
	}
	for _, m := range mods {
		got, err := os.ReadFile(filepath.Join(root, m.dir, "LICENSE"))
		if err != nil {
			t.Errorf("module %s (%s) has no LICENSE: copy the repository's", m.path, m.dir)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("module %s: %s/LICENSE differs from the repository's LICENSE", m.path, m.dir)
		}
	}
}

// TestPackageSynopses checks that every package's doc begins as go doc and
// pkg.go.dev expect: "Package <name> ..." for a library, "Command <dir>
// ..." for a program (package main, named after its directory, as go
// install names the binary). A doc comment that a blank line cuts off
// from the package clause is no doc at all, and fails here too.
func TestPackageSynopses(t *testing.T) {
	var dp doc.Package
	for _, p := range repoPackages(t, repoRoot(t)) {
		want := "Package " + p.name + " "
		if p.name == "main" {
			want = "Command " + filepath.Base(filepath.FromSlash(p.dir)) + " "
		}
		synopsis := dp.Synopsis(p.doc())
		if !strings.HasPrefix(synopsis, want) {
			t.Errorf("%s: the package synopsis is %q; want one that starts %q (is the doc comment right above the package clause, with no blank line?)", p.dir, synopsis, want)
		}
	}
}

// allowed is a passage that may name a deprecated path: where the docs
// tell a user of the old paths how to move.
type allowed struct {
	file   string // relative to the repository's root
	phrase string // a phrase of the paragraph that names the old path
	reason string
}

var deprecatedAllowed = []allowed{
	{"doc.go", "Until generated code version 5 this package was", "package toolgen's history: the path it moved from, and go fix"},
	{"cmd/toolgen/doc.go", "An older file fails on its first check", "the compile errors of old generated files, which name the old paths"},
	{"ARCHITECTURE.md", "the old import paths (runtime, runtime/agent", "the map's row for the deprecated shim itself"},
	{"ARCHITECTURE.md", "leaves a shim with a", "the compatibility promise: which shim an old generated file fails on"},
	{"CHANGES.md", "import paths (`runtime`", "the changelog: when the deprecated paths go, and go fix to move"},
}

// passage is text that users read, with the line of the file it starts on.
type passage struct {
	file  string
	line  int
	lines []string
}

// paragraphs splits the passage at blank lines.
func (ps passage) paragraphs() []passage {
	var out []passage
	var cur *passage
	for i, l := range ps.lines {
		if strings.TrimSpace(l) == "" {
			cur = nil
			continue
		}
		if cur == nil {
			out = append(out, passage{file: ps.file, line: ps.line + i})
			cur = &out[len(out)-1]
		}
		cur.lines = append(cur.lines, l)
	}
	return out
}

// commentPassage is a doc comment's lines, markers removed.
func commentPassage(fset *token.FileSet, root string, g *ast.CommentGroup) passage {
	pos := fset.Position(g.Pos())
	rel, _ := filepath.Rel(root, pos.Filename)
	ps := passage{file: filepath.ToSlash(rel), line: pos.Line}
	for _, c := range g.List {
		text := strings.TrimPrefix(strings.TrimSuffix(strings.TrimPrefix(c.Text, "/*"), "*/"), "//")
		ps.lines = append(ps.lines, strings.Split(text, "\n")...)
	}
	return ps
}

// docPassages lists the package's doc comment and those of its exported
// declarations (their fields and methods too): what go doc shows.
func docPassages(root string, p pkg) []passage {
	var out []passage
	add := func(g *ast.CommentGroup) {
		if g != nil {
			out = append(out, commentPassage(p.fset, root, g))
		}
	}
	for _, f := range p.files {
		add(f.Doc)
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Name.IsExported() {
					add(d.Doc)
				}
			case *ast.GenDecl:
				add(d.Doc)
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							add(s.Doc)
							ast.Inspect(s.Type, func(n ast.Node) bool {
								if f, ok := n.(*ast.Field); ok {
									add(f.Doc)
								}
								return true
							})
						}
					case *ast.ValueSpec:
						if slices.ContainsFunc(s.Names, (*ast.Ident).IsExported) {
							add(s.Doc)
						}
					}
				}
			}
		}
	}
	return out
}

// markdownPassages lists the Markdown files but test inputs' as passages.
func markdownPassages(t *testing.T, root string) []passage {
	var out []passage
	for _, name := range markdownFiles(t, root) {
		if slices.Contains(strings.Split(filepath.ToSlash(name), "/"), "testdata") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, passage{file: filepath.ToSlash(name), line: 1, lines: strings.Split(string(data), "\n")})
	}
	return out
}

// oldName is one way of naming a deprecated package.
type oldName struct {
	re     *regexp.Regexp
	what   string                    // the deprecated package, for the message
	stands func(match []string) bool // whether a match still names something current
}

// oldNames lists the ways a text can name a deprecated package of the
// repository: its import path (or its path below the module), and its
// name followed by an exported identifier that no current package of that
// name (the repository's or the standard library's) has.
func oldNames(t *testing.T, all []pkg) []oldName {
	current := map[string]map[string]bool{} // package name -> exported names
	addExports := func(name string, exports map[string]bool) {
		if current[name] == nil {
			current[name] = map[string]bool{}
		}
		for e := range exports {
			current[name][e] = true
		}
	}
	for _, p := range all {
		if !p.deprecated() {
			addExports(p.name, p.exports())
		}
	}
	var out []oldName
	for _, p := range all {
		if !p.deprecated() {
			continue
		}
		// A name that a current package of the repository has too
		// (agent, toolimpl) means that package: only the path names the
		// old one. A name only the old package had (runtime) names it
		// unless the standard library's package of that name is meant.
		_, shared := current[p.name]
		if !shared {
			if std, ok := parseDir(t, filepath.Join(build.Default.GOROOT, "src", p.name)); ok {
				addExports(p.name, std.exports())
			}
		}
		// The import path, or its tail from the module's last element
		// ("toolgen/runtime"); a path below the module with more than one
		// element ("runtime/agent") also names it alone, and a one-element
		// one ("runtime") is only a word.
		pathRe := regexp.QuoteMeta(pathpkg.Base(p.modPath) + "/" + p.inModule)
		if strings.Contains(p.inModule, "/") {
			pathRe += `|(?:^|[^\w/.-])` + regexp.QuoteMeta(p.inModule)
		}
		out = append(out, oldName{re: regexp.MustCompile(`(?:` + pathRe + `)\b`), what: p.importPath, stands: func([]string) bool { return false }})
		if !shared {
			std := current[p.name]
			out = append(out, oldName{re: regexp.MustCompile(`(?:^|[^\w/.])` + regexp.QuoteMeta(p.name) + `\.([A-Z]\w*)`), what: p.importPath, stands: func(m []string) bool { return std[m[1]] }})
		}
	}
	if len(out) == 0 {
		t.Fatal("found no deprecated package: the runtime shim should be one")
	}
	return out
}

// TestNoDocNamesADeprecatedPath checks that the docs users read (public
// packages' doc comments, the Markdown files) teach only current paths: a
// deprecated package (runtime, runtime/agent, ...) is named only where the
// docs tell a user how to move from it (deprecatedAllowed).
func TestNoDocNamesADeprecatedPath(t *testing.T) {
	root := repoRoot(t)
	all := repoPackages(t, root)
	names := oldNames(t, all)
	passages := markdownPassages(t, root)
	for _, p := range all {
		if !p.internal() && !p.deprecated() && !strings.HasPrefix(p.dir, "runtime/") {
			passages = append(passages, docPassages(root, p)...)
		}
	}
	used := map[allowed]bool{}
	for _, ps := range passages {
		for _, para := range ps.paragraphs() {
			text := strings.Join(para.lines, "\n")
			for i, line := range para.lines {
				for _, n := range names {
					for _, m := range n.re.FindAllStringSubmatch(line, -1) {
						if n.stands(m) {
							continue
						}
						if a, ok := allowedFor(para.file, text); ok {
							used[a] = true
							continue
						}
						t.Errorf("%s:%d: %q names deprecated %s: name the current package (or, where the docs tell how to move, add the paragraph to deprecatedAllowed with a reason)", para.file, para.line+i, strings.TrimSpace(m[0]), n.what)
					}
				}
			}
		}
	}
	for _, a := range deprecatedAllowed {
		if !used[a] {
			t.Errorf("deprecatedAllowed: %s's paragraph %q names no deprecated path any more: drop the entry", a.file, a.phrase)
		}
	}
}

func allowedFor(file, paragraph string) (allowed, bool) {
	flat := strings.Join(strings.Fields(paragraph), " ")
	for _, a := range deprecatedAllowed {
		if a.file == file && strings.Contains(flat, a.phrase) {
			return a, true
		}
	}
	return allowed{}, false
}
