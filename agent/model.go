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
// Calls or both; a tool message has one Result per call of the assistant
// message before it, in the same order (providers that want one message per
// result split it).
type Message struct {
	Role    Role         `json:"role"`
	Text    string       `json:"text,omitempty"`
	Calls   []ToolCall   `json:"calls,omitempty"`
	Results []ToolResult `json:"results,omitempty"`
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
