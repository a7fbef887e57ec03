package agent

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"time"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/wire"
	"github.com/toolgen-dev/toolgen/permission"
)

// The loop's decisions are pure functions of the state and the agent's
// configuration: no I/O, clock, randomness or map order. Run and Resume
// only add the side effects (compacting, calling the model, running tools),
// so a durable-execution engine can replay the decisions and record the
// effects (engine.go).

// planKind is what the loop does next.
type planKind int

const (
	planModel   planKind = iota // ask the model
	planTools                   // settle the calls of the last assistant message
	planPause                   // stop for approval
	planStop                    // stop for good
	planCompact                 // compact the transcript before asking the model
)

// plan is the next step of a run.
type plan struct {
	kind      planKind
	stop      StopReason
	decisions []Decision // planTools and planPause: every call of the turn
	tokens    int        // planCompact: the request's estimated size
}

// next decides the next step of s.
func (a *Agent) next(s *State) plan {
	if s.Paused != nil {
		return a.redecideTurn(s.Paused.Calls)
	}
	last := s.Messages[len(s.Messages)-1]
	switch {
	case last.Role == RoleAssistant && len(last.Calls) > 0:
		return a.decideTurn(s, last.Calls)
	case last.Role == RoleAssistant:
		return plan{kind: planStop, stop: StopDone}
	case s.Turns >= a.maxTurns:
		return plan{kind: planStop, stop: StopMaxTurns}
	case a.overResultBudget(s):
		return plan{kind: planStop, stop: StopResultBudget}
	}
	return plan{kind: planModel}
}

// advance decides the next step of s and carries out what is pure in it:
// it records in s what the decision changes (a stop, a pause, a turn whose
// calls are about to run; a turn whose calls are all refused ends at once)
// and hands out the events Run emits about it, in Run's order. It is the
// loop's one decision step: Run and Resume deliver the events as they come,
// Next records them in s for the engine to take (State.TakeEvents).
func (a *Agent) advance(s *State, out sink) plan {
	for {
		p := a.next(s)
		switch p.kind {
		case planStop:
			if p.stop == StopResultBudget {
				a.reportResultBudget(s, out)
			}
			s.StopReason = p.stop
			out.emit(s, Event{Kind: EventRunStopped, RunID: s.RunID, Turn: s.Turns, Stop: p.stop})
			return p
		case planPause:
			a.reportDecisions(s, p.decisions, out)
			a.applyPause(s, p.decisions)
			out.emit(s, Event{Kind: EventRunStopped, RunID: s.RunID, Turn: s.Turns, Stop: StopPaused})
			return p
		case planModel:
			if tokens, over := a.overBudget(s); over {
				return plan{kind: planCompact, tokens: tokens}
			}
			out.emit(s, Event{Kind: EventTurnStarted, RunID: s.RunID, Turn: s.Turns + 1})
			return p
		}
		if s.Paused == nil {
			a.reportDecisions(s, p.decisions, out)
		} else {
			a.reportRedecisions(s, s.Paused.Calls, p.decisions, out)
		}
		a.startTurn(s, p.decisions)
		if slices.ContainsFunc(p.decisions, Decision.runs) {
			return p
		}
		a.finishTurn(s, out) // every call refused or done: the turn ends now
	}
}

// reportDecisions hands out what was decided about each call of a turn.
func (a *Agent) reportDecisions(s *State, decisions []Decision, out sink) {
	for _, d := range decisions {
		out.emit(s, Event{Kind: EventCallRequested, RunID: s.RunID, Turn: s.Turns, Call: d.Call})
		e := Event{Kind: EventCallAllowed, RunID: s.RunID, Turn: s.Turns, Call: d.Call, Reason: d.Reason}
		switch d.Outcome {
		case permission.OutcomeDeny:
			e.Kind, e.Result = EventCallDenied, toolgen.ErrorResult(d.Refusal)
		case permission.OutcomeAsk:
			e.Kind = EventCallPaused
		}
		out.emit(s, e)
		reportAnswered(s, d, out)
	}
}

// reportRedecisions hands out what became of the calls of a paused turn
// taken up again (stored, as saved; decisions, as decided again): a call
// denied now that was not denied before (a deny rule added since the
// pause, a tool made inactive or gone) is reported denied, as a denial in
// a turn of Run is, and a person's answers to the others are reported.
// The rest was reported when the turn was first decided.
func (a *Agent) reportRedecisions(s *State, stored, decisions []Decision, out sink) {
	for i, d := range decisions {
		switch {
		case d.Outcome == permission.OutcomeDeny && stored[i].Outcome != permission.OutcomeDeny:
			out.emit(s, Event{Kind: EventCallDenied, RunID: s.RunID, Turn: s.Turns, Call: d.Call, Reason: d.Reason})
		case d.Outcome != permission.OutcomeAsk:
		case d.Approval == Approved && d.ModelCall != nil:
			out.emit(s, Event{Kind: EventCallApproved, RunID: s.RunID, Turn: s.Turns, Call: d.Call, Reason: "approved by the user with edited arguments"})
		case d.Approval == Approved:
			out.emit(s, Event{Kind: EventCallApproved, RunID: s.RunID, Turn: s.Turns, Call: d.Call, Reason: "approved by the user"})
		case d.Approval == Rejected:
			out.emit(s, Event{Kind: EventCallRejected, RunID: s.RunID, Turn: s.Turns, Call: d.Call, Reason: d.Refusal})
		}
	}
}

// sink is where the loop's decisions put their events: delivered at once
// to the agent's observer, logger and the run's stream, with the run's
// context (Run), or, without one, recorded in the state (Next).
type sink struct {
	ctx     context.Context
	events  *eventSink
	program string // the run_code call whose program's calls these are, or ""
}

func (o sink) emit(s *State, e Event) {
	e.ProgramCallID = o.program
	if o.ctx == nil {
		s.events = append(s.events, e)
		return
	}
	o.events.emit(o.ctx, e)
}

// decideTurn decides every call of a turn of s, refusing those of a tool
// past its failure limit. If any asks, nothing in the turn runs yet: the
// run pauses.
func (a *Agent) decideTurn(s *State, calls []ToolCall) plan {
	p := plan{kind: planTools, decisions: make([]Decision, len(calls))}
	for i, c := range calls {
		p.decisions[i] = a.decide(c)
		a.overLimit(s, &p.decisions[i])
		a.answerReadResult(s, &p.decisions[i])
		if p.decisions[i].Outcome == permission.OutcomeAsk {
			p.kind = planPause
		}
	}
	return p
}

// decide is the decision on one call: refused if the tool is unknown or
// inactive (filtered out), or if its arguments repeat a member name (see
// wire.CheckNames); else deny, allow, ask rules in that order; else the
// preset or the tool's own RequiresApproval.
//
// A host tool that requires approval (toolgen.Tool.RequiresApproval, and
// not Builtin) asks under every preset, and an allow rule lifts that only
// if it names the tool: its Tool is the tool's name, not a pattern that
// happens to match it ("*", "send_*", "send\_email"). A pattern is a
// policy for many tools, as a preset is, and the tool's author asked for a
// person's approval of this one: the program that waives it says so for
// this tool, in a rule a reader finds by the tool's name.
func (a *Agent) decide(c ToolCall) Decision {
	d := Decision{Call: c}
	t, ok := a.tools.Lookup(c.Name)
	switch {
	case !ok:
		d.Outcome, d.Reason, d.Refusal = permission.OutcomeDeny, "unknown tool", a.unknown(c.Name)
		return d
	case !a.offered[c.Name]:
		d.Outcome, d.Reason, d.Refusal = permission.OutcomeDeny, "inactive tool: not available in this run", a.inactive(c.Name)
		return d
	}
	if err := wire.CheckNames(c.Args); err != nil {
		// Arguments that repeat a member name read one way to one reader
		// and another way to the next (the tool's decoder refuses them):
		// refused before any rule, so that no reading slips past a deny
		// or ask rule and no person is asked about them.
		d.Outcome, d.Reason, d.Refusal = permission.OutcomeDeny, "invalid arguments: a member name is repeated", err.Error()
		return d
	}
	gated := t.RequiresApproval && !t.Builtin
	outcome, rule := a.perms.DecideTool(&t, c.Args)
	switch {
	case outcome != permission.OutcomeNone:
		d.Outcome, d.Reason = outcome, fmt.Sprintf("%s rule %s", outcome, rule)
	case gated:
		d.Outcome, d.Reason = permission.OutcomeAsk, "the tool requires approval"
		if o, r := a.perms.Decide(c.Name, c.Args); o == permission.OutcomeAllow {
			d.Reason += fmt.Sprintf(" (allow rule %s matches it but does not name it, and only a rule naming the tool lifts its approval)", r)
		}
	default:
		d.Outcome, d.Reason = a.preset.decide(t)
	}
	if d.Outcome == permission.OutcomeDeny {
		d.Refusal = "Denied by policy: this call is not permitted."
	}
	if d.Outcome == permission.OutcomeAsk {
		// A person is never asked about a call the tool would refuse.
		if err := t.Check(c.Args, a.repairs(c.Name)); err != nil {
			d.Outcome, d.Reason, d.Refusal = permission.OutcomeDeny, "invalid arguments: not put to a person", err.Error()
		}
	}
	return d
}

// unknown is what the model is told of a call to a tool the agent does
// not have.
func (a *Agent) unknown(name toolgen.ToolName) string {
	if a.search != nil {
		return fmt.Sprintf("unknown tool %q; find tools with %s", name, ToolSearchTools)
	}
	return fmt.Sprintf("unknown tool %q; the tools are: %s", name, a.offeredNames())
}

// inactive is what the model is told of a call to a tool the agent has
// but the program made inactive (WithActiveTools, WithInactiveTools): a
// denial, as the AI SDK's harness returns an execution-denied result.
func (a *Agent) inactive(name toolgen.ToolName) string {
	return fmt.Sprintf("Denied: tool %q is not available in this run (the program made it inactive), so this call was not run; the tools are: %s", name, a.offeredNames())
}

func (a *Agent) offeredNames() string {
	var names []toolgen.ToolName
	for _, s := range a.specs {
		names = append(names, s.Name)
	}
	return joinNames(names)
}

// runs reports whether a decided call is to run: allowed or approved, and
// not run already.
func (d Decision) runs() bool {
	return d.Result == nil && (d.Outcome == permission.OutcomeAllow || (d.Outcome == permission.OutcomeAsk && d.Approval == Approved))
}

// refusal is the result of a call that does not run: what it returned if
// it ran already, else why not.
func (d Decision) refusal() ToolResult {
	if d.Result != nil {
		return ToolResult{CallID: d.Call.ID, Name: d.Call.Name, Result: *d.Result}
	}
	return ToolResult{CallID: d.Call.ID, Name: d.Call.Name, Result: toolgen.ErrorResult(d.Refusal)}
}

// applyResponse adds the model's answer to the request of s's transcript,
// which took d, to s.
func (a *Agent) applyResponse(s *State, r Response, d time.Duration, out sink) {
	a.countDefinitions(s) // what the request sent, before the response loads tools
	s.measured = measured{messages: len(s.Messages), tokens: r.Usage.InputTokens}
	r.Message.Role = RoleAssistant
	s.Messages = append(s.Messages, r.Message)
	s.Turns++
	s.Usage = s.Usage.Add(r.Usage)
	out.emit(s, Event{Kind: EventModelResponded, RunID: s.RunID, Turn: s.Turns, Usage: r.Usage, Duration: d})
	for i := range r.Message.ProviderCalls {
		out.emit(s, Event{Kind: EventProviderCall, RunID: s.RunID, Turn: s.Turns, ProviderCall: &r.Message.ProviderCalls[i]})
	}
	for i := range r.Message.Sources {
		out.emit(s, Event{Kind: EventSource, RunID: s.RunID, Turn: s.Turns, Source: &r.Message.Sources[i]})
	}
	a.loadProviderFound(s, r.Message.ProviderCalls, out)
	if len(r.Message.Calls) == 0 {
		out.emit(s, Event{Kind: EventTurnFinished, RunID: s.RunID, Turn: s.Turns})
	}
}

// finishTurn ends s's running turn, every call of which has run or was
// refused: its results go to the transcript in call order.
func (a *Agent) finishTurn(s *State, out sink) {
	results := make([]ToolResult, len(s.Paused.Calls))
	for i, d := range s.Paused.Calls {
		results[i] = d.refusal()
		if d.ModelCall != nil && d.Result != nil {
			results[i].Result = editNote(results[i].Result, d.Call.Args)
		}
	}
	a.boundResults(s, results)
	s.Messages = append(s.Messages, Message{Role: RoleTool, Results: results})
	s.Paused = nil
	s.StopReason = ""
	a.loadFound(s, results, out)
	out.emit(s, Event{Kind: EventTurnFinished, RunID: s.RunID, Turn: s.Turns})
}

// applyPause stops s for approval of a turn's calls.
func (a *Agent) applyPause(s *State, decisions []Decision) {
	s.Paused = &PausedTurn{Calls: decisions, Tools: a.fingerprints(decisions)}
	s.StopReason = StopPaused
	a.sealAsks(s)
}

// fingerprints identifies the tools a turn's calls were decided against,
// in call order, once each.
func (a *Agent) fingerprints(decisions []Decision) []ToolFingerprint {
	var out []ToolFingerprint
	for _, d := range decisions {
		fp, ok := a.prints[d.Call.Name]
		if !ok || slices.ContainsFunc(out, func(o ToolFingerprint) bool { return o.Name == fp.Name }) {
			continue
		}
		out = append(out, fp)
	}
	return out
}

func schemaHash(schema []byte) string {
	sum := sha256.Sum256(schema)
	return hex.EncodeToString(sum[:])
}

// checkResumable says why s cannot be resumed by a, or nil.
func (a *Agent) checkResumable(s *State) error {
	switch {
	case s == nil:
		return fmt.Errorf("resume: no state")
	case !readable(s.Version):
		return fmt.Errorf("resume: the state is version %d; this runtime reads versions 1 to %d", s.Version, StateVersion)
	case len(s.Messages) == 0:
		return fmt.Errorf("resume: the state has no messages")
	case s.StopReason == StopPaused && s.Paused == nil:
		return fmt.Errorf("resume: the state says paused but holds no paused turn")
	case s.Paused == nil:
		return nil
	}
	if p := s.Pending(); len(p) > 0 {
		return fmt.Errorf("resume: the run is paused on %s (call %s); call state.Approve or state.Reject first", p[0].Name, p[0].ID)
	}
	if err := a.checkFingerprints(s.Paused.Tools); err != nil {
		return err
	}
	if err := a.checkPausedTurn(s); err != nil {
		return fmt.Errorf("resume: %w", err)
	}
	return nil
}

func (a *Agent) checkFingerprints(fps []ToolFingerprint) error {
	for _, fp := range fps {
		switch what := a.contractChange(fp); {
		case what == "":
		case !a.hasTool(fp.Name):
			return fmt.Errorf("resume: the run paused on tool %s, which this agent does not have", fp.Name)
		default:
			return fmt.Errorf("resume: tool %s changed since the run paused (%s), so the paused calls were decided under another contract; start a new run", fp.Name, what)
		}
	}
	return nil
}

// hasTool reports whether the agent has a tool of that name.
func (a *Agent) hasTool(name toolgen.ToolName) bool {
	_, ok := a.tools.Lookup(name)
	return ok
}
