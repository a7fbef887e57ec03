package search

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// searxng speaks SearXNG's search API
// (https://docs.searxng.org/dev/search_api.html): GET
// {base}/search?q=...&format=json[&categories=...&time_range=...]; the
// answer is {"query", "number_of_results", "results": [{"title", "url",
// "content", "engine", "engines", "score", "category", ...}], "answers",
// "suggestions", "unresponsive_engines", ...}. The shapes here and in the
// tests are written from that documentation. SearXNG has no result count
// or domain filter: the client keeps the first results and filters domains
// itself.
type searxng struct{}

func (searxng) name() string { return "searxng" }

func (searxng) request(ctx context.Context, cfg *config, query string) (*http.Request, error) {
	q := url.Values{"q": {query}, "format": {"json"}, "categories": {string(cfg.topic)}}
	if cfg.timeRange != "" {
		q.Set("time_range", string(cfg.timeRange))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, cfg.baseURL+"/search?"+q.Encode(), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	return req, nil
}

// parse reads the answer, which has Tavily's shape (resultsResponse).
func (searxng) parse(_ *config, body []byte) ([]Result, error) { return parseResults(body) }

// filterDomains keeps the results whose host is one of include (or below
// one), when include is not empty, and drops those of exclude.
func filterDomains(results []Result, include, exclude []string) []Result {
	if len(include) == 0 && len(exclude) == 0 {
		return results
	}
	return slices.DeleteFunc(results, func(r Result) bool {
		host := hostOf(r.URL)
		return (len(include) > 0 && !underAny(host, include)) || underAny(host, exclude)
	})
}

func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return strings.ToLower(u.Hostname())
}

// underAny reports whether host is one of domains or a subdomain of one.
func underAny(host string, domains []string) bool {
	for _, d := range domains {
		d = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(d), "."))
		if d != "" && (host == d || strings.HasSuffix(host, "."+d)) {
			return true
		}
	}
	return false
}
