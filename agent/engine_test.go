package agent_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/permission"
)

// engineScript is a run with every kind of step: allowed calls, a denied
// one, calls that ask (one approved, one rejected), an unknown tool, and
// an answer.
func engineScript() []rt.Reply {
	return []rt.Reply{
		rt.Calls(rt.Call("1", "free", `{"n":1}`), rt.Call("2", "nope", `{}`), rt.Call("3", "free", `{"n":3}`)),
		rt.Calls(rt.Call("4", "gated", `{"n":4}`), rt.Call("5", "free", `{"n":5}`), rt.Call("6", "gated", `{"n":6}`), rt.Call("7", "denied", `{}`)),
		rt.Text("finished"),
	}
}

func engineAgent(t *testing.T, rec *recorder, model agent.Model, opts ...agent.Option) *agent.Agent {
	ag, err := agent.New(model, append([]agent.Option{
		agent.WithSystem("be brief"),
		agent.WithTools([]toolgen.Tool{rec.tool("free", nil), rec.tool("gated", requiresApproval), rec.tool("denied", nil)}),
		agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "denied"}}}),
	}, opts...)...)
	require.NoError(t, err)
	return ag
}

// approveAndReject is what a person answers to the script's pause.
func approveAndReject(t *testing.T, s *agent.State) {
	require.NoError(t, s.Approve("4"))
	require.NoError(t, s.Reject("no", "6"))
}

// TestDrivingTheSeamByHandMatchesRun drives a run with Next, the model's
// Generate and CallTool, applying each effect as an engine would (through
// JSON, results one at a time, in reverse order), and compares the
// transcript, turns, usage and requests with Run and Resume on the same
// script.
func TestDrivingTheSeamByHandMatchesRun(t *testing.T) {
	ctx := context.Background()

	var recRun recorder
	modelRun := rt.NewModel(engineScript()...)
	agRun := engineAgent(t, &recRun, modelRun)
	want, err := agRun.Run(ctx, "go", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopPaused, want.StopReason)
	approveAndReject(t, want)
	want, err = agRun.Resume(ctx, want, nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopDone, want.StopReason)

	var rec recorder
	model := rt.NewModel(engineScript()...)
	ag := engineAgent(t, &rec, model)
	s := agent.NewState("run-1", "go")
	var kinds []agent.ActionKind
	for step := 0; ; step++ {
		require.Less(t, step, 20)
		act, err := ag.Next(s)
		require.NoError(t, err)
		kinds = append(kinds, act.Kind)
		again, err := ag.Next(s)
		require.NoError(t, err)
		require.Equal(t, act, again, "Next before anything is applied returns the same action")
		s = roundTrip(t, s)
		if act.Kind == agent.ActionStop {
			assert.Equal(t, agent.StopDone, act.Stop)
			break
		}
		switch act.Kind {
		case agent.ActionAskModel:
			resp, err := ag.Model().Generate(ctx, *roundTrip(t, &act.Request))
			require.NoError(t, err)
			require.NoError(t, ag.ApplyResponse(s, *roundTrip(t, &resp)))
		case agent.ActionCallTools:
			for i := len(act.Calls) - 1; i >= 0; i-- {
				c := act.Calls[i]
				assert.Equal(t, "run-1/"+c.ID, c.IdempotencyKey)
				res, err := ag.CallTool(ctx, s.RunID, *roundTrip(t, &c), nil)
				require.NoError(t, err)
				require.NoError(t, ag.ApplyResults(s, []agent.ToolResult{res}))
				require.Error(t, ag.ApplyResults(s, []agent.ToolResult{res}), "a result is recorded once")
				s = roundTrip(t, s)
			}
		case agent.ActionAwaitApproval:
			assert.Equal(t, []string{"4", "6"}, []string{act.Pending[0].ID, act.Pending[1].ID})
			approveAndReject(t, s)
		}
	}

	assert.Equal(t, []agent.ActionKind{
		agent.ActionAskModel, agent.ActionCallTools, agent.ActionAskModel, agent.ActionAwaitApproval,
		agent.ActionCallTools, agent.ActionAskModel, agent.ActionStop,
	}, kinds)
	assert.Equal(t, agent.StopDone, s.StopReason)
	assert.Equal(t, jsonOf(t, want.Messages), jsonOf(t, s.Messages))
	assert.Equal(t, want.Turns, s.Turns)
	assert.Equal(t, want.Usage, s.Usage)
	assert.Nil(t, s.Paused)
	assert.Equal(t, jsonOf(t, modelRun.Requests()), jsonOf(t, model.Requests()))
	assert.ElementsMatch(t, recRun.ran(), rec.ran())
}

func TestSeamErrors(t *testing.T) {
	var rec recorder
	ag := engineAgent(t, &rec, rt.NewModel())
	s := agent.NewState("r", "go")
	assert.ErrorContains(t, ag.ApplyResults(s, nil), "no turn's calls are running")
	assert.ErrorContains(t, ag.ApplyResults(&agent.State{Paused: &agent.PausedTurn{}}, []agent.ToolResult{{CallID: "x"}}), `call "x" is not one waiting`)
	_, err := ag.Next(&agent.State{Version: 99, Messages: s.Messages})
	assert.ErrorContains(t, err, "version 99")
	_, err = ag.CallTool(context.Background(), "r", agent.Call{ToolCall: rt.Call("1", "missing", `{}`)}, nil)
	assert.ErrorContains(t, err, "no tool missing")

	compacting, err := agent.New(rt.NewModel(), agent.WithCompaction(1, agent.ElideToolResults(2, 10)))
	require.NoError(t, err)
	act, err := compacting.Next(s)
	require.NoError(t, err)
	assert.Equal(t, agent.ActionCompact, act.Kind, "a request over the budget is compacted first")
}

func roundTrip[T any](t *testing.T, v *T) *T {
	t.Helper()
	data, err := json.Marshal(v)
	require.NoError(t, err)
	var out T
	require.NoError(t, json.Unmarshal(data, &out))
	return &out
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	require.NoError(t, err)
	return string(data)
}

// TestNextAfterPartOfATurn: an engine that lost track of a turn's calls in
// flight asks Next again, and gets only the calls without a result.
func TestNextAfterPartOfATurn(t *testing.T) {
	var rec recorder
	ag := engineAgent(t, &rec, rt.NewModel())
	s := agent.NewState("r", "go")
	require.NoError(t, ag.ApplyResponse(s, agent.Response{Message: agent.Message{Calls: []agent.ToolCall{
		rt.Call("1", "free", `{}`), rt.Call("2", "denied", `{}`), rt.Call("3", "free", `{}`),
	}}}))
	act, err := ag.Next(s)
	require.NoError(t, err)
	require.Equal(t, agent.ActionCallTools, act.Kind)
	require.Len(t, act.Calls, 2)
	assert.Equal(t, "1", act.Calls[0].ID)
	assert.Equal(t, 1, act.Calls[0].Turn)
	require.NoError(t, ag.ApplyResults(s, []agent.ToolResult{{CallID: "3", Name: "free", Result: toolgen.TextResult("three")}}))
	assert.ErrorContains(t, ag.ApplyResponse(s, agent.Response{}), "not waiting for the model")

	s = roundTrip(t, s) // a state saved mid-turn, read back
	act, err = ag.Next(s)
	require.NoError(t, err)
	require.Equal(t, agent.ActionCallTools, act.Kind)
	require.Len(t, act.Calls, 1)
	assert.Equal(t, "1", act.Calls[0].ID)
	require.NoError(t, ag.ApplyResults(s, []agent.ToolResult{{CallID: "1", Name: "free", Result: toolgen.TextResult("one")}}))

	last := s.Messages[len(s.Messages)-1]
	require.Equal(t, agent.RoleTool, last.Role)
	assert.Equal(t, []string{"one", "Denied by policy: this call is not permitted.", "three"}, texts(last.Results))
	act, err = ag.Next(s)
	require.NoError(t, err)
	assert.Equal(t, agent.ActionAskModel, act.Kind)
	assert.Empty(t, rec.ran(), "the engine runs the calls, not Next")
}
