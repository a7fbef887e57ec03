package agent_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/internal/testtools"
)

// redactParis replaces "Paris" in a result's text.
func redactParis(_ context.Context, _ agent.ToolCall, r toolgen.Result) (toolgen.Result, error) {
	return toolgen.TextResult(strings.ReplaceAll(r.Text(), "Paris", "[redacted]")), nil
}

func refuseSunny(_ context.Context, _ agent.ToolCall, r toolgen.Result) (toolgen.Result, error) {
	if strings.Contains(r.Text(), "sunny") {
		return toolgen.Result{}, errors.New("mentions the sun")
	}
	return r, nil
}

func TestOutputGuards(t *testing.T) {
	paris := testtools.GetWeatherRule{City: "Paris"}.Rule()
	tests := []struct {
		name   string
		guards []agent.OutputGuard
		call   agent.ToolCall
		want   string
		isErr  bool
	}{
		{"redacted when the rule matches", []agent.OutputGuard{{Rule: paris, Check: redactParis}},
			rt.Call("1", "get_weather", `{"city":"Paris"}`), "[redacted]: 17°C, sunny", false},
		{"untouched when it does not", []agent.OutputGuard{{Rule: paris, Check: redactParis}},
			rt.Call("1", "get_weather", `{"city":"Oslo"}`), "Oslo: ", false},
		{"refused", []agent.OutputGuard{{Rule: toolgen.Rule{Tool: "get_*"}, Check: refuseSunny}},
			rt.Call("1", "get_weather", `{"city":"Oslo"}`), "get_weather: the output guard refused the result: mentions the sun", true},
		{"in order, each on the one before's", []agent.OutputGuard{{Rule: paris, Check: redactParis}, {Rule: paris, Check: refuseSunny}},
			rt.Call("1", "get_weather", `{"city":"Paris"}`), "get_weather: the output guard refused the result: mentions the sun", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			model := rt.NewModel(rt.Calls(tt.call), rt.Text("ok"))
			ag, err := agent.New(model, agent.WithTools(testtools.Tools()), agent.WithOutputGuards(tt.guards...))
			require.NoError(t, err)
			_, err = ag.Run(context.Background(), "go", nil)
			require.NoError(t, err)
			res := lastResults(t, model)[0].Result
			assert.Equal(t, tt.isErr, res.IsError)
			assert.True(t, strings.HasPrefix(res.Text(), tt.want), "result %q, want it to start %q", res.Text(), tt.want)
			if !tt.isErr {
				assert.NotContains(t, res.Text(), "Paris")
			}
		})
	}
}

func TestOutputGuardsChecked(t *testing.T) {
	model := rt.NewModel(rt.Text("ok"))
	_, err := agent.New(model, agent.WithTools(testtools.Tools()),
		agent.WithOutputGuards(agent.OutputGuard{Rule: toolgen.Rule{Tool: "no_such_tool"}, Check: refuseSunny}))
	require.ErrorContains(t, err, "output guard 0")
	require.ErrorContains(t, err, "no_such_tool")
	_, err = agent.New(model, agent.WithTools(testtools.Tools()),
		agent.WithOutputGuards(agent.OutputGuard{Rule: toolgen.Rule{Tool: "get_weather", Args: map[string]string{"town": "x"}}, Check: refuseSunny}))
	require.ErrorContains(t, err, "town")
	_, err = agent.New(model, agent.WithOutputGuards(agent.OutputGuard{Rule: toolgen.Rule{Tool: "*"}}))
	require.ErrorContains(t, err, "agent.WithOutputGuards: guard 0 (*): nil Check")
}
