package agui_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/agui"
)

// Every provider's sources reach the client as the answer's SOURCES
// activity, each snapshot the list so far: one entry per page (a page
// cited twice gets both citations; one that comes as a part and again as
// an event adds nothing, nor does a URL that is no web page, so no
// snapshot), given whole with a model that
// does not stream as with one that does; each answer has its own.
func TestSourcesAreAnActivity(t *testing.T) {
	paris := agent.Source{URL: "https://example.com/paris", Title: "Paris weather",
		Citations: []agent.Citation{{Text: "Paris: 17°C.", End: 13}}}
	rain := agent.Citation{Text: "Rain.", Start: 14, End: 19}
	model := rt.NewModel(
		rt.Deltas(
			agent.Part{Kind: agent.PartText, Text: "Paris: 17°C. Rain."},
			agent.Part{Kind: agent.PartSource, Source: paris},
			agent.Part{Kind: agent.PartSource, Source: agent.Source{URL: "https://meteo.example/fr", Title: "Météo-France", Citations: []agent.Citation{rain}}},
			agent.Part{Kind: agent.PartSource, Source: agent.Source{URL: "https://example.com/paris", Citations: []agent.Citation{rain}}},
			agent.Part{Kind: agent.PartSource, Source: agent.Source{URL: "javascript:alert(1)", Title: "not a page"}},
			agent.Part{Kind: agent.PartCallDone, Index: 0, Call: rt.Call("c1", "lookup", `{"key":"x"}`)},
		),
		rt.Respond(func(agent.Request) agent.Response {
			return agent.Response{Message: agent.Message{Text: "Still rain.", Sources: []agent.Source{{URL: "https://news.example/", Title: "News"}}}}
		}),
	)
	s := run(t, serve(t, model, &tools{}).URL, input("t1", user("u1", "weather?")))
	var acts []map[string]any
	for _, e := range s.of(agui.EventActivitySnapshot) {
		if e["activityType"] == agui.ActivitySources {
			acts = append(acts, e)
		}
	}
	require.Len(t, acts, 4, "three snapshots of the first answer, one of the second: %v", acts)
	answers := s.of(agui.EventTextMessageStart)
	require.Len(t, answers, 2)
	assert.Equal(t, acts[0]["messageId"], acts[2]["messageId"], "each snapshot replaces the answer's list")
	assert.NotEqual(t, acts[0]["messageId"], acts[3]["messageId"], "each answer has a list of its own")
	cite := func(text string, start, end float64) map[string]any {
		c := map[string]any{"text": text, "end": end}
		if start > 0 {
			c["start"] = start
		}
		return c
	}
	assert.Equal(t, map[string]any{"messageId": answers[0]["messageId"], "sources": []any{
		map[string]any{"url": "https://example.com/paris", "title": "Paris weather", "citations": []any{cite("Paris: 17°C.", 0, 13), cite("Rain.", 14, 19)}},
		map[string]any{"url": "https://meteo.example/fr", "title": "Météo-France", "citations": []any{cite("Rain.", 14, 19)}},
	}}, acts[2]["content"])
	assert.Equal(t, map[string]any{"messageId": answers[1]["messageId"], "sources": []any{
		map[string]any{"url": "https://news.example/", "title": "News"},
	}}, acts[3]["content"])
}
