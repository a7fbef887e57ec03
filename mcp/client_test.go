package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"go.uber.org/goleak"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/internal/fence"
)

// serve connects a Client to server over in-memory transports; both end
// with the test.
func serve(t *testing.T, server *sdk.Server, opts ...ClientOption) *Client {
	t.Helper()
	ctx := context.Background()
	st, ct := sdk.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := Connect(ctx, SDKTransport(ct), opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		_ = ss.Wait()
	})
	return c
}

func newServer(opts *sdk.ServerOptions) *sdk.Server {
	return sdk.NewServer(&sdk.Implementation{Name: "test", Version: "v1"}, opts)
}

func textTool(name, text string, ann *sdk.ToolAnnotations) (*sdk.Tool, sdk.ToolHandler) {
	return &sdk.Tool{Name: name, Description: "says " + text, InputSchema: json.RawMessage(`{"type":"object","properties":{"x":{"type":"string"}}}`), Annotations: ann},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: text}}}, nil
		}
}

func byName(tools []toolgen.Tool) map[toolgen.ToolName]toolgen.Tool {
	m := map[toolgen.ToolName]toolgen.Tool{}
	for _, t := range tools {
		m[t.Name] = t
	}
	return m
}

func TestToolsFollowsEveryPage(t *testing.T) {
	noLeaks(t)
	s := newServer(&sdk.ServerOptions{PageSize: 2})
	for i := range 7 {
		s.AddTool(textTool(fmt.Sprintf("tool_%d", i), strconv.Itoa(i), nil))
	}
	c := serve(t, s)
	tools, err := c.Tools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(tools) != 7 {
		t.Fatalf("got %d tools, want 7 (4 pages of 2)", len(tools))
	}
	for i := range 7 {
		if _, ok := byName(tools)[toolgen.ToolName(fmt.Sprintf("tool_%d", i))]; !ok {
			t.Errorf("tool_%d missing", i)
		}
	}
}

func TestToolsStopsAfterMaxPages(t *testing.T) {
	noLeaks(t)
	s := newServer(&sdk.ServerOptions{PageSize: 1})
	for i := range 3 {
		s.AddTool(textTool(fmt.Sprintf("tool_%d", i), "x", nil))
	}
	c := serve(t, s, WithMaxPages(2))
	if _, err := c.Tools(context.Background()); err == nil || !strings.Contains(err.Error(), "more than 2 pages") {
		t.Fatalf("err = %v, want more than 2 pages", err)
	}
}

func TestAnnotationsAndApproval(t *testing.T) {
	noLeaks(t)
	no := false
	s := newServer(nil)
	s.AddTool(textTool("bare", "b", nil))
	s.AddTool(textTool("reader", "r", &sdk.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: &no}))
	s.AddTool(textTool("writer", "w", &sdk.ToolAnnotations{DestructiveHint: &no, IdempotentHint: true}))
	tools, err := serve(t, s).Tools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got := byName(tools)
	want := map[toolgen.ToolName]struct {
		ann      toolgen.Annotations
		approval bool
	}{
		"bare":   {toolgen.Annotations{Destructive: true, OpenWorld: true}, true},
		"reader": {toolgen.Annotations{ReadOnly: true, Destructive: true}, false},
		"writer": {toolgen.Annotations{Idempotent: true, OpenWorld: true}, true},
	}
	for name, w := range want {
		if got[name].Annotations != w.ann || got[name].RequiresApproval != w.approval {
			t.Errorf("%s: annotations %+v approval %v, want %+v %v", name, got[name].Annotations, got[name].RequiresApproval, w.ann, w.approval)
		}
	}
	if got["bare"].Description != "says b\n\n"+fence.Instruction {
		t.Errorf("description = %q", got["bare"].Description)
	}
	var schema map[string]any
	if err := json.Unmarshal(got["bare"].InputSchema, &schema); err != nil || schema["properties"] == nil {
		t.Errorf("input schema %s: %v", got["bare"].InputSchema, err)
	}

	tools, err = serve(t, s, WithoutApproval()).Tools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools {
		if tool.RequiresApproval {
			t.Errorf("%s requires approval under WithoutApproval", tool.Name)
		}
	}
}

// richServer has tools returning each kind of result.
func richServer() *sdk.Server {
	s := newServer(nil)
	obj := json.RawMessage(`{"type":"object"}`)
	s.AddTool(&sdk.Tool{Name: "image", InputSchema: obj}, func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{Content: []sdk.Content{
			&sdk.TextContent{Text: "a picture"},
			&sdk.ImageContent{Data: []byte{0x89, 'P', 'N', 'G'}, MIMEType: "image/png"},
			&sdk.AudioContent{Data: []byte("RIFF"), MIMEType: "audio/wav"},
			&sdk.EmbeddedResource{Resource: &sdk.ResourceContents{URI: "test://doc", MIMEType: "text/plain", Text: "a document"}},
			&sdk.EmbeddedResource{Resource: &sdk.ResourceContents{URI: "test://blob", MIMEType: "application/octet-stream", Blob: []byte{1, 2}}},
			&sdk.ResourceLink{URI: "test://link", Name: "linked"},
		}}, nil
	})
	s.AddTool(&sdk.Tool{Name: "structured", InputSchema: obj, OutputSchema: json.RawMessage(`{"type":"object","properties":{"sum":{"type":"number"}}}`)},
		func(_ context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			var in struct{ A, B float64 }
			if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
				return nil, err
			}
			return &sdk.CallToolResult{StructuredContent: map[string]any{"sum": in.A + in.B}}, nil
		})
	s.AddTool(&sdk.Tool{Name: "fails", InputSchema: obj}, func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{IsError: true, Content: []sdk.Content{&sdk.TextContent{Text: "disk full"}}}, nil
	})
	return s
}

func TestCallMapsContent(t *testing.T) {
	noLeaks(t)
	c := serve(t, richServer())
	ctx := context.Background()
	r, err := c.CallTool(ctx, "image", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []toolgen.Content{
		{Type: toolgen.ContentText, Text: "a picture"},
		{Type: toolgen.ContentImage, Data: []byte("\x89PNG"), MIMEType: "image/png"},
		{Type: toolgen.ContentAudio, Data: []byte("RIFF"), MIMEType: "audio/wav"},
		{Type: toolgen.ContentResource, URI: "test://doc", MIMEType: "text/plain", Text: "a document"},
		{Type: toolgen.ContentResource, URI: "test://blob", MIMEType: "application/octet-stream", Data: []byte{1, 2}},
		{Type: toolgen.ContentText, Text: `[resource link test://link "linked"]`},
	}
	if !reflect.DeepEqual(r.Content, want) {
		t.Errorf("content =\n%+v\nwant\n%+v", r.Content, want)
	}
	r, err = c.CallTool(ctx, "structured", []byte(`{"A":2,"B":3}`))
	if err != nil {
		t.Fatal(err)
	}
	if string(r.Structured) != `{"sum":5}` || r.IsError {
		t.Errorf("structured = %s (isError %v)", r.Structured, r.IsError)
	}
	tools, err := c.Tools(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if out := byName(tools)["structured"].OutputSchema; !strings.Contains(string(out), `"sum"`) {
		t.Errorf("output schema = %s", out)
	}
}

func TestIsErrorIsAResultAndAToolError(t *testing.T) {
	noLeaks(t)
	c := serve(t, richServer())
	r, err := c.CallTool(context.Background(), "fails", nil)
	var te *ToolError
	if !errors.As(err, &te) || te.Tool != "fails" || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("err = %v, want a *ToolError saying disk full", err)
	}
	if !r.IsError || r.Text() != "disk full" {
		t.Errorf("result = %+v", r)
	}
	tools, _ := c.Tools(context.Background())
	r, err = byName(tools)["fails"].Call(context.Background(), []byte(`{}`))
	if err != nil || !r.IsError || r.Text() != `<untrusted-data source="fails">disk full</untrusted-data>` {
		t.Errorf("Tool.Call = %+v, %v; want a fenced IsError result and no error", r, err)
	}
}

func TestRPCErrorIsAResultAndATypedError(t *testing.T) {
	noLeaks(t)
	c := serve(t, richServer())
	r, err := c.CallTool(context.Background(), "no_such_tool", []byte(`{}`))
	var re *RPCError
	if !errors.As(err, &re) || re.Code != -32602 || !strings.Contains(re.Message, "no_such_tool") {
		t.Fatalf("err = %#v, want *RPCError -32602", err)
	}
	if !r.IsError || !strings.Contains(r.Text(), "unknown tool") {
		t.Errorf("result = %+v", r)
	}

	// Through the agent loop the model sees the refusal as a tool result.
	model := agenttest.NewModel(
		agenttest.Calls(agenttest.Call("c1", "image", `{}`)),
		agenttest.Text("done"),
	)
	tools, err := c.Tools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ghost := byName(tools)["image"]
	ghost.RequiresApproval = false
	ghost.Call = func(ctx context.Context, args []byte) (toolgen.Result, error) {
		return c.callForModel(ctx, "no_such_tool", args, "")
	}
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{ghost}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ag.Run(context.Background(), "go", nil); err != nil {
		t.Fatal(err)
	}
	if got := toolResultText(t, model); !strings.Contains(got, "unknown tool") {
		t.Errorf("the model saw %q, want the unknown tool error", got)
	}
}

// toolResultText is the text of the tool results the model's last request
// carried.
func toolResultText(t *testing.T, m *agenttest.Model) string {
	t.Helper()
	reqs := m.Requests()
	if len(reqs) == 0 {
		t.Fatal("no model requests")
	}
	b, err := json.Marshal(reqs[len(reqs)-1].Messages)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestCallReturnsCtxError(t *testing.T) {
	noLeaks(t)
	s := newServer(nil)
	s.AddTool(&sdk.Tool{Name: "slow", InputSchema: json.RawMessage(`{"type":"object"}`)}, func(ctx context.Context, _ *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		select {
		case <-ctx.Done():
		case <-time.After(10 * time.Second):
		}
		return &sdk.CallToolResult{}, nil
	})
	c := serve(t, s)
	tools, err := c.Tools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err = tools[0].Call(ctx, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v, want the deadline", err)
	}
}

func TestListChangedRefreshesTools(t *testing.T) {
	noLeaks(t)
	s := newServer(nil)
	s.AddTool(textTool("first", "1", nil))
	c := serve(t, s)
	ctx := context.Background()
	tools, err := c.Tools(ctx)
	if err != nil || len(tools) != 1 {
		t.Fatalf("Tools = %d tools, %v", len(tools), err)
	}
	s.AddTool(textTool("second", "2", nil)) // the server notifies list_changed
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		tools, err = c.Tools(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(tools) == 2 {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("after list_changed, Tools has %d tools, want 2", len(tools))
}

func TestToolsIsCachedUntilListChanged(t *testing.T) {
	noLeaks(t)
	s := newServer(nil)
	s.AddTool(textTool("first", "1", nil))
	var lists atomic.Int32
	s.AddReceivingMiddleware(func(next sdk.MethodHandler) sdk.MethodHandler {
		return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
			if method == "tools/list" {
				lists.Add(1)
			}
			return next(ctx, method, req)
		}
	})
	c := serve(t, s)
	for range 3 {
		if _, err := c.Tools(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if n := lists.Load(); n != 1 {
		t.Errorf("tools/list sent %d times, want 1", n)
	}
}

// buildStubborn builds testdata/stubborn into dir.
func buildStubborn(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "stubborn")
	out, err := exec.Command("go", "build", "-o", bin, "./testdata/stubborn").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// alive reports whether pid is a live process (not gone, not a zombie).
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	return len(fields) > 0 && fields[0] != "Z"
}

// waitGone waits (bounded) for pid to be gone.
func waitGone(t *testing.T, what string, pid int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for alive(pid) {
		if time.Now().After(deadline) {
			t.Errorf("%s (pid %d) still running after Close", what, pid)
			_ = syscall.Kill(pid, syscall.SIGKILL)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestCloseKillsStubbornServerAndItsChildren(t *testing.T) {
	noLeaks(t)
	dir := t.TempDir()
	bin := buildStubborn(t, dir)
	pidfile := filepath.Join(dir, "child.pid")
	ctx := context.Background()
	c, err := Connect(ctx, Command(bin), WithEnv(append(os.Environ(), "STUBBORN_CHILD_PIDFILE="+pidfile)), WithTerminateTimeout(200*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	r, err := c.CallTool(ctx, "ping", nil)
	if err != nil || r.Text() != "pong" {
		t.Fatalf("ping = %q, %v", r.Text(), err)
	}
	pid := c.PID()
	b, err := os.ReadFile(pidfile)
	if err != nil {
		t.Fatal(err)
	}
	child, _ := strconv.Atoi(string(b))
	if !alive(pid) || !alive(child) {
		t.Fatalf("server %d alive %v, child %d alive %v", pid, alive(pid), child, alive(child))
	}
	start := time.Now()
	if err := c.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("Close took %v", d)
	}
	waitGone(t, "server", pid)
	waitGone(t, "its child", child)
	if err := c.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

func TestConnectFailsOnMissingCommand(t *testing.T) {
	_, err := Connect(context.Background(), Command(filepath.Join(t.TempDir(), "nothing-here")))
	if err == nil {
		t.Fatal("Connect to a missing command succeeded")
	}
}

// noLeaks checks, after the test and its cleanups, that it left no
// goroutines behind.
func noLeaks(t *testing.T) {
	t.Helper()
	current := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, current) })
}

// TestSchemasKeepTheirMeaning checks that a 2020-12 input schema comes
// through as the same JSON value: $schema, $defs, $ref, composition and
// additionalProperties kept.
func TestSchemasKeepTheirMeaning(t *testing.T) {
	noLeaks(t)
	schema := `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",` +
		`"$defs":{"point":{"type":"object","properties":{"x":{"type":"number"}},"required":["x"]}},` +
		`"properties":{"at":{"$ref":"#/$defs/point"},"mode":{"anyOf":[{"const":"a"},{"const":"b"}]},` +
		`"big":{"type":"integer","maximum":9007199254740991}},"additionalProperties":false,` +
		`"if":{"required":["mode"]},"then":{"required":["at"]}}`
	s := newServer(nil)
	s.AddTool(&sdk.Tool{Name: "rich", InputSchema: json.RawMessage(schema)}, func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{}, nil
	})
	tools, err := serve(t, s).Tools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var got, want any
	if err := json.Unmarshal(tools[0].InputSchema, &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(schema), &want); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("input schema\n%s\nwant the same value as\n%s", tools[0].InputSchema, schema)
	}
}

func TestCallOnADeadServerIsAnError(t *testing.T) {
	noLeaks(t)
	bin := buildStubborn(t, t.TempDir())
	ctx := context.Background()
	c, err := Connect(ctx, Command(bin), WithTerminateTimeout(100*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	tools, err := c.Tools(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(c.PID(), syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	waitGone(t, "the killed server", c.PID())
	callCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_, err = tools[0].Call(callCtx, []byte(`{}`))
	var re *RPCError
	if err == nil || errors.As(err, &re) || callCtx.Err() != nil {
		t.Errorf("calling a dead server: err = %v (ctx %v), want a transport error", err, callCtx.Err())
	}
}

func TestConnectErrorCarriesStderr(t *testing.T) {
	noLeaks(t)
	_, err := Connect(context.Background(), Command("sh", "-c", "echo 'cannot start: no config' >&2; exit 3"))
	if err == nil || !strings.Contains(err.Error(), "cannot start: no config") {
		t.Errorf("err = %v, want the server's stderr in it", err)
	}
}

func TestNamePrefix(t *testing.T) {
	noLeaks(t)
	s := newServer(nil)
	s.AddTool(textTool("echo", "hi", nil))
	c := serve(t, s, WithNamePrefix("everything_"))
	tools, err := c.Tools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(tools) != 1 || tools[0].Name != "everything_echo" {
		t.Fatalf("tools = %+v", tools)
	}
	r, err := tools[0].Call(context.Background(), nil)
	if err != nil || r.Text() != `<untrusted-data source="everything_echo">hi</untrusted-data>` {
		t.Errorf("call = %+v, %v; want the text fenced under the prefixed name", r, err)
	}
}

func TestTailBufferKeepsTheEnd(t *testing.T) {
	b := &tailBuffer{max: 5}
	fmt.Fprint(b, "abc")
	fmt.Fprint(b, "defgh")
	if b.String() != "defgh" {
		t.Errorf("tail = %q", b.String())
	}
}

// TestNewClientConnectsOnFirstUse: NewClient starts nothing; the first call
// that needs the server starts it and performs the handshake; a failed
// handshake is that call's error, and Close before any use is a no-op.
func TestNewClientConnectsOnFirstUse(t *testing.T) {
	noLeaks(t)
	bin := buildStubborn(t, t.TempDir())
	c, err := NewClient(Command(bin), WithTerminateTimeout(100*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	if c.PID() != 0 || c.Session() != nil {
		t.Fatalf("NewClient started the server (pid %d)", c.PID())
	}
	tools, err := c.Tools(context.Background())
	if err != nil || len(tools) == 0 {
		t.Fatalf("Tools = %d tools, %v", len(tools), err)
	}
	pid := c.PID()
	if pid == 0 || c.Session() == nil {
		t.Fatal("the first Tools call did not connect")
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	waitGone(t, "the server", pid)
	if _, err := c.Tools(context.Background()); err == nil {
		t.Error("Tools after Close succeeded")
	}

	never, err := NewClient(Command(filepath.Join(t.TempDir(), "nothing-here")))
	if err != nil {
		t.Fatalf("NewClient reached for the server: %v", err)
	}
	if _, err := never.Tools(context.Background()); err == nil || !strings.Contains(err.Error(), "connecting to") {
		t.Errorf("first use of an unreachable server: err = %v", err)
	}
	if err := never.Close(); err != nil {
		t.Errorf("Close before connecting: %v", err)
	}
	if _, err := NewClient(Transport{}); err == nil {
		t.Error("NewClient accepted a zero Transport")
	}
}
