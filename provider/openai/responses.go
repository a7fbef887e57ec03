package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/packages/param"
	"github.com/openai/openai-go/v3/responses"
	"github.com/openai/openai-go/v3/shared"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/adapter"
)

// ResponsesModel is an agent.Model over OpenAI's Responses API
// (POST /v1/responses). It is safe for concurrent use.
type ResponsesModel struct {
	client     oai.Client
	model      string
	maxTokens  int64
	store      bool
	effort     string
	cacheKey   string         // WithPromptCacheKey
	toolSearch bool           // WithToolSearch
	provider   []providerTool // the API's own tools the options enable, by name
	chain      *chain         // with WithStore: the responses to chain from
}

// responsesSDK is sdk, but for the name of the Responses API's token
// limit in its errors.
var responsesSDK = func() adapter.Provider[option.RequestOption] {
	p := sdk
	p.TokenLimit = "max_output_tokens"
	return p
}()

// providerName marks the reasoning and the provider calls this adapter
// sends back.
const providerName = "openai"

// responsesConfig is what the options of the Responses API alone set.
type responsesConfig struct {
	only            string // the first such option given, for New's error
	store           bool
	effort          string
	webSearch       bool
	codeInterpreter bool
	toolSearch      bool
}

// responsesOnly is an option of the Responses API alone, named name.
func responsesOnly(name string, set func(*responsesConfig) error) Option {
	return func(c *config) error {
		if c.responses.only == "" {
			c.responses.only = name
		}
		return set(&c.responses)
	}
}

// WithStore lets OpenAI keep each response ("store": true; without it the
// model sends "store": false) and chains each request to the response
// before it: a request whose transcript goes on from an answer this Model
// gave sends "previous_response_id" and only the items after that answer.
// When the API no longer has that response (404, previous_response_not_found)
// the request is sent again with the whole transcript. Without WithStore
// every request carries the whole transcript, and reasoning goes back
// encrypted (see WithReasoning). NewResponses only.
func WithStore() Option {
	return responsesOnly("WithStore", func(c *responsesConfig) error {
		c.store = true
		return nil
	})
}

// WithReasoning asks a reasoning model (o-series, gpt-5) to reason with
// effort ("minimal", "low", "medium", "high"...) and to summarize its
// reasoning ("summary": "auto"), which streams as reasoning parts. Without
// WithStore it also asks for the reasoning encrypted
// ("include": ["reasoning.encrypted_content"]), which the transcript keeps
// (agent.Message.Reasoning) and the next request sends back, so that the
// model goes on from it. Models that do not reason reject it. An empty
// effort is an error. NewResponses only.
func WithReasoning(effort string) Option {
	return responsesOnly("WithReasoning", func(c *responsesConfig) error {
		if effort == "" {
			return errors.New(`openai.WithReasoning(""): empty effort (such as "low", "medium", "high")`)
		}
		c.effort = effort
		return nil
	})
}

// WithWebSearch offers the model the API's web search tool
// ({"type": "web_search"}). OpenAI runs its searches: they come back as
// agent.ProviderCalls named "web_search", never run by the agent. The
// model is then an agent.ProviderToolModel: an agent whose permission
// rules deny or ask about "web_search" sends its requests without it.
// NewResponses only.
func WithWebSearch() Option {
	return responsesOnly("WithWebSearch", func(c *responsesConfig) error {
		c.webSearch = true
		return nil
	})
}

// WithCodeInterpreter offers the model the API's code interpreter, in a
// container the API makes ({"type": "code_interpreter", "container":
// {"type": "auto"}}). Its runs come back as agent.ProviderCalls named
// "code_interpreter"; rules that deny or ask about "code_interpreter"
// leave it out, as for WithWebSearch. NewResponses only.
func WithCodeInterpreter() Option {
	return responsesOnly("WithCodeInterpreter", func(c *responsesConfig) error {
		c.codeInterpreter = true
		return nil
	})
}

// NewResponses makes a ResponsesModel. It takes the options New takes, and
// those of the Responses API alone (WithStore, WithReasoning,
// WithWebSearch, WithCodeInterpreter, WithToolSearch). A missing API key is an error here,
// not at the first call.
func NewResponses(opts ...Option) (*ResponsesModel, error) {
	c := config{Config: adapter.Config[option.RequestOption]{Model: DefaultModel}}
	all, err := configure(&c, opts)
	if err != nil {
		return nil, err
	}
	m := &ResponsesModel{client: oai.NewClient(all...), model: c.Model, maxTokens: c.MaxTokens,
		store: c.responses.store, effort: c.responses.effort, cacheKey: c.PromptCacheKey, toolSearch: c.responses.toolSearch}
	if c.responses.codeInterpreter {
		m.provider = append(m.provider, providerTool{"code_interpreter", json.RawMessage(`{"type":"code_interpreter","container":{"type":"auto"}}`)})
	}
	if c.responses.webSearch {
		m.provider = append(m.provider, providerTool{"web_search", json.RawMessage(`{"type":"web_search"}`)})
	}
	if m.store {
		m.chain = &chain{}
	}
	return m, nil
}

// providerTool is a tool the API runs itself: the name its calls give it,
// and the tool as sent.
type providerTool struct {
	name  string
	param json.RawMessage
}

// ProviderTools names the tools the API runs itself that the options
// enable ("code_interpreter", "web_search"), in name order
// (agent.ProviderToolModel): an agent whose permission rules deny or ask
// about one sends its requests without it.
func (m *ResponsesModel) ProviderTools() []string {
	names := make([]string, 0, len(m.provider))
	for _, t := range m.provider {
		names = append(names, t.name)
	}
	return names
}

var _ agent.ProviderToolModel = (*ResponsesModel)(nil)

// Generate asks the model for the next assistant message.
func (m *ResponsesModel) Generate(ctx context.Context, req agent.Request) (agent.Response, error) {
	b, err := m.build(req)
	if err != nil {
		return agent.Response{}, err
	}
	var httpResp *http.Response
	resp, err := m.client.Responses.New(ctx, b.request(true), option.WithResponseInto(&httpResp))
	if err != nil && b.chained() && chainBroken(describe(err)) {
		m.chain.forget(b.prevKey)
		resp, err = m.client.Responses.New(ctx, b.request(false), option.WithResponseInto(&httpResp))
	}
	if err != nil {
		return agent.Response{}, describe(err)
	}
	w, err := readResponse([]byte(resp.RawJSON()))
	if err != nil {
		return agent.Response{}, err
	}
	out, _, err := m.answer(w)
	if err != nil {
		return agent.Response{}, withStatus(err, httpResp)
	}
	b.record(w.ID, out.Message)
	return out, nil
}

// withStatus gives an error the response carried (a failed response) the
// HTTP status it came with.
func withStatus(err error, resp *http.Response) error {
	var apiErr *APIError
	if errors.As(err, &apiErr) && resp != nil {
		apiErr.StatusCode = resp.StatusCode
	}
	return err
}

// built is a request, built once, that can go chained to an earlier
// response or with the whole transcript.
type built struct {
	params  responses.ResponseNewParams // all but the input
	items   [][]json.RawMessage         // each message's input items
	chain   *chain
	link    int    // the messages the previous response covers
	prev    string // its id, "" when there is none to chain from
	prevKey digest
	// namespaces are the namespaces of the deferred tools sent, which a
	// call of one goes back naming.
	namespaces map[toolgen.ToolName]string
}

// chained reports whether the request can go chained.
func (b *built) chained() bool { return b.prev != "" }

// request is the request body: chained, the previous response's id and
// the items after the messages it covers; else the whole transcript.
func (b *built) request(chained bool) responses.ResponseNewParams {
	p := b.params
	from := 0
	if chained && b.chained() {
		from = b.link
		p.PreviousResponseID = oai.String(b.prev)
	}
	var list responses.ResponseInputParam
	for _, msg := range b.items[from:] {
		for _, it := range msg {
			list = append(list, param.Override[responses.ResponseInputItemUnionParam](it))
		}
	}
	p.Input = responses.ResponseNewParamsInputUnion{OfInputItemList: list}
	return p
}

// record remembers that the response id answered the transcript with msg,
// for the next request to chain from.
func (b *built) record(id string, msg agent.Message) {
	if b.chain == nil || id == "" {
		return
	}
	b.chain.record(digestOf(append(b.items, b.answerItems(msg))), id)
}

// build builds the request for req, and finds the response it can chain
// from.
func (m *ResponsesModel) build(req agent.Request) (*built, error) {
	tools, err := m.tools(req.Tools, req.DisabledProviderTools)
	if err != nil {
		return nil, err
	}
	b := &built{chain: m.chain, params: m.params(req.System, tools), namespaces: namespaces(req.Tools)}
	b.items = make([][]json.RawMessage, len(req.Messages))
	for i, msg := range req.Messages {
		switch msg.Role {
		case agent.RoleUser:
			b.items[i] = []json.RawMessage{marshal(inputMessage{Type: "message", Role: "user", Content: msg.Text})}
		case agent.RoleAssistant:
			b.items[i] = b.answerItems(msg)
		case agent.RoleTool:
			b.items[i] = resultItems(msg.Results)
		default:
			return nil, fmt.Errorf("openai: message %d has unknown role %q", i, msg.Role)
		}
	}
	b.link, b.prev, b.prevKey = b.chain.find(b.items, req.Messages)
	return b, nil
}

// params is the request's body but its input.
func (m *ResponsesModel) params(system string, tools []responses.ToolUnionParam) responses.ResponseNewParams {
	p := responses.ResponseNewParams{Model: shared.ResponsesModel(m.model), Store: oai.Bool(m.store), Tools: tools}
	if system != "" {
		p.Instructions = oai.String(system)
	}
	if m.maxTokens > 0 {
		p.MaxOutputTokens = oai.Int(m.maxTokens)
	}
	if m.cacheKey != "" {
		p.PromptCacheKey = oai.String(m.cacheKey)
	}
	if m.effort != "" {
		p.Reasoning = shared.ReasoningParam{Effort: shared.ReasoningEffort(m.effort), Summary: shared.ReasoningSummaryAuto}
		if !m.store {
			p.Include = []responses.ResponseIncludable{responses.ResponseIncludableReasoningEncryptedContent}
		}
	}
	return p
}

// functionTool is a function tool as the Responses API defines it: flat,
// with "strict" always said (the API takes a tool as strict unless told).
type functionTool struct {
	Type        string          `json:"type"`
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters"`
	Strict      bool            `json:"strict"`
	// DeferLoading keeps the function's parameters out of what the model
	// sees until the API's tool search loads it (WithToolSearch).
	DeferLoading bool `json:"defer_loading,omitempty"`
}

// tools are the function tools (the strict schema, strict, when there is
// one, else the default schema), those deferred after the others in their
// namespaces with the search tool (deferredTools), and the API's own tools
// the options ask for, but those the request disables.
func (m *ResponsesModel) tools(specs []agent.ToolSpec, disabled []string) ([]responses.ToolUnionParam, error) {
	var (
		tools         []responses.ToolUnionParam
		deferred      []functionTool
		deferredSpecs []agent.ToolSpec
	)
	for _, s := range specs {
		schema, strict := s.InputSchema, false
		if len(s.StrictSchema) > 0 {
			schema, strict = s.StrictSchema, true
		}
		if _, err := schemaParams(schema); err != nil {
			return nil, fmt.Errorf("openai: tool %s: %w", s.Name, err)
		}
		t := functionTool{Type: "function", Name: string(s.Name), Description: s.Description, Parameters: schema, Strict: strict}
		if s.Deferred {
			deferred, deferredSpecs = append(deferred, t), append(deferredSpecs, s)
			continue
		}
		tools = append(tools, param.Override[responses.ToolUnionParam](marshal(t)))
	}
	tools = append(tools, deferredTools(deferred, deferredSpecs)...)
	for _, t := range m.provider {
		if !slices.Contains(disabled, t.name) {
			tools = append(tools, param.Override[responses.ToolUnionParam](t.param))
		}
	}
	return tools, nil
}

// The input items the adapter sends.
type (
	inputMessage struct {
		Type    string `json:"type"`
		Role    string `json:"role"`
		Content string `json:"content"`
	}
	functionCall struct {
		Type      string `json:"type"`
		CallID    string `json:"call_id"`
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
		Namespace string `json:"namespace,omitempty"`
	}
	functionCallOutput struct {
		Type   string `json:"type"`
		CallID string `json:"call_id"`
		Output string `json:"output"`
	}
	itemReference struct {
		Type string `json:"type"`
		ID   string `json:"id"`
	}
)

// marshal is v's JSON; the adapter's items, whose members are strings and
// valid JSON, always have one.
func marshal(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		return json.RawMessage(`{}`) // never: see above
	}
	return b
}

// answerItems are an earlier answer's items: its reasoning, the calls the
// API ran, its text and its function calls. Stored, the reasoning and the
// API's calls go as references to the items OpenAI keeps; else the
// reasoning goes back encrypted, as it came, and the API's calls are left
// out (OpenAI does not take them back unstored; the text after them says
// what they found), but for a tool search's items, which go back as they
// came: they hold the tools it loaded. A call of a deferred function in a
// namespace names it. What another provider made is left out.
func (b *built) answerItems(msg agent.Message) []json.RawMessage {
	stored := b.params.Store.Value
	var out []json.RawMessage
	for _, r := range msg.Reasoning {
		if r.Provider != providerName {
			continue
		}
		switch {
		case stored && r.ID != "":
			out = append(out, marshal(itemReference{Type: "item_reference", ID: r.ID}))
		case !stored && encrypted(r.Data):
			out = append(out, compact(r.Data))
		}
	}
	for _, pc := range msg.ProviderCalls {
		switch search := toolSearchInput(pc); {
		case stored && pc.Provider == providerName && pc.ID != "":
			out = append(out, marshal(itemReference{Type: "item_reference", ID: pc.ID}))
		case !stored && search != nil:
			out = append(out, search)
		}
	}
	if msg.Text != "" {
		out = append(out, marshal(inputMessage{Type: "message", Role: "assistant", Content: msg.Text}))
	}
	for _, c := range msg.Calls {
		out = append(out, marshal(functionCall{Type: "function_call", CallID: c.ID, Name: string(c.Name), Arguments: string(args(c.Args)), Namespace: b.namespaces[c.Name]}))
	}
	return out
}

// resultItems are a turn's tool results, in call order. The API has no
// error flag: a failed call's text says so.
func resultItems(results []agent.ToolResult) []json.RawMessage {
	out := make([]json.RawMessage, 0, len(results))
	for _, r := range results {
		out = append(out, marshal(functionCallOutput{Type: "function_call_output", CallID: r.CallID, Output: r.Result.Text()}))
	}
	return out
}

// encrypted reports whether a reasoning item has its encrypted content,
// without which an unstored item cannot go back.
func encrypted(item json.RawMessage) bool {
	var r struct {
		EncryptedContent string `json:"encrypted_content"`
	}
	return json.Unmarshal(item, &r) == nil && r.EncryptedContent != ""
}

// compact is an item's JSON without spaces (the transcript may have
// indented it).
func compact(item json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if err := json.Compact(&b, item); err != nil {
		return item
	}
	return b.Bytes()
}
