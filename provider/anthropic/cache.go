package anthropic

import (
	"bytes"
	"encoding/json"
	"fmt"

	ant "github.com/anthropics/anthropic-sdk-go/v2"
	"github.com/anthropics/anthropic-sdk-go/v2/packages/param"

	"github.com/toolgen-dev/toolgen/agent"
)

// The API caches a request's prefix up to each content block marked with
// cache_control (a breakpoint, "ephemeral": five minutes from its last
// use), in the order tools, system, messages; a request may carry four
// breakpoints at most. A prefix shorter than the model's minimum (1024
// tokens for most models, up to 4096 for some) is not cached, without an
// error. A breakpoint reads the longest cached prefix ending at it or at
// one of the 20 blocks before it, so the conversation's breakpoint on the
// last message reads the previous turn's prefix unless the turn added
// more blocks than that. The adapter sets four (setBreakpoints), unless
// WithPromptCache(false).

// WithPromptCache sets whether requests carry the API's prompt-cache
// breakpoints (cache_control, "ephemeral"), which they do by default: on
// the last tool sent up front (the tool block; a deferred tool, sent with
// defer_loading, or one loaded by a search during the run comes after it
// and does not move it), on the system prompt, on the last message, and
// on the message the previous turn's request ended with, so that each
// turn reads the previous turn's prefix from the cache.
// Usage reports what the cache served (agent.Usage.CachedInputTokens) and
// what it stored (CacheCreationInputTokens), and InputTokens counts both.
// A write is billed above plain input (1.25 times, for five minutes) and
// a read at a tenth: a run of many turns pays much less, a lone request a
// little more, which is what WithPromptCache(false) is for.
func WithPromptCache(on bool) Option {
	return func(c *config) error {
		c.NoPromptCache = !on
		return nil
	}
}

// setBreakpoints marks p's prefix to cache: the last of its first
// upFront tools (the custom tools neither deferred nor loaded, which come
// first), the system prompt, the last message, and the message the
// previous turn's request ended with (the user's before the last answer),
// which that request cached: read there exactly, however many blocks the
// turn added (the lookback reads 20). Four, the API's most.
func setBreakpoints(p *ant.MessageNewParams, upFront int) {
	if upFront > 0 {
		if cc := p.Tools[upFront-1].GetCacheControl(); cc != nil {
			*cc = ant.NewCacheControlEphemeralParam()
		}
	}
	if n := len(p.System); n > 0 {
		p.System[n-1].CacheControl = ant.NewCacheControlEphemeralParam()
	}
	n := len(p.Messages)
	if n == 0 {
		return
	}
	markLastBlock(p.Messages[n-1])
	if n >= 3 && p.Messages[n-1].OfUser != nil && p.Messages[n-2].OfAssistant != nil {
		markLastBlock(p.Messages[n-3])
	}
}

// markLastBlock marks a message's last block as a breakpoint; a block that
// cannot be one (thinking) is left as it is.
func markLastBlock(msg ant.MessageParam) {
	var content []ant.ContentBlockParamUnion
	if msg.OfUser != nil {
		content = msg.OfUser.Content
	} else if msg.OfAssistant != nil {
		content = msg.OfAssistant.Content
	}
	if m := len(content); m > 0 {
		if cc := content[m-1].GetCacheControl(); cc != nil {
			*cc = ant.NewCacheControlEphemeralParam()
		}
	}
}

// upFrontTools counts the tools sent up front, before the first one
// deferred or loaded during the run: the tool block the cache keeps
// across searches.
func upFrontTools(specs []agent.ToolSpec) int {
	for i, s := range specs {
		if s.Deferred || s.Loaded {
			return i
		}
	}
	return len(specs)
}

// inputSchema is a tool's JSON Schema as the API gets it: its bytes as
// they are (the same on every request, so that the cache can serve
// them), with "type": "object" first when the schema does not say.
// Splitting it into the SDK's fields would send its other members
// through a map, in an order that changes from request to request.
func inputSchema(schema []byte) (ant.ToolInputSchemaParam, error) {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(schema, &members); err != nil {
		return ant.ToolInputSchemaParam{}, fmt.Errorf("input schema: %w", err)
	}
	if req, ok := members["required"]; ok {
		var names []string
		if err := json.Unmarshal(req, &names); err != nil {
			return ant.ToolInputSchemaParam{}, fmt.Errorf("input schema: required: %w", err)
		}
	}
	raw := bytes.TrimSpace(schema)
	if _, ok := members["type"]; !ok {
		rest := bytes.TrimSpace(raw[1:])
		sep := ","
		if len(rest) > 0 && rest[0] == '}' {
			sep = ""
		}
		raw = append([]byte(`{"type":"object"`+sep), rest...)
	}
	return param.Override[ant.ToolInputSchemaParam](json.RawMessage(raw)), nil
}

// usageOf counts an answer's tokens, its input all of it: the API's
// input_tokens leaves out the tokens read from and written to the cache.
func usageOf(input, output, cacheRead, cacheCreation int64) agent.Usage {
	return agent.Usage{
		InputTokens: int(input + cacheRead + cacheCreation), OutputTokens: int(output),
		CachedInputTokens: int(cacheRead), CacheCreationInputTokens: int(cacheCreation),
	}
}
