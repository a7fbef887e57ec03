package search

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/toolgen-dev/toolgen/internal/backoff"
	"github.com/toolgen-dev/toolgen/internal/option"
)

// Result is one search result.
type Result struct {
	Title   string  `json:"title"`
	URL     string  `json:"url"`
	Content string  `json:"content"`         // a snippet of the page, as the engine gives it
	Score   float64 `json:"score,omitempty"` // relevance as the engine rates it (higher is better); 0 when it does not say
}

// SearchDepth is how hard Tavily searches (advanced costs more credits).
type SearchDepth string

// The search depths.
const (
	DepthBasic    SearchDepth = "basic"
	DepthAdvanced SearchDepth = "advanced"
)

// Topic is the kind of search: Tavily's topic, SearXNG's category.
type Topic string

// Topics. SearXNG knows general and news (and other categories of its own:
// any value is passed on); finance is Tavily's.
const (
	TopicGeneral Topic = "general"
	TopicNews    Topic = "news"
	TopicFinance Topic = "finance"
)

// TimeRange keeps results published within the last day, week, month or year.
type TimeRange string

// The time ranges.
const (
	TimeDay   TimeRange = "day"
	TimeWeek  TimeRange = "week"
	TimeMonth TimeRange = "month"
	TimeYear  TimeRange = "year"
)

// Defaults of the options.
const (
	DefaultMaxResults = 5
	DefaultTimeout    = 20 * time.Second       // of one attempt
	DefaultAttempts   = 4                      // attempts per Search, the first included
	DefaultBaseDelay  = 500 * time.Millisecond // before the second attempt; doubled each time
	DefaultMaxTotal   = 60 * time.Second       // of one Search, waits included
	// MinRetryAfter is the shortest wait before a retry that a server's
	// Retry-After can ask for: "0", or a date in the past, would otherwise
	// send the next request at once.
	MinRetryAfter = 100 * time.Millisecond
	// MaxResponseSize bounds the body of a response read into memory: a
	// larger successful response is a *ProviderError saying so.
	MaxResponseSize = 8 << 20
	// TavilyURL is Tavily's API; requests go to TavilyURL + "/search".
	TavilyURL = "https://api.tavily.com"
)

// ErrNoAPIKey is NewTavily's error when no key is given.
var ErrNoAPIKey = errors.New("search: no Tavily API key: pass search.WithAPIKey or set TAVILY_API_KEY")

// Client searches the web with one backend. It is safe for concurrent use.
type Client struct {
	cfg     config
	backend backend
	http    *http.Client
	ownHTTP bool                                             // Close may close its idle connections
	sleep   func(ctx context.Context, d time.Duration) error // waits between attempts; replaced in tests
}

// backend is the wire format of one engine.
type backend interface {
	name() string
	// request builds one attempt's request (a new one each time: bodies are
	// read once).
	request(ctx context.Context, cfg *config, query string) (*http.Request, error)
	// parse reads a successful response's body.
	parse(cfg *config, body []byte) ([]Result, error)
}

type config struct {
	apiKey     string
	baseURL    string
	maxResults int
	depth      SearchDepth
	topic      Topic
	include    []string
	exclude    []string
	timeRange  TimeRange
	httpClient *http.Client
	timeout    time.Duration
	attempts   int
	baseDelay  time.Duration
	maxTotal   time.Duration
}

// Option configures a Client. An option given a bad value makes the
// constructor fail with an error naming the option and the value, as
// "search.WithMaxResults(0): must be within 1 to 20"; no value is clamped or
// ignored.
type Option func(*config) error

// WithAPIKey sets Tavily's API key (instead of TAVILY_API_KEY). An empty key
// is an error.
func WithAPIKey(key string) Option {
	return func(c *config) error {
		if strings.TrimSpace(key) == "" {
			return fmt.Errorf("search.WithAPIKey(%q): empty key (leave the option out to read TAVILY_API_KEY)", key)
		}
		c.apiKey = key
		return nil
	}
}

// WithBaseURL sends requests to another endpoint: a proxy, or a test
// server (Tavily: base + "/search"; for SearXNG it replaces NewSearXNG's URL).
// base must be an http or https URL.
func WithBaseURL(base string) Option {
	return func(c *config) error {
		if err := checkBaseURL(base); err != nil {
			return fmt.Errorf("search.WithBaseURL(%q): %w", base, err)
		}
		c.baseURL = base
		return nil
	}
}

// WithMaxResults sets how many results a search returns, 1 to 20 (default 5).
func WithMaxResults(n int) Option {
	return func(c *config) error { return option.Within("search.WithMaxResults", n, 1, 20, &c.maxResults) }
}

// WithSearchDepth sets Tavily's search depth, DepthBasic (the default) or
// DepthAdvanced. SearXNG ignores it.
func WithSearchDepth(d SearchDepth) Option {
	return func(c *config) error {
		if d != DepthBasic && d != DepthAdvanced {
			return fmt.Errorf("search.WithSearchDepth(%q): must be %q or %q", d, DepthBasic, DepthAdvanced)
		}
		c.depth = d
		return nil
	}
}

// WithTopic sets Tavily's topic or SearXNG's category (default general). An
// empty topic is an error.
func WithTopic(t Topic) Option {
	return func(c *config) error {
		if strings.TrimSpace(string(t)) == "" {
			return fmt.Errorf("search.WithTopic(%q): empty topic", t)
		}
		c.topic = t
		return nil
	}
}

// WithIncludeDomains keeps only results from these domains (and their
// subdomains). Tavily filters itself; for SearXNG the client filters the
// results it gets. An empty domain is an error.
func WithIncludeDomains(domains ...string) Option {
	return domainsOption("search.WithIncludeDomains", domains, func(c *config) *[]string { return &c.include })
}

// WithExcludeDomains drops results from these domains (and their
// subdomains), as WithIncludeDomains.
func WithExcludeDomains(domains ...string) Option {
	return domainsOption("search.WithExcludeDomains", domains, func(c *config) *[]string { return &c.exclude })
}

// domainsOption adds domains to the list of c that list picks, or says why
// option cannot.
func domainsOption(option string, domains []string, list func(c *config) *[]string) Option {
	return func(c *config) error {
		if err := checkDomains(domains); err != nil {
			return fmt.Errorf("%s(%q): %w", option, domains, err)
		}
		*list(c) = append(*list(c), domains...)
		return nil
	}
}

// WithTimeRange keeps recent results only: TimeDay, TimeWeek, TimeMonth or
// TimeYear.
func WithTimeRange(r TimeRange) Option {
	return func(c *config) error {
		if r != TimeDay && r != TimeWeek && r != TimeMonth && r != TimeYear {
			return fmt.Errorf("search.WithTimeRange(%q): must be day, week, month or year", r)
		}
		c.timeRange = r
		return nil
	}
}

// WithHTTPClient sends requests with hc (its transport, proxies, TLS).
// Close leaves hc's connections alone: they are hc's owner's. A nil hc is
// an error.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *config) error { return option.NotNil("search.WithHTTPClient", hc, "client", &c.httpClient) }
}

// WithTimeout bounds each attempt (default 20s); an attempt that takes
// longer is retried like a connection error. d must be positive.
func WithTimeout(d time.Duration) Option {
	return func(c *config) error { return option.Positive("search.WithTimeout", d, &c.timeout) }
}

// WithRetry sets the attempts of one Search (the first included; 1 means no
// retry; at least 1), the delay before the second (doubled for each next
// one, with jitter; not negative), and the bound on the whole Search, waits
// included (positive).
func WithRetry(attempts int, baseDelay, maxTotal time.Duration) Option {
	return func(c *config) error {
		var bad string
		switch {
		case attempts < 1:
			bad = "attempts must be at least 1"
		case baseDelay < 0:
			bad = "base delay must not be negative"
		case maxTotal <= 0:
			bad = "total must be positive"
		}
		if bad != "" {
			return fmt.Errorf("search.WithRetry(%d, %v, %v): %s", attempts, baseDelay, maxTotal, bad)
		}
		c.attempts, c.baseDelay, c.maxTotal = attempts, baseDelay, maxTotal
		return nil
	}
}

func checkBaseURL(base string) error {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return errors.New("not an http(s) URL")
	}
	return nil
}

func checkDomains(domains []string) error {
	for _, d := range domains {
		if strings.TrimPrefix(strings.TrimSpace(d), ".") == "" {
			return fmt.Errorf("empty domain %q", d)
		}
	}
	return nil
}

// NewTavily returns a Client of Tavily's search API. The key comes from
// WithAPIKey, else from TAVILY_API_KEY; without one it returns ErrNoAPIKey.
func NewTavily(opts ...Option) (*Client, error) {
	cfg, err := newConfig(TavilyURL, opts)
	if err != nil {
		return nil, err
	}
	if cfg.apiKey == "" {
		cfg.apiKey = strings.TrimSpace(os.Getenv("TAVILY_API_KEY"))
	}
	if cfg.apiKey == "" {
		return nil, ErrNoAPIKey
	}
	return newClient(cfg, tavily{})
}

// NewSearXNG returns a Client of a SearXNG instance at baseURL (for example
// "http://127.0.0.1:8888"), through its JSON API: the instance must allow
// it (search.formats in its settings.yml must list json).
func NewSearXNG(baseURL string, opts ...Option) (*Client, error) {
	cfg, err := newConfig(baseURL, opts)
	if err != nil {
		return nil, err
	}
	return newClient(cfg, searxng{})
}

func newConfig(base string, opts []Option) (config, error) {
	cfg := config{
		baseURL:    base,
		maxResults: DefaultMaxResults,
		depth:      DepthBasic,
		topic:      TopicGeneral,
		timeout:    DefaultTimeout,
		attempts:   DefaultAttempts,
		baseDelay:  DefaultBaseDelay,
		maxTotal:   DefaultMaxTotal,
	}
	for _, opt := range opts {
		if opt == nil {
			return config{}, errors.New("search: nil Option")
		}
		if err := opt(&cfg); err != nil {
			return config{}, err // it names the option
		}
	}
	cfg.baseURL = strings.TrimRight(cfg.baseURL, "/")
	return cfg, nil
}

func newClient(cfg config, b backend) (*Client, error) {
	if err := checkBaseURL(cfg.baseURL); err != nil {
		return nil, fmt.Errorf("search: %s: base URL %q: %w", b.name(), cfg.baseURL, err)
	}
	c := &Client{cfg: cfg, backend: b, http: cfg.httpClient, sleep: backoff.Sleep}
	if c.http == nil {
		c.http = &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
		c.ownHTTP = true
	}
	return c, nil
}

// Search returns the results for query, best first, at most the configured
// number. A failure after the last attempt is a *ProviderError; a done ctx
// is ctx's error.
func (c *Client) Search(ctx context.Context, query string) ([]Result, error) {
	if strings.TrimSpace(query) == "" {
		return nil, errors.New("search: empty query")
	}
	body, attempts, err := c.send(ctx, query)
	if err != nil {
		return nil, err
	}
	results, err := c.backend.parse(&c.cfg, body)
	if err != nil {
		return nil, &ProviderError{Provider: c.backend.name(), Status: http.StatusOK, Body: excerpt(body), Attempts: attempts, Err: err}
	}
	results = filterDomains(results, c.cfg.include, c.cfg.exclude)
	if len(results) > c.cfg.maxResults {
		results = results[:c.cfg.maxResults]
	}
	return results, nil
}

// Provider names the backend: "tavily" or "searxng".
func (c *Client) Provider() string { return c.backend.name() }

// Close releases the idle connections of the Client's own transport (not
// those of a client given with WithHTTPClient). A Search after Close still
// works, opening new connections.
func (c *Client) Close() {
	if c.ownHTTP {
		c.http.CloseIdleConnections()
	}
}
