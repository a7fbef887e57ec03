package agent

import (
	"bytes"
	"encoding/json"
	"runtime"
	"sync"
	"weak"

	"github.com/toolgen-dev/toolgen"
)

// Sub-agents on the engine seam: a tool made with AsTool runs its whole
// sub-agent inside one call. An engine that records effects (see Next) can
// run the sub-agent's run as a run of its own instead (a child workflow,
// say), with its own recorded model requests and tool calls: SubAgent
// finds the agent behind such a tool, SubAgentPrompt reads a call's
// prompt, and SubAgentResult turns the sub-run's outcome into the call's
// result, as the tool would have returned it.

// subAgents maps the InputSchema of each tool AsTool made (a copy of its
// own, whose first byte identifies it however the Tool value is copied)
// to its subagent. An entry goes when its tool is unreachable.
var subAgents sync.Map // weak.Pointer[byte] → *subagent

// registerSubAgent gives t a schema of its own and remembers that s is
// behind it.
func registerSubAgent(t *toolgen.Tool, s *subagent) {
	t.InputSchema = bytes.Clone(t.InputSchema)
	first := &t.InputSchema[0]
	key := weak.Make(first)
	subAgents.Store(key, s)
	runtime.AddCleanup(first, func(key weak.Pointer[byte]) { subAgents.Delete(key) }, key)
}

func subAgentOf(t toolgen.Tool) (*subagent, bool) {
	if len(t.InputSchema) == 0 {
		return nil, false
	}
	v, ok := subAgents.Load(weak.Make(&t.InputSchema[0]))
	if !ok {
		return nil, false
	}
	return v.(*subagent), true
}

// SubAgent is the agent that t runs, when t was made with AsTool (and its
// InputSchema was not replaced since); ok is false for any other tool.
func SubAgent(t toolgen.Tool) (a *Agent, ok bool) {
	s, ok := subAgentOf(t)
	if !ok {
		return nil, false
	}
	return s.agent, true
}

// SubAgentPrompt is the prompt in the arguments of a call of a sub-agent
// tool; ok is false for arguments the tool would refuse (its own Call
// then says why, running nothing).
func SubAgentPrompt(args []byte) (prompt string, ok bool) {
	var in struct {
		Prompt *string `json:"prompt"`
	}
	d := json.NewDecoder(bytes.NewReader(args))
	d.DisallowUnknownFields()
	if err := d.Decode(&in); err != nil || in.Prompt == nil || d.InputOffset() != int64(len(bytes.TrimRight(args, " \t\r\n"))) {
		return "", false
	}
	return *in.Prompt, true
}

// SubAgentResult is the result of a call of t, a sub-agent tool, whose
// sub-agent's run ended with st (nil if there is none) and err: the
// sub-agent's answer, or why it gave none (it failed with err, paused for
// an approval no one can give from a tool call, or ran out of turns), as
// the tool itself returns it. What st used is for the engine to add to the
// caller's State.Usage, and what its tools cost to the caller's
// State.ToolTokens (State.AddSubAgentTokens), as the tool does in process.
func SubAgentResult(t toolgen.Tool, st *State, err error) toolgen.Result {
	s, ok := subAgentOf(t)
	if !ok {
		return toolgen.ErrorResult("tool " + string(t.Name) + " is not a sub-agent")
	}
	if st == nil && err == nil {
		st = &State{}
	}
	answer, err := s.answer(st, err)
	if err != nil {
		return toolgen.ErrorResult(err.Error())
	}
	return toolgen.TextResult(answer)
}

// Tools are the agent's tools, offered to the model or not, in the order
// they were given: for an engine that registers, say, a workflow per
// sub-agent (SubAgent).
func (a *Agent) Tools() []toolgen.Tool { return a.tools.Tools() }

// Sandbox is the sandbox the agent was given (WithSandbox), nil if none:
// for an engine that runs a sub-agent's run apart from its caller's, and
// gives it the caller's sandbox when it has none of its own, as a
// sub-agent's run in a tool call inherits it.
func (a *Agent) Sandbox() toolgen.Sandbox { return a.sandbox }
