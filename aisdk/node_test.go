package aisdk_test

import (
	"context"
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/internal/npmtest"
)

// The `ai` package from npm (pinned in testdata/npm/package.json, installed
// by .ci/run) reads the stream here, as useChat does in a browser.

// aiModules is testdata/npm/node_modules with `ai` in it, or the test is
// skipped.
func aiModules(t *testing.T) string { return npmtest.Modules(t, filepath.Join("ai", "package.json")) }

// nodeBin is the Node that runs the ai package.
func nodeBin(t *testing.T, modules string) string { return npmtest.Node(t, modules) }

// pinnedAI is the version of ai testdata/npm/package.json pins.
func pinnedAI(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "npm", "package.json"))
	require.NoError(t, err)
	var pkg struct {
		DevDependencies map[string]string `json:"devDependencies"`
	}
	require.NoError(t, json.Unmarshal(b, &pkg))
	return pkg.DevDependencies["ai"]
}

// chatOutput is what testdata/chat.mjs prints: the chat after each
// response.
type chatOutput struct {
	AI    string `json:"ai"` // the version of the ai package
	Steps []struct {
		Messages []nodeMessage `json:"messages"`
		Finish   struct {
			FinishReason string `json:"finishReason"`
			IsError      bool   `json:"isError"`
		} `json:"finish"`
	} `json:"steps"`
	Errors []string `json:"errors"`
	Status string   `json:"status"`
}

type nodeMessage struct {
	ID    string           `json:"id"`
	Role  string           `json:"role"`
	Parts []map[string]any `json:"parts"`
}

// runChat serves a scripted agent and runs chat.mjs against it.
func runChat(t *testing.T, mode string) (chatOutput, *tools) {
	modules := aiModules(t)
	node := nodeBin(t, modules)
	rec := &tools{}
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
		rt.StreamText("Done", "."),
	)
	srv := serve(t, model, rec)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join("testdata", "chat.mjs"), srv.URL, mode, modules)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	require.NoError(t, err, "chat.mjs: %s", out)
	var got chatOutput
	require.NoError(t, json.Unmarshal(out, &got), "%s", out)
	require.Equal(t, pinnedAI(t), got.AI, "testdata/npm/node_modules is stale: run `npm install` in testdata/npm")
	t.Logf("chat.mjs (node %s): %s", node, out)
	return got, rec
}

// partsOf are a message's parts in brief: type, state, and the telling
// fields.
func partsOf(m nodeMessage) []map[string]any {
	var out []map[string]any
	for _, p := range m.Parts {
		q := map[string]any{}
		for _, k := range []string{"type", "state", "text", "toolCallId", "input", "output", "errorText", "approval"} {
			if v, ok := p[k]; ok {
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
	got, rec := runChat(t, "approve")
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
}

func TestUseChatDenies(t *testing.T) {
	got, rec := runChat(t, "deny")
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
}
