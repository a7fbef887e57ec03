package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
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

// TestScenariosOf2026 plays the client scenarios of 2026-07-28 that do
// more than list against go-sdk's server without sessions: the schema
// echoed is the one listed, and each kind of request is sent.
func TestScenariosOf2026(t *testing.T) {
	const schema = `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",` +
		`"$defs":{"address":{"$anchor":"addr","type":"object"}},"properties":{"home":{"$ref":"#addr"}},` +
		`"allOf":[{"anyOf":[{"required":["home"]}]}],"if":{},"then":{},"else":{},"additionalProperties":false}`
	var echoed json.RawMessage
	server := sdk.NewServer(&sdk.Implementation{Name: "scenarios", Version: "v1"}, nil)
	ok := func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "ok"}}}, nil
	}
	server.AddTool(&sdk.Tool{Name: "json_schema_2020_12_tool", InputSchema: json.RawMessage(schema)}, ok)
	server.AddTool(&sdk.Tool{Name: "json_schema_echo", InputSchema: json.RawMessage(`{"type":"object"}`)},
		func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			var args struct{ Schema json.RawMessage }
			_ = json.Unmarshal(req.Params.Arguments, &args)
			echoed = args.Schema
			return ok(ctx, req)
		})
	server.AddResource(&sdk.Resource{URI: "file:///a%20b.txt", Name: "a b"}, func(context.Context, *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
		return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: "file:///a%20b.txt", Text: "x"}}}, nil
	})
	server.AddPrompt(&sdk.Prompt{Name: "p"}, func(context.Context, *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
		return &sdk.GetPromptResult{}, nil
	})
	hs := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server }, &sdk.StreamableHTTPOptions{Stateless: true}))
	defer hs.Close()

	var stdout, stderr bytes.Buffer
	if code := run([]string{hs.URL}, "json-schema-2020-12-preservation", &stdout, &stderr); code != 0 {
		t.Fatalf("json-schema-2020-12-preservation: exit %d: %s", code, stderr.String())
	}
	if string(echoed) != schema {
		t.Errorf("echoed schema\n%s\nwant the one listed\n%s", echoed, schema)
	}
	stdout.Reset()
	if code := run([]string{hs.URL}, "http-standard-headers", &stdout, &stderr); code != 0 {
		t.Fatalf("http-standard-headers: exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"json_schema_echo -> ok", "read file:///a%20b.txt", "got prompt p"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("http-standard-headers output lacks %q:\n%s", want, stdout.String())
		}
	}
	for _, name := range []string{"request-metadata", "json-schema-ref-no-deref"} {
		if code := run([]string{hs.URL}, name, &bytes.Buffer{}, &stderr); code != 0 {
			t.Errorf("%s: exit %d: %s", name, code, stderr.String())
		}
	}
}

// TestOneScenarioTable: every client scenario of the official suite that
// mcpclient plays, but the auth/ ones, is an entry of the table scenarios,
// and each entry is one of them.
func TestOneScenarioTable(t *testing.T) {
	played := []string{
		"initialize", "tools_call", "sse-retry", // 2025-11-25
		"request-metadata", "json-schema-ref-no-deref", "http-standard-headers", "json-schema-2020-12-preservation",
		"http-custom-headers", "http-invalid-tool-headers", "sep-2322-client-request-state",
	}
	for _, name := range played {
		if _, ok := scenarios[name]; !ok {
			t.Errorf("scenario %q is not in the table", name)
		}
	}
	for name := range scenarios {
		if !slices.Contains(played, name) {
			t.Errorf("the table has %q, which no test here knows", name)
		}
	}
}

// TestInputRoundsScenario plays sep-2322-client-request-state against a
// toolgen server whose tools ask with multi round-trip requests: the
// scenario's own client option answers, printing each question.
func TestInputRoundsScenario(t *testing.T) {
	asking := func(name string) toolgen.Tool {
		return toolgen.Tool{Name: toolgen.ToolName(name), Description: "asks", InputSchema: []byte(`{"type":"object"}`),
			Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
				res, err := mcp.ElicitRaw(ctx, "confirm", &sdk.ElicitParams{Mode: "form", Message: name + "?",
					RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"confirmed": map[string]any{"type": "boolean"}}}})
				if err != nil {
					return toolgen.ErrorResult(err.Error()), nil // as a generated tool's error
				}
				return toolgen.TextResult(fmt.Sprint("confirmed: ", res.Content["confirmed"])), nil
			}}
	}
	tools := []toolgen.Tool{asking("test_mrtr_echo_state"), asking("test_mrtr_no_state"),
		{Name: "test_mrtr_unrelated", Description: "plain", InputSchema: []byte(`{"type":"object"}`),
			Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("plain"), nil }},
		{Name: "test_mrtr_no_result_type", Description: "plain", InputSchema: []byte(`{"type":"object"}`),
			Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("plain"), nil }},
	}
	srv, err := mcp.NewServer("rounds", "1.0.0", tools)
	if err != nil {
		t.Fatal(err)
	}
	h, err := srv.Handler(mcp.HTTPOptions{Stateless: true})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(h)
	defer hs.Close()
	var stdout, stderr bytes.Buffer
	if code := run([]string{hs.URL + mcp.Path}, "sep-2322-client-request-state", &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"test_mrtr_echo_state asks: test_mrtr_echo_state?", "test_mrtr_echo_state -> confirmed: true",
		"test_mrtr_no_state -> confirmed: true", "test_mrtr_unrelated -> plain"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, stdout.String())
		}
	}
}
