package bench

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/benchtools/weather"
	"github.com/toolgen-dev/toolgen/mcp"
)

// TestMCPGoClientInterop: mcp-go's client, at each revision it speaks over
// streamable HTTP (2026-07-28 without a session, the older ones with one),
// lists a toolgen server's tools, calls one, and reads a refusal of bad
// arguments as the tool's failed result, on a stateful and a stateless
// server.
func TestMCPGoClientInterop(t *testing.T) {
	for _, stateless := range []bool{false, true} {
		for _, version := range []string{"2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"} {
			name := "stateful/" + version
			if stateless {
				name = "stateless/" + version
			}
			t.Run(name, func(t *testing.T) {
				srv, err := mcp.NewServer("weather", "1.0.0", weather.Tools())
				require.NoError(t, err)
				h, err := srv.Handler(mcp.HTTPOptions{Stateless: stateless})
				require.NoError(t, err)
				ts := httptest.NewServer(h)
				defer ts.Close()
				ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
				defer cancel()

				tr, err := transport.NewStreamableHTTP(ts.URL + mcp.Path)
				require.NoError(t, err)
				c := client.NewClient(tr, client.WithProtocolVersion(version))
				require.NoError(t, c.Start(ctx))
				defer c.Close()
				init, err := c.Initialize(ctx, mcpgo.InitializeRequest{Params: mcpgo.InitializeParams{
					ProtocolVersion: version, ClientInfo: mcpgo.Implementation{Name: "mcp-go", Version: "1"}}})
				require.NoError(t, err)
				assert.Equal(t, version, init.ProtocolVersion)
				assert.Equal(t, "weather", init.ServerInfo.Name)

				list, err := c.ListTools(ctx, mcpgo.ListToolsRequest{})
				require.NoError(t, err)
				require.Len(t, list.Tools, 1)
				assert.Equal(t, "get_weather", list.Tools[0].Name)
				assert.Contains(t, list.Tools[0].InputSchema.Properties, "city")

				res, err := c.CallTool(ctx, mcpgo.CallToolRequest{Params: mcpgo.CallToolParams{
					Name: "get_weather", Arguments: map[string]any{"city": "Paris", "days": 3}}})
				require.NoError(t, err)
				assert.False(t, res.IsError, "%+v", res.Content)
				assert.Contains(t, textOf(res), `"city":"Paris"`)

				bad, err := c.CallTool(ctx, mcpgo.CallToolRequest{Params: mcpgo.CallToolParams{
					Name: "get_weather", Arguments: map[string]any{"city": "Paris", "days": 40}}})
				require.NoError(t, err, "bad arguments are the tool's failed result, not a protocol error")
				assert.True(t, bad.IsError)
				assert.Contains(t, textOf(bad), "days")
			})
		}
	}
}

// textOf is the text of a result's text content.
func textOf(res *mcpgo.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := mcpgo.AsTextContent(c); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}
