package anthropic_test

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
	"github.com/toolgen-dev/toolgen/provider/anthropic"
	"github.com/toolgen-dev/toolgen/provider/internal/providertest"
)

var _ agent.StreamingModel = (*anthropic.Model)(nil)

// sse is a streamed message: each event as "event: type" and its data.
func sse(events ...string) reply {
	var b strings.Builder
	for _, e := range events {
		var head struct {
			Type string `json:"type"`
		}
		_ = json.Unmarshal([]byte(e), &head)
		b.WriteString("event: " + head.Type + "\ndata: " + e + "\n\n")
	}
	return reply{Status: 200, Header: map[string]string{"Content-Type": "text/event-stream", "request-id": "req_stream"}, Body: b.String()}
}

const (
	messageStart = `{"type":"message_start","message":{"id":"msg_01","type":"message","role":"assistant","model":"claude-test","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":100,"output_tokens":1,"cache_creation_input_tokens":0,"cache_read_input_tokens":0}}}`
	ping         = `{"type":"ping"}`
	messageStop  = `{"type":"message_stop"}`
)

func messageDelta(stop string) string {
	return `{"type":"message_delta","delta":{"stop_reason":"` + stop + `","stop_sequence":null},"usage":{"output_tokens":20}}`
}

func blockStart(index, block string) string {
	return `{"type":"content_block_start","index":` + index + `,"content_block":` + block + `}`
}

func blockDelta(index, delta string) string {
	return `{"type":"content_block_delta","index":` + index + `,"delta":` + delta + `}`
}

func blockStop(index string) string {
	return `{"type":"content_block_stop","index":` + index + `}`
}

func textDelta(index, s string) string {
	b, _ := json.Marshal(s)
	return blockDelta(index, `{"type":"text_delta","text":`+string(b)+`}`)
}

func jsonDelta(index, s string) string {
	b, _ := json.Marshal(s)
	return blockDelta(index, `{"type":"input_json_delta","partial_json":`+string(b)+`}`)
}

func toolStart(index, id, name string) string {
	return blockStart(index, `{"type":"tool_use","id":"`+id+`","name":"`+name+`","input":{}}`)
}

var hi = agent.Request{System: "You are a weather assistant.", Messages: []agent.Message{{Role: agent.RoleUser, Text: "Hi"}}}

func TestStreamText(t *testing.T) {
	f, m := serve(t, []reply{sse(
		messageStart,
		blockStart("0", `{"type":"text","text":""}`),
		ping,
		textDelta("0", "Hel"), textDelta("0", "lo"), textDelta("0", " there!"),
		blockStop("0"),
		messageDelta("end_turn"),
		messageStop,
	)})
	got, err := providertest.Parts(t, m.Stream(context.Background(), hi))
	require.NoError(t, err)
	assert.Equal(t, []agent.Part{
		{Kind: agent.PartText, Text: "Hel"},
		{Kind: agent.PartText, Text: "lo"},
		{Kind: agent.PartText, Text: " there!"},
		{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 100, OutputTokens: 20}},
		{Kind: agent.PartFinish, Finish: "end_turn"},
	}, got)
	req := f.Requests()[0]
	assert.Equal(t, true, req["stream"])
	assert.Len(t, req["messages"], 1, "the request Generate sends")
}

// twoCalls streams text, then two parallel tool_use blocks, their input
// in pieces, as the Messages API does.
func twoCalls() reply {
	return sse(
		messageStart,
		blockStart("0", `{"type":"text","text":""}`),
		textDelta("0", "Looking"), textDelta("0", " it up."),
		blockStop("0"),
		toolStart("1", "toolu_a", "get_weather"),
		jsonDelta("1", ""),
		jsonDelta("1", `{"ci`),
		jsonDelta("1", `ty":"Paris"}`),
		blockStop("1"),
		toolStart("2", "toolu_b", "forecast"),
		jsonDelta("2", `{"city":"Oslo",`),
		jsonDelta("2", `"days":1}`),
		blockStop("2"),
		messageDelta("tool_use"),
		messageStop,
	)
}

func TestStreamParallelCalls(t *testing.T) {
	_, m := serve(t, []reply{twoCalls()})
	got, err := providertest.Parts(t, m.Stream(context.Background(), hi))
	require.NoError(t, err)
	assert.Equal(t, []agent.Part{
		{Kind: agent.PartText, Text: "Looking"},
		{Kind: agent.PartText, Text: " it up."},
		{Kind: agent.PartCallStart, Index: 0, Call: agent.ToolCall{ID: "toolu_a", Name: "get_weather"}},
		{Kind: agent.PartCallArgs, Index: 0, Text: `{"ci`},
		{Kind: agent.PartCallArgs, Index: 0, Text: `ty":"Paris"}`},
		{Kind: agent.PartCallDone, Index: 0, Call: agent.ToolCall{ID: "toolu_a", Name: "get_weather", Args: json.RawMessage(`{"city":"Paris"}`)}},
		{Kind: agent.PartCallStart, Index: 1, Call: agent.ToolCall{ID: "toolu_b", Name: "forecast"}},
		{Kind: agent.PartCallArgs, Index: 1, Text: `{"city":"Oslo",`},
		{Kind: agent.PartCallArgs, Index: 1, Text: `"days":1}`},
		{Kind: agent.PartCallDone, Index: 1, Call: agent.ToolCall{ID: "toolu_b", Name: "forecast", Args: json.RawMessage(`{"city":"Oslo","days":1}`)}},
		{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 100, OutputTokens: 20}},
		{Kind: agent.PartFinish, Finish: "tool_use"},
	}, got)
}

// TestStreamCollectsToGenerate: the parts of a stream make the response
// Generate gives for the same answer.
func TestStreamCollectsToGenerate(t *testing.T) {
	for name, pair := range map[string][2]reply{
		"text": {
			message("end_turn", text("Hello there!")),
			sse(messageStart, blockStart("0", `{"type":"text","text":""}`), textDelta("0", "Hello"), textDelta("0", " there!"), blockStop("0"), messageDelta("end_turn"), messageStop),
		},
		"text and calls": {
			message("tool_use", text("Looking it up."), toolUse("toolu_a", "get_weather", `{"city":"Paris"}`), toolUse("toolu_b", "forecast", `{"city":"Oslo","days":1}`)),
			twoCalls(),
		},
		"a call without input": {
			message("tool_use", toolUse("toolu_1", "ping", `{}`)),
			sse(messageStart, toolStart("0", "toolu_1", "ping"), jsonDelta("0", ""), blockStop("0"), messageDelta("tool_use"), messageStop),
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
			assert.Equal(t, reqs[0], reqs[1], "the same request but for streaming")
		})
	}
}

func TestStreamThinking(t *testing.T) {
	_, m := serve(t, []reply{sse(
		messageStart,
		blockStart("0", `{"type":"thinking","thinking":"","signature":""}`),
		blockDelta("0", `{"type":"thinking_delta","thinking":"Think"}`),
		blockDelta("0", `{"type":"thinking_delta","thinking":"ing."}`),
		blockDelta("0", `{"type":"signature_delta","signature":"EqQB"}`),
		blockStop("0"),
		blockStart("1", `{"type":"text","text":""}`),
		textDelta("1", "Hi!"),
		blockStop("1"),
		messageDelta("end_turn"),
		messageStop,
	)})
	got, err := providertest.Parts(t, m.Stream(context.Background(), hi))
	require.NoError(t, err)
	assert.Equal(t, []agent.Part{
		{Kind: agent.PartReasoning, Text: "Think"},
		{Kind: agent.PartReasoning, Text: "ing."},
		{Kind: agent.PartText, Text: "Hi!"},
		{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 100, OutputTokens: 20}},
		{Kind: agent.PartFinish, Finish: "end_turn"},
	}, got)
}

func TestStreamErrorStatus(t *testing.T) {
	_, m := serve(t, []reply{{Status: 400, Header: map[string]string{"request-id": "req_011"},
		Body: `{"type":"error","error":{"type":"invalid_request_error","message":"max_tokens: Field required"}}`}})
	got, err := providertest.Parts(t, m.Stream(context.Background(), hi))
	assert.Empty(t, got)
	require.EqualError(t, err, "anthropic: 400 invalid_request_error: max_tokens: Field required (request req_011)")
	var apiErr *anthropic.APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, 400, apiErr.StatusCode)
}

func TestStreamErrorEvent(t *testing.T) {
	_, m := serve(t, []reply{sse(
		messageStart,
		blockStart("0", `{"type":"text","text":""}`),
		textDelta("0", "Hel"),
		`{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`,
	)})
	got, err := providertest.Parts(t, m.Stream(context.Background(), hi))
	assert.Equal(t, []agent.Part{{Kind: agent.PartText, Text: "Hel"}}, got)
	require.EqualError(t, err, "anthropic: 200 overloaded_error: Overloaded (request req_stream)")
	var apiErr *anthropic.APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, "overloaded_error", apiErr.Type)
}

// A stream that ends without message_stop was cut: an error, not a
// shorter answer.
func TestStreamCut(t *testing.T) {
	_, m := serve(t, []reply{sse(messageStart, blockStart("0", `{"type":"text","text":""}`), textDelta("0", "Hel"))})
	got, err := providertest.Parts(t, m.Stream(context.Background(), hi))
	assert.Equal(t, []agent.Part{{Kind: agent.PartText, Text: "Hel"}}, got)
	require.ErrorIs(t, err, io.ErrUnexpectedEOF)
}

func TestStreamMaxTokensDuringToolUse(t *testing.T) {
	_, m := serve(t, []reply{sse(messageStart, toolStart("0", "toolu_1", "get_weather"), jsonDelta("0", `{"ci`), blockStop("0"), messageDelta("max_tokens"), messageStop)})
	_, err := agent.Collect(m.Stream(context.Background(), hi))
	require.EqualError(t, err, "anthropic: the answer reached max_tokens while making a tool call; raise WithMaxTokens (now 20 output tokens)")
}

// TestStreamEarlyStop: a consumer that stops early closes the HTTP stream,
// which the server sees (the goroutines end: goleak in TestMain).
func TestStreamEarlyStop(t *testing.T) {
	disconnected := make(chan bool, 1)
	rep := sse(messageStart, blockStart("0", `{"type":"text","text":""}`), textDelta("0", "Hel"), textDelta("0", "lo"))
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
	f, m := serve(t, []reply{sse(messageStart, messageStop)})
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
		sse(messageStart, toolStart("0", "toolu_1", "get_weather"), jsonDelta("0", `{"city":`), jsonDelta("0", `"Paris"}`), blockStop("0"), messageDelta("tool_use"), messageStop),
		sse(messageStart, blockStart("0", `{"type":"text","text":""}`), textDelta("0", "Sunny"), textDelta("0", " in Paris."), blockStop("0"), messageDelta("end_turn"), messageStop),
	})
	providertest.CheckRunStream(t, m)
}
