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

// responsesAPI speaks the Responses API as OpenAI documents it
// (platform.openai.com: Responses, streaming events, error codes), for
// the shared suite and this package's own tests.
type responsesAPI struct{}

// responsesAdapter is NewResponses, for the shared suite.
var responsesAdapter = providertest.Adapter[openai.Option, *openai.ResponsesModel]{
	Name:           "openai",
	KeyEnv:         "OPENAI_API_KEY",
	TokenLimit:     "max_output_tokens",
	StrictSchemas:  true,
	New:            openai.NewResponses,
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
	Wire:                 responsesAPI{},
}

func (responsesAPI) Path() string { return "/responses" }

func (responsesAPI) FinishReason(f providertest.Finish) string {
	return [...]string{providertest.FinishStop: "stop", providertest.FinishTools: "tool_calls", providertest.FinishLength: "max_output_tokens"}[f]
}

// MarksFailedResults: a function_call_output has no error flag.
func (responsesAPI) MarksFailedResults() bool { return false }

func (responsesAPI) Error(status int, kind, message string) reply {
	return reply{Status: status, Body: errorBody(kind, message)}
}

// The output items of an answer.
func reasoningItem(id string, summary ...string) string {
	var parts []string
	for _, s := range summary {
		parts = append(parts, `{"type":"summary_text","text":`+quote(s)+`}`)
	}
	return `{"type":"reasoning","id":"` + id + `","summary":[` + strings.Join(parts, ",") + `]}`
}

func encryptedReasoningItem(id, summary, encrypted string) string {
	return `{"type":"reasoning","id":"` + id + `","summary":[{"type":"summary_text","text":` + quote(summary) + `}],"encrypted_content":` + quote(encrypted) + `}`
}

func messageItem(id, text string) string {
	return `{"type":"message","id":"` + id + `","status":"completed","role":"assistant","content":[{"type":"output_text","text":` + quote(text) + `,"annotations":[]}]}`
}

func functionCallItem(i int, c providertest.Call, args string) string {
	return `{"type":"function_call","id":"fc_` + strconv.Itoa(i) + `","call_id":"` + c.ID + `","name":"` + c.Name + `","arguments":` + quote(args) + `,"status":"completed"}`
}

// outputItems are an answer's items: its reasoning, its message, its
// calls.
func outputItems(a providertest.Answer) []string {
	var items []string
	if len(a.Reasoning) > 0 {
		items = append(items, reasoningItem("rs_1", strings.Join(a.Reasoning, "")))
	}
	if len(a.Text) > 0 {
		items = append(items, messageItem("msg_1", strings.Join(a.Text, "")))
	}
	for i, c := range a.Calls {
		items = append(items, functionCallItem(i, c, arguments(c.Args)))
	}
	return items
}

// responseObject is a response with its output items, its status (and
// the reason it is incomplete) and usage 100 in, 20 out.
func responseObject(id, status, reason string, items []string) string {
	details := "null"
	if reason != "" {
		details = `{"reason":"` + reason + `"}`
	}
	return `{"id":"` + id + `","object":"response","created_at":1741476542,"status":"` + status + `","error":null,` +
		`"incomplete_details":` + details + `,"instructions":null,"model":"gpt-test","output":[` + strings.Join(items, ",") + `],` +
		`"parallel_tool_calls":true,"store":false,"tools":[],` +
		`"usage":{"input_tokens":100,"input_tokens_details":{"cached_tokens":0},"output_tokens":20,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":120}}`
}

// status is the status and incomplete reason of an answer that ends so.
func status(f providertest.Finish) (string, string) {
	if f == providertest.FinishLength {
		return "incomplete", "max_output_tokens"
	}
	return "completed", ""
}

// Answer is a response object.
func (responsesAPI) Answer(a providertest.Answer) reply {
	st, reason := status(a.Finish)
	return reply{Status: 200, Body: responseObject("resp_1", st, reason, outputItems(a))}
}

// events writes a streamed response's events, numbered, as SSE.
type events struct {
	b   strings.Builder
	seq int
}

// add writes an event of type typ with the members of fields (a JSON
// object's members, without braces).
func (e *events) add(typ, fields string) {
	data := `{"type":"` + typ + `","sequence_number":` + strconv.Itoa(e.seq)
	if fields != "" {
		data += "," + fields
	}
	e.seq++
	e.b.WriteString("event: " + typ + "\ndata: " + data + "}\n\n")
}

func (e *events) reply() reply {
	return reply{Status: 200, Header: map[string]string{"Content-Type": "text/event-stream"}, Body: e.b.String()}
}

// Stream is the answer's events in the order the API sends them:
// response.created; the reasoning item with its summary deltas; the
// message with its text deltas; each function call with its argument
// deltas; then response.completed (or incomplete) with the whole
// response. A Break comes after the text deltas.
func (w responsesAPI) Stream(a providertest.Answer) reply {
	e := &events{}
	e.add("response.created", `"response":`+responseObject("resp_1", "in_progress", "", nil))
	out := 0
	if len(a.Reasoning) > 0 {
		e.reasoning(out, "rs_1", a.Reasoning)
		out++
	}
	if len(a.Text) > 0 {
		e.add("response.output_item.added", `"output_index":`+strconv.Itoa(out)+`,"item":{"type":"message","id":"msg_1","status":"in_progress","role":"assistant","content":[]}`)
		e.add("response.content_part.added", `"item_id":"msg_1","output_index":`+strconv.Itoa(out)+`,"content_index":0,"part":{"type":"output_text","text":"","annotations":[]}`)
		for _, piece := range a.Text {
			e.add("response.output_text.delta", `"item_id":"msg_1","output_index":`+strconv.Itoa(out)+`,"content_index":0,"delta":`+quote(piece))
		}
	}
	switch a.Break {
	case providertest.BreakCut:
		return e.reply()
	case providertest.BreakErrorEvent:
		e.add("error", `"code":"`+providertest.OverloadedType+`","message":"`+providertest.OverloadedMessage+`","param":null`)
		return e.reply()
	case providertest.BreakMalformed:
		e.b.WriteString("event: response.output_text.delta\ndata: " + providertest.MalformedJSON + "\n\n")
		return e.reply()
	}
	if len(a.Text) > 0 {
		text := quote(strings.Join(a.Text, ""))
		e.add("response.output_text.done", `"item_id":"msg_1","output_index":`+strconv.Itoa(out)+`,"content_index":0,"text":`+text)
		e.add("response.output_item.done", `"output_index":`+strconv.Itoa(out)+`,"item":`+messageItem("msg_1", strings.Join(a.Text, "")))
		out++
	}
	for i, c := range a.Calls {
		e.call(out, i, c)
		out++
	}
	st, reason := status(a.Finish)
	e.add("response."+st, `"response":`+responseObject("resp_1", st, reason, outputItems(a)))
	return e.reply()
}

// reasoning writes a reasoning item with one summary part, in pieces.
func (e *events) reasoning(out int, id string, pieces []string) {
	at := `"item_id":"` + id + `","output_index":` + strconv.Itoa(out)
	e.add("response.output_item.added", `"output_index":`+strconv.Itoa(out)+`,"item":{"type":"reasoning","id":"`+id+`","summary":[]}`)
	e.add("response.reasoning_summary_part.added", at+`,"summary_index":0,"part":{"type":"summary_text","text":""}`)
	for _, piece := range pieces {
		e.add("response.reasoning_summary_text.delta", at+`,"summary_index":0,"delta":`+quote(piece))
	}
	whole := strings.Join(pieces, "")
	e.add("response.reasoning_summary_text.done", at+`,"summary_index":0,"text":`+quote(whole))
	e.add("response.reasoning_summary_part.done", at+`,"summary_index":0,"part":{"type":"summary_text","text":`+quote(whole)+`}`)
	e.add("response.output_item.done", `"output_index":`+strconv.Itoa(out)+`,"item":`+reasoningItem(id, whole))
}

// call writes a function call: its item with empty arguments, their
// pieces, their whole, and the item done.
func (e *events) call(out, i int, c providertest.Call) {
	fc := `"fc_` + strconv.Itoa(i) + `"`
	at := `"item_id":` + fc + `,"output_index":` + strconv.Itoa(out)
	e.add("response.output_item.added", `"output_index":`+strconv.Itoa(out)+`,"item":{"type":"function_call","id":`+fc+`,"call_id":"`+c.ID+`","name":"`+c.Name+`","arguments":"","status":"in_progress"}`)
	pieces := c.Args
	if len(pieces) == 0 {
		pieces = []string{`{}`}
	}
	for _, piece := range pieces {
		e.add("response.function_call_arguments.delta", at+`,"delta":`+quote(piece))
	}
	e.add("response.function_call_arguments.done", at+`,"arguments":`+quote(strings.Join(pieces, "")))
	e.add("response.output_item.done", `"output_index":`+strconv.Itoa(out)+`,"item":`+functionCallItem(i, c, strings.Join(pieces, "")))
}

// The request body, as documented: no member but these.
type (
	responsesRequest struct {
		Model              string            `json:"model"`
		Instructions       string            `json:"instructions"`
		Input              []json.RawMessage `json:"input"`
		Tools              []json.RawMessage `json:"tools"`
		MaxOutputTokens    *int              `json:"max_output_tokens"`
		Store              *bool             `json:"store"`
		Stream             bool              `json:"stream"`
		Include            []string          `json:"include"`
		PreviousResponseID string            `json:"previous_response_id"`
		PromptCacheKey     string            `json:"prompt_cache_key"`
		Reasoning          *struct {
			Effort  string `json:"effort"`
			Summary string `json:"summary"`
		} `json:"reasoning"`
	}
	// responsesItem is an input item the adapter sends: a message, a
	// function call or its output, a reasoning item, an item reference.
	responsesItem struct {
		Type             string          `json:"type"`
		Role             string          `json:"role"`
		Content          *string         `json:"content"`
		CallID           string          `json:"call_id"`
		Name             string          `json:"name"`
		Arguments        string          `json:"arguments"`
		Output           *string         `json:"output"`
		ID               string          `json:"id"`
		Summary          json.RawMessage `json:"summary"`
		EncryptedContent string          `json:"encrypted_content"`
	}
	responsesTool struct {
		Type        string          `json:"type"`
		Name        string          `json:"name"`
		Description string          `json:"description"`
		Parameters  json.RawMessage `json:"parameters"`
		Strict      *bool           `json:"strict"`
	}
)

// decodeStrict decodes data into v, failing t on a member v does not
// have.
func decodeStrict(t *testing.T, data []byte, v any) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	require.NoError(t, dec.Decode(v), "%s", data)
}

// Read reads a request, failing t on a member the API does not document,
// on content that is not a string, on a function tool without "strict"
// (the API takes it as strict), and on store left out (the API stores
// unless told). Function calls join the assistant message before them;
// the outputs of a turn are one message of results. Reasoning items and
// references are left to the tests that look for them (readItems).
func (responsesAPI) Read(t *testing.T, body []byte) providertest.Request {
	t.Helper()
	var r responsesRequest
	decodeStrict(t, body, &r)
	require.NotNil(t, r.Store, "store is always said")
	req := providertest.Request{Model: r.Model, System: r.Instructions, Stream: r.Stream}
	if r.MaxOutputTokens != nil {
		require.Positive(t, *r.MaxOutputTokens, "max_output_tokens, when sent")
		req.MaxTokens = *r.MaxOutputTokens
	}
	for _, raw := range r.Input {
		req.Messages = readItem(t, req.Messages, raw)
	}
	for _, raw := range r.Tools {
		var tool responsesTool
		decodeStrict(t, raw, &tool)
		if tool.Type != "function" {
			continue // the API's own tools: the tests that offer them look
		}
		require.NotNil(t, tool.Strict, "strict is always said: %s", raw)
		var schema any
		require.NoError(t, json.Unmarshal(tool.Parameters, &schema))
		req.Tools = append(req.Tools, providertest.Tool{Name: tool.Name, Description: tool.Description, Schema: schema, Strict: *tool.Strict})
	}
	return req
}

// readItem adds an input item to msgs.
func readItem(t *testing.T, msgs []providertest.Message, raw json.RawMessage) []providertest.Message {
	t.Helper()
	var it responsesItem
	decodeStrict(t, raw, &it)
	last := func(role agent.Role) *providertest.Message {
		if n := len(msgs); n > 0 && msgs[n-1].Role == role {
			return &msgs[n-1]
		}
		msgs = append(msgs, providertest.Message{Role: role})
		return &msgs[len(msgs)-1]
	}
	switch it.Type {
	case "message":
		require.NotNil(t, it.Content, "a message's content is a string: %s", raw)
		require.Contains(t, []string{"user", "assistant"}, it.Role)
		msgs = append(msgs, providertest.Message{Role: agent.Role(it.Role), Text: *it.Content})
	case "function_call":
		var args bytes.Buffer
		require.NoError(t, json.Compact(&args, []byte(it.Arguments)), "arguments are a JSON text")
		m := last(agent.RoleAssistant)
		m.Calls = append(m.Calls, providertest.Call{ID: it.CallID, Name: it.Name, Args: []string{args.String()}})
	case "function_call_output":
		require.NotNil(t, it.Output)
		m := last(agent.RoleTool)
		m.Results = append(m.Results, providertest.Result{CallID: it.CallID, Text: *it.Output})
	case "reasoning", "item_reference":
		// readItems says them.
	default:
		t.Errorf("an input item of type %q: %s", it.Type, raw)
	}
	return msgs
}

// readItems are a request's input items, decoded, as the API reads them.
func readItems(t *testing.T, body []byte) ([]responsesItem, responsesRequest) {
	t.Helper()
	var r responsesRequest
	decodeStrict(t, body, &r)
	items := make([]responsesItem, len(r.Input))
	for i, raw := range r.Input {
		decodeStrict(t, raw, &items[i])
	}
	return items, r
}
