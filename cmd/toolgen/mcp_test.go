package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestMCPFlags(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-command", "x", "-url", "http://127.0.0.1:1", "-package", "p", "-output", "o.go"},
		{"-command", "x", "-package", "p"},
		{"-command", "x", "-package", "p", "-output", "o.go", "-header", "A:b"},
		{"-url", "http://127.0.0.1:1", "-package", "p", "-output", "o.go", "-header", "nocolon"},
	} {
		var stderr bytes.Buffer
		if code := run(append([]string{"mcp"}, args...), &bytes.Buffer{}, &stderr); code != 2 {
			t.Errorf("toolgen mcp %q exited %d, want 2", args, code)
		}
	}
}

// TestMCPGeneratesStubsFromAServer builds a small stdio server and
// generates stubs from its tools.
func TestMCPGeneratesStubsFromAServer(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "server")
	build := exec.Command("go", "build", "-o", bin, "../../mcp/testdata/stubborn")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out := filepath.Join(dir, "stubs_gen.go")
	var stderr bytes.Buffer
	if code := run([]string{"mcp", "-command", bin, "-package", "remote", "-output", out}, &bytes.Buffer{}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	src, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"package remote", `func (s *Stubs) Ping(ctx context.Context, args PingArgs) (runtime.Result, error)`, `s.client.CallTool(ctx, "ping", b)`, `"stubborn" v1`} {
		if !strings.Contains(string(src), want) {
			t.Errorf("stubs lack %q:\n%s", want, src)
		}
	}
}

func TestMCPReportsAnUnreachableServer(t *testing.T) {
	var stderr bytes.Buffer
	code := run([]string{"mcp", "-command", filepath.Join(t.TempDir(), "missing"), "-package", "p", "-output", "-"}, &bytes.Buffer{}, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "toolgen mcp:") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}
