package temporal

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/worker"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
)

// TestToolPolicy: a tool's activity options come from its annotations and
// the agent's timeout for it, and Options.Tools overrides them field by
// field.
func TestToolPolicy(t *testing.T) {
	readOnly := toolgen.Tool{Name: "lookup", Annotations: toolgen.Annotations{ReadOnly: true}}
	idempotent := toolgen.Tool{Name: "put", Annotations: toolgen.Annotations{Idempotent: true}}
	destructive := toolgen.Tool{Name: "charge", Annotations: toolgen.Annotations{Destructive: true}}
	plain := toolgen.Tool{Name: "note"}
	sub, err := agent.New(agent.ModelFunc(nil))
	assert.NoError(t, err)
	subTool := sub.AsTool("research", "researches")
	attempts := func(n int32) *temporal.RetryPolicy { return &temporal.RetryPolicy{MaximumAttempts: n} }
	custom := &temporal.RetryPolicy{MaximumAttempts: 9, BackoffCoefficient: 3}

	for _, c := range []struct {
		name    string
		opts    Options
		tool    toolgen.Tool
		timeout time.Duration // the agent's
		want    ToolPolicy
	}{
		{"read-only retries", Options{}, readOnly, 0, ToolPolicy{Timeout: 24 * time.Hour, Heartbeat: DefaultToolHeartbeat, Retry: attempts(5)}},
		{"idempotent retries", Options{ToolAttempts: 3}, idempotent, 0, ToolPolicy{Timeout: 24 * time.Hour, Heartbeat: DefaultToolHeartbeat, Retry: attempts(3)}},
		{"destructive once", Options{}, destructive, 0, ToolPolicy{Timeout: 24 * time.Hour, Heartbeat: DefaultToolHeartbeat, Retry: attempts(1)}},
		{"unannotated once", Options{}, plain, 0, ToolPolicy{Timeout: 24 * time.Hour, Heartbeat: DefaultToolHeartbeat, Retry: attempts(1)}},
		{"the agent's timeout and the grace", Options{}, plain, time.Minute, ToolPolicy{Timeout: time.Minute + 30*time.Second, Heartbeat: DefaultToolHeartbeat, Retry: attempts(1)}},
		{"a grace of one's own", Options{ToolGrace: time.Second}, plain, time.Minute, ToolPolicy{Timeout: time.Minute + time.Second, Heartbeat: DefaultToolHeartbeat, Retry: attempts(1)}},
		{"every tool heartbeats", Options{ToolHeartbeat: 5 * time.Second}, readOnly, 0, ToolPolicy{Timeout: 24 * time.Hour, Heartbeat: 5 * time.Second, Retry: attempts(5)}},
		{"ToolRetry", Options{ToolRetry: func(toolgen.Tool) *temporal.RetryPolicy { return custom }}, destructive, 0, ToolPolicy{Timeout: 24 * time.Hour, Heartbeat: DefaultToolHeartbeat, Retry: custom}},
		{
			"one tool's heartbeat, timeout and attempts",
			Options{Tools: map[toolgen.ToolName]ToolPolicy{"charge": {Timeout: time.Hour, Heartbeat: time.Second, Attempts: 2}}},
			destructive, time.Minute, ToolPolicy{Timeout: time.Hour, Heartbeat: time.Second, Attempts: 2, Retry: attempts(2)},
		},
		{
			"another tool keeps the defaults",
			Options{Tools: map[toolgen.ToolName]ToolPolicy{"charge": {Heartbeat: time.Second}}},
			readOnly, 0, ToolPolicy{Timeout: 24 * time.Hour, Heartbeat: DefaultToolHeartbeat, Retry: attempts(5)},
		},
		{
			"one tool without the heartbeat of all",
			Options{ToolHeartbeat: time.Second, Tools: map[toolgen.ToolName]ToolPolicy{"lookup": {Heartbeat: -1}}},
			readOnly, 0, ToolPolicy{Timeout: 24 * time.Hour, Retry: attempts(5)},
		},
		{
			"a tool's retry policy over ToolRetry",
			Options{ToolRetry: func(toolgen.Tool) *temporal.RetryPolicy { return attempts(7) }, Tools: map[toolgen.ToolName]ToolPolicy{"charge": {Retry: custom}}},
			destructive, 0, ToolPolicy{Timeout: 24 * time.Hour, Heartbeat: DefaultToolHeartbeat, Retry: custom},
		},
		{"no heartbeat for any tool", Options{ToolHeartbeat: -1}, readOnly, 0, ToolPolicy{Timeout: 24 * time.Hour, Retry: attempts(5)}},
		{"no default heartbeat for a call as short as it", Options{}, plain, 20 * time.Second, ToolPolicy{Timeout: 50 * time.Second, Retry: attempts(1)}},
		{"a sub-agent's run is not bounded by default", Options{}, subTool, 0, ToolPolicy{Retry: attempts(1)}},
		{"a sub-agent's run, by the agent's timeout", Options{}, subTool, time.Minute, ToolPolicy{Timeout: time.Minute + 30*time.Second, Retry: attempts(1)}},
	} {
		assert.Equal(t, c.want, c.opts.toolPolicy(c.tool, c.timeout), c.name)
	}
}

// TestToolsNamesKnownTools: Options.Tools naming a tool that neither the
// agent nor its sub-agents have is a mistake caught at registration.
func TestToolsNamesKnownTools(t *testing.T) {
	sub, err := agent.New(agent.ModelFunc(nil), agent.WithTools([]toolgen.Tool{{
		Name: "deep", InputSchema: []byte(`{"type":"object"}`),
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult(""), nil },
	}}))
	require.NoError(t, err)
	a, err := agent.New(agent.ModelFunc(nil), agent.WithTools([]toolgen.Tool{sub.AsTool("research", "researches")}))
	require.NoError(t, err)
	for _, name := range []toolgen.ToolName{"research", "deep"} {
		assert.NotPanics(t, func() {
			RegisterWorkflow(worker.NewWorkflowReplayer(), a, Options{Tools: map[toolgen.ToolName]ToolPolicy{name: {Attempts: 2}}})
		})
	}
	assert.PanicsWithValue(t, `temporal: Options.Tools names tool "reserch", which the agent and its sub-agents do not have`, func() {
		RegisterWorkflow(worker.NewWorkflowReplayer(), a, Options{Tools: map[toolgen.ToolName]ToolPolicy{"reserch": {Attempts: 2}}})
	})
}
