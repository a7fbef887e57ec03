package mcp

//go:generate go tool toolgen

import (
	"context"
	"encoding/json"
	"fmt"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/option"
	"github.com/toolgen-dev/toolgen/internal/wire"
	"github.com/toolgen-dev/toolgen/permission"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// Names of the two tools a server with tool search adds (WithToolSearch).
const (
	ToolSearchTools toolgen.ToolName = toolSearchTools
	ToolCallTool    toolgen.ToolName = "call_tool"
)

// WithToolSearch serves the deferred tools (toolgen.Tool.Deferred, the
// directive's defer option) through search, for clients that would drown
// in tool definitions: tools/list shows the tools that are not deferred and
// two more, search_tools, which finds tools by what they do (the tools'
// build-time index, see toolgen.Toolbox.Search) and returns their
// definitions, and call_tool, which calls a tool by its name with its
// arguments. A call through call_tool is decided, approved and run as a
// call of the tool itself would be (WithPermissions, WithApprover,
// elicitation, WithDeps), and what it returns is the tool's result. It
// needs no session, so it works on stateless servers and across replicas.
// limit is the most tools one search returns, 1 to 20. A search leaves out
// the tools a deny rule refuses whatever their arguments
// (permission.Permissions.DeniesEveryCall).
//
// Without WithToolSearch, deferred tools are listed like any other.
func WithToolSearch(limit int) ServerOption {
	return func(c *serverConfig) error { return option.Within("mcp.WithToolSearch", limit, 1, 20, &c.searchLimit) }
}

// FoundTools is search_tools' result: the tools found, best first.
type FoundTools struct {
	// Tools can be called with call_tool.
	Tools []FoundTool `json:"tools"`
}

// FoundTool is a tool a search found: its definition, as tools/list would
// give it.
type FoundTool struct {
	Name        toolgen.ToolName `json:"name"`
	Namespace   string           `json:"namespace,omitempty"`
	Description string           `json:"description"`
	// InputSchema is the JSON Schema of the arguments call_tool passes on.
	InputSchema json.RawMessage `json:"input_schema"`
}

// catalog is the receiver of the generated tool searchTools: the tools a
// server searches, deferred ones included.
type catalog struct {
	box   *toolgen.Toolbox
	perms *permission.Permissions // nil: none
	limit int
}

// searchTools finds tools by what they do among the server's tools,
// including those tools/list does not show. Call a tool it returns with
// call_tool, giving its name and its arguments.
//
// Parameters:
//   - query minLength=1: What the tool should do, in a few words, for example "refund a payment" or "move a calendar event".
//   - limit min=1,max=20: How many tools to return at most; the server's limit when absent.
//
//toolgen:tool readonly idempotent name=search_tools
func (c *catalog) searchTools(ctx context.Context, query string, limit *int) (FoundTools, error) {
	n := c.limit
	if limit != nil && *limit < n {
		n = *limit
	}
	found := FoundTools{Tools: []FoundTool{}}
	for _, hit := range c.box.Search(query, 0) {
		t := hit.Tool
		if len(found.Tools) == n {
			break
		}
		if c.perms != nil && c.perms.DeniesEveryCall(t.Name) {
			continue // it would be refused whatever the arguments
		}
		found.Tools = append(found.Tools, FoundTool{Name: t.Name, Namespace: t.Namespace, Description: t.Description, InputSchema: t.InputSchema})
	}
	return found, nil
}

// callToolSchema is call_tool's input schema. call_tool is not generated:
// its handler answers with what the called tool's approval asks of the
// client, which only a go-sdk handler can return.
const callToolSchema = `{"type":"object","properties":{` +
	`"name":{"type":"string","description":"The tool's name, as search_tools returned it."},` +
	`"arguments":{"type":"object","description":"The tool's arguments: an object its input schema describes."}},` +
	`"required":["name"],"additionalProperties":false}`

// callTool is the call_tool tool: its definition, with the most cautious
// hints, since it may call any of the server's tools.
func callTool() toolgen.Tool {
	return toolgen.Tool{
		Name:        ToolCallTool,
		Description: "Call a tool that search_tools found, by its name, with its arguments. What it returns is the tool's result.",
		InputSchema: []byte(callToolSchema),
		Annotations: toolgen.Annotations{Destructive: true, OpenWorld: true},
		Call: func(context.Context, []byte) (toolgen.Result, error) {
			return toolgen.ErrorResult("call_tool runs only on an MCP server made with mcp.WithToolSearch"), nil
		},
	}
}

// addToolSearch registers search_tools and call_tool over every tool of
// box, deferred ones included.
func (s *Server) addToolSearch(box *toolgen.Toolbox, limit int) error {
	search := (&catalog{box: box, perms: s.perms, limit: limit}).Tools()[0]
	for _, t := range []toolgen.Tool{search, callTool()} {
		if _, taken := box.Lookup(t.Name); taken {
			return fmt.Errorf("mcp: a tool is named %q, which mcp.WithToolSearch adds", t.Name)
		}
	}
	s.tools[string(search.Name)] = &search
	if err := s.addTool(&search); err != nil {
		return err
	}
	call := callTool()
	s.sdk.AddTool(sdkTool(call), s.callToolHandler(box))
	return nil
}

// callToolHandler serves call_tool: it reads the tool's name and
// arguments, and serves the call as a call of that tool (toolHandler).
// Bad arguments are a failed result that says what is wrong, as a
// generated tool's are.
func (s *Server) callToolHandler(box *toolgen.Toolbox) sdkmcp.ToolHandler {
	return func(ctx context.Context, req *sdkmcp.CallToolRequest) (*sdkmcp.CallToolResult, error) {
		name, args, err := readCallTool(req.Params.Arguments)
		if err != nil {
			return toSDKResult(toolimpl.BadArgs(err)), nil
		}
		t, ok := box.Lookup(toolgen.ToolName(name))
		if !ok {
			return toSDKResult(toolgen.ErrorResult(fmt.Sprintf("no tool %q on this server; find tools with %s", name, ToolSearchTools))), nil
		}
		inner := *req
		params := *req.Params
		params.Name, params.Arguments = name, args
		inner.Params = &params
		return s.toolHandler(&t)(ctx, &inner)
	}
}

// readCallTool reads call_tool's arguments: the name, and the arguments
// object ({} when absent). The error says every problem with them, as a
// generated tool's decoder says it.
func readCallTool(raw json.RawMessage) (name string, args json.RawMessage, err error) {
	var d toolimpl.Decoder
	d.Reset(raw)
	args = json.RawMessage("{}")
	if d.Object() {
		seenName := false
		for {
			k, more := d.Field()
			if !more {
				break
			}
			switch string(k) {
			case "name":
				name, seenName = d.String()
			case "arguments":
				if d.Kind() != wire.KindObject {
					d.Invalid("not an object")
					d.Skip()
				} else if v, ok := d.RawValue(); ok {
					args = json.RawMessage(v)
				}
			default:
				d.Unknown(`"name", "arguments"`)
			}
		}
		if !seenName {
			d.Missing("name")
		}
	}
	if err := d.Close(); err != nil {
		return "", nil, err
	}
	return name, args, nil
}
