package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen/internal/npmtest"
)

// The tests of this file run the client against servers written with the
// official SDKs: TypeScript's (testdata/tsserver/server.mjs, over stdio
// and streamable HTTP, with and without sessions, at every protocol
// version that SDK speaks) and Go's (at 2026-07-28 stateless, at
// 2025-11-25 with sessions).

// tsEchoInput and tsEchoOutput are the schemas of server.mjs's echo tool
// as it sends them.
const (
	tsEchoInput = `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",` +
		`"$defs":{"word":{"$anchor":"word","type":"string","minLength":1},"times":{"type":"integer","minimum":1}},` +
		`"properties":{"text":{"$ref":"#/$defs/word"},"times":{"$ref":"#/$defs/times"},"profile":{"$ref":"http://127.0.0.1:1/profile.json"}},` +
		`"required":["text"],"allOf":[{"anyOf":[{"required":["text"]},{"required":["times"]}]}],` +
		`"if":{"required":["times"]},"then":{"properties":{"times":{"maximum":3}}},"else":{},"additionalProperties":false}`
	tsEchoOutput = `{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}`
)

// tsSDK is the TypeScript SDK's directory and server.mjs's command line
// before its mode, or the test is skipped.
func tsSDK(t *testing.T) (node string, args []string) {
	t.Helper()
	modules := npmtest.Modules(t, filepath.Join("@modelcontextprotocol", "sdk", "package.json"))
	script, err := filepath.Abs(filepath.Join("testdata", "tsserver", "server.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	return npmtest.Node(t, modules), []string{script, filepath.Join(modules, "@modelcontextprotocol", "sdk")}
}

// tsVersions are the protocol versions the TypeScript SDK speaks, newest
// first.
func tsVersions(t *testing.T, node string, args []string) []string {
	t.Helper()
	out, err := exec.Command(node, append(args, "versions")...).Output()
	if err != nil {
		t.Fatalf("server.mjs versions: %v", err)
	}
	var vs []string
	if err := json.Unmarshal(out, &vs); err != nil || len(vs) == 0 {
		t.Fatalf("server.mjs versions: %q: %v", out, err)
	}
	return vs
}

// startTSHTTP starts server.mjs over HTTP (mode http or http-stateless),
// ended with the test, and returns its URL.
func startTSHTTP(t *testing.T, node string, args []string, mode string) string {
	t.Helper()
	cmd := exec.Command(node, append(args, mode)...)
	ownProcessGroup(cmd)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	t.Cleanup(func() {
		killGroup(cmd)
		_ = cmd.Wait()
		waitGone(t, "the TypeScript server", pid)
	})
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if u, ok := strings.CutPrefix(sc.Text(), "listening on "); ok {
				urls <- u
				return
			}
		}
		close(urls)
	}()
	select {
	case u, ok := <-urls:
		if !ok {
			t.Fatal("server.mjs ended without listening")
		}
		return u
	case <-time.After(30 * time.Second):
		t.Fatal("server.mjs did not listen within 30s")
	}
	return ""
}

// TestInteropTypeScriptSDK connects to the TypeScript SDK's server over
// each transport, offering each version the SDK speaks (and, first, the
// client's newest, which the server negotiates down), and lists and calls
// its tools.
func TestInteropTypeScriptSDK(t *testing.T) {
	node, args := tsSDK(t)
	noLeaks(t)
	versions := tsVersions(t, node, args)
	newestCommon := versions[slices.IndexFunc(versions, func(v string) bool { return slices.Contains(ProtocolVersions(), v) })]
	for _, mode := range []string{"stdio", "http", "http-stateless"} {
		t.Run(mode, func(t *testing.T) {
			dial := func() Transport { return Command(node, append(args, "stdio")...) }
			if mode != "stdio" {
				url := startTSHTTP(t, node, args, mode) // one server for the versions
				dial = func() Transport { return URL(url, nil) }
			}
			t.Run("newest", func(t *testing.T) {
				checkTSServer(t, connectTo(t, dial()), newestCommon)
			})
			for _, v := range versions {
				t.Run(v, func(t *testing.T) {
					if !slices.Contains(ProtocolVersions(), v) {
						if _, err := NewClient(dial(), WithProtocolVersion(v)); err == nil {
							t.Errorf("WithProtocolVersion(%q) accepted a version the client does not speak", v)
						}
						return
					}
					checkTSServer(t, connectTo(t, dial(), WithProtocolVersion(v)), v)
				})
			}
		})
	}
}

// TestInteropTypeScriptSDKSilentOnDiscover connects over stdio to the
// TypeScript SDK's server made to say nothing to server/discover, as
// servers of older versions may: the client falls back to initialize
// once the probe's time is up.
func TestInteropTypeScriptSDKSilentOnDiscover(t *testing.T) {
	node, args := tsSDK(t)
	noLeaks(t)
	start := time.Now()
	c := connectTo(t, Command(node, append(args, "stdio-silent")...), withDiscoverTimeout(time.Second))
	if took := time.Since(start); took < time.Second {
		t.Errorf("connected after %v, before the probe's time was up: did the server answer server/discover?", took)
	}
	checkTSServer(t, c, "2025-11-25")
}

// checkTSServer checks the version agreed on, the tools as server.mjs
// lists them, and calls of each.
func checkTSServer(t *testing.T, c *Client, version string) {
	t.Helper()
	if got := c.ProtocolVersion(); got != version {
		t.Errorf("ProtocolVersion() = %q, want %q", got, version)
	}
	if name, v := c.ServerInfo(); name != "ts-interop" || v != "1.0.0" {
		t.Errorf("ServerInfo() = %q, %q", name, v)
	}
	tools := byName(mustTools(t, c, "echo", "fail"))
	echo := tools["echo"]
	if string(echo.InputSchema) != tsEchoInput || string(echo.OutputSchema) != tsEchoOutput {
		t.Errorf("echo's schemas\n%s\n%s\nwant them as sent:\n%s\n%s", echo.InputSchema, echo.OutputSchema, tsEchoInput, tsEchoOutput)
	}
	if echo.RequiresApproval || !tools["fail"].RequiresApproval {
		t.Errorf("approval: echo %v, fail %v; want only fail", echo.RequiresApproval, tools["fail"].RequiresApproval)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, err := c.CallTool(ctx, "echo", []byte(`{"text":"ab","times":2}`))
	if err != nil || r.Text() != "abab" || string(r.Structured) != `{"text":"abab"}` {
		t.Errorf("echo: %+v, %v", r, err)
	}
	var te *ToolError
	if r, err := c.CallTool(ctx, "fail", nil); !errors.As(err, &te) || !strings.Contains(r.Text(), "failed on purpose") {
		t.Errorf("fail: %+v, %v; want a ToolError", r, err)
	}
}

// TestInteropGoSDKServer connects to go-sdk's streamable HTTP server
// without sessions (which speaks 2026-07-28) and with them (2025-11-25),
// and lists and calls a tool whose schema uses 2020-12's keywords.
func TestInteropGoSDKServer(t *testing.T) {
	for _, tc := range []struct {
		stateless bool
		want      string
	}{{true, "2026-07-28"}, {false, "2025-11-25"}} {
		t.Run(tc.want, func(t *testing.T) {
			noLeaks(t)
			server := sdk.NewServer(&sdk.Implementation{Name: "go-interop", Version: "1.0.0"}, nil)
			server.AddTool(&sdk.Tool{Name: "echo", InputSchema: json.RawMessage(tsEchoInput)},
				func(_ context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
					return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: string(req.Params.Arguments)}}}, nil
				})
			handler := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return server },
				&sdk.StreamableHTTPOptions{Stateless: tc.stateless})
			hs := httptest.NewServer(handler)
			t.Cleanup(hs.Close) // after the client's Close, which ends its streams
			c := connectTo(t, URL(hs.URL, nil))
			if got := c.ProtocolVersion(); got != tc.want {
				t.Errorf("ProtocolVersion() = %q, want %q", got, tc.want)
			}
			echo := mustTools(t, c, "echo")[0]
			if !sameJSON(echo.InputSchema, []byte(tsEchoInput)) {
				t.Errorf("echo's input schema\n%s\nwant the value sent:\n%s", echo.InputSchema, tsEchoInput)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			if r, err := c.CallTool(ctx, "echo", []byte(`{"text":"hi"}`)); err != nil || r.Text() != `{"text":"hi"}` {
				t.Errorf("echo: %+v, %v", r, err)
			}
			if name, _ := c.ServerInfo(); name != "go-interop" {
				t.Errorf("ServerInfo() name %q", name)
			}
		})
	}
}

// sameJSON reports whether a and b are the same JSON value.
func sameJSON(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	ja, _ := json.Marshal(x)
	jb, _ := json.Marshal(y)
	return string(ja) == string(jb)
}
