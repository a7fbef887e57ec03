package mcp_test

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// BenchmarkClientCallTool is one Client.CallTool of a read-only tool over
// streamable HTTP to an httptest server: the client's cost per call with its
// retry bookkeeping, which only a failed call uses.
func BenchmarkClientCallTool(b *testing.B) {
	b.Run("unpinned", func(b *testing.B) { benchmarkCallTool(b, false) })
	b.Run("pinned", func(b *testing.B) { benchmarkCallTool(b, true) })
}

// benchmarkCallTool calls through a client with the tool pinned or not:
// a pinned call compares the tool's digest with its pin first.
func benchmarkCallTool(b *testing.B, pinned bool) {
	tool := toolgen.Tool{Name: "read", Description: "reads", InputSchema: []byte(`{"type":"object"}`), Annotations: toolgen.Annotations{ReadOnly: true},
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("ok"), nil }}
	srv, err := mcp.NewServer("bench", "1.0.0", []toolgen.Tool{tool})
	if err != nil {
		b.Fatal(err)
	}
	h, err := srv.Handler(mcp.HTTPOptions{})
	if err != nil {
		b.Fatal(err)
	}
	hs := httptest.NewServer(h)
	defer hs.Close()
	c, err := mcp.Connect(b.Context(), mcp.URL(hs.URL+mcp.Path, nil))
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	if pinned {
		pins, err := c.Pins(b.Context())
		if err != nil {
			b.Fatal(err)
		}
		c.Pin(pins...)
	}
	if _, err := c.Tools(b.Context()); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.CallTool(b.Context(), "read", []byte(`{}`)); err != nil {
			b.Fatal(err)
		}
	}
}
