package anthropic_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/anthropic"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

// A searched answer as the Messages API documents it: the search's
// results (a page twice), text blocks citing them
// (web_search_result_location), one citing a document (no web page), and
// a web fetch's result.
const (
	webUse    = `{"type":"server_tool_use","id":"srvtoolu_s","name":"web_search","input":{"query":"weather Paris"}}`
	webResult = `{"type":"web_search_tool_result","tool_use_id":"srvtoolu_s","content":[` +
		`{"type":"web_search_result","url":"https://example.com/paris","title":"Paris weather","encrypted_content":"Eq1"},` +
		`{"type":"web_search_result","url":"https://meteo.example/fr","title":"Météo-France","encrypted_content":"Eq2"},` +
		`{"type":"web_search_result","url":"https://example.com/paris","title":"Paris weather again","encrypted_content":"Eq3"}]}`
	fetchUse    = `{"type":"server_tool_use","id":"srvtoolu_f","name":"web_fetch","input":{"url":"https://fetched.example/page"}}`
	fetchResult = `{"type":"web_fetch_tool_result","tool_use_id":"srvtoolu_f","content":{"type":"web_fetch_result","url":"https://fetched.example/page",` +
		`"content":{"type":"document","source":{"type":"text","media_type":"text/plain","data":"hi"},"title":"Fetched page"},"retrieved_at":"2026-01-01T00:00:00Z"}}`
	citeParis  = `{"type":"web_search_result_location","cited_text":"17 degrees","url":"https://example.com/paris","title":"Paris weather","encrypted_index":"Eo1"}`
	citeMeteo  = `{"type":"web_search_result_location","cited_text":"rain","url":"https://meteo.example/fr","title":"Météo-France","encrypted_index":"Eo2"}`
	citeDoc    = `{"type":"char_location","cited_text":"hi","document_index":0,"document_title":"notes","start_char_index":0,"end_char_index":2}`
	firstText  = "Paris: 17°C today."
	secondText = " Rain tomorrow."
)

func citedBlock(text string, citations ...string) string {
	cs := "null"
	if len(citations) > 0 {
		cs = "[" + citations[0]
		for _, c := range citations[1:] {
			cs += "," + c
		}
		cs += "]"
	}
	return `{"type":"text","text":` + quote(text) + `,"citations":` + cs + `}`
}

// The pages the API's web search and web fetch found, and those its text
// cites, are the answer's agent.Sources, one per URL in the order they
// came, each citing the text blocks that cite it (byte offsets in the
// whole answer); the same whether the answer streams or not.
func TestSources(t *testing.T) {
	whole := message("end_turn", webUse, webResult, fetchUse, fetchResult,
		citedBlock(firstText, citeParis), citedBlock(secondText, citeMeteo, citeParis, citeDoc), textBlock(" Bye."))
	streamed := sse(messageStart,
		blockStart(0, `{"type":"server_tool_use","id":"srvtoolu_s","name":"web_search","input":{}}`),
		jsonDelta(0, `{"query":"weather Paris"}`), blockStop(0),
		blockStart(1, webResult), blockStop(1),
		blockStart(2, `{"type":"server_tool_use","id":"srvtoolu_f","name":"web_fetch","input":{}}`),
		jsonDelta(2, `{"url":"https://fetched.example/page"}`), blockStop(2),
		blockStart(3, fetchResult), blockStop(3),
		blockStart(4, `{"type":"text","text":"","citations":[]}`),
		blockDelta(4, `{"type":"citations_delta","citation":`+citeParis+`}`),
		textDelta(4, "Paris: 17°"), textDelta(4, "C today."), blockStop(4),
		blockStart(5, `{"type":"text","text":"","citations":[]}`),
		blockDelta(5, `{"type":"citations_delta","citation":`+citeMeteo+`}`),
		blockDelta(5, `{"type":"citations_delta","citation":`+citeParis+`}`),
		blockDelta(5, `{"type":"citations_delta","citation":`+citeDoc+`}`),
		textDelta(5, secondText), blockStop(5),
		blockStart(6, `{"type":"text","text":""}`), textDelta(6, " Bye."), blockStop(6),
		messageDelta("end_turn"), messageStop)
	_, m := adapter.Serve(t, []reply{whole, streamed}, anthropic.WithWebSearch(anthropic.WebSearch{}))

	first := agent.Citation{Text: firstText, Start: 0, End: len(firstText)}
	second := agent.Citation{Text: secondText, Start: len(firstText), End: len(firstText) + len(secondText)}
	want := []agent.Source{
		{URL: "https://example.com/paris", Title: "Paris weather", Citations: []agent.Citation{first, second}},
		{URL: "https://meteo.example/fr", Title: "Météo-France", Citations: []agent.Citation{second}},
		{URL: "https://fetched.example/page", Title: "Fetched page"},
	}
	resp, err := m.Generate(context.Background(), providertest.Hi)
	require.NoError(t, err)
	assert.Equal(t, firstText+secondText+" Bye.", resp.Message.Text)
	assert.Equal(t, want, resp.Message.Sources)
	require.Len(t, resp.Message.ProviderCalls, 2, "the search and the fetch are calls still")

	var c agent.Collector
	var kinds []agent.PartKind
	for p, err := range m.Stream(context.Background(), providertest.Hi) {
		require.NoError(t, err)
		require.NoError(t, c.Add(p))
		kinds = append(kinds, p.Kind)
	}
	assert.Equal(t, resp, c.Response(), "Stream collects to Generate")
	assert.Contains(t, kinds, agent.PartSource)
}
