// Command stubborn is an MCP server over stdio that, like
// server-everything, does not exit when its input closes, ignores SIGTERM,
// and starts a child process (a sleep) whose pid it writes to the file named
// by STUBBORN_CHILD_PIDFILE. Client tests check that Close ends both.
package main

import (
	"context"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	signal.Ignore(syscall.SIGTERM)
	if f := os.Getenv("STUBBORN_CHILD_PIDFILE"); f != "" {
		child := exec.Command("sleep", "300")
		if err := child.Start(); err == nil {
			_ = os.WriteFile(f, []byte(strconv.Itoa(child.Process.Pid)), 0o600)
		}
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "stubborn", Version: "v1"}, nil)
	s.AddTool(&mcp.Tool{Name: "ping", InputSchema: map[string]any{"type": "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "pong"}}}, nil
	})
	_ = s.Run(context.Background(), &mcp.StdioTransport{})
	time.Sleep(10 * time.Minute) // input closed: stay, as server-everything does
}
