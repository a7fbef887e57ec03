package main

import (
	"bytes"
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// serveHeaderTool serves, stateless on 127.0.0.1, a tool whose arguments
// are mirrored into headers, which the server checks: a call whose
// headers disagree with its body is refused.
func serveHeaderTool(t *testing.T, name string) string {
	t.Helper()
	schema := `{"type":"object","properties":{
		"region":{"type":"string","x-mcp-header":"Region"},
		"priority":{"type":"integer","x-mcp-header":"Priority"},
		"verbose":{"type":"boolean","x-mcp-header":"Verbose"},
		"note":{"type":"string","x-mcp-header":"Note"},
		"query":{"type":"string"}}}`
	echo := func(_ context.Context, args []byte) (toolgen.Result, error) {
		return toolgen.TextResult("ok " + string(args)), nil
	}
	srv, err := mcp.NewServer("headers", "1", []toolgen.Tool{{Name: toolgen.ToolName(name), Description: "echoes", InputSchema: []byte(schema), Call: echo}})
	if err != nil {
		t.Fatal(err)
	}
	h, err := srv.Handler(mcp.HTTPOptions{Stateless: true})
	if err != nil {
		t.Fatal(err)
	}
	s := httptest.NewServer(h)
	t.Cleanup(s.Close)
	return s.URL + mcp.Path
}

// The header scenarios make their calls, with headers the server takes:
// the values MCP's encoding changes (spaces, non-ASCII, a newline, an
// empty string), integers, booleans and nulls.
func TestHeaderScenarios(t *testing.T) {
	url := serveHeaderTool(t, "test_custom_headers")
	t.Setenv("MCP_CONFORMANCE_CONTEXT", `{"toolCalls":[
		{"name":"test_custom_headers","arguments":{"region":" us-west1","priority":42,"verbose":false,"note":"Hello, 世界\nline2","query":"q"}},
		{"name":"test_custom_headers","arguments":{"region":"","priority":null,"verbose":null}}]}`)
	var stdout, stderr bytes.Buffer
	if code := run([]string{url}, "http-custom-headers", &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if out := stdout.String(); strings.Count(out, "test_custom_headers -> ok ") != 2 {
		t.Errorf("not every call was taken:\n%s", out)
	}

	url = serveHeaderTool(t, "valid_tool")
	stdout.Reset()
	if code := run([]string{url}, "http-invalid-tool-headers", &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if out := stdout.String(); !strings.Contains(out, `valid_tool -> ok {"region":"us-west1"}`) {
		t.Errorf("valid_tool was not called:\n%s", out)
	}
}

// A scenario whose context is not JSON is an error.
func TestHeaderScenarioBadContext(t *testing.T) {
	url := serveHeaderTool(t, "test_custom_headers")
	t.Setenv("MCP_CONFORMANCE_CONTEXT", "{not json")
	var stderr bytes.Buffer
	if code := run([]string{url}, "http-custom-headers", &bytes.Buffer{}, &stderr); code != 1 || !strings.Contains(stderr.String(), "MCP_CONFORMANCE_CONTEXT") {
		t.Errorf("exit %d: %s", code, stderr.String())
	}
}
