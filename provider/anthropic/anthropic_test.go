package anthropic_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/provider/anthropic"
	"github.com/toolgen-dev/toolgen/provider/internal/providertest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// reply is one scripted HTTP answer of the fake API.
type reply = providertest.Reply

// serve starts the fake API on 127.0.0.1 and a model talking to it.
func serve(t *testing.T, script []reply, opts ...anthropic.Option) (*providertest.FakeAPI, *anthropic.Model) {
	t.Helper()
	f := &providertest.FakeAPI{Path: "/v1/messages", Script: script,
		BadRequest: `{"type":"error","error":{"type":"invalid_request_error","message":"bad request to the fake"}}`,
		Exhausted:  `{"type":"error","error":{"type":"invalid_request_error","message":"script exhausted"}}`}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	all := append([]anthropic.Option{
		anthropic.WithAPIKey("sk-ant-test"),
		anthropic.WithBaseURL(srv.URL),
		anthropic.WithModel("claude-test"),
		anthropic.WithRequestOptions(option.WithHTTPClient(srv.Client())),
	}, opts...)
	m, err := anthropic.New(all...)
	require.NoError(t, err)
	return f, m
}

// message is a Messages API response body.
func message(stop string, blocks ...string) reply {
	return reply{Status: 200, Body: `{"id":"msg_01","type":"message","role":"assistant","model":"claude-test",
"content":[` + strings.Join(blocks, ",") + `],"stop_reason":"` + stop + `","stop_sequence":null,
"usage":{"input_tokens":100,"output_tokens":20,"cache_creation_input_tokens":0,"cache_read_input_tokens":0}}`}
}

func text(s string) string {
	b, _ := json.Marshal(s)
	return `{"type":"text","text":` + string(b) + `}`
}

func toolUse(id, name, input string) string {
	return `{"type":"tool_use","id":"` + id + `","name":"` + name + `","input":` + input + `}`
}

func TestTextAnswer(t *testing.T) {
	f, m := serve(t, []reply{message("end_turn", text("Hello!"))}, anthropic.WithHeader("X-Team", "weather"), anthropic.WithMaxTokens(1000))
	s, err := providertest.Run(t, m, "Hi")
	require.NoError(t, err)
	assert.Equal(t, "Hello!", s.Output())
	assert.Equal(t, agent.Usage{InputTokens: 100, OutputTokens: 20}, s.Usage)

	reqs := f.Requests()
	require.Len(t, reqs, 1)
	assert.Equal(t, "claude-test", reqs[0]["model"])
	assert.Equal(t, float64(1000), reqs[0]["max_tokens"])
	assert.Equal(t, []any{map[string]any{"type": "text", "text": "You are a weather assistant."}}, reqs[0]["system"])
	assert.Equal(t, []any{map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "Hi"}}}}, reqs[0]["messages"])
	assert.Equal(t, "weather", f.Headers()[0].Get("X-Team"))
	assert.Equal(t, "Bearer sk-ant-test", f.Headers()[0].Get("Authorization"))
}

func TestDefaultMaxTokens(t *testing.T) {
	f, m := serve(t, []reply{message("end_turn", text("ok"))})
	_, err := providertest.Run(t, m, "Hi")
	require.NoError(t, err)
	assert.Equal(t, float64(anthropic.DefaultMaxTokens), f.Requests()[0]["max_tokens"])
}

func TestToolDefinitions(t *testing.T) {
	f, m := serve(t, []reply{message("end_turn", text("ok"))})
	_, err := providertest.Run(t, m, "Hi")
	require.NoError(t, err)
	tools := f.Requests()[0]["tools"].([]any)
	require.Len(t, tools, len(weather.Tools()))
	for i, tool := range weather.Tools() {
		got := tools[i].(map[string]any)
		assert.Equal(t, string(tool.Name), got["name"])
		assert.Equal(t, tool.Description, got["description"])
		var schema any
		require.NoError(t, json.Unmarshal(tool.InputSchema, &schema))
		assert.Equal(t, schema, got["input_schema"], "tool %s", tool.Name)
	}
}

func TestOneToolCall(t *testing.T) {
	f, m := serve(t, []reply{
		message("tool_use", text("Let me look."), toolUse("toolu_1", "get_weather", `{"city":"Paris"}`)),
		message("end_turn", text("Sunny in Paris.")),
	})
	s, err := providertest.Run(t, m, "Weather in Paris?")
	require.NoError(t, err)
	assert.Equal(t, "Sunny in Paris.", s.Output())
	assert.Equal(t, agent.Usage{InputTokens: 200, OutputTokens: 40}, s.Usage)

	msgs := f.Requests()[1]["messages"].([]any)
	require.Len(t, msgs, 3)
	assert.Equal(t, map[string]any{"role": "assistant", "content": []any{
		map[string]any{"type": "text", "text": "Let me look."},
		map[string]any{"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": map[string]any{"city": "Paris"}},
	}}, msgs[1])
	assert.Equal(t, map[string]any{"role": "user", "content": []any{
		map[string]any{"type": "tool_result", "tool_use_id": "toolu_1", "is_error": false,
			"content": []any{map[string]any{"type": "text", "text": "Paris: 17°C, sunny"}}},
	}}, msgs[2])
}

func TestParallelToolUse(t *testing.T) {
	f, m := serve(t, []reply{
		message("tool_use",
			toolUse("toolu_a", "get_weather", `{"city":"Paris"}`),
			toolUse("toolu_b", "get_weather", `{"city":"Atlantis"}`),
			toolUse("toolu_c", "forecast", `{"city":"Oslo","days":1}`),
		),
		message("end_turn", text("Done.")),
	})
	s, err := providertest.Run(t, m, "Weather?")
	require.NoError(t, err)
	assert.Equal(t, "Done.", s.Output())

	msgs := f.Requests()[1]["messages"].([]any)
	require.Len(t, msgs, 3, "user, assistant, one user message with every result")
	results := msgs[2].(map[string]any)["content"].([]any)
	require.Len(t, results, 3)
	var ids []string
	var errs []bool
	for _, r := range results {
		block := r.(map[string]any)
		assert.Equal(t, "tool_result", block["type"])
		ids = append(ids, block["tool_use_id"].(string))
		errs = append(errs, block["is_error"].(bool))
	}
	assert.Equal(t, []string{"toolu_a", "toolu_b", "toolu_c"}, ids)
	assert.Equal(t, []bool{false, true, false}, errs)
	failed := results[1].(map[string]any)["content"].([]any)[0].(map[string]any)
	assert.Equal(t, "no weather station in Atlantis", failed["text"])
}

func TestMaxTokensDuringToolUse(t *testing.T) {
	_, m := serve(t, []reply{message("max_tokens", toolUse("toolu_1", "get_weather", `{}`))})
	_, err := providertest.Run(t, m, "Hi")
	require.ErrorContains(t, err, "reached max_tokens while making a tool call")
}

func TestAPIError(t *testing.T) {
	_, m := serve(t, []reply{{Status: 400, Header: map[string]string{"request-id": "req_011"},
		Body: `{"type":"error","error":{"type":"invalid_request_error","message":"max_tokens: Field required"}}`}})
	_, err := providertest.Run(t, m, "Hi")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "anthropic: 400 invalid_request_error: max_tokens: Field required (request req_011)")
	var apiErr *anthropic.APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, 400, apiErr.StatusCode)
}

func TestRetryAfter429(t *testing.T) {
	limited := reply{Status: 429, Header: map[string]string{"Retry-After-Ms": "0"}, Body: `{"type":"error","error":{"type":"rate_limit_error","message":"Number of requests has exceeded your rate limit"}}`}
	f, m := serve(t, []reply{limited, message("end_turn", text("after the wait"))}, anthropic.WithMaxRetries(1))
	s, err := providertest.Run(t, m, "Hi")
	require.NoError(t, err)
	assert.Equal(t, "after the wait", s.Output())
	assert.Len(t, f.Requests(), 2)
}

func TestNoRetries(t *testing.T) {
	limited := reply{Status: 429, Header: map[string]string{"Retry-After-Ms": "0"}, Body: `{"type":"error","error":{"type":"rate_limit_error","message":"Number of requests has exceeded your rate limit"}}`}
	f, m := serve(t, []reply{limited, message("end_turn", text("never"))}, anthropic.WithMaxRetries(0))
	_, err := providertest.Run(t, m, "Hi")
	require.ErrorContains(t, err, "429 rate_limit_error: Number of requests has exceeded your rate limit")
	assert.Len(t, f.Requests(), 1)
}

func TestNewErrors(t *testing.T) {
	t.Setenv("ANTHROPIC_API_KEY", "")
	_, err := anthropic.New()
	require.ErrorContains(t, err, "no API key: set ANTHROPIC_API_KEY")
	t.Setenv("ANTHROPIC_API_KEY", "from-env")
	_, err = anthropic.New()
	require.NoError(t, err)
}

// TestOptionErrors: a bad value is New's error, naming the option and the
// value; nothing is clamped or ignored.
func TestOptionErrors(t *testing.T) {
	t.Setenv("ANTHROPIC_API_KEY", "from-env")
	for want, opt := range map[string]anthropic.Option{
		`anthropic.WithAPIKey(""): empty key (leave the option out to read ANTHROPIC_API_KEY)`: anthropic.WithAPIKey(""),
		`anthropic.WithModel(""): empty model name`:                                            anthropic.WithModel(""),
		`anthropic.WithMaxTokens(0): must be at least 1`:                                       anthropic.WithMaxTokens(0),
		`anthropic.WithMaxTokens(-5): must be at least 1`:                                      anthropic.WithMaxTokens(-5),
		`anthropic.WithBaseURL(""): empty URL`:                                                 anthropic.WithBaseURL(""),
		`anthropic.WithHeader("", "v"): empty header name`:                                     anthropic.WithHeader("", "v"),
		`anthropic.WithMaxRetries(-1): must not be negative`:                                   anthropic.WithMaxRetries(-1),
		`anthropic.WithRequestOptions: a nil option`:                                           anthropic.WithRequestOptions(nil),
		`anthropic: nil Option`:                                                                nil,
	} {
		_, err := anthropic.New(anthropic.WithModel("m"), opt)
		assert.EqualError(t, err, want)
	}
}

func TestCancelledContext(t *testing.T) {
	f, m := serve(t, []reply{message("end_turn", text("never"))})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := m.Generate(ctx, agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: "Hi"}}})
	require.ErrorIs(t, err, context.Canceled)
	assert.Empty(t, f.Requests())
}

// A user message after tool results (a resumed run) joins them in one user
// message: the API wants the roles to alternate.
func TestConsecutiveUserMessagesMerge(t *testing.T) {
	f, m := serve(t, []reply{message("end_turn", text("ok"))})
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
	assert.Equal(t, map[string]any{"type": "text", "text": "And tomorrow?"}, content[1])
}

// A 200 answer that is not a message (no content) is an error, not an
// empty answer.
func TestAnswerNotAMessage(t *testing.T) {
	for _, body := range []string{`{}`, `[]`, `{"choices":[]}`} {
		_, m := serve(t, []reply{{Status: 200, Body: body}})
		_, err := m.Generate(context.Background(), agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: "Hi"}}})
		require.ErrorContains(t, err, "anthropic: the response is not a message (no content)", "answer %s", body)
	}
}
