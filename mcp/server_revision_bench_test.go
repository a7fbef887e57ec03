//go:build unix

package mcp_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// BenchmarkFastPathCallByRevision is what the server spends answering one
// tools/call on the fast path, through the whole handler (the body read,
// the DNS rebinding check, the revision router, the response written to
// memory: no network), at protocol revision 2025-11-25 and 2026-07-28,
// whose requests carry a _meta and the Mcp-Method and Mcp-Name headers and
// whose results carry resultType and the server's info. server=stateful is
// a stateful server, which answers 2026-07-28 as a stateless one does; its
// 2025-11-25 calls belong to sessions (not measured here). cpu-ns/op is
// the process's CPU time (user and system, all goroutines, the garbage
// collector's too) per call, steadier than the wall time on a busy machine.
func BenchmarkFastPathCallByRevision(b *testing.B) {
	tool := toolgen.Tool{Name: "get_weather", Description: "weather", InputSchema: []byte(`{"type":"object"}`),
		Call: func(context.Context, []byte) (toolgen.Result, error) {
			return toolgen.TextResult("Paris: 21C, sunny"), nil
		}}
	args := `"name":"get_weather","arguments":{"city":"Paris","unit":"c","days":3}`
	meta := `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}`
	for _, c := range []struct {
		server, revision, body string
		header                 map[string]string
	}{
		{"stateless", "2025-11-25", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{` + args + `}}`, nil},
		{"stateless", "2026-07-28", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{` + meta + `,` + args + `}}`,
			map[string]string{"Mcp-Method": "tools/call", "Mcp-Name": "get_weather"}},
		{"stateful", "2026-07-28", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{` + meta + `,` + args + `}}`,
			map[string]string{"Mcp-Method": "tools/call", "Mcp-Name": "get_weather"}},
	} {
		b.Run("server="+c.server+"/revision="+c.revision, func(b *testing.B) {
			srv, err := mcp.NewServer("bench", "1.0.0", []toolgen.Tool{tool})
			if err != nil {
				b.Fatal(err)
			}
			h, err := srv.Handler(mcp.HTTPOptions{Stateless: c.server == "stateless"})
			if err != nil {
				b.Fatal(err)
			}
			body := []byte(c.body)
			call := func() *httptest.ResponseRecorder {
				req := httptest.NewRequest(http.MethodPost, "http://127.0.0.1"+mcp.Path, bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Accept", "application/json, text/event-stream")
				req.Header.Set("Mcp-Protocol-Version", c.revision)
				for k, v := range c.header {
					req.Header.Set(k, v)
				}
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				return rec
			}
			if rec := call(); rec.Code != http.StatusOK || !bytes.Contains(rec.Body.Bytes(), []byte("sunny")) {
				b.Fatalf("%d %s", rec.Code, rec.Body)
			}
			before := mcp.FastServed(srv)
			b.ReportAllocs()
			n := int64(0)
			cpu0 := processCPU(b)
			for b.Loop() {
				call()
				n++
			}
			b.ReportMetric(float64(processCPU(b)-cpu0)/float64(n), "cpu-ns/op")
			if served := mcp.FastServed(srv) - before; served != n {
				b.Fatalf("the fast path answered %d of %d calls", served, n)
			}
		})
	}
}

// processCPU is the CPU time the process has used, in nanoseconds.
func processCPU(b *testing.B) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
