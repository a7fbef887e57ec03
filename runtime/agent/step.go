package agent

import (
	"slices"

	"github.com/toolgen-dev/toolgen/runtime"

	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// The loop's decisions are pure functions of the state and the agent's
// configuration: no I/O, clock, randomness or map order. Run and Resume
// only add the side effects (calling the model, running tools), so a
// durable-execution engine can replay the decisions and record the effects.

// planKind is what the loop does next.
type planKind int

const (
	planModel planKind = iota // ask the model
	planTools                 // settle the calls of the last assistant message
	planPause                 // stop for approval
	planStop                  // stop for good
)

// plan is the next step of a run.
type plan struct {
	kind      planKind
	stop      StopReason
	decisions []Decision // planTools and planPause: every call of the turn
}

// next decides the next step of s.
func (a *Agent) next(s *State) plan {
	if s.Paused != nil {
		return a.redecideTurn(s.Paused.Calls)
	}
	last := s.Messages[len(s.Messages)-1]
	switch {
	case last.Role == RoleAssistant && len(last.Calls) > 0:
		return a.decideTurn(last.Calls)
	case last.Role == RoleAssistant:
		return plan{kind: planStop, stop: StopDone}
	case s.Turns >= a.maxTurns:
		return plan{kind: planStop, stop: StopMaxTurns}
	}
	return plan{kind: planModel}
}

// decideTurn decides every call of a turn. If any asks, nothing in the turn
// runs yet: the run pauses.
func (a *Agent) decideTurn(calls []ToolCall) plan {
	p := plan{kind: planTools, decisions: make([]Decision, len(calls))}
	for i, c := range calls {
		p.decisions[i] = a.decide(c)
		if p.decisions[i].Outcome == OutcomeAsk {
			p.kind = planPause
		}
	}
	return p
}

// decide is the decision on one call: refused if the tool is unknown or
// filtered out; else deny, allow, ask rules in that order; else the preset
// or the tool's own RequiresApproval.
func (a *Agent) decide(c ToolCall) Decision {
	d := Decision{Call: c}
	t, ok := a.tools.Lookup(c.Name)
	if !ok || !a.offered[c.Name] {
		d.Outcome, d.Reason, d.Refusal = OutcomeDeny, "not available", a.unavailable(c.Name)
		return d
	}
	outcome, rule := a.perms.Decide(c.Name, c.Args)
	switch outcome {
	case OutcomeNone:
		d.Outcome, d.Reason = a.preset.decide(t)
	default:
		d.Outcome, d.Reason = outcome, fmt.Sprintf("%s rule %s", outcome, rule)
	}
	if d.Outcome == OutcomeDeny {
		d.Refusal = "Denied by policy: this call is not permitted."
	}
	return d
}

func (a *Agent) unavailable(name runtime.ToolName) string {
	var names []runtime.ToolName
	for _, s := range a.specs {
		names = append(names, s.Name)
	}
	return fmt.Sprintf("unknown tool %q; the tools are: %s", name, joinNames(names))
}

// runs reports whether a decided call is to run: allowed or approved, and
// not run already.
func (d Decision) runs() bool {
	return d.Result == nil && (d.Outcome == OutcomeAllow || (d.Outcome == OutcomeAsk && d.Approval == Approved))
}

// refusal is the result of a call that does not run: what it returned if
// it ran already, else why not.
func (d Decision) refusal() ToolResult {
	if d.Result != nil {
		return ToolResult{CallID: d.Call.ID, Name: d.Call.Name, Result: *d.Result}
	}
	return ToolResult{CallID: d.Call.ID, Name: d.Call.Name, Result: runtime.ErrorResult(d.Refusal)}
}

// applyResponse adds the model's message to s.
func applyResponse(s *State, r Response) {
	r.Message.Role = RoleAssistant
	s.Messages = append(s.Messages, r.Message)
	s.Turns++
	s.Usage = s.Usage.Add(r.Usage)
}

// applyResults adds a turn's results to s, ending a pause.
func applyResults(s *State, results []ToolResult) {
	s.Messages = append(s.Messages, Message{Role: RoleTool, Results: results})
	s.Paused = nil
	s.StopReason = ""
}

// applyPause stops s for approval of a turn's calls.
func (a *Agent) applyPause(s *State, decisions []Decision) {
	s.Paused = &PausedTurn{Calls: decisions, Tools: a.fingerprints(decisions)}
	s.StopReason = StopPaused
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
	case s.Version != StateVersion:
		return fmt.Errorf("resume: the state is version %d; this runtime reads version %d", s.Version, StateVersion)
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
	return a.checkFingerprints(s.Paused.Tools)
}

func (a *Agent) checkFingerprints(fps []ToolFingerprint) error {
	for _, fp := range fps {
		t, ok := a.tools.Lookup(fp.Name)
		if !ok {
			return fmt.Errorf("resume: the run paused on tool %s, which this agent does not have", fp.Name)
		}
		if schemaHash(t.InputSchema) != fp.SchemaHash {
			return fmt.Errorf("resume: tool %s changed since the run paused (its input schema differs), so the paused calls were checked against another contract; start a new run", fp.Name)
		}
		if fp.ContractHash != "" && contractHash(t) != fp.ContractHash {
			return fmt.Errorf("resume: tool %s changed since the run paused (its RequiresApproval or annotations differ), so the paused calls were approved under another contract; start a new run", fp.Name)
		}
	}
	return nil
}
