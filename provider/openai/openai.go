// Package openai is an agent.Model over OpenAI's APIs, with the official
// SDK (github.com/openai/openai-go/v3): New speaks Chat Completions, and
// NewResponses the Responses API. Both take the same options (the key, the
// model, the token cap, the server...) and report errors alike.
//
//	model, err := openai.New(openai.WithModel("gpt-4.1-mini")) // key from OPENAI_API_KEY
//	a, err := agent.New(model, agent.WithTools(weather.Tools()))
//
// # Which API
//
// New (Chat Completions) for OpenAI-compatible servers (Ollama, vLLM,
// llama.cpp, through WithBaseURL), which speak it and rarely the
// Responses API, and for models that do not reason. NewResponses for
// OpenAI's reasoning models (o-series, gpt-5): their reasoning goes back
// with the history, encrypted, so that a tool-calling turn goes on from it
// (Chat Completions drops it); for its summaries as reasoning parts; for
// the tools OpenAI runs itself (WithWebSearch, WithCodeInterpreter) and
// its tool search (WithToolSearch); and,
// with WithStore, for requests that carry only what is new.
//
// # Chat Completions (New)
//
// Tools are sent as functions: with the tool's strict schema and
// "strict": true when the generator made one (agent.ToolSpec.StrictSchema),
// else with its default input schema. Tool calls of one turn (parallel tool
// calls) become Message.Calls; each tool result goes back as its own "tool"
// message with the call's tool_call_id. An answer cut short by the token
// limit while it was making a tool call is an error (its arguments are
// incomplete).
//
// Model streams (agent.StreamingModel): Stream, which Agent.RunStream uses,
// sends the same request with "stream": true and stream_options
// include_usage, and yields the answer's text, the calls (each call's
// start, its argument pieces as they come, and the call when the finish
// reason comes), the usage and the finish reason. Reasoning that
// OpenAI-compatible servers stream as "reasoning_content" or "reasoning"
// comes as reasoning parts. An error status or an error event in the
// stream is an *APIError, as for Generate; a stream that ends without a
// finish reason is an error (io.ErrUnexpectedEOF).
//
// Web search citations (search models): the message's url_citation
// annotations, on the message or in a streamed delta, are the answer's
// agent.Sources, one per URL in the order cited, each Citation the piece
// of text its start_index and end_index (characters) mark, as byte offsets
// of the answer's text; a stream gives them as source parts at its end.
//
// Usage counts the prompt tokens the cache served
// (prompt_tokens_details.cached_tokens, agent.Usage.CachedInputTokens) and
// the reasoning tokens (completion_tokens_details), when the server says.
//
// # Prompt caching
//
// OpenAI caches the longest prefix a request shares with a recent one, by
// itself. The same agent.Request gives the same bytes on both APIs (the
// tools in the order the agent sends them, each schema's members in one
// order), so each turn's prefix, tools first, is the previous turn's.
// WithPromptCacheKey sends a prompt_cache_key, which OpenAI routes by;
// none is sent without it.
//
// # Responses API (NewResponses)
//
// ResponsesModel posts to /v1/responses: the system prompt as
// "instructions", the transcript as input items (messages, function_call
// and function_call_output items), tools as functions, strict as for
// Chat Completions ("strict" always said: the API takes a tool as strict
// unless told). Calls of one answer (parallel) become Message.Calls. The
// API has no finish reason: the finish part says "stop", "tool_calls", or
// why the response is incomplete ("max_output_tokens"); one cut by
// max_output_tokens while it made a call is an error. Usage counts cached
// input tokens and reasoning tokens too.
//
// Reasoning (WithReasoning): the model's summaries stream as reasoning
// parts, and each reasoning item comes whole as a reasoning_done part,
// kept in Message.Reasoning. By default nothing is stored ("store":
// false): the items come encrypted (include reasoning.encrypted_content)
// and go back whole, ahead of the answer's other items. With WithStore
// the API keeps each response, and a request that goes on from an answer
// of this model names its response (previous_response_id) and sends only
// the new items; the model remembers which response gave which answer, in
// memory, so a transcript it did not answer (another process, a
// compaction) goes whole, and so does one whose response the API no
// longer has (404, previous_response_not_found), sent again at once.
//
// Tools OpenAI runs (web search, code interpreter) come back as
// agent.ProviderCalls: "web_search" with its action as arguments,
// "code_interpreter" with its code; the output item whole as the result.
// The agent reports them (EventProviderCall; aisdk streams them with
// providerExecuted) and never runs them. Stored, the next request refers
// to them; unstored, it leaves them out (the text after them says what
// they found). The pages the answer cites (each output_text's url_citation
// annotations) are its agent.Sources, as for Chat Completions; a stream
// gives them as source parts when their message item is done.
//
// Tool search (WithToolSearch, toolsearch.go): with agent.WithToolSearch,
// deferred tools go with "defer_loading": true in a namespace tool per
// agent.ToolSpec.Namespace (the Go package, or the directive's
// namespace=), after the tools sent up front, with {"type":
// "tool_search"}; the tools sent never change, so the cached prefix holds.
// OpenAI searches; its tool_search_call and tool_search_output items are
// agent.ProviderCalls named "tool_search" (Found: the tools loaded), and
// go back in the next requests (unstored as they came, stored as
// references), so a saved and resumed State keeps them. A call of a
// function in a namespace goes back naming it.
//
// Stream reads the documented events: response.output_text.delta,
// response.reasoning_summary_text.delta,
// response.function_call_arguments.delta, response.output_item.done
// (a call whole, a reasoning item, a call the API ran),
// response.completed and response.incomplete (usage, finish),
// response.failed and error (an *APIError). A stream that ends before
// response.completed is an error (io.ErrUnexpectedEOF).
package openai

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/adapter"
)

// DefaultModel is the model used without WithModel.
const DefaultModel = "gpt-4.1-mini"

// Model is an agent.Model over Chat Completions. It is safe for concurrent
// use.
type Model struct {
	client    oai.Client
	model     string
	maxTokens int64
	cacheKey  string // WithPromptCacheKey
}

// sdk is what the options and errors share with provider/anthropic's.
var sdk = adapter.Provider[option.RequestOption]{
	Name:           "openai",
	KeyEnv:         "OPENAI_API_KEY",
	KeyHint:        `(servers that ignore keys accept any, such as "none")`,
	TokenLimit:     "its token limit",
	WithAPIKey:     option.WithAPIKey,
	WithBaseURL:    option.WithBaseURL,
	WithHeader:     option.WithHeader,
	WithMaxRetries: option.WithMaxRetries,
}

// config is what the options set: those every adapter has, and those of
// the Responses API alone.
type config struct {
	adapter.Config[option.RequestOption]
	responses responsesConfig
}

// Option configures New and NewResponses. An option given a bad value (an
// empty string, a number out of range) makes New fail with an error naming
// the option and the value, as "openai.WithMaxTokens(0): must be at least
// 1"; so does an option of the Responses API alone given to New.
type Option func(*config) error

// common is an option every adapter has.
func common(o adapter.Option[option.RequestOption]) Option {
	return func(c *config) error { return o(&c.Config) }
}

// WithAPIKey sets the API key; without it New reads OPENAI_API_KEY. Local
// servers that ignore keys accept any non-empty key.
// An empty key is an error.
func WithAPIKey(key string) Option { return common(sdk.APIKey(key)) }

// WithModel names the model (DefaultModel without it). An empty name is an
// error.
func WithModel(name string) Option { return common(sdk.Model(name)) }

// WithMaxTokens caps the tokens of each answer (max_completion_tokens, or
// the Responses API's max_output_tokens); by default the API decides. n
// must be at least 1.
func WithMaxTokens(n int) Option { return common(sdk.MaxTokens(n)) }

// WithBaseURL sends requests to an OpenAI-compatible server, for example
// "http://localhost:11434/v1" for Ollama. Without it the SDK uses
// OPENAI_BASE_URL, else OpenAI's API.
// An empty url is an error.
func WithBaseURL(url string) Option { return common(sdk.BaseURL(url)) }

// WithHeader adds a header to every request. An empty key is an error.
func WithHeader(key, value string) Option { return common(sdk.Header(key, value)) }

// WithMaxRetries sets how many times the SDK retries a request that failed
// with a connection error, 408, 409, 429 or 5xx (2 by default; 0: never).
// A negative n is an error.
func WithMaxRetries(n int) Option { return common(sdk.MaxRetries(n)) }

// WithPromptCacheKey gives every request the key (prompt_cache_key) that
// OpenAI routes requests by, with a hash of their first tokens, to the
// machines that hold their prefix in cache: requests with the same long
// prefix and key are more likely served from the cache. Without it the
// requests have none. Prompt caching is automatic on OpenAI; a key helps
// when many requests share a prefix, such as one per user or conversation
// (a key per tool set adds nothing: the tool definitions start the
// prefix that OpenAI hashes anyway). An empty key is an error.
func WithPromptCacheKey(key string) Option {
	return func(c *config) error {
		if key == "" {
			return errors.New(`openai.WithPromptCacheKey(""): empty key (leave the option out for none)`)
		}
		c.PromptCacheKey = key
		return nil
	}
}

// WithRequestOptions passes SDK options through, after the ones above (an
// HTTP client, a retry delay, a timeout...).
func WithRequestOptions(opts ...option.RequestOption) Option {
	return common(sdk.RequestOptions(opts...))
}

// configure applies opts to c (which holds the defaults) and returns the
// SDK client's options, as adapter.Configure does.
func configure(c *config, opts []Option) ([]option.RequestOption, error) {
	for _, o := range opts {
		if o == nil {
			return nil, errors.New("openai: nil Option")
		}
		if err := o(c); err != nil {
			return nil, err
		}
	}
	return adapter.Configure(&sdk, &c.Config, []adapter.Option[option.RequestOption](nil))
}

// New makes a Model. A missing API key (no WithAPIKey, OPENAI_API_KEY unset
// or empty) is an error here, not at the first call, and so is an option
// of the Responses API alone (see NewResponses).
func New(opts ...Option) (*Model, error) {
	c := config{Config: adapter.Config[option.RequestOption]{Model: DefaultModel}}
	all, err := configure(&c, opts)
	if err != nil {
		return nil, err
	}
	if name := c.responses.only; name != "" {
		return nil, fmt.Errorf("openai.%s: an option of the Responses API: use NewResponses", name)
	}
	return &Model{client: oai.NewClient(all...), model: c.Model, maxTokens: c.MaxTokens, cacheKey: c.PromptCacheKey}, nil
}

// Generate asks the model for the next assistant message.
func (m *Model) Generate(ctx context.Context, req agent.Request) (agent.Response, error) {
	params, err := m.params(req)
	if err != nil {
		return agent.Response{}, err
	}
	completion, err := m.client.Chat.Completions.New(ctx, params)
	if err != nil {
		return agent.Response{}, describe(err)
	}
	return response(completion)
}

// params builds the request body.
func (m *Model) params(req agent.Request) (oai.ChatCompletionNewParams, error) {
	msgs, err := messages(req)
	if err != nil {
		return oai.ChatCompletionNewParams{}, err
	}
	tools, err := toolParams(req.Tools)
	if err != nil {
		return oai.ChatCompletionNewParams{}, err
	}
	p := oai.ChatCompletionNewParams{Model: shared.ChatModel(m.model), Messages: msgs, Tools: tools}
	if m.maxTokens > 0 {
		p.MaxCompletionTokens = oai.Int(m.maxTokens)
	}
	if m.cacheKey != "" {
		p.PromptCacheKey = oai.String(m.cacheKey)
	}
	return p, nil
}

// toolParams turns tool specs into function tools: the strict schema with
// strict=true when there is one, else the default schema.
func toolParams(specs []agent.ToolSpec) ([]oai.ChatCompletionToolUnionParam, error) {
	tools := make([]oai.ChatCompletionToolUnionParam, 0, len(specs))
	for _, s := range specs {
		schema, strict := s.InputSchema, false
		if len(s.StrictSchema) > 0 {
			schema, strict = s.StrictSchema, true
		}
		parameters, err := schemaParams(schema)
		if err != nil {
			return nil, fmt.Errorf("openai: tool %s: %w", s.Name, err)
		}
		fn := shared.FunctionDefinitionParam{Name: string(s.Name), Parameters: parameters}
		if s.Description != "" {
			fn.Description = oai.String(s.Description)
		}
		if strict {
			fn.Strict = oai.Bool(true)
		}
		tools = append(tools, oai.ChatCompletionFunctionTool(fn))
	}
	return tools, nil
}

// schemaParams reads a JSON Schema object, keeping each member's JSON as it
// is (so nested key order survives).
func schemaParams(schema []byte) (shared.FunctionParameters, error) {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(schema, &members); err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	params := make(shared.FunctionParameters, len(members))
	for k, v := range members {
		params[k] = v
	}
	return params, nil
}

// messages translates the system prompt and the transcript.
func messages(req agent.Request) ([]oai.ChatCompletionMessageParamUnion, error) {
	var out []oai.ChatCompletionMessageParamUnion
	if req.System != "" {
		out = append(out, oai.SystemMessage(req.System))
	}
	for i, msg := range req.Messages {
		switch msg.Role {
		case agent.RoleUser:
			out = append(out, oai.UserMessage(msg.Text))
		case agent.RoleAssistant:
			out = append(out, assistantMessage(msg))
		case agent.RoleTool:
			for _, r := range msg.Results {
				out = append(out, oai.ToolMessage(r.Result.Text(), r.CallID))
			}
		default:
			return nil, fmt.Errorf("openai: message %d has unknown role %q", i, msg.Role)
		}
	}
	return out, nil
}

// assistantMessage is an earlier answer of the model: its text and calls.
func assistantMessage(msg agent.Message) oai.ChatCompletionMessageParamUnion {
	a := oai.ChatCompletionAssistantMessageParam{}
	if msg.Text != "" {
		a.Content.OfString = oai.String(msg.Text)
	}
	for _, c := range msg.Calls {
		a.ToolCalls = append(a.ToolCalls, oai.ChatCompletionMessageToolCallUnionParam{
			OfFunction: &oai.ChatCompletionMessageFunctionToolCallParam{
				ID:       c.ID,
				Function: oai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: string(c.Name), Arguments: string(args(c.Args))},
			},
		})
	}
	return oai.ChatCompletionMessageParamUnion{OfAssistant: &a}
}

// args is a call's arguments as the API wants them: a JSON object text.
func args(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return json.RawMessage("{}")
	}
	return raw
}

// response translates the first choice and the usage.
func response(c *oai.ChatCompletion) (agent.Response, error) {
	if len(c.Choices) == 0 {
		return agent.Response{}, errors.New("openai: the response has no choices")
	}
	if c.Choices[0].FinishReason == "length" && len(c.Choices[0].Message.ToolCalls) > 0 {
		return agent.Response{}, sdk.CallCut(c.Usage.CompletionTokens)
	}
	choice := c.Choices[0].Message
	msg := agent.Message{Role: agent.RoleAssistant, Text: choice.Content}
	if msg.Text == "" && choice.Refusal != "" {
		msg.Text = choice.Refusal
	}
	for _, tc := range choice.ToolCalls {
		if tc.Type != "" && tc.Type != "function" {
			return agent.Response{}, fmt.Errorf("openai: tool call %s has unsupported type %q", tc.ID, tc.Type)
		}
		msg.Calls = append(msg.Calls, agent.ToolCall{ID: tc.ID, Name: toolgen.ToolName(tc.Function.Name), Args: json.RawMessage(tc.Function.Arguments)})
	}
	if msg.Text == choice.Content {
		addSources(&msg, messageAnnotations(choice.RawJSON()), choice.Content, 0)
	}
	return agent.Response{Message: msg, Usage: chatUsage(c.Usage)}, nil
}

// chatUsage counts a completion's tokens, with the prompt tokens the cache
// served and the completion's reasoning tokens.
func chatUsage(u oai.CompletionUsage) agent.Usage {
	return agent.Usage{InputTokens: int(u.PromptTokens), OutputTokens: int(u.CompletionTokens),
		CachedInputTokens: int(u.PromptTokensDetails.CachedTokens), ReasoningTokens: int(u.CompletionTokensDetails.ReasoningTokens)}
}

// messageAnnotations are the annotations of a message, or of a streamed
// message's delta, from its JSON: the SDK's types have no annotations on
// a delta, so both are read alike.
func messageAnnotations(raw string) []annotation {
	var m struct {
		Annotations []annotation `json:"annotations"`
	}
	if raw == "" || json.Unmarshal([]byte(raw), &m) != nil {
		return nil
	}
	return m.Annotations
}

// describe makes an API error say what the provider said: the status, the
// error's type or code, and its message.
func describe(err error) error {
	var apiErr *oai.Error
	if !errors.As(err, &apiErr) {
		return fmt.Errorf("openai: %w", err)
	}
	msg := apiErr.Message
	if msg == "" {
		msg = apiErr.RawJSON()
	}
	return &APIError{StatusCode: apiErr.StatusCode, Type: errorKind(apiErr.Type, apiErr.Code), Message: msg, err: err}
}

// errorKind is an error's code when it has one, else its type: the code
// says more ("invalid_api_key" rather than "invalid_request_error").
func errorKind(typ, code string) string {
	if code != "" {
		return code
	}
	return typ
}

// APIError is an error answer of the API.
type APIError struct {
	StatusCode int    // the HTTP status
	Type       string // the error's code or type, such as "invalid_api_key"
	Message    string // what the provider said
	err        error
}

// Error says what the provider said.
func (e *APIError) Error() string {
	return adapter.APIErrorText("openai", e.StatusCode, e.Type, e.Message, "")
}

// Unwrap returns the SDK's error.
func (e *APIError) Unwrap() error { return e.err }
