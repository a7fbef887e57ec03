package mcp_test

import (
	"context"
	"encoding/json"
	"sort"
	"sync"
	"testing"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
	"github.com/toolgen-dev/toolgen/permission"
)

// shopTools is a catalog: one tool listed up front, three deferred, one of
// which needs approval and one a deny rule refuses.
func shopTools(ran *[]string, mu *sync.Mutex) []toolgen.Tool {
	tool := func(name, desc string, deferred, approval bool) toolgen.Tool {
		return toolgen.Tool{
			Name: toolgen.ToolName(name), Description: desc, Namespace: "shop", Deferred: deferred, RequiresApproval: approval,
			InputSchema: []byte(`{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`),
			Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
				mu.Lock()
				*ran = append(*ran, name+" "+string(args))
				mu.Unlock()
				return toolgen.TextResult(name + " done"), nil
			},
		}
	}
	return []toolgen.Tool{
		tool("get_order", "Get an order by its id.", false, false),
		tool("refund_payment", "Refund a payment to the card it was charged on.", true, true),
		tool("cancel_subscription", "Cancel a customer's subscription at the end of its period.", true, false),
		tool("delete_customer", "Delete a customer and their data.", true, false),
	}
}

// Over every transport and protocol version: tools/list shows the tools
// that are not deferred, search_tools and call_tool; a search returns
// deferred tools with their schemas; call_tool calls one, as a call of the
// tool itself is decided (a deny rule refuses, approval is asked or
// refused) and answers bad arguments as a generated tool does.
func TestToolSearchServesDeferredTools(t *testing.T) {
	for _, tr := range contractTransports {
		t.Run(tr.name, func(t *testing.T) {
			var ran []string
			var mu sync.Mutex
			srv, err := mcp.NewServer("shop", "1.0.0", shopTools(&ran, &mu), mcp.WithToolSearch(3),
				mcp.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "delete_customer"}}}))
			require.NoError(t, err)
			cs := connectOver(t, tr, srv, &sdkmcp.ClientOptions{
				ElicitationHandler: func(context.Context, *sdkmcp.ElicitRequest) (*sdkmcp.ElicitResult, error) {
					return &sdkmcp.ElicitResult{Action: "accept"}, nil
				},
			}, nil)

			list, err := cs.ListTools(t.Context(), nil)
			require.NoError(t, err)
			var listed []string
			for _, tl := range list.Tools {
				listed = append(listed, tl.Name)
			}
			sort.Strings(listed)
			assert.Equal(t, []string{"call_tool", "get_order", "search_tools"}, listed)

			res := callTool(t, cs, "search_tools", `{"query":"cancel the subscription"}`)
			require.False(t, res.IsError, "%v", res.Content)
			var found mcp.FoundTools
			require.NoError(t, json.Unmarshal(toJSON(t, res.StructuredContent), &found))
			require.NotEmpty(t, found.Tools)
			assert.Equal(t, toolgen.ToolName("cancel_subscription"), found.Tools[0].Name)
			assert.Equal(t, "shop", found.Tools[0].Namespace)
			assert.JSONEq(t, `{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}`, string(found.Tools[0].InputSchema))
			assert.LessOrEqual(t, len(found.Tools), 3)

			res = callTool(t, cs, "search_tools", `{"query":"delete a customer and their data"}`)
			require.False(t, res.IsError, "%v", res.Content)
			found = mcp.FoundTools{}
			require.NoError(t, json.Unmarshal(toJSON(t, res.StructuredContent), &found))
			require.NotEmpty(t, found.Tools, "the limit is filled from the tools that may run")
			for _, f := range found.Tools {
				assert.NotEqual(t, toolgen.ToolName("delete_customer"), f.Name, "a search does not find a tool a deny rule refuses")
			}

			res = callTool(t, cs, "call_tool", `{"name":"cancel_subscription","arguments":{"id":"sub_1"}}`)
			assert.False(t, res.IsError)
			assert.Equal(t, "cancel_subscription done", text(t, res))

			res = callTool(t, cs, "call_tool", `{"name":"delete_customer","arguments":{"id":"c_1"}}`)
			assert.True(t, res.IsError)
			assert.Contains(t, text(t, res), "Denied by policy")

			res = callTool(t, cs, "call_tool", `{"name":"refund_payment","arguments":{"id":"pay_1"}}`)
			if tr.canAsk() {
				assert.False(t, res.IsError, "approved by the client's user: %v", res.Content)
			} else {
				assert.True(t, res.IsError)
				assert.Contains(t, text(t, res), "needs a person's approval")
			}

			res = callTool(t, cs, "call_tool", `{"name":"no_such","arguments":{}}`)
			assert.True(t, res.IsError)
			assert.Contains(t, text(t, res), `no tool "no_such" on this server; find tools with search_tools`)

			res = callTool(t, cs, "call_tool", `{"arguments":[1],"extra":true}`)
			assert.True(t, res.IsError)
			assert.Equal(t, `invalid arguments: /arguments: not an object; /extra: unknown field (known fields: "name", "arguments"); /name: missing (required)`, text(t, res))

			mu.Lock()
			defer mu.Unlock()
			want := []string{`cancel_subscription {"id":"sub_1"}`}
			if tr.canAsk() {
				want = append(want, `refund_payment {"id":"pay_1"}`)
			}
			assert.Equal(t, want, ran, "denied and unapproved calls do not run")
		})
	}
}

func TestToolSearchOptionErrors(t *testing.T) {
	_, err := mcp.NewServer("s", "1", nil, mcp.WithToolSearch(0))
	assert.EqualError(t, err, "mcp.WithToolSearch(0): must be 1 to 20")
	clash := toolgen.Tool{Name: "call_tool", Description: "mine", InputSchema: []byte(`{"type":"object"}`),
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.Result{}, nil }}
	_, err = mcp.NewServer("s", "1", []toolgen.Tool{clash}, mcp.WithToolSearch(5))
	assert.EqualError(t, err, `mcp: a tool is named "call_tool", which mcp.WithToolSearch adds`)
}
