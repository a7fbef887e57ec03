package openai_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3/option"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/provider/internal/providertest"
	"github.com/toolgen-dev/toolgen/provider/openai"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// reply is one scripted HTTP answer of the fake API.
type reply = providertest.Reply

// serve starts the fake API on 127.0.0.1 and a model talking to it.
func serve(t *testing.T, script []reply, opts ...openai.Option) (*providertest.FakeAPI, *openai.Model) {
	t.Helper()
	f := &providertest.FakeAPI{Path: "/chat/completions", Script: script,
		BadRequest: `{"error":{"message":"bad request to the fake","type":"invalid_request_error"}}`,
		Exhausted:  `{"error":{"message":"script exhausted","type":"server_error"}}`}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	all := append([]openai.Option{
		openai.WithAPIKey("sk-test"),
		openai.WithBaseURL(srv.URL),
		openai.WithModel("gpt-test"),
		openai.WithRequestOptions(option.WithHTTPClient(srv.Client())),
	}, opts...)
	m, err := openai.New(all...)
	require.NoError(t, err)
	return f, m
}

// completion is a Chat Completions response body.
func completion(message string, finish string) reply {
	return reply{Status: 200, Body: `{"id":"chatcmpl-1","object":"chat.completion","created":1700000000,"model":"gpt-test",
"choices":[{"index":0,"message":` + message + `,"logprobs":null,"finish_reason":"` + finish + `"}],
"usage":{"prompt_tokens":100,"completion_tokens":20,"total_tokens":120}}`}
}

func textReply(text string) reply {
	b, _ := json.Marshal(text)
	return completion(`{"role":"assistant","content":`+string(b)+`,"refusal":null}`, "stop")
}

func callsReply(calls ...string) reply {
	return completion(`{"role":"assistant","content":null,"refusal":null,"tool_calls":[`+strings.Join(calls, ",")+`]}`, "tool_calls")
}

func call(id, name, args string) string {
	b, _ := json.Marshal(args)
	return `{"id":"` + id + `","type":"function","function":{"name":"` + name + `","arguments":` + string(b) + `}}`
}

func TestTextAnswer(t *testing.T) {
	f, m := serve(t, []reply{textReply("Hello!")}, openai.WithHeader("X-Team", "weather"))
	s, err := providertest.Run(t, m, "Hi")
	require.NoError(t, err)
	assert.Equal(t, "Hello!", s.Output())
	assert.Equal(t, agent.Usage{InputTokens: 100, OutputTokens: 20}, s.Usage)

	reqs := f.Requests()
	require.Len(t, reqs, 1)
	assert.Equal(t, "gpt-test", reqs[0]["model"])
	assert.Equal(t, []any{
		map[string]any{"role": "system", "content": "You are a weather assistant."},
		map[string]any{"role": "user", "content": "Hi"},
	}, reqs[0]["messages"])
	assert.Equal(t, "weather", f.Headers()[0].Get("X-Team"))
	assert.Equal(t, "Bearer sk-test", f.Headers()[0].Get("Authorization"))
}

func TestToolDefinitions(t *testing.T) {
	f, m := serve(t, []reply{textReply("ok")})
	_, err := providertest.Run(t, m, "Hi")
	require.NoError(t, err)
	tools := f.Requests()[0]["tools"].([]any)
	require.Len(t, tools, len(weather.Tools()))
	for i, tool := range weather.Tools() {
		got := tools[i].(map[string]any)
		assert.Equal(t, "function", got["type"])
		fn := got["function"].(map[string]any)
		assert.Equal(t, string(tool.Name), fn["name"])
		assert.Equal(t, tool.Description, fn["description"])
		want, strict := tool.InputSchema, false
		if tool.StrictSchema != nil {
			want, strict = tool.StrictSchema, true
		}
		var schema any
		require.NoError(t, json.Unmarshal(want, &schema))
		assert.Equal(t, schema, fn["parameters"], "tool %s", tool.Name)
		if strict {
			assert.Equal(t, true, fn["strict"], "tool %s", tool.Name)
		} else {
			assert.NotContains(t, fn, "strict", "tool %s", tool.Name)
		}
	}
}

func TestOneToolCall(t *testing.T) {
	f, m := serve(t, []reply{
		callsReply(call("call_1", "get_weather", `{"city":"Paris"}`)),
		textReply("Sunny in Paris."),
	})
	s, err := providertest.Run(t, m, "Weather in Paris?")
	require.NoError(t, err)
	assert.Equal(t, "Sunny in Paris.", s.Output())
	assert.Equal(t, agent.Usage{InputTokens: 200, OutputTokens: 40}, s.Usage)

	reqs := f.Requests()
	require.Len(t, reqs, 2)
	msgs := reqs[1]["messages"].([]any)
	require.Len(t, msgs, 4)
	assert.Equal(t, map[string]any{
		"role": "assistant",
		"tool_calls": []any{map[string]any{
			"id": "call_1", "type": "function",
			"function": map[string]any{"name": "get_weather", "arguments": `{"city":"Paris"}`},
		}},
	}, msgs[2])
	assert.Equal(t, map[string]any{"role": "tool", "tool_call_id": "call_1", "content": "Paris: 17°C, sunny"}, msgs[3])
}

func TestParallelToolCalls(t *testing.T) {
	f, m := serve(t, []reply{
		callsReply(
			call("call_a", "get_weather", `{"city":"Paris"}`),
			call("call_b", "get_weather", `{"city":"Atlantis"}`),
			call("call_c", "forecast", `{"city":"Oslo","days":1,"unit":null}`),
		),
		textReply("Done."),
	})
	s, err := providertest.Run(t, m, "Weather?")
	require.NoError(t, err)
	assert.Equal(t, "Done.", s.Output())

	msgs := f.Requests()[1]["messages"].([]any)
	require.Len(t, msgs, 6, "system, user, assistant, one tool message per result")
	calls := msgs[2].(map[string]any)["tool_calls"].([]any)
	require.Len(t, calls, 3)
	var ids []string
	for _, c := range calls {
		ids = append(ids, c.(map[string]any)["id"].(string))
	}
	assert.Equal(t, []string{"call_a", "call_b", "call_c"}, ids)
	assert.Equal(t, map[string]any{"role": "tool", "tool_call_id": "call_a", "content": "Paris: 17°C, sunny"}, msgs[3])
	assert.Equal(t, map[string]any{"role": "tool", "tool_call_id": "call_b", "content": "no weather station in Atlantis"}, msgs[4])
	last := msgs[5].(map[string]any)
	assert.Equal(t, "call_c", last["tool_call_id"])
	assert.Contains(t, last["content"], `"city":"Oslo"`, "null for an optional member reads as absent")
}

func TestAPIError(t *testing.T) {
	_, m := serve(t, []reply{{Status: 401, Body: `{"error":{"message":"Incorrect API key provided: sk-test.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`}})
	_, err := providertest.Run(t, m, "Hi")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "openai: 401 invalid_api_key: Incorrect API key provided: sk-test.")
	var apiErr *openai.APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, 401, apiErr.StatusCode)
}

func TestRetryAfter429(t *testing.T) {
	limited := reply{Status: 429, Header: map[string]string{"Retry-After-Ms": "0"}, Body: `{"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}`}
	f, m := serve(t, []reply{limited, textReply("after the wait")}, openai.WithMaxRetries(1))
	s, err := providertest.Run(t, m, "Hi")
	require.NoError(t, err)
	assert.Equal(t, "after the wait", s.Output())
	assert.Len(t, f.Requests(), 2)
}

func TestNoRetries(t *testing.T) {
	limited := reply{Status: 429, Header: map[string]string{"Retry-After-Ms": "0"}, Body: `{"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}`}
	f, m := serve(t, []reply{limited, textReply("never")}, openai.WithMaxRetries(0))
	_, err := providertest.Run(t, m, "Hi")
	require.ErrorContains(t, err, "429 rate_limit_exceeded: Rate limit reached")
	assert.Len(t, f.Requests(), 1)
}

func TestNewErrors(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "")
	_, err := openai.New()
	require.ErrorContains(t, err, "no API key: set OPENAI_API_KEY")
	t.Setenv("OPENAI_API_KEY", "from-env")
	_, err = openai.New()
	require.NoError(t, err)
}

// TestOptionErrors: a bad value is New's error, naming the option and the
// value; nothing is clamped or ignored.
func TestOptionErrors(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "from-env")
	for want, opt := range map[string]openai.Option{
		`openai.WithAPIKey(""): empty key (leave the option out to read OPENAI_API_KEY)`: openai.WithAPIKey(""),
		`openai.WithModel(""): empty model name`:                                         openai.WithModel(""),
		`openai.WithMaxTokens(0): must be at least 1`:                                    openai.WithMaxTokens(0),
		`openai.WithMaxTokens(-5): must be at least 1`:                                   openai.WithMaxTokens(-5),
		`openai.WithBaseURL(""): empty URL`:                                              openai.WithBaseURL(""),
		`openai.WithHeader("", "v"): empty header name`:                                  openai.WithHeader("", "v"),
		`openai.WithMaxRetries(-1): must not be negative`:                                openai.WithMaxRetries(-1),
		`openai.WithRequestOptions: a nil option`:                                        openai.WithRequestOptions(nil),
		`openai: nil Option`:                                                             nil,
	} {
		_, err := openai.New(openai.WithModel("m"), opt)
		assert.EqualError(t, err, want)
	}
}

func TestMaxTokensOption(t *testing.T) {
	f, m := serve(t, []reply{textReply("Hi")}, openai.WithMaxTokens(300))
	_, err := providertest.Run(t, m, "Hi")
	require.NoError(t, err)
	assert.Equal(t, float64(300), f.Requests()[0]["max_completion_tokens"])
	f, m = serve(t, []reply{textReply("Hi")})
	_, err = providertest.Run(t, m, "Hi")
	require.NoError(t, err)
	assert.NotContains(t, f.Requests()[0], "max_completion_tokens", "the API decides by default")
}

// A tool without a strict schema (a map cannot be strict) is sent with its
// default schema and no "strict".
func TestNonStrictTool(t *testing.T) {
	f, m := serve(t, []reply{textReply("ok")})
	schema := `{"type":"object","properties":{"labels":{"type":"object","additionalProperties":{"type":"string"}}}}`
	tool := toolgen.Tool{
		Name: "label", Description: "Labels things.", InputSchema: []byte(schema),
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.Result{}, nil },
	}
	ag, err := agent.New(m, agent.WithTools([]toolgen.Tool{tool}))
	require.NoError(t, err)
	_, err = ag.Run(context.Background(), "Hi", nil)
	require.NoError(t, err)
	fn := f.Requests()[0]["tools"].([]any)[0].(map[string]any)["function"].(map[string]any)
	assert.NotContains(t, fn, "strict")
	var want any
	require.NoError(t, json.Unmarshal([]byte(schema), &want))
	assert.Equal(t, want, fn["parameters"])
}

func TestCancelledContext(t *testing.T) {
	f, m := serve(t, []reply{textReply("never")})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := m.Generate(ctx, agent.Request{Messages: []agent.Message{{Role: agent.RoleUser, Text: "Hi"}}})
	require.ErrorIs(t, err, context.Canceled)
	assert.Empty(t, f.Requests())
}

func TestTextAndCallsInOneAnswer(t *testing.T) {
	f, m := serve(t, []reply{
		completion(`{"role":"assistant","content":"Looking it up.","refusal":null,"tool_calls":[`+call("call_1", "get_weather", `{"city":"Paris"}`)+`]}`, "tool_calls"),
		textReply("Sunny."),
	})
	s, err := providertest.Run(t, m, "Weather?")
	require.NoError(t, err)
	assert.Equal(t, "Sunny.", s.Output())
	assistant := f.Requests()[1]["messages"].([]any)[2].(map[string]any)
	assert.Equal(t, "Looking it up.", assistant["content"])
	assert.Len(t, assistant["tool_calls"], 1)
}

func TestLengthDuringToolCall(t *testing.T) {
	_, m := serve(t, []reply{completion(`{"role":"assistant","content":null,"refusal":null,"tool_calls":[`+call("call_1", "get_weather", `{"ci`)+`]}`, "length")})
	_, err := providertest.Run(t, m, "Hi")
	require.ErrorContains(t, err, "reached its token limit while making a tool call")
}
