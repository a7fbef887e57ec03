package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/toolgen-dev/toolgen/mcp"
)

// The conformance scenarios of custom headers (MCP 2026-07-28, SEP-2243)
// call several tools (see the table scenarios): http-custom-headers the
// calls its context lists (MCP_CONFORMANCE_CONTEXT: {"toolCalls":
// [{"name", "arguments"}...]}), whose x-mcp-header arguments the client
// mirrors into Mcp-Param-* headers; http-invalid-tool-headers every tool
// the client keeps of a list where most declare invalid headers, with
// {"region": "us-west1"}.

// callContextTools lists the tools, then makes the calls the scenario's
// context lists.
func callContextTools(ctx context.Context, c *mcp.Client, env runEnv) error {
	var sc struct {
		ToolCalls []struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		} `json:"toolCalls"`
	}
	if err := json.Unmarshal([]byte(env.context), &sc); err != nil {
		return fmt.Errorf("MCP_CONFORMANCE_CONTEXT: %w", err)
	}
	if _, err := c.Tools(ctx); err != nil {
		return err
	}
	for _, call := range sc.ToolCalls {
		if err := callAndPrint(ctx, c, call.Name, call.Arguments, env.stdout); err != nil {
			return err
		}
	}
	return nil
}

// callListedTools calls every tool the client keeps.
func callListedTools(ctx context.Context, c *mcp.Client, env runEnv) error {
	tools, err := c.Tools(ctx)
	if err != nil {
		return err
	}
	for _, t := range tools {
		if err := callAndPrint(ctx, c, string(t.Name), json.RawMessage(`{"region":"us-west1"}`), env.stdout); err != nil {
			return err
		}
	}
	return nil
}

// callAndPrint calls a tool and prints its result; a failed result or a
// refusal is printed too, only a broken connection is an error.
func callAndPrint(ctx context.Context, c *mcp.Client, name string, args json.RawMessage, stdout io.Writer) error {
	r, err := c.CallTool(ctx, name, args)
	var te *mcp.ToolError
	var re *mcp.RPCError
	if err != nil && !errors.As(err, &te) && !errors.As(err, &re) {
		return err
	}
	fmt.Fprintf(stdout, "%s -> %s\n", name, r.Text())
	return nil
}
