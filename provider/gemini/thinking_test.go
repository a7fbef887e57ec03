package gemini_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/provider/gemini"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

// parts are the parts of content i of request r, decoded.
func parts(t *testing.T, r map[string]any, i int) []map[string]any {
	t.Helper()
	contents, ok := r["contents"].([]any)
	require.True(t, ok, "contents: %v", r)
	require.Greater(t, len(contents), i)
	var out []map[string]any
	for _, p := range contents[i].(map[string]any)["parts"].([]any) {
		out = append(out, p.(map[string]any))
	}
	return out
}

// A thinking model signs the first of parallel calls and its text; the
// next request of the run sends both signatures back on the same parts,
// and none on the call that had none. Thought summaries are reasoning
// parts, never sent back.
func TestThoughtSignaturesGoBack(t *testing.T) {
	for _, streaming := range []bool{false, true} {
		t.Run(map[bool]string{false: "generate", true: "stream"}[streaming], func(t *testing.T) {
			first := []string{
				thoughtPart("The user wants two cities."),
				`{"text":"Looking.","thoughtSignature":"` + b64("sig-text") + `"}`,
				callPart("call_a", "get_weather", `{"city":"Paris"}`, b64("sig-call")),
				callPart("call_b", "get_weather", `{"city":"Oslo"}`, ""),
			}
			done := providertest.Answer{Text: []string{"Done."}}
			script := []reply{{Status: 200, Body: response(first, "STOP", usage)}, geminiAPI{}.Answer(done)}
			if streaming {
				script = []reply{sse(response(first[:2], "", usage), response(first[2:], "STOP", usage)), geminiAPI{}.Stream(done)}
			}
			f, m := adapter.Serve(t, script, gemini.WithThoughts())
			ag, err := agent.New(m, agent.WithTools(weather.Tools()))
			require.NoError(t, err)
			var reasoning []string
			run := ag.Run
			if streaming {
				run = func(ctx context.Context, prompt string, deps any) (*agent.State, error) {
					return ag.RunStream(ctx, prompt, deps, func(e agent.Event) error {
						if e.Kind == agent.EventModelPart && e.Part.Kind == agent.PartReasoning {
							reasoning = append(reasoning, e.Part.Text)
						}
						return nil
					})
				}
			}
			st, err := run(context.Background(), "Paris and Oslo?", nil)
			require.NoError(t, err)
			assert.Equal(t, "Done.", st.Output())
			if streaming {
				assert.Equal(t, []string{"The user wants two cities."}, reasoning)
			}

			reqs := f.Requests()
			require.Len(t, reqs, 2)
			assert.Equal(t, map[string]any{"includeThoughts": true}, reqs[0]["generationConfig"].(map[string]any)["thinkingConfig"])
			sent := parts(t, reqs[1], 1)
			require.Len(t, sent, 3, "text and two calls; no thought")
			assert.Equal(t, "Looking.", sent[0]["text"])
			assert.Equal(t, b64("sig-text"), sent[0]["thoughtSignature"])
			assert.Equal(t, "call_a", sent[1]["functionCall"].(map[string]any)["id"])
			assert.Equal(t, b64("sig-call"), sent[1]["thoughtSignature"])
			assert.NotContains(t, sent[2], "thoughtSignature")
		})
	}
}

// A call of the current turn that this Model did not answer (another
// provider's, or from before a restart) has no signature to send: its
// first call goes with the one the API documents for that case. Calls of
// earlier turns go without.
func TestUnknownCallsGetTheSkipSignature(t *testing.T) {
	f, m := adapter.Serve(t, []reply{geminiAPI{}.Answer(providertest.Answer{Text: []string{"ok"}})})
	call := func(id string) agent.ToolCall {
		return agent.ToolCall{ID: id, Name: "get_weather", Args: json.RawMessage(`{"city":"Paris"}`)}
	}
	result := func(id string) agent.ToolResult {
		return agent.ToolResult{CallID: id, Name: "get_weather"}
	}
	_, err := m.Generate(context.Background(), agent.Request{Messages: []agent.Message{
		{Role: agent.RoleUser, Text: "Paris?"},
		{Role: agent.RoleAssistant, Calls: []agent.ToolCall{call("toolu_old")}},
		{Role: agent.RoleTool, Results: []agent.ToolResult{result("toolu_old")}},
		{Role: agent.RoleUser, Text: "And again?"},
		{Role: agent.RoleAssistant, Calls: []agent.ToolCall{call("toolu_1"), call("toolu_2")}},
		{Role: agent.RoleTool, Results: []agent.ToolResult{result("toolu_1"), result("toolu_2")}},
	}})
	require.NoError(t, err)
	req := f.Requests()[0]
	assert.NotContains(t, parts(t, req, 1)[0], "thoughtSignature", "an earlier turn")
	current := parts(t, req, 4)
	assert.Equal(t, b64("skip_thought_signature_validator"), current[0]["thoughtSignature"])
	assert.NotContains(t, current[1], "thoughtSignature")
}

// Calls without an id get one made from the response's id and their
// number, the same whether the answer streamed or not; it is never sent
// to the API, which pairs calls and results by order and name.
func TestMadeCallIDs(t *testing.T) {
	answer := providertest.Answer{Calls: []providertest.Call{
		{Name: "get_weather", Args: []string{`{"city":"Paris"}`}},
		{Name: "forecast", Args: []string{`{"city":"Oslo","days":1}`}},
	}, Finish: providertest.FinishTools}
	f, m := adapter.Serve(t, []reply{geminiAPI{}.Answer(answer), geminiAPI{}.Stream(answer), geminiAPI{}.Answer(providertest.Answer{Text: []string{"ok"}})})
	whole, err := m.Generate(context.Background(), providertest.Hi)
	require.NoError(t, err)
	streamed, err := agent.Collect(m.Stream(context.Background(), providertest.Hi))
	require.NoError(t, err)
	assert.Equal(t, whole, streamed)
	require.Len(t, whole.Message.Calls, 2)
	assert.Equal(t, "gemini_call_resp-1_1", whole.Message.Calls[0].ID)
	assert.Equal(t, "gemini_call_resp-1_2", whole.Message.Calls[1].ID)
	assert.JSONEq(t, `{"city":"Oslo","days":1}`, string(whole.Message.Calls[1].Args))

	msgs := append(providertest.Hi.Messages, whole.Message, agent.Message{Role: agent.RoleTool, Results: []agent.ToolResult{
		{CallID: whole.Message.Calls[0].ID, Name: "get_weather"}, {CallID: whole.Message.Calls[1].ID}, // a result without its name
	}})
	_, err = m.Generate(context.Background(), agent.Request{Messages: msgs})
	require.NoError(t, err)
	req := f.Requests()[2]
	for _, p := range parts(t, req, 1) {
		assert.NotContains(t, p["functionCall"], "id")
	}
	results := parts(t, req, 2)
	assert.Equal(t, map[string]any{"name": "get_weather", "response": map[string]any{"output": ""}}, results[0]["functionResponse"])
	assert.Equal(t, "forecast", results[1]["functionResponse"].(map[string]any)["name"])
}

// Usage counts the prompt and what the API's tools added as input, the
// answer and the thoughts as output, the cached part of the prompt as
// CachedInputTokens; a thinking budget is sent.
func TestUsageAndBudget(t *testing.T) {
	body := response([]string{textPart("Hi")}, "STOP",
		`{"promptTokenCount":120,"cachedContentTokenCount":100,"toolUsePromptTokenCount":30,"candidatesTokenCount":7,"thoughtsTokenCount":40,"totalTokenCount":197}`)
	f, m := adapter.Serve(t, []reply{{Status: 200, Body: body}}, gemini.WithThinkingBudget(512), gemini.WithMaxTokens(1000))
	resp, err := m.Generate(context.Background(), providertest.Hi)
	require.NoError(t, err)
	assert.Equal(t, agent.Usage{InputTokens: 150, OutputTokens: 47, CachedInputTokens: 100}, resp.Usage)
	assert.Equal(t, map[string]any{"maxOutputTokens": float64(1000), "thinkingConfig": map[string]any{"thinkingBudget": float64(512)}},
		f.Requests()[0]["generationConfig"])

	_, err = gemini.New(gemini.WithAPIKey("k"), gemini.WithThinkingBudget(-2))
	require.EqualError(t, err, "gemini.WithThinkingBudget(-2): must be -1 (dynamic), 0 (off) or a number of tokens")
}
