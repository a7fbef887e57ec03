package promptcache

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/tokencount"
)

// words is a block of n tokens (o200k_base: " w" is one token).
func words(n int, w string) block { return block{text: []byte(strings.Repeat(" "+w, n))} }

func marked(b block) block { b.breakpoint = true; return b }

// Anthropic's cache serves the longest prefix an earlier request cached at
// a breakpoint, looked up from each breakpoint over 20 blocks, and caches
// no prefix under 1024 tokens.
func TestAnthropicCache(t *testing.T) {
	var c tokencount.Counter
	tools, system := words(1500, "tool"), words(100, "system")
	cache := newAnthropicCache(&c)
	first := []block{marked(tools), marked(system), marked(words(50, "hi"))}
	assert.Equal(t, usage{input: 1650}, cache.serve(first), "a cold cache serves nothing")

	second := []block{marked(tools), system, words(50, "hi"), marked(words(30, "more"))}
	assert.Equal(t, usage{input: 1680, cached: 1650}, cache.serve(second), "the previous prompt, found looking back from the last breakpoint")

	changed := []block{marked(tools), marked(words(100, "other")), marked(words(50, "hi"))}
	assert.Equal(t, usage{input: 1650, cached: 1500}, cache.serve(changed), "a change after the tools: the tools' breakpoint serves them")

	var long []block
	long = append(long, marked(tools), system, words(50, "hi"), words(30, "more"))
	for range anthropicLookback + 1 {
		long = append(long, words(1, "x"))
	}
	long[len(long)-1].breakpoint = true
	assert.Equal(t, 1500, cache.serve(long).cached, "the previous prompt is over 20 blocks back: the tools' breakpoint serves them")

	small := newAnthropicCache(&c)
	short := []block{marked(words(1000, "tool"))}
	small.serve(short)
	assert.Zero(t, small.serve(short).cached, "under 1024 tokens nothing is cached")
}

// OpenAI's cache serves the longest prefix shared with an earlier request,
// from 1024 tokens, in steps of 128; Gemini's from 2048 tokens.
func TestPrefixCache(t *testing.T) {
	var c tokencount.Counter
	openai := newOpenAICache(&c)
	head := words(1200, "tool")
	openai.serve([]block{head, words(100, "a")})
	assert.Equal(t, usage{input: 1305, cached: 1280}, openai.serve([]block{head, words(100, "a"), words(5, "b")}), "1300 shared, served in steps of 128 past 1024")
	assert.Equal(t, usage{input: 1210, cached: 1152}, openai.serve([]block{head, words(10, "c")}), "the 1200 tokens shared")
	assert.Zero(t, openai.serve([]block{words(1000, "tool")}).cached, "a prompt under 1024 tokens")

	gemini := newGeminiCache(&c)
	gemini.serve([]block{head, words(100, "a")})
	assert.Zero(t, gemini.serve([]block{head, words(100, "a")}).cached, "under Gemini's 2048 tokens")
	long := words(2100, "tool")
	gemini.serve([]block{long})
	assert.Equal(t, usage{input: 2110, cached: 2100}, gemini.serve([]block{long, words(10, "d")}))
}

// A Messages API request's prompt is its tools but the deferred ones, its
// system prompt and its messages' blocks, each without its cache_control,
// which marks a breakpoint.
func TestAnthropicPrompt(t *testing.T) {
	body := `{"max_tokens":10,"model":"m","tools":[` +
		`{"name":"a","input_schema":{"type":"object"},"cache_control":{"type":"ephemeral"}},` +
		`{"name":"b","defer_loading":true,"input_schema":{"type":"object"}},` +
		`{"type":"tool_search_tool_bm25_20251119","name":"tool_search_tool_bm25"}],` +
		`"system":[{"type":"text","text":"be brief","cache_control":{"type":"ephemeral"}}],` +
		`"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":[{"cache_control":{"type":"ephemeral"},"type":"text","text":"ok"}]}]}`
	blocks, err := anthropicPrompt([]byte(body))
	require.NoError(t, err)
	var got []string
	for _, b := range blocks {
		got = append(got, fmt.Sprintf("%t %s", b.breakpoint, b.text))
	}
	assert.Equal(t, []string{
		`true {"name":"a","input_schema":{"type":"object"}}`,
		`false {"type":"tool_search_tool_bm25_20251119","name":"tool_search_tool_bm25"}`,
		`true system{"type":"text","text":"be brief"}`,
		`false user"hi"`,
		`true assistant{"type":"text","text":"ok"}`,
	}, got)
}

// OpenAI's prompt is the system prompt, the tools, then the conversation,
// from Chat Completions' messages or Responses' instructions and input.
func TestOpenAIPrompt(t *testing.T) {
	texts := func(body string) []string {
		blocks, err := openAIPrompt([]byte(body))
		require.NoError(t, err)
		var out []string
		for _, b := range blocks {
			out = append(out, string(b.text))
		}
		return out
	}
	assert.Equal(t, []string{`{"role":"system","content":"s"}`, `{"type":"function"}`, `{"role":"user","content":"u"}`},
		texts(`{"messages":[{"role":"system","content":"s"},{"role":"user","content":"u"}],"tools":[{"type":"function"}]}`))
	assert.Equal(t, []string{`"s"`, `{"type":"function"}`, `{"role":"user","content":"u"}`},
		texts(`{"instructions":"s","input":[{"role":"user","content":"u"}],"tools":[{"type":"function"}]}`))
}
