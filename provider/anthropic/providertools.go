package anthropic

import (
	"fmt"
	"slices"
	"strings"

	ant "github.com/anthropics/anthropic-sdk-go/v2"

	"github.com/toolgen-dev/toolgen/agent"
)

// The tools the API runs itself that options enable, by the name their
// server_tool_use blocks give them.
const (
	webSearchName     = "web_search"
	codeExecutionName = "code_execution"
)

// WebSearch configures the API's web search tool (web_search_20250305).
// Its zero value lets the model search as often as it likes, anywhere.
type WebSearch struct {
	// MaxUses caps the searches of one request; 0: no cap.
	MaxUses int
	// AllowedDomains, if any, are the only domains results may come from;
	// BlockedDomains are domains they may not come from. The API takes one
	// list or the other, not both.
	AllowedDomains []string
	BlockedDomains []string
}

// WithWebSearch lets the model search the web with the API's own web
// search tool. The searches and their results come back as the answer's
// agent.ProviderCalls (name "web_search"), never run by the loop, and the
// model cites them in its text. The Model is then an
// agent.ProviderToolModel: an agent whose permission rules deny or ask
// about "web_search" sends its requests without the tool.
func WithWebSearch(ws WebSearch) Option {
	return func(c *config) error {
		switch {
		case ws.MaxUses < 0:
			return fmt.Errorf("anthropic.WithWebSearch: MaxUses %d: must be 0 (no cap) or more", ws.MaxUses)
		case len(ws.AllowedDomains) > 0 && len(ws.BlockedDomains) > 0:
			return fmt.Errorf("anthropic.WithWebSearch: both AllowedDomains and BlockedDomains: the API takes one or the other")
		}
		for _, d := range slices.Concat(ws.AllowedDomains, ws.BlockedDomains) {
			if d == "" || strings.ContainsAny(d, " \t\n") {
				return fmt.Errorf("anthropic.WithWebSearch: domain %q: not a domain", d)
			}
		}
		c.EnableProviderTool(webSearchName, ws)
		return nil
	}
}

// WithCodeExecution lets the model run code in the API's sandbox (the code
// execution tool, code_execution_20250825: bash commands and file edits in
// a container Anthropic runs). Its calls and results come back as
// agent.ProviderCalls, never run by the loop; an agent whose permission
// rules deny or ask about "code_execution" sends its requests without it.
func WithCodeExecution() Option {
	return func(c *config) error {
		c.EnableProviderTool(codeExecutionName, nil)
		return nil
	}
}

// ProviderTools names the tools the API runs itself that the options
// enable (agent.ProviderToolModel), in name order.
func (m *Model) ProviderTools() []string { return slices.Clone(m.providerToolNames) }

var _ agent.ProviderToolModel = (*Model)(nil)

// providerToolParams are the enabled provider tools a request may use: all
// but those it disables.
func (m *Model) providerToolParams(disabled []string) []ant.ToolUnionParam {
	var tools []ant.ToolUnionParam
	for _, name := range m.providerToolNames {
		if slices.Contains(disabled, name) {
			continue
		}
		switch name {
		case webSearchName:
			ws, _ := m.providerTools[name].(WebSearch)
			p := ant.WebSearchTool20250305Param{AllowedDomains: ws.AllowedDomains, BlockedDomains: ws.BlockedDomains}
			if ws.MaxUses > 0 {
				p.MaxUses = ant.Int(int64(ws.MaxUses))
			}
			tools = append(tools, ant.ToolUnionParam{OfWebSearchTool20250305: &p})
		case codeExecutionName:
			tools = append(tools, ant.ToolUnionParam{OfCodeExecutionTool20250825: &ant.CodeExecutionTool20250825Param{}})
		}
	}
	return tools
}
