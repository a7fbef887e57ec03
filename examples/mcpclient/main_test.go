package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestListsAndCallsOverStdio(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "server")
	if out, err := exec.Command("go", "build", "-o", bin, "../../mcp/testdata/stubborn").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-call", "ping", "--", bin}, "", &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if out := stdout.String(); !strings.Contains(out, "ping\trequires approval") || !strings.Contains(out, "ping -> pong") {
		t.Errorf("output:\n%s", out)
	}
}

func TestRefusesUnknownScenarioAndBadUsage(t *testing.T) {
	var stderr bytes.Buffer
	if code := run([]string{"http://127.0.0.1:1/mcp"}, "elicitation-sep1034-client-defaults", &bytes.Buffer{}, &stderr); code != 2 {
		t.Errorf("unknown scenario: exit %d", code)
	}
	t.Setenv("MCP_CONFORMANCE_CONTEXT", "{not json")
	if code := run([]string{"http://127.0.0.1:1/mcp"}, "auth/pre-registration", &bytes.Buffer{}, &stderr); code != 2 {
		t.Errorf("bad scenario context: exit %d", code)
	}
	if code := run(nil, "", &bytes.Buffer{}, &stderr); code != 2 {
		t.Errorf("no server: exit %d", code)
	}
}
