package openai

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
)

// wireResponse is what the adapter reads of a response object, whole or
// in a stream's response.completed (incomplete, failed) event.
type wireResponse struct {
	ID     string `json:"id"`
	Status string `json:"status"` // completed, incomplete, failed...
	Error  *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	IncompleteDetails *struct {
		Reason string `json:"reason"` // max_output_tokens, content_filter
	} `json:"incomplete_details"`
	Output []json.RawMessage `json:"output"`
	Usage  struct {
		InputTokens        int `json:"input_tokens"`
		OutputTokens       int `json:"output_tokens"`
		InputTokensDetails struct {
			CachedTokens int `json:"cached_tokens"`
		} `json:"input_tokens_details"`
		OutputTokensDetails struct {
			ReasoningTokens int `json:"reasoning_tokens"`
		} `json:"output_tokens_details"`
	} `json:"usage"`
}

// outputItem is what the adapter reads of an output item.
type outputItem struct {
	Type      string          `json:"type"`
	ID        string          `json:"id"`
	Status    string          `json:"status"`
	CallID    string          `json:"call_id"`   // function_call
	Name      string          `json:"name"`      // function_call
	Arguments json.RawMessage `json:"arguments"` // function_call: a string; tool_search_call: an object
	Content   []struct {
		Type        string       `json:"type"` // output_text, refusal
		Text        string       `json:"text"`
		Refusal     string       `json:"refusal"`
		Annotations []annotation `json:"annotations"` // output_text
	} `json:"content"` // message
	Summary []struct {
		Text string `json:"text"`
	} `json:"summary"` // reasoning
	Action json.RawMessage `json:"action"` // web_search_call
	Code   *string         `json:"code"`   // code_interpreter_call
}

// readResponse reads a response object. One without output is not a
// response (an answer of something other than the Responses API).
func readResponse(raw []byte) (wireResponse, error) {
	var w wireResponse
	if err := json.Unmarshal(raw, &w); err != nil {
		return wireResponse{}, fmt.Errorf("openai: the response is not JSON: %w", err)
	}
	if w.Output == nil {
		return wireResponse{}, fmt.Errorf("openai: the response is not a response (no output): %.200s", raw)
	}
	return w, nil
}

// answer translates a response: its text and the web pages it cites,
// function calls, reasoning to keep and the calls the API ran, its usage and its finish reason ("stop",
// "tool_calls", or why it is incomplete, as "max_output_tokens"). A failed
// response is an *APIError; one cut by the token limit while it made a
// call is an error.
func (m *ResponsesModel) answer(w wireResponse) (agent.Response, string, error) {
	if w.Status == "failed" {
		return agent.Response{}, "", failed(w)
	}
	msg := agent.Message{Role: agent.RoleAssistant}
	for _, raw := range w.Output {
		var it outputItem
		if err := json.Unmarshal(raw, &it); err != nil {
			return agent.Response{}, "", fmt.Errorf("openai: an output item is not JSON: %w", err)
		}
		switch it.Type {
		case "message":
			base := len(msg.Text)
			msg.Text += it.text()
			it.addSources(&msg, base)
		case "function_call":
			msg.Calls = append(msg.Calls, it.call())
		case "reasoning":
			if r, ok := m.reasoning(it, raw); ok {
				msg.Reasoning = append(msg.Reasoning, r)
			}
		default:
			if pc, ok := providerCall(it, raw); ok {
				msg.ProviderCalls = append(msg.ProviderCalls, pc)
			}
		}
	}
	usage := w.usage()
	finish := w.finish(len(msg.Calls) > 0)
	if finish == "max_output_tokens" && len(msg.Calls) > 0 {
		return agent.Response{}, "", responsesSDK.CallCut(int64(usage.OutputTokens))
	}
	return agent.Response{Message: msg, Usage: usage}, finish, nil
}

// failed is the error of a failed response.
func failed(w wireResponse) error {
	e := &APIError{StatusCode: http.StatusOK, Type: "failed", Message: "the response failed"}
	if w.Error != nil {
		e.Type, e.Message = w.Error.Code, w.Error.Message
	}
	return e
}

func (w wireResponse) usage() agent.Usage {
	u := w.Usage
	return agent.Usage{InputTokens: u.InputTokens, OutputTokens: u.OutputTokens,
		CachedInputTokens: u.InputTokensDetails.CachedTokens, ReasoningTokens: u.OutputTokensDetails.ReasoningTokens}
}

// finish is the finish reason: the Responses API has none, but a status
// and, for an incomplete response, a reason.
func (w wireResponse) finish(calls bool) string {
	switch {
	case w.Status == "incomplete" && w.IncompleteDetails != nil && w.IncompleteDetails.Reason != "":
		return w.IncompleteDetails.Reason
	case w.Status == "incomplete":
		return "incomplete"
	case calls:
		return "tool_calls"
	}
	return "stop"
}

// text is a message's text, or its refusal.
func (it outputItem) text() string {
	var b strings.Builder
	for _, c := range it.Content {
		b.WriteString(c.Text)
		b.WriteString(c.Refusal)
	}
	return b.String()
}

// addSources adds the web pages a message item's texts cite (their
// url_citation annotations) to msg, whose text has the item's text from
// byte base on.
func (it outputItem) addSources(msg *agent.Message, base int) {
	for _, c := range it.Content {
		addSources(msg, c.Annotations, c.Text, base)
		base += len(c.Text) + len(c.Refusal)
	}
}

// call is a function_call item's call; no arguments are an empty object.
func (it outputItem) call() agent.ToolCall {
	return agent.ToolCall{ID: it.CallID, Name: toolgen.ToolName(it.Name), Args: args(json.RawMessage(it.arguments()))}
}

// arguments is a function_call's arguments, a string ("" when they are
// not one).
func (it outputItem) arguments() string {
	var s string
	_ = json.Unmarshal(it.Arguments, &s) // not a string: no arguments
	return s
}

// reasoning is a reasoning item to keep: stored, any (the next request
// refers to it); else one with its encrypted content (the next request
// sends it back). Its text is its summary.
func (m *ResponsesModel) reasoning(it outputItem, raw json.RawMessage) (agent.Reasoning, bool) {
	if !m.store && !encrypted(raw) {
		return agent.Reasoning{}, false
	}
	texts := make([]string, 0, len(it.Summary))
	for _, s := range it.Summary {
		texts = append(texts, s.Text)
	}
	return agent.Reasoning{Provider: providerName, ID: it.ID, Text: strings.Join(texts, "\n\n"), Data: compact(raw)}, true
}

// providerTools are the output items of the tools the API runs, and their
// names.
var providerTools = map[string]string{
	"web_search_call":       "web_search",
	"code_interpreter_call": "code_interpreter",
	"file_search_call":      "file_search",
	"image_generation_call": "image_generation",
}

// providerCall is the call of an item of a tool the API ran: its
// arguments (a web search's action, the code run), the item whole for its
// result.
func providerCall(it outputItem, raw json.RawMessage) (agent.ProviderCall, bool) {
	if isToolSearch(it.Type) {
		return toolSearchCall(raw)
	}
	name, ok := providerTools[it.Type]
	if !ok {
		return agent.ProviderCall{}, false
	}
	pc := agent.ProviderCall{Provider: providerName, ID: it.ID, Name: name, Result: compact(raw), IsError: it.Status == "failed"}
	switch {
	case len(it.Action) > 0 && string(it.Action) != "null":
		pc.Args = compact(it.Action)
	case it.Code != nil:
		pc.Args = marshal(map[string]string{"code": *it.Code})
	}
	return pc, true
}
