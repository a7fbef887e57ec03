package openai

import (
	"encoding/json"
	"strings"

	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
)

// OpenAI's tool search (Responses API, "tool_search"): deferred functions
// go with "defer_loading": true, grouped in namespace tools (one per
// ToolSpec.Namespace, the Go package or the directive's namespace=), whose
// name and description alone the model sees up front. A search comes back
// as a tool_search_call item and a tool_search_output item with the tools
// it loaded; both must go back in the next request's input, or the model
// loses the tools it found. A call of a function in a namespace names the
// namespace, and must go back naming it.

// toolSearchName names the API's tool search in ProviderCall.Name.
const toolSearchName = "tool_search"

// WithToolSearch makes the model search deferred tools with the API's own
// tool search ({"type": "tool_search"}, run by OpenAI) instead of the
// agent's search_tools: the model is then an agent.NativeToolSearcher, so
// an agent made with agent.WithToolSearch sends its deferred tools with
// "defer_loading": true in a namespace per ToolSpec.Namespace (a function
// without one goes alone), and this search tool. A search comes back as
// two agent.ProviderCalls named "tool_search", the tool_search_call item
// (Args, its arguments) and its tool_search_output item (Found, the tools
// it loaded), each item whole in Result; the agent records the tools
// found, and the next requests send both items back (unstored, as they
// came; stored, as references), so that a State saved and resumed keeps
// them. A function call in a namespace goes back naming it. Without
// agent.WithToolSearch it changes nothing: every tool is sent. Only
// gpt-5.4 and later models search tools. NewResponses only.
//
// Whatever the option, a request whose Tools have ToolSpec.Deferred set is
// sent with those tools deferred and the search tool.
func WithToolSearch() Option {
	return responsesOnly("WithToolSearch", func(c *responsesConfig) error {
		c.toolSearch = true
		return nil
	})
}

// SearchesTools reports whether WithToolSearch was given
// (agent.NativeToolSearcher).
func (m *ResponsesModel) SearchesTools() bool { return m.toolSearch }

var _ agent.NativeToolSearcher = (*ResponsesModel)(nil)

// namespaceTool is a namespace of deferred functions as the Responses API
// defines it; its description is required.
type namespaceTool struct {
	Type        string         `json:"type"`
	Name        string         `json:"name"`
	Description string         `json:"description"`
	Tools       []functionTool `json:"tools"`
}

// deferredTools are the tools of the deferred functions, in the order of
// specs: each namespace where its first function is, holding its functions
// in order, and a function without a namespace alone; then the search
// tool. None when no function is deferred.
func deferredTools(fns []functionTool, specs []agent.ToolSpec) []responses.ToolUnionParam {
	var tools []any // functionTool or *namespaceTool
	spaces := map[string]*namespaceTool{}
	for i, fn := range fns {
		fn.DeferLoading = true
		ns := specs[i].Namespace
		switch space := spaces[ns]; {
		case ns == "":
			tools = append(tools, fn)
		case space == nil:
			spaces[ns] = &namespaceTool{Type: "namespace", Name: ns, Tools: []functionTool{fn}}
			tools = append(tools, spaces[ns])
		default:
			space.Tools = append(space.Tools, fn)
		}
	}
	if len(tools) == 0 {
		return nil
	}
	out := make([]responses.ToolUnionParam, 0, len(tools)+1)
	for _, t := range tools {
		if space, ok := t.(*namespaceTool); ok {
			t = space.described()
		}
		out = append(out, param.Override[responses.ToolUnionParam](marshal(t)))
	}
	return append(out, param.Override[responses.ToolUnionParam](json.RawMessage(`{"type":"tool_search"}`)))
}

// described is n with its description: what the model sees of it up
// front, the names of its functions (the API requires one; a Go package
// has none the tools carry).
func (n namespaceTool) described() namespaceTool {
	names := make([]string, len(n.Tools))
	for i, fn := range n.Tools {
		names[i] = fn.Name
	}
	n.Description = "Tools: " + strings.Join(names, ", ") + "."
	return n
}

// namespaces maps each deferred tool of specs that has a namespace to it:
// a call of one goes back naming it.
func namespaces(specs []agent.ToolSpec) map[toolgen.ToolName]string {
	out := map[toolgen.ToolName]string{}
	for _, s := range specs {
		if s.Deferred && s.Namespace != "" {
			out[s.Name] = s.Namespace
		}
	}
	return out
}

// toolSearchItem is a tool search item as the next request's input takes
// it: the output item but for what only the API sets (created_by).
type toolSearchItem struct {
	Type      string          `json:"type"`
	ID        string          `json:"id,omitempty"`
	CallID    string          `json:"call_id,omitempty"`
	Execution string          `json:"execution,omitempty"`
	Status    string          `json:"status,omitempty"`
	Arguments json.RawMessage `json:"arguments,omitempty"` // tool_search_call
	Tools     json.RawMessage `json:"tools,omitempty"`     // tool_search_output
}

// isToolSearch reports whether an output item's type is a tool search's.
func isToolSearch(itemType string) bool {
	return itemType == "tool_search_call" || itemType == "tool_search_output"
}

// toolSearchCall is the provider call of a tool search item: the call's
// arguments, or the functions its output loaded (Found: a namespace's
// functions, or a function); the item whole.
func toolSearchCall(raw json.RawMessage) (agent.ProviderCall, bool) {
	var it toolSearchItem
	if json.Unmarshal(raw, &it) != nil || !isToolSearch(it.Type) {
		return agent.ProviderCall{}, false
	}
	pc := agent.ProviderCall{Provider: providerName, ID: it.ID, Name: toolSearchName, Result: compact(raw), IsError: it.Status == "incomplete"}
	if it.Type == "tool_search_call" && len(it.Arguments) > 0 && string(it.Arguments) != "null" {
		pc.Args = compact(it.Arguments)
	}
	var loaded []struct {
		Type  string           `json:"type"`
		Name  toolgen.ToolName `json:"name"`
		Tools []struct {
			Name toolgen.ToolName `json:"name"`
		} `json:"tools"`
	}
	if it.Type == "tool_search_output" && json.Unmarshal(it.Tools, &loaded) == nil {
		for _, t := range loaded {
			if t.Type == "function" {
				pc.Found = append(pc.Found, t.Name)
			}
			for _, fn := range t.Tools {
				pc.Found = append(pc.Found, fn.Name)
			}
		}
	}
	return pc, true
}

// toolSearchInput is the input item of an unstored answer's tool search
// item, nil for a provider call that is not one.
func toolSearchInput(pc agent.ProviderCall) json.RawMessage {
	var it toolSearchItem
	if pc.Provider != providerName || pc.Name != toolSearchName || json.Unmarshal(pc.Result, &it) != nil || !isToolSearch(it.Type) {
		return nil
	}
	return marshal(it) // compact: Marshal compacts raw members
}
