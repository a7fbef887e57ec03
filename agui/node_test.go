package agui_test

import (
	"context"
	"encoding/json"
	"errors"
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

// The official AG-UI client from npm (@ag-ui/client, pinned in
// testdata/npm/package.json, installed by .ci/run) runs the agent here, as
// a page using it does: its HttpAgent posts the RunAgentInput, checks every
// event against the protocol's schemas and order rules, and applies them to
// its messages and state.

// pinnedClient is the version of @ag-ui/client testdata/npm/package.json
// pins.
func pinnedClient(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "npm", "package.json"))
	require.NoError(t, err)
	var pkg struct {
		DevDependencies map[string]string `json:"devDependencies"`
	}
	require.NoError(t, json.Unmarshal(b, &pkg))
	return pkg.DevDependencies["@ag-ui/client"]
}

// clientOutput is what testdata/agui.mjs prints.
type clientOutput struct {
	Client string `json:"client"`
	Runs   []struct {
		Types []string `json:"types"`
		End   struct {
			Outcome            string           `json:"outcome"`
			Result             any              `json:"result"`
			Interrupts         []map[string]any `json:"interrupts"`
			PendingToolCallIDs []string         `json:"pendingToolCallIds"`
			Message            string           `json:"message"`
			Code               string           `json:"code"`
		} `json:"end"`
		Result            any              `json:"result"`
		Thrown            string           `json:"thrown"`
		Messages          []map[string]any `json:"messages"`
		State             map[string]any   `json:"state"`
		PendingInterrupts []map[string]any `json:"pendingInterrupts"`
	} `json:"runs"`
	Logged []string `json:"logged"`
}

// runClient serves an agent over model and runs agui.mjs against it.
func runClient(t *testing.T, mode string, model agent.Model, rec *tools) clientOutput {
	return runClientAt(t, mode, serve(t, model, rec).URL)
}

// runClientAt runs agui.mjs against the handler at srvURL.
func runClientAt(t *testing.T, mode, srvURL string) clientOutput {
	modules := npmtest.Modules(t, filepath.Join("@ag-ui", "client", "package.json"))
	node := npmtest.Node(t, modules)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, filepath.Join("testdata", "agui.mjs"), srvURL, mode, modules)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	require.NoError(t, err, "agui.mjs: %s", out)
	var got clientOutput
	require.NoError(t, json.Unmarshal(out, &got), "%s", out)
	require.Equal(t, pinnedClient(t), got.Client, "testdata/npm/node_modules is stale: run `npm install` in testdata/npm")
	t.Logf("agui.mjs (node %s): %s", node, out)
	assert.Empty(t, got.Logged, "the client warned: an event it stripped, or could not apply")
	return got
}

// brief is a message in brief: its role and what it holds.
func brief(m map[string]any) map[string]any {
	out := map[string]any{"role": m["role"]}
	for _, k := range []string{"content", "toolCallId", "activityType"} {
		if k == "content" && m["role"] == "activity" {
			continue // an object: checked on its own
		}
		if v, ok := m[k]; ok && v != "" {
			out[k] = v
		}
	}
	if calls, ok := m["toolCalls"].([]any); ok && len(calls) > 0 {
		var cs []string
		for _, c := range calls {
			fn := c.(map[string]any)["function"].(map[string]any)
			cs = append(cs, c.(map[string]any)["id"].(string)+" "+fn["name"].(string)+" "+fn["arguments"].(string))
		}
		out["toolCalls"] = cs
	}
	return out
}

func briefs(msgs []map[string]any) []map[string]any {
	var out []map[string]any
	for _, m := range msgs {
		out = append(out, brief(m))
	}
	return out
}

func TestHttpAgentApprovesAnInterrupt(t *testing.T) {
	rec := &tools{}
	model := lookThenWrite(rt.StreamText("You're ", "welcome."))
	got := runClient(t, "approve", model, rec)
	require.Len(t, got.Runs, 3)

	first := got.Runs[0]
	assert.Empty(t, first.Thrown)
	assert.Equal(t, "interrupt", first.End.Outcome)
	require.Len(t, first.End.Interrupts, 1)
	ask := first.End.Interrupts[0]
	assert.Equal(t, "tool_approval", ask["reason"])
	assert.Equal(t, "c2", ask["toolCallId"])
	assert.Equal(t, first.End.Interrupts, first.PendingInterrupts, "the client holds the interrupt to answer")
	asked := []map[string]any{
		{"role": "user", "content": "Look up x, then write it."},
		{"role": "reasoning", "content": "I need x."},
		{"role": "assistant", "content": "Let me look.", "toolCalls": []string{`c1 lookup {"key":"x"}`}},
		{"role": "tool", "toolCallId": "c1", "content": "x is 42"},
		{"role": "activity", "activityType": "TOOL_PROGRESS"},
		{"role": "assistant", "toolCalls": []string{`c2 write {"path":"f"}`}},
	}
	assert.Equal(t, asked, briefs(first.Messages))
	assert.Equal(t, map[string]any{"toolCallId": "c1", "toolName": "lookup", "message": "found x", "progress": 2.0, "total": 2.0,
		"partial": map[string]any{"x": 42.0}}, first.Messages[4]["content"], "the progress's last report")
	assert.Equal(t, map[string]any{
		"turns": 2.0, "usage": map[string]any{"inputTokens": 110.0, "outputTokens": 25.0}, "loadedTools": []any{},
		"pendingApprovals": []any{map[string]any{"interruptId": ask["id"], "toolCallId": "c2", "toolName": "write", "reason": "the tool requires approval"}},
		"fileChanges":      []any{},
	}, first.State, "the snapshot and its deltas, as the client applied them")

	second := got.Runs[1]
	assert.Empty(t, second.Thrown)
	assert.Equal(t, "success", second.End.Outcome)
	assert.Equal(t, "Done.", second.End.Result)
	assert.Empty(t, second.End.PendingToolCallIDs, "every call the runs started has its result")
	assert.Empty(t, second.PendingInterrupts)
	done := append(append([]map[string]any{}, asked...),
		map[string]any{"role": "tool", "toolCallId": "c2", "content": "written"},
		map[string]any{"role": "assistant", "content": "Done."},
	)
	assert.Equal(t, done, briefs(second.Messages))
	assert.Equal(t, map[string]any{
		"turns": 3.0, "usage": map[string]any{"inputTokens": 120.0, "outputTokens": 30.0}, "loadedTools": []any{},
		"pendingApprovals": []any{},
		"fileChanges": []any{map[string]any{"toolCallId": "c2", "path": "f", "kind": "created", "sizeBefore": 0.0, "sizeAfter": 7.0,
			"hashAfter": "abc", "diff": "+written"}},
	}, second.State)
	assert.Equal(t, []string{`lookup {"key":"x"}`, `write {"path":"f"}`}, rec.calls())

	third := got.Runs[2]
	assert.Equal(t, "success", third.End.Outcome)
	assert.Equal(t, "You're welcome.", third.End.Result)
	// The client sent the whole conversation again (reasoning and all);
	// the model read the server's transcript and the new message.
	reqs := model.Requests()
	require.Len(t, reqs, 4)
	var roles []string
	for _, m := range reqs[3].Messages {
		roles = append(roles, string(m.Role))
	}
	assert.Equal(t, []string{"user", "assistant", "tool", "assistant", "tool", "assistant", "user"}, roles)
	assert.Equal(t, "Thanks.", reqs[3].Messages[6].Text)
}

func TestHttpAgentDeniesAnInterrupt(t *testing.T) {
	rec := &tools{}
	got := runClient(t, "deny", lookThenWrite(rt.StreamText("You're ", "welcome.")), rec)
	require.Len(t, got.Runs, 3)
	second := got.Runs[1]
	assert.Equal(t, "success", second.End.Outcome)
	var results []map[string]any
	for _, m := range briefs(second.Messages) {
		if m["role"] == "tool" {
			results = append(results, m)
		}
	}
	assert.Equal(t, []map[string]any{
		{"role": "tool", "toolCallId": "c1", "content": "x is 42"},
		{"role": "tool", "toolCallId": "c2", "content": "Denied by the user: not today"},
	}, results)
	assert.Equal(t, []any{}, second.State["fileChanges"])
	assert.Equal(t, []string{`lookup {"key":"x"}`}, rec.calls())
}

func TestHttpAgentReadsARunError(t *testing.T) {
	got := runClient(t, "error", rt.NewModel(rt.Fail(errors.New("upstream 500: key sk-live-123"))), &tools{})
	require.Len(t, got.Runs, 1)
	r := got.Runs[0]
	assert.Empty(t, r.Thrown, "a run error is an event the client reads, not a failed request")
	assert.Equal(t, "error", r.End.Outcome)
	assert.Equal(t, "An error occurred.", r.End.Message)
	assert.Equal(t, "run_failed", r.End.Code)
	assert.Equal(t, []string{"RUN_STARTED", "STATE_SNAPSHOT", "STEP_STARTED", "STEP_FINISHED", "RUN_ERROR"}, r.Types)
}
