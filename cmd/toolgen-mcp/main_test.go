package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestMCPFlags(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-command", "x", "-url", "http://127.0.0.1:1", "-package", "p", "-output", "o.go"},
		{"-command", "x", "-package", "p"},
		{"-command", "x", "-package", "p", "-output", "o.go", "-header", "A:b"},
		{"-url", "http://127.0.0.1:1", "-package", "p", "-output", "o.go", "-header", "nocolon"},
		{"-command", "x", "-package", "p", "-output", "-", "-check"},
	} {
		var stderr bytes.Buffer
		if code := runMCP(args, &bytes.Buffer{}, &stderr); code != 2 {
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
	if code := runMCP([]string{"-command", bin, "-package", "remote", "-output", out}, &bytes.Buffer{}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	src, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"package remote", `func (s *Stubs) Ping(ctx context.Context, args PingArgs) (toolgen.Result, error)`, `s.client.CallTool(ctx, "ping", b)`, `"stubborn" v1`, "toolimpl.EnforceVersion("} {
		if !strings.Contains(string(src), want) {
			t.Errorf("stubs lack %q:\n%s", want, src)
		}
	}

	// -check: fresh, then stale with a diff; neither writes.
	args := []string{"-command", bin, "-package", "remote", "-output", out, "-check"}
	var stdout bytes.Buffer
	stderr.Reset()
	if code := runMCP(args, &stdout, &stderr); code != 0 || stdout.Len() > 0 {
		t.Fatalf("-check of a fresh file: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	stale := strings.Replace(string(src), "// Stubs calls", "// Stub calls", 1)
	if err := os.WriteFile(out, []byte(stale), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	stderr.Reset()
	if code := runMCP(args, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "is stale") {
		t.Fatalf("-check of a stale file: exit %d, stderr %q", code, stderr.String())
	}
	if diff := stdout.String(); !strings.Contains(diff, "\n-// Stub calls") || !strings.Contains(diff, "\n+// Stubs calls") {
		t.Errorf("-check diff:\n%s", diff)
	}
	if disk, _ := os.ReadFile(out); string(disk) != stale {
		t.Error("-check wrote the file")
	}
}

func TestMCPReportsAnUnreachableServer(t *testing.T) {
	var stderr bytes.Buffer
	code := runMCP([]string{"-command", filepath.Join(t.TempDir(), "missing"), "-package", "p", "-output", "-"}, &bytes.Buffer{}, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "toolgen mcp:") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}

// TestMCPTypedStubsAndCheckFromAURL generates stubs from a server on
// 127.0.0.1 whose tool has an output schema, then checks them with -check:
// fresh, then stale once the server's enum gains a value.
func TestMCPTypedStubsAndCheckFromAURL(t *testing.T) {
	output := `{"type":"object","properties":{"at":{"type":"string","format":"date-time"},"state":{"type":"string","enum":["open","closed"]}},"required":["at","state"]}`
	s := sdk.NewServer(&sdk.Implementation{Name: "typed", Version: "v1"}, nil)
	addTool := func() { // adding a tool of the same name replaces it
		s.AddTool(&sdk.Tool{Name: "report", InputSchema: json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer","minimum":1}}}`), OutputSchema: json.RawMessage(output)},
			func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
				return &sdk.CallToolResult{}, nil
			})
	}
	addTool()
	srv := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return s }, nil))
	defer srv.Close()
	out := filepath.Join(t.TempDir(), "stubs_gen.go")
	var stderr bytes.Buffer
	if code := runMCP([]string{"-url", srv.URL, "-package", "remote", "-output", out}, &bytes.Buffer{}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	src, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"func (s *Stubs) Report(ctx context.Context, args ReportArgs) (ReportResult, error)", "At    time.Time", `ReportResultStateOpen   ReportResultState = "open"`, "d.Int(1, 9223372036854775807)"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("stubs lack %q:\n%s", want, src)
		}
	}
	args := []string{"-url", srv.URL, "-package", "remote", "-output", out, "-check"}
	var stdout bytes.Buffer
	if code := runMCP(args, &stdout, &stderr); code != 0 || stdout.Len() > 0 {
		t.Fatalf("-check of fresh stubs: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
	output = strings.Replace(output, `"closed"]`, `"closed","merged"]`, 1)
	addTool()
	stderr.Reset()
	if code := runMCP(args, &stdout, &stderr); code != 1 || !strings.Contains(stdout.String(), `+	ReportResultStateMerged ReportResultState = "merged"`) {
		t.Fatalf("-check once the enum grew: exit %d, stderr %q, diff:\n%s", code, stderr.String(), stdout.String())
	}
}
