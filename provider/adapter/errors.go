package adapter

import (
	"encoding/json"
	"fmt"
	"io"
)

// APIErrorText is the text of an adapter's *APIError: the provider's name,
// the status, the error's type when there is one, what the provider said,
// and the request's id when there is one, as
// "anthropic: 429 rate_limit_error: Rate limited (request req_01)".
func APIErrorText(name string, status int, kind, message, requestID string) string {
	s := fmt.Sprintf("%s: %d", name, status)
	if kind != "" {
		s += " " + kind
	}
	s += ": " + message
	if requestID != "" {
		s += " (request " + requestID + ")"
	}
	return s
}

// ErrorBody is the error of an error answer's body (or of an error event
// in a stream), {"error": {"type": ..., "code": ..., "message": ...}} in
// both APIs.
type ErrorBody struct {
	Type    string
	Code    string // a code that is a string (OpenAI's code may be null)
	Message string
}

// ReadErrorBody reads what it can of an error body: what it cannot read
// stays empty.
func ReadErrorBody(data []byte) ErrorBody {
	var body struct {
		Error struct {
			Type    string `json:"type"`
			Code    any    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	_ = json.Unmarshal(data, &body)
	code, _ := body.Error.Code.(string)
	return ErrorBody{Type: body.Error.Type, Code: code, Message: body.Error.Message}
}

// CallCut is the error of an answer cut by the token limit while it was
// making a tool call: its arguments are incomplete, so it cannot run.
func (p *Provider[O]) CallCut(outputTokens int64) error {
	return fmt.Errorf("%s: the answer reached %s while making a tool call; raise WithMaxTokens (now %d output tokens)", p.Name, p.TokenLimit, outputTokens)
}

// StreamCut is the error of a stream that ended before the answer did: an
// error, not a shorter answer.
func (p *Provider[O]) StreamCut() error {
	return fmt.Errorf("%s: the stream ended before the answer did: %w", p.Name, io.ErrUnexpectedEOF)
}
