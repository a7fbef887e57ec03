package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	mcpgoserver "github.com/mark3labs/mcp-go/server"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/benchtools/hundred"
	"github.com/toolgen-dev/toolgen/mcp"
)

var args = json.RawMessage(`{"city":"Paris","unit":"c","days":3,"tags":["a","b"]}`)

var servers = []struct {
	name  string
	start func(testing.TB) serve
}{
	{"toolgen", toolgenServer},
	{"go-sdk_envelope", envelopeServer},
	{"go-sdk_AddTool", sdkTypedServer},
	{"mcp-go", mcpgoServer},
}

func call(tb testing.TB, sess *sdk.ClientSession) *sdk.CallToolResult {
	res, err := sess.CallTool(context.Background(), &sdk.CallToolParams{Name: "get_weather", Arguments: args})
	if err != nil {
		tb.Fatal(err)
	}
	if res.IsError {
		tb.Fatalf("%+v", res.Content)
	}
	return res
}

// TestServersAgree: the three servers give the same structured result, so
// the benchmark compares the same work.
func TestServersAgree(t *testing.T) {
	var first string
	for _, s := range servers {
		res := call(t, connect(t, s.start(t)))
		got, err := json.Marshal(res.StructuredContent)
		if err != nil {
			t.Fatal(err)
		}
		var norm any
		_ = json.Unmarshal(got, &norm)
		canon, _ := json.Marshal(norm)
		if first == "" {
			first = string(canon)
		} else if string(canon) != first {
			t.Errorf("%s returned %s, toolgen %s", s.name, canon, first)
		}
	}
}

// BenchmarkToolsCall is one tools/call, client to server and back, over the
// same transport for every server (newline-delimited JSON over pipes, the
// go-sdk client).
func BenchmarkToolsCall(b *testing.B) {
	for _, s := range servers {
		b.Run("server="+s.name, func(b *testing.B) {
			sess := connect(b, s.start(b))
			b.ReportAllocs()
			for b.Loop() {
				call(b, sess)
			}
		})
	}
}

// hundredArgs has the shape of each of hundred's tools' parameters, for the
// peers, which take one struct.
type hundredArgs struct {
	Name  string           `json:"name"`
	Count *int             `json:"count,omitempty"`
	Tags  []string         `json:"tags"`
	Opts  *hundred.Options `json:"opts,omitempty"`
}

// BenchmarkNewServer100 builds a server with 100 tools. toolgen_Toolbox
// builds no server: it is what a program that calls the tools itself (an
// agent) pays to have them ready by name, side by side with the servers.
func BenchmarkNewServer100(b *testing.B) {
	b.Run("server=toolgen_Toolbox", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := toolgen.NewToolbox(hundred.Tools()); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("server=toolgen", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := mcp.NewServer("bench", "1", hundred.Tools()); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("server=go-sdk_AddTool", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s := sdk.NewServer(&sdk.Implementation{Name: "bench", Version: "1"}, nil)
			for i := range 100 {
				sdk.AddTool(s, &sdk.Tool{Name: fmt.Sprintf("tool%03d", i), Description: "does a task"},
					func(context.Context, *sdk.CallToolRequest, hundredArgs) (*sdk.CallToolResult, any, error) {
						return nil, nil, nil
					})
			}
		}
	})
	b.Run("server=mcp-go", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			s := mcpgoserver.NewMCPServer("bench", "1")
			for i := range 100 {
				tool := mcpgo.NewTool(fmt.Sprintf("tool%03d", i), mcpgo.WithDescription("does a task"), mcpgo.WithInputSchema[hundredArgs]())
				s.AddTool(tool, mcpgo.NewTypedToolHandler(func(context.Context, mcpgo.CallToolRequest, hundredArgs) (*mcpgo.CallToolResult, error) {
					return mcpgo.NewToolResultText("ok"), nil
				}))
			}
		}
	})
}
