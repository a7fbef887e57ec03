package temporal_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/testsuite"

	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/temporal"
)

// TestApprovalDaysLater waits three days of workflow time (the SDK's test
// environment skips it) for the approval, which then resumes the run.
func TestApprovalDaysLater(t *testing.T) {
	var suite testsuite.WorkflowTestSuite
	env := suite.NewTestWorkflowEnvironment()
	var cnt counter
	temporal.Register(env, newAgent(t, &cnt, rt.NewModel(script()...)), nil, temporal.Options{})

	start := env.Now()
	var pendingBefore []agent.PendingCall
	var approvedAt time.Time
	env.RegisterDelayedCallback(func() {
		v, err := env.QueryWorkflow(temporal.PendingQuery)
		require.NoError(t, err)
		require.NoError(t, v.Get(&pendingBefore))
		approvedAt = env.Now()
		env.UpdateWorkflow(temporal.DecideUpdate, "approve", &testsuite.TestUpdateCallback{
			OnReject:   func(err error) { t.Errorf("rejected: %v", err) },
			OnComplete: func(_ any, err error) { assert.NoError(t, err) },
		}, temporal.Decision{Approve: true})
	}, 72*time.Hour)
	env.ExecuteWorkflow(temporal.WorkflowName, temporal.Input{Prompt: "send it"})

	require.True(t, env.IsWorkflowCompleted())
	require.NoError(t, env.GetWorkflowError())
	var s *agent.State
	require.NoError(t, env.GetWorkflowResult(&s))
	assert.Equal(t, agent.StopDone, s.StopReason)
	assert.Equal(t, "sent", s.Output())
	assert.Len(t, pendingBefore, 2, "three days on, the run still waits")
	assert.GreaterOrEqual(t, approvedAt.Sub(start), 72*time.Hour)
	assert.Equal(t, 2, cnt.count("send"))
}
