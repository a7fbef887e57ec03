package mcp

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/toolgen-dev/toolgen"
)

// BenchmarkParamHeaderCheck is what the server's check of Mcp-Param-*
// headers adds to a call of a tool that declares them (the body read once
// more, the arguments looked up, the values compared), beside
// BenchmarkFastPathParse's reading of the same call.
func BenchmarkParamHeaderCheck(b *testing.B) {
	schema := `{"type":"object","properties":{"city":{"type":"string","x-mcp-header":"City"},"unit":{"type":"string"},"days":{"type":"integer","x-mcp-header":"Days"}}}`
	tool := toolgen.Tool{Name: "get_weather", Description: "weather", InputSchema: []byte(schema),
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("ok"), nil }}
	srv, err := NewServer("bench", "1.0.0", []toolgen.Tool{tool})
	if err != nil {
		b.Fatal(err)
	}
	body := []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}},"name":"get_weather","arguments":{"city":"Paris","unit":"c","days":3}}}`)
	header := http.Header{"Mcp-Param-City": {"Paris"}, "Mcp-Param-Days": {"3"}}
	w := httptest.NewRecorder()
	if !srv.paramHeadersAgree(w, header, body) {
		b.Fatal("the check refuses the call")
	}
	b.ReportAllocs()
	for b.Loop() {
		srv.paramHeadersAgree(w, header, body)
	}
}
