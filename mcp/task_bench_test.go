package mcp_test

import (
	"context"
	"testing"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// BenchmarkTaskCall is one Client.CallTool of a tool that returns at once,
// over streamable HTTP on 127.0.0.1, called plainly and as an MCP task
// (tools/call with a task, tasks/get, tasks/result): the overhead of a
// task per call.
func BenchmarkTaskCall(b *testing.B) {
	tool := toolgen.Tool{Name: "quick", Description: "returns at once", InputSchema: []byte(`{"type":"object"}`),
		Annotations: toolgen.Annotations{ReadOnly: true}, Task: toolgen.TaskOptional,
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("ok"), nil }}
	for _, mode := range []struct {
		name      string
		stateless bool
		opts      []mcp.ClientOption
	}{
		{"stateful/plain", false, nil},
		{"stateful/task", false, []mcp.ClientOption{mcp.WithPreferTasks()}},
		{"stateless/plain", true, nil},
		{"stateless/task", true, []mcp.ClientOption{mcp.WithPreferTasks()}},
	} {
		b.Run(mode.name, func(b *testing.B) {
			srv, err := mcp.NewServer("bench", "1.0.0", []toolgen.Tool{tool})
			if err != nil {
				b.Fatal(err)
			}
			url := serveBench(b, srv, mcp.HTTPOptions{Stateless: mode.stateless})
			c, err := mcp.Connect(b.Context(), mcp.URL(url, nil), mode.opts...)
			if err != nil {
				b.Fatal(err)
			}
			defer c.Close()
			if _, err := c.Tools(b.Context()); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.CallTool(b.Context(), "quick", []byte(`{}`)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
