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

// namedSandbox is a toolgen.Sandbox that only tells which one it is.
type namedSandbox struct{ name string }

func (s namedSandbox) ReadFile(context.Context, string) ([]byte, error) {
	return []byte(s.name), nil
}
func (namedSandbox) WriteFile(context.Context, string, []byte) error { return nil }
func (namedSandbox) List(context.Context, string) ([]toolgen.DirEntry, error) {
	return nil, nil
}
func (namedSandbox) Run(context.Context, string) (toolgen.CommandResult, error) {
	return toolgen.CommandResult{}, nil
}

// whichSandbox is a tool that answers with the name of the sandbox its
// Ctx carries, or the error of a call without one.
var whichSandbox = toolgen.Tool{
	Name: "which_sandbox", InputSchema: []byte(`{"type":"object"}`),
	Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
		sb, err := toolgen.CtxFrom(ctx).NeedSandbox()
		if err != nil {
			if !errors.Is(err, toolgen.ErrNoSandbox) {
				return toolgen.ErrorResult("not ErrNoSandbox: " + err.Error()), nil
			}
			return toolgen.ErrorResult(err.Error()), nil
		}
		name, _ := sb.ReadFile(ctx, "")
		return toolgen.TextResult(string(name)), nil
	},
}

// lastResult is the text of the last tool result of a run.
func lastResult(s *agent.State) string {
	text := ""
	for _, m := range s.Messages {
		for _, r := range m.Results {
			text = r.Result.Text()
		}
	}
	return text
}

func TestWithSandboxReachesEveryCall(t *testing.T) {
	model := rt.NewModel(rt.Calls(rt.Call("1", "which_sandbox", `{}`)), rt.Text("done"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{whichSandbox}), agent.WithSandbox(namedSandbox{"main"}))
	require.NoError(t, err)
	st, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	assert.Equal(t, "main", lastResult(st))
}

func TestWithoutSandboxToolsGetErrNoSandbox(t *testing.T) {
	model := rt.NewModel(rt.Calls(rt.Call("1", "which_sandbox", `{}`)), rt.Text("done"))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{whichSandbox}))
	require.NoError(t, err)
	st, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	assert.Equal(t, toolgen.ErrNoSandbox.Error(), lastResult(st))
	assert.Nil(t, toolgen.Ctx{}.Sandbox, "the zero Ctx has none")
}

func TestWithSandboxNil(t *testing.T) {
	_, err := agent.New(rt.NewModel(), agent.WithSandbox(nil))
	assert.EqualError(t, err, "agent.WithSandbox(nil): nil sandbox")
}

// A sub-agent works in its parent's sandbox, unless it has its own.
func TestSubAgentInheritsTheSandbox(t *testing.T) {
	for _, tc := range []struct {
		name string
		own  []agent.Option
		want string
	}{
		{"inherits", nil, "parent"},
		{"its own wins", []agent.Option{agent.WithSandbox(namedSandbox{"child"})}, "child"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			subModel := rt.NewModel(rt.Calls(rt.Call("s1", "which_sandbox", `{}`)), rt.Respond(func(r agent.Request) agent.Response {
				last := r.Messages[len(r.Messages)-1]
				return agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Text: last.Results[0].Result.Text()}}
			}))
			sub, err := agent.New(subModel, append([]agent.Option{agent.WithTools([]toolgen.Tool{whichSandbox})}, tc.own...)...)
			require.NoError(t, err)
			model := rt.NewModel(rt.Calls(rt.Call("1", "helper", `{"prompt":"which?"}`)), rt.Text("done"))
			ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{sub.AsTool("helper", "asks a helper")}), agent.WithSandbox(namedSandbox{"parent"}))
			require.NoError(t, err)
			st, err := ag.Run(context.Background(), "go", nil)
			require.NoError(t, err)
			assert.Equal(t, tc.want, lastResult(st))
		})
	}
}
