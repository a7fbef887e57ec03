package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/internal/npmtest"
)

// The interop tests run this client against real servers from npm, pinned
// in testdata/npm/package.json and installed by .ci/run.

// npmModules is testdata/npm/node_modules, or the test is skipped.
func npmModules(t *testing.T) string {
	return npmtest.Modules(t, filepath.Join("@modelcontextprotocol", "server-everything"))
}

// node is the Node that runs the npm servers.
func node(t *testing.T, modules string) string { return npmtest.Node(t, modules) }

// serverJS is the entry point of an npm MCP server package.
func serverJS(modules, pkg string) string {
	return filepath.Join(modules, "@modelcontextprotocol", pkg, "dist", "index.js")
}

// connectTo connects to a Command server and closes it with the test,
// checking that its process is gone afterwards.
func connectTo(t *testing.T, tr Transport, opts ...ClientOption) *Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c, err := Connect(ctx, tr, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		pid := c.PID()
		if err := c.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		if pid != 0 {
			waitGone(t, "the server", pid)
		}
	})
	return c
}

// runAgent runs a scripted model that makes calls in one turn, with tools,
// and returns what came back to the model, by call id.
func runAgent(t *testing.T, tools []toolgen.Tool, calls ...agent.ToolCall) map[string]string {
	t.Helper()
	model := agenttest.NewModel(agenttest.Calls(calls...), agenttest.Text("done"))
	ag, err := agent.New(model, agent.WithTools(tools))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	state, err := ag.Run(ctx, "go", nil)
	if err != nil {
		t.Fatal(err)
	}
	reqs := model.Requests()
	if len(reqs) != 2 {
		t.Fatalf("the model was asked %d times, want 2 (state %+v)", len(reqs), state)
	}
	out := map[string]string{}
	for _, m := range reqs[1].Messages {
		for _, r := range m.Results {
			b, _ := json.Marshal(r)
			out[r.CallID] = string(b)
		}
	}
	return out
}

// mustTools lists the tools, checking names are present.
func mustTools(t *testing.T, c *Client, names ...string) []toolgen.Tool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	tools, err := c.Tools(ctx)
	if err != nil {
		t.Fatal(err)
	}
	have := byName(tools)
	for _, n := range names {
		tool, ok := have[toolgen.ToolName(n)]
		if !ok {
			t.Fatalf("no tool %s among %d", n, len(tools))
		}
		if !json.Valid(tool.InputSchema) {
			t.Errorf("%s: input schema %s", n, tool.InputSchema)
		}
	}
	return tools
}

// checkEverything lists and calls server-everything's tools.
func checkEverything(t *testing.T, c *Client) {
	tools := mustTools(t, c, "echo", "get-sum", "get-tiny-image")
	got := runAgent(t, tools,
		agenttest.Call("c1", "echo", `{"message":"hello from Go"}`),
		agenttest.Call("c2", "get-sum", `{"a":2,"b":3}`),
	)
	if !strings.Contains(got["c1"], "Echo: hello from Go") {
		t.Errorf("echo: %s", got["c1"])
	}
	if !strings.Contains(got["c2"], "is 5") {
		t.Errorf("get-sum: %s", got["c2"])
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, err := c.CallTool(ctx, "get-tiny-image", nil)
	if err != nil {
		t.Fatal(err)
	}
	image := false
	for _, part := range r.Content {
		image = image || (part.Type == toolgen.ContentImage && part.MIMEType == "image/png" && len(part.Data) > 0)
	}
	if !image {
		t.Errorf("get-tiny-image: no PNG among %d parts", len(r.Content))
	}
	_, err = c.CallTool(ctx, "no-such-tool", []byte(`{}`))
	var re *RPCError
	var te *ToolError
	if !errors.As(err, &re) && !errors.As(err, &te) {
		t.Errorf("unknown tool: err = %v, want an RPCError or ToolError", err)
	}
}

func TestInteropEverythingStdio(t *testing.T) {
	modules := npmModules(t)
	noLeaks(t)
	c := connectTo(t, Command(node(t, modules), serverJS(modules, "server-everything"), "stdio"), WithoutApproval())
	checkEverything(t, c)
}

func TestInteropEverythingStreamableHTTP(t *testing.T) {
	modules := npmModules(t)
	addr := startEverythingHTTP(t, modules)
	c := connectTo(t, URL("http://"+addr+"/mcp", nil), WithoutApproval())
	checkEverything(t, c)
}

// startEverythingHTTP starts server-everything over streamable HTTP on
// 127.0.0.1, ended with the test, and returns its address.
func startEverythingHTTP(t *testing.T, modules string) string {
	t.Helper()
	port := freePort(t)
	cmd := exec.Command(node(t, modules), serverJS(modules, "server-everything"), "streamableHttp")
	cmd.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", port))
	ownProcessGroup(cmd)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	t.Cleanup(func() {
		killGroup(cmd)
		_ = cmd.Wait()
		waitGone(t, "the HTTP server", pid)
	})
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	waitListening(t, addr)
	return addr
}

func TestInteropFilesystem(t *testing.T) {
	modules := npmModules(t)
	noLeaks(t)
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(file, []byte("the answer is 42\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := connectTo(t, Command(node(t, modules), serverJS(modules, "server-filesystem"), dir))
	tools := mustTools(t, c, "read_text_file", "write_file", "list_directory")
	have := byName(tools)
	if have["read_text_file"].RequiresApproval || !have["read_text_file"].Annotations.ReadOnly {
		t.Errorf("read_text_file: %+v approval %v, want read-only without approval", have["read_text_file"].Annotations, have["read_text_file"].RequiresApproval)
	}
	if !have["write_file"].RequiresApproval {
		t.Error("write_file does not require approval")
	}
	args, _ := json.Marshal(map[string]string{"path": file})
	outside, _ := json.Marshal(map[string]string{"path": "/etc/hostname"})
	got := runAgent(t, tools,
		agent.ToolCall{ID: "c1", Name: "read_text_file", Args: args},
		agent.ToolCall{ID: "c2", Name: "read_text_file", Args: outside},
	)
	if !strings.Contains(got["c1"], "the answer is 42") {
		t.Errorf("read_text_file: %s", got["c1"])
	}
	if !strings.Contains(got["c2"], "is_error") {
		t.Errorf("reading outside the allowed directory: %s", got["c2"])
	}
}

// freePort is a TCP port free on 127.0.0.1 a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// waitListening waits (bounded) until addr accepts connections.
func waitListening(t *testing.T, addr string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		conn, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			conn.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("nothing listens on %s: %v", addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// checkLongRunning calls server-everything's trigger-long-running-operation
// (five steps of 50 ms) through an agent that listens: each of the
// server's progress notifications is an EventToolProgress of the call,
// before its tool_finished.
func checkLongRunning(t *testing.T, c *Client) {
	tools := mustTools(t, c, "trigger-long-running-operation")
	model := agenttest.NewModel(agenttest.Calls(agenttest.Call("c1", "trigger-long-running-operation", `{"duration":0.25,"steps":5}`)), agenttest.Text("done"))
	ag, err := agent.New(model, agent.WithTools(tools))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var got []string
	if _, err := ag.RunStream(ctx, "go", nil, func(e agent.Event) error {
		switch e.Kind {
		case agent.EventToolStarted, agent.EventToolFinished:
			got = append(got, string(e.Kind))
		case agent.EventToolProgress:
			got = append(got, fmt.Sprintf("%v/%v", e.Progress.Progress, e.Progress.Total))
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	want := []string{"tool_started", "1/5", "2/5", "3/5", "4/5", "5/5", "tool_finished"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("events %v, want %v", got, want)
	}
}

func TestInteropEverythingProgressStdio(t *testing.T) {
	modules := npmModules(t)
	noLeaks(t)
	c := connectTo(t, Command(node(t, modules), serverJS(modules, "server-everything"), "stdio"), WithoutApproval())
	checkLongRunning(t, c)
}

func TestInteropEverythingProgressStreamableHTTP(t *testing.T) {
	modules := npmModules(t)
	addr := startEverythingHTTP(t, modules)
	c := connectTo(t, URL("http://"+addr+"/mcp", nil), WithoutApproval())
	checkLongRunning(t, c)
}

// checkResearchTask calls server-everything's simulate-research-query,
// whose taskSupport is required, through the agent's view of the tool: the
// client makes it a task, polls it, reports its stages as progress and
// returns the report.
func checkResearchTask(t *testing.T, c *Client) {
	tools := mustTools(t, c, "simulate-research-query")
	tool := byName(tools)["simulate-research-query"]
	var mu sync.Mutex
	var stages []string
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	ctx = toolgen.WithProgress(ctx, func(p toolgen.Progress) {
		mu.Lock()
		stages = append(stages, p.Message)
		mu.Unlock()
	})
	r, err := tool.Call(ctx, []byte(`{"topic":"gophers"}`))
	if err != nil {
		t.Fatal(err)
	}
	if r.IsError || !strings.Contains(r.Text(), "Research Report: gophers") {
		t.Fatalf("result: %+v", r)
	}
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(strings.Join(stages, "|"), "Synthesizing findings") {
		t.Errorf("progress %q lacks the stages", stages)
	}
}

func TestInteropEverythingTaskStdio(t *testing.T) {
	modules := npmModules(t)
	noLeaks(t)
	c := connectTo(t, Command(node(t, modules), serverJS(modules, "server-everything"), "stdio"), WithoutApproval())
	checkResearchTask(t, c)
}

func TestInteropEverythingTaskStreamableHTTP(t *testing.T) {
	modules := npmModules(t)
	addr := startEverythingHTTP(t, modules)
	c := connectTo(t, URL("http://"+addr+"/mcp", nil), WithoutApproval())
	checkResearchTask(t, c)
}
