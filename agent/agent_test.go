package agent_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/permission"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// recorder is a set of tools that record their calls.
type recorder struct {
	mu    sync.Mutex
	calls []string
}

func (r *recorder) tool(name toolgen.ToolName, mod func(*toolgen.Tool)) toolgen.Tool {
	t := toolgen.Tool{
		Name:        name,
		Description: "test tool " + string(name),
		InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
			r.mu.Lock()
			r.calls = append(r.calls, fmt.Sprintf("%s %s", name, args))
			r.mu.Unlock()
			return toolgen.TextResult(fmt.Sprintf("%s done", name)), nil
		},
	}
	if mod != nil {
		mod(&t)
	}
	return t
}

func (r *recorder) ran() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.calls...)
}

func requiresApproval(t *toolgen.Tool) { t.RequiresApproval = true }

// lastResults are the tool results the model saw last.
func lastResults(t *testing.T, m *rt.Model) []agent.ToolResult {
	reqs := m.Requests()
	require.NotEmpty(t, reqs)
	msgs := reqs[len(reqs)-1].Messages
	last := msgs[len(msgs)-1]
	require.Equal(t, agent.RoleTool, last.Role)
	return last.Results
}

func texts(results []agent.ToolResult) []string {
	out := make([]string, len(results))
	for i, r := range results {
		out[i] = r.Result.Text()
	}
	return out
}

func TestRunCallsToolsAndAnswers(t *testing.T) {
	var rec recorder
	model := rt.NewModel(
		rt.Calls(rt.Call("1", "a", `{"x":1}`), rt.Call("2", "b", `{}`)),
		rt.Text("all done"),
	)
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("a", nil), rec.tool("b", nil)}), agent.WithSystem("be brief"))
	require.NoError(t, err)
	s, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)

	assert.Equal(t, agent.StopDone, s.StopReason)
	assert.Equal(t, "all done", s.Output())
	assert.Equal(t, 2, s.Turns)
	assert.Equal(t, agent.Usage{InputTokens: 20, OutputTokens: 10}, s.Usage)
	assert.ElementsMatch(t, []string{`a {"x":1}`, "b {}"}, rec.ran())
	assert.Equal(t, []string{"a done", "b done"}, texts(lastResults(t, model)))
	req := model.Requests()[0]
	assert.Equal(t, "be brief", req.System)
	require.Len(t, req.Tools, 2)
	assert.Equal(t, toolgen.ToolName("a"), req.Tools[0].Name)
}

func TestPermissionPaths(t *testing.T) {
	perms := permission.Permissions{
		Deny:  []toolgen.Rule{{Tool: "shell", Args: map[string]string{"command": "*rm -rf*"}}},
		Allow: []toolgen.Rule{{Tool: "shell", Args: map[string]string{"command": "git *"}}, {Tool: "gated"}},
		Ask:   []toolgen.Rule{{Tool: "shell"}, {Tool: "plain_*"}},
	}
	tests := []struct {
		name    string
		call    agent.ToolCall
		outcome string // ran, denied, paused
	}{
		{"deny beats allow", rt.Call("1", "shell", `{"command":"git status; rm -rf /"}`), "denied"},
		{"allow beats ask", rt.Call("1", "shell", `{"command":"git status"}`), "ran"},
		{"ask when nothing else matches", rt.Call("1", "shell", `{"command":"curl x"}`), "paused"},
		{"a rule on a missing argument does not match", rt.Call("1", "shell", `{}`), "paused"},
		{"allow overrides RequiresApproval", rt.Call("1", "gated", `{}`), "ran"},
		{"ask by pattern on a plain tool", rt.Call("1", "plain_tool", `{}`), "paused"},
		{"no rule: the tool's RequiresApproval", rt.Call("1", "needs_ok", `{}`), "paused"},
		{"no rule: a plain tool runs", rt.Call("1", "free", `{}`), "ran"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var rec recorder
			tools := []toolgen.Tool{rec.tool("shell", nil), rec.tool("gated", requiresApproval), rec.tool("plain_tool", nil),
				rec.tool("needs_ok", requiresApproval), rec.tool("free", nil)}
			model := rt.NewModel(rt.Calls(tt.call), rt.Text("ok"))
			ag, err := agent.New(model, agent.WithTools(tools), agent.WithPermissions(perms))
			require.NoError(t, err)
			s, err := ag.Run(context.Background(), "go", nil)
			require.NoError(t, err)
			switch tt.outcome {
			case "ran":
				assert.Equal(t, agent.StopDone, s.StopReason)
				assert.Len(t, rec.ran(), 1)
			case "denied":
				assert.Equal(t, agent.StopDone, s.StopReason)
				assert.Empty(t, rec.ran(), "a denied call never runs")
				res := lastResults(t, model)[0].Result
				assert.True(t, res.IsError)
				assert.Equal(t, "Denied by policy: this call is not permitted.", res.Text())
			case "paused":
				assert.Equal(t, agent.StopPaused, s.StopReason)
				assert.Empty(t, rec.ran())
				require.Len(t, s.Pending(), 1)
				assert.Equal(t, tt.call.Name, s.Pending()[0].Name)
			}
		})
	}
}

func TestConfigurationErrors(t *testing.T) {
	var rec recorder
	tools := []toolgen.Tool{rec.tool("read_file", nil), rec.tool("run_command", nil)}
	model := rt.NewModel()
	cases := map[string][]agent.Option{
		"permission rules deny or ask about tools that are not registered: run_comand": {agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "run_comand"}}})},
		"two tools are named": {agent.WithTools([]toolgen.Tool{rec.tool("read_file", nil)})},
		"not both":            {agent.WithActiveTools("read_file"), agent.WithInactiveTools("run_command")},
		"tool filters name tools that are not registered: reed_file (registered tools: read_file, run_command)": {agent.WithActiveTools("reed_file")},
		"agent.WithMaxTurns(0): must be at least 1":                                                             {agent.WithMaxTurns(0)},
		"agent.WithParallelism(-2): must be at least 1":                                                         {agent.WithParallelism(-2)},
		`agent.WithPreset("yolo"): unknown preset`:                                                              {agent.WithPreset("yolo")},
		"agent.WithObserver(nil): nil function":                                                                 {agent.WithObserver(nil)},
		"agent.WithLogger(nil): nil logger":                                                                     {agent.WithLogger(nil)},
		`agent.WithToolTimeout(1s, [""]): empty tool name`:                                                      {agent.WithToolTimeout(time.Second, "")},
		"agent: nil Option": {nil},
	}
	for want, opts := range cases {
		_, err := agent.New(model, append([]agent.Option{agent.WithTools(tools)}, opts...)...)
		require.Error(t, err, want)
		assert.Contains(t, err.Error(), want)
	}
	_, err := agent.New(nil)
	assert.Error(t, err)
}

func TestPauseApproveResumeAcrossJSON(t *testing.T) {
	var rec recorder
	tools := func() []toolgen.Tool {
		return []toolgen.Tool{rec.tool("gated", requiresApproval), rec.tool("free", nil), rec.tool("other_gated", requiresApproval)}
	}
	model := rt.NewModel(
		rt.Calls(rt.Call("1", "free", `{"n":1}`), rt.Call("2", "gated", `{"n":2}`), rt.Call("3", "other_gated", `{"n":3}`)),
		rt.Text("finished"),
	)
	ag, err := agent.New(model, agent.WithTools(tools()))
	require.NoError(t, err)
	s, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopPaused, s.StopReason)
	assert.Empty(t, rec.ran(), "nothing in a paused turn runs")
	require.Len(t, s.Pending(), 2)
	assert.Equal(t, "2", s.Pending()[0].ID)
	assert.JSONEq(t, `{"n":2}`, string(s.Pending()[0].Args))
	assert.Equal(t, "the tool requires approval", s.Pending()[0].Reason)

	_, err = ag.Resume(context.Background(), s, nil)
	assert.ErrorContains(t, err, "the run is paused on gated (call 2); call state.Approve or state.Reject first")
	assert.ErrorContains(t, s.Approve("9"), `no call "9" waits for approval (waiting: 2, 3)`)

	// Another process: the state travels as JSON, the agent is built again.
	data, err := json.Marshal(s)
	require.NoError(t, err)
	var restored agent.State
	require.NoError(t, json.Unmarshal(data, &restored))
	require.NoError(t, restored.Approve("2"))
	require.NoError(t, restored.Reject("not today", "3"))
	agent2, err := agent.New(model, agent.WithTools(tools()))
	require.NoError(t, err)
	s2, err := agent2.Resume(context.Background(), &restored, nil)
	require.NoError(t, err)

	assert.Equal(t, agent.StopDone, s2.StopReason)
	assert.Equal(t, "finished", s2.Output())
	assert.ElementsMatch(t, []string{`free {"n":1}`, `gated {"n":2}`}, rec.ran(), "approved calls run with the model's arguments")
	assert.Equal(t, []string{"free done", "gated done", "Denied by the user: not today"}, texts(lastResults(t, model)))
	assert.ErrorContains(t, s2.Approve(), "the run is not paused")
}

func TestRejectAllAndApproveAll(t *testing.T) {
	for _, approve := range []bool{true, false} {
		var rec recorder
		model := rt.NewModel(rt.Calls(rt.Call("1", "g", `{}`), rt.Call("2", "g", `{}`)), rt.Text("ok"))
		ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("g", requiresApproval)}))
		require.NoError(t, err)
		s, err := ag.Run(context.Background(), "go", nil)
		require.NoError(t, err)
		if approve {
			require.NoError(t, s.Approve())
		} else {
			require.NoError(t, s.Reject(""))
		}
		_, err = ag.Resume(context.Background(), s, nil)
		require.NoError(t, err)
		if approve {
			assert.Len(t, rec.ran(), 2)
		} else {
			assert.Empty(t, rec.ran())
			assert.Equal(t, []string{"Denied by the user: this call was not run.", "Denied by the user: this call was not run."}, texts(lastResults(t, model)))
		}
	}
}

func TestResumeRefusesAChangedTool(t *testing.T) {
	var rec recorder
	model := rt.NewModel(rt.Calls(rt.Call("1", "g", `{}`)), rt.Text("ok"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("g", requiresApproval)}))
	require.NoError(t, err)
	s, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	require.NoError(t, s.Approve())

	changed := rec.tool("g", func(t *toolgen.Tool) { t.InputSchema = []byte(`{"type":"object","properties":{"x":{}}}`) })
	agent2, err := agent.New(model, agent.WithTools([]toolgen.Tool{changed}))
	require.NoError(t, err)
	_, err = agent2.Resume(context.Background(), s, nil)
	assert.ErrorContains(t, err, "tool g changed since the run paused")

	agent3, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("h", nil)}))
	require.NoError(t, err)
	_, err = agent3.Resume(context.Background(), s, nil)
	assert.ErrorContains(t, err, "the run paused on tool g, which this agent does not have")

	s.Version = 99
	_, err = ag.Resume(context.Background(), s, nil)
	assert.ErrorContains(t, err, "the state is version 99")
	assert.Empty(t, rec.ran())
}

// TestCallsRunConcurrentlyInCallOrder: eight calls that each wait until all
// eight have started can only finish if they run at once.
func TestCallsRunConcurrentlyInCallOrder(t *testing.T) {
	const n = 8
	var started sync.WaitGroup
	started.Add(n)
	allStarted := make(chan struct{})
	go func() { started.Wait(); close(allStarted) }()
	tool := toolgen.Tool{Name: "wait", InputSchema: []byte(`{"type":"object"}`), Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
		started.Done()
		select {
		case <-allStarted:
			return toolgen.TextResult("waited " + string(args)), nil
		case <-time.After(10 * time.Second):
			return toolgen.ErrorResult("the other calls never started"), nil
		}
	}}
	var calls []agent.ToolCall
	var want []string
	for i := range n {
		calls = append(calls, rt.Call(fmt.Sprint(i), "wait", fmt.Sprint(i)))
		want = append(want, fmt.Sprintf("waited %d", i))
	}
	model := rt.NewModel(rt.Calls(calls...), rt.Text("ok"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{tool}))
	require.NoError(t, err)
	_, err = ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	assert.Equal(t, want, texts(lastResults(t, model)))
}

func TestParallelismIsBounded(t *testing.T) {
	var running, peak atomic.Int32
	tool := toolgen.Tool{Name: "slow", InputSchema: []byte(`{"type":"object"}`), Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
		now := running.Add(1)
		for p := peak.Load(); now > p && !peak.CompareAndSwap(p, now); p = peak.Load() {
		}
		time.Sleep(5 * time.Millisecond)
		running.Add(-1)
		return toolgen.TextResult("ok"), nil
	}}
	var calls []agent.ToolCall
	for i := range 10 {
		calls = append(calls, rt.Call(fmt.Sprint(i), "slow", `{}`))
	}
	model := rt.NewModel(rt.Calls(calls...), rt.Text("ok"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{tool}), agent.WithParallelism(3))
	require.NoError(t, err)
	_, err = ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	assert.LessOrEqual(t, peak.Load(), int32(3))
	assert.Len(t, lastResults(t, model), 10)
}

func TestCancellationStopsToolsPromptly(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{}, 2)
	tool := toolgen.Tool{Name: "block", InputSchema: []byte(`{"type":"object"}`), Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
		started <- struct{}{}
		<-ctx.Done()
		return toolgen.Result{}, ctx.Err()
	}}
	model := rt.NewModel(rt.Calls(rt.Call("1", "block", `{}`), rt.Call("2", "block", `{}`)), rt.Text("never"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{tool}))
	require.NoError(t, err)
	go func() { <-started; <-started; cancel() }()
	s, err := ag.Run(ctx, "go", nil)
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 1, model.Remaining(), "the model is not asked again")
	assert.Equal(t, agent.RoleAssistant, s.Messages[len(s.Messages)-1].Role, "the state ends at the last complete step")
}

func TestModelErrorsAndMaxTurns(t *testing.T) {
	boom := errors.New("model unavailable")
	ag, err := agent.New(rt.NewModel(rt.Fail(boom)))
	require.NoError(t, err)
	_, err = ag.Run(context.Background(), "go", nil)
	assert.ErrorIs(t, err, boom)

	var rec recorder
	loop := rt.NewModel(rt.Calls(rt.Call("1", "a", `{}`)), rt.Calls(rt.Call("2", "a", `{}`)), rt.Calls(rt.Call("3", "a", `{}`)))
	ag, err = agent.New(loop, agent.WithTools([]toolgen.Tool{rec.tool("a", nil)}), agent.WithMaxTurns(2))
	require.NoError(t, err)
	s, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	assert.Equal(t, agent.StopMaxTurns, s.StopReason)
	assert.Equal(t, 2, s.Turns)
	assert.Len(t, rec.ran(), 2)
}

func TestFiltersHideToolsAndRefuseTheirCalls(t *testing.T) {
	var rec recorder
	tools := []toolgen.Tool{rec.tool("a", nil), rec.tool("b", nil), rec.tool("c", nil)}
	for _, opt := range []agent.Option{agent.WithActiveTools("a", "c"), agent.WithInactiveTools("b")} {
		model := rt.NewModel(rt.Calls(rt.Call("1", "b", `{}`), rt.Call("2", "zzz", `{}`)), rt.Text("ok"))
		ag, err := agent.New(model, agent.WithTools(tools), opt)
		require.NoError(t, err)
		_, err = ag.Run(context.Background(), "go", nil)
		require.NoError(t, err)
		var offered []toolgen.ToolName
		for _, spec := range model.Requests()[0].Tools {
			offered = append(offered, spec.Name)
		}
		assert.Equal(t, []toolgen.ToolName{"a", "c"}, offered)
		assert.Equal(t, []string{`Denied: tool "b" is not available in this run (the program made it inactive), so this call was not run; the tools are: a, c`,
			`unknown tool "zzz"; the tools are: a, c`}, texts(lastResults(t, model)))
	}
	assert.Empty(t, rec.ran())
}

// TestPresets: presets decide built-in tools (as package builtin's) from
// their annotations; preset_test.go has every preset and kind of tool,
// host tools too.
func TestPresets(t *testing.T) {
	var rec recorder
	tools := []toolgen.Tool{
		rec.tool("read", func(t *toolgen.Tool) { t.Annotations.ReadOnly = true; t.Builtin = true }),
		rec.tool("edit", func(t *toolgen.Tool) { t.RequiresApproval = true; t.Builtin = true }),
		rec.tool("shell", func(t *toolgen.Tool) { t.Annotations.Destructive = true; t.RequiresApproval = true; t.Builtin = true }),
	}
	want := map[agent.Preset][]toolgen.ToolName{ // the tools that ask
		agent.PresetDefault:    {"edit", "shell"},
		agent.PresetAllowAll:   nil,
		agent.PresetAllowEdits: {"shell"},
		agent.PresetAllowReads: {"edit", "shell"},
	}
	for preset, asks := range want {
		model := rt.NewModel(rt.Calls(rt.Call("1", "read", `{}`), rt.Call("2", "edit", `{}`), rt.Call("3", "shell", `{}`)), rt.Text("ok"))
		ag, err := agent.New(model, agent.WithTools(tools), agent.WithPreset(preset),
			agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "nothing_*"}}}))
		require.NoError(t, err)
		s, err := ag.Run(context.Background(), "go", nil)
		require.NoError(t, err)
		var got []toolgen.ToolName
		for _, p := range s.Pending() {
			got = append(got, p.Name)
		}
		assert.Equal(t, asks, got, "preset %q", preset)
	}
}

func TestToolsSeeTheRunThroughCtx(t *testing.T) {
	var seen []toolgen.Ctx
	var transcripts [][]agent.Message
	var mu sync.Mutex
	tool := toolgen.Tool{Name: "who", RequiresApproval: true, InputSchema: []byte(`{"type":"object"}`), Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, toolgen.CtxFrom(ctx))
		transcripts = append(transcripts, agent.TranscriptFrom(ctx))
		return toolgen.TextResult("ok"), nil
	}}
	model := rt.NewModel(rt.Calls(rt.Call("c1", "who", `{}`)), rt.Text("ok"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{tool}))
	require.NoError(t, err)
	s, err := ag.Run(context.Background(), "go", "alice")
	require.NoError(t, err)
	require.NoError(t, s.Approve())
	_, err = ag.Resume(context.Background(), s, "alice")
	require.NoError(t, err)

	require.Len(t, seen, 1)
	c := seen[0]
	assert.Equal(t, "alice", c.Deps)
	assert.Equal(t, toolgen.ToolName("who"), c.Tool)
	assert.Equal(t, s.RunID+"/c1", c.IdempotencyKey())
	assert.Equal(t, 1, c.Turn)
	require.Len(t, transcripts, 1)
	assert.Equal(t, "go", transcripts[0][0].Text, "the transcript up to the call")
	assert.Nil(t, agent.TranscriptFrom(context.Background()))
}

func TestAgentAsToolInheritsDeps(t *testing.T) {
	inner := toolgen.Tool{Name: "whoami", InputSchema: []byte(`{"type":"object"}`), Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
		return toolgen.TextResult(fmt.Sprint(toolgen.CtxFrom(ctx).Deps)), nil
	}}
	subModel := rt.NewModel(rt.Calls(rt.Call("s1", "whoami", `{}`)), rt.Respond(func(r agent.Request) agent.Response {
		last := r.Messages[len(r.Messages)-1]
		return agent.Response{Message: agent.Message{Text: "the user is " + last.Results[0].Result.Text()}}
	}))
	sub, err := agent.New(subModel, agent.WithTools([]toolgen.Tool{inner}))
	require.NoError(t, err)

	model := rt.NewModel(rt.Calls(rt.Call("1", "helper", `{"prompt":"who is it?"}`), rt.Call("2", "helper", `{"prompt":true}`)), rt.Text("ok"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{sub.AsTool("helper", "asks a helper")}), agent.WithParallelism(1))
	require.NoError(t, err)
	_, err = ag.Run(context.Background(), "go", "alice")
	require.NoError(t, err)
	assert.Equal(t, []string{"the user is alice", "invalid arguments: /prompt: expected string, got boolean true"}, texts(lastResults(t, model)))
	assert.Equal(t, "who is it?", subModel.Requests()[0].Messages[0].Text)
}

func TestEventsTellTheRun(t *testing.T) {
	var rec recorder
	var kinds []agent.EventKind
	model := rt.NewModel(rt.Calls(rt.Call("1", "a", `{}`), rt.Call("2", "no", `{}`)), rt.Text("ok"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("a", nil), rec.tool("no", nil)}),
		agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "no"}}}),
		agent.WithObserver(func(e agent.Event) { kinds = append(kinds, e.Kind) }))
	require.NoError(t, err)
	_, err = ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	assert.Equal(t, []agent.EventKind{
		agent.EventTurnStarted, agent.EventModelResponded,
		agent.EventCallRequested, agent.EventCallAllowed, agent.EventCallRequested, agent.EventCallDenied,
		agent.EventToolStarted, agent.EventToolFinished, agent.EventTurnFinished,
		agent.EventTurnStarted, agent.EventModelResponded, agent.EventTurnFinished, agent.EventRunStopped,
	}, kinds)
}

func TestLoggerGetsEvents(t *testing.T) {
	var buf strings.Builder
	logger := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	var rec recorder
	model := rt.NewModel(rt.Calls(rt.Call("c1", "a", `{}`)), rt.Text("ok"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("a", nil)}), agent.WithLogger(logger))
	require.NoError(t, err)
	s, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	out := buf.String()
	assert.Contains(t, out, "level=INFO msg=\"agent model_responded\" run="+s.RunID+" turn=1 input_tokens=10 output_tokens=5")
	assert.Contains(t, out, "level=DEBUG msg=\"agent call_allowed\" run="+s.RunID+" turn=1 tool=a call=c1 reason=\"no rule matched\"")
	assert.Contains(t, out, "msg=\"agent tool_finished\" run="+s.RunID+" turn=1 tool=a call=c1")
	assert.Contains(t, out, "msg=\"agent run_stopped\" run="+s.RunID+" turn=2 stop=done")
}

// A model call whose provider reported its prompt cache logs what the
// cache read and wrote.
func TestLoggerGetsCacheUsage(t *testing.T) {
	var buf strings.Builder
	logger := slog.New(slog.NewTextHandler(&buf, nil))
	model := agent.ModelFunc(func(context.Context, agent.Request) (agent.Response, error) {
		return agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Text: "ok"},
			Usage: agent.Usage{InputTokens: 1300, OutputTokens: 5, CachedInputTokens: 1100, CacheCreationInputTokens: 150}}, nil
	})
	ag, err := agent.New(model, agent.WithLogger(logger))
	require.NoError(t, err)
	s, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	assert.Contains(t, buf.String(), "run="+s.RunID+" turn=1 input_tokens=1300 output_tokens=5 cached_input_tokens=1100 cache_creation_input_tokens=150 duration=")
	assert.Equal(t, agent.Usage{InputTokens: 1300, OutputTokens: 5, CachedInputTokens: 1100, CacheCreationInputTokens: 150}, s.Usage)
}

// TestRunsAreReproducible: the same script gives the same state, whatever
// the scheduling of the concurrent calls and the order of map iteration.
func TestRunsAreReproducible(t *testing.T) {
	run := func() []byte {
		var rec recorder
		var tools []toolgen.Tool
		var calls []agent.ToolCall
		for i := range 6 {
			name := toolgen.ToolName(fmt.Sprintf("t%d", i))
			tools = append(tools, rec.tool(name, nil))
			calls = append(calls, rt.Call(fmt.Sprint(i), name, fmt.Sprintf(`{"a":"%d","b":"x","c":%d}`, i, i)))
		}
		perms := permission.Permissions{Deny: []toolgen.Rule{{Tool: "t*", Args: map[string]string{"a": "3", "b": "x", "c": "3"}}},
			Ask: []toolgen.Rule{{Tool: "t5", Args: map[string]string{"a": "5", "b": "?", "c": "*"}}}}
		model := rt.NewModel(rt.Calls(calls...), rt.Text("ok"))
		ag, err := agent.New(model, agent.WithTools(tools), agent.WithPermissions(perms))
		require.NoError(t, err)
		s, err := ag.Run(context.Background(), "go", nil)
		require.NoError(t, err)
		require.NoError(t, s.Approve())
		s, err = ag.Resume(context.Background(), s, nil)
		require.NoError(t, err)
		s.RunID = "fixed"
		data, err := json.Marshal(s)
		require.NoError(t, err)
		return data
	}
	first := run()
	for range 20 {
		require.JSONEq(t, string(first), string(run()))
	}
	assert.Contains(t, string(first), "Denied by policy")
}

// panickingToolResult runs an agent whose model calls a tool named bad
// that panics with value, then answers "sorry"; it returns the call's
// result as the model read it, checked to be a failure.
func panickingToolResult(t *testing.T, value any) toolgen.Result {
	t.Helper()
	tool := toolgen.Tool{Name: "bad", InputSchema: []byte(`{"type":"object"}`), Call: func(context.Context, []byte) (toolgen.Result, error) {
		panic(value)
	}}
	model := rt.NewModel(rt.Calls(rt.Call("1", "bad", `{}`)), rt.Text("sorry"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{tool}))
	require.NoError(t, err)
	s, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	assert.Equal(t, "sorry", s.Output())
	res := lastResults(t, model)[0].Result
	assert.True(t, res.IsError)
	return res
}

func TestPanickingToolsAreResults(t *testing.T) {
	assert.Equal(t, "tool bad failed: panic: nil map", panickingToolResult(t, "nil map").Text())
}
