package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeFiles writes files (path relative to dir: content) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
	}
}

// TestGoListFailuresAreExplained runs toolgen in modules that go list
// cannot load, in the environment of a plain go generate (no GOFLAGS, so
// go.mod is read-only; no workspace; this Go toolchain), and requires
// toolgen to say what go said, with the position go gives, where it used
// to say "found 0 packages", quote go/packages' wrapping of the go command
// or send the user to go build.
func TestGoListFailuresAreExplained(t *testing.T) {
	const goMod = "module demo.test\n\ngo 1.26\n"
	const plain = "package demo\n"
	cases := []struct {
		name  string
		files map[string]string
		dir   string   // where toolgen runs, relative to the temporary directory
		env   []string // KEY=value besides the defaults below; <dir> is the temporary directory
		want  []string
	}{
		{
			// a.test requires b.test v1.1.0, the main module lists v1.0.0:
			// the go command would raise it, which -mod=readonly refuses.
			name: "go.mod needs go mod tidy",
			files: map[string]string{
				"go.mod":   goMod + "\nrequire (\n\ta.test v1.0.0\n\tb.test v1.0.0\n)\n\nreplace a.test => ./a\n\nreplace b.test v1.0.0 => ./b\n\nreplace b.test v1.1.0 => ./b\n",
				"tools.go": "package demo\n\nimport _ \"a.test\"\n",
				"a/go.mod": "module a.test\n\ngo 1.26\n\nrequire b.test v1.1.0\n",
				"a/a.go":   "package a\n",
				"b/go.mod": "module b.test\n\ngo 1.26\n",
				"b/b.go":   "package b\n",
			},
			want: []string{"go: updates to go.mod needed", "go mod tidy"},
		},
		{
			name: "a tool's parameter from a module go.mod does not require",
			files: map[string]string{
				"go.mod": goMod,
				"tools.go": "package demo\n\nimport (\n\t\"context\"\n\n\t\"example.com/missing/ids\"\n)\n\n" +
					"// Greet says hello.\n//\n//toolgen:tool readonly\nfunc Greet(ctx context.Context, id ids.ID) (string, error) { return \"\", nil }\n",
			},
			want: []string{"tools.go:12:33: tool Greet: parameter id: the type does not compile: could not import example.com/missing/ids: " +
				"no required module provides package example.com/missing/ids; to add it: go get example.com/missing/ids (at tools.go:6:2)"},
		},
		{
			name:  "go.mod syntax error",
			files: map[string]string{"go.mod": goMod + "\nrequir example.com/x v1.0.0\n", "tools.go": plain},
			want:  []string{"go: errors parsing go.mod:\ngo.mod:5: unknown directive: requir"},
		},
		{
			name:  "go.mod syntax error, package in a subdirectory",
			files: map[string]string{"go.mod": goMod + "\nrequire (\n", "sub/tools.go": "package sub\n"},
			dir:   "sub",
			want:  []string{"go: errors parsing ../go.mod:\n../go.mod:6: syntax error (unterminated block started at "},
		},
		{
			name:  "go.mod without a module line",
			files: map[string]string{"go.mod": "go 1.26\n", "tools.go": plain},
			want:  []string{"go: error reading go.mod: missing module declaration"},
		},
		{
			name:  "go.mod needs a newer Go",
			files: map[string]string{"go.mod": "module demo.test\n\ngo 1.999\n", "tools.go": plain},
			want:  []string{"go: go.mod requires go >= 1.999"},
		},
		{
			name:  "no go.mod",
			files: map[string]string{"tools.go": plain},
			want:  []string{"go: go.mod file not found in current directory or any parent directory"},
		},
		{
			name: "module outside the workspace",
			files: map[string]string{
				"go.work":        "go 1.26\n\nuse ./other\n",
				"other/go.mod":   "module other.test\n\ngo 1.26\n",
				"m/go.mod":       goMod,
				"m/tools.go":     plain,
				"other/other.go": "package other\n",
			},
			dir:  "m",
			env:  []string{"GOWORK=<dir>/go.work"},
			want: []string{"not one of the workspace modules listed in go.work", "go work use"},
		},
		{
			name:  "no Go files",
			files: map[string]string{"go.mod": goMod, "README": "nothing\n"},
			want:  []string{"no Go files in "},
		},
		{
			name:  "build constraints exclude every file",
			files: map[string]string{"go.mod": goMod, "tools.go": "//go:build never\n\npackage demo\n"},
			want:  []string{"build constraints exclude all Go files in "},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			writeFiles(t, root, c.files)
			t.Setenv("GOFLAGS", "") // go.mod read-only, as by default
			t.Setenv("GOPROXY", "off")
			t.Setenv("GOWORK", "off")
			t.Setenv("GOTOOLCHAIN", "local")
			for _, kv := range c.env {
				k, v, _ := strings.Cut(strings.ReplaceAll(kv, "<dir>", root), "=")
				t.Setenv(k, v)
			}
			t.Chdir(filepath.Join(root, c.dir))

			code, _, stderr := runCLI()
			assert.Equal(t, 1, code, stderr)
			for _, w := range c.want {
				assert.Contains(t, stderr, w)
			}
			assert.NotContains(t, stderr, "found 0 packages")
			assert.NotContains(t, stderr, "exit status", "go/packages' wrapping of the go command")
			assert.NotContains(t, stderr, "go build -tags toolgen shows why", "toolgen knows why")
		})
	}
}
