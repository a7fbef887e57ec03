// Package adapter holds what agent.Model adapters share, whatever their
// SDK: the options every adapter has, with their checks and New's key
// lookup (Provider, Config); the loop that turns an SDK's stream of events
// into agent parts (Stream), and the parts of streamed text and calls
// (Parts); the wording of the errors they report alike; the Gemini form of
// a schema that came without one (GeminiSchema). What depends on a
// provider's wire format (its request, its answer, its events, its error
// body) stays in its adapter. provider/openai and provider/anthropic use
// it, and so does provider/gemini from its own module, which is why it is
// public; an adapter of your own may use it too.
package adapter

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
)

// Provider is what an adapter says of its provider and SDK, for the
// options and errors it shares. O is the SDK's request option type.
type Provider[O comparable] struct {
	// Name is the adapter's package name, which starts its errors and
	// names its options ("openai").
	Name string
	// KeyEnv is the environment variable New reads the API key from.
	KeyEnv string
	// KeyHint ends the error of a missing key, when not empty.
	KeyHint string
	// TokenLimit names the token limit in the error of an answer it cut
	// ("max_tokens").
	TokenLimit string
	// The SDK's options.
	WithAPIKey     func(string) O
	WithBaseURL    func(string) O
	WithHeader     func(key, value string) O
	WithMaxRetries func(int) O
}

// Config is what an adapter's options set. Each adapter's Option is a
// func(*Config[O]) error, so that its With functions are the ones below.
type Config[O comparable] struct {
	APIKey    string
	Model     string
	MaxTokens int64
	// ToolSearch asks for the provider's own search of deferred tools
	// (agent.NativeToolSearcher), for adapters whose API has one.
	ToolSearch bool
	// NoPromptCache leaves out the prompt-cache breakpoints an adapter
	// sets by default (anthropic.WithPromptCache(false)).
	NoPromptCache bool
	// PromptCacheKey is the key requests give the provider's prompt cache
	// to route them by (OpenAI's prompt_cache_key), when not empty.
	PromptCacheKey string
	// ProviderTools are the tools the provider runs itself that the
	// options enable (agent.ProviderToolModel), by the name the provider's
	// calls give them, each with the adapter's own settings for it.
	ProviderTools map[string]any
	// SDKOptions are the SDK's options, in the order the options gave them.
	SDKOptions []O
}

// EnableProviderTool records the provider tool name with its settings; an
// option naming it again replaces them.
func (c *Config[O]) EnableProviderTool(name string, settings any) {
	if c.ProviderTools == nil {
		c.ProviderTools = map[string]any{}
	}
	c.ProviderTools[name] = settings
}

// ProviderToolNames are the names of the provider tools the options
// enable, in order: what an adapter's ProviderTools reports and the order
// it sends them in.
func (c *Config[O]) ProviderToolNames() []string {
	return slices.Sorted(maps.Keys(c.ProviderTools))
}

// Option is an option of Config, as the adapters' Option types are.
type Option[O comparable] = func(*Config[O]) error

// APIKey is WithAPIKey: the key, not empty.
func (p *Provider[O]) APIKey(key string) Option[O] {
	return func(c *Config[O]) error {
		if key == "" {
			return fmt.Errorf("%s.WithAPIKey(\"\"): empty key (leave the option out to read %s)", p.Name, p.KeyEnv)
		}
		c.APIKey = key
		return nil
	}
}

// Model is WithModel: the model's name, not empty.
func (p *Provider[O]) Model(name string) Option[O] {
	return func(c *Config[O]) error {
		if name == "" {
			return fmt.Errorf("%s.WithModel(\"\"): empty model name", p.Name)
		}
		c.Model = name
		return nil
	}
}

// MaxTokens is WithMaxTokens: at least 1.
func (p *Provider[O]) MaxTokens(n int) Option[O] {
	return func(c *Config[O]) error {
		if n < 1 {
			return fmt.Errorf("%s.WithMaxTokens(%d): must be at least 1", p.Name, n)
		}
		c.MaxTokens = int64(n)
		return nil
	}
}

// BaseURL is WithBaseURL: the URL, not empty.
func (p *Provider[O]) BaseURL(url string) Option[O] {
	return func(c *Config[O]) error {
		if url == "" {
			return fmt.Errorf("%s.WithBaseURL(\"\"): empty URL", p.Name)
		}
		c.SDKOptions = append(c.SDKOptions, p.WithBaseURL(url))
		return nil
	}
}

// Header is WithHeader: a header's name, not empty, and its value.
func (p *Provider[O]) Header(key, value string) Option[O] {
	return func(c *Config[O]) error {
		if key == "" {
			return fmt.Errorf("%s.WithHeader(\"\", %q): empty header name", p.Name, value)
		}
		c.SDKOptions = append(c.SDKOptions, p.WithHeader(key, value))
		return nil
	}
}

// MaxRetries is WithMaxRetries: not negative.
func (p *Provider[O]) MaxRetries(n int) Option[O] {
	return func(c *Config[O]) error {
		if n < 0 {
			return fmt.Errorf("%s.WithMaxRetries(%d): must not be negative", p.Name, n)
		}
		c.SDKOptions = append(c.SDKOptions, p.WithMaxRetries(n))
		return nil
	}
}

// RequestOptions is WithRequestOptions: the SDK's options, none nil.
func (p *Provider[O]) RequestOptions(opts ...O) Option[O] {
	return func(c *Config[O]) error {
		var none O // the SDKs' options are interfaces: none is nil
		if slices.Contains(opts, none) {
			return fmt.Errorf("%s.WithRequestOptions: a nil option", p.Name)
		}
		c.SDKOptions = append(c.SDKOptions, opts...)
		return nil
	}
}

// Configure applies opts, in order, to c (which holds the adapter's
// defaults), takes the key from the environment when no option gave one,
// and returns the options of the SDK's client: the key, then the options'.
// A nil option, an option's error or a missing key is the error, here
// rather than at the first request.
func Configure[O comparable, Opt ~func(*Config[O]) error](p *Provider[O], c *Config[O], opts []Opt) ([]O, error) {
	for _, o := range opts {
		if o == nil {
			return nil, fmt.Errorf("%s: nil Option", p.Name)
		}
		if err := o(c); err != nil {
			return nil, err // it names the option
		}
	}
	if c.APIKey == "" {
		c.APIKey = os.Getenv(p.KeyEnv)
	}
	if c.APIKey == "" {
		msg := fmt.Sprintf("%s: no API key: set %s or use WithAPIKey", p.Name, p.KeyEnv)
		if p.KeyHint != "" {
			msg += " " + p.KeyHint
		}
		return nil, errors.New(msg)
	}
	return append([]O{p.WithAPIKey(c.APIKey)}, c.SDKOptions...), nil
}
