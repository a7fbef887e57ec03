package gemini_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

// The same request, its tools' schemas with several members, gives the
// same bytes every time, so that Gemini's implicit cache can serve them.
func TestRequestBytesAreStable(t *testing.T) {
	const n = 20
	const schema = `{"type":"object","description":"Where and when.",` +
		`"properties":{"city":{"type":"string","description":"A city.","enum":["Paris","Oslo"]},"days":{"type":"integer","minimum":1,"maximum":7},` +
		`"units":{"type":"string","format":"enum","enum":["c","f"]}},"required":["city","days"]}`
	var tools []agent.ToolSpec
	for _, name := range []string{"get_weather", "get_forecast", "get_alerts"} {
		tools = append(tools, agent.ToolSpec{Name: toolgen.ToolName(name), Description: "Does " + name + ".", InputSchema: json.RawMessage(schema)})
	}
	req := agent.Request{System: "You forecast.", Tools: tools, Messages: []agent.Message{
		{Role: agent.RoleUser, Text: "Weather in Paris?"},
		{Role: agent.RoleAssistant, Calls: []agent.ToolCall{{ID: "call_1", Name: "get_weather", Args: json.RawMessage(`{"city":"Paris","days":2}`)}}},
		{Role: agent.RoleTool, Results: []agent.ToolResult{{CallID: "call_1", Name: "get_weather", Result: toolgen.TextResult("sunny")}}},
	}}
	script := make([]reply, n)
	for i := range script {
		script[i] = geminiAPI{}.Answer(providertest.Answer{Text: []string{"ok"}})
	}
	f, m := adapter.Serve(t, script)
	for range n {
		_, err := m.Generate(context.Background(), req)
		require.NoError(t, err)
	}
	bodies := f.Bodies()
	require.Len(t, bodies, n)
	for i, b := range bodies[1:] {
		require.Equal(t, string(bodies[0]), string(b), "request %d", i+1)
	}
}

// cachedContentTokenCount is CachedInputTokens, counted in InputTokens
// too, streamed or not.
func TestCacheUsage(t *testing.T) {
	const cached = `{"promptTokenCount":100,"candidatesTokenCount":20,"totalTokenCount":120,"cachedContentTokenCount":64}`
	answer := providertest.Answer{Text: []string{"ok"}}
	withCache := func(r reply) reply {
		require.Contains(t, r.Body, usage)
		r.Body = strings.ReplaceAll(r.Body, usage, cached)
		return r
	}
	_, m := adapter.Serve(t, []reply{withCache(geminiAPI{}.Answer(answer)), withCache(geminiAPI{}.Stream(answer))})
	want := agent.Usage{InputTokens: 100, OutputTokens: 20, CachedInputTokens: 64}
	req := agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: "Hi"}}}
	resp, err := m.Generate(context.Background(), req)
	require.NoError(t, err)
	assert.Equal(t, want, resp.Usage)
	resp, err = agent.Collect(m.Stream(context.Background(), req))
	require.NoError(t, err)
	assert.Equal(t, want, resp.Usage)
}
