package aisdk_test

import (
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/aisdk"
	"github.com/toolgen-dev/toolgen/internal/npmtest"
)

// The `ai` package from npm (pinned in testdata/npm/package.json, installed
// by .ci/run) reads the stream here, as useChat does in a browser: ai 7
// ("ai") and ai 6 ("ai6", an npm alias), each test once with each.

// aiPackages are the names the ai packages have in testdata/npm.
var aiPackages = []string{"ai", "ai6"}

// aiModules is testdata/npm/node_modules with the package in it, or the
// test is skipped.
func aiModules(t *testing.T, name string) string {
	return npmtest.Modules(t, filepath.Join(name, "package.json"))
}

// pinnedAI is the version of the package testdata/npm/package.json pins
// ("npm:ai@6.0.326" pins 6.0.326).
func pinnedAI(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "npm", "package.json"))
	require.NoError(t, err)
	var pkg struct {
		DevDependencies map[string]string `json:"devDependencies"`
	}
	require.NoError(t, json.Unmarshal(b, &pkg))
	return strings.TrimPrefix(pkg.DevDependencies[name], "npm:ai@")
}

// chatOutput is what testdata/chat.mjs prints: the chat after each
// response.
type chatOutput struct {
	AI             string              `json:"ai"` // the version of the ai package
	Steps          []chatStep          `json:"steps"`
	Errors         []string            `json:"errors"`
	Status         string              `json:"status"`
	ToolStates     map[string][]string `json:"toolStates"`
	History        aisdk.ChatHistory   `json:"history"`
	Reloaded       chatStep            `json:"reloaded"`
	ReloadedErrors []string            `json:"reloadedErrors"`
}

type chatStep struct {
	Messages []nodeMessage `json:"messages"`
	Finish   struct {
		FinishReason string `json:"finishReason"`
		IsError      bool   `json:"isError"`
		IsDisconnect bool   `json:"isDisconnect"`
	} `json:"finish"`
}

type nodeMessage struct {
	ID       string           `json:"id"`
	Role     string           `json:"role"`
	Metadata map[string]any   `json:"metadata"`
	Parts    []map[string]any `json:"parts"`
}

// runChat runs chat.mjs against srvURL with the package name, in a mode.
func runChat(t *testing.T, name, mode, srvURL string) chatOutput {
	t.Helper()
	modules := aiModules(t, name)
	node := npmtest.Node(t, modules)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join("testdata", "chat.mjs"), srvURL, mode, modules, name)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	require.NoError(t, err, "chat.mjs: %s", out)
	var got chatOutput
	require.NoError(t, json.Unmarshal(out, &got), "%s", out)
	require.Equal(t, pinnedAI(t, name), got.AI, "testdata/npm/node_modules is stale: run `npm install` in testdata/npm")
	t.Logf("chat.mjs %s %s (node %s): %s", name, mode, node, out)
	return got
}

// eachAI runs test once with each ai package.
func eachAI(t *testing.T, test func(t *testing.T, name string)) {
	for _, name := range aiPackages {
		t.Run(name, func(t *testing.T) { test(t, name) })
	}
}

// approvalChat serves the scripted agent of the approval tests; the last
// answer waits at hold, when given, after its first piece.
func approvalChat(t *testing.T, hold ...*rt.Gate) (*httptest.Server, *tools) {
	rec := &tools{}
	last := rt.StreamText("Done", ".")
	if len(hold) > 0 {
		last = last.Hold(1, hold[0])
	}
	model := rt.NewModel(
		rt.Deltas(
			agent.Part{Kind: agent.PartReasoning, Text: "I need x."},
			agent.Part{Kind: agent.PartText, Text: "Let me look."},
			agent.Part{Kind: agent.PartCallStart, Index: 0, Call: agent.ToolCall{ID: "c1", Name: "lookup"}},
			agent.Part{Kind: agent.PartCallArgs, Index: 0, Text: `{"key":`},
			agent.Part{Kind: agent.PartCallArgs, Index: 0, Text: `"x"}`},
			agent.Part{Kind: agent.PartCallDone, Index: 0, Call: rt.Call("c1", "lookup", `{"key":"x"}`)},
		),
		rt.Calls(rt.Call("c2", "write", `{"path":"f"}`)),
		last,
	)
	if len(hold) == 0 {
		return serve(t, model, rec), rec
	}
	a, err := agent.New(model, agent.WithTools(rec.all()))
	require.NoError(t, err)
	h, err := aisdk.Handler(a)
	require.NoError(t, err)
	srv := httptest.NewServer(gateOnResume(h, hold[0]))
	t.Cleanup(srv.Close)
	return srv, rec
}

// partsOf are a message's parts in brief: type, state, and the telling
// fields.
func partsOf(m nodeMessage) []map[string]any {
	var out []map[string]any
	for _, p := range m.Parts {
		q := map[string]any{}
		for _, k := range []string{"type", "state", "text", "toolCallId", "toolName", "input", "output", "errorText", "approval", "preliminary", "providerExecuted", "url"} {
			if v, ok := p[k]; ok && v != nil {
				q[k] = v
			}
		}
		if a, ok := q["approval"].(map[string]any); ok {
			if id, _ := a["id"].(string); approvalIDRE.MatchString(id) {
				a = maps.Clone(a)
				a["id"] = "RANDOM" // the handler's own random id
				q["approval"] = a
			}
		}
		out = append(out, q)
	}
	return out
}

// asked are the assistant's parts once the run paused on c2.
var asked = []map[string]any{
	{"type": "step-start"},
	{"type": "reasoning", "state": "done", "text": "I need x."},
	{"type": "text", "state": "done", "text": "Let me look."},
	{"type": "tool-lookup", "state": "output-available", "toolCallId": "c1", "input": map[string]any{"key": "x"}, "output": "x is 42"},
	{"type": "step-start"},
	{"type": "tool-write", "state": "approval-requested", "toolCallId": "c2", "input": map[string]any{"path": "f"},
		"approval": map[string]any{"id": "RANDOM"}},
}

func TestUseChatApproves(t *testing.T) {
	eachAI(t, func(t *testing.T, name string) {
		srv, rec := approvalChat(t)
		got := runChat(t, name, "approve", srv.URL)
		assert.Empty(t, got.Errors)
		assert.Equal(t, "ready", got.Status)
		require.Len(t, got.Steps, 2)

		first := got.Steps[0]
		assert.Equal(t, "tool-calls", first.Finish.FinishReason)
		require.Len(t, first.Messages, 2)
		assert.Equal(t, "user", first.Messages[0].Role)
		assert.Equal(t, "assistant", first.Messages[1].Role)
		assert.Equal(t, asked, partsOf(first.Messages[1]))

		second := got.Steps[1]
		assert.Equal(t, "stop", second.Finish.FinishReason)
		require.Len(t, second.Messages, 2, "the answer continues the assistant's message")
		assert.Equal(t, first.Messages[1].ID, second.Messages[1].ID)
		want := append(append([]map[string]any(nil), asked[:5]...),
			map[string]any{"type": "tool-write", "state": "output-available", "toolCallId": "c2", "input": map[string]any{"path": "f"},
				"output": "written", "approval": map[string]any{"id": "RANDOM", "approved": true}},
			map[string]any{"type": "step-start"},
			map[string]any{"type": "text", "state": "done", "text": "Done."},
		)
		assert.Equal(t, want, partsOf(second.Messages[1]))
		assert.Equal(t, []string{`lookup {"key":"x"}`, `write {"path":"f"}`}, rec.calls())
		assert.Equal(t, first.Messages[1].Metadata["runId"], second.Messages[1].Metadata["runId"], "one run, paused and resumed")
	})
}

func TestUseChatDenies(t *testing.T) {
	eachAI(t, func(t *testing.T, name string) {
		srv, rec := approvalChat(t)
		got := runChat(t, name, "deny", srv.URL)
		assert.Empty(t, got.Errors)
		require.Len(t, got.Steps, 2)
		assert.Equal(t, asked, partsOf(got.Steps[0].Messages[1]))
		second := got.Steps[1]
		assert.Equal(t, "stop", second.Finish.FinishReason)
		require.Len(t, second.Messages, 2)
		want := append(append([]map[string]any(nil), asked[:5]...),
			map[string]any{"type": "tool-write", "state": "output-denied", "toolCallId": "c2", "input": map[string]any{"path": "f"},
				"approval": map[string]any{"id": "RANDOM", "approved": false, "reason": "not today"}},
			map[string]any{"type": "step-start"},
			map[string]any{"type": "text", "state": "done", "text": "Done."},
		)
		assert.Equal(t, want, partsOf(second.Messages[1]))
		assert.Equal(t, []string{`lookup {"key":"x"}`}, rec.calls())
	})
}

// kindsChat serves an agent whose first answer has every kind of chunk
// this package sends beyond text and calls: a provider's web search with
// its sources, a tool reporting its progress and changing a file, a call
// of a tool the agent does not have, a compaction, and the message's
// metadata.
func kindsChat(t *testing.T) (*httptest.Server, *rt.Model) {
	search := toolgen.Tool{Name: "search", InputSchema: []byte(`{"type":"object"}`), Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
		toolgen.ReportProgress(ctx, toolgen.Progress{Message: "reading Inbox", Progress: 1, Total: 2, Partial: json.RawMessage(`{"hits":["a"]}`)})
		toolgen.ReportProgress(ctx, toolgen.Progress{Message: "reading Sent", Progress: 2, Total: 2})
		toolgen.ReportFileChange(ctx, toolgen.FileChange{Path: "hits.txt", Kind: toolgen.FileCreated, SizeAfter: 2})
		return toolgen.Result{Structured: json.RawMessage(`{"hits":["a","b"]}`)}, nil
	}}
	model := rt.NewModel(
		rt.Deltas(append(append([]agent.Part{
			{Kind: agent.PartProviderCall, ProviderCall: webSearch}}, sourceParts()...),
			agent.Part{Kind: agent.PartText, Text: "Searching."},
			agent.Part{Kind: agent.PartCallDone, Index: 0, Call: rt.Call("c1", "search", `{}`)},
			agent.Part{Kind: agent.PartCallDone, Index: 1, Call: rt.Call("c2", "nosuch", `{"a":1}`)},
			agent.Part{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 7, OutputTokens: 5}},
		)...),
		rt.StreamText("Found ", "two."),
		rt.Text("Again."),
	)
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{search}), agent.WithCompaction(1, agent.ElideToolResults(0, 0)))
	require.NoError(t, err)
	return serveAgent(t, ag), model
}

// The ai package's client builds the parts of every kind of chunk, shows
// a tool's progress before its result, and sends the chat back so that
// the provider gets its calls back, and no other part becomes a call.
func TestUseChatChunkKinds(t *testing.T) {
	eachAI(t, func(t *testing.T, name string) {
		srv, model := kindsChat(t)
		got := runChat(t, name, "send", srv.URL)
		assert.Empty(t, got.Errors)
		require.Len(t, got.Steps, 2)
		answer := got.Steps[0].Messages[1]
		assert.Len(t, answer.Metadata["runId"], 32)
		// The run's two requests: 7 and 5 tokens, then the scripted model's 10 and 5.
		assert.Equal(t, map[string]any{"inputTokens": 17.0, "outputTokens": 10.0, "totalTokens": 27.0}, answer.Metadata["usage"])
		var types []string
		for _, p := range partsOf(answer) {
			s := p["type"].(string)
			if n, ok := p["toolName"].(string); ok {
				s += ":" + n
			}
			if st, ok := p["state"].(string); ok {
				s += " " + st
			}
			types = append(types, s)
		}
		assert.Equal(t, []string{
			"step-start",
			"dynamic-tool:web_search output-available", "source-url", "source-url",
			"text done",
			"tool-search output-available",
			"tool-nosuch output-error",
			"dynamic-tool:fileChange output-available",
			"dynamic-tool:compaction output-available",
			"step-start",
			"text done",
		}, types)
		for _, p := range answer.Parts {
			if p["type"] == "dynamic-tool" {
				assert.Equal(t, true, p["providerExecuted"], "%v", p)
			}
		}
		assert.Equal(t, []string{
			`{"state":"input-streaming","preliminary":false,"output":null}`,
			`{"state":"input-available","preliminary":false,"output":null}`,
			`{"state":"output-available","preliminary":true,"output":{"hits":["a"]}}`,
			`{"state":"output-available","preliminary":true,"output":{"message":"reading Sent","progress":2,"total":2}}`,
			`{"state":"output-available","preliminary":false,"output":{"hits":["a","b"]}}`,
		}, got.ToolStates["c1"], "the progress shows before the result")

		reqs := model.Requests()
		require.Len(t, reqs, 3)
		var calls []toolgen.ToolName
		var provider []agent.ProviderCall
		for _, m := range reqs[2].Messages {
			for _, c := range m.Calls {
				calls = append(calls, c.Name)
			}
			provider = append(provider, m.ProviderCalls...)
		}
		assert.Equal(t, []toolgen.ToolName{"search", "nosuch"}, calls)
		assertSameProviderCalls(t, []agent.ProviderCall{webSearch}, provider)
	})
}

// gateOnResume releases gate when a client reconnects to a chat's stream.
func gateOnResume(h http.Handler, gate *rt.Gate) http.Handler {
	var once sync.Once
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/stream") {
			once.Do(func() { time.AfterFunc(100*time.Millisecond, gate.Release) })
		}
		h.ServeHTTP(w, r)
	})
}

// The ai package's client that loses its connection mid-answer
// reconnects (resumeStream) and gets the whole answer, once; so does a
// page reloaded meanwhile, from the server's messages.
func TestUseChatResumes(t *testing.T) {
	eachAI(t, func(t *testing.T, name string) {
		gate := rt.NewGate()
		model := rt.NewModel(rt.Deltas(
			agent.Part{Kind: agent.PartReasoning, Text: "Think."},
			agent.Part{Kind: agent.PartText, Text: "The answer "},
			agent.Part{Kind: agent.PartText, Text: "comes "},
			agent.Part{Kind: agent.PartText, Text: "in pieces."},
		).Hold(2, gate))
		a, err := agent.New(model)
		require.NoError(t, err)
		h, err := aisdk.Handler(a)
		require.NoError(t, err)
		srv := httptest.NewServer(gateOnResume(h, gate))
		t.Cleanup(srv.Close)
		defer gate.Release()

		got := runChat(t, name, "resume", srv.URL)
		require.Len(t, got.Steps, 2)
		assert.True(t, got.Steps[0].Finish.IsDisconnect, "the connection was lost")
		assert.Equal(t, []string{"network error"}, got.Errors)
		assert.True(t, got.History.Streaming, "the reloaded page found the answer streaming")

		want := []map[string]any{
			{"type": "step-start"},
			{"type": "reasoning", "state": "done", "text": "Think."},
			{"type": "text", "state": "done", "text": "The answer comes in pieces."},
		}
		resumed := got.Steps[1]
		assert.Equal(t, "stop", resumed.Finish.FinishReason)
		require.Len(t, resumed.Messages, 2, "one answer")
		assert.Equal(t, want, partsOf(resumed.Messages[1]))
		assert.Equal(t, "ready", got.Status)

		assert.Empty(t, got.ReloadedErrors)
		require.Len(t, got.Reloaded.Messages, 2)
		assert.Equal(t, want, partsOf(got.Reloaded.Messages[1]))
		assert.Equal(t, resumed.Messages[1].ID, got.Reloaded.Messages[1].ID)
		ended := model.Ended()
		require.Len(t, ended, 1, "the model was asked once")
		assert.NoError(t, ended[0])
	})
}

// The answer to an approval, its connection lost mid-answer, comes back
// whole on a reconnect: the replay rebuilds the message it continues (the
// approval comes back asked, and the call's output answers it).
func TestUseChatResumesAnApproval(t *testing.T) {
	eachAI(t, func(t *testing.T, name string) {
		gate := rt.NewGate()
		defer gate.Release()
		srv, rec := approvalChat(t, gate)
		got := runChat(t, name, "approve-resume", srv.URL)
		require.Len(t, got.Steps, 3)
		assert.True(t, got.Steps[1].Finish.IsDisconnect)
		assert.Equal(t, []string{"network error"}, got.Errors)
		resumed := got.Steps[2]
		assert.Equal(t, "stop", resumed.Finish.FinishReason)
		require.Len(t, resumed.Messages, 2)
		assert.Equal(t, got.Steps[0].Messages[1].ID, resumed.Messages[1].ID)
		want := append(append([]map[string]any(nil), asked[:5]...),
			map[string]any{"type": "tool-write", "state": "output-available", "toolCallId": "c2", "input": map[string]any{"path": "f"},
				"output": "written", "approval": map[string]any{"id": "RANDOM"}},
			map[string]any{"type": "step-start"},
			map[string]any{"type": "text", "state": "done", "text": "Done."},
		)
		assert.Equal(t, want, partsOf(resumed.Messages[1]))
		assert.Equal(t, []string{`lookup {"key":"x"}`, `write {"path":"f"}`}, rec.calls(), "each call ran once")
	})
}
