package agent

import (
	"github.com/toolgen-dev/toolgen/runtime"

	"context"
	"errors"
	"fmt"
	"time"
)

// The engine seam: what a durable-execution engine (Temporal, DBOS,
// Restate...) needs to drive a run itself, recording each side effect.
//
// The engine keeps the State (its own history is where it lives) and loops:
//
//	s := agent.NewState(workflowID, prompt)
//	for {
//		act, err := a.Next(s)
//		switch act.Kind {
//		case agent.ActionAskModel:    // record a.Model().Generate(ctx, act.Request); a.ApplyResponse(s, resp)
//		case agent.ActionCallTools:   // record a.CallTool(ctx, ...) per call; a.ApplyResults(s, results)
//		case agent.ActionAwaitApproval: // wait for s.Approve / s.Reject, then loop
//		case agent.ActionStop:        // done: act.Stop says why
//		}
//	}
//
// Next, ApplyResponse, ApplyResults, Approve and Reject are pure: no I/O,
// clock, randomness or map iteration, so an engine that replays its history
// through them gets the same State and the same actions. Model and CallTool
// are the side effects, to run where the engine runs effects (activities,
// steps). Run and Resume make the same decisions with the same functions
// (step.go, resume.go), in process.
//
// Not covered by the seam yet: compaction (Next refuses an agent built
// WithCompaction, whose policies may call the model), streaming parts, and
// the events Run emits about decisions (an engine records the same facts in
// its history; CallTool emits the tool_started and tool_finished events).

// ActionKind is what an engine is to do next.
type ActionKind int

// The actions.
const (
	// ActionAskModel: send Action.Request to the model, then ApplyResponse.
	ActionAskModel ActionKind = iota + 1
	// ActionCallTools: run Action.Calls (concurrently if the engine likes),
	// then ApplyResults with what they returned.
	ActionCallTools
	// ActionAwaitApproval: the run is paused on Action.Pending; approve or
	// reject them (State.Approve, State.Reject), then call Next again.
	ActionAwaitApproval
	// ActionStop: the run stopped for good, for Action.Stop.
	ActionStop
)

func (k ActionKind) String() string {
	switch k {
	case ActionAskModel:
		return "ask_model"
	case ActionCallTools:
		return "call_tools"
	case ActionAwaitApproval:
		return "await_approval"
	case ActionStop:
		return "stop"
	}
	return fmt.Sprintf("ActionKind(%d)", int(k))
}

// Action is the next step of a run, as Next decides it.
type Action struct {
	Kind ActionKind
	// Request is what to send the model (ActionAskModel).
	Request Request
	// Calls are the calls to run (ActionCallTools): allowed or approved,
	// and without a result yet, in call order.
	Calls []Call
	// Pending are the calls waiting for approval (ActionAwaitApproval).
	Pending []PendingCall
	// Stop is why the run stopped (ActionStop).
	Stop StopReason
}

// Call is a tool call to run, as an engine runs it.
type Call struct {
	ToolCall
	// Turn is the run's turn (its model responses so far), as
	// runtime.Ctx.Turn.
	Turn int `json:"turn"`
	// IdempotencyKey is runtime.Ctx.IdempotencyKey of the call: the same
	// each time the engine retries it.
	IdempotencyKey string `json:"idempotency_key"`
}

// NewState is the state of a new run of prompt named runID (an engine's
// workflow id, say), for an engine to drive with Next. Run makes its own,
// with a random id.
func NewState(runID, prompt string) *State {
	return &State{
		Version:  StateVersion,
		RunID:    runID,
		Messages: []Message{{Role: RoleUser, Text: prompt}},
	}
}

// errNoCompaction is Next's error for an agent with compaction.
var errNoCompaction = errors.New("agent: Next does not compact transcripts yet: an agent built WithCompaction runs with Run or Resume only")

// Next decides the next step of s and records in s what the decision
// changes: a stop sets s.StopReason, a pause sets s.Paused and
// StopReason paused, calls about to run are recorded as s.Paused (their
// results go there as ApplyResults records them). Calling Next again
// before applying anything returns the same action; after some of a turn's
// results were applied, the calls still without one (so an engine that
// lost track of calls in flight runs them again: see
// runtime.Ctx.IdempotencyKey). A paused state whose
// calls were all approved or rejected goes on (its calls are decided again
// against a's tools and permissions, as Resume does); a tool that changed
// since the pause is an error.
func (a *Agent) Next(s *State) (Action, error) {
	switch {
	case a.compaction != nil:
		return Action{}, errNoCompaction
	case s == nil:
		return Action{}, errors.New("agent: Next: no state")
	case s.Version != StateVersion:
		return Action{}, fmt.Errorf("agent: Next: the state is version %d; this runtime reads version %d", s.Version, StateVersion)
	case len(s.Messages) == 0:
		return Action{}, errors.New("agent: Next: the state has no messages")
	}
	if s.StopReason == StopPaused {
		if s.Paused == nil {
			return Action{}, errors.New("agent: Next: the state says paused but holds no paused turn")
		}
		if p := s.Pending(); len(p) > 0 {
			return Action{Kind: ActionAwaitApproval, Pending: p}, nil
		}
		if err := a.checkFingerprints(s.Paused.Tools); err != nil {
			return Action{}, err
		}
	}
	s.StopReason = ""
	p := a.next(s)
	switch p.kind {
	case planStop:
		s.StopReason = p.stop
		return Action{Kind: ActionStop, Stop: p.stop}, nil
	case planPause:
		a.applyPause(s, p.decisions)
		return Action{Kind: ActionAwaitApproval, Pending: s.Pending()}, nil
	case planModel:
		return Action{Kind: ActionAskModel, Request: Request{System: a.system, Messages: s.Messages, Tools: a.specs}}, nil
	}
	a.startTurn(s, p.decisions)
	act := Action{Kind: ActionCallTools}
	for _, d := range p.decisions {
		if d.runs() {
			rc := runtime.Ctx{RunID: s.RunID, CallID: d.Call.ID}
			act.Calls = append(act.Calls, Call{ToolCall: d.Call, Turn: s.Turns, IdempotencyKey: rc.IdempotencyKey()})
		}
	}
	if len(act.Calls) == 0 { // every call refused or done: the turn ends now
		a.finishTurn(s)
		return a.Next(s)
	}
	return act, nil
}

// ApplyResponse adds the model's answer to an ActionAskModel to s.
func (a *Agent) ApplyResponse(s *State, r Response) error {
	if s.Paused != nil || s.StopReason != "" {
		return errors.New("agent: ApplyResponse: the run is not waiting for the model")
	}
	applyResponse(s, r)
	return nil
}

// ApplyResults records the results of calls of an ActionCallTools in s,
// some or all of them, in any order. Once every call that runs has its
// result, the turn ends: its results, with those of the calls that did not
// run, go to the transcript in call order. A result for a call that was
// not to run, or that has one already, is an error.
func (a *Agent) ApplyResults(s *State, results []ToolResult) error {
	if s.Paused == nil || s.StopReason != "" {
		return errors.New("agent: ApplyResults: no turn's calls are running")
	}
	for _, r := range results {
		i := -1
		for j, d := range s.Paused.Calls {
			if d.Call.ID == r.CallID {
				i = j
				break
			}
		}
		if i < 0 || !s.Paused.Calls[i].runs() {
			return fmt.Errorf("agent: ApplyResults: call %q is not one waiting for its result", r.CallID)
		}
		res := r.Result
		s.Paused.Calls[i].Result = &res
	}
	for _, d := range s.Paused.Calls {
		if d.runs() {
			return nil // more to come
		}
	}
	a.finishTurn(s)
	return nil
}

// finishTurn ends s's running turn, every call of which has run or was
// refused.
func (a *Agent) finishTurn(s *State) {
	results := make([]ToolResult, len(s.Paused.Calls))
	for i, d := range s.Paused.Calls {
		results[i] = d.refusal()
	}
	applyResults(s, results)
}

// Model is the agent's model, for an engine to call with an
// ActionAskModel's request.
func (a *Agent) Model() Model { return a.model }

// Tool is the agent's tool of that name, for an engine to read its
// annotations (to choose a retry policy, say).
func (a *Agent) Tool(name runtime.ToolName) (runtime.Tool, bool) { return a.tools.Lookup(name) }

// ToolTimeout is how long the agent waits for a call of the tool (see
// WithToolTimeout); 0 means no bound.
func (a *Agent) ToolTimeout(name runtime.ToolName) time.Duration { return a.limitOf(name).d }

// CallTool runs one call of an ActionCallTools as Run does: with deps and
// the run's runtime.Ctx (its sandbox, the tool's timeout, a recovered
// panic as an error result), emitting tool_started and tool_finished. The
// tool sees no transcript (TranscriptFrom is nil): an engine does not
// carry it to where effects run. The error is the tool's Go error (not an
// error result, which is a result); the caller decides whether to retry.
func (a *Agent) CallTool(ctx context.Context, runID string, c Call, deps any) (ToolResult, error) {
	if _, ok := a.tools.Lookup(c.Name); !ok {
		return ToolResult{}, fmt.Errorf("agent: CallTool: no tool %s", c.Name)
	}
	return a.call(ctx, &State{RunID: runID, Turns: c.Turn}, c.ToolCall, deps)
}
