package openai_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/provider/openai"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

// TestResponsesModel: the behaviours every adapter has, over the
// Responses API.
func TestResponsesModel(t *testing.T) { providertest.RunModelSuite(t, responsesAdapter) }

// answerOf is a completed response with items.
func answerOf(id string, items ...string) reply {
	return reply{Status: 200, Body: responseObject(id, "completed", "", items)}
}

var paris = providertest.Call{ID: "call_1", Name: "get_weather", Args: []string{`{"city":"Paris"}`}}

// The request says what the options ask: store false by default, the
// reasoning effort with a summary and, unstored, the encrypted reasoning;
// the API's own tools after the functions, which are strict where the
// tool has a strict schema.
func TestResponsesRequest(t *testing.T) {
	f, m := responsesAdapter.Serve(t, []reply{answerOf("resp_1", messageItem("msg_1", "Hi"))},
		openai.WithReasoning("low"), openai.WithWebSearch(), openai.WithCodeInterpreter(), openai.WithMaxTokens(500))
	_, err := providertest.Run(t, m, "Hi")
	require.NoError(t, err)
	req := f.Requests()[0]
	assert.Equal(t, false, req["store"])
	assert.Equal(t, map[string]any{"effort": "low", "summary": "auto"}, req["reasoning"])
	assert.Equal(t, []any{"reasoning.encrypted_content"}, req["include"])
	assert.Equal(t, 500.0, req["max_output_tokens"])
	assert.Equal(t, "You are a weather assistant.", req["instructions"])
	tools := req["tools"].([]any)
	require.Len(t, tools, len(weather.Tools())+2)
	assert.Equal(t, map[string]any{"type": "code_interpreter", "container": map[string]any{"type": "auto"}}, tools[len(tools)-2])
	assert.Equal(t, map[string]any{"type": "web_search"}, tools[len(tools)-1])
	first := tools[0].(map[string]any)
	assert.Equal(t, "function", first["type"])
	assert.Equal(t, true, first["strict"])
	assert.Equal(t, "get_weather", first["name"])

	// Stored, the reasoning is not asked for encrypted.
	f, m = responsesAdapter.Serve(t, []reply{answerOf("resp_1", messageItem("msg_1", "Hi"))}, openai.WithReasoning("high"), openai.WithStore())
	_, err = m.Generate(context.Background(), providertest.Hi)
	require.NoError(t, err)
	assert.Equal(t, true, f.Requests()[0]["store"])
	assert.NotContains(t, f.Requests()[0], "include")
}

// The options of the Responses API alone are New's error, and a bad
// effort is NewResponses'.
func TestResponsesOptions(t *testing.T) {
	for _, opt := range []openai.Option{openai.WithStore(), openai.WithReasoning("low"), openai.WithWebSearch(), openai.WithCodeInterpreter()} {
		_, err := openai.New(openai.WithAPIKey("k"), opt)
		assert.ErrorContains(t, err, "an option of the Responses API: use NewResponses")
	}
	_, err := openai.New(openai.WithAPIKey("k"), openai.WithWebSearch())
	assert.EqualError(t, err, "openai.WithWebSearch: an option of the Responses API: use NewResponses")
	_, err = openai.NewResponses(openai.WithAPIKey("k"), openai.WithReasoning(""))
	assert.EqualError(t, err, `openai.WithReasoning(""): empty effort (such as "low", "medium", "high")`)
}

// Usage counts the cached input tokens and the reasoning tokens.
func TestResponsesUsage(t *testing.T) {
	body := `{"id":"resp_1","object":"response","status":"completed","output":[` + messageItem("msg_1", "Hi") + `],
"usage":{"input_tokens":1200,"input_tokens_details":{"cached_tokens":1024},"output_tokens":300,"output_tokens_details":{"reasoning_tokens":256},"total_tokens":1500}}`
	_, m := responsesAdapter.Serve(t, []reply{{Status: 200, Body: body}})
	resp, err := m.Generate(context.Background(), providertest.Hi)
	require.NoError(t, err)
	assert.Equal(t, agent.Usage{InputTokens: 1200, OutputTokens: 300, CachedInputTokens: 1024, ReasoningTokens: 256}, resp.Usage)
}

// Without store, a reasoning item with its encrypted content is kept in
// the transcript and goes back whole, before the call that followed it;
// its summary streams as reasoning. One without encrypted content is not
// kept (the API could not read it back).
func TestResponsesReasoningRoundTrip(t *testing.T) {
	reasoning := encryptedReasoningItem("rs_1", "The user wants Paris.", "gAAAAB-secret")
	turn1 := []string{reasoning, functionCallItem(0, paris, `{"city":"Paris"}`)}
	f, m := responsesAdapter.Serve(t, []reply{
		answerOf("resp_1", turn1...),
		answerOf("resp_2", reasoningItem("rs_2", "Plain."), messageItem("msg_2", "Sunny.")),
	}, openai.WithReasoning("medium"))
	st, err := providertest.Run(t, m, "Weather in Paris?")
	require.NoError(t, err)
	assert.Equal(t, "Sunny.", st.Output())

	answer := st.Messages[1]
	require.Len(t, answer.Reasoning, 1)
	assert.Equal(t, "openai", answer.Reasoning[0].Provider)
	assert.Equal(t, "rs_1", answer.Reasoning[0].ID)
	assert.Equal(t, "The user wants Paris.", answer.Reasoning[0].Text)
	assert.Empty(t, st.Messages[3].Reasoning, "no encrypted content: not kept")

	items, _ := readItems(t, f.Bodies()[1])
	require.Len(t, items, 4)
	assert.Equal(t, "user", items[0].Role)
	assert.Equal(t, "reasoning", items[1].Type)
	assert.Equal(t, "rs_1", items[1].ID)
	assert.Equal(t, "gAAAAB-secret", items[1].EncryptedContent)
	assert.JSONEq(t, `[{"type":"summary_text","text":"The user wants Paris."}]`, string(items[1].Summary))
	assert.Equal(t, "function_call", items[2].Type)
	assert.Equal(t, "function_call_output", items[3].Type)

	// Streamed: the summary's pieces, then the item whole, then the call.
	e := &events{}
	e.add("response.created", `"response":`+responseObject("resp_1", "in_progress", "", nil))
	e.add("response.output_item.added", `"output_index":0,"item":{"type":"reasoning","id":"rs_1","summary":[]}`)
	e.add("response.reasoning_summary_part.added", `"item_id":"rs_1","output_index":0,"summary_index":0,"part":{"type":"summary_text","text":""}`)
	e.add("response.reasoning_summary_text.delta", `"item_id":"rs_1","output_index":0,"summary_index":0,"delta":"The user "`)
	e.add("response.reasoning_summary_text.delta", `"item_id":"rs_1","output_index":0,"summary_index":0,"delta":"wants Paris."`)
	e.add("response.output_item.done", `"output_index":0,"item":`+reasoning)
	e.call(1, 0, paris)
	e.add("response.completed", `"response":`+responseObject("resp_1", "completed", "", turn1))
	_, m = responsesAdapter.Serve(t, []reply{answerOf("resp_1", turn1...), e.reply()}, openai.WithReasoning("medium"))
	want, err := m.Generate(context.Background(), providertest.Hi)
	require.NoError(t, err)
	parts, err := providertest.Parts(t, m.Stream(context.Background(), providertest.Hi))
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(parts), 3)
	assert.Equal(t, agent.Part{Kind: agent.PartReasoning, Text: "The user "}, parts[0])
	assert.Equal(t, agent.Part{Kind: agent.PartReasoning, Text: "wants Paris."}, parts[1])
	assert.Equal(t, agent.PartReasoningDone, parts[2].Kind)
	assert.Equal(t, want.Message.Reasoning[0], parts[2].Reasoning)
	got, err := agent.Collect(func(yield func(agent.Part, error) bool) {
		for _, p := range parts {
			if !yield(p, nil) {
				return
			}
		}
	})
	require.NoError(t, err)
	assert.Equal(t, want, got, "the stream collects to Generate's response")
}

// A summary of several parts streams them apart, as its text joins them.
func TestResponsesReasoningSummaryParts(t *testing.T) {
	e := &events{}
	e.add("response.reasoning_summary_part.added", `"item_id":"rs_1","output_index":0,"summary_index":0,"part":{"type":"summary_text","text":""}`)
	e.add("response.reasoning_summary_text.delta", `"item_id":"rs_1","output_index":0,"summary_index":0,"delta":"First."`)
	e.add("response.reasoning_summary_part.added", `"item_id":"rs_1","output_index":0,"summary_index":1,"part":{"type":"summary_text","text":""}`)
	e.add("response.reasoning_summary_text.delta", `"item_id":"rs_1","output_index":0,"summary_index":1,"delta":"Second."`)
	e.add("response.completed", `"response":`+responseObject("resp_1", "completed", "", nil))
	_, m := responsesAdapter.Serve(t, []reply{e.reply()})
	parts, err := providertest.Parts(t, m.Stream(context.Background(), providertest.Hi))
	require.NoError(t, err)
	assert.Equal(t, []agent.Part{
		{Kind: agent.PartReasoning, Text: "First."},
		{Kind: agent.PartReasoning, Text: "\n\n"},
		{Kind: agent.PartReasoning, Text: "Second."},
		{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 100, OutputTokens: 20}},
		{Kind: agent.PartFinish, Finish: "stop"},
	}, parts)
}

// Parallel calls' arguments stream interleaved, by output index; each
// call is done when its item is.
func TestResponsesInterleavedCalls(t *testing.T) {
	e := &events{}
	e.add("response.output_item.added", `"output_index":0,"item":{"type":"function_call","id":"fc_a","call_id":"call_a","name":"get_weather","arguments":"","status":"in_progress"}`)
	e.add("response.output_item.added", `"output_index":1,"item":{"type":"function_call","id":"fc_b","call_id":"call_b","name":"forecast","arguments":"","status":"in_progress"}`)
	e.add("response.function_call_arguments.delta", `"item_id":"fc_b","output_index":1,"delta":"{\"city\":\"Oslo\"}"`)
	e.add("response.function_call_arguments.delta", `"item_id":"fc_a","output_index":0,"delta":"{\"city\":\"Paris\"}"`)
	e.add("response.output_item.done", `"output_index":1,"item":{"type":"function_call","id":"fc_b","call_id":"call_b","name":"forecast","arguments":"{\"city\":\"Oslo\"}","status":"completed"}`)
	e.add("response.output_item.done", `"output_index":0,"item":{"type":"function_call","id":"fc_a","call_id":"call_a","name":"get_weather","arguments":"{\"city\":\"Paris\"}","status":"completed"}`)
	e.add("response.completed", `"response":`+responseObject("resp_1", "completed", "", nil))
	_, m := responsesAdapter.Serve(t, []reply{e.reply()})
	parts, err := providertest.Parts(t, m.Stream(context.Background(), providertest.Hi))
	require.NoError(t, err)
	assert.Equal(t, []agent.Part{
		{Kind: agent.PartCallStart, Index: 0, Call: agent.ToolCall{ID: "call_a", Name: "get_weather"}},
		{Kind: agent.PartCallStart, Index: 1, Call: agent.ToolCall{ID: "call_b", Name: "forecast"}},
		{Kind: agent.PartCallArgs, Index: 1, Text: `{"city":"Oslo"}`},
		{Kind: agent.PartCallArgs, Index: 0, Text: `{"city":"Paris"}`},
		{Kind: agent.PartCallDone, Index: 1, Call: agent.ToolCall{ID: "call_b", Name: "forecast", Args: json.RawMessage(`{"city":"Oslo"}`)}},
		{Kind: agent.PartCallDone, Index: 0, Call: agent.ToolCall{ID: "call_a", Name: "get_weather", Args: json.RawMessage(`{"city":"Paris"}`)}},
		{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 100, OutputTokens: 20}},
		{Kind: agent.PartFinish, Finish: "tool_calls"},
	}, parts)
}

// inputTypes are the types of a request's input items, and its
// previous_response_id.
func inputTypes(t *testing.T, body []byte) ([]string, string) {
	t.Helper()
	items, r := readItems(t, body)
	var types []string
	for _, it := range items {
		types = append(types, it.Type)
	}
	return types, r.PreviousResponseID
}

// Stored, a request that goes on from an answer chains to its response:
// previous_response_id and only the items after it. Reasoning and the
// calls the API ran go as references in a whole transcript.
func TestResponsesChaining(t *testing.T) {
	f, m := responsesAdapter.Serve(t, []reply{
		answerOf("resp_1", reasoningItem("rs_1", "Look it up."), functionCallItem(0, paris, `{"city":"Paris"}`)),
		answerOf("resp_2", messageItem("msg_2", "Sunny.")),
	}, openai.WithStore(), openai.WithReasoning("low"))
	st, err := providertest.Run(t, m, "Weather in Paris?")
	require.NoError(t, err)
	assert.Equal(t, "Sunny.", st.Output())

	types, prev := inputTypes(t, f.Bodies()[0])
	assert.Equal(t, []string{"message"}, types)
	assert.Empty(t, prev)
	types, prev = inputTypes(t, f.Bodies()[1])
	assert.Equal(t, []string{"function_call_output"}, types, "only the items after the answer")
	assert.Equal(t, "resp_1", prev)

	// The next run goes on from the last answer, streamed this time.
	st.Messages = append(st.Messages, agent.Message{Role: agent.RoleUser, Text: "And tomorrow?"})
	f2, m2 := responsesAdapter.Serve(t, []reply{answerOf("resp_1", messageItem("msg_1", "Hi")), responsesAPI{}.Stream(providertest.Answer{Text: []string{"Rain."}})}, openai.WithStore())
	hi, err := m2.Generate(context.Background(), providertest.Hi)
	require.NoError(t, err)
	req := agent.Request{System: providertest.Hi.System, Messages: append(providertest.Hi.Messages, hi.Message, agent.Message{Role: agent.RoleUser, Text: "And tomorrow?"})}
	resp, err := agent.Collect(m2.Stream(context.Background(), req))
	require.NoError(t, err)
	assert.Equal(t, "Rain.", resp.Message.Text)
	types, prev = inputTypes(t, f2.Bodies()[1])
	assert.Equal(t, []string{"message"}, types)
	assert.Equal(t, "resp_1", prev)

	// A transcript this model did not answer goes whole, its reasoning
	// as a reference.
	f3, m3 := responsesAdapter.Serve(t, []reply{answerOf("resp_9", messageItem("msg_9", "ok"))}, openai.WithStore())
	_, err = m3.Generate(context.Background(), agent.Request{Messages: st.Messages})
	require.NoError(t, err)
	items, r := readItems(t, f3.Bodies()[0])
	assert.Empty(t, r.PreviousResponseID)
	require.Len(t, items, 6)
	assert.Equal(t, "item_reference", items[1].Type)
	assert.Equal(t, "rs_1", items[1].ID)
}

// notFound is the API's answer to a chain whose previous response is
// gone.
func notFound(id string) reply {
	return reply{Status: 404, Body: `{"error":{"message":"Previous response with id '` + id + `' not found.","type":"invalid_request_error","param":"previous_response_id","code":"previous_response_not_found"}}`}
}

// A chain whose previous response is gone (404) is sent again whole, and
// not chained again; the same for a stream, before any part.
func TestResponsesChainBroken(t *testing.T) {
	f, m := responsesAdapter.Serve(t, []reply{
		answerOf("resp_1", functionCallItem(0, paris, `{"city":"Paris"}`)),
		notFound("resp_1"),
		answerOf("resp_2", messageItem("msg_2", "Sunny.")),
	}, openai.WithStore())
	st, err := providertest.Run(t, m, "Weather in Paris?")
	require.NoError(t, err)
	assert.Equal(t, "Sunny.", st.Output())
	require.Len(t, f.Bodies(), 3)
	types, prev := inputTypes(t, f.Bodies()[1])
	assert.Equal(t, []string{"function_call_output"}, types)
	assert.Equal(t, "resp_1", prev)
	types, prev = inputTypes(t, f.Bodies()[2])
	assert.Equal(t, []string{"message", "function_call", "function_call_output"}, types, "the whole transcript")
	assert.Empty(t, prev)

	// Streamed.
	f, m = responsesAdapter.Serve(t, []reply{
		answerOf("resp_1", functionCallItem(0, paris, `{"city":"Paris"}`)),
		notFound("resp_1"),
		responsesAPI{}.Stream(providertest.Answer{Text: []string{"Sunny."}}),
	}, openai.WithStore())
	first, err := m.Generate(context.Background(), providertest.Hi)
	require.NoError(t, err)
	req := agent.Request{Messages: append(providertest.Hi.Messages, first.Message,
		agent.Message{Role: agent.RoleTool, Results: []agent.ToolResult{{CallID: "call_1"}}})}
	parts, err := providertest.Parts(t, m.Stream(context.Background(), req))
	require.NoError(t, err)
	assert.Equal(t, agent.Part{Kind: agent.PartText, Text: "Sunny."}, parts[0])
	_, prev = inputTypes(t, f.Bodies()[2])
	assert.Empty(t, prev)

	// Another error of a chained request is the error.
	_, m = responsesAdapter.Serve(t, []reply{
		answerOf("resp_1", functionCallItem(0, paris, `{"city":"Paris"}`)),
		responsesAPI{}.Error(400, "invalid_request_error", "Bad input."),
	}, openai.WithStore())
	first, err = m.Generate(context.Background(), providertest.Hi)
	require.NoError(t, err)
	req.Messages[1] = first.Message
	_, err = m.Generate(context.Background(), req)
	require.EqualError(t, err, "openai: 400 invalid_request_error: Bad input.")
}

// A 429 with Retry-After in seconds waits that long and retries; a 500 is
// retried; a 500 past the retries is an *APIError.
func TestResponsesRetries(t *testing.T) {
	limited := responsesAPI{}.Error(429, "rate_limit_exceeded", "Rate limit reached.")
	limited.Header = map[string]string{"Retry-After": "1"}
	f, m := responsesAdapter.Serve(t, []reply{limited, answerOf("resp_1", messageItem("msg_1", "Hi"))}, openai.WithMaxRetries(1))
	start := time.Now()
	resp, err := m.Generate(context.Background(), providertest.Hi)
	require.NoError(t, err)
	assert.Equal(t, "Hi", resp.Message.Text)
	assert.GreaterOrEqual(t, time.Since(start), 900*time.Millisecond, "Retry-After: 1 is waited")
	assert.Len(t, f.Requests(), 2)

	serverError := responsesAPI{}.Error(500, "server_error", "The server had an error.")
	serverError.Header = map[string]string{"Retry-After-Ms": "0"}
	f, m = responsesAdapter.Serve(t, []reply{serverError, responsesAPI{}.Stream(providertest.Answer{Text: []string{"Hi"}})}, openai.WithMaxRetries(1))
	got, err := agent.Collect(m.Stream(context.Background(), providertest.Hi))
	require.NoError(t, err)
	assert.Equal(t, "Hi", got.Message.Text)
	assert.Len(t, f.Requests(), 2)

	_, m = responsesAdapter.Serve(t, []reply{serverError, serverError}, openai.WithMaxRetries(1))
	_, err = m.Generate(context.Background(), providertest.Hi)
	require.EqualError(t, err, "openai: 500 server_error: The server had an error.")
	var apiErr *openai.APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, http.StatusInternalServerError, apiErr.StatusCode)
}

// A failed response is an *APIError with its code; so is an error event,
// after the parts before it.
func TestResponsesFailed(t *testing.T) {
	failed := `{"id":"resp_1","object":"response","status":"failed","error":{"code":"server_error","message":"The model failed."},"output":[]}`
	e := &events{}
	e.add("response.output_text.delta", `"item_id":"msg_1","output_index":0,"content_index":0,"delta":"Hel"`)
	e.add("response.failed", `"response":`+failed)
	ev := &events{}
	ev.add("error", `"code":"rate_limit_exceeded","message":"Rate limit reached.","param":null`)
	_, m := responsesAdapter.Serve(t, []reply{{Status: 200, Body: failed}, e.reply(), ev.reply()})

	_, err := m.Generate(context.Background(), providertest.Hi)
	require.EqualError(t, err, "openai: 200 server_error: The model failed.")
	parts, err := providertest.Parts(t, m.Stream(context.Background(), providertest.Hi))
	assert.Equal(t, []agent.Part{{Kind: agent.PartText, Text: "Hel"}}, parts)
	require.EqualError(t, err, "openai: 200 server_error: The model failed.")
	_, err = providertest.Parts(t, m.Stream(context.Background(), providertest.Hi))
	require.EqualError(t, err, "openai: 200 rate_limit_exceeded: Rate limit reached.")
}

// A stream cut in the middle of a call's arguments is an error, not a
// call.
func TestResponsesStreamCutInCall(t *testing.T) {
	e := &events{}
	e.add("response.output_item.added", `"output_index":0,"item":{"type":"function_call","id":"fc_a","call_id":"call_a","name":"get_weather","arguments":"","status":"in_progress"}`)
	e.add("response.function_call_arguments.delta", `"item_id":"fc_a","output_index":0,"delta":"{\"ci"`)
	_, m := responsesAdapter.Serve(t, []reply{e.reply()})
	_, err := agent.Collect(m.Stream(context.Background(), providertest.Hi))
	require.EqualError(t, err, "openai: the stream ended before the answer did: unexpected EOF")
}

// An incomplete answer of text keeps its text, with the reason as its
// finish.
func TestResponsesIncompleteText(t *testing.T) {
	_, m := responsesAdapter.Serve(t, []reply{responsesAPI{}.Stream(providertest.Answer{Text: []string{"Once upon"}, Finish: providertest.FinishLength})})
	parts, err := providertest.Parts(t, m.Stream(context.Background(), providertest.Hi))
	require.NoError(t, err)
	assert.Equal(t, agent.Part{Kind: agent.PartFinish, Finish: "max_output_tokens"}, parts[len(parts)-1])
}
