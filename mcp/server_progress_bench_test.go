package mcp_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// BenchmarkProgressNotification is what a tool's progress report costs
// served over MCP: a tool reporting reports times in one call, the call's
// own cost spread over them, with a progress token (token=yes: a
// notifications/progress per report, all received before the next call)
// and without (token=no: the tool has no receiver). client=go-sdk is
// go-sdk's client, in memory (go-sdk's server path) and over streamable
// HTTP on 127.0.0.1 to a stateless server (the fast path); client=raw
// posts the request and reads the event stream without decoding it, so
// that the server's own cost shows (the fast path, and go-sdk's path).
// ns/report and allocs/report are per report, client and server together.
func BenchmarkProgressNotification(b *testing.B) {
	const reports = 1000
	tool := toolgen.Tool{Name: "pages", Description: "reads pages", InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			c := toolgen.CtxFrom(ctx)
			for i := range reports {
				c.Report(toolgen.Progress{Message: "reading page", Progress: float64(i + 1), Total: reports})
			}
			return toolgen.TextResult("done"), nil
		}}
	perReport := func(b *testing.B, call func(n int)) {
		b.ReportAllocs()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		n := 0
		for b.Loop() {
			call(n)
			n++
		}
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*reports), "ns/report")
		b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(n*reports), "allocs/report")
	}
	yesNo := map[bool]string{false: "no", true: "yes"}
	for _, tr := range []string{"inmemory", "http-fast"} {
		for _, token := range []bool{false, true} {
			b.Run(fmt.Sprintf("client=go-sdk/transport=%s/token=%s", tr, yesNo[token]), func(b *testing.B) {
				srv, err := mcp.NewServer("bench", "1", []toolgen.Tool{tool})
				if err != nil {
					b.Fatal(err)
				}
				var received atomic.Int64
				arrived := make(chan struct{}, 1)
				client := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "bench", Version: "1"}, &sdkmcp.ClientOptions{
					ProgressNotificationHandler: func(context.Context, *sdkmcp.ProgressNotificationClientRequest) {
						if received.Add(1)%reports == 0 {
							arrived <- struct{}{}
						}
					},
				})
				var ct sdkmcp.Transport = &sdkmcp.StreamableClientTransport{Endpoint: serveBench(b, srv, mcp.HTTPOptions{Stateless: true})}
				if tr == "inmemory" {
					st, mt := sdkmcp.NewInMemoryTransports()
					ss, err := srv.SDK().Connect(context.Background(), st, nil)
					if err != nil {
						b.Fatal(err)
					}
					b.Cleanup(func() { _ = ss.Close() })
					ct = mt
				}
				cs, err := client.Connect(context.Background(), ct, nil)
				if err != nil {
					b.Fatal(err)
				}
				b.Cleanup(func() { _ = cs.Close() })
				params := &sdkmcp.CallToolParams{Name: "pages", Arguments: map[string]any{}}
				perReport(b, func(n int) {
					if token {
						params.SetProgressToken(fmt.Sprint(n))
					}
					if _, err := cs.CallTool(context.Background(), params); err != nil {
						b.Fatal(err)
					}
					if token {
						<-arrived // the handler may run after the call returned
					}
				})
			})
		}
	}
	for _, path := range []string{"fast", "sdk"} {
		for _, token := range []bool{false, true} {
			b.Run(fmt.Sprintf("client=raw/transport=http-%s/token=%s", path, yesNo[token]), func(b *testing.B) {
				srv, err := mcp.NewServer("bench", "1", []toolgen.Tool{tool})
				if err != nil {
					b.Fatal(err)
				}
				url := serveBench(b, srv, mcp.HTTPOptions{Stateless: true, DisableFastPath: path == "sdk"})
				body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"pages","arguments":{}}}`
				if token {
					body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"_meta":{"progressToken":"t"},"name":"pages","arguments":{}}}`
				}
				want := 0
				if token {
					want = reports
				}
				perReport(b, func(int) {
					req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
					req.Header.Set("Content-Type", "application/json")
					req.Header.Set("Accept", "application/json, text/event-stream")
					req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
					resp, err := http.DefaultClient.Do(req)
					if err != nil {
						b.Fatal(err)
					}
					got, err := io.ReadAll(resp.Body)
					resp.Body.Close()
					if err != nil || bytes.Count(got, []byte(`"notifications/progress"`)) != want {
						b.Fatalf("%v: %d notifications, want %d", err, bytes.Count(got, []byte(`"notifications/progress"`)), want)
					}
				})
				if served := mcp.FastServed(srv); (path == "fast") != (served > 0) {
					b.Fatalf("the fast path served %d", served)
				}
			})
		}
	}
}

// serveBench serves srv on 127.0.0.1 until the benchmark ends and returns
// its endpoint.
func serveBench(b *testing.B, srv *mcp.Server, opts mcp.HTTPOptions) string {
	ln, err := mcp.Listen("127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, ln, opts) }()
	b.Cleanup(func() {
		http.DefaultClient.CloseIdleConnections()
		cancel()
		<-done
	})
	return "http://" + ln.Addr().String() + mcp.Path
}
