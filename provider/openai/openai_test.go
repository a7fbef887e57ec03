package openai_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/openai"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// TestModel: the behaviours every adapter has, over Chat Completions.
func TestModel(t *testing.T) { providertest.RunModelSuite(t, adapter) }

// An error's code, when it has one, says more than its type: it is the
// APIError's Type.
func TestAPIErrorCode(t *testing.T) {
	unauthorized := reply{Status: 401, Body: `{"error":{"message":"Incorrect API key provided: sk-test.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`}
	event := sse(content("Hel"), `{"error":{"message":"Rate limit reached","type":"requests","param":null,"code":"rate_limit_exceeded"}}`)
	_, m := adapter.Serve(t, []reply{unauthorized, unauthorized, event})

	_, err := m.Generate(context.Background(), providertest.Hi)
	require.EqualError(t, err, "openai: 401 invalid_api_key: Incorrect API key provided: sk-test.")
	var apiErr *openai.APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, "invalid_api_key", apiErr.Type)

	_, err = agent.Collect(m.Stream(context.Background(), providertest.Hi))
	require.EqualError(t, err, "openai: 401 invalid_api_key: Incorrect API key provided: sk-test.")

	_, err = agent.Collect(m.Stream(context.Background(), providertest.Hi))
	require.EqualError(t, err, "openai: 200 rate_limit_exceeded: Rate limit reached")
}

// A stream asks for its usage (stream_options.include_usage), which
// OpenAI sends only when asked.
func TestStreamAsksForUsage(t *testing.T) {
	f, m := adapter.Serve(t, []reply{chatCompletions{}.Stream(providertest.Answer{Text: []string{"Hi"}})})
	_, err := agent.Collect(m.Stream(context.Background(), providertest.Hi))
	require.NoError(t, err)
	assert.Equal(t, map[string]any{"include_usage": true}, f.Requests()[0]["stream_options"])
}

// OpenAI streams parallel calls' arguments interleaved, by the calls'
// wire index; the calls are whole when the finish reason comes.
func TestStreamInterleavedCalls(t *testing.T) {
	_, m := adapter.Serve(t, []reply{sse(
		chunk(`{"role":"assistant","content":null}`, ""),
		callStart(0, "call_a", "get_weather"),
		callArgs(0, `{"ci`),
		callArgs(0, `ty":"Par`),
		callStart(1, "call_b", "forecast"),
		callArgs(1, `{"city":"Oslo",`),
		callArgs(0, `is"}`),
		callArgs(1, `"days":1}`),
		chunk(`{}`, "tool_calls"),
		usageChunk,
	)})
	got, err := providertest.Parts(t, m.Stream(context.Background(), providertest.Hi))
	require.NoError(t, err)
	assert.Equal(t, []agent.Part{
		{Kind: agent.PartCallStart, Index: 0, Call: agent.ToolCall{ID: "call_a", Name: "get_weather"}},
		{Kind: agent.PartCallArgs, Index: 0, Text: `{"ci`},
		{Kind: agent.PartCallArgs, Index: 0, Text: `ty":"Par`},
		{Kind: agent.PartCallStart, Index: 1, Call: agent.ToolCall{ID: "call_b", Name: "forecast"}},
		{Kind: agent.PartCallArgs, Index: 1, Text: `{"city":"Oslo",`},
		{Kind: agent.PartCallArgs, Index: 0, Text: `is"}`},
		{Kind: agent.PartCallArgs, Index: 1, Text: `"days":1}`},
		{Kind: agent.PartCallDone, Index: 0, Call: agent.ToolCall{ID: "call_a", Name: "get_weather", Args: json.RawMessage(`{"city":"Paris"}`)}},
		{Kind: agent.PartCallDone, Index: 1, Call: agent.ToolCall{ID: "call_b", Name: "forecast", Args: json.RawMessage(`{"city":"Oslo","days":1}`)}},
		{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 100, OutputTokens: 20}},
		{Kind: agent.PartFinish, Finish: "tool_calls"},
	}, got)
}

// Some compatible servers send every call at index 0: a new id there
// starts another call.
func TestStreamCallsAtOneIndex(t *testing.T) {
	_, m := adapter.Serve(t, []reply{sse(
		callStart(0, "call_a", "get_weather"), callArgs(0, `{"city":"Paris"}`),
		callStart(0, "call_b", "get_weather"), callArgs(0, `{"city":"Oslo"}`),
		chunk(`{}`, "tool_calls"), usageChunk,
	)})
	resp, err := agent.Collect(m.Stream(context.Background(), providertest.Hi))
	require.NoError(t, err)
	assert.Equal(t, []agent.ToolCall{
		{ID: "call_a", Name: "get_weather", Args: json.RawMessage(`{"city":"Paris"}`)},
		{ID: "call_b", Name: "get_weather", Args: json.RawMessage(`{"city":"Oslo"}`)},
	}, resp.Message.Calls)
}

// Compatible servers stream reasoning as "reasoning_content" (vLLM) or
// "reasoning" (Ollama), and may give no usage: then no usage part comes.
func TestStreamReasoningFields(t *testing.T) {
	_, m := adapter.Serve(t, []reply{sse(
		chunk(`{"role":"assistant","content":null,"reasoning_content":"Think"}`, ""),
		chunk(`{"content":null,"reasoning":"ing."}`, ""),
		content("Hi!"),
		chunk(`{}`, "stop"),
	)})
	got, err := providertest.Parts(t, m.Stream(context.Background(), providertest.Hi))
	require.NoError(t, err)
	assert.Equal(t, []agent.Part{
		{Kind: agent.PartReasoning, Text: "Think"},
		{Kind: agent.PartReasoning, Text: "ing."},
		{Kind: agent.PartText, Text: "Hi!"},
		{Kind: agent.PartFinish, Finish: "stop"},
	}, got, "no usage part when the server does not give usage")
}
