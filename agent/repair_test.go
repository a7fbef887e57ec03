package agent_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/permission"
)

// The loop asks generated tools to repair malformed arguments, unless told
// not to or a permission rule reads the tool's arguments; the model reads
// what was repaired after the result.
func TestArgRepair(t *testing.T) {
	const args = `{"city":"Paris","days":"2"}` // days is an integer
	const refused = `invalid arguments: /days: expected integer, got string "2"`
	const note = "arguments repaired before the call: /days: the string \"2\", read as the number 2"
	meant, err := toolgen.NewToolbox(weather.Tools())
	require.NoError(t, err)
	res, err := meant.Call(context.Background(), weather.ToolGetForecast, []byte(`{"city":"Paris","days":2}`))
	require.NoError(t, err)
	repaired := string(res.Structured) + "\n" + note
	for _, tt := range []struct {
		name string
		opts []agent.Option
		want string
	}{
		{"by default", nil, repaired},
		{"turned off", []agent.Option{agent.WithArgRepair(false)}, refused},
		{"a rule reads the arguments", []agent.Option{agent.WithPermissions(permission.Permissions{
			Allow: []toolgen.Rule{weather.GetForecastRule{City: "Par*"}.Rule()},
		})}, refused},
		{"a rule without arguments", []agent.Option{agent.WithPermissions(permission.Permissions{
			Allow: []toolgen.Rule{{Tool: weather.ToolGetForecast}},
		})}, repaired},
	} {
		t.Run(tt.name, func(t *testing.T) {
			model := rt.NewModel(rt.Calls(rt.Call("c1", weather.ToolGetForecast, args)), rt.Text("done"))
			ag, err := agent.New(model, append(tt.opts, agent.WithTools(weather.Tools()))...)
			require.NoError(t, err)
			_, err = ag.Run(context.Background(), "forecast", nil)
			require.NoError(t, err)
			results := lastResults(t, model)
			require.Len(t, results, 1)
			if tt.want == refused {
				assert.True(t, results[0].Result.IsError)
				assert.Equal(t, refused, results[0].Result.Text())
				return
			}
			assert.False(t, results[0].Result.IsError, results[0].Result.Text())
			assert.Equal(t, tt.want, results[0].Result.Text())
		})
	}
}
