package aisdk_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/aisdk"
)

// BenchmarkTextStream serves a streamed answer of 1,000 text pieces and
// reads it all: the handler's cost per chunk, over a loopback connection.
func BenchmarkTextStream(b *testing.B) {
	pieces := make([]string, 1000)
	for i := range pieces {
		pieces[i] = "word "
	}
	reply := rt.StreamText(pieces...)
	replies := make([]rt.Reply, b.N)
	for i := range replies {
		replies[i] = reply
	}
	a, err := agent.New(rt.NewModel(replies...))
	if err != nil {
		b.Fatal(err)
	}
	h, err := aisdk.Handler(a)
	if err != nil {
		b.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	body := `{"id":"c","messages":[{"id":"u","role":"user","parts":[{"type":"text","text":"hi"}]}]}`
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		resp, err := http.Post(srv.URL, "application/json", strings.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := io.Copy(io.Discard, resp.Body); err != nil {
			b.Fatal(err)
		}
		resp.Body.Close()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(pieces)), "ns/piece")
}
