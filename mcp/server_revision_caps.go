//lint:file-ignore SA1019 sampling is deprecated by protocol 2026-07-28 (SEP-2577) but still capabilities a tool may require.

package mcp

import (
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolgen-dev/toolgen"
)

// WithRequiredClientCapabilities declares that tool needs the client
// capabilities set in required (Sampling, Elicitation).
// At protocol revision 2026-07-28, where every request carries the
// client's capabilities, a call of the tool from a client that did not
// declare one of them is refused before the tool runs with
// MissingRequiredClientCapabilityError (-32021, HTTP 400), whose data names
// the required capabilities (SEP-2575). Clients of earlier revisions are
// not checked (their capabilities belong to the session; the tool's own
// request to the client fails). An unknown tool is NewServer's error.
func WithRequiredClientCapabilities(tool toolgen.ToolName, required sdkmcp.ClientCapabilities) ServerOption {
	return func(c *serverConfig) error {
		if required.Sampling == nil && required.Elicitation == nil {
			return fmt.Errorf("mcp.WithRequiredClientCapabilities(%q): no capability set (Sampling or Elicitation)", tool)
		}
		if c.requiredCaps == nil {
			c.requiredCaps = map[toolgen.ToolName]*sdkmcp.ClientCapabilities{}
		}
		c.requiredCaps[tool] = &required
		return nil
	}
}

// setRequiredCaps records WithRequiredClientCapabilities' tools.
func (s *Server) setRequiredCaps(tools []toolgen.Tool, cfg serverConfig) error {
	for name, caps := range cfg.requiredCaps {
		if !hasTool(tools, name) {
			return fmt.Errorf("mcp.WithRequiredClientCapabilities(%q): no such tool", name)
		}
		if s.requiredCaps == nil {
			s.requiredCaps = map[string]*sdkmcp.ClientCapabilities{}
		}
		s.requiredCaps[string(name)] = caps
	}
	return nil
}

func hasTool(tools []toolgen.Tool, name toolgen.ToolName) bool {
	for _, t := range tools {
		if t.Name == name {
			return true
		}
	}
	return false
}

// missingCapabilities is the error a call of t gets at revision
// 2026-07-28 when the client did not declare a capability t requires, or
// nil.
func (s *Server) missingCapabilities(t *toolgen.Tool, req *sdkmcp.CallToolRequest) error {
	required := s.requiredCaps[string(t.Name)]
	if required == nil || req.Extra == nil || req.Extra.Header.Get("Mcp-Protocol-Version") < revision2026 {
		return nil
	}
	have := req.ClientCapabilities()
	if have == nil {
		have = &sdkmcp.ClientCapabilities{}
	}
	// Written by hand: go-sdk's ClientCapabilities always writes roots.
	missing := map[string]any{}
	if required.Sampling != nil && have.Sampling == nil {
		missing["sampling"] = required.Sampling
	}
	if required.Elicitation != nil && have.Elicitation == nil {
		missing["elicitation"] = required.Elicitation
	}
	if len(missing) == 0 {
		return nil
	}
	data, err := json.Marshal(map[string]any{"requiredCapabilities": missing})
	if err != nil {
		return err
	}
	return &jsonrpc.Error{
		Code:    sdkmcp.CodeMissingRequiredClientCapabilities,
		Message: fmt.Sprintf("tool %s needs client capabilities that the request's clientCapabilities do not declare: %s", t.Name, data),
		Data:    data,
	}
}
