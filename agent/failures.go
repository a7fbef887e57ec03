package agent

import (
	"fmt"
	"slices"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/permission"
)

// WithMaxFailures bounds the failed calls of a tool in a row that a run
// allows: n for the named tools, or for every other tool when no name is
// given (n at least 1). A call fails when its result is an error: bad
// arguments, the tool's error, a refusal. Once a tool has failed n times
// in a row, the run refuses its calls (an EventCallDenied, "failure
// limit") and tells the model to stop calling it and to go on without it
// or ask the user; a call that succeeds starts the count again. The count
// is read from the transcript, so a resumed run keeps it. Without this
// option a tool's own limit applies (the directive's maxfailures=N,
// toolgen.Tool.MaxFailures), else none: MaxTurns still bounds a run.
// A running tool sees its count in toolgen.Ctx (Attempt, MaxFailures).
func WithMaxFailures(n int, tools ...toolgen.ToolName) Option {
	return func(c *config) error {
		if n < 1 {
			return fmt.Errorf("agent.WithMaxFailures(%d): must be at least 1", n)
		}
		return perTool("agent.WithMaxFailures", n, tools, &c.maxFailures, &c.toolFailures)
	}
}

// failureLimits is every tool's limit of failed calls in a row (see
// toolLimits).
func (c *config) failureLimits(box *toolgen.Toolbox) (map[toolgen.ToolName]int, error) {
	return toolLimits(box, "failure limits", c.maxFailures, c.toolFailures, func(t toolgen.Tool) int { return t.MaxFailures })
}

// toolLimits is every tool's limit of one kind: the option's for the tool
// (each), else the option's for all tools (all, when above 0), else the
// tool's own (own); only limits above 0 are kept. A name in each that is
// not a tool's is an error, which what names ("failure limits").
func toolLimits(box *toolgen.Toolbox, what string, all int, each map[toolgen.ToolName]int, own func(toolgen.Tool) int) (map[toolgen.ToolName]int, error) {
	var unknown []toolgen.ToolName
	for name := range each {
		if _, ok := box.Lookup(name); !ok {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return nil, fmt.Errorf("%s name tools that are not registered: %s (registered tools: %s)", what, joinNames(unknown), joinNames(box.Names()))
	}
	limits := map[toolgen.ToolName]int{}
	for _, t := range box.Tools() {
		n, ok := each[t.Name]
		switch {
		case ok:
		case all > 0:
			n = all
		default:
			n = own(t)
		}
		if n > 0 {
			limits[t.Name] = n
		}
	}
	return limits, nil
}

// failuresInARow counts the failed calls of tool name at the end of s's
// transcript: its results from the last one back, up to one that did not
// fail.
func failuresInARow(s *State, name toolgen.ToolName) int {
	n := 0
	for i := len(s.Messages) - 1; i >= 0; i-- {
		results := s.Messages[i].Results
		for j := len(results) - 1; j >= 0; j-- {
			if results[j].Name != name {
				continue
			}
			if !results[j].Result.IsError {
				return n
			}
			n++
		}
	}
	return n
}

// overLimit refuses d's call when its tool failed as many times in a row
// as it may: the model is told to stop calling it.
func (a *Agent) overLimit(s *State, d *Decision) {
	limit := a.failureLimit[d.Call.Name]
	if limit == 0 || d.Outcome == permission.OutcomeDeny {
		return
	}
	if n := failuresInARow(s, d.Call.Name); n >= limit {
		d.Outcome = permission.OutcomeDeny
		d.Reason = fmt.Sprintf("failure limit: %d failed calls in a row (limit %d)", n, limit)
		d.Refusal = fmt.Sprintf("Not run: %s failed %s in a row, its limit in this run, so its calls are refused from now on. Do not call %s again in this run; go on without it, or tell the user what went wrong.", d.Call.Name, times(n), d.Call.Name)
	}
}

func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}
