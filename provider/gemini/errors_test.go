package gemini_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/gemini"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

// quotaExceeded is a 429 as the API words it, with the RetryInfo that
// says how long to wait.
func quotaExceeded(delay string) reply {
	return reply{Status: 429, Body: `{"error":{"code":429,"message":"You exceeded your current quota.","status":"RESOURCE_EXHAUSTED","details":[` +
		`{"@type":"type.googleapis.com/google.rpc.QuotaFailure","violations":[{"quotaMetric":"generate_content_free_tier_requests"}]},` +
		`{"@type":"type.googleapis.com/google.rpc.RetryInfo","retryDelay":"` + delay + `"}]}}`}
}

// Errors say the status, the error's status and its message; a 429's
// RetryInfo is the wait the retries take, and the error's RetryAfter.
func TestErrors(t *testing.T) {
	t.Run("400", func(t *testing.T) {
		bad := reply{Status: 400, Body: `{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","status":"INVALID_ARGUMENT"}}`}
		f, m := adapter.Serve(t, []reply{bad})
		_, err := m.Generate(context.Background(), providertest.Hi)
		require.EqualError(t, err, "gemini: 400 INVALID_ARGUMENT: API key not valid. Please pass a valid API key.")
		assert.Len(t, f.Requests(), 1, "a 400 is not retried")
	})
	t.Run("429 waits as RetryInfo says", func(t *testing.T) {
		f, m := adapter.Serve(t, []reply{quotaExceeded("0.05s"), geminiAPI{}.Answer(providertest.Answer{Text: []string{"ok"}})})
		start := time.Now()
		resp, err := m.Generate(context.Background(), providertest.Hi)
		require.NoError(t, err)
		assert.Equal(t, "ok", resp.Message.Text)
		assert.Len(t, f.Requests(), 2)
		assert.GreaterOrEqual(t, time.Since(start), 50*time.Millisecond)
	})
	t.Run("429 asking too long a wait", func(t *testing.T) {
		f, m := adapter.Serve(t, []reply{quotaExceeded("90s")})
		_, err := m.Generate(context.Background(), providertest.Hi)
		require.EqualError(t, err, "gemini: 429 RESOURCE_EXHAUSTED: You exceeded your current quota.")
		apiErr, ok := errors.AsType[*gemini.APIError](err)
		require.True(t, ok)
		assert.Equal(t, 90*time.Second, apiErr.RetryAfter, "the caller's to decide")
		assert.Len(t, f.Requests(), 1)
	})
	t.Run("500 retried, then the error", func(t *testing.T) {
		internal := reply{Status: 500, Header: map[string]string{"Retry-After": "0"},
			Body: `{"error":{"code":500,"message":"An internal error has occurred.","status":"INTERNAL"}}`}
		f, m := adapter.Serve(t, []reply{internal, internal, internal})
		_, err := m.Generate(context.Background(), providertest.Hi)
		require.EqualError(t, err, "gemini: 500 INTERNAL: An internal error has occurred.")
		assert.Len(t, f.Requests(), 1+gemini.DefaultMaxRetries)
		_, err = agent.Collect(m.Stream(context.Background(), providertest.Hi))
		require.EqualError(t, err, "gemini: 400 invalid_request_error: script exhausted", "the stream's request is retried too")
	})
	t.Run("a body that is not Gemini's", func(t *testing.T) {
		_, m := adapter.Serve(t, []reply{{Status: 502, Body: "upstream down"}}, gemini.WithMaxRetries(0))
		_, err := m.Generate(context.Background(), providertest.Hi)
		require.EqualError(t, err, "gemini: 502 Bad Gateway: upstream down")
	})
	t.Run("an error in the stream has its own code", func(t *testing.T) {
		_, m := adapter.Serve(t, []reply{sse(response([]string{textPart("Hel")}, "", usage),
			`{"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}`)})
		got, err := providertest.Parts(t, m.Stream(context.Background(), providertest.Hi))
		assert.Equal(t, []agent.Part{{Kind: agent.PartText, Text: "Hel"}}, got)
		require.EqualError(t, err, "gemini: 503 UNAVAILABLE: The model is overloaded.")
	})
}

// A connection that breaks mid-stream (no end of the chunked body) is an
// error wrapping io.ErrUnexpectedEOF, after every part that came.
func TestStreamConnectionBreaks(t *testing.T) {
	rep := sse(response([]string{thoughtPart("Hm.")}, "", usage), response([]string{textPart("Hel")}, "", usage),
		response([]string{callPart("call_1", "get_weather", `{"city":"Paris"}`, "")}, "", usage))
	rep.Hold = func(w http.ResponseWriter, _ *http.Request) {
		w.(http.Flusher).Flush()
		conn, _, err := http.NewResponseController(w).Hijack()
		if err == nil {
			conn.Close()
		}
	}
	_, m := adapter.Serve(t, []reply{rep}, gemini.WithMaxRetries(0))
	got, err := providertest.Parts(t, m.Stream(context.Background(), providertest.Hi))
	require.ErrorIs(t, err, io.ErrUnexpectedEOF)
	assert.EqualError(t, err, "gemini: the stream ended before the answer did: unexpected EOF")
	assert.Equal(t, []agent.Part{
		{Kind: agent.PartReasoning, Text: "Hm."},
		{Kind: agent.PartText, Text: "Hel"},
		{Kind: agent.PartCallStart, Call: agent.ToolCall{ID: "call_1", Name: "get_weather"}},
		{Kind: agent.PartCallArgs, Text: `{"city":"Paris"}`},
		{Kind: agent.PartCallDone, Call: agent.ToolCall{ID: "call_1", Name: "get_weather", Args: []byte(`{"city":"Paris"}`)}},
	}, got, "nothing that came is lost")
}

// An answer the API stopped, and a prompt it blocked, are errors naming
// the reason; the text that streamed before stays with the consumer.
func TestStoppedAnswers(t *testing.T) {
	safety := `{"candidates":[{"content":{"role":"model","parts":[{"text":"Here is"}]},"finishReason":"SAFETY","index":0}],"usageMetadata":` + usage + `}`
	blocked := `{"promptFeedback":{"blockReason":"PROHIBITED_CONTENT"},"usageMetadata":` + usage + `}`
	malformed := `{"candidates":[{"finishReason":"MALFORMED_FUNCTION_CALL","finishMessage":"Malformed function call: get_weather(city=)","index":0}],"usageMetadata":` + usage + `}`
	_, m := adapter.Serve(t, []reply{{Status: 200, Body: safety}, sse(safety), {Status: 200, Body: blocked}, sse(blocked), {Status: 200, Body: malformed}})

	_, err := m.Generate(context.Background(), providertest.Hi)
	require.EqualError(t, err, "gemini: the model stopped with finish reason SAFETY")
	got, err := providertest.Parts(t, m.Stream(context.Background(), providertest.Hi))
	require.EqualError(t, err, "gemini: the model stopped with finish reason SAFETY")
	assert.Equal(t, []agent.Part{{Kind: agent.PartText, Text: "Here is"}}, got)

	_, err = m.Generate(context.Background(), providertest.Hi)
	require.EqualError(t, err, "gemini: the prompt was blocked (PROHIBITED_CONTENT)")
	_, err = agent.Collect(m.Stream(context.Background(), providertest.Hi))
	require.EqualError(t, err, "gemini: the prompt was blocked (PROHIBITED_CONTENT)")

	_, err = m.Generate(context.Background(), providertest.Hi)
	require.EqualError(t, err, "gemini: the model stopped with finish reason MALFORMED_FUNCTION_CALL", "the SDK keeps no finishMessage")
}

// A stream's request is retried as Generate's is, after the wait the
// answer asks for.
func TestStreamRetried(t *testing.T) {
	f, m := adapter.Serve(t, []reply{quotaExceeded("0s"), geminiAPI{}.Stream(providertest.Answer{Text: []string{"o", "k"}})})
	resp, err := agent.Collect(m.Stream(context.Background(), providertest.Hi))
	require.NoError(t, err)
	assert.Equal(t, "ok", resp.Message.Text)
	assert.Len(t, f.Requests(), 2)
}
