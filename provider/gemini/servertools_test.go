package gemini_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/permission"
	"github.com/toolgen-dev/toolgen/provider/gemini"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

// An answer that ran code and searched the web, as the API documents
// them: executableCode and codeExecutionResult parts, groundingMetadata.
var (
	codePart   = `{"executableCode":{"language":"PYTHON","code":"print(17 * 1.8 + 32)"}}`
	resultPart = `{"codeExecutionResult":{"outcome":"OUTCOME_OK","output":"62.6\n"}}`
	grounding  = `"groundingMetadata":{"webSearchQueries":["weather Paris today"],` +
		`"groundingChunks":[{"web":{"uri":"https://example.com/paris","title":"example.com"}}],` +
		`"groundingSupports":[{"segment":{"startIndex":0,"endIndex":9,"text":"It is 17C"},"groundingChunkIndices":[0]}]}`
	ranTools = `{"candidates":[{"content":{"role":"model","parts":[` + codePart + `,` + resultPart + `,{"text":"It is 17C (62.6F)."}]},` +
		`"finishReason":"STOP","index":0,` + grounding + `}],"usageMetadata":` + usage + `,"responseId":"resp-2"}`
)

// The API's tools are enabled by options, sent as tools of their own
// beside the functions, and their runs come back as provider calls, the
// same whether the answer streams or not; the code runs go back with the
// history as the parts they came as, the searches do not.
func TestProviderTools(t *testing.T) {
	streamed := sse(
		`{"candidates":[{"content":{"role":"model","parts":[`+codePart+`]},"index":0}],"usageMetadata":{"promptTokenCount":100},"responseId":"resp-2"}`,
		`{"candidates":[{"content":{"role":"model","parts":[`+resultPart+`]},"index":0}],"usageMetadata":{"promptTokenCount":100},"responseId":"resp-2"}`,
		`{"candidates":[{"content":{"role":"model","parts":[{"text":"It is 17C (62.6F)."}]},"finishReason":"STOP","index":0,`+grounding+`}],"usageMetadata":`+usage+`,"responseId":"resp-2"}`,
	)
	f, m := adapter.Serve(t, []reply{{Status: 200, Body: ranTools}, streamed, geminiAPI{}.Answer(providertest.Answer{Text: []string{"ok"}})},
		gemini.WithGoogleSearch(), gemini.WithCodeExecution())
	assert.Equal(t, []string{"code_execution", "google_search"}, m.ProviderTools())

	whole, err := m.Generate(context.Background(), providertest.Hi)
	require.NoError(t, err)
	var parts []agent.Part
	for p, err := range m.Stream(context.Background(), providertest.Hi) {
		require.NoError(t, err)
		parts = append(parts, p)
	}
	var c agent.Collector
	for _, p := range parts {
		require.NoError(t, c.Add(p))
	}
	assert.Equal(t, whole, c.Response(), "Stream collects to Generate")
	assert.Equal(t, agent.PartProviderCall, parts[0].Kind, "the run comes when its result does")

	msg := whole.Message
	assert.Equal(t, "It is 17C (62.6F).", msg.Text)
	assert.Empty(t, msg.Calls, "nothing for the agent to run")
	require.Len(t, msg.ProviderCalls, 2)
	code, search := msg.ProviderCalls[0], msg.ProviderCalls[1]
	assert.Equal(t, "gemini", code.Provider)
	assert.Equal(t, "code_execution", code.Name)
	assert.Equal(t, "gemini_code_resp-2_1", code.ID)
	assert.JSONEq(t, `{"language":"PYTHON","code":"print(17 * 1.8 + 32)"}`, string(code.Args))
	assert.JSONEq(t, `{"outcome":"OUTCOME_OK","output":"62.6\n"}`, string(code.Result))
	assert.False(t, code.IsError)
	assert.Equal(t, "google_search", search.Name)
	assert.JSONEq(t, `{"queries":["weather Paris today"]}`, string(search.Args))
	var meta map[string]any
	require.NoError(t, json.Unmarshal(search.Result, &meta))
	assert.Contains(t, meta, "groundingChunks")

	_, err = m.Generate(context.Background(), agent.Request{Messages: append(providertest.Hi.Messages, msg, agent.Message{Role: agent.RoleUser, Text: "Thanks"})})
	require.NoError(t, err)
	reqs := f.Requests()
	require.Len(t, reqs, 3)
	assert.Equal(t, []any{map[string]any{"codeExecution": map[string]any{}}, map[string]any{"googleSearch": map[string]any{}}}, reqs[0]["tools"])
	sent := contentParts(t, reqs[2], 1)
	require.Len(t, sent, 3)
	assert.Equal(t, map[string]any{"language": "PYTHON", "code": "print(17 * 1.8 + 32)"}, sent[0]["executableCode"])
	assert.Equal(t, map[string]any{"outcome": "OUTCOME_OK", "output": "62.6\n"}, sent[1]["codeExecutionResult"])
	assert.Equal(t, "It is 17C (62.6F).", sent[2]["text"])
}

func contentParts(t *testing.T, r map[string]any, i int) []map[string]any { return parts(t, r, i) }

// Code that failed is a provider call with IsError.
func TestFailedCodeRun(t *testing.T) {
	failed := `{"candidates":[{"content":{"role":"model","parts":[` + codePart +
		`,{"codeExecutionResult":{"outcome":"OUTCOME_FAILED","output":"ZeroDivisionError"}},{"text":"It failed."}]},"finishReason":"STOP","index":0}],"usageMetadata":` + usage + `}`
	_, m := adapter.Serve(t, []reply{{Status: 200, Body: failed}}, gemini.WithCodeExecution())
	resp, err := m.Generate(context.Background(), providertest.Hi)
	require.NoError(t, err)
	require.Len(t, resp.Message.ProviderCalls, 1)
	assert.True(t, resp.Message.ProviderCalls[0].IsError)
}

// Permission rules decide the API's tools: an agent whose rules deny or
// ask about one sends its requests without it, since the API would run it
// without asking; the agent's own tools go as before.
func TestRulesWithholdProviderTools(t *testing.T) {
	for _, tc := range []struct {
		name  string
		perms permission.Permissions
		sent  []string
	}{
		{"no rules", permission.Permissions{}, []string{"codeExecution", "googleSearch", "functionDeclarations"}},
		{"deny by name", permission.Permissions{Deny: []toolgen.Rule{{Tool: "code_execution"}}}, []string{"googleSearch", "functionDeclarations"}},
		{"ask by pattern", permission.Permissions{Ask: []toolgen.Rule{{Tool: "google_*"}}}, []string{"codeExecution", "functionDeclarations"}},
		{"allow", permission.Permissions{Allow: []toolgen.Rule{{Tool: "google_search"}}}, []string{"codeExecution", "googleSearch", "functionDeclarations"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, m := adapter.Serve(t, []reply{geminiAPI{}.Answer(providertest.Answer{Text: []string{"ok"}})},
				gemini.WithGoogleSearch(), gemini.WithCodeExecution())
			a, err := agent.New(m, agent.WithTools(weather.Tools()), agent.WithPermissions(tc.perms))
			require.NoError(t, err)
			_, err = a.Run(context.Background(), "Hi", nil)
			require.NoError(t, err)
			var sent []string
			for _, tool := range f.Requests()[0]["tools"].([]any) {
				for k := range tool.(map[string]any) {
					sent = append(sent, k)
				}
			}
			assert.Equal(t, tc.sent, sent)
		})
	}

	// Without the option, a deny rule names a tool that is not registered.
	plain, err := gemini.New(gemini.WithAPIKey("k"))
	require.NoError(t, err)
	_, err = agent.New(plain, agent.WithTools(weather.Tools()), agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "code_execution"}}}))
	require.ErrorContains(t, err, "not registered")
}

// A grounded answer's web pages are its agent.Sources, whether it streams
// or not: groundingChunks' pages in order, one per URL (a page found twice
// is one source), each with the pieces of text groundingSupports give it,
// at their byte offsets in the whole answer (an answer in two parts and
// two chunks); a segment whose offsets do not hold its text is found by
// its text, a support naming no chunk of a web page cites nothing.
func TestGroundingSources(t *testing.T) {
	const (
		first  = `Paris: 17°C today.`
		second = ` Rain tomorrow, says Météo-France.`
	)
	meta := `"groundingMetadata":{"webSearchQueries":["weather Paris"],"groundingChunks":[` +
		`{"web":{"uri":"https://example.com/paris","title":"example.com"}},` +
		`{"retrievedContext":{"uri":"gs://bucket/doc","title":"doc"}},` +
		`{"web":{"uri":"https://meteo.example/fr","title":"meteo.example"}},` +
		`{"web":{"uri":"https://example.com/paris","title":"again"}}],` +
		`"groundingSupports":[` +
		`{"segment":{"startIndex":0,"endIndex":19,"text":"Paris: 17°C today."},"groundingChunkIndices":[0,3]},` +
		// Code points, not bytes: found by its text.
		`{"segment":{"startIndex":39,"endIndex":51,"text":"Météo-France"},"groundingChunkIndices":[2]},` +
		`{"segment":{"startIndex":20,"endIndex":33,"text":"Rain tomorrow"},"groundingChunkIndices":[1,9,2]}]}`
	whole := `{"candidates":[{"content":{"role":"model","parts":[{"text":"` + first + `"},{"text":"` + second + `"}]},` +
		`"finishReason":"STOP","index":0,` + meta + `}],"usageMetadata":` + usage + `,"responseId":"r-1"}`
	streamed := sse(
		`{"candidates":[{"content":{"role":"model","parts":[{"text":"`+first+`"}]},"index":0}],"responseId":"r-1"}`,
		`{"candidates":[{"content":{"role":"model","parts":[{"text":"`+second+`"}]},"finishReason":"STOP","index":0,`+meta+`}],"usageMetadata":`+usage+`,"responseId":"r-1"}`,
	)
	_, m := adapter.Serve(t, []reply{{Status: 200, Body: whole}, streamed}, gemini.WithGoogleSearch())
	want := []agent.Source{
		{URL: "https://example.com/paris", Title: "example.com", Citations: []agent.Citation{{Text: "Paris: 17°C today.", Start: 0, End: 19}}},
		{URL: "https://meteo.example/fr", Title: "meteo.example", Citations: []agent.Citation{
			{Text: "Météo-France", Start: 40, End: 54}, {Text: "Rain tomorrow", Start: 20, End: 33}}},
	}

	resp, err := m.Generate(context.Background(), providertest.Hi)
	require.NoError(t, err)
	assert.Equal(t, want, resp.Message.Sources)
	for _, src := range resp.Message.Sources {
		for _, c := range src.Citations {
			assert.Equal(t, c.Text, resp.Message.Text[c.Start:c.End])
		}
	}

	var sources []agent.Source
	var c agent.Collector
	for p, err := range m.Stream(context.Background(), providertest.Hi) {
		require.NoError(t, err)
		require.NoError(t, c.Add(p))
		if p.Kind == agent.PartSource {
			sources = append(sources, p.Source)
		}
	}
	assert.Equal(t, want, sources, "a source part for each page")
	assert.Equal(t, resp, c.Response(), "Stream collects to Generate")
}
