package agent

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/permission"
)

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
	// ActionCompact: Action.Request, estimated at Action.Tokens, is over
	// the agent's compaction budget (WithCompaction): run Compact on them,
	// then ApplyCompaction with what it made, then call Next again (which
	// asks the model with the compacted transcript).
	ActionCompact
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
	case ActionCompact:
		return "compact"
	}
	return fmt.Sprintf("ActionKind(%d)", int(k))
}

// Action is the next step of a run, as Next decides it.
type Action struct {
	Kind ActionKind
	// Request is what to send the model (ActionAskModel), or to compact
	// first (ActionCompact).
	Request Request
	// Tokens is Request's estimated size, as the budget is checked
	// (ActionCompact).
	Tokens int
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
	// toolgen.Ctx.Turn.
	Turn int `json:"turn"`
	// IdempotencyKey is toolgen.Ctx.IdempotencyKey of the call: the same
	// each time the engine retries it.
	IdempotencyKey string `json:"idempotency_key"`
	// Program is, for a run_code call (WithCodeMode) whose program paused
	// before, what it did then (Decision.Program): CallTool gives the
	// calls recorded there their results again.
	Program *ProgramRun `json:"program,omitempty"`
}

// NewState is the state of a new run of prompt named runID (an engine's
// workflow id, say), for an engine to drive with Next. Run makes its own,
// with a random id, as NewState does when runID is empty: a run's id is
// what its approvals are bound to (WithStateKey), so no two runs share one.
// An engine that replays its code gives the id it recorded.
func NewState(runID, prompt string) *State {
	if runID == "" {
		runID = newRunID()
	}
	return &State{
		Version:  StateVersion,
		RunID:    runID,
		Messages: []Message{{Role: RoleUser, Text: prompt}},
	}
}

// Next decides the next step of s and records in s what the decision
// changes: a stop sets s.StopReason, a pause sets s.Paused and
// StopReason paused, calls about to run are recorded as s.Paused (their
// results go there as ApplyResults records them), and the decision's
// events are recorded for TakeEvents. Calling Next again before applying
// anything returns the same action (and records its events again: deliver
// one call's); after some of a turn's results were applied, the calls
// still without one (so an engine that lost track of calls in flight runs
// them again: see toolgen.Ctx.IdempotencyKey). A paused state whose calls
// were all approved or rejected goes on (its calls are decided again
// against a's tools and permissions, as Resume does); a tool that changed
// since the pause is an error.
func (a *Agent) Next(s *State) (Action, error) {
	switch {
	case s == nil:
		return Action{}, errors.New("agent: Next: no state")
	case !readable(s.Version):
		return Action{}, fmt.Errorf("agent: Next: the state is version %d; this runtime reads versions 1 to %d", s.Version, StateVersion)
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
	if s.Paused != nil { // paused, or a turn under way: what runs under an approval is checked each time
		if err := a.checkPausedTurn(s); err != nil {
			return Action{}, fmt.Errorf("agent: Next: %w", err)
		}
	}
	upgrade(s)
	grantResultBudget(s)
	s.StopReason = ""
	p := a.advance(s, sink{})
	switch p.kind {
	case planStop:
		return Action{Kind: ActionStop, Stop: p.stop}, nil
	case planPause:
		return Action{Kind: ActionAwaitApproval, Pending: s.Pending()}, nil
	case planCompact:
		return Action{Kind: ActionCompact, Request: a.request(s), Tokens: p.tokens}, nil
	case planModel:
		return Action{Kind: ActionAskModel, Request: a.request(s)}, nil
	}
	act := Action{Kind: ActionCallTools}
	for _, d := range s.Paused.Calls {
		if d.runs() {
			rc := toolgen.Ctx{RunID: s.RunID, CallID: d.Call.ID}
			act.Calls = append(act.Calls, Call{ToolCall: d.Call, Turn: s.Turns, IdempotencyKey: rc.IdempotencyKey(), Program: d.Program})
		}
	}
	return act, nil
}

// ApplyCompaction records in s what Compact made of the request of an
// ActionCompact: the compacted transcript replaces s.Messages, each
// compaction goes to s.Compactions (and is reported), what the policies
// spent to s.Usage; Next then asks the model, without compacting that
// request again. A result whose transcript does not end with s's last
// message is an error.
func (a *Agent) ApplyCompaction(s *State, res CompactionResult) error {
	if s.Paused != nil || s.StopReason != "" {
		return errors.New("agent: ApplyCompaction: the run is not waiting for the model")
	}
	if res.Messages != nil {
		if err := checkCompacted(s.Messages, res.Messages); err != nil {
			return fmt.Errorf("agent: ApplyCompaction: %w", err)
		}
	}
	a.applyCompaction(s, res, sink{})
	return nil
}

// ApplyResponse adds the model's answer to an ActionAskModel to s.
func (a *Agent) ApplyResponse(s *State, r Response) error {
	if s.Paused != nil || s.StopReason != "" {
		return errors.New("agent: ApplyResponse: the run is not waiting for the model")
	}
	a.applyResponse(s, r, 0, sink{})
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
		if r.Program.waiting() {
			s.Paused.Calls[i].Program = r.Program // its program waits for a person
			continue
		}
		res := r.Result
		s.Paused.Calls[i].Result = &res
	}
	if a.pauseForPrograms(s, sink{}) {
		return nil
	}
	for _, d := range s.Paused.Calls {
		if d.runs() {
			return nil // more to come
		}
	}
	a.finishTurn(s, sink{})
	return nil
}

// TakeEvents returns the events recorded in s by Next and the Apply
// functions since the last TakeEvents, in order, and forgets them. They
// are Run's events about the same decisions, with the run and the turn
// (Agent.Emit adds the agent's name and the parent run). They live in
// memory only (a state read back from JSON has none), and pile up until
// taken: an engine that does not deliver them should still take them.
func (s *State) TakeEvents() []Event {
	events := s.events
	s.events = nil
	return events
}

// Emit delivers events (State.TakeEvents) to the agent's observer and
// logger (WithObserver, WithLogger), one at a time, labelled as Run labels
// its own: with the agent's name, and with the parent run when ctx is a
// tool call's (see Event.ParentRunID).
func (a *Agent) Emit(ctx context.Context, events ...Event) {
	for _, e := range events {
		a.events.emit(ctx, e)
	}
}

// Model is the agent's model, for an engine to call with an
// ActionAskModel's request.
func (a *Agent) Model() Model { return a.model }

// Tool is the agent's tool of that name, for an engine to read its
// annotations (to choose a retry policy, say).
func (a *Agent) Tool(name toolgen.ToolName) (toolgen.Tool, bool) { return a.tools.Lookup(name) }

// ToolTimeout is how long the agent waits for a call of the tool (see
// WithToolTimeout); 0 means no bound.
func (a *Agent) ToolTimeout(name toolgen.ToolName) time.Duration { return a.limitOf(name).d }

// CallTool runs one call of an ActionCallTools as Run does: with deps and
// the run's toolgen.Ctx (its sandbox, the tool's timeout, a recovered
// panic as an error result), emitting tool_started and tool_finished. The
// tool sees no transcript (TranscriptFrom is nil): an engine does not
// carry it to where effects run. The error is the tool's Go error (not an
// error result, which is a result); the caller decides whether to retry.
func (a *Agent) CallTool(ctx context.Context, runID string, c Call, deps any) (ToolResult, error) {
	if _, ok := a.tools.Lookup(c.Name); !ok {
		return ToolResult{}, fmt.Errorf("agent: CallTool: no tool %s", c.Name)
	}
	s := &State{RunID: runID, Turns: c.Turn}
	if a.isProgram(c.ToolCall) {
		d := Decision{Call: c.ToolCall, Outcome: permission.OutcomeAllow, Program: c.Program}
		res, err := a.runProgram(ctx, s, &d, deps)
		if errors.Is(err, errProgramPaused) {
			return ToolResult{CallID: c.ID, Name: c.Name, Program: d.Program}, nil
		}
		return res, err
	}
	return a.call(ctx, s, c.ToolCall, deps, "")
}
