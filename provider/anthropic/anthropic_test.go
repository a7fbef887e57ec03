package anthropic_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/anthropic"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// TestModel: the behaviours every adapter has, over the Messages API.
func TestModel(t *testing.T) { providertest.RunModelSuite(t, adapter) }

// A user message after tool results (a resumed run) joins them in one user
// message: the API wants the roles to alternate.
func TestConsecutiveUserMessagesMerge(t *testing.T) {
	f, m := adapter.Serve(t, []reply{messagesAPI{}.Answer(providertest.Answer{Text: []string{"ok"}})})
	_, err := m.Generate(context.Background(), agent.Request{Messages: []agent.Message{
		{Role: agent.RoleUser, Text: "Weather?"},
		{Role: agent.RoleAssistant, Calls: []agent.ToolCall{{ID: "toolu_1", Name: "get_weather", Args: json.RawMessage(`{"city":"Paris"}`)}}},
		{Role: agent.RoleTool, Results: []agent.ToolResult{{CallID: "toolu_1", Name: "get_weather", Result: toolgen.Result{Content: []toolgen.Content{{Type: toolgen.ContentText, Text: "sunny"}}}}}},
		{Role: agent.RoleUser, Text: "And tomorrow?"},
	}})
	require.NoError(t, err)
	msgs := f.Requests()[0]["messages"].([]any)
	require.Len(t, msgs, 3)
	content := msgs[2].(map[string]any)["content"].([]any)
	require.Len(t, content, 2)
	assert.Equal(t, "tool_result", content[0].(map[string]any)["type"])
	// the last message's last block is the conversation's cache breakpoint
	assert.Equal(t, map[string]any{"type": "text", "text": "And tomorrow?", "cache_control": map[string]any{"type": "ephemeral"}}, content[1])
}

// An error answer's request-id header ends its error, for Anthropic's
// support; a stream's error event has its stream's.
func TestAPIErrorRequestID(t *testing.T) {
	status := reply{Status: 400, Header: map[string]string{"request-id": "req_011"},
		Body: errorBody("invalid_request_error", "max_tokens: Field required")}
	event := messagesAPI{}.Stream(providertest.Answer{Text: []string{"Hel"}, Break: providertest.BreakErrorEvent})
	event.Header["request-id"] = "req_stream"
	_, m := adapter.Serve(t, []reply{status, status, event})

	_, err := m.Generate(context.Background(), providertest.Hi)
	require.EqualError(t, err, "anthropic: 400 invalid_request_error: max_tokens: Field required (request req_011)")
	var apiErr *anthropic.APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, "req_011", apiErr.RequestID)

	_, err = agent.Collect(m.Stream(context.Background(), providertest.Hi))
	require.EqualError(t, err, "anthropic: 400 invalid_request_error: max_tokens: Field required (request req_011)")

	_, err = agent.Collect(m.Stream(context.Background(), providertest.Hi))
	require.EqualError(t, err, "anthropic: 200 overloaded_error: Overloaded (request req_stream)")
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, "req_stream", apiErr.RequestID)
}

// A streamed call is whole at its block's content_block_stop, before the
// next block starts: a tool can start while the model writes the next
// call.
func TestStreamCallDoneAtBlockStop(t *testing.T) {
	_, m := adapter.Serve(t, []reply{messagesAPI{}.Stream(providertest.Answer{
		Calls: []providertest.Call{
			{ID: "toolu_a", Name: "get_weather", Args: []string{`{"ci`, `ty":"Paris"}`}},
			{ID: "toolu_b", Name: "forecast", Args: []string{`{"city":"Oslo","days":1}`}},
		},
		Finish: providertest.FinishTools,
	})})
	got, err := providertest.Parts(t, m.Stream(context.Background(), providertest.Hi))
	require.NoError(t, err)
	assert.Equal(t, []agent.Part{
		{Kind: agent.PartCallStart, Index: 0, Call: agent.ToolCall{ID: "toolu_a", Name: "get_weather"}},
		{Kind: agent.PartCallArgs, Index: 0, Text: `{"ci`},
		{Kind: agent.PartCallArgs, Index: 0, Text: `ty":"Paris"}`},
		{Kind: agent.PartCallDone, Index: 0, Call: agent.ToolCall{ID: "toolu_a", Name: "get_weather", Args: json.RawMessage(`{"city":"Paris"}`)}},
		{Kind: agent.PartCallStart, Index: 1, Call: agent.ToolCall{ID: "toolu_b", Name: "forecast"}},
		{Kind: agent.PartCallArgs, Index: 1, Text: `{"city":"Oslo","days":1}`},
		{Kind: agent.PartCallDone, Index: 1, Call: agent.ToolCall{ID: "toolu_b", Name: "forecast", Args: json.RawMessage(`{"city":"Oslo","days":1}`)}},
		{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 100, OutputTokens: 20}},
		{Kind: agent.PartFinish, Finish: "tool_use"},
	}, got)
}
