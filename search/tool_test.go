package search

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

func webSearch(t *testing.T, c *Client) toolgen.Tool {
	t.Helper()
	tools := c.Tools()
	require.Len(t, tools, 1)
	return tools[0]
}

func TestWebSearchTool(t *testing.T) {
	s := newServer(t, answer(tavilyAnswer))
	tool := webSearch(t, newTavily(t, s))
	assert.Equal(t, ToolWebSearch, tool.Name)
	assert.Equal(t, toolgen.Annotations{ReadOnly: true, OpenWorld: true}, tool.Annotations)
	assert.False(t, tool.RequiresApproval)
	assert.JSONEq(t, `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",
		"properties":{"query":{"type":"string","description":"what to search for, as you would type it into a search engine.","minLength":1}},
		"required":["query"],"additionalProperties":false}`, string(tool.InputSchema), "the model chooses only the query")

	res, err := tool.Call(context.Background(), []byte(`{"query":"Who is Leo Messi?"}`))
	require.NoError(t, err)
	assert.False(t, res.IsError)
	assert.Equal(t, `Results for "Who is Leo Messi?":
1. Lionel Messi Facts — https://www.britannica.com/facts/Lionel-Messi
   Lionel Messi, an Argentine footballer, is widely regarded as one of the greatest.
2. Lionel Messi - Wikipedia — https://en.wikipedia.org/wiki/Lionel_Messi
   Lionel Andrés Messi is an Argentine professional footballer.`, res.Text())
	var got Answer
	require.NoError(t, json.Unmarshal(res.Structured, &got))
	assert.Equal(t, "Who is Leo Messi?", got.Query)
	require.Len(t, got.Results, 2)
	assert.Equal(t, "https://en.wikipedia.org/wiki/Lionel_Messi", got.Results[1].URL)
	assert.Equal(t, 0.7, got.Results[1].Score)
}

func TestWebSearchToolWithoutResults(t *testing.T) {
	s := newServer(t, answer(`{"query":"zzz","results":[],"response_time":0.5}`))
	res, err := webSearch(t, newTavily(t, s)).Call(context.Background(), []byte(`{"query":"zzz"}`))
	require.NoError(t, err)
	assert.Equal(t, `No results for "zzz".`, res.Text())
	assert.JSONEq(t, `{"query":"zzz","results":[]}`, string(res.Structured))
}

func TestWebSearchToolRejectsAnEmptyQuery(t *testing.T) {
	s := newServer(t, answer(tavilyAnswer))
	res, err := webSearch(t, newTavily(t, s)).Call(context.Background(), []byte(`{"query":""}`))
	require.NoError(t, err)
	assert.True(t, res.IsError)
	assert.Contains(t, res.Text(), "/query")
	assert.Equal(t, int32(0), s.hits.Load())
}

func TestWebSearchToolTellsTheModelAboutAProviderError(t *testing.T) {
	s := newServer(t, func(_ int32, w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "maintenance", http.StatusServiceUnavailable)
	})
	res, err := webSearch(t, newTavily(t, s, fast(2)...)).Call(context.Background(), []byte(`{"query":"q"}`))
	require.NoError(t, err)
	assert.True(t, res.IsError)
	assert.Contains(t, res.Text(), "search: tavily answered HTTP 503 Service Unavailable (2 attempts): maintenance")
	assert.Equal(t, int32(2), s.hits.Load())
}

func TestWebSearchToolOverSearXNG(t *testing.T) {
	s := newServer(t, answer(searxngAnswer))
	c, err := NewSearXNG(s.URL)
	require.NoError(t, err)
	defer c.Close()
	res, err := webSearch(t, c).Call(context.Background(), []byte(`{"query":"golang"}`))
	require.NoError(t, err)
	assert.Contains(t, res.Text(), "1. The Go Programming Language — https://go.dev/\n   Go is an open source programming language.\n")
	assert.Contains(t, res.Text(), "3. Standard library — https://pkg.go.dev/std")
}

func TestCommonWebSearchIsWebSearchUnderItsCommonName(t *testing.T) {
	s := newServer(t, answer(tavilyAnswer))
	c := newTavily(t, s)
	tools := c.CommonTools()
	require.Len(t, tools, 1)
	common, native := tools[0], webSearch(t, c)
	assert.Equal(t, toolgen.ToolName("webSearch"), common.Name)
	assert.Equal(t, ToolCommonWebSearch, common.Name)
	assert.Equal(t, native.Annotations, common.Annotations)
	assert.Equal(t, native.Description, common.Description)
	assert.JSONEq(t, string(native.InputSchema), string(common.InputSchema), "the harness's webSearch takes query too")

	res, err := common.Call(context.Background(), []byte(`{"query":"Who is Leo Messi?"}`))
	require.NoError(t, err)
	want, err := native.Call(context.Background(), []byte(`{"query":"Who is Leo Messi?"}`))
	require.NoError(t, err)
	assert.Equal(t, want.Text(), res.Text())
	assert.JSONEq(t, string(want.Structured), string(res.Structured))

	rule := CommonWebSearchRule{Query: "*Messi*"}.Rule()
	assert.Equal(t, ToolCommonWebSearch, rule.Tool)
}
