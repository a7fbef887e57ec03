package agent

import (
	"context"
	"errors"
	"fmt"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/permission"
)

// OutputGuard checks a tool's result before it enters the model's
// context, and may redact or refuse it. Rule chooses the calls it sees,
// as a permission rule does (a tool name or glob, and globs over the
// arguments); a generated XRule's Rule() makes one whose argument names the
// compiler checks:
//
//	agent.OutputGuard{Rule: tools.FetchPageRule{URL: "https://intranet/*"}.Rule(), Check: redactSecrets}
//
// Check gets the call and what the tool returned (a failed result too;
// not a call that timed out or was abandoned), and returns the result to
// record (r itself, or a copy with parts redacted), or an error to refuse
// it: the model then reads a failed result saying the output guard refused
// it and why, never the tool's result. Check runs on the loop's goroutine,
// for direct calls and a program's calls alike; it must not change r's
// Content or Structured in place.
type OutputGuard struct {
	Rule  toolgen.Rule
	Check func(ctx context.Context, call ToolCall, r toolgen.Result) (toolgen.Result, error)
}

// ErrOutputRefused wraps what an OutputGuard's Check returned, in the text
// the model reads.
var ErrOutputRefused = errors.New("the output guard refused the result")

// WithOutputGuards sets the guards of tools' results. Every guard whose
// Rule matches a call runs, in order, each on what the one before
// returned; the first refusal ends it. New checks each Rule as it checks
// a deny rule (a tool that is not registered, an argument that is not the
// tool's, a malformed glob) and that Check is set.
func WithOutputGuards(guards ...OutputGuard) Option {
	return func(c *config) error {
		for i, g := range guards {
			if g.Check == nil {
				return fmt.Errorf("agent.WithOutputGuards: guard %d (%s): nil Check", i, g.Rule)
			}
		}
		c.guards = append(c.guards, guards...)
		return nil
	}
}

// checkGuards checks the guards' rules against the agent's tools.
func checkGuards(guards []OutputGuard, tools []toolgen.Tool) error {
	for i, g := range guards {
		if err := (permission.Permissions{Deny: []toolgen.Rule{g.Rule}}).Check(tools); err != nil {
			return fmt.Errorf("output guard %d, whose rule is checked as a deny rule's: %w", i, err)
		}
	}
	return nil
}

// guard runs the guards matching c on r.
func (a *Agent) guard(ctx context.Context, c ToolCall, r toolgen.Result) toolgen.Result {
	for _, g := range a.guards {
		if !permission.MatchRule(g.Rule, c.Name, c.Args) {
			continue
		}
		out, err := g.Check(ctx, c, r)
		if err != nil {
			return toolgen.ErrorResult(fmt.Sprintf("%s: %v: %v", c.Name, ErrOutputRefused, err))
		}
		r = out
	}
	return r
}
