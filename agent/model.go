package agent

import (
	"context"
	"encoding/json"

	"github.com/toolgen-dev/toolgen"
)

// Model is a language model as the agent loop sees it: given the system
// prompt, the transcript so far and the tools on offer, it returns the
// assistant's next message. Adapters for OpenAI-compatible and Anthropic APIs
// implement it; agenttest.Model scripts it for tests.
type Model interface {
	Generate(ctx context.Context, req Request) (Response, error)
}

// ModelFunc is a function that is a Model, as http.HandlerFunc is a
// handler.
type ModelFunc func(ctx context.Context, req Request) (Response, error)

// Generate calls f.
func (f ModelFunc) Generate(ctx context.Context, req Request) (Response, error) { return f(ctx, req) }

// Request is what a model is asked.
type Request struct {
	System   string     `json:"system,omitempty"`
	Messages []Message  `json:"messages"`
	Tools    []ToolSpec `json:"tools,omitempty"`
	// DisabledProviderTools names tools the provider runs itself (see
	// ProviderToolModel) that this request must not enable: an agent puts
	// there those its permission rules deny or ask about. Empty: the
	// adapter enables every provider tool its options enable.
	DisabledProviderTools []string `json:"disabled_provider_tools,omitempty"`
}

// ProviderToolModel is a Model whose options enable tools its provider runs
// itself: web search, code execution and the like
// (anthropic.WithWebSearch, ...). Their calls and results come back as the
// answer's ProviderCalls; the loop never runs them, so no permission rule
// can be applied to a call: an agent instead leaves out (through
// Request.DisabledProviderTools) every provider tool that a Deny or Ask
// rule names, by name or pattern, with arguments or without (a rule on
// arguments cannot be checked against a call the loop never sees, and a
// person cannot be asked about a call the provider makes on its own).
// Deny and Ask rules may name these tools without agent.New calling them
// unregistered.
type ProviderToolModel interface {
	Model
	// ProviderTools names the provider tools the model's options enable,
	// as the provider's calls name them ("web_search").
	ProviderTools() []string
}

// ToolSpec is what a model is told about a tool.
type ToolSpec struct {
	Name        toolgen.ToolName `json:"name"`
	Description string           `json:"description"`
	InputSchema json.RawMessage  `json:"input_schema"`
	// StrictSchema and GeminiSchema are the tool's schema in other dialects
	// (see toolgen.Tool), nil when it has none; adapters choose.
	StrictSchema json.RawMessage `json:"strict_schema,omitempty"`
	GeminiSchema json.RawMessage `json:"gemini_schema,omitempty"`
	// Deferred marks a tool the model should not see until its provider's
	// own tool search finds it (the agent sets it only for a
	// NativeToolSearcher; see WithToolSearch). An adapter sends it as its
	// API defers a tool (Anthropic: defer_loading) with the API's search
	// tool.
	Deferred bool `json:"deferred,omitempty"`
}

// NativeToolSearcher is a Model whose provider searches deferred tools
// itself: Anthropic's tool search tool (anthropic.WithToolSearch). An agent
// with WithToolSearch over a model whose SearchesTools reports true sends
// every tool it offers, those still deferred marked ToolSpec.Deferred, and
// no search_tools: the provider searches, and the tools it finds are
// recorded as search_tools' are (State.LoadedTools, EventToolsLoaded).
type NativeToolSearcher interface {
	Model
	// SearchesTools reports whether the provider searches the tools sent
	// with ToolSpec.Deferred.
	SearchesTools() bool
}

// Response is a model's answer: an assistant message (text, tool calls or
// both) and what it cost.
type Response struct {
	Message Message `json:"message"`
	Usage   Usage   `json:"usage"`
}

// Usage counts tokens.
type Usage struct {
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
}

// Add returns u plus v.
func (u Usage) Add(v Usage) Usage {
	return Usage{InputTokens: u.InputTokens + v.InputTokens, OutputTokens: u.OutputTokens + v.OutputTokens}
}

// Role says who wrote a message.
type Role string

// The roles of a transcript.
const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
	RoleTool      Role = "tool" // the results of the previous message's calls
)

// Message is one entry of a transcript. An assistant message has Text,
// Calls or both, and the calls its provider ran itself (ProviderCalls); a
// tool message has one Result per call of the assistant message before it,
// in the same order (providers that want one message per result split it).
type Message struct {
	Role    Role         `json:"role"`
	Text    string       `json:"text,omitempty"`
	Calls   []ToolCall   `json:"calls,omitempty"`
	Results []ToolResult `json:"results,omitempty"`
	// ProviderCalls are the calls of tools the provider ran while it
	// answered (its tool search, web search, code execution), with their
	// results, in the order it ran them. The loop never runs them; the
	// transcript keeps them so that the adapter sends them back with the
	// history, as the provider's API requires.
	ProviderCalls []ProviderCall `json:"provider_calls,omitempty"`
}

// ProviderCall is a call of a tool that the provider ran itself, and its
// result.
type ProviderCall struct {
	// Provider names the provider that ran it ("anthropic"), whose adapter
	// alone sends it back.
	Provider string `json:"provider"`
	// ID is the provider's id of the call.
	ID string `json:"id"`
	// Name is the provider's name of its tool, such as
	// "tool_search_tool_bm25" or "web_search".
	Name string `json:"name"`
	// Args are the call's arguments, as the provider gave them.
	Args json.RawMessage `json:"args,omitempty"`
	// Result is the call's result as the provider gave it, in the form its
	// adapter sends back (for Anthropic, the whole result block); nil
	// while the provider has not given it.
	Result json.RawMessage `json:"result,omitempty"`
	// IsError reports a result that says the call failed.
	IsError bool `json:"is_error,omitempty"`
	// Found are the tools a provider's tool search found, which the model
	// can call from then on.
	Found []toolgen.ToolName `json:"found,omitempty"`
}

// ToolCall is a model's request to call a tool.
type ToolCall struct {
	ID   string           `json:"id"`
	Name toolgen.ToolName `json:"name"`
	Args json.RawMessage  `json:"args"`
}

// ToolResult answers one call.
type ToolResult struct {
	CallID string           `json:"call_id"`
	Name   toolgen.ToolName `json:"name"`
	Result toolgen.Result   `json:"result"`
}
