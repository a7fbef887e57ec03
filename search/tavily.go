package search

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
)

// tavily speaks Tavily's search API (https://docs.tavily.com, "Tavily
// Search"): POST {base}/search with "Authorization: Bearer KEY" and a JSON
// body; the answer is {"query", "results": [{"title", "url", "content",
// "score", "raw_content"}], "response_time", ...}. The shapes here and in the
// tests are written from that documentation.
type tavily struct{}

// tavilyRequest is the body of POST /search. Options left at their zero
// value are left out, so that Tavily's defaults apply.
type tavilyRequest struct {
	Query             string   `json:"query"`
	SearchDepth       string   `json:"search_depth"`
	Topic             string   `json:"topic"`
	MaxResults        int      `json:"max_results"`
	IncludeDomains    []string `json:"include_domains,omitempty"`
	ExcludeDomains    []string `json:"exclude_domains,omitempty"`
	TimeRange         string   `json:"time_range,omitempty"`
	IncludeAnswer     bool     `json:"include_answer"`
	IncludeRawContent bool     `json:"include_raw_content"`
}

func (tavily) name() string { return "tavily" }

func (tavily) request(ctx context.Context, cfg *config, query string) (*http.Request, error) {
	body, err := json.Marshal(tavilyRequest{
		Query:          query,
		SearchDepth:    string(cfg.depth),
		Topic:          string(cfg.topic),
		MaxResults:     cfg.maxResults,
		IncludeDomains: cfg.include,
		ExcludeDomains: cfg.exclude,
		TimeRange:      string(cfg.timeRange),
	})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, cfg.baseURL+"/search", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+cfg.apiKey)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	return req, nil
}

func (tavily) parse(_ *config, body []byte) ([]Result, error) { return parseResults(body) }

// resultsResponse is the part of Tavily's and SearXNG's answers the client
// reads: both have this shape.
type resultsResponse struct {
	Query   string `json:"query"`
	Results *[]struct {
		Title   string  `json:"title"`
		URL     string  `json:"url"`
		Content string  `json:"content"`
		Score   float64 `json:"score"`
	} `json:"results"`
}

// parseResults reads a successful response's body of either engine.
func parseResults(body []byte) ([]Result, error) {
	var resp resultsResponse
	if err := json.Unmarshal(body, &resp); err != nil {
		return nil, err
	}
	if resp.Results == nil {
		return nil, errors.New(`the response has no "results"`)
	}
	out := make([]Result, 0, len(*resp.Results))
	for _, r := range *resp.Results {
		out = append(out, Result{Title: r.Title, URL: r.URL, Content: r.Content, Score: r.Score})
	}
	return out, nil
}
