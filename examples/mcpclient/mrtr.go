package main

import (
	"context"
	"fmt"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen/mcp"
)

// confirmElicitations is the client option of sep-2322-client-request-state:
// each elicitation is printed and accepted, with {"confirmed": true}.
func confirmElicitations(env runEnv) []mcp.ClientOption {
	return []mcp.ClientOption{mcp.WithElicitation(func(ctx context.Context, tool string, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
		fmt.Fprintf(env.stdout, "%s asks: %s\n", tool, p.Message)
		return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"confirmed": true}}, nil
	})}
}

// inputRounds calls the suite's multi round-trip tools (SEP-2322): two
// that answer with an input-required result (an elicitation, with and
// without a request state), which the client answers
// (confirmElicitations) and calls again; one called between them; one
// whose result has no resultType, which is complete.
func inputRounds(ctx context.Context, c *mcp.Client, env runEnv) error {
	for _, tool := range []string{"test_mrtr_echo_state", "test_mrtr_unrelated", "test_mrtr_no_state", "test_mrtr_no_result_type"} {
		r, err := c.CallTool(ctx, tool, []byte(`{}`))
		if err != nil {
			return err
		}
		fmt.Fprintf(env.stdout, "%s -> %s\n", tool, r.Text())
	}
	return nil
}
