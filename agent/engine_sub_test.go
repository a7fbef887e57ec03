package agent_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
)

// TestSubAgentAccessors: an engine finds the agent behind an AsTool tool
// (in any copy of it, as a Toolbox holds), reads a call's prompt exactly
// when the tool accepts its arguments, and makes the tool's own result
// from the sub-run's outcome.
func TestSubAgentAccessors(t *testing.T) {
	answers := agent.ModelFunc(func(context.Context, agent.Request) (agent.Response, error) {
		return agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Text: "the answer"}}, nil
	})
	sub, err := agent.New(answers, agent.WithName("researcher"))
	require.NoError(t, err)
	tool := sub.AsTool("research", "researches")
	parent, err := agent.New(rt.NewModel(), agent.WithTools([]toolgen.Tool{tool}))
	require.NoError(t, err)

	held, ok := parent.Tool("research")
	require.True(t, ok)
	got, ok := agent.SubAgent(held)
	require.True(t, ok, "a copy of the tool, from the parent's toolbox")
	assert.Same(t, sub, got)
	assert.Len(t, parent.Tools(), 1)
	other := toolgen.Tool{Name: "other", InputSchema: []byte(`{"type":"object"}`)}
	_, ok = agent.SubAgent(other)
	assert.False(t, ok)
	_, ok = agent.SubAgent(toolgen.Tool{Name: "bare"})
	assert.False(t, ok)
	other2, err := agent.New(rt.NewModel())
	require.NoError(t, err)
	got, _ = agent.SubAgent(other2.AsTool("research", "researches")) // same name and description, another agent
	assert.Same(t, other2, got)

	for _, args := range []string{`{"prompt":"a"}`, ` {"prompt":"a"} `, `{}`, ``, `{"prompt":"a","x":1}`, `{"prompt":null}`, `[]`, `{"prompt":"a"`, `{"prompt":"a"}x`, `{"prompt":1}`} {
		prompt, ok := agent.SubAgentPrompt([]byte(args))
		res, err := tool.Call(context.Background(), []byte(args))
		require.NoError(t, err)
		if ok {
			assert.Equal(t, "a", prompt, args)
			assert.False(t, res.IsError, "the tool accepts %s too", args)
		} else {
			assert.True(t, res.IsError, "the tool refuses %s too", args)
			assert.Contains(t, res.Text(), "invalid arguments", args)
		}
	}

	// The outcomes, as the tool itself reports them.
	st, err := sub.Run(context.Background(), "q", nil)
	require.NoError(t, err)
	assert.Equal(t, toolgen.TextResult("the answer"), agent.SubAgentResult(tool, st, nil))
	assert.Equal(t, "agent research (researcher) failed: boom", agent.SubAgentResult(tool, nil, errors.New("boom")).Text())
	paused := &agent.State{StopReason: agent.StopMaxTurns}
	assert.Contains(t, agent.SubAgentResult(tool, paused, nil).Text(), "stopped after its maximum number of turns")
	assert.True(t, agent.SubAgentResult(other, st, nil).IsError)
}
