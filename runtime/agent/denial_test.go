package agent_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/runtime"
	"github.com/toolgen-dev/toolgen/runtime/agent"
	rt "github.com/toolgen-dev/toolgen/runtime/agent/agenttest"
)

// callEvents records the call events of runs: kind, then call id.
type callEvents struct {
	mu  sync.Mutex
	all []string
}

func (c *callEvents) observe(e agent.Event) {
	switch e.Kind {
	case agent.EventCallDenied, agent.EventCallAllowed, agent.EventCallPaused, agent.EventCallApproved, agent.EventCallRejected, agent.EventRunFailed:
		c.mu.Lock()
		defer c.mu.Unlock()
		c.all = append(c.all, string(e.Kind)+" "+e.Call.ID+" "+e.Reason)
	}
}

func (c *callEvents) take() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.all
	c.all = nil
	return out
}

// TestInactiveToolIsDenied: a call to a tool the agent has but the
// program made inactive is refused as a denial (the model reads that the
// tool is not available in this run, and call_denied is emitted once),
// not as an unknown tool; a call to a tool the agent does not have is
// still "unknown tool". Both filters, in Run and RunStream.
func TestInactiveToolIsDenied(t *testing.T) {
	for name, filter := range map[string]agent.Option{
		"WithInactiveTools": agent.WithInactiveTools("hidden"),
		"WithActiveTools":   agent.WithActiveTools("shown"),
	} {
		for _, streaming := range []bool{false, true} {
			t.Run(name+map[bool]string{false: "", true: "/streaming"}[streaming], func(t *testing.T) {
				var rec recorder
				var ev callEvents
				var streamed []string
				model := rt.NewModel(rt.Calls(rt.Call("c1", "hidden", `{}`), rt.Call("c2", "nowhere", `{}`), rt.Call("c3", "shown", `{}`)), rt.Text("ok"))
				ag, err := agent.New(model, agent.WithTools([]runtime.Tool{rec.tool("hidden", nil), rec.tool("shown", nil)}), filter,
					agent.WithObserver(ev.observe))
				require.NoError(t, err)
				if streaming {
					_, err = ag.RunStream(context.Background(), "go", nil, func(e agent.Event) error {
						if e.Kind == agent.EventCallDenied {
							streamed = append(streamed, e.Call.ID)
						}
						return nil
					})
				} else {
					_, err = ag.Run(context.Background(), "go", nil)
				}
				require.NoError(t, err)
				assert.Equal(t, []string{"shown {}"}, rec.ran())
				results := lastResults(t, model)
				assert.Equal(t, []string{
					`Denied: tool "hidden" is not available in this run (the program made it inactive), so this call was not run; the tools are: shown`,
					`unknown tool "nowhere"; the tools are: shown`,
					"shown done",
				}, texts(results))
				assert.True(t, results[0].Result.IsError)
				assert.True(t, results[1].Result.IsError)
				assert.Equal(t, []string{
					"call_denied c1 inactive tool: not available in this run",
					"call_denied c2 unknown tool",
					"call_allowed c3 no rule matched",
				}, ev.take())
				if streaming {
					assert.Equal(t, []string{"c1", "c2"}, streamed)
				}
			})
		}
	}
}
