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
// error. The adapter sets three (setBreakpoints), unless
// WithPromptCache(false).

// WithPromptCache sets whether requests carry the API's prompt-cache
// breakpoints (cache_control, "ephemeral"), which they do by default: on
// the last tool sent up front (the tool block; a deferred tool, sent with
// defer_loading, or one loaded by a search during the run comes after it
// and does not move it), on the system prompt, and on the last message,
// so that each turn reads the previous turn's prefix from the cache.
// Usage reports what the cache served (agent.Usage.CachedInputTokens) and
// what it stored (CacheCreationInputTokens), and InputTokens counts both.
func WithPromptCache(on bool) Option {
	return func(c *config) error {
		c.NoPromptCache = !on
		return nil
	}
}

// setBreakpoints marks p's prefix to cache: the last of its first
// upFront tools (the custom tools neither deferred nor loaded, which come
// first), the system prompt and the last block of the last message.
func setBreakpoints(p *ant.MessageNewParams, upFront int) {
	if upFront > 0 {
		if cc := p.Tools[upFront-1].GetCacheControl(); cc != nil {
			*cc = ant.NewCacheControlEphemeralParam()
		}
	}
	if n := len(p.System); n > 0 {
		p.System[n-1].CacheControl = ant.NewCacheControlEphemeralParam()
	}
	if n := len(p.Messages); n > 0 {
		var content []ant.ContentBlockParamUnion
		if last := p.Messages[n-1]; last.OfUser != nil {
			content = last.OfUser.Content
		} else if last.OfAssistant != nil {
			content = last.OfAssistant.Content
		}
		// A block that cannot be cached (thinking) leaves the
		// conversation to the system's breakpoint.
		if m := len(content); m > 0 {
			if cc := content[m-1].GetCacheControl(); cc != nil {
				*cc = ant.NewCacheControlEphemeralParam()
			}
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
