//go:build linux

package builtin_test

import (
	"context"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/builtin"
	"github.com/toolgen-dev/toolgen/mcp"
)

// The same confinement on every path a command takes: a tool of one's own
// running it through Sandbox.Run, and run_command served over MCP to a
// client (go-sdk's, over its in-memory transport).

func TestSandboxRunIsConfinedAsRunCommand(t *testing.T) {
	requireLandlock(t)
	w := newNetWorld(t)
	sb := openSandbox(t, w.ws, builtin.RequireConfinement())
	res, err := sb.Run(context.Background(), w.attacker+" sockets "+w.tcp+" "+w.udp+" "+w.unixPath+"; "+w.attacker+" caps; cat "+w.secret)
	require.NoError(t, err)
	assert.Contains(t, res.Output, "socketpair: ok\ndone\n")
	assert.NotContains(t, res.Output, "reached")
	assert.Regexp(t, `effective=0 permitted=0 inheritable=0 bounding=\d+ ambient=0 no_new_privs=1`, res.Output)
	assert.NotContains(t, res.Output, secretText)
	w.noneReached(t, res.Output)
}

func TestRunCommandOverMCPIsConfined(t *testing.T) {
	requireLandlock(t)
	w := newNetWorld(t)
	tools, err := builtin.ShellTool(w.ws, builtin.ShellWithoutApproval(), builtin.RequireConfinement())
	require.NoError(t, err)
	srv, err := mcp.NewServer("confined", "v1", tools)
	require.NoError(t, err)
	ctx := context.Background()
	st, ct := sdk.NewInMemoryTransports()
	ss, err := srv.SDK().Connect(ctx, st, nil)
	require.NoError(t, err)
	client := sdk.NewClient(&sdk.Implementation{Name: "client", Version: "v1"}, nil)
	cs, err := client.Connect(ctx, ct, nil)
	require.NoError(t, err)
	defer func() { _ = cs.Close(); _ = ss.Wait() }()
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: string(builtin.ToolRunCommand), Arguments: map[string]any{
		"command": w.attacker + " sockets " + w.tcp + " " + w.udp + " " + w.unixPath + "; cat " + w.secret,
	}})
	require.NoError(t, err)
	require.Len(t, res.Content, 1)
	out := res.Content[0].(*sdk.TextContent).Text
	assert.Contains(t, out, "socketpair: ok\ndone\n")
	assert.NotContains(t, out, "reached")
	assert.NotContains(t, out, secretText)
	w.noneReached(t, out)
}
