package builtin_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

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
