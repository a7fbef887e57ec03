package main

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/builtin"
	"github.com/toolgen-dev/toolgen/examples/internal/demo"
)

// scriptedModel plays a model offline. Like a real one it keeps nothing
// between requests: what it does depends on how many times it has spoken in
// the transcript, and its answer on the results it got. It streams its
// text word by word, as a real model streams tokens.
func scriptedModel() agent.Model { return scripted{} }

type scripted struct{}

func (scripted) Generate(_ context.Context, r agent.Request) (agent.Response, error) {
	turn := 0
	for _, m := range r.Messages {
		if m.Role == agent.RoleAssistant {
			turn++
		}
	}
	if turn < len(plan) {
		return respond(agent.Message{Calls: plan[turn]}), nil
	}
	return respond(agent.Message{Text: summary(r.Messages)}), nil
}

// Stream gives the response Generate makes, its text in words.
func (m scripted) Stream(ctx context.Context, r agent.Request) iter.Seq2[agent.Part, error] {
	return demo.Stream(ctx, m, r, 0)
}

func respond(m agent.Message) agent.Response {
	m.Role = agent.RoleAssistant
	return agent.Response{Message: m, Usage: agent.Usage{InputTokens: 100, OutputTokens: 20}}
}

func call(id string, name toolgen.ToolName, args string) agent.ToolCall {
	return agent.ToolCall{ID: id, Name: name, Args: json.RawMessage(args)}
}

// plan is what the model does, turn by turn.
var plan = [][]agent.ToolCall{
	{
		call("c1", builtin.ToolListFiles, `{"recursive":true}`),
		call("c2", builtin.ToolReadFile, `{"path":"check.sh"}`),
		call("c3", builtin.ToolSearchFiles, `{"pattern":"Hel+o"}`),
	},
	{
		call("c4", builtin.ToolEditFile, `{"path":"greeting.txt","old_string":"Helo","new_string":"Hello"}`),
		call("c5", builtin.ToolRunCommand, `{"command":"rm -rf build"}`),
	},
	{
		call("c6", builtin.ToolRunCommand, `{"command":"sh check.sh"}`),
	},
}

// summary reports the last results, as a model would.
func summary(msgs []agent.Message) string {
	last := msgs[len(msgs)-1].Results[0].Result.Text()
	return fmt.Sprintf("I ran the check: %q. The build directory was not removed: the policy denies rm -rf.", last)
}
