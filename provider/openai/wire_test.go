package openai_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/openai/openai-go/v3/option"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/openai"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

// chatCompletions speaks Chat Completions as OpenAI documents it
// (platform.openai.com: Chat Completions, streaming, error codes), for
// the shared suite and this package's own tests.
type chatCompletions struct{}

// adapter is this package, for the shared suite.
var adapter = providertest.Adapter[openai.Option, *openai.Model]{
	Name:           "openai",
	KeyEnv:         "OPENAI_API_KEY",
	TokenLimit:     "its token limit",
	StrictSchemas:  true,
	New:            openai.New,
	WithAPIKey:     openai.WithAPIKey,
	WithModel:      openai.WithModel,
	WithMaxTokens:  openai.WithMaxTokens,
	WithBaseURL:    openai.WithBaseURL,
	WithHeader:     openai.WithHeader,
	WithMaxRetries: openai.WithMaxRetries,
	WithHTTPClient: func(c *http.Client) openai.Option {
		return openai.WithRequestOptions(option.WithHTTPClient(c))
	},
	WithNilRequestOption: func() openai.Option { return openai.WithRequestOptions(nil) },
	AsAPIError:           providertest.APIErrorAs(func(e *openai.APIError) (int, string) { return e.StatusCode, e.Type }),
	Wire:                 chatCompletions{},
}

type reply = providertest.Reply

func (chatCompletions) Path() string { return "/chat/completions" }

func (chatCompletions) FinishReason(f providertest.Finish) string {
	return [...]string{providertest.FinishStop: "stop", providertest.FinishTools: "tool_calls", providertest.FinishLength: "length"}[f]
}

// MarksFailedResults: a tool message has no error flag.
func (chatCompletions) MarksFailedResults() bool { return false }

func (chatCompletions) Error(status int, kind, message string) reply {
	return reply{Status: status, Body: errorBody(kind, message)}
}

func errorBody(kind, message string) string {
	return `{"error":{"message":` + quote(message) + `,"type":` + quote(kind) + `,"param":null,"code":null}}`
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// Answer is a chat.completion with one choice: the text as content (null
// without), the reasoning as reasoning_content (as vLLM sends it), the
// calls as function tool_calls.
func (w chatCompletions) Answer(a providertest.Answer) reply {
	content := "null"
	if len(a.Text) > 0 {
		content = quote(strings.Join(a.Text, ""))
	}
	msg := `{"role":"assistant","content":` + content + `,"refusal":null`
	if len(a.Reasoning) > 0 {
		msg += `,"reasoning_content":` + quote(strings.Join(a.Reasoning, ""))
	}
	if len(a.Calls) > 0 {
		var calls []string
		for _, c := range a.Calls {
			calls = append(calls, call(c.ID, c.Name, arguments(c.Args)))
		}
		msg += `,"tool_calls":[` + strings.Join(calls, ",") + `]`
	}
	return completion(msg+`}`, w.FinishReason(a.Finish))
}

// arguments are a call's arguments, an empty object for a tool without
// input.
func arguments(pieces []string) string {
	if len(pieces) == 0 {
		return `{}`
	}
	return strings.Join(pieces, "")
}

// completion is a Chat Completions response body.
func completion(message string, finish string) reply {
	return reply{Status: 200, Body: `{"id":"chatcmpl-1","object":"chat.completion","created":1700000000,"model":"gpt-test",
"choices":[{"index":0,"message":` + message + `,"logprobs":null,"finish_reason":"` + finish + `"}],
"usage":{"prompt_tokens":100,"completion_tokens":20,"total_tokens":120}}`}
}

func call(id, name, args string) string {
	return `{"id":"` + id + `","type":"function","function":{"name":"` + name + `","arguments":` + quote(args) + `}}`
}

// Stream is the answer's chunks: the role, the reasoning and text pieces,
// each call's start (its id, name and empty arguments) and argument
// pieces, a chunk with the finish reason, then the usage chunk
// (include_usage) and [DONE].
func (w chatCompletions) Stream(a providertest.Answer) reply {
	chunks := []string{chunk(`{"role":"assistant","content":""}`, "")}
	for _, piece := range a.Reasoning {
		chunks = append(chunks, chunk(`{"content":null,"reasoning_content":`+quote(piece)+`}`, ""))
	}
	for _, piece := range a.Text {
		chunks = append(chunks, content(piece))
	}
	switch a.Break {
	case providertest.BreakCut:
		return cut(sse(chunks...))
	case providertest.BreakErrorEvent:
		return sse(append(chunks, errorBody(providertest.OverloadedType, providertest.OverloadedMessage))...)
	case providertest.BreakMalformed:
		return sse(append(chunks, providertest.MalformedJSON)...)
	}
	for i, c := range a.Calls {
		chunks = append(chunks, callStart(i, c.ID, c.Name))
		pieces := c.Args
		if len(pieces) == 0 {
			pieces = []string{`{}`}
		}
		for _, piece := range pieces {
			chunks = append(chunks, callArgs(i, piece))
		}
	}
	return sse(append(chunks, chunk(`{}`, w.FinishReason(a.Finish)), usageChunk)...)
}

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

// cut is a stream without its [DONE]: the connection ends.
func cut(r reply) reply {
	r.Body = strings.TrimSuffix(r.Body, "data: [DONE]\n\n")
	return r
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

func content(s string) string { return chunk(`{"content":`+quote(s)+`}`, "") }

// usageChunk is the last chunk with include_usage: no choices.
const usageChunk = `{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1700000000,"model":"gpt-test","choices":[],"usage":{"prompt_tokens":100,"completion_tokens":20,"total_tokens":120}}`

// callStart and callArgs are tool call deltas at a wire index.
func callStart(index int, id, name string) string {
	return chunk(`{"tool_calls":[{"index":`+strconv.Itoa(index)+`,"id":"`+id+`","type":"function","function":{"name":"`+name+`","arguments":""}}]}`, "")
}

func callArgs(index int, args string) string {
	return chunk(`{"tool_calls":[{"index":`+strconv.Itoa(index)+`,"function":{"arguments":`+quote(args)+`}}]}`, "")
}

// The request body, as documented: no member but these.
type (
	chatRequest struct {
		Model               string        `json:"model"`
		Messages            []chatMessage `json:"messages"`
		Tools               []chatTool    `json:"tools"`
		MaxCompletionTokens *int          `json:"max_completion_tokens"`
		Stream              bool          `json:"stream"`
		PromptCacheKey      string        `json:"prompt_cache_key"`
		StreamOptions       struct {
			IncludeUsage bool `json:"include_usage"`
		} `json:"stream_options"`
	}
	chatMessage struct {
		Role       string         `json:"role"`
		Content    *string        `json:"content"` // a string: the adapter sends no content parts
		ToolCalls  []chatToolCall `json:"tool_calls"`
		ToolCallID string         `json:"tool_call_id"`
	}
	chatToolCall struct {
		ID       string `json:"id"`
		Type     string `json:"type"`
		Function struct {
			Name      string `json:"name"`
			Arguments string `json:"arguments"`
		} `json:"function"`
	}
	chatTool struct {
		Type     string `json:"type"`
		Function struct {
			Name        string          `json:"name"`
			Description string          `json:"description"`
			Parameters  json.RawMessage `json:"parameters"`
			Strict      *bool           `json:"strict"`
		} `json:"function"`
	}
)

// Read reads a request, failing t on a member the API does not document,
// content that is not a string, or a call or tool that is not a function,
// and on members sent for nothing: a max_completion_tokens below 1,
// "strict": false, an assistant's empty content. The tool messages of a
// turn are one message of results.
func (chatCompletions) Read(t *testing.T, body []byte) providertest.Request {
	t.Helper()
	var r chatRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(&r), "%s", body)
	req := providertest.Request{Model: r.Model, Stream: r.Stream}
	if r.MaxCompletionTokens != nil {
		require.Positive(t, *r.MaxCompletionTokens, "max_completion_tokens, when sent")
		req.MaxTokens = *r.MaxCompletionTokens
	}
	for i, m := range r.Messages {
		text := ""
		if m.Content != nil {
			text = *m.Content
		}
		switch m.Role {
		case "system":
			require.Zero(t, i, "the system message comes first")
			req.System = text
		case "user":
			req.Messages = append(req.Messages, providertest.Message{Role: agent.RoleUser, Text: text})
		case "assistant":
			require.False(t, m.Content != nil && *m.Content == "", "an assistant's empty content is left out")
			req.Messages = append(req.Messages, providertest.Message{Role: agent.RoleAssistant, Text: text, Calls: readCalls(t, m.ToolCalls)})
		case "tool":
			result := providertest.Result{CallID: m.ToolCallID, Text: text}
			if n := len(req.Messages); n > 0 && req.Messages[n-1].Role == agent.RoleTool {
				req.Messages[n-1].Results = append(req.Messages[n-1].Results, result)
			} else {
				req.Messages = append(req.Messages, providertest.Message{Role: agent.RoleTool, Results: []providertest.Result{result}})
			}
		default:
			t.Errorf("message %d has role %q", i, m.Role)
		}
	}
	for _, tool := range r.Tools {
		require.Equal(t, "function", tool.Type)
		var schema any
		require.NoError(t, json.Unmarshal(tool.Function.Parameters, &schema))
		strict := tool.Function.Strict
		require.False(t, strict != nil && !*strict, "strict is left out when false")
		req.Tools = append(req.Tools, providertest.Tool{Name: tool.Function.Name, Description: tool.Function.Description, Schema: schema, Strict: strict != nil})
	}
	return req
}

func readCalls(t *testing.T, calls []chatToolCall) []providertest.Call {
	t.Helper()
	var out []providertest.Call
	for _, c := range calls {
		require.Equal(t, "function", c.Type)
		var args bytes.Buffer
		require.NoError(t, json.Compact(&args, []byte(c.Function.Arguments)), "arguments are a JSON text")
		out = append(out, providertest.Call{ID: c.ID, Name: c.Function.Name, Args: []string{args.String()}})
	}
	return out
}
