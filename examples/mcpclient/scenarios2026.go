package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/mcp"
)

// The runs of the client scenarios of MCP 2026-07-28 that need more than
// a listing and one call (see the table scenarios).

// standardHeaders sends one request of each kind that carries Mcp-Method
// (and, for a call, a read and a get, Mcp-Name): tools, resources and
// prompts, listed and used.
func standardHeaders(ctx context.Context, c *mcp.Client, env runEnv) error {
	stdout := env.stdout
	tools, err := listTools(ctx, c, stdout)
	if err != nil {
		return err
	}
	for _, t := range tools {
		if err := callTool(ctx, c, string(t.Name), `{}`, stdout); err != nil {
			return err
		}
	}
	s := c.Session()
	if s == nil {
		return fmt.Errorf("no session after listing the tools")
	}
	if err := readResources(ctx, s, stdout); err != nil {
		return err
	}
	return getPrompts(ctx, s, stdout)
}

// readResources lists the resources and reads each.
func readResources(ctx context.Context, s *sdk.ClientSession, stdout io.Writer) error {
	res, err := s.ListResources(ctx, nil)
	if err != nil {
		return fmt.Errorf("resources/list: %w", err)
	}
	for _, r := range res.Resources {
		if _, err := s.ReadResource(ctx, &sdk.ReadResourceParams{URI: r.URI}); err != nil {
			return fmt.Errorf("resources/read %s: %w", r.URI, err)
		}
		fmt.Fprintf(stdout, "read %s\n", r.URI)
	}
	return nil
}

// getPrompts lists the prompts and gets each.
func getPrompts(ctx context.Context, s *sdk.ClientSession, stdout io.Writer) error {
	res, err := s.ListPrompts(ctx, nil)
	if err != nil {
		return fmt.Errorf("prompts/list: %w", err)
	}
	for _, p := range res.Prompts {
		if _, err := s.GetPrompt(ctx, &sdk.GetPromptParams{Name: p.Name}); err != nil {
			return fmt.Errorf("prompts/get %s: %w", p.Name, err)
		}
		fmt.Fprintf(stdout, "got prompt %s\n", p.Name)
	}
	return nil
}

// echoSchema sends the input schema of json_schema_2020_12_tool, as the
// client lists it, back to the server through json_schema_echo, which
// compares it with the schema it sent.
func echoSchema(ctx context.Context, c *mcp.Client, env runEnv) error {
	stdout := env.stdout
	const focal, echo = "json_schema_2020_12_tool", "json_schema_echo"
	tools, err := listTools(ctx, c, stdout)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(tools, func(t toolgen.Tool) bool { return t.Name == focal })
	if i < 0 {
		return fmt.Errorf("the server has no tool %q", focal)
	}
	args, err := json.Marshal(map[string]json.RawMessage{"schema": tools[i].InputSchema})
	if err != nil {
		return fmt.Errorf("%s's inputSchema: %w", focal, err)
	}
	return callTool(ctx, c, echo, string(args), stdout)
}
