package agent_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// recursivePanic is an error whose Error method panics with another
// recursivePanic: fmt recovers the first panic, but printing its value
// panics again, which fmt lets through.
type recursivePanic struct{ depth int }

func (e recursivePanic) Error() string { panic(recursivePanic{e.depth + 1}) }

type panickingStringer struct{}

func (panickingStringer) String() string { panic(panickingStringer{}) }

// TestPanicValuesThatPanicWhenPrinted: a tool that panics with a value
// whose description panics in turn is a failed result naming the value's
// type; it used to end the program ("panic while printing panic value").
func TestPanicValuesThatPanicWhenPrinted(t *testing.T) {
	for _, c := range []struct {
		value any
		want  string
	}{
		{recursivePanic{}, "tool bad failed: panic: a agent_test.recursivePanic whose description panics"},
		{panickingStringer{}, "tool bad failed: panic: a agent_test.panickingStringer whose description panics"},
	} {
		tool := toolgen.Tool{Name: "bad", InputSchema: []byte(`{"type":"object"}`), Call: func(context.Context, []byte) (toolgen.Result, error) {
			panic(c.value)
		}}
		model := rt.NewModel(rt.Calls(rt.Call("1", "bad", `{}`)), rt.Text("sorry"))
		ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{tool}))
		require.NoError(t, err)
		s, err := ag.Run(context.Background(), "go", nil)
		require.NoError(t, err)
		assert.Equal(t, "sorry", s.Output())
		res := lastResults(t, model)[0].Result
		assert.True(t, res.IsError)
		assert.Equal(t, c.want, res.Text())

		// Generated dispatch and the MCP server recover with Recover too.
		var r toolgen.Result
		func() {
			defer toolimpl.Recover("bad", &r, &err)
			panic(c.value)
		}()
		assert.Equal(t, c.want, r.Text())
	}
}
