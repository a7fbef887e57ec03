// Package anthropic is an agent.Model over Anthropic's Messages API, with
// the official SDK (github.com/anthropics/anthropic-sdk-go/v2).
//
//	model, err := anthropic.New(anthropic.WithModel("claude-sonnet-4-5")) // key from ANTHROPIC_API_KEY
//	a, err := agent.New(model, agent.WithTools(weather.Tools()))
//
// Tools are sent with their default input schema (Anthropic reads JSON
// Schema as it is). tool_use blocks of one answer (parallel tool use) become
// Message.Calls; the results of a turn go back as tool_result blocks of one
// user message, with is_error set for failed calls. An answer cut short by
// max_tokens while it was making a tool call is an error (its arguments are
// incomplete); other stop reasons keep the text.
//
// Tools the API runs itself (its tool search, web search, code execution)
// come back as agent.ProviderCalls: each server_tool_use block with its
// result block, kept whole and sent back with the history as the API
// requires. WithToolSearch uses the API's own search of deferred tools
// (defer_loading and the BM25 tool search tool) for an agent made with
// agent.WithToolSearch. WithWebSearch and WithCodeExecution enable the
// API's web search and code execution tools (the Model is then an
// agent.ProviderToolModel: an agent leaves out those its permission rules
// deny or ask about). The pages they found are the answer's
// agent.Sources too: each web_search_result of a web_search_tool_result,
// the page of a web_fetch_tool_result (its document's title), and each page
// a text block cites (a web_search_result_location citation, whose
// Citation is the block's text); one per URL, in the order they came,
// streamed as source parts (a text block's when it ends). An answer the API pauses while its tools run
// (stop_reason "pause_turn") is sent back and continued, up to MaxPauses
// times, by Generate and Stream alike: the caller gets one message.
//
// Model streams (agent.StreamingModel): Stream, which Agent.RunStream uses,
// sends the same request with "stream": true and yields the answer's text,
// its thinking as reasoning parts, each tool_use block as a call (its
// start, its input_json_delta pieces, the call when the block stops), then
// the usage (input tokens from message_start, output tokens from
// message_delta) and the stop_reason. An error status or an error event
// in the stream is an *APIError, as for Generate; a stream that ends
// without message_stop is an error (io.ErrUnexpectedEOF).
package anthropic

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	ant "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/option"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/adapter"
)

// DefaultModel is the model used without WithModel.
const DefaultModel = "claude-sonnet-4-5"

// DefaultMaxTokens caps each answer without WithMaxTokens (the API requires
// a cap).
const DefaultMaxTokens = 4096

// Model is an agent.Model over the Messages API. It is safe for concurrent
// use.
type Model struct {
	client     ant.Client
	model      string
	maxTokens  int64
	toolSearch bool
	noCache    bool // WithPromptCache(false)
	// providerTools are the tools the API runs that the options enable,
	// with their settings (WithWebSearch, WithCodeExecution), and their
	// names in order.
	providerTools     map[string]any
	providerToolNames []string
}

// sdk is what the options and errors share with provider/openai's.
var sdk = adapter.Provider[option.RequestOption]{
	Name:           "anthropic",
	KeyEnv:         "ANTHROPIC_API_KEY",
	TokenLimit:     "max_tokens",
	WithAPIKey:     option.WithAPIKey,
	WithBaseURL:    option.WithBaseURL,
	WithHeader:     option.WithHeader,
	WithMaxRetries: option.WithMaxRetries,
}

// config is what the options set. An alias, so that Option's documented
// form stays func(*config) error.
type config = adapter.Config[option.RequestOption]

// Option configures New. An option given a bad value (an empty string, a
// number out of range) makes New fail with an error naming the option and
// the value, as "anthropic.WithMaxTokens(0): must be at least 1".
type Option func(*config) error

// WithAPIKey sets the API key; without it New reads ANTHROPIC_API_KEY.
// An empty key is an error.
func WithAPIKey(key string) Option { return sdk.APIKey(key) }

// WithModel names the model (DefaultModel without it). An empty name is an
// error.
func WithModel(name string) Option { return sdk.Model(name) }

// WithMaxTokens caps the tokens of each answer (DefaultMaxTokens without
// it). n must be at least 1.
func WithMaxTokens(n int) Option { return sdk.MaxTokens(n) }

// WithBaseURL sends requests to another server (a proxy, a gateway).
// Without it the SDK uses ANTHROPIC_BASE_URL, else Anthropic's API.
// An empty url is an error.
func WithBaseURL(url string) Option { return sdk.BaseURL(url) }

// WithHeader adds a header to every request. An empty key is an error.
func WithHeader(key, value string) Option { return sdk.Header(key, value) }

// WithMaxRetries sets how many times the SDK retries a request that failed
// with a connection error, 408, 409, 429 or 5xx (2 by default; 0: never).
// A negative n is an error.
func WithMaxRetries(n int) Option { return sdk.MaxRetries(n) }

// WithRequestOptions passes SDK options through, after the ones above (an
// HTTP client, a timeout...).
func WithRequestOptions(opts ...option.RequestOption) Option { return sdk.RequestOptions(opts...) }

// New makes a Model. A missing API key (no WithAPIKey, ANTHROPIC_API_KEY
// unset or empty) is an error here, not at the first call.
func New(opts ...Option) (*Model, error) {
	c := config{Model: DefaultModel, MaxTokens: DefaultMaxTokens}
	all, err := adapter.Configure(&sdk, &c, opts)
	if err != nil {
		return nil, err
	}
	return &Model{client: ant.NewClient(all...), model: c.Model, maxTokens: c.MaxTokens, toolSearch: c.ToolSearch, noCache: c.NoPromptCache,
		providerTools: c.ProviderTools, providerToolNames: c.ProviderToolNames()}, nil
}

// Generate asks the model for the next assistant message. An answer the
// API paused (stop_reason "pause_turn", while it ran its own tools for
// long) is sent back for the API to continue, up to MaxPauses times, and
// the pieces make one message.
func (m *Model) Generate(ctx context.Context, req agent.Request) (agent.Response, error) {
	params, err := m.params(req)
	if err != nil {
		return agent.Response{}, err
	}
	var whole agent.Response
	whole.Message.Role = agent.RoleAssistant
	for pauses := 0; ; pauses++ {
		msg, err := m.client.Messages.New(ctx, params)
		if err != nil {
			return agent.Response{}, describe(err)
		}
		if err := addAnswer(&whole, msg); err != nil {
			return agent.Response{}, err
		}
		if msg.StopReason != ant.StopReasonPauseTurn || pauses == MaxPauses {
			return whole, nil
		}
		params.Messages = continued(params.Messages, msg.ToParam().OfAssistant.Content)
	}
}

// MaxPauses is how many times one answer is continued after the API
// paused it (stop_reason "pause_turn"); an answer paused once more ends
// there, with what it has.
const MaxPauses = 8

// continued is msgs with a paused answer's content at their end, as the
// API continues it: the content as it came, in the last assistant message.
func continued(msgs []ant.MessageParam, content []ant.ContentBlockParamUnion) []ant.MessageParam {
	return appendMessage(msgs, false, content)
}

// params builds the request body.
func (m *Model) params(req agent.Request) (ant.MessageNewParams, error) {
	msgs, err := messages(req.Messages)
	if err != nil {
		return ant.MessageNewParams{}, err
	}
	tools, err := toolParams(req.Tools)
	if err != nil {
		return ant.MessageNewParams{}, err
	}
	tools = append(tools, m.providerToolParams(req.DisabledProviderTools)...)
	p := ant.MessageNewParams{Model: ant.Model(m.model), MaxTokens: m.maxTokens, Messages: msgs, Tools: tools}
	if req.System != "" {
		p.System = []ant.TextBlockParam{{Text: req.System}}
	}
	if !m.noCache {
		setBreakpoints(&p, upFrontTools(req.Tools))
	}
	return p, nil
}

// toolParams turns tool specs into custom tools with their default schema;
// deferred ones with defer_loading, and then the API's tool search tool.
func toolParams(specs []agent.ToolSpec) ([]ant.ToolUnionParam, error) {
	tools := make([]ant.ToolUnionParam, 0, len(specs)+1)
	deferred := false
	for _, s := range specs {
		schema, err := inputSchema(s.InputSchema)
		if err != nil {
			return nil, fmt.Errorf("anthropic: tool %s: %w", s.Name, err)
		}
		t := ant.ToolParam{Name: string(s.Name), InputSchema: schema}
		if s.Description != "" {
			t.Description = ant.String(s.Description)
		}
		if s.Deferred {
			t.DeferLoading, deferred = ant.Bool(true), true
		}
		tools = append(tools, ant.ToolUnionParam{OfTool: &t})
	}
	if deferred {
		tools = append(tools, toolSearchTool())
	}
	return tools, nil
}

// messages translates the transcript. Messages of the same role in a row
// (tool results, then a user's message) are merged, since the API wants
// the roles to alternate.
func messages(in []agent.Message) ([]ant.MessageParam, error) {
	var out []ant.MessageParam
	for i, msg := range in {
		var blocks []ant.ContentBlockParamUnion
		user := true
		switch msg.Role {
		case agent.RoleUser:
			blocks = []ant.ContentBlockParamUnion{ant.NewTextBlock(msg.Text)}
		case agent.RoleTool:
			blocks = resultBlocks(msg.Results)
		case agent.RoleAssistant:
			blocks, user = assistantBlocks(msg), false
		default:
			return nil, fmt.Errorf("anthropic: message %d has unknown role %q", i, msg.Role)
		}
		out = appendMessage(out, user, blocks)
	}
	return out, nil
}

// appendMessage adds blocks to the last message if it has the same role,
// else as a new message.
func appendMessage(out []ant.MessageParam, user bool, blocks []ant.ContentBlockParamUnion) []ant.MessageParam {
	if n := len(out); n > 0 {
		last := out[n-1]
		if user && last.OfUser != nil {
			last.OfUser.Content = append(last.OfUser.Content, blocks...)
			return out
		}
		if !user && last.OfAssistant != nil {
			last.OfAssistant.Content = append(last.OfAssistant.Content, blocks...)
			return out
		}
	}
	if user {
		return append(out, ant.NewUserMessage(blocks...))
	}
	return append(out, ant.NewAssistantMessage(blocks...))
}

// resultBlocks are the tool_result blocks of a turn, in call order.
func resultBlocks(results []agent.ToolResult) []ant.ContentBlockParamUnion {
	blocks := make([]ant.ContentBlockParamUnion, 0, len(results))
	for _, r := range results {
		blocks = append(blocks, ant.NewToolResultBlock(r.CallID, r.Result.Text(), r.Result.IsError))
	}
	return blocks
}

// assistantBlocks are an earlier answer: the calls the API ran, its text
// (when not empty) and its tool_use blocks.
func assistantBlocks(msg agent.Message) []ant.ContentBlockParamUnion {
	blocks := providerBlocks(msg.ProviderCalls)
	if msg.Text != "" {
		blocks = append(blocks, ant.NewTextBlock(msg.Text))
	}
	for _, c := range msg.Calls {
		blocks = append(blocks, ant.NewToolUseBlock(c.ID, input(c.Args), string(c.Name)))
	}
	return blocks
}

// input is a call's arguments as the API wants them: a JSON object.
func input(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 || !json.Valid(raw) {
		return json.RawMessage("{}")
	}
	return raw
}

// addAnswer adds an answer's text, tool_use blocks, the calls the API ran
// (server_tool_use blocks, and result blocks, which may settle a call of
// an earlier piece of a paused answer) and its usage to resp. A body
// without content is not a message (an answer of something other than the
// Messages API): an error, not an empty answer.
func addAnswer(resp *agent.Response, m *ant.Message) error {
	if !m.JSON.Content.Valid() {
		return fmt.Errorf("anthropic: the response is not a message (no content): %.200s", m.RawJSON())
	}
	msg := &resp.Message
	for _, b := range m.Content {
		switch {
		case b.Type == "text":
			start := len(msg.Text)
			msg.Text += b.Text
			for _, src := range citedSources(blockCitations(b.RawJSON()), msg.Text, start, len(msg.Text)) {
				msg.AddSource(src)
			}
		case b.Type == "tool_use":
			msg.Calls = append(msg.Calls, agent.ToolCall{ID: b.ID, Name: toolgen.ToolName(b.Name), Args: b.Input})
		case b.Type == "server_tool_use":
			msg.ProviderCalls = append(msg.ProviderCalls, serverCall(b.ID, b.Name, b.Input))
		case isServerResult(b.Type):
			if i := slices.IndexFunc(msg.ProviderCalls, func(pc agent.ProviderCall) bool { return pc.ID == b.ToolUseID }); i >= 0 {
				settle(&msg.ProviderCalls[i], json.RawMessage(b.RawJSON()))
			}
			for _, src := range resultSources(json.RawMessage(b.RawJSON())) {
				msg.AddSource(src)
			}
		}
	}
	if m.StopReason == ant.StopReasonMaxTokens && len(msg.Calls) > 0 {
		return sdk.CallCut(m.Usage.OutputTokens)
	}
	u := m.Usage
	resp.Usage = resp.Usage.Add(usageOf(u.InputTokens, u.OutputTokens, u.CacheReadInputTokens, u.CacheCreationInputTokens))
	return nil
}

// describe makes an API error say what the provider said: the status, the
// error's type and its message.
func describe(err error) error {
	var apiErr *ant.Error
	if !errors.As(err, &apiErr) {
		return fmt.Errorf("anthropic: %w", err)
	}
	body := adapter.ReadErrorBody([]byte(apiErr.RawJSON()))
	msg := apiErr.Message
	if msg == "" {
		msg = body.Message
	}
	if msg == "" {
		msg = apiErr.RawJSON()
	}
	return &APIError{StatusCode: apiErr.StatusCode, Type: body.Type, Message: msg, RequestID: apiErr.RequestID, err: err}
}

// APIError is an error answer of the API.
type APIError struct {
	StatusCode int    // the HTTP status
	Type       string // the error's type, such as "rate_limit_error"
	Message    string // what the provider said
	RequestID  string // the request-id header, when there was one
	err        error
}

// Error says what the provider said.
func (e *APIError) Error() string {
	return adapter.APIErrorText("anthropic", e.StatusCode, e.Type, e.Message, e.RequestID)
}

// Unwrap returns the SDK's error.
func (e *APIError) Unwrap() error { return e.err }
