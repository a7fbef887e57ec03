package openai_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/openai"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

// citedText is an answer citing web pages, with characters of two and
// more bytes before the pieces cited, so that the APIs' indices (in
// characters) and agent.Citation's (in bytes) differ.
const citedText = "Paris: 17°C today. Rain tomorrow, says Météo-France."

// citations are url_citation annotations of citedText, as the Responses
// API writes them (fields on the annotation): two of one page, one of
// another, one whose indices are past the text (its page, no citation), and
// a file citation, which is no web page.
const citations = `[` +
	`{"type":"url_citation","start_index":0,"end_index":18,"url":"https://example.com/paris","title":"Paris weather"},` +
	`{"type":"url_citation","start_index":39,"end_index":51,"url":"https://meteo.example/fr","title":"Météo-France"},` +
	`{"type":"url_citation","start_index":19,"end_index":32,"url":"https://example.com/paris","title":"Paris weather"},` +
	`{"type":"file_citation","index":3,"file_id":"file-1","filename":"notes.txt"},` +
	`{"type":"url_citation","start_index":40,"end_index":999,"url":"https://elsewhere.example/","title":"Elsewhere"}]`

// chatCitations are the same as Chat Completions writes them (fields in
// "url_citation").
const chatCitations = `[` +
	`{"type":"url_citation","url_citation":{"start_index":0,"end_index":18,"url":"https://example.com/paris","title":"Paris weather"}},` +
	`{"type":"url_citation","url_citation":{"start_index":39,"end_index":51,"url":"https://meteo.example/fr","title":"Météo-France"}},` +
	`{"type":"url_citation","url_citation":{"start_index":19,"end_index":32,"url":"https://example.com/paris","title":"Paris weather"}},` +
	`{"type":"url_citation","url_citation":{"start_index":40,"end_index":999,"url":"https://elsewhere.example/","title":"Elsewhere"}}]`

// wantSources are the sources of citedText's citations when the answer's
// text has before bytes before it: one per URL, in order, each citation
// at its bytes in the whole answer.
func wantSources(before int) []agent.Source {
	at := func(text string, start, end int) agent.Citation {
		return agent.Citation{Text: text, Start: before + start, End: before + end}
	}
	return []agent.Source{
		{URL: "https://example.com/paris", Title: "Paris weather", Citations: []agent.Citation{at("Paris: 17°C today.", 0, 19), at("Rain tomorrow", 20, 33)}},
		{URL: "https://meteo.example/fr", Title: "Météo-France", Citations: []agent.Citation{at("Météo-France", 40, 54)}},
		{URL: "https://elsewhere.example/", Title: "Elsewhere"},
	}
}

// checkCited checks that each citation is the answer's text at its place.
func checkCited(t *testing.T, msg agent.Message) {
	t.Helper()
	for _, src := range msg.Sources {
		for _, c := range src.Citations {
			assert.Equal(t, c.Text, msg.Text[c.Start:c.End], "%s", src.URL)
		}
	}
}

// streamSources streams m's answer to Hi and returns the source parts
// and the response they collect to.
func streamSources(t *testing.T, m agent.StreamingModel) ([]agent.Source, agent.Response) {
	t.Helper()
	var sources []agent.Source
	var c agent.Collector
	for p, err := range m.Stream(context.Background(), providertest.Hi) {
		require.NoError(t, err)
		require.NoError(t, c.Add(p))
		if p.Kind == agent.PartSource {
			sources = append(sources, p.Source)
		}
	}
	return sources, c.Response()
}

// The Responses API's url_citation annotations are the answer's
// agent.Sources, streamed or not: a message item before the cited one
// shifts their places.
func TestResponsesCitations(t *testing.T) {
	first := messageItem("msg_0", "Let me look. ")
	cited := `{"type":"message","id":"msg_1","status":"completed","role":"assistant","content":[{"type":"output_text","text":` +
		quote(citedText) + `,"annotations":` + citations + `}]}`
	items := []string{webSearchItem, first, cited}

	e := &events{}
	e.add("response.created", `"response":`+responseObject("resp_1", "in_progress", "", nil))
	e.add("response.output_item.done", `"output_index":0,"item":`+webSearchItem)
	for i, item := range []struct{ id, text, whole string }{{"msg_0", "Let me look. ", first}, {"msg_1", citedText, cited}} {
		out := strconv.Itoa(i + 1)
		e.add("response.output_item.added", `"output_index":`+out+`,"item":{"type":"message","id":"`+item.id+`","status":"in_progress","role":"assistant","content":[]}`)
		half := len(item.text) / 2
		for _, piece := range []string{item.text[:half], item.text[half:]} {
			e.add("response.output_text.delta", `"item_id":"`+item.id+`","output_index":`+out+`,"content_index":0,"delta":`+quote(piece))
		}
		e.add("response.output_item.done", `"output_index":`+out+`,"item":`+item.whole)
	}
	e.add("response.completed", `"response":`+responseObject("resp_1", "completed", "", items))

	_, m := responsesAdapter.Serve(t, []reply{answerOf("resp_1", items...), e.reply()}, openai.WithWebSearch())
	resp, err := m.Generate(context.Background(), providertest.Hi)
	require.NoError(t, err)
	assert.Equal(t, "Let me look. "+citedText, resp.Message.Text)
	assert.Equal(t, wantSources(len("Let me look. ")), resp.Message.Sources)
	checkCited(t, resp.Message)

	parts, streamed := streamSources(t, m)
	assert.Equal(t, resp, streamed, "Stream collects to Generate")
	require.NotEmpty(t, parts)
	assert.Equal(t, "https://example.com/paris", parts[0].URL)
}

// Chat Completions' url_citation annotations (search models) are the
// answer's agent.Sources, on the message or in a streamed delta.
func TestChatCitations(t *testing.T) {
	whole := completion(`{"role":"assistant","content":`+quote(citedText)+`,"refusal":null,"annotations":`+chatCitations+`}`, "stop")
	half := len(citedText) / 2
	streamed := sse(
		chunk(`{"role":"assistant","content":""}`, ""),
		content(citedText[:half]),
		content(citedText[half:]),
		chunk(`{"annotations":`+chatCitations+`}`, ""),
		chunk(`{}`, "stop"),
		usageChunk,
	)
	_, m := adapter.Serve(t, []reply{whole, streamed})
	resp, err := m.Generate(context.Background(), providertest.Hi)
	require.NoError(t, err)
	assert.Equal(t, wantSources(0), resp.Message.Sources)
	checkCited(t, resp.Message)

	parts, got := streamSources(t, m)
	assert.Equal(t, resp, got, "Stream collects to Generate")
	assert.Equal(t, wantSources(0), parts, "a source part for each page, once all its citations came")
}
