// Package tmload holds the four tools of the public MCP server load test
// that MCP server implementations are compared by: TM Dev Lab's
// "Multi-Language MCP Server Performance Benchmark" (2025; Java with Spring
// AI, Go with the official go-sdk, Node.js, Python with FastMCP),
// https://www.tmdevlab.com/mcp-server-performance-benchmark.html.
//
// Its shape: each server serves, over streamable HTTP, four tools:
//
//   - calculate_fibonacci {n}: the n-th Fibonacci number, computed
//     recursively (CPU); called with n = 10 (55)
//   - fetch_external_data {endpoint}: an HTTP GET to a mock API, reporting
//     the status and the time taken (I/O)
//   - process_json_data {data}: the object with its strings upper-cased at
//     every depth, and its top-level keys (JSON); called with
//     {"name": "benchmark", "count": 42, "nested": {"key": "value"}}
//   - simulate_database_query {query, delay_ms}: waits delay_ms (called with
//     10) and echoes the query with a timestamp
//
// Each server runs alone in a Docker container limited to 1 CPU and 1 GB;
// k6 loads it with 50 virtual users for 5 minutes (after a 10 s ramp-up),
// in three rounds; the figures are k6's requests per second and
// http_req_duration (mean, p50...p99) and docker stats' memory and CPU. Its
// Go server made 1,624 requests/s at 0.855 ms mean latency in 18 MB.
//
// bench's TestTMLoad serves these tools three ways (the generated tools of
// tools_gen.go, go-sdk's mcp.AddTool and mcp-go's structured tools), all
// three calling the functions below, so that only the MCP layer differs;
// its doc says how its run differs from the original's.
package tmload

// The generator runs from the main module (this module's go.sum does not
// hold the generator's dependencies); internal/generate's
// TestCheckedInFilesAreFresh checks tools_gen.go.
//go:generate sh -c "cd ../.. && go run ./cmd/toolgen ./bench/tmload"

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"
)

// FibonacciArgs are calculate_fibonacci's arguments.
type FibonacciArgs struct {
	N int `json:"n" toolgen:"min=0,max=40"` // which Fibonacci number
}

// FibonacciResult is calculate_fibonacci's result.
type FibonacciResult struct {
	Input  int `json:"input"`
	Result int `json:"result"`
}

// CalculateFibonacci computes the n-th Fibonacci number recursively (on
// purpose: it is the test's CPU-bound tool).
//
//toolgen:tool readonly
func CalculateFibonacci(ctx context.Context, in FibonacciArgs) (FibonacciResult, error) {
	if in.N < 0 || in.N > 40 {
		return FibonacciResult{}, errors.New("n must be between 0 and 40")
	}
	return FibonacciResult{Input: in.N, Result: fib(in.N)}, nil
}

func fib(n int) int {
	if n <= 1 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

// FetchArgs are fetch_external_data's arguments.
type FetchArgs struct {
	Endpoint string `json:"endpoint"` // the URL to GET
}

// FetchResult is fetch_external_data's result. A failed request is a
// result with Error set, not a failed call.
type FetchResult struct {
	URL            string `json:"url"`
	StatusCode     int    `json:"status_code"`
	ResponseTimeMs int64  `json:"response_time_ms"`
	Error          string `json:"error,omitempty"`
}

// Client is the HTTP client fetch_external_data uses, the same for every
// server. It keeps enough idle connections for the test's 50 concurrent
// calls, so that the test measures requests rather than connection set-up.
var Client = &http.Client{
	Timeout:   15 * time.Second,
	Transport: &http.Transport{MaxIdleConns: 128, MaxIdleConnsPerHost: 128, IdleConnTimeout: time.Minute},
}

// FetchExternalData sends an HTTP GET to the endpoint and reports the
// status and how long it took (the test's I/O-bound tool).
//
//toolgen:tool readonly
func FetchExternalData(ctx context.Context, in FetchArgs) (FetchResult, error) {
	out := FetchResult{URL: in.Endpoint}
	start := time.Now()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, in.Endpoint, nil)
	if err != nil {
		out.Error = err.Error()
		return out, nil
	}
	resp, err := Client.Do(req)
	if err == nil {
		_, err = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
		out.StatusCode = resp.StatusCode
	}
	out.ResponseTimeMs = time.Since(start).Milliseconds()
	if err != nil {
		out.Error = err.Error()
	}
	return out, nil
}

// ProcessArgs are process_json_data's arguments.
type ProcessArgs struct {
	Data map[string]any `json:"data"` // any JSON object
}

// ProcessResult is process_json_data's result.
type ProcessResult struct {
	OriginalKeys    []string       `json:"original_keys"`
	TransformedData map[string]any `json:"transformed_data"`
}

// ProcessJSONData returns the object with every string in it, at any
// depth, in upper case, and its top-level keys (the test's JSON tool).
//
//toolgen:tool readonly
func ProcessJSONData(ctx context.Context, in ProcessArgs) (ProcessResult, error) {
	keys := make([]string, 0, len(in.Data))
	for k := range in.Data {
		keys = append(keys, k)
	}
	out, _ := upper(in.Data).(map[string]any)
	return ProcessResult{OriginalKeys: keys, TransformedData: out}, nil
}

func upper(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[k] = upper(e)
		}
		return m
	case []any:
		s := make([]any, len(v))
		for i, e := range v {
			s[i] = upper(e)
		}
		return s
	case string:
		return strings.ToUpper(v)
	default:
		return v
	}
}

// QueryArgs are simulate_database_query's arguments.
type QueryArgs struct {
	Query   string `json:"query"`                                       // the query, echoed
	DelayMs int    `json:"delay_ms,omitempty" toolgen:"min=0,max=5000"` // how long the query takes
}

// QueryResult is simulate_database_query's result.
type QueryResult struct {
	Query     string `json:"query"`
	DelayMs   int    `json:"delay_ms"`
	Timestamp string `json:"timestamp"`
}

// SimulateDatabaseQuery waits delay_ms milliseconds, as a database query
// would, and echoes the query with the time (the test's waiting tool).
//
//toolgen:tool readonly
func SimulateDatabaseQuery(ctx context.Context, in QueryArgs) (QueryResult, error) {
	if in.DelayMs < 0 || in.DelayMs > 5000 {
		return QueryResult{}, errors.New("delay_ms must be between 0 and 5000")
	}
	t := time.NewTimer(time.Duration(in.DelayMs) * time.Millisecond)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
		return QueryResult{}, ctx.Err()
	}
	return QueryResult{Query: in.Query, DelayMs: in.DelayMs, Timestamp: time.Now().UTC().Format(time.RFC3339)}, nil
}
