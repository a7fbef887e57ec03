package aisdk

import (
	"encoding/json"
	"strings"

	"github.com/toolgen-dev/toolgen/agent"
)

// The results of the calls a provider runs are its own JSON (for
// Anthropic, the whole result block). This package reads two things in
// them: why a call failed, and the web pages a web search (or fetch)
// found, which it sends as source-url parts.

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

// webSource is a web page a provider call found.
type webSource struct {
	URL   string `json:"url"`
	Title string `json:"title"`
	Type  string `json:"type"`
}

// webSources are the web pages a provider call's result lists: the
// web_search_result items of Anthropic's web_search_tool_result block (its
// content is their list), or the web_fetch_result of a
// web_fetch_tool_result (its content is that one object).
func webSources(result json.RawMessage) []webSource {
	var b struct {
		Content json.RawMessage `json:"content"`
	}
	if json.Unmarshal(result, &b) != nil || len(b.Content) == 0 {
		return nil
	}
	var items []webSource
	if b.Content[0] == '{' {
		var one webSource
		if json.Unmarshal(b.Content, &one) != nil {
			return nil
		}
		items = []webSource{one}
	} else if json.Unmarshal(b.Content, &items) != nil {
		return nil
	}
	var out []webSource
	for _, it := range items {
		if it.URL != "" && (it.Type == "web_search_result" || it.Type == "web_fetch_result") {
			out = append(out, it)
		}
	}
	return out
}

// validJSON is b when it is valid JSON, else b's text as a JSON string.
func validJSON(b json.RawMessage) json.RawMessage {
	if json.Valid(b) {
		return b
	}
	s, _ := json.Marshal(strings.ToValidUTF8(string(b), "\uFFFD")) // a string always marshals
	return s
}
