package aisdk

import (
	"encoding/json"
	"strings"

	"github.com/toolgen-dev/toolgen/agent"
)

// The results of the calls a provider runs are its own JSON (for
// Anthropic, the whole result block). This package reads one thing in
// them: why a call failed. The web pages a search found come from the
// adapters as agent.Sources, one model for every provider, which this
// package sends as source-url parts.

// providerError is what a failed provider call's part says: the error
// code its result gives ({"content": {"type": "..._error", "error_code":
// "..."}}, as Anthropic's are), or only that it failed.
func providerError(pc agent.ProviderCall) string {
	var b struct {
		Content struct {
			ErrorCode string `json:"error_code"`
		} `json:"content"`
	}
	if json.Unmarshal(pc.Result, &b) == nil && b.Content.ErrorCode != "" {
		return pc.Name + " failed: " + b.Content.ErrorCode
	}
	return pc.Name + " failed."
}

// validJSON is b when it is valid JSON, else b's text as a JSON string.
func validJSON(b json.RawMessage) json.RawMessage {
	if json.Valid(b) {
		return b
	}
	s, _ := json.Marshal(strings.ToValidUTF8(string(b), "\uFFFD")) // a string always marshals
	return s
}
