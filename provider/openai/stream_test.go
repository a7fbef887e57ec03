package openai_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/internal/providertest"
	"github.com/toolgen-dev/toolgen/provider/openai"
)

var _ agent.StreamingModel = (*openai.Model)(nil)

// sse is a streamed Chat Completion: each chunk as a data event, then
// [DONE].
func sse(chunks ...string) reply {
	var b strings.Builder
	for _, c := range chunks {
		b.WriteString("data: " + c + "\n\n")
	}
	b.WriteString("data: [DONE]\n\n")
	return reply{Status: 200, Header: map[string]string{"Content-Type": "text/event-stream"}, Body: b.String()}
}

// chunk is a chat.completion.chunk with one choice: its delta and finish
// reason ("" for null).
func chunk(delta, finish string) string {
	f := "null"
	if finish != "" {
		f = `"` + finish + `"`
	}
	return `{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-test","choices":[{"index":0,"delta":` + delta + `,"logprobs":null,"finish_reason":` + f + `}]}`
}

func content(s string) string {
	b, _ := json.Marshal(s)
	return chunk(`{"content":`+string(b)+`}`, "")
}

// usageChunk is the last chunk with include_usage: no choices.
const usageChunk = `{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-test","choices":[],"usage":{"prompt_tokens":100,"completion_tokens":20,"total_tokens":120}}`

// callStart and callArgs are tool call deltas at a wire index.
func callStart(index, id, name string) string {
	return chunk(`{"tool_calls":[{"index":`+index+`,"id":"`+id+`","type":"function","function":{"name":"`+name+`","arguments":""}}]}`, "")
}

func callArgs(index, args string) string {
	b, _ := json.Marshal(args)
	return chunk(`{"tool_calls":[{"index":`+index+`,"function":{"arguments":`+string(b)+`}}]}`, "")
}

var hi = agent.Request{System: "You are a weather assistant.", Messages: []agent.Message{{Role: agent.RoleUser, Text: "Hi"}}}

func TestStreamText(t *testing.T) {
	f, m := serve(t, []reply{sse(
		chunk(`{"role":"assistant","content":""}`, ""),
		content("Hel"), content("lo"), content(" there!"),
		chunk(`{}`, "stop"),
		usageChunk,
	)})
	got, err := providertest.Parts(t, m.Stream(context.Background(), hi))
	require.NoError(t, err)
	assert.Equal(t, []agent.Part{
		{Kind: agent.PartText, Text: "Hel"},
		{Kind: agent.PartText, Text: "lo"},
		{Kind: agent.PartText, Text: " there!"},
		{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 100, OutputTokens: 20}},
		{Kind: agent.PartFinish, Finish: "stop"},
	}, got)
	req := f.Requests()[0]
	assert.Equal(t, true, req["stream"])
	assert.Equal(t, map[string]any{"include_usage": true}, req["stream_options"])
	assert.Len(t, req["messages"], 2, "the request Generate sends")
	assert.Len(t, req["tools"], 0)
}

// twoCalls streams two parallel calls, their arguments in pieces and
// interleaved, as OpenAI does.
func twoCalls() reply {
	return sse(
		chunk(`{"role":"assistant","content":null}`, ""),
		callStart("0", "call_a", "get_weather"),
		callArgs("0", `{"ci`),
		callArgs("0", `ty":"Par`),
		callStart("1", "call_b", "forecast"),
		callArgs("1", `{"city":"Oslo",`),
		callArgs("0", `is"}`),
		callArgs("1", `"days":1}`),
		chunk(`{}`, "tool_calls"),
		usageChunk,
	)
}

func TestStreamParallelCalls(t *testing.T) {
	_, m := serve(t, []reply{twoCalls()})
	got, err := providertest.Parts(t, m.Stream(context.Background(), hi))
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

// TestStreamCollectsToGenerate: the parts of a stream make the response
// Generate gives for the same answer.
func TestStreamCollectsToGenerate(t *testing.T) {
	for name, pair := range map[string][2]reply{
		"text": {
			textReply("Hello there!"),
			sse(content("Hello"), content(" there!"), chunk(`{}`, "stop"), usageChunk),
		},
		"calls": {
			callsReply(call("call_a", "get_weather", `{"city":"Paris"}`), call("call_b", "forecast", `{"city":"Oslo","days":1}`)),
			twoCalls(),
		},
		"text and a call": {
			completion(`{"role":"assistant","content":"Looking it up.","refusal":null,"tool_calls":[`+call("call_1", "get_weather", `{"city":"Paris"}`)+`]}`, "tool_calls"),
			sse(content("Looking"), content(" it up."), callStart("0", "call_1", "get_weather"), callArgs("0", `{"city":"Paris"}`), chunk(`{}`, "tool_calls"), usageChunk),
		},
	} {
		t.Run(name, func(t *testing.T) {
			f, m := serve(t, pair[:])
			want, err := m.Generate(context.Background(), hi)
			require.NoError(t, err)
			got, err := agent.Collect(m.Stream(context.Background(), hi))
			require.NoError(t, err)
			assert.Equal(t, want, got)
			reqs := f.Requests()
			delete(reqs[1], "stream")
			delete(reqs[1], "stream_options")
			assert.Equal(t, reqs[0], reqs[1], "the same request but for streaming")
		})
	}
}

func TestStreamReasoning(t *testing.T) {
	_, m := serve(t, []reply{sse(
		chunk(`{"role":"assistant","content":null,"reasoning_content":"Think"}`, ""),
		chunk(`{"content":null,"reasoning":"ing."}`, ""),
		content("Hi!"),
		chunk(`{}`, "stop"),
	)})
	got, err := providertest.Parts(t, m.Stream(context.Background(), hi))
	require.NoError(t, err)
	assert.Equal(t, []agent.Part{
		{Kind: agent.PartReasoning, Text: "Think"},
		{Kind: agent.PartReasoning, Text: "ing."},
		{Kind: agent.PartText, Text: "Hi!"},
		{Kind: agent.PartFinish, Finish: "stop"},
	}, got, "no usage part when the server does not give usage")
}

func TestStreamErrorStatus(t *testing.T) {
	_, m := serve(t, []reply{{Status: 401, Body: `{"error":{"message":"Incorrect API key provided: sk-test.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`}})
	got, err := providertest.Parts(t, m.Stream(context.Background(), hi))
	assert.Empty(t, got)
	require.EqualError(t, err, "openai: 401 invalid_api_key: Incorrect API key provided: sk-test.")
	var apiErr *openai.APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, 401, apiErr.StatusCode)
}

func TestStreamErrorEvent(t *testing.T) {
	_, m := serve(t, []reply{sse(
		content("Hel"),
		`{"error":{"message":"The server had an error while processing your request.","type":"server_error","param":null,"code":null}}`,
	)})
	got, err := providertest.Parts(t, m.Stream(context.Background(), hi))
	assert.Equal(t, []agent.Part{{Kind: agent.PartText, Text: "Hel"}}, got)
	require.EqualError(t, err, "openai: 200 server_error: The server had an error while processing your request.")
	var apiErr *openai.APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, 200, apiErr.StatusCode)
	assert.Equal(t, "server_error", apiErr.Type)
}

// A stream that ends without a finish reason was cut: an error, not a
// shorter answer.
func TestStreamCut(t *testing.T) {
	rep := sse(content("Hel"))
	rep.Body = strings.TrimSuffix(rep.Body, "data: [DONE]\n\n")
	_, m := serve(t, []reply{rep})
	got, err := providertest.Parts(t, m.Stream(context.Background(), hi))
	assert.Equal(t, []agent.Part{{Kind: agent.PartText, Text: "Hel"}}, got)
	require.ErrorIs(t, err, io.ErrUnexpectedEOF)
}

func TestStreamLengthDuringToolCall(t *testing.T) {
	_, m := serve(t, []reply{sse(callStart("0", "call_1", "get_weather"), callArgs("0", `{"ci`), chunk(`{}`, "length"), usageChunk)})
	_, err := agent.Collect(m.Stream(context.Background(), hi))
	require.EqualError(t, err, "openai: the answer reached its token limit while making a tool call; raise WithMaxTokens (now 20 output tokens)")
}

// TestStreamEarlyStop: a consumer that stops early closes the HTTP stream,
// which the server sees (the goroutines end: goleak in TestMain).
func TestStreamEarlyStop(t *testing.T) {
	disconnected := make(chan bool, 1)
	rep := sse(content("Hel"), content("lo"))
	rep.Body = strings.TrimSuffix(rep.Body, "data: [DONE]\n\n")
	rep.Hold = func(w http.ResponseWriter, r *http.Request) {
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
			disconnected <- true
		case <-time.After(10 * time.Second): // a bound, never reached when the client closes
			disconnected <- false
		}
	}
	_, m := serve(t, []reply{rep})
	var got []agent.Part
	for p, err := range m.Stream(context.Background(), hi) {
		require.NoError(t, err)
		got = append(got, p)
		break
	}
	assert.Equal(t, []agent.Part{{Kind: agent.PartText, Text: "Hel"}}, got)
	assert.True(t, <-disconnected, "the client closed the stream")
}

func TestStreamCancelled(t *testing.T) {
	f, m := serve(t, []reply{sse(content("never"), chunk(`{}`, "stop"))})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := providertest.Parts(t, m.Stream(ctx, hi))
	require.ErrorIs(t, err, context.Canceled)
	assert.Empty(t, f.Requests())
}

// TestRunStream: a streaming run over the adapter reports the parts of
// each answer in order, and runs the tool the model asks for.
func TestRunStream(t *testing.T) {
	_, m := serve(t, []reply{
		sse(callStart("0", "call_1", "get_weather"), callArgs("0", `{"city":`), callArgs("0", `"Paris"}`), chunk(`{}`, "tool_calls"), usageChunk),
		sse(content("Sunny"), content(" in Paris."), chunk(`{}`, "stop"), usageChunk),
	})
	providertest.CheckRunStream(t, m)
}
