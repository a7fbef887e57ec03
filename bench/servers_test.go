package bench

import (
	"context"
	"encoding/json"
	"io"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	mcpgoserver "github.com/mark3labs/mcp-go/server"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen/internal/benchtools/weather"
	"github.com/toolgen-dev/toolgen/mcp"
)

// serve runs a server on one end of a pair of pipes, newline-delimited
// JSON-RPC as over stdio: the same transport for every server.
type serve func(ctx context.Context, r io.ReadCloser, w io.WriteCloser)

// connect starts a server and returns the go-sdk client session talking to
// it; the server stops with the test.
func connect(tb testing.TB, run serve) *sdk.ClientSession {
	ctx, cancel := context.WithCancel(context.Background())
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	done := make(chan struct{})
	go func() { defer close(done); run(ctx, sr, sw) }()
	client := sdk.NewClient(&sdk.Implementation{Name: "bench", Version: "1"}, nil)
	sess, err := client.Connect(ctx, &sdk.IOTransport{Reader: cr, Writer: cw}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		sess.Close()
		cancel()
		sr.Close()
		sw.Close()
		<-done
	})
	return sess
}

const description = "GetWeather returns a forecast."

// toolgenServer serves the generated tool through toolgen's server: the
// static schema, and the raw arguments handed to the generated dispatch.
func toolgenServer(tb testing.TB) serve {
	srv, err := mcp.NewServer("bench", "1", weather.Tools())
	if err != nil {
		tb.Fatal(err)
	}
	return func(ctx context.Context, r io.ReadCloser, w io.WriteCloser) {
		_ = srv.SDK().Run(ctx, &sdk.IOTransport{Reader: r, Writer: w})
	}
}

// sdkTypedServer is the same function through go-sdk's mcp.AddTool, which
// infers schemas by reflection and validates input and output against them.
func sdkTypedServer(tb testing.TB) serve {
	s := sdk.NewServer(&sdk.Implementation{Name: "bench", Version: "1"}, nil)
	sdk.AddTool(s, &sdk.Tool{Name: "get_weather", Description: description},
		func(ctx context.Context, _ *sdk.CallToolRequest, in weather.Args) (*sdk.CallToolResult, weather.Forecast, error) {
			out, err := weather.GetWeather(ctx, in)
			return nil, out, err
		})
	return func(ctx context.Context, r io.ReadCloser, w io.WriteCloser) {
		_ = s.Run(ctx, &sdk.IOTransport{Reader: r, Writer: w})
	}
}

// envelopeServer is go-sdk's own cost: the low-level AddTool with the same
// static schemas and a handler that reads nothing and returns a result
// made in advance. toolgen's server minus this is what toolgen adds.
func envelopeServer(tb testing.TB) serve {
	tool := weather.Tools()[0]
	s := sdk.NewServer(&sdk.Implementation{Name: "bench", Version: "1"}, nil)
	fixed, err := tool.Call(context.Background(), []byte(`{"city":"Paris","unit":"c","days":3,"tags":["a","b"]}`))
	if err != nil {
		tb.Fatal(err)
	}
	res := &sdk.CallToolResult{StructuredContent: json.RawMessage(fixed.Structured),
		Content: []sdk.Content{&sdk.TextContent{Text: string(fixed.Structured)}}}
	s.AddTool(&sdk.Tool{Name: "get_weather", Description: description, InputSchema: json.RawMessage(tool.InputSchema),
		OutputSchema: json.RawMessage(tool.OutputSchema)},
		func(context.Context, *sdk.CallToolRequest) (*sdk.CallToolResult, error) { return res, nil })
	return func(ctx context.Context, r io.ReadCloser, w io.WriteCloser) {
		_ = s.Run(ctx, &sdk.IOTransport{Reader: r, Writer: w})
	}
}

// mcpgoServer is the same function through mcp-go's structured handler.
func mcpgoServer(tb testing.TB) serve {
	s := mcpgoserver.NewMCPServer("bench", "1")
	tool := mcpgo.NewTool("get_weather", mcpgo.WithDescription(description),
		mcpgo.WithInputSchema[weather.Args](), mcpgo.WithOutputSchema[weather.Forecast]())
	s.AddTool(tool, mcpgo.NewStructuredToolHandler(func(ctx context.Context, _ mcpgo.CallToolRequest, in weather.Args) (weather.Forecast, error) {
		return weather.GetWeather(ctx, in)
	}))
	return func(ctx context.Context, r io.ReadCloser, w io.WriteCloser) {
		_ = mcpgoserver.NewStdioServer(s).Listen(ctx, r, w)
	}
}
