package agent_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/codemode"
	"github.com/toolgen-dev/toolgen/permission"
)

// These tests drive the loop's side of code mode with programs written in
// Go (goRunner): what the loop does with each call a program makes. The
// TypeScript programs themselves run in module codemode/quickjs, whose
// tests run them through this loop too.

// goRunner runs programs written in Go, one per Source (agenttest.Programs).
type goRunner = rt.Programs

// programs are the Go programs of these tests.
var programs = goRunner{
	// chain passes free's result to gated, then calls free again.
	"chain": func(call func(string, string) (json.RawMessage, error)) (any, error) {
		first, err := call("free", `{"n":1}`)
		if err != nil {
			return nil, err
		}
		second, err := call("gated", fmt.Sprintf(`{"from":%s}`, first))
		if err != nil {
			return "gated failed: " + err.Error(), nil // caught, as a program may
		}
		if _, err := call("free", `{"n":2}`); err != nil {
			return nil, err
		}
		return map[string]json.RawMessage{"gated": second}, nil
	},
	// denied calls a tool a rule denies and one made inactive, catching
	// both, then free.
	"denied": func(call func(string, string) (json.RawMessage, error)) (any, error) {
		var caught []string
		for _, name := range []string{"banned", "hidden"} {
			if _, err := call(name, `{}`); err != nil {
				caught = append(caught, err.Error())
			}
		}
		v, err := call("free", `{}`)
		return map[string]any{"caught": caught, "free": v}, err
	},
	// throws fails after one call.
	"throws": func(call func(string, string) (json.RawMessage, error)) (any, error) {
		if _, err := call("free", `{}`); err != nil {
			return nil, err
		}
		return nil, &codemode.ProgramError{Line: 2, Column: 7, Message: "TypeError: x is undefined"}
	},
	// recurse tries to run a program from a program.
	"recurse": func(call func(string, string) (json.RawMessage, error)) (any, error) {
		_, err := call("run_code", `{"program":"recurse"}`)
		return fmt.Sprint(err), nil
	},
}

const declarations = "declare function free(args: object): Promise<string>;\ndeclare function gated(args: object): Promise<string>;"

func codeCall(id, program string) agent.ToolCall {
	return rt.Call(id, codemode.ToolRunCode, fmt.Sprintf(`{"program":%q}`, program))
}

// codeAgent is an agent in code mode over rec's free and gated (which
// requires approval), banned (denied) and hidden (inactive).
func codeAgent(t *testing.T, model agent.Model, rec *recorder, opts ...agent.Option) *agent.Agent {
	t.Helper()
	tools := []toolgen.Tool{rec.tool("free", nil), rec.tool("gated", requiresApproval), rec.tool("banned", nil), rec.tool("hidden", nil)}
	ag, err := agent.New(model, append([]agent.Option{
		agent.WithTools(tools),
		agent.WithCodeMode(agent.CodeMode{Runner: programs, Declarations: declarations}),
		agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "banned"}}}),
		agent.WithInactiveTools("hidden"),
	}, opts...)...)
	require.NoError(t, err)
	return ag
}

// modelRead is of the tool result the model read last.
func modelRead(t *testing.T, model *rt.Model) toolgen.Result {
	t.Helper()
	reqs := model.Requests()
	msgs := reqs[len(reqs)-1].Messages
	results := msgs[len(msgs)-1].Results
	require.NotEmpty(t, results)
	return results[len(results)-1].Result
}

func TestCodeModeCallsTakeTheLoopsPath(t *testing.T) {
	var rec recorder
	var mu sync.Mutex
	var events []agent.Event
	model := rt.NewModel(rt.Calls(codeCall("1", "denied")), rt.Text("done"))
	ag := codeAgent(t, model, &rec, agent.WithObserver(func(e agent.Event) {
		mu.Lock()
		defer mu.Unlock()
		events = append(events, e)
	}))
	s, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopDone, s.StopReason)
	assert.Equal(t, []string{`free {}`}, rec.ran(), "the denied and the inactive tool never ran")

	res := modelRead(t, model)
	require.False(t, res.IsError, res.Text())
	var got struct {
		Caught []string
		Free   string
	}
	require.NoError(t, json.Unmarshal([]byte(res.Text()), &got))
	require.Len(t, got.Caught, 2)
	assert.Contains(t, got.Caught[0], "Denied by policy")
	assert.Contains(t, got.Caught[1], "ReferenceError: hidden is not defined", "an inactive tool is not the program's")
	assert.Equal(t, "free done", got.Free)

	var nested []string
	for _, e := range events {
		if e.ProgramCallID == "1" {
			nested = append(nested, fmt.Sprintf("%s %s %s", e.Kind, e.Call.ID, e.Call.Name))
		}
	}
	assert.Equal(t, []string{
		"call_requested 1.1 banned", "call_denied 1.1 banned",
		"call_requested 1.2 free", "call_allowed 1.2 free", "tool_started 1.2 free", "tool_finished 1.2 free",
	}, nested)
}

func TestCodeModePausesTheProgramAndResumesWithoutRunningACallTwice(t *testing.T) {
	for _, how := range []string{"in process", "after JSON"} {
		t.Run(how, func(t *testing.T) {
			var rec recorder
			model := rt.NewModel(rt.Calls(codeCall("1", "chain")), rt.Text("done"))
			ag := codeAgent(t, model, &rec)
			s, err := ag.Run(context.Background(), "go", nil)
			require.NoError(t, err)
			require.Equal(t, agent.StopPaused, s.StopReason)
			assert.Equal(t, []string{`free {"n":1}`}, rec.ran())
			require.Equal(t, []agent.PendingCall{{ID: "1.2", Name: "gated", Args: json.RawMessage(`{"from":"free done"}`),
				Reason: "the tool requires approval", ProgramCallID: "1"}}, s.Pending())
			if how == "after JSON" {
				s = viaJSON(t, s)
			}
			require.NoError(t, s.Approve("1.2"))
			s, err = ag.Resume(context.Background(), s, nil)
			require.NoError(t, err)
			require.Equal(t, agent.StopDone, s.StopReason)
			assert.Equal(t, []string{`free {"n":1}`, `gated {"from":"free done"}`, `free {"n":2}`}, rec.ran(), "each call ran once")
			assert.Equal(t, `{"gated":"gated done"}`, modelRead(t, model).Text())
			assert.Nil(t, s.Paused)
		})
	}
}

func TestCodeModeRejectionIsTheProgramsError(t *testing.T) {
	var rec recorder
	model := rt.NewModel(rt.Calls(codeCall("1", "chain")), rt.Text("done"))
	ag := codeAgent(t, model, &rec)
	s, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	require.NoError(t, s.Reject("not today", "1.2"))
	_, err = ag.Resume(context.Background(), s, nil)
	require.NoError(t, err)
	assert.Equal(t, []string{`free {"n":1}`}, rec.ran(), "the program stopped at the rejection it caught")
	assert.Equal(t, `"gated failed: Denied by the user: not today"`, modelRead(t, model).Text())
}

func TestCodeModeProgramErrors(t *testing.T) {
	for _, tc := range []struct{ program, want string }{
		{"throws", "program.ts:2:7: TypeError: x is undefined (the program had made 1 tool calls, whose effects stand)"},
		{"missing", "no program missing"},
		{"recurse", ""},
	} {
		t.Run(tc.program, func(t *testing.T) {
			var rec recorder
			model := rt.NewModel(rt.Calls(codeCall("1", tc.program)), rt.Text("done"))
			_, err := codeAgent(t, model, &rec).Run(context.Background(), "go", nil)
			require.NoError(t, err)
			res := modelRead(t, model)
			if tc.want == "" {
				assert.Contains(t, res.Text(), "ReferenceError: run_code is not defined")
				return
			}
			assert.True(t, res.IsError)
			assert.Equal(t, tc.want, res.Text())
		})
	}
	var rec recorder
	model := rt.NewModel(rt.Calls(rt.Call("1", codemode.ToolRunCode, `{"code":"x"}`)), rt.Text("done"))
	_, err := codeAgent(t, model, &rec).Run(context.Background(), "go", nil)
	require.NoError(t, err)
	assert.Contains(t, modelRead(t, model).Text(), `run_code takes {"program": string}`)
}

// TestCodeModeRefusesForgedApprovals: a State changed after the pause runs
// nothing a person did not approve, in a program as in a turn.
func TestCodeModeRefusesForgedApprovals(t *testing.T) {
	paused := func(t *testing.T, rec *recorder, opts ...agent.Option) (*agent.Agent, *agent.State) {
		model := rt.NewModel(rt.Calls(codeCall("1", "chain")), rt.Text("done"))
		ag := codeAgent(t, model, rec, opts...)
		s, err := ag.Run(context.Background(), "go", nil)
		require.NoError(t, err)
		require.Equal(t, agent.StopPaused, s.StopReason)
		return ag, s
	}
	nested := func(s *agent.State) *agent.Decision { return &s.Paused.Calls[0].Program.Calls[1] }
	t.Run("an approval written into the state", func(t *testing.T) {
		var rec recorder
		ag, s := paused(t, &rec)
		nested(s).Approval = agent.Approved
		_, err := ag.Resume(context.Background(), viaJSON(t, s), nil)
		require.ErrorContains(t, err, "state was changed after the approval")
		assert.Equal(t, []string{`free {"n":1}`}, rec.ran())
	})
	t.Run("approved arguments changed", func(t *testing.T) {
		var rec recorder
		ag, s := paused(t, &rec)
		require.NoError(t, s.Approve())
		nested(s).Call.Args = json.RawMessage(`{"from":"evil"}`)
		_, err := ag.Resume(context.Background(), viaJSON(t, s), nil)
		require.ErrorContains(t, err, "arguments are not the ones approved")
		assert.Equal(t, []string{`free {"n":1}`}, rec.ran())
	})
	t.Run("the program changed under its approval", func(t *testing.T) {
		var rec recorder
		ag, s := paused(t, &rec)
		require.NoError(t, s.Approve())
		s = viaJSON(t, s)
		other := codeCall("1", "denied") // changed in both places, so the turn matches its transcript
		s.Paused.Calls[0].Call = other
		s.Messages[len(s.Messages)-1].Calls[0] = other
		s, err := ag.Resume(context.Background(), s, nil)
		require.NoError(t, err)
		assert.Equal(t, []string{`free {"n":1}`}, rec.ran(), "neither the approved call nor the new program's calls ran")
		require.Len(t, s.Messages, 4)
		res := s.Messages[2].Results[0].Result
		assert.True(t, res.IsError)
		assert.Contains(t, res.Text(), "run again, the program's call 1 is banned")
	})
	t.Run("with a state key, an answer without it", func(t *testing.T) {
		var rec recorder
		key := agent.WithStateKey([]byte("0123456789abcdef0123456789abcdef"))
		ag, s := paused(t, &rec, key)
		require.NotEmpty(t, nested(s).Seal)
		require.NoError(t, s.Approve("1.2"))
		_, err := ag.Resume(context.Background(), viaJSON(t, s), nil)
		require.ErrorContains(t, err, "without the state key")
		assert.ErrorContains(t, ag.Approve(s, "1.2"), "without the state key", "nor does the agent answer it now")
	})
	t.Run("with a state key, the answer given with it", func(t *testing.T) {
		var rec recorder
		key := agent.WithStateKey([]byte("0123456789abcdef0123456789abcdef"))
		ag, s := paused(t, &rec, key)
		require.NoError(t, ag.Approve(s, "1.2"))
		s, err := ag.Resume(context.Background(), viaJSON(t, s), nil)
		require.NoError(t, err)
		assert.Equal(t, agent.StopDone, s.StopReason)
		assert.Equal(t, []string{`free {"n":1}`, `gated {"from":"free done"}`, `free {"n":2}`}, rec.ran())
	})
}

// TestCodeModeThroughTheEngineSeam: an engine runs the program with
// CallTool; the program's pause comes back in the ToolResult, ApplyResults
// pauses the run, and after the approval the next CallTool replays the
// record (through JSON, as a durable engine keeps it).
func TestCodeModeThroughTheEngineSeam(t *testing.T) {
	var rec recorder
	model := rt.NewModel(rt.Calls(codeCall("1", "chain")), rt.Text("done"))
	ag := codeAgent(t, model, &rec)
	ctx := context.Background()
	s := agent.NewState("run-1", "go")
	step := func() agent.Action {
		act, err := ag.Next(s)
		require.NoError(t, err)
		return act
	}
	act := step()
	require.Equal(t, agent.ActionAskModel, act.Kind)
	resp, err := model.Generate(ctx, act.Request)
	require.NoError(t, err)
	require.NoError(t, ag.ApplyResponse(s, resp))
	for range 2 {
		act = step()
		require.Equal(t, agent.ActionCallTools, act.Kind)
		require.Len(t, act.Calls, 1, "%+v", act.Calls)
		call := *roundTrip(t, &act.Calls[0])
		res, err := ag.CallTool(ctx, s.RunID, call, nil)
		require.NoError(t, err)
		require.NoError(t, ag.ApplyResults(s, []agent.ToolResult{*roundTrip(t, &res)}))
		if act = step(); act.Kind != agent.ActionAwaitApproval {
			break
		}
		require.Len(t, act.Pending, 1)
		assert.Equal(t, "1.2", act.Pending[0].ID)
		require.NoError(t, s.Approve())
		s = viaJSON(t, s)
	}
	require.Equal(t, agent.ActionAskModel, act.Kind)
	assert.Equal(t, []string{`free {"n":1}`, `gated {"from":"free done"}`, `free {"n":2}`}, rec.ran())
	msgs := act.Request.Messages
	assert.Equal(t, `{"gated":"gated done"}`, msgs[len(msgs)-1].Results[0].Result.Text())
	data, err := json.Marshal(msgs)
	require.NoError(t, err)
	assert.NotContains(t, string(data), `"program":{`, "a program's record is never in the transcript")
}

func TestCodeModeOnlySendsRunCode(t *testing.T) {
	var rec recorder
	model := rt.NewModel(rt.Calls(codeCall("1", "denied")), rt.Text("done"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("free", nil), rec.tool("banned", nil), rec.tool("hidden", nil)}),
		agent.WithCodeMode(agent.CodeMode{Runner: programs, Declarations: declarations, Only: true}))
	require.NoError(t, err)
	_, err = ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	req := model.Requests()[0]
	require.Len(t, req.Tools, 1)
	assert.Equal(t, codemode.ToolRunCode, req.Tools[0].Name)
	assert.True(t, strings.HasSuffix(req.Tools[0].Description, "```ts\n"+declarations+"\n```"))
	assert.Equal(t, []string{"banned {}", "hidden {}", "free {}"}, rec.ran(), "the tools are the program's")
}

func TestWithCodeModeRefusesBadConfigurations(t *testing.T) {
	model := rt.NewModel()
	_, err := agent.New(model, agent.WithCodeMode(agent.CodeMode{Declarations: declarations}))
	assert.ErrorContains(t, err, "agent.WithCodeMode: no Runner")
	_, err = agent.New(model, agent.WithCodeMode(agent.CodeMode{Runner: programs, Declarations: " "}))
	assert.ErrorContains(t, err, "agent.WithCodeMode: no Declarations")
	var rec recorder
	_, err = agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("run_code", nil)}),
		agent.WithCodeMode(agent.CodeMode{Runner: programs, Declarations: declarations}))
	assert.ErrorContains(t, err, "with code mode on, the agent adds a tool named run_code")
}

// TestCodeModeCallsDeferredTools: a deferred tool, not sent to the model
// until found, is one a program may call, as the model may call it
// directly; it is not loaded into the requests by a program's call.
func TestCodeModeCallsDeferredTools(t *testing.T) {
	var rec recorder
	model := rt.NewModel(rt.Calls(codeCall("1", "denied")), rt.Text("done"))
	deferred := func(t *toolgen.Tool) { t.Deferred = true }
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("free", deferred), rec.tool("banned", nil), rec.tool("hidden", nil)}),
		agent.WithToolSearch(agent.ToolSearch{}),
		agent.WithCodeMode(agent.CodeMode{Runner: programs, Declarations: declarations}))
	require.NoError(t, err)
	s, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	assert.Equal(t, []string{"banned {}", "hidden {}", "free {}"}, rec.ran())
	assert.Empty(t, s.LoadedTools)
	for _, spec := range model.Requests()[1].Tools {
		assert.NotEqual(t, toolgen.ToolName("free"), spec.Name, "not sent: the program called it")
	}
}

func TestCodeModeLogsNameTheProgram(t *testing.T) {
	var rec recorder
	var buf strings.Builder
	model := rt.NewModel(rt.Calls(codeCall("1", "denied")), rt.Text("done"))
	ag := codeAgent(t, model, &rec, agent.WithLogger(slog.New(slog.NewTextHandler(&buf, nil))))
	_, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	assert.Contains(t, buf.String(), `msg="agent call_denied" run=`)
	assert.Regexp(t, `msg="agent tool_finished" .*tool=free call=1\.2 program_call=1 `, buf.String())
}
