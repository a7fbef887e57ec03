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

// callSub calls an agent made a tool directly, as a caller's loop would.
func callSub(t *testing.T, tool toolgen.Tool, args string) toolgen.Result {
	t.Helper()
	res, err := tool.Call(context.Background(), []byte(args))
	require.NoError(t, err)
	return res
}

func TestAsToolSchemaAndNames(t *testing.T) {
	sub, err := agent.New(rt.NewModel())
	require.NoError(t, err)
	tool := sub.AsTool("helper", "asks a helper")
	assert.Equal(t, toolgen.ToolName("helper"), tool.Name)
	assert.Equal(t, "asks a helper", tool.Description)
	assert.JSONEq(t, `{
	  "$schema": "https://json-schema.org/draft/2020-12/schema",
	  "type": "object",
	  "properties": {
	    "prompt": {
	      "type": "string",
	      "description": "What to ask the agent, with everything it needs to know: it does not see this conversation."
	    }
	  },
	  "required": ["prompt"],
	  "additionalProperties": false
	}`, string(tool.InputSchema))
	assert.Contains(t, string(tool.StrictSchema), `"additionalProperties":false`, "the schema for OpenAI's strict mode")
	assert.Contains(t, string(tool.GeminiSchema), `"prompt"`, "the schema for Gemini")
	assert.False(t, tool.RequiresApproval)
	assert.Equal(t, toolgen.Annotations{}, tool.Annotations)
}

func TestAsToolArgumentErrors(t *testing.T) {
	sub, err := agent.New(rt.NewModel())
	require.NoError(t, err)
	tool := sub.AsTool("helper", "asks a helper")
	for args, want := range map[string]string{
		`{}`:                   `invalid arguments: /prompt: missing (required)`,
		``:                     `invalid arguments: /prompt: missing (required)`,
		`{"prompt":"a","x":1}`: `invalid arguments: /x: unknown field (known fields: "prompt")`,
		`{"prompt":null}`:      `invalid arguments: /prompt: expected string, got null`,
		`[]`:                   `invalid arguments: expected object, got array`,
		`{"prompt":"a"`:        ``,
	} {
		res := callSub(t, tool, args)
		assert.True(t, res.IsError, args)
		if want != "" {
			assert.Equal(t, want, res.Text(), args)
		}
	}
}

func TestAsToolAnswers(t *testing.T) {
	subModel := rt.NewModel(rt.Text("forty-two"))
	sub, err := agent.New(subModel)
	require.NoError(t, err)
	res := callSub(t, sub.AsTool("helper", "asks a helper"), `{"prompt":"what is it?"}`)
	assert.False(t, res.IsError)
	assert.Equal(t, "forty-two", res.Text())
	assert.Equal(t, "what is it?", subModel.Requests()[0].Messages[0].Text)
}

func TestAsToolPausedSubAgentFails(t *testing.T) {
	send := toolgen.Tool{Name: "send", InputSchema: []byte(`{"type":"object"}`), RequiresApproval: true,
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("sent"), nil }}
	sub, err := agent.New(rt.NewModel(rt.Calls(rt.Call("s1", "send", `{"to":"bob"}`))), agent.WithTools([]toolgen.Tool{send}))
	require.NoError(t, err)
	res := callSub(t, sub.AsTool("helper", "asks a helper"), `{"prompt":"mail bob"}`)
	assert.True(t, res.IsError)
	assert.Equal(t, `agent helper stopped: it needs a person's approval to run send {"to":"bob"}, which cannot be given from here`, res.Text())
}

func TestAsToolMaxTurns(t *testing.T) {
	noop := toolgen.Tool{Name: "noop", InputSchema: []byte(`{"type":"object"}`),
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("ok"), nil }}
	model := rt.NewModel(rt.Respond(func(agent.Request) agent.Response {
		return agent.Response{Message: agent.Message{Text: "still thinking", Calls: []agent.ToolCall{rt.Call("s1", "noop", `{}`)}}}
	}))
	sub, err := agent.New(model, agent.WithTools([]toolgen.Tool{noop}), agent.WithMaxTurns(1))
	require.NoError(t, err)
	res := callSub(t, sub.AsTool("helper", "asks a helper"), `{"prompt":"go"}`)
	assert.True(t, res.IsError)
	assert.Equal(t, "agent helper stopped after its maximum number of turns without an answer; its last words: still thinking", res.Text())
}

func TestAsToolModelFailureAndPanic(t *testing.T) {
	failing, err := agent.New(agent.ModelFunc(func(context.Context, agent.Request) (agent.Response, error) {
		return agent.Response{}, assert.AnError
	}))
	require.NoError(t, err)
	res := callSub(t, failing.AsTool("helper", "asks a helper"), `{"prompt":"go"}`)
	assert.True(t, res.IsError)
	assert.Contains(t, res.Text(), assert.AnError.Error())

	panicking, err := agent.New(agent.ModelFunc(func(context.Context, agent.Request) (agent.Response, error) {
		panic("boom")
	}))
	require.NoError(t, err)
	res = callSub(t, panicking.AsTool("helper", "asks a helper"), `{"prompt":"go"}`)
	assert.True(t, res.IsError)
	assert.Equal(t, "tool helper failed: panic: boom", res.Text())
}

func TestAsToolCancelledContextFailsTheCall(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	sub, err := agent.New(agent.ModelFunc(func(ctx context.Context, _ agent.Request) (agent.Response, error) {
		cancel()
		return agent.Response{}, ctx.Err()
	}))
	require.NoError(t, err)
	_, err = sub.AsTool("helper", "asks a helper").Call(ctx, []byte(`{"prompt":"go"}`))
	require.ErrorIs(t, err, context.Canceled)
}
