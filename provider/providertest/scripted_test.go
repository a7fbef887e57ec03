package providertest_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/provider/providertest"
)

// The scripted model the examples and tests run on keeps the contract the
// adapters keep: scripted answers come out of Generate and Stream as a
// provider's would.
func TestScriptedModelContract(t *testing.T) {
	providertest.RunContract(t, func(t *testing.T, a providertest.Answer) agent.StreamingModel {
		reply := agenttest.Respond(func(agent.Request) agent.Response { return response(a) })
		return agenttest.NewModel(reply, reply)
	})
}

// response is the whole response of a, as a script states it.
func response(a providertest.Answer) agent.Response {
	msg := agent.Message{Role: agent.RoleAssistant, Text: strings.Join(a.Text, "")}
	for _, c := range a.Calls {
		args := strings.Join(c.Args, "")
		if args == "" {
			args = "{}"
		}
		msg.Calls = append(msg.Calls, agent.ToolCall{ID: c.ID, Name: toolgen.ToolName(c.Name), Args: json.RawMessage(args)})
	}
	return agent.Response{Message: msg, Usage: agent.Usage{InputTokens: 10, OutputTokens: 5}}
}
