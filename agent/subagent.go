package agent

//go:generate go tool toolgen

import (
	"context"
	"fmt"
	"strings"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/panics"
)

// AsTool exposes the agent as a tool that another agent can call: it runs
// the agent on the prompt it is given, with the deps of the run that calls
// it, and returns the agent's answer. A sub-agent cannot stop its caller for
// approval: if it pauses, the call fails and says which call needed
// approval, so give the sub-agent permissions that need no person. What the
// sub-agent's run used counts in its caller's State.Usage, and its events
// carry the caller's run as ParentRunID; its messages name it by the tool
// name and, when it has another, its own (WithName).
func (a *Agent) AsTool(name toolgen.ToolName, description string) toolgen.Tool {
	sub := &subagent{agent: a, name: name}
	t := sub.Tools()[0]
	t.Name, t.Description = name, description
	// Its build-time count is askAgent's, under another name and
	// description: the agent estimates it instead (cost.go).
	t.Tokens = toolgen.Tokens{}
	registerSubAgent(&t, sub) // for SubAgent
	return t
}

// subagent is an agent made a tool under a name: the receiver of the
// generated tool askAgent, which AsTool renames and describes.
type subagent struct {
	agent *Agent
	name  toolgen.ToolName
}

// askAgent runs the agent on a prompt, with the deps of the run that calls
// it, and returns its answer.
//
// Parameters:
//   - prompt: What to ask the agent, with everything it needs to know: it does not see this conversation.
//
//toolgen:tool
func (s *subagent) askAgent(ctx context.Context, prompt string) (answer string, err error) {
	// A panic names the tool by the name AsTool gave it, not the generated one.
	defer func() {
		if p := recover(); p != nil {
			answer, err = "", fmt.Errorf("tool %s failed: panic: %s", s.name, panics.Text(p))
		}
	}()
	st, err := s.agent.Run(ctx, prompt, toolgen.CtxFrom(ctx).Deps)
	addSubUsage(ctx, s.name, st) // the caller's run pays for what this one used
	return s.answer(st, err)
}

// answer is the tool's answer for a run of the agent that ended with st and
// err.
func (s *subagent) answer(st *State, err error) (string, error) {
	if err != nil {
		return "", fmt.Errorf("agent %s failed: %w", s.label(), err)
	}
	switch st.StopReason {
	case StopPaused:
		var calls []string
		for _, p := range st.Pending() {
			calls = append(calls, fmt.Sprintf("%s %s", p.Name, p.Args))
		}
		return "", fmt.Errorf("agent %s stopped: it needs a person's approval to run %s, which cannot be given from here", s.label(), strings.Join(calls, "; "))
	case StopMaxTurns:
		return "", fmt.Errorf("agent %s stopped after its maximum number of turns without an answer; its last words: %s", s.label(), st.Output())
	}
	return st.Output(), nil
}

// label names the agent in its messages: by the tool name the caller's
// model knows it by, and by its own name (WithName) when it has another.
func (s *subagent) label() string {
	if s.agent.name == "" || s.agent.name == string(s.name) {
		return string(s.name)
	}
	return fmt.Sprintf("%s (%s)", s.name, s.agent.name)
}
