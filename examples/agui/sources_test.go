package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agui"
	"github.com/toolgen-dev/toolgen/provider/openai"
)

// groundedChat is a fake of OpenAI's Chat Completions on 127.0.0.1 whose
// streamed answer cites two pages in url_citation annotations (a search
// model's), as the API documents its chunks.
func groundedChat(t *testing.T) string {
	const text = "Paris: 17°C. Rain tomorrow."
	chunk := func(delta, finish string) string {
		f := "null"
		if finish != "" {
			f = `"` + finish + `"`
		}
		return `{"id":"c-1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-test","choices":[{"index":0,"delta":` + delta + `,"finish_reason":` + f + `}]}`
	}
	chunks := []string{
		chunk(`{"role":"assistant","content":"`+text+`"}`, ""),
		chunk(`{"annotations":[`+
			`{"type":"url_citation","url_citation":{"start_index":0,"end_index":12,"url":"https://example.com/paris","title":"Paris weather"}},`+
			`{"type":"url_citation","url_citation":{"start_index":13,"end_index":27,"url":"https://meteo.example/fr","title":"Météo-France"}}]}`, ""),
		chunk(`{}`, "stop"),
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for _, c := range chunks {
			_, _ = w.Write([]byte("data: " + c + "\n\n"))
		}
		_, _ = w.Write([]byte("data: [DONE]\n\n"))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// The pages an OpenAI answer cites reach an AG-UI client as the answer's
// SOURCES activity, through the adapter, the agent and the handler.
func TestOpenAISourcesReachTheClient(t *testing.T) {
	model, err := openai.New(openai.WithBaseURL(groundedChat(t)), openai.WithAPIKey("k"), openai.WithMaxRetries(0))
	require.NoError(t, err)
	h, err := newHandler(model, &Outbox{})
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	in, err := json.Marshal(agui.RunAgentInput{ThreadID: "t1", RunID: "r1",
		Messages: []agui.Message{{ID: "u1", Role: "user", Content: json.RawMessage(`"Weather in Paris?"`)}}})
	require.NoError(t, err)
	resp, err := http.Post(srv.URL+"/agent", "application/json", bytes.NewReader(in))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var last *agui.Sources
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var e struct {
			Type         string          `json:"type"`
			ActivityType string          `json:"activityType"`
			Content      json.RawMessage `json:"content"`
		}
		require.NoError(t, json.Unmarshal([]byte(data), &e))
		if e.Type == agui.EventActivitySnapshot && e.ActivityType == agui.ActivitySources {
			last = &agui.Sources{}
			require.NoError(t, json.Unmarshal(e.Content, last))
		}
	}
	require.NoError(t, sc.Err())
	require.NotNil(t, last, "a SOURCES activity")
	require.Len(t, last.Sources, 2)
	assert.Equal(t, "https://example.com/paris", last.Sources[0].URL)
	assert.Equal(t, "Paris weather", last.Sources[0].Title)
	require.Len(t, last.Sources[0].Citations, 1)
	assert.Equal(t, "Paris: 17°C.", last.Sources[0].Citations[0].Text)
	assert.Equal(t, "https://meteo.example/fr", last.Sources[1].URL)
}
