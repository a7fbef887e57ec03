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

// TestCheckContract: a fingerprint taken at a pause matches the same tool
// in another agent, and not one whose schema or annotations changed, or
// that is gone.
func TestCheckContract(t *testing.T) {
	var rec recorder
	gated := rec.tool("g", requiresApproval)
	newAgent := func(tools ...toolgen.Tool) *agent.Agent {
		a, err := agent.New(rt.NewModel(rt.Calls(rt.Call("1", "g", `{}`))), agent.WithTools(tools))
		require.NoError(t, err)
		return a
	}
	s, err := newAgent(gated).Run(context.Background(), "go", nil)
	require.NoError(t, err)
	require.Len(t, s.Paused.Tools, 1)
	fp := s.Paused.Tools[0]

	assert.NoError(t, newAgent(gated).CheckContract(fp))
	schema := gated
	schema.InputSchema = []byte(`{"type":"object","properties":{"n":{"type":"integer"}}}`)
	assert.EqualError(t, newAgent(schema).CheckContract(fp), "tool g changed since its calls were decided: its input schema differs")
	annotated := gated
	annotated.Annotations.Idempotent = true
	assert.EqualError(t, newAgent(annotated).CheckContract(fp), "tool g changed since its calls were decided: its RequiresApproval or annotations differ")
	assert.EqualError(t, newAgent(rec.tool("h", nil)).CheckContract(fp), "tool g changed since its calls were decided: this agent does not have it")
}
