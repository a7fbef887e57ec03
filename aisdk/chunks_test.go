package aisdk_test

import (
	"context"
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/aisdk"
)

// ofCall are the chunks of one tool call, in brief.
func ofCall(chunks []map[string]any, callID string) []string {
	var out []string
	for i, c := range chunks {
		if c["toolCallId"] == callID {
			s := short(chunks[i : i+1])[0]
			if c["preliminary"] == true {
				s += " preliminary"
			}
			out = append(out, s)
		}
	}
	return out
}

// A running tool's progress reaches the UI as preliminary outputs of its
// call, which its result replaces: the partial result when the tool gave
// one, else the progress itself.
func TestProgressIsAPreliminaryOutput(t *testing.T) {
	search := toolgen.Tool{Name: "search", InputSchema: []byte(`{"type":"object"}`), Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
		toolgen.ReportProgress(ctx, toolgen.Progress{Message: "reading Inbox", Progress: 1, Total: 3})
		toolgen.ReportProgress(ctx, toolgen.Progress{Message: "reading Sent", Progress: 2, Total: 3, Partial: json.RawMessage(`{"hits":["a"]}`)})
		toolgen.ReportProgress(ctx, toolgen.Progress{Message: "reading Drafts", Progress: 3, Total: 3, Partial: json.RawMessage(`{"hits":`)}) // not JSON: the progress instead
		toolgen.ReportProgress(ctx, toolgen.Progress{Progress: math.NaN()})                                                                   // not JSON at all: nothing
		return toolgen.Result{Structured: json.RawMessage(`{"hits":["a","b"]}`)}, nil
	}}
	model := rt.NewModel(rt.Calls(rt.Call("c1", "search", `{}`)), rt.StreamText("Two."))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{search}))
	require.NoError(t, err)
	srv := serveAgent(t, ag)

	chunks := post(t, srv.URL, body(t, "c", userMsg("u1", "search")))
	assert.Equal(t, []string{
		`tool-input-start toolCallId="c1" toolName="search"`,
		`tool-input-delta toolCallId="c1" inputTextDelta="{}"`,
		`tool-input-available toolCallId="c1" toolName="search" input={}`,
		`tool-output-available toolCallId="c1" output={"message":"reading Inbox","progress":1,"total":3} preliminary`,
		`tool-output-available toolCallId="c1" output={"hits":["a"]} preliminary`,
		`tool-output-available toolCallId="c1" output={"message":"reading Drafts","progress":3,"total":3} preliminary`,
		`tool-output-available toolCallId="c1" output={"hits":["a","b"]}`,
	}, ofCall(chunks, "c1"))

	_, hist, raw := getHistory(t, srv.URL, "c")
	require.Len(t, hist.Messages, 2, raw)
	call := hist.Messages[1].Parts[1]
	assert.Equal(t, aisdk.StateOutputAvailable, call.State)
	assert.False(t, call.Preliminary, "the result replaced the progress")
	assert.JSONEq(t, `{"hits":["a","b"]}`, string(call.Output))
}

// A call whose arguments are not JSON, and one naming a tool the agent
// does not have, are input errors (the AI SDK's own for an invalid input
// and for no such tool); the model reads what went wrong, and so does the
// UI.
func TestToolInputErrors(t *testing.T) {
	rec := &tools{}
	model := rt.NewModel(rt.Calls(rt.Call("c1", "lookup", `{"key":`), rt.Call("c2", "nosuch", `{"a":1}`)), rt.Text("Sorry."))
	srv := serve(t, model, rec)
	chunks := post(t, srv.URL, body(t, "c", userMsg("u1", "look")))
	calls := ofCall(chunks, "c1")
	require.Len(t, calls, 4, "%v", calls)
	assert.Equal(t, `tool-input-error toolCallId="c1" toolName="lookup" input="{\"key\":" errorText="The arguments are not valid JSON."`, calls[2])
	assert.Equal(t, `tool-output-available toolCallId="c1" output="x is 42"`, calls[3], "the tool decides what it makes of them")
	assert.Equal(t, []string{
		`tool-input-start toolCallId="c2" toolName="nosuch"`,
		`tool-input-delta toolCallId="c2" inputTextDelta="{\"a\":1}"`,
		`tool-input-available toolCallId="c2" toolName="nosuch" input={"a":1}`,
		`tool-input-error toolCallId="c2" toolName="nosuch" input={"a":1} errorText="The call was not run: unknown tool \"nosuch\"."`,
	}, ofCall(chunks, "c2"))

	// The UI's copy is an error part, which goes back as the call's error.
	_, hist, raw := getHistory(t, srv.URL, "c")
	require.Len(t, hist.Messages, 2, raw)
	part := hist.Messages[1].Parts[2]
	assert.Equal(t, aisdk.UIPart{Type: "tool-nosuch", ToolCallID: "c2", State: aisdk.StateOutputError, Input: json.RawMessage(`{"a":1}`),
		ErrorText: `The call was not run: unknown tool "nosuch".`}, part)
}

// The message's metadata holds the run's id from the start, and on the
// finish the tokens the run spent.
func TestMessageMetadata(t *testing.T) {
	model := rt.NewModel(
		rt.Deltas(agent.Part{Kind: agent.PartCallDone, Call: rt.Call("c1", "lookup", `{}`)}, agent.Part{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 10, OutputTokens: 3}}),
		rt.Deltas(agent.Part{Kind: agent.PartText, Text: "42."}, agent.Part{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 20, OutputTokens: 2}}),
	)
	srv := serve(t, model, &tools{})
	chunks := post(t, srv.URL, body(t, "c", userMsg("u1", "x?")))
	start, finish := chunks[0], chunks[len(chunks)-1]
	runID, _ := start["messageMetadata"].(map[string]any)["runId"].(string)
	assert.Len(t, runID, 32)
	assert.Equal(t, map[string]any{"type": "finish", "finishReason": "stop", "messageMetadata": map[string]any{
		"runId": runID, "usage": map[string]any{"inputTokens": 30.0, "outputTokens": 5.0, "totalTokens": 35.0}}}, finish)

	_, hist, raw := getHistory(t, srv.URL, "c")
	require.Len(t, hist.Messages, 2, raw)
	assert.JSONEq(t, `{"runId":"`+runID+`","usage":{"inputTokens":30,"outputTokens":5,"totalTokens":35}}`, string(hist.Messages[1].Metadata),
		"the history merges the metadata as the client does")
}

// A run whose provider reported its prompt cache has the cache's share of
// its input tokens in the finish's usage, as the AI SDK's
// inputTokenDetails.
func TestMessageMetadataCacheUsage(t *testing.T) {
	model := rt.NewModel(
		rt.Deltas(agent.Part{Kind: agent.PartCallDone, Call: rt.Call("c1", "lookup", `{}`)},
			agent.Part{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 1200, OutputTokens: 3, CacheCreationInputTokens: 1000}}),
		rt.Deltas(agent.Part{Kind: agent.PartText, Text: "42."}, agent.Part{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 1300, OutputTokens: 2, CachedInputTokens: 1100}}),
	)
	srv := serve(t, model, &tools{})
	chunks := post(t, srv.URL, body(t, "c", userMsg("u1", "x?")))
	meta := chunks[len(chunks)-1]["messageMetadata"].(map[string]any)
	assert.Equal(t, map[string]any{"inputTokens": 2500.0, "outputTokens": 5.0, "totalTokens": 2505.0,
		"inputTokenDetails": map[string]any{"noCacheTokens": 400.0, "cacheReadTokens": 1100.0, "cacheWriteTokens": 1000.0}}, meta["usage"])
}

// webSearch is a web search Anthropic ran, its result block whole.
var webSearch = agent.ProviderCall{Provider: "anthropic", ID: "srvtoolu_1", Name: "web_search", Args: json.RawMessage(`{"query":"go 1.26"}`),
	Result: json.RawMessage(`{"type":"web_search_tool_result","tool_use_id":"srvtoolu_1","content":[` +
		`{"type":"web_search_result","url":"https://go.dev/doc/go1.26","title":"Go 1.26 Release Notes","encrypted_content":"e1"},` +
		`{"type":"web_search_result","url":"https://go.dev/blog","title":"The Go Blog","encrypted_content":"e2"}]}`)}

// webSearchSources are the pages webSearch found, as the adapter gives
// them (agent.Source).
var webSearchSources = []agent.Source{
	{URL: "https://go.dev/doc/go1.26", Title: "Go 1.26 Release Notes"},
	{URL: "https://go.dev/blog", Title: "The Go Blog"},
}

// sourceParts are the source parts of webSearchSources.
func sourceParts() []agent.Part {
	var parts []agent.Part
	for _, src := range webSearchSources {
		parts = append(parts, agent.Part{Kind: agent.PartSource, Source: src})
	}
	return parts
}

// failedSearch is one whose result says it failed.
var failedSearch = agent.ProviderCall{Provider: "anthropic", ID: "srvtoolu_2", Name: "web_search", Args: json.RawMessage(`{"query":"again"}`),
	Result:  json.RawMessage(`{"type":"web_search_tool_result","tool_use_id":"srvtoolu_2","content":{"type":"web_search_tool_result_error","error_code":"max_uses_exceeded"}}`),
	IsError: true}

// The calls the provider ran reach the UI as dynamic tool parts it
// executed, with a source-url for each page a web search found; the
// page's copy goes back to the provider as it came, never as a call to
// run here.
func TestProviderCalls(t *testing.T) {
	rec := &tools{}
	model := rt.NewModel(
		rt.Deltas(append(append([]agent.Part{
			{Kind: agent.PartProviderCall, ProviderCall: webSearch}}, sourceParts()...),
			agent.Part{Kind: agent.PartText, Text: "Go 1.26 is out."},
			agent.Part{Kind: agent.PartProviderCall, ProviderCall: failedSearch},
		)...),
		rt.Text("Yes."),
	)
	srv := serve(t, model, rec)
	chunks := post(t, srv.URL, body(t, "c", userMsg("u1", "news?")))
	first := ofCall(chunks, "srvtoolu_1")
	require.Len(t, first, 2, "once, though it comes as a part and as an event: %v", first)
	assert.Equal(t, `tool-input-available toolCallId="srvtoolu_1" toolName="web_search" input={"query":"go 1.26"}`, first[0])
	for _, c := range chunks {
		if c["toolCallId"] == "srvtoolu_1" && c["type"] == aisdk.ChunkToolOutputAvailable {
			b, _ := json.Marshal(c["output"])
			assert.JSONEq(t, `{"provider":"anthropic","result":`+string(webSearch.Result)+`}`, string(b))
		}
	}
	assert.Equal(t, []string{
		`tool-input-available toolCallId="srvtoolu_2" toolName="web_search" input={"query":"again"}`,
		`tool-output-error toolCallId="srvtoolu_2" errorText="web_search failed: max_uses_exceeded"`,
	}, ofCall(chunks, "srvtoolu_2"))
	var sources []map[string]any
	for _, c := range chunks {
		if c["toolCallId"] != nil {
			assert.Equal(t, true, c["dynamic"], "%v", c)
			assert.Equal(t, true, c["providerExecuted"], "%v", c)
		}
		if c["type"] == aisdk.ChunkSourceURL {
			sources = append(sources, c)
		}
		if c["toolCallId"] == "srvtoolu_2" && c["type"] == aisdk.ChunkToolOutputError {
			meta := c["providerMetadata"].(map[string]any)[aisdk.MetadataKey].(map[string]any)
			assert.Equal(t, "anthropic", meta["provider"])
			b, _ := json.Marshal(meta["result"])
			assert.JSONEq(t, string(failedSearch.Result), string(b), "the failed result rides in the provider metadata")
		}
	}
	require.Len(t, sources, 2, "once each, though they come as parts and as events")
	assert.NotEqual(t, sources[0]["sourceId"], sources[1]["sourceId"])
	for i, src := range webSearchSources {
		assert.Equal(t, map[string]any{"type": "source-url", "sourceId": sources[i]["sourceId"], "url": src.URL, "title": src.Title}, sources[i])
	}

	// The page sends the chat back: the provider gets its calls and
	// results back, and nothing runs here.
	_, hist, raw := getHistory(t, srv.URL, "c")
	require.Len(t, hist.Messages, 2, raw)
	post(t, srv.URL, body(t, "c", append(hist.Messages, userMsg("u2", "sure?"))...))
	reqs := model.Requests()
	require.Len(t, reqs, 2)
	sent := reqs[1].Messages
	require.Len(t, sent, 3)
	assert.Equal(t, "Go 1.26 is out.", sent[1].Text)
	assert.Empty(t, sent[1].Calls)
	assertSameProviderCalls(t, []agent.ProviderCall{webSearch, failedSearch}, sent[1].ProviderCalls)
	assert.Empty(t, rec.calls())
}

// assertSameProviderCalls compares provider calls, their JSON by meaning
// (the page's copy is JSON.stringify's).
func assertSameProviderCalls(t *testing.T, want, got []agent.ProviderCall) {
	t.Helper()
	require.Len(t, got, len(want))
	for i := range want {
		w, g := want[i], got[i]
		assert.JSONEq(t, string(w.Args), string(g.Args))
		assert.JSONEq(t, string(w.Result), string(g.Result))
		w.Args, w.Result, g.Args, g.Result = nil, nil, nil, nil
		assert.Equal(t, w, g)
	}
}

// A compaction of the transcript reaches the UI as a dynamic tool part
// named compaction, before the request it made smaller; the model never
// reads it back.
func TestCompactionPart(t *testing.T) {
	model := rt.NewModel(rt.Calls(rt.Call("c1", "lookup", `{}`)), rt.StreamText("42."), rt.Text("Again."))
	rec := &tools{}
	ag, err := agent.New(model, agent.WithTools(rec.all()), agent.WithCompaction(1, agent.ElideToolResults(0, 0)))
	require.NoError(t, err)
	srv := serveAgent(t, ag)
	chunks := post(t, srv.URL, body(t, "c", userMsg("u1", "x?")))
	var in, out map[string]any
	for _, c := range chunks {
		if c["toolName"] == aisdk.ToolCompaction {
			in = c
		}
		if in != nil && out == nil && c["type"] == aisdk.ChunkToolOutputAvailable && c["toolCallId"] == in["toolCallId"] {
			out = c
		}
	}
	require.NotNil(t, in, "%v", short(chunks))
	require.NotNil(t, out)
	assert.Equal(t, map[string]any{"policy": "elide_tool_results"}, in["input"])
	assert.Equal(t, true, in["dynamic"])
	assert.Equal(t, true, in["providerExecuted"])
	data := out["output"].(map[string]any)
	assert.Equal(t, "elide_tool_results", data["policy"])
	assert.Equal(t, 2.0, data["turn"])
	assert.Equal(t, 1.0, data["elidedResults"])

	_, hist, raw := getHistory(t, srv.URL, "c")
	require.Len(t, hist.Messages, 2, raw)
	post(t, srv.URL, body(t, "c", append(hist.Messages, userMsg("u2", "again"))...))
	for _, m := range model.Requests()[2].Messages {
		assert.Empty(t, m.ProviderCalls)
		for _, c := range m.Calls {
			assert.Equal(t, toolgen.ToolName("lookup"), c.Name)
		}
	}
}

// Transcript gives the calls the provider ran back as they came, leaves
// out what is no call of the model's (file changes, compactions, a
// running tool's progress) and what it could not give back whole.
func TestTranscriptProviderParts(t *testing.T) {
	out, _ := json.Marshal(aisdk.ProviderCallOutput{Provider: "anthropic", Result: webSearch.Result, Found: []toolgen.ToolName{"refund"}})
	failed, _ := json.Marshal(map[string]aisdk.ProviderCallOutput{aisdk.MetadataKey: {Provider: "anthropic", Result: failedSearch.Result}})
	msgs := []aisdk.UIMessage{userMsg("u1", "hi"), {ID: "a1", Role: "assistant", Parts: []aisdk.UIPart{
		{Type: "step-start"},
		{Type: "dynamic-tool", ToolName: "web_search", ToolCallID: "srvtoolu_1", State: aisdk.StateOutputAvailable, ProviderExecuted: true,
			Input: webSearch.Args, Output: out},
		{Type: "source-url", SourceID: "s", URL: "https://go.dev"},
		{Type: "dynamic-tool", ToolName: "web_search", ToolCallID: "srvtoolu_2", State: aisdk.StateOutputError, ProviderExecuted: true,
			Input: failedSearch.Args, ErrorText: "web_search failed", ResultProviderMetadata: failed},
		{Type: "dynamic-tool", ToolName: "web_search", ToolCallID: "srvtoolu_3", State: aisdk.StateInputAvailable, ProviderExecuted: true},
		{Type: "dynamic-tool", ToolName: "web_search", ToolCallID: "srvtoolu_4", State: aisdk.StateOutputAvailable, ProviderExecuted: true,
			Output: json.RawMessage(`"no provider"`)},
		{Type: "dynamic-tool", ToolName: aisdk.ToolFileChange, ToolCallID: "f1", State: aisdk.StateOutputAvailable, ProviderExecuted: true,
			Output: json.RawMessage(`{"provider":"x","result":{}}`)},
		{Type: "dynamic-tool", ToolName: aisdk.ToolCompaction, ToolCallID: "k1", State: aisdk.StateOutputAvailable, ProviderExecuted: true},
		{Type: "tool-lookup", ToolCallID: "c1", State: aisdk.StateOutputAvailable, Preliminary: true, Output: json.RawMessage(`{"hits":[]}`)},
		{Type: "text", Text: "Found."},
	}}}
	got := aisdk.Transcript(msgs)
	require.Len(t, got, 2)
	assert.Equal(t, "Found.", got[1].Text)
	assert.Empty(t, got[1].Calls, "nothing to run here, and no result of a running tool")
	found := webSearch
	found.Found = []toolgen.ToolName{"refund"}
	assertSameProviderCalls(t, []agent.ProviderCall{found, failedSearch}, got[1].ProviderCalls)

	// A step of provider calls alone is kept.
	only := []aisdk.UIMessage{userMsg("u1", "hi"), {ID: "a1", Role: "assistant", Parts: msgs[1].Parts[:3]}}
	require.Len(t, aisdk.Transcript(only), 2)
}

// A tool past its failure limit (agent.WithMaxFailures) has its next call
// refused as an input error, with what the model reads.
func TestFailureLimitIsAnInputError(t *testing.T) {
	failing := toolgen.Tool{Name: "lookup", InputSchema: []byte(`{"type":"object"}`), Call: func(context.Context, []byte) (toolgen.Result, error) {
		return toolgen.ErrorResult("the service is down"), nil
	}}
	model := rt.NewModel(rt.Calls(rt.Call("c1", "lookup", `{}`)), rt.Calls(rt.Call("c2", "lookup", `{}`)), rt.Text("Sorry."))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{failing}), agent.WithMaxFailures(1))
	require.NoError(t, err)
	chunks := post(t, serveAgent(t, ag).URL, body(t, "c", userMsg("u1", "look")))
	calls := ofCall(chunks, "c2")
	require.NotEmpty(t, calls)
	assert.Contains(t, calls[len(calls)-1], `tool-input-error toolCallId="c2" toolName="lookup" input={} errorText="Not run: lookup failed once in a row`)
}

// Every provider's sources reach the UI as source-url parts, one per page
// in an answer: streamed as parts (a page cited twice, as OpenAI's and
// Gemini's citations come, is one part) or given whole with the answer
// (a model that does not stream: the agent's source events); a page
// cited again in a later answer has a part there too; a URL that is no
// web page (javascript:) has none.
func TestSourcesBecomeSourceURLParts(t *testing.T) {
	cite := func(url, title, text string, start int) agent.Part {
		return agent.Part{Kind: agent.PartSource, Source: agent.Source{URL: url, Title: title,
			Citations: []agent.Citation{{Text: text, Start: start, End: start + len(text)}}}}
	}
	model := rt.NewModel(
		rt.Deltas(
			agent.Part{Kind: agent.PartText, Text: "Paris: 17°C. Rain."},
			cite("https://example.com/paris", "Paris weather", "Paris: 17°C.", 0),
			cite("https://meteo.example/fr", "Météo-France", "Rain.", 14),
			cite("https://example.com/paris", "", "Rain.", 14),
			cite("javascript:alert(1)", "not a page", "Rain.", 14),
			agent.Part{Kind: agent.PartCallDone, Index: 0, Call: rt.Call("c1", "lookup", `{"key":"x"}`)},
		),
		rt.Respond(func(agent.Request) agent.Response {
			return agent.Response{Message: agent.Message{Text: "Still rain.", Sources: []agent.Source{
				{URL: "https://meteo.example/fr", Title: "Météo-France", Citations: []agent.Citation{{Text: "Still rain.", End: 11}}},
				{URL: "https://news.example/", Title: "News"},
			}}}
		}),
	)
	chunks := post(t, serve(t, model, &tools{}).URL, body(t, "c", userMsg("u1", "weather?")))
	var got []string
	ids := map[any]bool{}
	for _, c := range chunks {
		switch c["type"] {
		case aisdk.ChunkStartStep:
			got = append(got, "step")
		case aisdk.ChunkSourceURL:
			got = append(got, c["url"].(string)+" "+c["title"].(string))
			assert.False(t, ids[c["sourceId"]], "source ids are unique in the message: %v", c)
			ids[c["sourceId"]] = true
		}
	}
	assert.Equal(t, []string{
		"step", "https://example.com/paris Paris weather", "https://meteo.example/fr Météo-France",
		"step", "https://meteo.example/fr Météo-France", "https://news.example/ News",
	}, got)
}
