package search

//go:generate go tool toolgen

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/toolgen-dev/toolgen"
)

// Tools returns the Client's tool, web_search (ToolWebSearch).
// CommonTools returns it under the AI SDK harness's common name.
//
// It returns a toolgen.Result built by hand rather than a struct: the model
// reads a numbered list (title, URL, snippet), which is easier to cite than
// JSON, and a program reading the result (or an MCP client) gets the same
// results as Structured, {"query": ..., "results": [...]}. Such a tool has
// no OutputSchema.
func (c *Client) Tools() []toolgen.Tool {
	return c.named(ToolWebSearch)
}

// CommonTools returns the Client's tool under the name the AI SDK
// harness's adapters give web search, webSearch (ToolCommonWebSearch),
// with the same argument (query) and the same answer as web_search.
// Offered with builtin's tools under builtin.CommonNames, it completes the
// harness's set: read, write, edit, bash, grep, glob and webSearch.
func (c *Client) CommonTools() []toolgen.Tool {
	return c.named(ToolCommonWebSearch)
}

// named is the tool called name (both are generated, for static schemas).
func (c *Client) named(name toolgen.ToolName) []toolgen.Tool {
	for _, t := range (&webTool{c: c}).Tools() {
		if t.Name == name {
			return []toolgen.Tool{t}
		}
	}
	panic("search: no tool " + name) // the names are the generated ones
}

// webTool is the tool's receiver (unexported, so that WebSearch is not part
// of the Client's API).
type webTool struct{ c *Client }

// Answer is the structured content of a web_search result.
type Answer struct {
	Query   string   `json:"query"`
	Results []Result `json:"results"`
}

// WebSearch searches the web and returns the most relevant pages: title,
// URL and a snippet of each. Use it for facts that may have changed or that
// you do not know; cite the URLs you use.
//
// Parameters:
//   - query minLength=1: what to search for, as you would type it into a search engine.
//
//toolgen:tool name=web_search readonly openworld
func (t *webTool) WebSearch(ctx context.Context, query string) (toolgen.Result, error) {
	results, err := t.c.Search(ctx, query)
	if err != nil {
		return toolgen.Result{}, err
	}
	return resultOf(query, results)
}

// CommonWebSearch is WebSearch under the common name, webSearch; the
// model reads the same description.
//
// Parameters:
//   - query minLength=1: what to search for, as you would type it into a search engine.
//
//toolgen:tool name=webSearch readonly openworld description="WebSearch searches the web and returns the most relevant pages: title, URL and a snippet of each. Use it for facts that may have changed or that you do not know; cite the URLs you use."
func (t *webTool) CommonWebSearch(ctx context.Context, query string) (toolgen.Result, error) {
	return t.WebSearch(ctx, query)
}

// resultOf is the tool's answer: text for the model, JSON for programs.
func resultOf(query string, results []Result) (toolgen.Result, error) {
	if results == nil {
		results = []Result{}
	}
	structured, err := json.Marshal(Answer{Query: query, Results: results})
	if err != nil {
		return toolgen.Result{}, err
	}
	return toolgen.Result{
		Content:    []toolgen.Content{{Type: toolgen.ContentText, Text: Render(query, results)}},
		Structured: structured,
	}, nil
}

// maxSnippet bounds the characters of one result's content in Render.
const maxSnippet = 1000

// Render writes results as the model reads them:
//
//	Results for "query":
//	1. Title — https://example.com/page
//	   snippet
func Render(query string, results []Result) string {
	if len(results) == 0 {
		return fmt.Sprintf("No results for %q.", query)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Results for %q:\n", query)
	for i, r := range results {
		title := oneLine(r.Title)
		if title == "" {
			title = "(no title)"
		}
		fmt.Fprintf(&b, "%d. %s — %s\n", i+1, title, r.URL)
		if s := oneLine(r.Content); s != "" {
			fmt.Fprintf(&b, "   %s\n", truncate(s, maxSnippet))
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// truncate cuts s to at most n runes, marking the cut.
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
