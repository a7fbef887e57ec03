// Package wirefake answers an agent's requests as each provider's API
// does, so that a measurement runs the agent through the real adapters and
// counts what goes over the wire: Providers lists the adapters (OpenAI
// Chat Completions and Responses, Anthropic, Gemini), AnthropicToolSearch
// and OpenAIToolSearch are Anthropic's and OpenAI's Responses with the
// API's own tool search, and a Provider's Fake is
// its API scripted to answer with given assistant messages.
package wirefake

import (
	"encoding/json"
	"net/http"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/anthropic"
	"github.com/toolgen-dev/toolgen/provider/gemini"
	"github.com/toolgen-dev/toolgen/provider/openai"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

// A Provider is an adapter and its API's answer, as a fake of the API
// sends it: the path the adapter posts to, the adapter's model for a fake
// at baseURL, and the JSON body of a non-streamed answer that says what
// an assistant message says (its text, or its calls). The answers follow
// each API's reference, as the adapters' own wire tests do; their usage
// is what their schemas require, and is not what the measurements count.
type Provider struct {
	Name   string
	Path   string
	Model  func(baseURL string) (agent.Model, error)
	Answer func(agent.Message) any
}

// Providers are the adapters a measurement runs through, in the order its
// tables list them.
var Providers = []Provider{
	{
		Name: "openai chat", Path: "/chat/completions",
		Model: func(url string) (agent.Model, error) {
			return openai.New(openai.WithAPIKey(providertest.TestKey), openai.WithModel(providertest.TestModel), openai.WithBaseURL(url), openai.WithMaxRetries(0))
		},
		Answer: chatCompletion,
	},
	{
		Name: "openai responses", Path: "/responses",
		Model: func(url string) (agent.Model, error) {
			return openai.NewResponses(openai.WithAPIKey(providertest.TestKey), openai.WithModel(providertest.TestModel), openai.WithBaseURL(url), openai.WithMaxRetries(0))
		},
		Answer: response,
	},
	{
		Name: "anthropic", Path: "/v1/messages",
		Model: func(url string) (agent.Model, error) {
			return anthropic.New(anthropic.WithAPIKey(providertest.TestKey), anthropic.WithModel(providertest.TestModel), anthropic.WithBaseURL(url), anthropic.WithMaxRetries(0))
		},
		Answer: message,
	},
	{
		Name: "gemini", Path: "/v1beta/models/" + providertest.TestModel + ":generateContent",
		Model: func(url string) (agent.Model, error) {
			return gemini.New(gemini.WithAPIKey(providertest.TestKey), gemini.WithModel(providertest.TestModel), gemini.WithBaseURL(url), gemini.WithMaxRetries(0))
		},
		Answer: generateContentResponse,
	},
}

// AnthropicToolSearch is Anthropic's adapter with the API's own tool
// search (anthropic.WithToolSearch): an agent with agent.WithToolSearch
// sends its deferred tools with defer_loading, and an answer's provider
// calls (agent.Message.ProviderCalls, Anthropic's) are the API's searches,
// each with its result block.
var AnthropicToolSearch = Provider{
	Name: "anthropic, its own tool search", Path: "/v1/messages",
	Model: func(url string) (agent.Model, error) {
		return anthropic.New(anthropic.WithAPIKey(providertest.TestKey), anthropic.WithModel(providertest.TestModel),
			anthropic.WithBaseURL(url), anthropic.WithMaxRetries(0), anthropic.WithToolSearch())
	},
	Answer: message,
}

// OpenAIToolSearch is OpenAI's Responses adapter with the API's own tool
// search (openai.WithToolSearch): an agent with agent.WithToolSearch sends
// its deferred tools with defer_loading in their namespaces, and an
// answer's provider calls (OpenAI's) are the API's search items, each
// whole in its Result.
var OpenAIToolSearch = Provider{
	Name: "openai responses, its own tool search", Path: "/responses",
	Model: func(url string) (agent.Model, error) {
		return openai.NewResponses(openai.WithAPIKey(providertest.TestKey), openai.WithModel(providertest.TestModel),
			openai.WithBaseURL(url), openai.WithMaxRetries(0), openai.WithToolSearch())
	},
	Answer: response,
}

// Fake is p's API scripted to answer, request by request, with answers
// (status 200, p.Answer's JSON); serve it with httptest.NewServer and
// point p.Model at it. A request past the script gets a 400.
func (p Provider) Fake(answers []agent.Message) (*providertest.FakeAPI, error) {
	api := &providertest.FakeAPI{Path: p.Path, BadRequest: `{"error":"bad request"}`, Exhausted: `{"error":"script exhausted"}`}
	for _, msg := range answers {
		body, err := json.Marshal(p.Answer(msg))
		if err != nil {
			return nil, err
		}
		api.Script = append(api.Script, providertest.Reply{Status: http.StatusOK, Body: string(body)})
	}
	return api, nil
}

type object = map[string]any

// chatCompletion is a Chat Completions response with one choice.
func chatCompletion(m agent.Message) any {
	msg, finish := object{"role": "assistant", "content": nil, "refusal": nil}, "stop"
	if m.Text != "" {
		msg["content"] = m.Text
	}
	var calls []object
	for _, c := range m.Calls {
		calls = append(calls, object{"id": c.ID, "type": "function", "function": object{"name": c.Name, "arguments": string(c.Args)}})
	}
	if calls != nil {
		msg["tool_calls"], finish = calls, "tool_calls"
	}
	return object{"id": "chatcmpl-1", "object": "chat.completion", "created": 1767225600, "model": providertest.TestModel,
		"choices": []object{{"index": 0, "message": msg, "logprobs": nil, "finish_reason": finish}},
		"usage":   object{"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}}
}

// response is a Responses API response: a provider call's item (its
// Result), a message item, or a function_call item a call.
func response(m agent.Message) any {
	var items []any
	for _, pc := range m.ProviderCalls {
		items = append(items, pc.Result)
	}
	if m.Text != "" {
		items = append(items, object{"type": "message", "id": "msg_1", "status": "completed", "role": "assistant",
			"content": []object{{"type": "output_text", "text": m.Text, "annotations": []any{}}}})
	}
	for _, c := range m.Calls {
		items = append(items, object{"type": "function_call", "id": "fc_" + c.ID, "call_id": c.ID, "name": c.Name, "arguments": string(c.Args), "status": "completed"})
	}
	return object{"id": "resp_1", "object": "response", "created_at": 1767225600, "status": "completed", "error": nil,
		"incomplete_details": nil, "model": providertest.TestModel, "output": items, "parallel_tool_calls": true,
		"usage": object{"input_tokens": 0, "input_tokens_details": object{"cached_tokens": 0}, "output_tokens": 0,
			"output_tokens_details": object{"reasoning_tokens": 0}, "total_tokens": 0}}
}

// message is a Messages API response: a server_tool_use block and its
// result block a provider call, a text block, a tool_use block a call.
func message(m agent.Message) any {
	var blocks []any
	stop := "end_turn"
	for _, pc := range m.ProviderCalls {
		blocks = append(blocks, object{"type": "server_tool_use", "id": pc.ID, "name": pc.Name, "input": pc.Args}, pc.Result)
	}
	if m.Text != "" {
		blocks = append(blocks, object{"type": "text", "text": m.Text})
	}
	for _, c := range m.Calls {
		blocks, stop = append(blocks, object{"type": "tool_use", "id": c.ID, "name": c.Name, "input": c.Args}), "tool_use"
	}
	return object{"id": "msg_01", "type": "message", "role": "assistant", "model": providertest.TestModel,
		"content": blocks, "stop_reason": stop, "stop_sequence": nil,
		"usage": object{"input_tokens": 0, "output_tokens": 0}}
}

// generateContentResponse is a generateContent response with one
// candidate: a text part, or a functionCall part a call.
func generateContentResponse(m agent.Message) any {
	var parts []object
	if m.Text != "" {
		parts = append(parts, object{"text": m.Text})
	}
	for _, c := range m.Calls {
		parts = append(parts, object{"functionCall": object{"id": c.ID, "name": c.Name, "args": json.RawMessage(c.Args)}})
	}
	return object{"candidates": []object{{"content": object{"role": "model", "parts": parts}, "index": 0, "finishReason": "STOP"}},
		"usageMetadata": object{"promptTokenCount": 0, "candidatesTokenCount": 0, "totalTokenCount": 0},
		"modelVersion":  providertest.TestModel, "responseId": "resp-1"}
}
