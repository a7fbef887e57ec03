package gemini

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"sync"

	"google.golang.org/genai"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/adapter"
)

// DefaultModel is the model used without WithModel.
const DefaultModel = "gemini-2.5-flash"

// DefaultMaxRetries is how many times a request is retried without
// WithMaxRetries, as the other adapters' SDKs do.
const DefaultMaxRetries = 2

// Model is an agent.Model over the Gemini API's generateContent. It is
// safe for concurrent use.
type Model struct {
	client    *genai.Client
	model     string
	maxTokens int32
	thinking  *genai.ThinkingConfig
	// providerTools are the names of the API's tools the options enable,
	// in order.
	providerTools []string
	sigs          *signatures
	schemas       sync.Map // string (a tool's Gemini schema) -> *genai.Schema
}

// settings are what the SDK's client is made with, and what the options
// set beside the shared ones.
type settings struct {
	client   genai.ClientConfig
	retries  int
	thoughts bool
	budget   *int32
}

// clientOption is an option of the settings: the adapter's form of an
// SDK option (a pointer, so that the shared options can compare it).
type clientOption struct{ apply func(*settings) }

func set(f func(*settings)) *clientOption { return &clientOption{apply: f} }

// sdk is what the options and errors share with the other adapters.
var sdk = adapter.Provider[*clientOption]{
	Name:       "gemini",
	KeyEnv:     "GEMINI_API_KEY",
	KeyHint:    "(GOOGLE_API_KEY is read too)",
	TokenLimit: "MAX_TOKENS",
	WithAPIKey: func(key string) *clientOption {
		return set(func(s *settings) { s.client.APIKey = key })
	},
	WithBaseURL: func(url string) *clientOption {
		return set(func(s *settings) { s.client.HTTPOptions.BaseURL = url })
	},
	WithHeader: func(key, value string) *clientOption {
		return set(func(s *settings) {
			if s.client.HTTPOptions.Headers == nil {
				s.client.HTTPOptions.Headers = http.Header{}
			}
			s.client.HTTPOptions.Headers.Add(key, value)
		})
	},
	WithMaxRetries: func(n int) *clientOption {
		return set(func(s *settings) { s.retries = n })
	},
}

// config is what the options set. An alias, so that Option's documented
// form stays func(*config) error.
type config = adapter.Config[*clientOption]

// Option configures New. An option given a bad value (an empty string, a
// number out of range) makes New fail with an error naming the option and
// the value, as "gemini.WithMaxTokens(0): must be at least 1".
type Option func(*config) error

// WithAPIKey sets the API key; without it New reads GEMINI_API_KEY, else
// GOOGLE_API_KEY. An empty key is an error.
func WithAPIKey(key string) Option { return sdk.APIKey(key) }

// WithModel names the model (DefaultModel without it), as
// "gemini-2.5-pro" or "gemini-3-pro-preview". An empty name is an error.
func WithModel(name string) Option { return sdk.Model(name) }

// WithMaxTokens caps the tokens of each answer (maxOutputTokens); by
// default the API decides. n must be at least 1.
func WithMaxTokens(n int) Option { return sdk.MaxTokens(n) }

// WithBaseURL sends requests to another server (a proxy, a gateway, a
// test server) instead of the Gemini API; the SDK adds the API version
// ("/v1beta/models/...:generateContent"). An empty url is an error.
func WithBaseURL(url string) Option { return sdk.BaseURL(url) }

// WithHeader adds a header to every request. An empty key is an error.
func WithHeader(key, value string) Option { return sdk.Header(key, value) }

// WithMaxRetries sets how many times a request that failed with a
// connection error, 408, 409, 429 or 5xx is retried (DefaultMaxRetries by
// default; 0: never), after the wait the answer asks for (Retry-After,
// or the RetryInfo of a Gemini error) when it is at most a minute, else
// after an exponential backoff from half a second. A negative n is an
// error.
func WithMaxRetries(n int) Option { return sdk.MaxRetries(n) }

// RequestOption changes the genai.ClientConfig the Model's client is made
// with, after the options above: its HTTP client, its HTTPOptions (a
// timeout, an API version, extra body fields)... The Backend stays the
// Gemini API, and the HTTP client is wrapped for the retries.
type RequestOption func(*genai.ClientConfig)

// WithRequestOptions passes SDK settings through, after the ones above. A
// nil one is an error.
func WithRequestOptions(opts ...RequestOption) Option {
	return func(c *config) error {
		for _, o := range opts {
			if o == nil {
				return errors.New("gemini.WithRequestOptions: a nil option")
			}
			c.SDKOptions = append(c.SDKOptions, set(func(s *settings) { o(&s.client) }))
		}
		return nil
	}
}

// WithThoughts asks thinking models for summaries of their thoughts
// (thinkingConfig.includeThoughts), which come as reasoning parts of a
// stream. Without it a thinking model still thinks, unseen.
func WithThoughts() Option {
	return func(c *config) error {
		c.SDKOptions = append(c.SDKOptions, set(func(s *settings) { s.thoughts = true }))
		return nil
	}
}

// WithThinkingBudget caps the tokens a thinking model may think
// (thinkingConfig.thinkingBudget): 0 turns thinking off where the model
// allows it, -1 lets the model decide. Below -1 is an error.
func WithThinkingBudget(tokens int) Option {
	return func(c *config) error {
		if tokens < -1 || tokens > 1<<30 {
			return fmt.Errorf("gemini.WithThinkingBudget(%d): must be -1 (dynamic), 0 (off) or a number of tokens", tokens)
		}
		n := int32(tokens)
		c.SDKOptions = append(c.SDKOptions, set(func(s *settings) { s.budget = &n }))
		return nil
	}
}

// New makes a Model. A missing API key (no WithAPIKey, GEMINI_API_KEY and
// GOOGLE_API_KEY unset or empty) is an error here, not at the first call.
func New(opts ...Option) (*Model, error) {
	c := config{Model: DefaultModel}
	if os.Getenv(sdk.KeyEnv) == "" {
		c.APIKey = os.Getenv("GOOGLE_API_KEY") // the SDK's other variable
	}
	all, err := adapter.Configure(&sdk, &c, opts)
	if err != nil {
		return nil, err
	}
	s := settings{retries: DefaultMaxRetries}
	for _, o := range all {
		o.apply(&s)
	}
	s.client.Backend = genai.BackendGeminiAPI
	s.client.HTTPClient = withRetries(s.client.HTTPClient, s.retries)
	client, err := genai.NewClient(context.Background(), &s.client)
	if err != nil {
		return nil, fmt.Errorf("gemini: %w", err)
	}
	m := &Model{client: client, model: c.Model, maxTokens: int32(min(c.MaxTokens, 1<<30)), providerTools: c.ProviderToolNames(), sigs: newSignatures()}
	if s.thoughts || s.budget != nil {
		m.thinking = &genai.ThinkingConfig{IncludeThoughts: s.thoughts, ThinkingBudget: s.budget}
	}
	return m, nil
}

// Generate asks the model for the next assistant message.
func (m *Model) Generate(ctx context.Context, req agent.Request) (agent.Response, error) {
	contents, cfg, err := m.request(req)
	if err != nil {
		return agent.Response{}, err
	}
	resp, err := m.client.Models.GenerateContent(ctx, m.model, contents, cfg)
	if err != nil {
		return agent.Response{}, describe(err, 0)
	}
	return m.response(resp)
}

// request builds the request's contents and configuration.
func (m *Model) request(req agent.Request) ([]*genai.Content, *genai.GenerateContentConfig, error) {
	contents, err := m.contents(req.Messages)
	if err != nil {
		return nil, nil, err
	}
	tools, err := m.tools(req.Tools, req.DisabledProviderTools)
	if err != nil {
		return nil, nil, err
	}
	cfg := &genai.GenerateContentConfig{Tools: tools, MaxOutputTokens: m.maxTokens, ThinkingConfig: m.thinking}
	if req.System != "" {
		cfg.SystemInstruction = &genai.Content{Parts: []*genai.Part{{Text: req.System}}}
	}
	return contents, cfg, nil
}
