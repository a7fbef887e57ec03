package agent

import (
	"context"
	"errors"
	"sync"

	"github.com/toolgen-dev/toolgen"
)

// label names the agent and the run's parent on an event. A run started
// with a tool call's context (a sub-agent's, see AsTool) has that call's
// toolgen.Ctx in its own context, whose RunID is the parent run: the
// loop's own events are emitted with the run's context, never a call's.
func (s *eventSink) label(ctx context.Context, e *Event) {
	e.Agent = s.agent
	c := toolgen.CtxFrom(ctx)
	e.ParentRunID, e.ParentCallID = c.RunID, c.CallID
}

// fail reports a run's failure and returns its error.
func (a *Agent) fail(ctx context.Context, s *State, err error) error {
	a.events.emit(ctx, Event{Kind: EventRunFailed, RunID: s.RunID, Turn: s.Turns, Err: err})
	return err
}

// toolErr is the Err of a call's tool_finished event.
func toolErr(out outcome) error {
	switch {
	case out.err != nil:
		return out.err
	case out.res.IsError:
		return errors.New(out.res.Text())
	}
	return nil
}

// subUsage adds up what the sub-agents (AsTool) called by a run's tool
// calls used, and what their tools cost, from the calls' goroutines,
// until the run takes it.
type subUsage struct {
	mu    sync.Mutex
	u     Usage
	costs State // only its ToolTokens
}

type subUsageKey struct{}

// withSubUsage gives a run's context a sum of its sub-agents' usage,
// which the sub-agents its calls run find with addSubUsage.
func withSubUsage(ctx context.Context) (context.Context, *subUsage) {
	u := &subUsage{}
	return context.WithValue(ctx, subUsageKey{}, u), u
}

// addSubUsage adds what the run st of the sub-agent tool named tool used
// and its tools cost to the run whose tool call ctx belongs to, if any.
func addSubUsage(ctx context.Context, tool toolgen.ToolName, st *State) {
	if su, ok := ctx.Value(subUsageKey{}).(*subUsage); ok {
		su.mu.Lock()
		su.u = su.u.Add(st.Usage)
		su.costs.AddSubAgentTokens(tool, st)
		su.mu.Unlock()
	}
}

// takeInto adds to s what was added since the last take.
func (su *subUsage) takeInto(s *State) {
	su.mu.Lock()
	defer su.mu.Unlock()
	s.Usage = s.Usage.Add(su.u)
	for _, t := range su.costs.ToolTokens {
		s.addToolTokens(t)
	}
	su.u, su.costs.ToolTokens = Usage{}, nil
}
