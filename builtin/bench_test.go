package builtin_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	rt "github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/builtin"
)

// codeTree writes a tree of 2,000 Go-like files (100 directories of 20,
// about 6 KiB each) in which 1 file in 50 declares a handler.
func codeTree(tb testing.TB) string {
	dir := tb.TempDir()
	for d := range 100 {
		sub := filepath.Join(dir, fmt.Sprintf("pkg%03d", d))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			tb.Fatal(err)
		}
		for f := range 20 {
			if err := os.WriteFile(filepath.Join(sub, fmt.Sprintf("file%02d.go", f)), []byte(goSource(d*20+f)), 0o644); err != nil {
				tb.Fatal(err)
			}
		}
	}
	return dir
}

func goSource(n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package pkg%d\n\nimport \"fmt\"\n\n", n/20)
	for i := range 60 {
		fmt.Fprintf(&b, "// compute%d returns a value derived from x.\nfunc compute%d(x int) int {\n\treturn x*%d + %d\n}\n\n", i, i, i, n)
	}
	if n%50 == 0 {
		fmt.Fprintf(&b, "func Serve%dHandler() { fmt.Println(%d) }\n", n, n)
	}
	return b.String()
}

const handlerPattern = `func [A-Za-z0-9]+Handler`

// TestSearchAgreesWithGrep: search_files finds the lines grep -rn finds.
func TestSearchAgreesWithGrep(t *testing.T) {
	if _, err := exec.LookPath("grep"); err != nil {
		t.Skip("grep is not installed")
	}
	dir := codeTree(t)
	res := searchTool(t, dir)
	cmd := exec.Command("grep", "-rnE", handlerPattern, ".")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	ours := strings.Split(res, "\n")
	theirs := strings.Split(strings.TrimSpace(strings.ReplaceAll(string(out), "./", "")), "\n")
	if len(ours) != 40 || len(ours) != len(theirs) {
		t.Fatalf("search_files found %d lines, grep %d", len(ours), len(theirs))
	}
	for _, line := range theirs {
		path, rest, _ := strings.Cut(line, ":")
		num, text, _ := strings.Cut(rest, ":")
		if !strings.Contains(res, path+":"+num+": "+text) {
			t.Errorf("search_files misses %q", line)
		}
	}
}

func searchTool(tb testing.TB, dir string) string {
	tools, err := builtin.FileTools(dir, builtin.MaxResults(1000))
	if err != nil {
		tb.Fatal(err)
	}
	res, err := tools[2].Call(context.Background(), []byte(`{"pattern":"`+handlerPattern+`"}`))
	if err != nil || res.IsError {
		tb.Fatal(res.Text(), err)
	}
	return res.Text()
}

// BenchmarkSearch2000Files: search_files against grep -rn over the same
// tree (grep run as an agent's shell would run it, a process per search).
func BenchmarkSearch2000Files(b *testing.B) {
	dir := codeTree(b)
	b.Run("impl=search_files", func(b *testing.B) {
		for b.Loop() {
			searchTool(b, dir)
		}
	})
	b.Run("impl=grep", func(b *testing.B) {
		if _, err := exec.LookPath("grep"); err != nil {
			b.Skip("grep is not installed")
		}
		for b.Loop() {
			cmd := exec.Command("grep", "-rnE", handlerPattern, ".")
			cmd.Dir = dir
			if out, err := cmd.Output(); err != nil || len(out) == 0 {
				b.Fatal(err)
			}
		}
	})
}

// goroot is the tree of Go's own sources, a real tree of about 11,000
// files (source, test data, some binary files), searched as it is.
func goroot(tb testing.TB) string {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		tb.Skip("go env GOROOT: ", err)
	}
	dir := filepath.Join(strings.TrimSpace(string(out)), "src")
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		tb.Skip("GOROOT/src is not there: ", err)
	}
	return dir
}

// gorootSearches are a literal, a regular expression with a literal in it
// and a case-insensitive literal, each with the grep arguments that search
// for the same lines: -I skips binary files, as search_files does.
var gorootSearches = []struct {
	name, pattern string
	grep          []string
}{
	{"literal", `return`, []string{"-rnI", "return"}},
	{"regex", `func \w+\(ctx context\.Context`, []string{"-rnIE", `func \w+\(ctx context\.Context`}},
	{"fold", `(?i)http`, []string{"-rnIi", "http"}},
}

// search calls search_files with a pattern and no limit that matters.
func search(tb testing.TB, tool rt.Tool, pattern string) string {
	args, err := json.Marshal(map[string]string{"pattern": pattern})
	if err != nil {
		tb.Fatal(err)
	}
	res, err := tool.Call(context.Background(), args)
	if err != nil || res.IsError {
		tb.Fatal(res.Text(), err)
	}
	return res.Text()
}

// TestSearchAgreesWithGrepOnGOROOT: over Go's sources, search_files finds
// the lines grep -rn finds, for each kind of pattern, in every file both
// see as text: grep -I calls a file binary when it has a NUL byte anywhere
// in what it reads, search_files when its first 8 KiB have a NUL byte or
// are not UTF-8, so files not plain UTF-8 text throughout are left out of
// the comparison.
func TestSearchAgreesWithGrepOnGOROOT(t *testing.T) {
	if testing.Short() {
		t.Skip("searches all of GOROOT/src")
	}
	if _, err := exec.LookPath("grep"); err != nil {
		t.Skip("grep is not installed")
	}
	dir := goroot(t)
	tools, err := builtin.FileTools(dir, builtin.MaxResults(1<<20), builtin.ReadOnly())
	if err != nil {
		t.Fatal(err)
	}
	plain := map[string]bool{} // files plain UTF-8 text throughout, without NUL
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if utf8.Valid(data) && !bytes.Contains(data, []byte{0}) {
			name, _ := filepath.Rel(dir, p)
			plain[filepath.ToSlash(name)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range gorootSearches {
		t.Run(s.name, func(t *testing.T) {
			ours := matchLines(t, strings.Split(search(t, tools[2], s.pattern), "\n"), ": ", plain)
			cmd := exec.Command("grep", append(s.grep, ".")...)
			cmd.Dir = dir
			out, err := cmd.Output()
			if err != nil {
				t.Fatal(err)
			}
			theirs := matchLines(t, strings.Split(strings.TrimSuffix(string(out), "\n"), "\n"), ":", plain)
			t.Logf("%d matching lines in plain text files", len(theirs))
			if len(ours) != len(theirs) || len(ours) == 0 {
				t.Errorf("search_files found %d lines, grep %d", len(ours), len(theirs))
			}
			for key, text := range theirs {
				got, ok := ours[key]
				if !ok {
					t.Errorf("search_files misses %s: %q", key, text)
					continue
				}
				// search_files trims lines and cuts long ones at 300 bytes.
				if want := strings.TrimSpace(text); !strings.HasPrefix(want, strings.TrimSuffix(got, "…")) {
					t.Errorf("%s: search_files shows %q, grep %q", key, got, want)
				}
			}
			for key := range ours {
				if _, ok := theirs[key]; !ok {
					t.Errorf("search_files finds %s, grep does not", key)
				}
			}
		})
	}
}

// matchLines maps path:line to text for lines path:line<sep>text of files
// in keep.
func matchLines(t *testing.T, lines []string, sep string, keep map[string]bool) map[string]string {
	m := map[string]string{}
	for _, line := range lines {
		path, rest, ok1 := strings.Cut(strings.TrimPrefix(line, "./"), ":")
		num, text, ok2 := strings.Cut(rest, sep)
		if !ok1 || !ok2 {
			t.Fatalf("unexpected line %q", line)
		}
		if keep[path] {
			m[path+":"+num] = text
		}
	}
	return m
}

// BenchmarkSearchGOROOT: search_files against grep -rn and ripgrep run as
// processes, as an agent's shell would run them, over Go's sources: every
// matching line (there is no limit that matters), so all read every file.
// ripgrep is told to search what search_files and grep search (hidden
// files, files its ignore files name); impl=rg runs it on one thread
// (-j1), impl=rg-threads on as many as it likes.
func BenchmarkSearchGOROOT(b *testing.B) {
	dir := goroot(b)
	tools, err := builtin.FileTools(dir, builtin.MaxResults(1<<20), builtin.ReadOnly())
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range gorootSearches {
		b.Run("pattern="+s.name, func(b *testing.B) {
			b.Run("impl=toolgen", func(b *testing.B) {
				for b.Loop() {
					search(b, tools[2], s.pattern)
				}
			})
			process := func(b *testing.B, name string, args ...string) {
				if _, err := exec.LookPath(name); err != nil {
					b.Skip(name, " is not installed")
				}
				for b.Loop() {
					cmd := exec.Command(name, append(args, ".")...)
					cmd.Dir = dir
					if out, err := cmd.Output(); err != nil || len(out) == 0 {
						b.Fatal(err)
					}
				}
			}
			b.Run("impl=grep", func(b *testing.B) { process(b, "grep", s.grep...) })
			rg := []string{"-n", "--no-heading", "--hidden", "--no-ignore", s.pattern}
			b.Run("impl=rg", func(b *testing.B) { process(b, "rg", append([]string{"-j1"}, rg...)...) })
			b.Run("impl=rg-threads", func(b *testing.B) { process(b, "rg", rg...) })
		})
	}
}
