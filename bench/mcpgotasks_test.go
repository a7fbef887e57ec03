package bench

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	mcpgoserver "github.com/mark3labs/mcp-go/server"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/mcp"
)

// TestClientTasksAgainstMCPGo calls the task tools of an mcp-go server over
// streamable HTTP with toolgen's client: a tool that requires tasks, an
// optional one with WithPreferTasks, and a cancel when the caller gives up.
func TestClientTasksAgainstMCPGo(t *testing.T) {
	var cancelled atomic.Int32
	started := make(chan struct{}, 4)
	s := mcpgoserver.NewMCPServer("mcpgo-tasks", "1", mcpgoserver.WithTaskCapabilities(true, true, true))
	s.AddTool(mcpgo.NewTool("research", mcpgo.WithDescription("researches"), mcpgo.WithTaskSupport(mcpgo.TaskSupportRequired),
		mcpgo.WithString("topic", mcpgo.Required())),
		func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
			return mcpgo.NewToolResultText("report on " + req.GetString("topic", "")), nil
		})
	s.AddTool(mcpgo.NewTool("slow", mcpgo.WithDescription("waits"), mcpgo.WithTaskSupport(mcpgo.TaskSupportOptional)),
		func(ctx context.Context, _ mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
			started <- struct{}{}
			select {
			case <-ctx.Done():
				cancelled.Add(1)
				return nil, ctx.Err()
			case <-time.After(10 * time.Second):
				return mcpgo.NewToolResultText("slept"), nil
			}
		})
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcpgoserver.NewStreamableHTTPServer(s))
	hs := httptest.NewServer(mux)
	defer hs.Close()

	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	c, err := mcp.Connect(ctx, mcp.URL(hs.URL+"/mcp", nil), mcp.WithPreferTasks(), mcp.WithProtocolVersion("2025-11-25"))
	require.NoError(t, err)
	defer c.Close()

	res, err := c.CallTool(ctx, "research", []byte(`{"topic":"gophers"}`))
	require.NoError(t, err)
	assert.Equal(t, "report on gophers", res.Text())

	callCtx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() {
		_, err := c.CallTool(callCtx, "slow", nil)
		done <- err
	}()
	<-started
	stop()
	assert.True(t, errors.Is(<-done, context.Canceled))
	deadline := time.Now().Add(5 * time.Second)
	for cancelled.Load() == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	assert.EqualValues(t, 1, cancelled.Load(), "tasks/cancel reached the tool")
}

// TestClientTasksAgainstMCPGoNewProtocol: at protocol 2026-07-28 mcp-go
// has no tasks/result, and the client's error says how to connect.
func TestClientTasksAgainstMCPGoNewProtocol(t *testing.T) {
	s := mcpgoserver.NewMCPServer("mcpgo-tasks", "1", mcpgoserver.WithTaskCapabilities(true, true, true))
	s.AddTool(mcpgo.NewTool("research", mcpgo.WithDescription("researches"), mcpgo.WithTaskSupport(mcpgo.TaskSupportRequired)),
		func(context.Context, mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
			return mcpgo.NewToolResultText("report"), nil
		})
	mux := http.NewServeMux()
	mux.Handle("/mcp", mcpgoserver.NewStreamableHTTPServer(s))
	hs := httptest.NewServer(mux)
	defer hs.Close()
	c, err := mcp.Connect(t.Context(), mcp.URL(hs.URL+"/mcp", nil))
	require.NoError(t, err)
	defer c.Close()
	_, err = c.CallTool(t.Context(), "research", []byte(`{}`))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `mcp.WithProtocolVersion("2025-11-25")`)
}
