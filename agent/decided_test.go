package agent_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
)

// pausedOnTwo is a run paused on two gated calls, 1 and 2, and its model.
func pausedOnTwo(t *testing.T, rec *recorder) (*agent.Agent, *agent.State, *rt.Model) {
	t.Helper()
	model := rt.NewModel(rt.Calls(rt.Call("1", "g", `{"n":1}`), rt.Call("2", "g", `{"n":2}`)), rt.Text("ok"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("g", requiresApproval)}))
	require.NoError(t, err)
	s, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	require.Len(t, s.Pending(), 2)
	return ag, s, model
}

// TestADecidedCallStaysDecided: once Approve or Reject returned for a
// call, a different answer is an error naming the first, which stands (it
// used to replace it: an approved call was then not run); the same answer
// again changes nothing and is not an error. "All" (no ids) means the
// calls still waiting.
func TestADecidedCallStaysDecided(t *testing.T) {
	t.Run("approved, then rejected", func(t *testing.T) {
		var rec recorder
		ag, s, model := pausedOnTwo(t, &rec)
		require.NoError(t, s.Approve("1"))
		assert.Equal(t, []string{"2"}, ids(s.Pending()))

		assert.EqualError(t, s.Reject("changed my mind", "1"), "call 1 (g) was approved already; a decided call stays decided, so it cannot be rejected now")
		assert.ErrorContains(t, s.Reject("", "2", "1"), "call 1 (g) was approved already", "a list with one decided call")
		assert.Equal(t, []string{"2"}, ids(s.Pending()), "an error changes nothing: 2 still waits")
		require.NoError(t, s.Approve("1"), "the same answer again")

		// Across JSON, as a state saved between the answers is.
		s = roundTrip(t, s)
		assert.ErrorContains(t, s.Reject("", "1"), "call 1 (g) was approved already")
		require.NoError(t, s.Reject("not 2")) // all: the one still waiting
		assert.ErrorContains(t, s.Approve(), "call 2 (g) was rejected already", "approve all, when none waits, would reverse 2")
		assert.ErrorContains(t, s.Reject(""), "call 1 (g) was approved already", "reject all, when none waits, would reverse 1")

		_, err := ag.Resume(context.Background(), s, nil)
		require.NoError(t, err)
		assert.Equal(t, []string{`g {"n":1}`}, rec.ran(), "the approved call ran, once")
		assert.Equal(t, []string{"g done", "Denied by the user: not 2"}, texts(lastResults(t, model)), "the first reason stands")
	})
	t.Run("rejected, then approved", func(t *testing.T) {
		var rec recorder
		ag, s, model := pausedOnTwo(t, &rec)
		require.NoError(t, s.Reject("no", "1"))
		assert.EqualError(t, s.Approve("1"), "call 1 (g) was rejected already; a decided call stays decided, so it cannot be approved now")
		require.NoError(t, s.Reject("other reason", "1"), "the same answer again")
		require.NoError(t, s.Approve(), "all: 2, the one still waiting")
		assert.ErrorContains(t, s.Reject(""), "call 2 (g) was approved already")
		assert.ErrorContains(t, s.Approve("1"), "was rejected already")

		_, err := ag.Resume(context.Background(), s, nil)
		require.NoError(t, err)
		assert.Equal(t, []string{`g {"n":2}`}, rec.ran())
		assert.Equal(t, []string{"Denied by the user: no", "g done"}, texts(lastResults(t, model)))
	})
}

func ids(p []agent.PendingCall) []string {
	var out []string
	for _, c := range p {
		out = append(out, c.ID)
	}
	return out
}
