package mcp

import (
	"bytes"
	"context"
	"log"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-dev/toolgen"
)

// A panic while parsing (a bug: parse must refuse what it does not know)
// leaves the request to go-sdk instead of dropping the connection, and is
// logged once per handler, not once per request.
func TestFastPathParsePanicLeavesRequestToSDK(t *testing.T) {
	var logged bytes.Buffer
	prev := log.Writer()
	log.SetOutput(&logged)
	t.Cleanup(func() { log.SetOutput(prev) })

	f := &fastPath{} // no server: parse panics looking the tool up
	body := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{}}}`)
	for range 3 {
		_, ok := f.parseOrRecover(body, fastRequest{header: "2025-06-18"})
		assert.False(t, ok, "a request parse panicked on is left to go-sdk")
	}
	assert.Equal(t, 1, strings.Count(logged.String(), "the fast path panicked"), logged.String())
	assert.Contains(t, logged.String(), "parseOrRecover", "the first panic is logged with its stack")
}

// BenchmarkFastPathParse is the fast path's reading of a request body, the
// part of its cost that does not depend on the tool: a tools/call and a
// tools/list, at a version before 2026-07-28 and at 2026-07-28 (whose
// params carry a _meta).
func BenchmarkFastPathParse(b *testing.B) {
	tool := toolgen.Tool{Name: "get_weather", Description: "weather", InputSchema: []byte(`{"type":"object"}`),
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("ok"), nil }}
	srv, err := NewServer("bench", "1.0.0", []toolgen.Tool{tool})
	if err != nil {
		b.Fatal(err)
	}
	f := &fastPath{s: srv}
	meta := `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}`
	for _, c := range []struct {
		name string
		hreq fastRequest
		body string
	}{
		{"call", fastRequest{header: "2025-06-18"},
			`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"get_weather","arguments":{"city":"Paris","unit":"c","days":3}}}`},
		{"list", fastRequest{header: "2025-06-18"}, `{"jsonrpc":"2.0","id":7,"method":"tools/list"}`},
		{"call_2026", fastRequest{header: stateless2026, method: "tools/call", name: "get_weather"},
			`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{` + meta + `,"name":"get_weather","arguments":{"city":"Paris","unit":"c","days":3}}}`},
		{"list_2026", fastRequest{header: stateless2026, method: "tools/list"},
			`{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{` + meta + `}}`},
	} {
		b.Run("request="+c.name, func(b *testing.B) {
			body := []byte(c.body)
			if _, ok := f.parse(body, c.hreq); !ok {
				b.Fatal("the fast path refuses the request")
			}
			b.ReportAllocs()
			for b.Loop() {
				f.parse(body, c.hreq)
			}
		})
	}
}
