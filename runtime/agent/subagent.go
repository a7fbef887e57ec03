package agent

import (
	"github.com/toolgen-dev/toolgen/runtime"
	"github.com/toolgen-dev/toolgen/runtime/internal/wire"
	"github.com/toolgen-dev/toolgen/runtime/toolimpl"

	"context"
	"fmt"
	"strings"
)

// subagentSchema is the input of an agent used as a tool: one prompt.
var subagentSchema = []byte(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "properties": {
    "prompt": {
      "type": "string",
      "description": "What to ask the agent, with everything it needs to know: it does not see this conversation."
    }
  },
  "required": [
    "prompt"
  ],
  "additionalProperties": false
}`)

// AsTool exposes the agent as a tool that another agent can call: it runs
// the agent on the prompt it is given, with the deps of the run that calls
// it, and returns the agent's answer. A sub-agent cannot stop its caller for
// approval: if it pauses, the call fails and says which call needed
// approval, so give the sub-agent permissions that need no person.
func (a *Agent) AsTool(name runtime.ToolName, description string) runtime.Tool {
	return runtime.Tool{
		Name:        name,
		Description: description,
		InputSchema: subagentSchema,
		Call: func(ctx context.Context, args []byte) (res runtime.Result, err error) {
			defer toolimpl.Recover(name, &res, &err)
			prompt, perr := readPrompt(args)
			if perr != nil {
				return runtime.ErrorResult(perr.Error()), nil
			}
			s, err := a.Run(ctx, prompt, runtime.CtxFrom(ctx).Deps)
			if err != nil {
				return toolimpl.ToolFailed(ctx, err)
			}
			return subagentResult(name, s), nil
		},
	}
}

// readPrompt reads {"prompt": "..."} with the generated code's decoder.
func readPrompt(args []byte) (string, error) {
	var d wire.Decoder
	d.Reset(args)
	prompt, seen := "", false
	if d.Object() {
		for k, ok := d.Field(); ok; k, ok = d.Field() {
			if string(k) != "prompt" {
				d.Unknown(`"prompt"`)
				continue
			}
			seen = true
			prompt, _ = d.String()
		}
		if !seen {
			d.Missing("prompt")
		}
	}
	return prompt, d.Close()
}

func subagentResult(name runtime.ToolName, s *State) runtime.Result {
	switch s.StopReason {
	case StopPaused:
		var calls []string
		for _, p := range s.Pending() {
			calls = append(calls, fmt.Sprintf("%s %s", p.Name, p.Args))
		}
		return runtime.ErrorResult(fmt.Sprintf("agent %s stopped: it needs a person's approval to run %s, which cannot be given from here", name, strings.Join(calls, "; ")))
	case StopMaxTurns:
		return runtime.ErrorResult(fmt.Sprintf("agent %s stopped after its maximum number of turns without an answer; its last words: %s", name, s.Output()))
	}
	return runtime.TextResult(s.Output())
}
