package anthropic

import (
	"encoding/json"
	"strings"

	ant "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
)

// The API runs some tools itself (its tool search, web search, code
// execution): an answer has a server_tool_use block for each such call
// and a block of a type ending in "_tool_result" for its result, which the
// history must carry back as they came. They become agent.ProviderCalls:
// the arguments as the call gave them, the result block whole.

// providerName marks the calls this adapter sends back.
const providerName = "anthropic"

// toolSearchType is the API's BM25 tool search tool, which WithToolSearch
// adds to a request with deferred tools.
const toolSearchType = "tool_search_tool_bm25_20251119"

// WithToolSearch makes the model search deferred tools with the API's own
// tool search tool (BM25, "tool_search_tool_bm25_20251119") instead of the
// agent's search_tools: the Model is then an agent.NativeToolSearcher, so
// an agent made with agent.WithToolSearch sends its deferred tools with
// "defer_loading": true and this search tool, the API expands the tools a
// search finds (tool_reference blocks), and the agent records them as it
// records search_tools' finds. Without agent.WithToolSearch it changes
// nothing: every tool is sent.
//
// Whatever the option, a request whose Tools have ToolSpec.Deferred set is
// sent with those tools deferred and the search tool.
func WithToolSearch() Option {
	return func(c *config) error {
		c.ToolSearch = true
		return nil
	}
}

// SearchesTools reports whether WithToolSearch was given
// (agent.NativeToolSearcher).
func (m *Model) SearchesTools() bool { return m.toolSearch }

// isServerResult reports whether a content block's type is a server
// tool's result.
func isServerResult(blockType string) bool {
	return strings.HasSuffix(blockType, "_tool_result")
}

// serverCall starts the provider call of a server_tool_use block.
func serverCall(id, name string, input json.RawMessage) agent.ProviderCall {
	pc := agent.ProviderCall{Provider: providerName, ID: id, Name: name}
	if len(input) > 0 {
		pc.Args = input
	}
	return pc
}

// settle gives pc its result block: kept whole, read for an error and for
// the tools a tool search found.
func settle(pc *agent.ProviderCall, block json.RawMessage) {
	pc.Result = block
	var b struct {
		Content json.RawMessage `json:"content"`
	}
	if json.Unmarshal(block, &b) != nil || len(b.Content) == 0 || b.Content[0] != '{' {
		return // a list of results (web search), or nothing to read
	}
	var content struct {
		Type       string `json:"type"`
		References []struct {
			ToolName toolgen.ToolName `json:"tool_name"`
		} `json:"tool_references"`
	}
	if json.Unmarshal(b.Content, &content) != nil {
		return
	}
	pc.IsError = strings.HasSuffix(content.Type, "_error")
	for _, ref := range content.References {
		if ref.ToolName != "" {
			pc.Found = append(pc.Found, ref.ToolName)
		}
	}
}

// providerBlocks are the blocks of the calls the API ran in an earlier
// answer: each server_tool_use block and its result block, as they came.
// Calls another provider ran are not sent: this API would not know them.
func providerBlocks(calls []agent.ProviderCall) []ant.ContentBlockParamUnion {
	var blocks []ant.ContentBlockParamUnion
	for _, pc := range calls {
		if pc.Provider != providerName {
			continue
		}
		use, err := json.Marshal(struct {
			Type  string          `json:"type"`
			ID    string          `json:"id"`
			Name  string          `json:"name"`
			Input json.RawMessage `json:"input"`
		}{"server_tool_use", pc.ID, pc.Name, input(pc.Args)})
		if err != nil {
			continue // never: strings and valid JSON
		}
		var u ant.ServerToolUseBlockParam
		param.SetJSON(use, &u)
		blocks = append(blocks, ant.ContentBlockParamUnion{OfServerToolUse: &u})
		if len(pc.Result) > 0 && json.Valid(pc.Result) {
			// The block is sent as it came, whatever its type: the SDK's
			// union sends a raw block as it is.
			var r ant.ToolSearchToolResultBlockParam
			param.SetJSON(pc.Result, &r)
			blocks = append(blocks, ant.ContentBlockParamUnion{OfToolSearchToolResult: &r})
		}
	}
	return blocks
}

// toolSearchTool is the API's search tool, for a request with deferred
// tools.
func toolSearchTool() ant.ToolUnionParam {
	return ant.ToolUnionParam{OfToolSearchToolBm25_20251119: &ant.ToolSearchToolBm25_20251119Param{Type: toolSearchType}}
}
