package anthropic_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/anthropics/anthropic-sdk-go/v2/option"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/anthropic"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

// messagesAPI speaks the Messages API as Anthropic documents it
// (docs.anthropic.com: Messages, Streaming Messages, Errors), for the
// shared suite and this package's own tests.
type messagesAPI struct{}

// adapter is this package, for the shared suite.
var adapter = providertest.Adapter[anthropic.Option, *anthropic.Model]{
	Name:             "anthropic",
	KeyEnv:           "ANTHROPIC_API_KEY",
	TokenLimit:       "max_tokens",
	DefaultMaxTokens: anthropic.DefaultMaxTokens,
	New:              anthropic.New,
	WithAPIKey:       anthropic.WithAPIKey,
	WithModel:        anthropic.WithModel,
	WithMaxTokens:    anthropic.WithMaxTokens,
	WithBaseURL:      anthropic.WithBaseURL,
	WithHeader:       anthropic.WithHeader,
	WithMaxRetries:   anthropic.WithMaxRetries,
	WithHTTPClient: func(c *http.Client) anthropic.Option {
		return anthropic.WithRequestOptions(option.WithHTTPClient(c))
	},
	WithNilRequestOption: func() anthropic.Option { return anthropic.WithRequestOptions(nil) },
	AsAPIError:           providertest.APIErrorAs(func(e *anthropic.APIError) (int, string) { return e.StatusCode, e.Type }),
	Wire:                 messagesAPI{},
}

type reply = providertest.Reply

func (messagesAPI) Path() string { return "/v1/messages" }

func (messagesAPI) FinishReason(f providertest.Finish) string {
	return [...]string{providertest.FinishStop: "end_turn", providertest.FinishTools: "tool_use", providertest.FinishLength: "max_tokens"}[f]
}

func (messagesAPI) MarksFailedResults() bool { return true }

func (w messagesAPI) Error(status int, kind, message string) reply {
	return reply{Status: status, Body: errorBody(kind, message)}
}

func errorBody(kind, message string) string {
	return `{"type":"error","error":{"type":` + quote(kind) + `,"message":` + quote(message) + `}}`
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// Answer is a message: a thinking block, a text block, then a tool_use
// block a call.
func (w messagesAPI) Answer(a providertest.Answer) reply {
	var blocks []string
	if len(a.Reasoning) > 0 {
		blocks = append(blocks, `{"type":"thinking","thinking":`+quote(strings.Join(a.Reasoning, ""))+`,"signature":"EqQB"}`)
	}
	if len(a.Text) > 0 {
		blocks = append(blocks, textBlock(strings.Join(a.Text, "")))
	}
	for _, c := range a.Calls {
		blocks = append(blocks, toolUse(c.ID, c.Name, input(c.Args)))
	}
	return message(w.FinishReason(a.Finish), blocks...)
}

// input is a call's input: its arguments, or an empty object.
func input(args []string) string {
	if len(args) == 0 {
		return `{}`
	}
	return strings.Join(args, "")
}

// message is a Messages API response body.
func message(stop string, blocks ...string) reply {
	return reply{Status: 200, Body: `{"id":"msg_01","type":"message","role":"assistant","model":"claude-test",
"content":[` + strings.Join(blocks, ",") + `],"stop_reason":"` + stop + `","stop_sequence":null,
"usage":{"input_tokens":100,"output_tokens":20,"cache_creation_input_tokens":0,"cache_read_input_tokens":0}}`}
}

func textBlock(s string) string { return `{"type":"text","text":` + quote(s) + `}` }

func toolUse(id, name, input string) string {
	return `{"type":"tool_use","id":"` + id + `","name":"` + name + `","input":` + input + `}`
}

// Stream is the answer's events: message_start and a ping, a content
// block each for the thinking (with its signature), the text and each
// call (its input in input_json_delta pieces, the first empty, as the API
// sends them), then message_delta with the stop_reason and the usage, and
// message_stop.
func (w messagesAPI) Stream(a providertest.Answer) reply {
	events := []string{messageStart, ping}
	block := 0
	if len(a.Reasoning) > 0 {
		events = append(events, blockStart(block, `{"type":"thinking","thinking":"","signature":""}`))
		for _, piece := range a.Reasoning {
			events = append(events, blockDelta(block, `{"type":"thinking_delta","thinking":`+quote(piece)+`}`))
		}
		events = append(events, blockDelta(block, `{"type":"signature_delta","signature":"EqQB"}`), blockStop(block))
		block++
	}
	if len(a.Text) > 0 {
		events = append(events, blockStart(block, `{"type":"text","text":""}`))
		for _, piece := range a.Text {
			events = append(events, textDelta(block, piece))
		}
	}
	switch a.Break {
	case providertest.BreakCut:
		return sse(events...)
	case providertest.BreakErrorEvent:
		return sse(append(events, errorBody(providertest.OverloadedType, providertest.OverloadedMessage))...)
	case providertest.BreakMalformed:
		r := sse(events...)
		r.Body += "event: content_block_delta\ndata: " + providertest.MalformedJSON + "\n\n"
		return r
	}
	if len(a.Text) > 0 {
		events = append(events, blockStop(block))
		block++
	}
	for _, c := range a.Calls {
		events = append(events, toolStart(block, c.ID, c.Name), jsonDelta(block, ""))
		for _, piece := range c.Args {
			events = append(events, jsonDelta(block, piece))
		}
		events = append(events, blockStop(block))
		block++
	}
	return sse(append(events, messageDelta(w.FinishReason(a.Finish)), messageStop)...)
}

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
	return reply{Status: 200, Header: map[string]string{"Content-Type": "text/event-stream"}, Body: b.String()}
}

const (
	messageStart = `{"type":"message_start","message":{"id":"msg_01","type":"message","role":"assistant","model":"claude-test","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":100,"output_tokens":1,"cache_creation_input_tokens":0,"cache_read_input_tokens":0}}}`
	ping         = `{"type":"ping"}`
	messageStop  = `{"type":"message_stop"}`
)

func messageDelta(stop string) string {
	return `{"type":"message_delta","delta":{"stop_reason":"` + stop + `","stop_sequence":null},"usage":{"output_tokens":20}}`
}

func blockStart(index int, block string) string {
	return `{"type":"content_block_start","index":` + strconv.Itoa(index) + `,"content_block":` + block + `}`
}

func blockDelta(index int, delta string) string {
	return `{"type":"content_block_delta","index":` + strconv.Itoa(index) + `,"delta":` + delta + `}`
}

func blockStop(index int) string {
	return `{"type":"content_block_stop","index":` + strconv.Itoa(index) + `}`
}

func textDelta(index int, s string) string {
	return blockDelta(index, `{"type":"text_delta","text":`+quote(s)+`}`)
}

func jsonDelta(index int, s string) string {
	return blockDelta(index, `{"type":"input_json_delta","partial_json":`+quote(s)+`}`)
}

func toolStart(index int, id, name string) string {
	return blockStart(index, `{"type":"tool_use","id":"`+id+`","name":"`+name+`","input":{}}`)
}

// The request body, as documented: no member but these.
type (
	messagesRequest struct {
		Model     string         `json:"model"`
		MaxTokens int            `json:"max_tokens"`
		System    []contentBlock `json:"system"`
		Messages  []wireMessage  `json:"messages"`
		Tools     []wireTool     `json:"tools"`
		Stream    bool           `json:"stream"`
	}
	wireMessage struct {
		Role    string         `json:"role"`
		Content []contentBlock `json:"content"`
	}
	contentBlock struct {
		Type         string          `json:"type"`
		Text         string          `json:"text"`
		ID           string          `json:"id"`          // tool_use
		Name         string          `json:"name"`        // tool_use
		Input        json.RawMessage `json:"input"`       // tool_use
		ToolUseID    string          `json:"tool_use_id"` // tool_result
		IsError      *bool           `json:"is_error"`    // tool_result
		Content      []contentBlock  `json:"content"`     // tool_result: its text blocks
		CacheControl *cacheControl   `json:"cache_control"`
	}
	wireTool struct {
		Name         string          `json:"name"`
		Description  string          `json:"description"`
		InputSchema  json.RawMessage `json:"input_schema"`
		CacheControl *cacheControl   `json:"cache_control"`
	}
	// cacheControl is a prompt-cache breakpoint.
	cacheControl struct {
		Type string `json:"type"`
		TTL  string `json:"ttl"`
	}
)

// breakpoints checks a request's cache_control breakpoints as the API
// does: "ephemeral" ones ("5m" or "1h" long), four at most.
func breakpoints(t *testing.T, r messagesRequest) {
	t.Helper()
	var all []*cacheControl
	for _, tool := range r.Tools {
		all = append(all, tool.CacheControl)
	}
	for _, b := range r.System {
		all = append(all, b.CacheControl)
	}
	for _, m := range r.Messages {
		for _, b := range m.Content {
			all = append(all, b.CacheControl)
		}
	}
	n := 0
	for _, cc := range all {
		if cc != nil {
			n++
			assert.Equal(t, "ephemeral", cc.Type, "a breakpoint's type")
			assert.Contains(t, []string{"", "5m", "1h"}, cc.TTL, "a breakpoint's ttl")
		}
	}
	assert.LessOrEqual(t, n, 4, "a request carries four breakpoints at most")
}

// Read reads a request, failing t on a member the API does not document,
// roles that do not alternate, a tool result without is_error or a block
// of a type the adapter does not send.
func (messagesAPI) Read(t *testing.T, body []byte) providertest.Request {
	t.Helper()
	var r messagesRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(&r), "%s", body)
	breakpoints(t, r)
	req := providertest.Request{Model: r.Model, MaxTokens: r.MaxTokens, Stream: r.Stream}
	req.System = texts(t, r.System)
	for i, m := range r.Messages {
		if i > 0 && m.Role == r.Messages[i-1].Role {
			t.Errorf("messages %d and %d are both %s's: the roles must alternate", i-1, i, m.Role)
		}
		req.Messages = append(req.Messages, readMessage(t, m)...)
	}
	for _, tool := range r.Tools {
		var schema any
		require.NoError(t, json.Unmarshal(tool.InputSchema, &schema))
		req.Tools = append(req.Tools, providertest.Tool{Name: tool.Name, Description: tool.Description, Schema: schema})
	}
	return req
}

// readMessage reads a message: an assistant's text and tool_use blocks;
// a user's tool_result blocks (the results of a turn) and text.
func readMessage(t *testing.T, m wireMessage) []providertest.Message {
	t.Helper()
	if m.Role == "assistant" {
		msg := providertest.Message{Role: agent.RoleAssistant}
		for _, b := range m.Content {
			switch b.Type {
			case "text":
				msg.Text += b.Text
			case "tool_use":
				var args bytes.Buffer
				require.NoError(t, json.Compact(&args, b.Input))
				msg.Calls = append(msg.Calls, providertest.Call{ID: b.ID, Name: b.Name, Args: []string{args.String()}})
			default:
				t.Errorf("an assistant's block of type %q", b.Type)
			}
		}
		return []providertest.Message{msg}
	}
	require.Equal(t, "user", m.Role)
	results := providertest.Message{Role: agent.RoleTool}
	var user []contentBlock
	for _, b := range m.Content {
		if b.Type != "tool_result" {
			user = append(user, b)
			continue
		}
		require.NotNil(t, b.IsError, "tool_result %s without is_error", b.ToolUseID)
		results.Results = append(results.Results, providertest.Result{CallID: b.ToolUseID, Text: texts(t, b.Content), IsError: *b.IsError})
	}
	var out []providertest.Message
	if len(results.Results) > 0 {
		out = append(out, results)
	}
	if len(user) > 0 {
		out = append(out, providertest.Message{Role: agent.RoleUser, Text: texts(t, user)})
	}
	return out
}

// texts are text blocks' texts, joined.
func texts(t *testing.T, blocks []contentBlock) string {
	t.Helper()
	var s string
	for _, b := range blocks {
		require.Equal(t, "text", b.Type, "a text block")
		s += b.Text
	}
	return s
}
