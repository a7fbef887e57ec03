package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/aisdk"
	"github.com/toolgen-dev/toolgen/provider/openai"
)

// citingResponses is a fake of OpenAI's Responses API on 127.0.0.1 whose
// streamed answer cites two pages (one twice) in url_citation
// annotations, as the API documents its events.
func citingResponses(t *testing.T) string {
	const text = "Paris: 17°C. Rain tomorrow."
	item := `{"type":"message","id":"msg_1","status":"completed","role":"assistant","content":[{"type":"output_text","text":"` + text + `","annotations":[` +
		`{"type":"url_citation","start_index":0,"end_index":12,"url":"https://example.com/paris","title":"Paris weather"},` +
		`{"type":"url_citation","start_index":13,"end_index":27,"url":"https://meteo.example/fr","title":"Météo-France"},` +
		`{"type":"url_citation","start_index":13,"end_index":27,"url":"https://example.com/paris","title":"Paris weather"}]}]}`
	response := func(status, output string) string {
		return `{"id":"resp_1","object":"response","created_at":1741476542,"status":"` + status + `","error":null,"incomplete_details":null,` +
			`"model":"gpt-test","output":[` + output + `],"usage":{"input_tokens":10,"output_tokens":5,"total_tokens":15}}`
	}
	events := []string{
		`{"type":"response.created","sequence_number":0,"response":` + response("in_progress", "") + `}`,
		`{"type":"response.output_item.added","sequence_number":1,"output_index":0,"item":{"type":"message","id":"msg_1","status":"in_progress","role":"assistant","content":[]}}`,
		`{"type":"response.output_text.delta","sequence_number":2,"item_id":"msg_1","output_index":0,"content_index":0,"delta":"` + text + `"}`,
		`{"type":"response.output_item.done","sequence_number":3,"output_index":0,"item":` + item + `}`,
		`{"type":"response.completed","sequence_number":4,"response":` + response("completed", item) + `}`,
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for _, e := range events {
			typ := strings.SplitN(strings.TrimPrefix(e, `{"type":"`), `"`, 2)[0]
			_, _ = w.Write([]byte("event: " + typ + "\ndata: " + e + "\n\n"))
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// The pages an OpenAI answer cites reach useChat as source-url parts, one
// per page, through the adapter, the agent and the handler.
func TestOpenAISourcesReachTheChat(t *testing.T) {
	model, err := openai.NewResponses(openai.WithBaseURL(citingResponses(t)), openai.WithAPIKey("k"), openai.WithMaxRetries(0))
	require.NoError(t, err)
	h, err := newHandler(model, &Outbox{}, demoMailbox(0))
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	chunks := post(t, srv.URL, aisdk.Request{ID: "c1", Messages: []aisdk.UIMessage{userMessage("u1", "Weather in Paris?")}})
	var sources []string
	for _, c := range chunks {
		if c.Type == aisdk.ChunkSourceURL {
			sources = append(sources, c.URL+" "+c.Title)
		}
	}
	assert.Equal(t, []string{"https://example.com/paris Paris weather", "https://meteo.example/fr Météo-France"}, sources)
}
