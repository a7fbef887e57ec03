package main

import (
	"context"
	"fmt"
	"io"
	"os"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen/mcp"
)

// ownRuns are the conformance scenarios that need more than one call and
// their own client options: each connects and runs its calls itself.
var ownRuns = map[string]func(ctx context.Context, t mcp.Transport, stdout io.Writer) error{
	"sep-2322-client-request-state": inputRoundsScenario,
}

// inputRoundsScenario calls the suite's multi round-trip tools (SEP-2322):
// two that answer with an input-required result (an elicitation, with and
// without a request state), which the client answers (accepting, with
// {"confirmed": true}) and calls again; one called between them; one whose
// result has no resultType, which is complete.
func inputRoundsScenario(ctx context.Context, t mcp.Transport, stdout io.Writer) error {
	confirm := func(ctx context.Context, tool string, p *sdk.ElicitParams) (*sdk.ElicitResult, error) {
		fmt.Fprintf(stdout, "%s asks: %s\n", tool, p.Message)
		return &sdk.ElicitResult{Action: "accept", Content: map[string]any{"confirmed": true}}, nil
	}
	c, err := mcp.Connect(ctx, t, mcp.WithClientInfo("toolgen-mcpclient", "v0.1.0"), mcp.WithStderr(os.Stderr), mcp.WithElicitation(confirm))
	if err != nil {
		return err
	}
	defer c.Close()
	for _, tool := range []string{"test_mrtr_echo_state", "test_mrtr_unrelated", "test_mrtr_no_state", "test_mrtr_no_result_type"} {
		r, err := c.CallTool(ctx, tool, []byte(`{}`))
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s -> %s\n", tool, r.Text())
	}
	return nil
}
