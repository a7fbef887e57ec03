package agent

import (
	"context"
	"encoding/json"
	"github.com/toolgen-dev/toolgen/permission"
	"net/url"
	"slices"

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
	// Namespace is the tool's group (toolgen.Tool.Namespace: the Go
	// package, or the directive's namespace=). An adapter whose API
	// groups deferred tools sends them in it (OpenAI: a namespace tool).
	Namespace string `json:"namespace,omitempty"`
	// Deferred marks a tool the model should not see until its provider's
	// own tool search finds it (the agent sets it only for a
	// NativeToolSearcher; see WithToolSearch). An adapter sends it as its
	// API defers a tool (Anthropic: defer_loading) with the API's search
	// tool.
	Deferred bool `json:"deferred,omitempty"`
	// Loaded marks a deferred tool a search loaded during the run (see
	// WithToolSearch). Adapters whose provider caches a prefix of the
	// request keep their tool breakpoint on the last tool sent up front,
	// neither Deferred nor Loaded, so that loading a tool does not move it.
	Loaded bool `json:"loaded,omitempty"`
}

// NativeToolSearcher is a Model whose provider searches deferred tools
// itself: Anthropic's tool search tool (anthropic.WithToolSearch), OpenAI's
// (openai.WithToolSearch). An agent with WithToolSearch over a model whose
// SearchesTools reports true sends every tool it offers, the deferred ones
// marked ToolSpec.Deferred, and no search_tools: the provider searches,
// and the tools it finds are recorded as search_tools' are
// (State.LoadedTools, EventToolsLoaded).
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

// Usage counts tokens. InputTokens means the same on every provider: all
// the input tokens of the requests, those read from or written to the
// prompt cache included (Anthropic counts them apart; its adapter adds
// them up).
type Usage struct {
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
	// CachedInputTokens are the input tokens the provider read from its
	// prompt cache (Anthropic's cache_read_input_tokens, OpenAI's
	// cached_tokens, Gemini's cachedContentTokenCount), counted in
	// InputTokens too; 0 where it does not say.
	CachedInputTokens int `json:"cached_input_tokens,omitempty"`
	// CacheCreationInputTokens are the input tokens the provider wrote to
	// its prompt cache (Anthropic's cache_creation_input_tokens, billed
	// above the base rate), counted in InputTokens too; 0 on providers
	// that cache without saying what they wrote (OpenAI, Gemini).
	CacheCreationInputTokens int `json:"cache_creation_input_tokens,omitempty"`
	// ReasoningTokens are the output tokens the model spent reasoning,
	// counted in OutputTokens too; 0 where the provider does not say.
	ReasoningTokens int `json:"reasoning_tokens,omitempty"`
}

// Add returns u plus v.
func (u Usage) Add(v Usage) Usage {
	return Usage{
		InputTokens: u.InputTokens + v.InputTokens, OutputTokens: u.OutputTokens + v.OutputTokens,
		CachedInputTokens: u.CachedInputTokens + v.CachedInputTokens, CacheCreationInputTokens: u.CacheCreationInputTokens + v.CacheCreationInputTokens,
		ReasoningTokens: u.ReasoningTokens + v.ReasoningTokens,
	}
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
	// Sources are the web pages the answer cites or its provider's own
	// tools found for it (a web search's results, OpenAI's url_citation
	// annotations, Gemini's grounding chunks), one per URL, in the order
	// the provider gave them (see Source). Adapters never send them back:
	// they are for the people reading the answer.
	Sources []Source `json:"sources,omitempty"`
	// Reasoning is the model's reasoning that its provider gives back to
	// be sent with the history (OpenAI's reasoning items, encrypted when
	// the provider stores nothing), in the order it came. The loop only
	// keeps it; the adapter that made it sends it back.
	Reasoning []Reasoning `json:"reasoning,omitempty"`
}

// Reasoning is a piece of a model's reasoning, whole, as its provider
// gave it to be sent back.
type Reasoning struct {
	// Provider names the provider that gave it ("openai"), whose adapter
	// alone sends it back.
	Provider string `json:"provider"`
	// ID is the provider's id of it.
	ID string `json:"id,omitempty"`
	// Text is what the provider shows of it (a summary), "" when nothing.
	Text string `json:"text,omitempty"`
	// Data is the reasoning as the provider gave it, in the form its
	// adapter sends back (for OpenAI, the whole reasoning item with its
	// encrypted content).
	Data json.RawMessage `json:"data,omitempty"`
}

// Source is a web page an answer cites, or that its provider's own tool
// (web search, web fetch, Google Search grounding) found for it: one model
// of sources whatever the provider, which aisdk streams as source-url parts
// and agui as a SOURCES activity. An answer has one Source per URL, an
// http or https one.
type Source struct {
	// URL is the page's address, as the provider gave it (Gemini's are
	// its redirect links).
	URL string `json:"url"`
	// Title is the page's title, "" when the provider gave none.
	Title string `json:"title,omitempty"`
	// Citations are the pieces of the answer's text that cite the page,
	// in order, when the provider says which (OpenAI's annotations,
	// Gemini's grounding supports); none for a page a search only found.
	Citations []Citation `json:"citations,omitempty"`
}

// Citation is a piece of an answer's text that cites a source: Text is
// Message.Text[Start:End], byte offsets, whatever unit the provider
// counted in. A citation whose place in the text the adapter could not
// find has Text alone, Start and End 0.
type Citation struct {
	Text  string `json:"text"`
	Start int    `json:"start,omitempty"`
	End   int    `json:"end,omitempty"`
}

// AddSource adds src to m.Sources: at the end when its URL is new, else
// to the Source with its URL, which gets src's citations it does not
// have yet and src's title if it had none. A src whose URL is not an
// absolute http or https URL is dropped: a source is a page a UI links
// to, and a javascript: or data: link a hostile page put in a search
// result is not one. Adapters build an answer's sources with it, and the
// Collector puts streamed source parts together with it.
func (m *Message) AddSource(src Source) {
	if !webURL(src.URL) {
		return
	}
	i := slices.IndexFunc(m.Sources, func(s Source) bool { return s.URL == src.URL })
	if i < 0 {
		src.Citations = slices.Clone(src.Citations)
		m.Sources = append(m.Sources, src)
		return
	}
	have := &m.Sources[i]
	if have.Title == "" {
		have.Title = src.Title
	}
	for _, c := range src.Citations {
		if !slices.Contains(have.Citations, c) {
			have.Citations = append(have.Citations, c)
		}
	}
}

// webURL reports whether s is an absolute http or https URL with a host.
func webURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
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

// ToolCall is a model's request to call a tool. It is defined in package
// permission, whose decisions are about calls (an MCP server decides and
// approves them without the agent loop); it stays a name of agent's own.
type ToolCall = permission.ToolCall

// ToolResult answers one call.
type ToolResult struct {
	CallID string           `json:"call_id"`
	Name   toolgen.ToolName `json:"name"`
	Result toolgen.Result   `json:"result"`
	// Program is set by Agent.CallTool on a run_code call whose program
	// paused at a call that asks (WithCodeMode): what the program did,
	// which ApplyResults records instead of a result. Never in a
	// transcript.
	Program *ProgramRun `json:"program,omitempty"`
}
