package quickjs_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/codemode"
	"github.com/toolgen-dev/toolgen/codemode/quickjs"
	"github.com/toolgen-dev/toolgen/codemode/quickjs/internal/shop"
	"github.com/toolgen-dev/toolgen/mcp"
	"github.com/toolgen-dev/toolgen/permission"
)

// TestMCPServerRunsPrograms: go-sdk's client, over streamable HTTP on
// 127.0.0.1, sees run_code alone and runs a TypeScript program whose
// calls the server serves as its tools/calls: validated by the generated
// decoder, refused by the server's rules.
func TestMCPServerRunsPrograms(t *testing.T) {
	var ledger shop.Ledger
	srv, err := mcp.NewServer("shop", "1.0.0", shop.Tools(),
		mcp.WithCodeMode(quickjs.New(), mcp.CodeMode{Declarations: shop.CodeModeDeclarations()}),
		mcp.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: shop.ToolDeleteCustomer}}}),
		mcp.WithDeps(func(context.Context, *http.Request) (any, error) { return &ledger, nil }))
	require.NoError(t, err)
	h, err := srv.Handler(mcp.HTTPOptions{})
	require.NoError(t, err)
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	ctx := t.Context()
	cs, err := sdkmcp.NewClient(&sdkmcp.Implementation{Name: "test", Version: "1"}, nil).
		Connect(ctx, &sdkmcp.StreamableClientTransport{Endpoint: ts.URL + mcp.Path}, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = cs.Close() })

	list, err := cs.ListTools(ctx, nil)
	require.NoError(t, err)
	require.Len(t, list.Tools, 1)
	assert.Equal(t, string(codemode.ToolRunCode), list.Tools[0].Name)
	assert.Contains(t, list.Tools[0].Description, "declare function list_orders(")

	call := func(program string) *sdkmcp.CallToolResult {
		args, err := json.Marshal(map[string]string{"program": program})
		require.NoError(t, err)
		res, err := cs.CallTool(ctx, &sdkmcp.CallToolParams{Name: string(codemode.ToolRunCode), Arguments: json.RawMessage(args)})
		require.NoError(t, err)
		return res
	}
	text := func(res *sdkmcp.CallToolResult, i int) string { return res.Content[i].(*sdkmcp.TextContent).Text }

	res := call(`const orders = await list_orders({ customer_id: "cu_1" });
let denied = "";
try { await delete_customer({ id: "cu_1" }) } catch (e) { denied = e.message }
try { await (list_orders as any)({ customer: 7 }) } catch (e) { console.log(e.message) }
try { await refund({ order_id: "or_1", amount: 5 }) } catch (e) { console.log(e.message) }
return { shipped: orders.filter(o => o.status === "shipped").length, denied };`)
	require.False(t, res.IsError, text(res, 0))
	var got struct {
		Shipped int
		Denied  string
	}
	require.NoError(t, json.Unmarshal([]byte(text(res, 0)), &got))
	assert.Equal(t, 67, got.Shipped)
	assert.Contains(t, got.Denied, "Denied")
	assert.Contains(t, text(res, 1), "/customer_id: missing (required)", "the generated decoder's message, logged by the program")
	assert.Contains(t, text(res, 1), "this call of refund needs a person's approval", "as a direct call from this client is")
	assert.Equal(t, []string{"list_orders cu_1"}, ledger.Ran(), "neither the denied nor the invalid call ran")

	bad := call("return (;")
	assert.True(t, bad.IsError)
	assert.Contains(t, text(bad, 0), "program.ts:1:")
}
