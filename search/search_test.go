package search

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/toolgen-dev/toolgen/internal/backoff"
)

// providerError is err as a *ProviderError, which it must be.
func providerError(t *testing.T, err error) *ProviderError {
	t.Helper()
	var perr *ProviderError
	require.ErrorAs(t, err, &perr)
	return perr
}

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// The request and response bodies below are written from Tavily's and
// SearXNG's documentation (docs.tavily.com "Tavily Search";
// docs.searxng.org/dev/search_api.html), not captured from the services.

const tavilyAnswer = `{
  "query": "Who is Leo Messi?",
  "follow_up_questions": null,
  "answer": null,
  "images": [],
  "results": [
    {"title": "Lionel Messi Facts", "url": "https://www.britannica.com/facts/Lionel-Messi",
     "content": "Lionel Messi, an Argentine footballer,\nis widely regarded as one of the greatest.", "score": 0.81025416, "raw_content": null},
    {"title": "Lionel Messi - Wikipedia", "url": "https://en.wikipedia.org/wiki/Lionel_Messi",
     "content": "Lionel Andrés Messi is an Argentine professional footballer.", "score": 0.7, "raw_content": null}
  ],
  "response_time": "1.67",
  "request_id": "123e4567-e89b-12d3-a456-426614174111"
}`

const searxngAnswer = `{
  "query": "golang",
  "number_of_results": 0,
  "results": [
    {"url": "https://go.dev/", "title": "The Go Programming Language", "content": "Go is an open source programming language.",
     "engine": "duckduckgo", "parsed_url": ["https", "go.dev", "/", "", "", ""], "template": "default.html",
     "engines": ["duckduckgo", "brave"], "positions": [1, 1], "score": 4.0, "category": "general"},
    {"url": "https://en.wikipedia.org/wiki/Go_(programming_language)", "title": "Go (programming language)", "content": "Go is a statically typed language.",
     "engine": "wikipedia", "engines": ["wikipedia"], "positions": [2], "score": 1.5, "category": "general"},
    {"url": "https://pkg.go.dev/std", "title": "Standard library", "content": "", "engine": "brave", "engines": ["brave"], "positions": [3], "category": "general"}
  ],
  "answers": [],
  "corrections": [],
  "infoboxes": [],
  "suggestions": ["golang tutorial"],
  "unresponsive_engines": [["google", "timeout"]]
}`

// server is an httptest server on 127.0.0.1 that counts its requests.
type server struct {
	*httptest.Server
	hits atomic.Int32
}

func newServer(t *testing.T, h func(n int32, w http.ResponseWriter, r *http.Request)) *server {
	t.Helper()
	s := &server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h(s.hits.Add(1), w, r)
	}))
	t.Cleanup(func() {
		s.CloseClientConnections() // ends the handlers still waiting for a client
		s.Close()
	})
	return s
}

// fast are options that keep retries quick and every search bounded.
func fast(attempts int) []Option {
	return []Option{WithRetry(attempts, time.Millisecond, 10*time.Second), WithTimeout(10 * time.Second)}
}

func newTavily(t *testing.T, s *server, opts ...Option) *Client {
	t.Helper()
	c, err := NewTavily(append([]Option{WithAPIKey("tvly-KEY"), WithBaseURL(s.URL)}, opts...)...)
	require.NoError(t, err)
	t.Cleanup(c.Close)
	return c
}

func answer(body string) func(int32, http.ResponseWriter, *http.Request) {
	return func(_ int32, w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, body)
	}
}

func TestTavilyRequestAndResponse(t *testing.T) {
	var got map[string]any
	s := newServer(t, func(_ int32, w http.ResponseWriter, r *http.Request) {
		assert.Equal(t, http.MethodPost, r.Method)
		assert.Equal(t, "/search", r.URL.Path)
		assert.Equal(t, "Bearer tvly-KEY", r.Header.Get("Authorization"))
		assert.Equal(t, "application/json", r.Header.Get("Content-Type"))
		assert.NoError(t, json.NewDecoder(r.Body).Decode(&got))
		answer(tavilyAnswer)(0, w, r)
	})
	c := newTavily(t, s, WithMaxResults(7), WithSearchDepth(DepthAdvanced), WithTopic(TopicNews),
		WithIncludeDomains("britannica.com", "wikipedia.org"), WithExcludeDomains("example.com"), WithTimeRange(TimeWeek))

	results, err := c.Search(context.Background(), "Who is Leo Messi?")
	require.NoError(t, err)
	assert.Equal(t, map[string]any{
		"query": "Who is Leo Messi?", "search_depth": "advanced", "topic": "news", "max_results": 7.0,
		"include_domains": []any{"britannica.com", "wikipedia.org"}, "exclude_domains": []any{"example.com"},
		"time_range": "week", "include_answer": false, "include_raw_content": false,
	}, got)
	assert.Equal(t, []Result{
		{Title: "Lionel Messi Facts", URL: "https://www.britannica.com/facts/Lionel-Messi", Content: "Lionel Messi, an Argentine footballer,\nis widely regarded as one of the greatest.", Score: 0.81025416},
		{Title: "Lionel Messi - Wikipedia", URL: "https://en.wikipedia.org/wiki/Lionel_Messi", Content: "Lionel Andrés Messi is an Argentine professional footballer.", Score: 0.7},
	}, results)
	assert.Equal(t, int32(1), s.hits.Load())
	assert.Equal(t, "tavily", c.Provider())
}

func TestTavilyDefaultsLeaveOptionalFieldsOut(t *testing.T) {
	var got map[string]any
	s := newServer(t, func(_ int32, w http.ResponseWriter, r *http.Request) {
		assert.NoError(t, json.NewDecoder(r.Body).Decode(&got))
		answer(tavilyAnswer)(0, w, r)
	})
	_, err := newTavily(t, s).Search(context.Background(), "q")
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"query": "q", "search_depth": "basic", "topic": "general", "max_results": 5.0,
		"include_answer": false, "include_raw_content": false}, got)
}

func TestNewTavilyKey(t *testing.T) {
	t.Setenv("TAVILY_API_KEY", "")
	_, err := NewTavily()
	require.ErrorIs(t, err, ErrNoAPIKey)

	var auth string
	s := newServer(t, func(_ int32, w http.ResponseWriter, r *http.Request) {
		auth = r.Header.Get("Authorization")
		answer(tavilyAnswer)(0, w, r)
	})
	t.Setenv("TAVILY_API_KEY", "tvly-ENV")
	c, err := NewTavily(WithBaseURL(s.URL))
	require.NoError(t, err)
	defer c.Close()
	_, err = c.Search(context.Background(), "q")
	require.NoError(t, err)
	assert.Equal(t, "Bearer tvly-ENV", auth)

	c2 := newTavily(t, s) // WithAPIKey wins over the environment
	_, err = c2.Search(context.Background(), "q")
	require.NoError(t, err)
	assert.Equal(t, "Bearer tvly-KEY", auth)
}

func TestOptionsAreCheckedWhenTheClientIsBuilt(t *testing.T) {
	for want, opt := range map[string]Option{
		"search.WithMaxResults(21): must be 1 to 20":                                      WithMaxResults(21),
		"search.WithMaxResults(0): must be 1 to 20":                                       WithMaxResults(0),
		`search.WithSearchDepth("deep"): must be "basic" or "advanced"`:                   WithSearchDepth("deep"),
		`search.WithTimeRange("decade"): must be day, week, month or year`:                WithTimeRange("decade"),
		`search.WithTimeRange(""): must be day, week, month or year`:                      WithTimeRange(""),
		`search.WithBaseURL("ftp://x"): not an http(s) URL`:                               WithBaseURL("ftp://x"),
		"search.WithRetry(0, 1ms, 1s): attempts must be at least 1":                       WithRetry(0, time.Millisecond, time.Second),
		"search.WithRetry(1, -1ms, 1s): base delay must not be negative":                  WithRetry(1, -time.Millisecond, time.Second),
		"search.WithRetry(1, 1ms, 0s): total must be positive":                            WithRetry(1, time.Millisecond, 0),
		"search.WithTimeout(0s): must be positive":                                        WithTimeout(0),
		"search.WithTimeout(-1s): must be positive":                                       WithTimeout(-time.Second),
		`search.WithTopic(""): empty topic`:                                               WithTopic(""),
		`search.WithAPIKey(" "): empty key (leave the option out to read TAVILY_API_KEY)`: WithAPIKey(" "),
		`search.WithIncludeDomains(["a.com" ""]): empty domain ""`:                        WithIncludeDomains("a.com", ""),
		`search.WithExcludeDomains(["."]): empty domain "."`:                              WithExcludeDomains("."),
		"search.WithHTTPClient(nil): nil client":                                          WithHTTPClient(nil),
		"search: nil Option":                                                              nil,
	} {
		_, err := NewTavily(WithAPIKey("k"), opt)
		assert.EqualError(t, err, want)
		_, err = NewSearXNG("http://127.0.0.1:8888", opt)
		assert.EqualError(t, err, want)
	}
	_, err := NewSearXNG("")
	assert.EqualError(t, err, `search: searxng: base URL "": not an http(s) URL`)
}

func TestSearXNGRequestAndResponse(t *testing.T) {
	s := newServer(t, func(n int32, w http.ResponseWriter, r *http.Request) {
		assert.Equal(t, http.MethodGet, r.Method)
		assert.Equal(t, "/searx/search", r.URL.Path)
		q := r.URL.Query()
		assert.Equal(t, "golang", q.Get("q"))
		assert.Equal(t, "json", q.Get("format"))
		assert.Equal(t, "news", q.Get("categories"))
		assert.Equal(t, "month", q.Get("time_range"))
		assert.Empty(t, r.Header.Get("Authorization"))
		answer(searxngAnswer)(n, w, r)
	})
	c, err := NewSearXNG(s.URL+"/searx/", WithTopic(TopicNews), WithTimeRange(TimeMonth), WithMaxResults(2))
	require.NoError(t, err)
	defer c.Close()
	results, err := c.Search(context.Background(), "golang")
	require.NoError(t, err)
	assert.Equal(t, []Result{
		{Title: "The Go Programming Language", URL: "https://go.dev/", Content: "Go is an open source programming language.", Score: 4},
		{Title: "Go (programming language)", URL: "https://en.wikipedia.org/wiki/Go_(programming_language)", Content: "Go is a statically typed language.", Score: 1.5},
	}, results, "the first max results")
	assert.Equal(t, "searxng", c.Provider())
}

func TestSearXNGDomainsAreFilteredByTheClient(t *testing.T) {
	s := newServer(t, answer(searxngAnswer))
	c, err := NewSearXNG(s.URL, WithIncludeDomains("go.dev"), WithExcludeDomains("pkg.go.dev"))
	require.NoError(t, err)
	defer c.Close()
	results, err := c.Search(context.Background(), "golang")
	require.NoError(t, err)
	require.Len(t, results, 1)
	assert.Equal(t, "https://go.dev/", results[0].URL)
}

func TestSearXNGWithoutJSONFormat(t *testing.T) {
	s := newServer(t, func(_ int32, w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "403 Forbidden", http.StatusForbidden)
	})
	c, err := NewSearXNG(s.URL, fast(3)...)
	require.NoError(t, err)
	defer c.Close()
	_, err = c.Search(context.Background(), "golang")
	perr := providerError(t, err)
	assert.Equal(t, ProviderError{Provider: "searxng", Status: 403, Body: "403 Forbidden", Attempts: 1}, *perr)
	assert.Contains(t, err.Error(), "search.formats")
	assert.Equal(t, int32(1), s.hits.Load(), "403 is not retried")
}

// recordSleeps replaces c's waits by a record of them.
func recordSleeps(c *Client) *[]time.Duration {
	var mu sync.Mutex
	var waits []time.Duration
	c.sleep = func(ctx context.Context, d time.Duration) error {
		mu.Lock()
		defer mu.Unlock()
		waits = append(waits, d)
		return ctx.Err()
	}
	return &waits
}

func TestRetryAfterIsHonoured(t *testing.T) {
	s := newServer(t, func(n int32, w http.ResponseWriter, r *http.Request) {
		if n == 1 {
			w.Header().Set("Retry-After", "7")
			http.Error(w, `{"detail":{"error":"rate limit"}}`, http.StatusTooManyRequests)
			return
		}
		answer(tavilyAnswer)(n, w, r)
	})
	c := newTavily(t, s, WithRetry(4, time.Millisecond, time.Minute))
	waits := recordSleeps(c)
	results, err := c.Search(context.Background(), "q")
	require.NoError(t, err)
	assert.Len(t, results, 2)
	assert.Equal(t, int32(2), s.hits.Load())
	assert.Equal(t, []time.Duration{7 * time.Second}, *waits, "the server's Retry-After, not the 1ms backoff")
}

func TestRetryAfterPastTheTotalBoundStops(t *testing.T) {
	s := newServer(t, func(_ int32, w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "3600")
		http.Error(w, `{"detail":{"error":"rate limit"}}`, http.StatusTooManyRequests)
	})
	c := newTavily(t, s, WithRetry(4, time.Millisecond, 10*time.Second))
	waits := recordSleeps(c)
	_, err := c.Search(context.Background(), "q")
	perr := providerError(t, err)
	assert.Equal(t, ProviderError{Provider: "tavily", Status: 429, Body: `{"detail":{"error":"rate limit"}}`, Attempts: 1}, *perr)
	assert.Equal(t, int32(1), s.hits.Load())
	assert.Empty(t, *waits)
	assert.Equal(t, `search: tavily answered HTTP 429 Too Many Requests (1 attempt): {"detail":{"error":"rate limit"}}`, err.Error())
}

func TestServerErrorsAreRetriedUpToTheAttempts(t *testing.T) {
	s := newServer(t, func(_ int32, w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "upstream\n  exploded", http.StatusBadGateway)
	})
	c := newTavily(t, s, fast(3)...)
	waits := recordSleeps(c)
	_, err := c.Search(context.Background(), "q")
	perr := providerError(t, err)
	assert.Equal(t, ProviderError{Provider: "tavily", Status: 502, Body: "upstream exploded", Attempts: 3}, *perr)
	assert.Equal(t, int32(3), s.hits.Load())
	require.Len(t, *waits, 2)
	for i, d := range *waits { // base 1ms doubled, with jitter in [d/2, d]
		base := time.Millisecond << i
		assert.GreaterOrEqual(t, d, base/2)
		assert.LessOrEqual(t, d, base)
	}
}

func TestServerErrorThenSuccess(t *testing.T) {
	s := newServer(t, func(n int32, w http.ResponseWriter, r *http.Request) {
		if n < 3 {
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		answer(tavilyAnswer)(n, w, r)
	})
	results, err := newTavily(t, s, fast(5)...).Search(context.Background(), "q")
	require.NoError(t, err)
	assert.Len(t, results, 2)
	assert.Equal(t, int32(3), s.hits.Load())
}

func TestClientErrorsAreNotRetried(t *testing.T) {
	s := newServer(t, func(_ int32, w http.ResponseWriter, _ *http.Request) {
		http.Error(w, `{"detail":{"error":"Unauthorized: missing or invalid API key."}}`, http.StatusUnauthorized)
	})
	_, err := newTavily(t, s, fast(5)...).Search(context.Background(), "q")
	perr := providerError(t, err)
	assert.Equal(t, 401, perr.Status)
	assert.Equal(t, 1, perr.Attempts)
	assert.Equal(t, int32(1), s.hits.Load())
}

func TestMalformedJSON(t *testing.T) {
	for name, body := range map[string]string{
		"truncated":  `{"query": "q", "results": [{"title": "a"`,
		"html":       `<html>Bad gateway</html>`,
		"no results": `{"query": "q"}`,
		"wrong type": `{"query": "q", "results": {"title": "a"}}`,
	} {
		t.Run(name, func(t *testing.T) {
			s := newServer(t, answer(body))
			_, err := newTavily(t, s, fast(5)...).Search(context.Background(), "q")
			perr := providerError(t, err)
			assert.Equal(t, 200, perr.Status)
			assert.Equal(t, 1, perr.Attempts, "a response that cannot be read is not retried")
			assert.Equal(t, body, perr.Body)
			assert.Error(t, perr.Err)
			assert.Equal(t, int32(1), s.hits.Load())
		})
	}
}

// blocking is a handler that answers only when the request is abandoned or
// the test ends; entered receives each request.
func blocking(t *testing.T) (func(int32, http.ResponseWriter, *http.Request), chan struct{}) {
	entered := make(chan struct{}, 100)
	release := make(chan struct{})
	t.Cleanup(func() { close(release) }) // before the server closes (cleanups run last first)
	return func(_ int32, _ http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body) // so that the server notices when the client hangs up
		entered <- struct{}{}
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}, entered
}

func TestSlowResponsesTimeOutAndAreRetried(t *testing.T) {
	h, _ := blocking(t)
	s := newServer(t, h)
	c := newTavily(t, s, WithTimeout(150*time.Millisecond), WithRetry(3, time.Millisecond, time.Minute))
	_, err := c.Search(context.Background(), "q")
	perr := providerError(t, err)
	assert.Equal(t, 0, perr.Status)
	assert.Equal(t, 3, perr.Attempts)
	assert.ErrorIs(t, err, errAttemptTimeout)
	assert.Equal(t, int32(3), s.hits.Load())
	assert.Equal(t, "search: tavily did not answer (3 attempts): no answer within the timeout of an attempt", err.Error())
}

func TestTheTotalBoundEndsRetries(t *testing.T) {
	h, _ := blocking(t)
	s := newServer(t, h)
	c := newTavily(t, s, WithTimeout(time.Minute), WithRetry(1000, time.Millisecond, 200*time.Millisecond))
	_, err := c.Search(context.Background(), "q")
	perr := providerError(t, err)
	assert.ErrorIs(t, err, errTotalTimeout)
	assert.Equal(t, 1, perr.Attempts)
	assert.Equal(t, int32(1), s.hits.Load())
}

func TestTheTotalBoundCountsWaits(t *testing.T) {
	s := newServer(t, func(_ int32, w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusServiceUnavailable) })
	c := newTavily(t, s, WithRetry(1000, 5*time.Millisecond, 50*time.Millisecond))
	_, err := c.Search(context.Background(), "q")
	perr := providerError(t, err)
	assert.Less(t, perr.Attempts, 1000, "the total bound ended the retries")
	// The bound ends a wait (the last answer was a 503) or an attempt in
	// flight (no answer, and the server may not have seen it).
	if perr.Status == 0 {
		assert.ErrorIs(t, err, errTotalTimeout)
		assert.Contains(t, []int32{int32(perr.Attempts) - 1, int32(perr.Attempts)}, s.hits.Load())
	} else {
		assert.Equal(t, 503, perr.Status)
		assert.Equal(t, int32(perr.Attempts), s.hits.Load())
	}
}

func TestCancelDuringAnAttemptStopsAtOnce(t *testing.T) {
	h, entered := blocking(t)
	s := newServer(t, h)
	c := newTavily(t, s, fast(5)...)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-entered
		cancel()
	}()
	_, err := c.Search(ctx, "q")
	assert.ErrorIs(t, err, context.Canceled)
	var perr *ProviderError
	assert.False(t, errors.As(err, &perr))
	assert.Equal(t, int32(1), s.hits.Load())
}

func TestCancelDuringABackoffStopsAtOnce(t *testing.T) {
	s := newServer(t, func(_ int32, w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusInternalServerError) })
	c := newTavily(t, s, WithRetry(5, time.Hour, 10*time.Hour))
	ctx, cancel := context.WithCancel(context.Background())
	c.sleep = func(ctx context.Context, d time.Duration) error {
		cancel() // the caller gives up while the client waits
		return backoff.Sleep(ctx, d)
	}
	_, err := c.Search(ctx, "q")
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, int32(1), s.hits.Load())
}

func TestConnectionErrorsAreRetried(t *testing.T) {
	s := newServer(t, func(_ int32, w http.ResponseWriter, _ *http.Request) {
		conn, _, err := http.NewResponseController(w).Hijack()
		if assert.NoError(t, err) {
			conn.Close() // no response at all
		}
	})
	_, err := newTavily(t, s, fast(3)...).Search(context.Background(), "q")
	perr := providerError(t, err)
	assert.Equal(t, 0, perr.Status)
	assert.Equal(t, 3, perr.Attempts)
	assert.Error(t, perr.Err)
	assert.Equal(t, int32(3), s.hits.Load())
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 29, 21, 0, 0, 0, time.UTC)
	for in, want := range map[string]time.Duration{
		"":                              -1,
		"2":                             2 * time.Second,
		" 0 ":                           0,
		"-3":                            -1,
		"soon":                          -1,
		"Sun, 29 Nov 2026 21:00:30 GMT": 30 * time.Second,
		"Sun, 29 Nov 2026 20:00:00 GMT": 0,
	} {
		assert.Equal(t, want, parseRetryAfter(in, now), "%q", in)
	}
}

func TestExcerpt(t *testing.T) {
	assert.Equal(t, "a b", excerpt([]byte(" a\n\tb ")))
	long := excerpt([]byte(string(make([]byte, 0)) + repeat("é", 1000)))
	assert.LessOrEqual(t, len(long), excerptLen+len("…"))
	assert.True(t, len(long) > excerptLen/2)
	assert.NotContains(t, long, "\uFFFD", "cut at a rune boundary")
}

func repeat(s string, n int) string {
	var b []byte
	for range n {
		b = append(b, s...)
	}
	return string(b)
}

// countingTransport counts the requests of a client given WithHTTPClient.
type countingTransport struct {
	n    atomic.Int32
	base *http.Transport
}

func (c *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return c.base.RoundTrip(r)
}

func TestWithHTTPClientAndClose(t *testing.T) {
	s := newServer(t, answer(tavilyAnswer))
	tr := &countingTransport{base: http.DefaultTransport.(*http.Transport).Clone()}
	defer tr.base.CloseIdleConnections()
	c := newTavily(t, s, WithHTTPClient(&http.Client{Transport: tr}))
	_, err := c.Search(context.Background(), "q")
	require.NoError(t, err)
	assert.Equal(t, int32(1), tr.n.Load())
	c.Close() // leaves the given client alone

	own := newTavily(t, s)
	_, err = own.Search(context.Background(), "q")
	require.NoError(t, err)
	own.Close()
	_, err = own.Search(context.Background(), "q") // a new connection
	require.NoError(t, err)
	assert.Equal(t, int32(3), s.hits.Load())
}

func TestAnEmptyQuerySendsNothing(t *testing.T) {
	s := newServer(t, answer(tavilyAnswer))
	_, err := newTavily(t, s).Search(context.Background(), " \t")
	assert.EqualError(t, err, "search: empty query")
	assert.Equal(t, int32(0), s.hits.Load())
}

// TestAnOversizedResponseSaysSo: a successful response larger than the
// limit is an error saying so (not the decoder's "unexpected end of JSON
// input" about the cut-off body), whether or not its length is announced,
// and it is not retried.
func TestAnOversizedResponseSaysSo(t *testing.T) {
	huge := `{"query":"q","results":[{"title":"` + strings.Repeat("a", MaxResponseSize) + `","url":"https://a.example","content":""}]}`
	for name, announce := range map[string]bool{"chunked": false, "content-length": true} {
		t.Run(name, func(t *testing.T) {
			s := newServer(t, func(_ int32, w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				if announce {
					w.Header().Set("Content-Length", strconv.Itoa(len(huge)))
				}
				io.WriteString(w, huge)
			})
			_, err := newTavily(t, s, fast(5)...).Search(context.Background(), "q")
			perr := providerError(t, err)
			assert.Equal(t, 200, perr.Status)
			assert.Equal(t, 1, perr.Attempts)
			assert.Equal(t, int32(1), s.hits.Load())
			assert.ErrorContains(t, err, "search: tavily answered HTTP 200 OK (1 attempt): the response is larger than the 8 MiB limit: {\"query\":\"q\"")
			assert.NotContains(t, err.Error(), "JSON input")
		})
	}
	t.Run("at the limit", func(t *testing.T) {
		fits := `{"query":"q","results":[{"title":"t","url":"https://a.example","content":"` + strings.Repeat("a", MaxResponseSize-100) + `"}]}`
		require.LessOrEqual(t, len(fits), MaxResponseSize)
		s := newServer(t, answer(fits))
		results, err := newTavily(t, s, fast(1)...).Search(context.Background(), "q")
		require.NoError(t, err)
		require.Len(t, results, 1)
		assert.Len(t, results[0].Content, MaxResponseSize-100)
	})
}

// TestRetryAfterZeroIsSpacedOut: a server that keeps answering 429 with
// Retry-After 0 (or a date in the past) gets requests at least
// MinRetryAfter apart, not as fast as the client can send them.
func TestRetryAfterZeroIsSpacedOut(t *testing.T) {
	for name, value := range map[string]string{"zero": "0", "past date": "Sun, 29 Nov 2020 21:00:00 GMT"} {
		t.Run(name, func(t *testing.T) {
			var mu sync.Mutex
			var arrivals []time.Time
			s := newServer(t, func(_ int32, w http.ResponseWriter, _ *http.Request) {
				mu.Lock()
				arrivals = append(arrivals, time.Now())
				mu.Unlock()
				w.Header().Set("Retry-After", value)
				http.Error(w, "slow down", http.StatusTooManyRequests)
			})
			window := 10*MinRetryAfter + MinRetryAfter/2
			c := newTavily(t, s, WithRetry(1000, time.Millisecond, window), WithTimeout(10*time.Second))
			start := time.Now()
			_, err := c.Search(context.Background(), "q")
			var perr *ProviderError
			require.ErrorAs(t, err, &perr) // 429, or no answer if the last attempt met the total bound
			assert.Less(t, time.Since(start), 30*time.Second, "the search ends (its total bound is about a second)")
			mu.Lock()
			defer mu.Unlock()
			assert.GreaterOrEqual(t, len(arrivals), 2, "Retry-After 0 is retried")
			assert.LessOrEqual(t, len(arrivals), 11, "at most one request per %v within %v", MinRetryAfter, window)
			shortest := time.Duration(math.MaxInt64)
			for i := 1; i < len(arrivals); i++ {
				shortest = min(shortest, arrivals[i].Sub(arrivals[i-1]))
			}
			assert.GreaterOrEqual(t, shortest, MinRetryAfter, "the shortest gap between requests")
		})
	}
}
