package builtin

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestEscapesAreErrOutsideWorkspace checks the errors themselves, below the
// generated dispatch: every way out, lexical or through a link, is
// ErrOutsideWorkspace for errors.Is, from every tool. It also pins
// explain's reading of os.Root's unexported "path escapes from parent".
func TestEscapesAreErrOutsideWorkspace(t *testing.T) {
	ws, out := t.TempDir(), t.TempDir()
	writeTestFile(t, filepath.Join(out, "secret.txt"), "secret\n")
	writeTestFile(t, filepath.Join(out, "dir", "secret.txt"), "secret\n")
	writeTestFile(t, filepath.Join(ws, "in.txt"), "inside\n")
	for name, target := range map[string]string{
		"lnk_file":     filepath.Join(out, "secret.txt"),
		"lnk_dir":      filepath.Join(out, "dir"),
		"lnk_rel":      filepath.Join("..", filepath.Base(out), "secret.txt"),
		"lnk_dangling": filepath.Join(out, "missing.txt"),
		"lnk_parent":   "..",
	} {
		if err := os.Symlink(target, filepath.Join(ws, name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Link(filepath.Join(out, "secret.txt"), filepath.Join(ws, "hard.txt")); err != nil {
		t.Fatal(err)
	}
	w, err := NewWorkspace(ws)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	f := &files{ws: w, maxRead: DefaultMaxReadBytes, maxResults: DefaultMaxResults}
	ctx := context.Background()
	yes := true

	paths := []string{
		"..", "../x", "sub/../../x", "/etc/passwd", filepath.Dir(ws), filepath.Join(out, "secret.txt"),
		"lnk_file", "lnk_dir", "lnk_dir/secret.txt", "lnk_rel", "lnk_dangling", "lnk_parent", "lnk_parent/x",
	}
	for _, p := range paths {
		calls := map[string]error{}
		_, _, calls["open"] = w.open(p, os.O_RDONLY)
		_, calls["read_file"] = f.ReadFile(ctx, p, nil, nil)
		_, calls["list_files"] = f.ListFiles(ctx, &p, nil)
		_, calls["list_files recursive"] = f.ListFiles(ctx, &p, &yes)
		_, calls["search_files"] = f.SearchFiles(ctx, ".", &p, nil)
		_, calls["glob"] = f.Glob(ctx, p+"/*", nil)
		_, calls["write_file"] = f.WriteFile(ctx, p, "x")
		_, calls["edit_file"] = f.EditFile(ctx, p, "secret", "x", nil)
		for call, err := range calls {
			if !errors.Is(err, ErrOutsideWorkspace) {
				t.Errorf("%s %q: %v, not ErrOutsideWorkspace", call, p, err)
			}
		}
	}

	// A hard link may share an outside file's contents: refused as such.
	for call, err := range map[string]error{
		"read_file":    errOf(f.ReadFile(ctx, "hard.txt", nil, nil)),
		"search_files": errOf(f.SearchFiles(ctx, ".", ptrTo("hard.txt"), nil)),
		"write_file":   errOf(f.WriteFile(ctx, "hard.txt", "x")),
		"edit_file":    errOf(f.EditFile(ctx, "hard.txt", "secret", "x", nil)),
	} {
		if !errors.Is(err, ErrOutsideWorkspace) {
			t.Errorf("%s hard.txt: %v, not ErrOutsideWorkspace", call, err)
		}
	}

	// Other failures are not escapes.
	_, err = f.ReadFile(ctx, "missing.txt", nil, nil)
	if !errors.Is(err, fs.ErrNotExist) || errors.Is(err, ErrOutsideWorkspace) {
		t.Errorf("read_file missing.txt: %v", err)
	}
	if _, err := f.ReadFile(ctx, filepath.Join(ws, "in.txt"), nil, nil); err != nil {
		t.Errorf("read_file of an absolute path inside: %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(out, "secret.txt")); string(data) != "secret\n" {
		t.Errorf("the outside file changed: %q", data)
	}
	if _, err := os.Lstat(filepath.Join(out, "missing.txt")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("write_file through a dangling link created the outside file: %v", err)
	}
}

func writeTestFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func errOf[T any](_ T, err error) error { return err }

func ptrTo[T any](v T) *T { return &v }
