package openai_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/openai"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

// cacheRequest is a turn with tools whose schemas have several members
// besides properties, and a conversation.
func cacheRequest() agent.Request {
	const schema = `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",` +
		`"properties":{"city":{"$ref":"#/$defs/city"}},"required":["city"],"additionalProperties":false,` +
		`"$defs":{"city":{"type":"string"}},"title":"args","$comment":"c","examples":[{"city":"Paris"}]}`
	var tools []agent.ToolSpec
	for _, name := range []string{"get_weather", "get_forecast", "get_alerts"} {
		tools = append(tools, agent.ToolSpec{Name: toolgen.ToolName(name), Description: "Does " + name + ".", InputSchema: json.RawMessage(schema)})
	}
	return agent.Request{System: "You forecast.", Tools: tools, Messages: []agent.Message{
		{Role: agent.RoleUser, Text: "Weather in Paris?"},
		{Role: agent.RoleAssistant, Calls: []agent.ToolCall{{ID: "call_1", Name: "get_weather", Args: json.RawMessage(`{"city":"Paris"}`)}}},
		{Role: agent.RoleTool, Results: []agent.ToolResult{{CallID: "call_1", Name: "get_weather", Result: toolgen.TextResult("sunny")}}},
	}}
}

// requireStableBodies sends cacheRequest n times and requires the same
// body each time.
func requireStableBodies(t *testing.T, m agent.Model, f *providertest.FakeAPI, n int) {
	t.Helper()
	for range n {
		_, err := m.Generate(context.Background(), cacheRequest())
		require.NoError(t, err)
	}
	bodies := f.Bodies()
	require.Len(t, bodies, n)
	for i, b := range bodies[1:] {
		require.Equal(t, string(bodies[0]), string(b), "request %d", i+1)
	}
}

func repeat(r reply, n int) []reply {
	out := make([]reply, n)
	for i := range out {
		out[i] = r
	}
	return out
}

// The same request gives the same bytes every time, on both APIs, so that
// OpenAI's prefix cache can serve them.
func TestRequestBytesAreStable(t *testing.T) {
	const n = 20
	f, m := adapter.Serve(t, repeat(chatCompletions{}.Answer(providertest.Answer{Text: []string{"ok"}}), n))
	requireStableBodies(t, m, f, n)
	rf, rm := responsesAdapter.Serve(t, repeat(responsesAPI{}.Answer(providertest.Answer{Text: []string{"ok"}}), n))
	requireStableBodies(t, rm, rf, n)
}

// WithPromptCacheKey sends prompt_cache_key with every request of both
// APIs; without it there is none; an empty key is an error.
func TestPromptCacheKey(t *testing.T) {
	req := agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: "Hi"}}}
	chat := chatCompletions{}.Answer(providertest.Answer{Text: []string{"ok"}})
	resp := responsesAPI{}.Answer(providertest.Answer{Text: []string{"ok"}})
	f, m := adapter.Serve(t, []reply{chat}, openai.WithPromptCacheKey("user-42"))
	rf, rm := responsesAdapter.Serve(t, []reply{resp}, openai.WithPromptCacheKey("user-42"))
	nf, nm := adapter.Serve(t, []reply{chat})
	for _, model := range []agent.Model{m, rm, nm} {
		_, err := model.Generate(context.Background(), req)
		require.NoError(t, err)
	}
	assert.Equal(t, "user-42", f.Requests()[0]["prompt_cache_key"])
	assert.Equal(t, "user-42", rf.Requests()[0]["prompt_cache_key"])
	assert.NotContains(t, nf.Requests()[0], "prompt_cache_key")
	_, err := openai.New(openai.WithAPIKey("k"), openai.WithPromptCacheKey(""))
	assert.ErrorContains(t, err, `openai.WithPromptCacheKey("")`)
}

// The prompt tokens the cache served are CachedInputTokens, counted in
// InputTokens too, from Chat Completions' prompt_tokens_details and the
// Responses API's input_tokens_details, streamed or not.
func TestCacheUsage(t *testing.T) {
	const plain = `"usage":{"prompt_tokens":100,"completion_tokens":20,"total_tokens":120}`
	const cached = `"usage":{"prompt_tokens":100,"completion_tokens":20,"total_tokens":120,"prompt_tokens_details":{"cached_tokens":80}}`
	answer := providertest.Answer{Text: []string{"ok"}}
	withCache := func(r reply, old, new string) reply {
		require.Contains(t, r.Body, old)
		r.Body = strings.ReplaceAll(r.Body, old, new)
		return r
	}
	_, m := adapter.Serve(t, []reply{withCache(chatCompletions{}.Answer(answer), plain, cached), withCache(chatCompletions{}.Stream(answer), plain, cached)})
	_, rm := responsesAdapter.Serve(t, []reply{
		withCache(responsesAPI{}.Answer(answer), `"cached_tokens":0`, `"cached_tokens":80`),
		withCache(responsesAPI{}.Stream(answer), `"cached_tokens":0`, `"cached_tokens":80`),
	})
	want := agent.Usage{InputTokens: 100, OutputTokens: 20, CachedInputTokens: 80}
	req := agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: "Hi"}}}
	for _, model := range []agent.StreamingModel{m, rm} {
		resp, err := model.Generate(context.Background(), req)
		require.NoError(t, err)
		assert.Equal(t, want, resp.Usage)
		resp, err = agent.Collect(model.Stream(context.Background(), req))
		require.NoError(t, err)
		assert.Equal(t, want, resp.Usage)
	}
}
