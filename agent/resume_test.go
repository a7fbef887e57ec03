package agent_test

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/permission"
)

// viaJSON is s as another process reads it.
func viaJSON(t *testing.T, s *agent.State) *agent.State {
	t.Helper()
	data, err := json.Marshal(s)
	require.NoError(t, err)
	var out agent.State
	require.NoError(t, json.Unmarshal(data, &out))
	return &out
}

// pausedOnGated is a run paused on a turn calling free (1) and gated (2).
func pausedOnGated(t *testing.T, rec *recorder, replies ...rt.Reply) (*rt.Model, *agent.State) {
	t.Helper()
	model := rt.NewModel(append([]rt.Reply{rt.Calls(rt.Call("1", "free", `{}`), rt.Call("2", "gated", `{}`))}, replies...)...)
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("free", nil), rec.tool("gated", requiresApproval)}))
	require.NoError(t, err)
	s, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopPaused, s.StopReason)
	return model, s
}

func TestResumeTwiceRunsEachCallOnce(t *testing.T) {
	var rec recorder
	model, s := pausedOnGated(t, &rec, rt.Text("done"))
	require.NoError(t, s.Approve())
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("free", nil), rec.tool("gated", requiresApproval)}))
	require.NoError(t, err)
	for range 2 {
		s, err = ag.Resume(context.Background(), viaJSON(t, s), nil)
		require.NoError(t, err)
		assert.Equal(t, agent.StopDone, s.StopReason)
	}
	assert.ElementsMatch(t, []string{"free {}", "gated {}"}, rec.ran(), "each call ran once")
	assert.Len(t, model.Requests(), 2, "the model is not asked again")
}

// TestResumeAfterCancellationMidTurn: the run is cancelled when one call of
// a turn has finished and the other has not; the state, saved then, resumes
// by running only the unfinished call.
func TestResumeAfterCancellationMidTurn(t *testing.T) {
	var quickRuns, slowRuns atomic.Int32
	quickDone, slowStarted := make(chan struct{}), make(chan struct{})
	tools := []toolgen.Tool{
		{Name: "quick", InputSchema: []byte(`{"type":"object"}`), Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
			if quickRuns.Add(1) == 1 {
				close(quickDone)
			}
			return toolgen.TextResult("quick done"), nil
		}},
		{Name: "slow", InputSchema: []byte(`{"type":"object"}`), Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
			if slowRuns.Add(1) == 1 {
				close(slowStarted)
				<-ctx.Done()
				return toolgen.Result{}, ctx.Err()
			}
			return toolgen.TextResult("slow done"), nil
		}},
	}
	model := rt.NewModel(rt.Calls(rt.Call("1", "quick", `{}`), rt.Call("2", "slow", `{}`)), rt.Text("finished"))
	ag, err := agent.New(model, agent.WithTools(tools))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-quickDone; <-slowStarted; cancel() }()
	s, err := ag.Run(ctx, "go", nil)
	require.ErrorIs(t, err, context.Canceled)
	require.NotNil(t, s.Paused, "the interrupted turn is kept")
	require.NotNil(t, s.Paused.Calls[0].Result, "with the finished call's result")
	assert.Nil(t, s.Paused.Calls[1].Result, "and not the unfinished one's")
	assert.Empty(t, s.Pending())

	s, err = ag.Resume(context.Background(), viaJSON(t, s), nil)
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, s.StopReason)
	assert.Equal(t, int32(1), quickRuns.Load(), "the finished call does not run again")
	assert.Equal(t, int32(2), slowRuns.Load(), "the unfinished one runs again")
	assert.Equal(t, []string{"quick done", "slow done"}, texts(lastResults(t, model)))
	assert.Nil(t, s.Paused)
}

func TestResumeDecidesAgainstTheCurrentPolicy(t *testing.T) {
	// resumeApproved pauses a run on the gated call, approves it, and
	// resumes the run (through JSON) with an agent made with opts.
	resumeApproved := func(t *testing.T, rec *recorder, opts ...agent.Option) (*rt.Model, *agent.Agent, *agent.State) {
		t.Helper()
		model, s := pausedOnGated(t, rec, rt.Text("done"))
		require.NoError(t, s.Approve())
		tools := agent.WithTools([]toolgen.Tool{rec.tool("free", nil), rec.tool("gated", requiresApproval)})
		ag, err := agent.New(model, append([]agent.Option{tools}, opts...)...)
		require.NoError(t, err)
		s, err = ag.Resume(context.Background(), viaJSON(t, s), nil)
		require.NoError(t, err)
		return model, ag, s
	}
	t.Run("a deny rule added while paused denies", func(t *testing.T) {
		var rec recorder
		model, _, _ := resumeApproved(t, &rec, agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "gated"}}}))
		assert.Equal(t, []string{"free {}"}, rec.ran(), "the approved call is denied now")
		assert.Equal(t, []string{"free done", "Denied by policy: this call is not permitted."}, texts(lastResults(t, model)))
	})
	t.Run("a tool filtered out while paused does not run", func(t *testing.T) {
		var rec recorder
		model, _, _ := resumeApproved(t, &rec, agent.WithInactiveTools("free"))
		assert.Equal(t, []string{"gated {}"}, rec.ran())
		assert.Equal(t, []string{`Denied: tool "free" is not available in this run (the program made it inactive), so this call was not run; the tools are: gated`,
			"gated done"}, texts(lastResults(t, model)))
	})
	t.Run("an approval beats an ask rule added while paused", func(t *testing.T) {
		var rec recorder
		_, _, s := resumeApproved(t, &rec, agent.WithPermissions(permission.Permissions{Ask: []toolgen.Rule{{Tool: "gated"}}}))
		assert.Equal(t, agent.StopDone, s.StopReason)
		assert.ElementsMatch(t, []string{"free {}", "gated {}"}, rec.ran())
	})
	t.Run("an allowed call that asks now pauses again", func(t *testing.T) {
		var rec recorder
		_, ag, s := resumeApproved(t, &rec, agent.WithPermissions(permission.Permissions{Ask: []toolgen.Rule{{Tool: "free"}}}))
		assert.Equal(t, agent.StopPaused, s.StopReason)
		require.Len(t, s.Pending(), 1)
		assert.Equal(t, "1", s.Pending()[0].ID)
		assert.Empty(t, rec.ran(), "nothing runs while a call of the turn asks")

		require.NoError(t, s.Approve())
		s, err := ag.Resume(context.Background(), viaJSON(t, s), nil)
		require.NoError(t, err)
		assert.Equal(t, agent.StopDone, s.StopReason)
		assert.ElementsMatch(t, []string{"free {}", "gated {}"}, rec.ran(), "the first approval still counts")
	})
}

func TestResumeRefusesAChangedApprovalFlagOrAnnotations(t *testing.T) {
	for name, change := range map[string]func(*toolgen.Tool){
		"approval flag": func(t *toolgen.Tool) { t.RequiresApproval = false },
		"annotations":   func(t *toolgen.Tool) { t.RequiresApproval, t.Annotations.Destructive = true, true },
	} {
		t.Run(name, func(t *testing.T) {
			var rec recorder
			model, s := pausedOnGated(t, &rec, rt.Text("done"))
			require.NoError(t, s.Approve())
			fp := s.Paused.Tools[1]
			require.Equal(t, toolgen.ToolName("gated"), fp.Name)

			ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("free", nil), rec.tool("gated", change)}))
			require.NoError(t, err)
			_, err = ag.Resume(context.Background(), viaJSON(t, s), nil)
			assert.ErrorContains(t, err, "resume: tool gated changed since the run paused (its RequiresApproval or annotations differ)")
			assert.Empty(t, rec.ran())

			// A state saved without the contract hash is checked on its
			// schema alone (and its calls decided again).
			old := viaJSON(t, s)
			for i := range old.Paused.Tools {
				old.Paused.Tools[i].ContractHash = ""
			}
			s, err = ag.Resume(context.Background(), old, nil)
			require.NoError(t, err)
			assert.Equal(t, agent.StopDone, s.StopReason)
		})
	}
}
