package agent

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/wire"
	"github.com/toolgen-dev/toolgen/permission"
)

// An approval is bound to the call it approved: State.Approve and
// State.ApproveWith record the call's tool (Decision.ApprovedTool), id
// (Decision.ApprovedID) and the digest of its arguments
// (Decision.ApprovedArgs), and a call runs only if it still has all three,
// so that a saved State renamed, renumbered or given other arguments after
// the approval (by mistake, by a model, by a hand that missed a field) does
// not run them under it. A keyed agent also seals what was asked and
// answered (seal.go), which a State edited without the key cannot match.

// argsDigest is the digest of a call's arguments: SHA-256 of their
// canonical JSON (canonicalJSON: key order, white space, escapes and the
// spelling of numbers do not count), or of the bytes as they are when they
// are not JSON.
func argsDigest(args []byte) string {
	b, ok := canonicalJSON(args)
	if !ok {
		b = args
	}
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// argsDigestV2 is the digest a version 2 State recorded: of the arguments
// compacted, with numbers in one form (members in their order).
func argsDigestV2(args []byte) string {
	b := args
	if json.Valid(args) {
		b = wire.AppendCanonicalJSON(nil, args)
	}
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// bindApproval records in d the call a person approved.
func bindApproval(d *Decision) {
	d.Approval = Approved
	d.ApprovedTool, d.ApprovedID, d.ApprovedArgs = d.Call.Name, d.Call.ID, argsDigest(d.Call.Args)
}

// ApproveWith approves the pending call id with arguments a person edited:
// Resume runs the call with args instead of the model's (a recipient
// fixed, an amount lowered), after checking them as the model's would be
// (the tool's decoder, toolgen.Tool.Validate, and the permission rules: an
// edit a deny rule refuses is denied, not run). The transcript keeps the
// model's call; the call's result tells the model that a person changed
// its arguments, and to what; the events show the edited call
// (EventCallApproved, "approved with edited arguments"). Agent.CheckEdit
// checks an edit before it is given.
//
// args must be a JSON object. A call approved with edits may be edited
// again until it runs; a call approved as it was, or rejected, stays so.
func (s *State) ApproveWith(id string, args json.RawMessage) error {
	if err := checkEditShape(args); err != nil {
		return fmt.Errorf("approve call %s with edits: %w", id, err)
	}
	d, err := s.editable(id)
	if err != nil {
		return err
	}
	if d.ModelCall == nil {
		model := d.Call
		d.ModelCall = &model
	}
	d.Call.Args = bytes.Clone(args)
	bindApproval(d)
	return nil
}

// Edit is a person's edit of a call's arguments, typed: toolgen writes one
// per tool that requires approval (SendEmailEdit for send_email), whose
// fields are the tool's arguments, so that the compiler checks an edit.
type Edit interface {
	// Tool names the tool the edit is for.
	Tool() toolgen.ToolName
	// Args returns the edited arguments, JSON.
	Args() ([]byte, error)
}

// ApproveEdit is ApproveWith with a typed edit: the type toolgen writes
// for each tool that requires approval (shop.SendEmailEdit for send_email),
// so that the compiler checks the edit's fields and types. An edit for
// another tool than the call's is an error.
//
//	err := state.ApproveEdit(id, shop.SendEmailEdit{To: "ana@example.com", Subject: "Late", Body: "In 10 minutes."})
func (s *State) ApproveEdit(id string, edit Edit) error {
	d, err := s.editable(id)
	if err != nil {
		return err
	}
	if d.Call.Name != edit.Tool() {
		return fmt.Errorf("approve call %s with edits: the call is of %s, the edit of %s", id, d.Call.Name, edit.Tool())
	}
	args, err := edit.Args()
	if err != nil {
		return fmt.Errorf("approve call %s with edits: %w", id, err)
	}
	return s.ApproveWith(id, args)
}

// checkEditShape refuses edited arguments that are not one JSON object.
func checkEditShape(args json.RawMessage) error {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(args, &obj); err != nil || obj == nil {
		return fmt.Errorf("the edited arguments must be a JSON object, not %.80q", args)
	}
	return nil
}

// editable is the paused call id that ApproveWith may edit: one waiting
// for an answer, or approved with edits and not run yet.
func (s *State) editable(id string) (*Decision, error) {
	if s.StopReason != StopPaused || s.Paused == nil {
		return nil, errors.New("the run is not paused: there is no call to approve or reject")
	}
	for _, p := range s.Paused.decisions() {
		d := p.d
		if d.Call.ID != id || d.Outcome != permission.OutcomeAsk {
			continue
		}
		switch {
		case d.Result != nil:
			return nil, fmt.Errorf("call %s (%s) ran already; it cannot be edited now", id, d.Call.Name)
		case d.Approval == Rejected || (d.Approval == Approved && d.ModelCall == nil):
			return nil, fmt.Errorf("call %s (%s) was %s already; a decided call stays decided, so it cannot be approved with edits now", id, d.Call.Name, d.Approval)
		}
		return d, nil
	}
	var waiting []string
	for _, p := range s.Pending() {
		waiting = append(waiting, p.ID)
	}
	return nil, fmt.Errorf("no call %q waits for approval (waiting: %s)", id, orNone(waiting))
}

// CheckEdit says what is wrong with approving the paused call id of s
// with args (see State.ApproveWith), or nil: the arguments as the tool
// would read them (every problem, as the model would be told), and the
// permission rules, which may deny the edited call. It changes nothing,
// so a UI can ask the person again.
func (a *Agent) CheckEdit(s *State, id string, args json.RawMessage) error {
	if err := checkEditShape(args); err != nil {
		return err
	}
	var call *ToolCall
	if s != nil && s.Paused != nil {
		for _, p := range s.Paused.decisions() {
			if d := p.d; d.Call.ID == id {
				c := d.Call
				call = &c
			}
		}
	}
	if call == nil {
		return fmt.Errorf("no paused call %q", id)
	}
	call.Args = args
	if err := a.validate(*call); err != nil {
		return err
	}
	if d := a.decide(*call); d.Outcome == permission.OutcomeDeny {
		return fmt.Errorf("the edited call of %s would be denied: %s", call.Name, d.Reason)
	}
	return nil
}

// validate checks a call's arguments with its tool's Validate, when the
// tool has one, reading them as the call will (repaired when it repairs).
func (a *Agent) validate(c ToolCall) error {
	t, ok := a.tools.Lookup(c.Name)
	if !ok {
		return nil
	}
	return t.Check(c.Args, a.repairs(c.Name))
}

// checkPausedTurn says why the paused turn of s must not be taken up, or
// nil: an approved call is not the call approved, the turn's calls are
// not the calls of the transcript's last turn, or (with a state key) a seal
// does not hold. It changes nothing.
func (a *Agent) checkPausedTurn(s *State) error {
	if err := a.checkApprovals(s); err != nil {
		return err
	}
	if err := checkTurnCalls(s); err != nil {
		return err
	}
	return a.checkSeals(s)
}

// checkTurnCalls refuses a paused turn whose calls are not, one for one
// and in order, the calls of the transcript's last assistant message, as
// the model sent them (their arguments compared as JSON values, as the
// approval's digest compares them): a call added, dropped, duplicated or
// moved in the paused turn, or changed in one of the two places only.
func checkTurnCalls(s *State) error {
	var sent []ToolCall
	for i := len(s.Messages) - 1; i >= 0; i-- {
		if s.Messages[i].Role == RoleAssistant {
			sent = s.Messages[i].Calls
			break
		}
	}
	if len(sent) != len(s.Paused.Calls) {
		return fmt.Errorf("the paused turn holds %d calls, and the transcript's last turn %d: the state was changed", len(s.Paused.Calls), len(sent))
	}
	for i, d := range s.Paused.Calls {
		c := d.Call
		if d.ModelCall != nil {
			c = *d.ModelCall
		}
		sameArgs := argsDigest(c.Args) == argsDigest(sent[i].Args) // a store may write JSON in its own form
		if c.ID != sent[i].ID || c.Name != sent[i].Name || !sameArgs {
			return fmt.Errorf("call %d of the paused turn (%s, call %q) is not the call the transcript shows (%s, call %q, with %s arguments): the state was changed",
				i+1, c.Name, c.ID, sent[i].Name, sent[i].ID, sameOrOther(sameArgs))
		}
	}
	return nil
}

func sameOrOther(same bool) string {
	if same {
		return "the same"
	}
	return "other"
}

// checkApprovals refuses a paused turn with an approved call, not run yet,
// that is not the call approved (a State edited after the approval): of
// another tool, under another id, or with other arguments; or whose edited
// arguments the tool refuses. Every approval counts, whatever the outcome
// stored beside it: Resume decides the call again and keeps the approval.
// A version 1 State recorded no binding, and a version 2 State only the
// arguments' digest (in its own form): what they recorded is checked.
func (a *Agent) checkApprovals(s *State) error {
	var approved []string
	for _, p := range s.Paused.decisions() {
		d := *p.d
		if d.Approval != Approved || d.Result != nil {
			continue
		}
		if slices.Contains(approved, d.Call.ID) {
			return fmt.Errorf("two calls of the paused turn are approved under one id, %q: an approval is for one call; the state was changed", d.Call.ID)
		}
		approved = append(approved, d.Call.ID)
		if err := checkBinding(s.Version, d); err != nil {
			return fmt.Errorf("call %s (%s): %w: the state was changed after the approval; approve the call again", d.Call.ID, d.Call.Name, err)
		}
		if d.ModelCall != nil {
			if err := a.validate(d.Call); err != nil {
				return fmt.Errorf("call %s (%s) was approved with edited arguments the tool refuses: %w; edit them again (State.ApproveWith)", d.Call.ID, d.Call.Name, err)
			}
		}
	}
	return nil
}

// checkBinding says how an approved call differs from the call approved,
// as far as a State of version v recorded it.
func checkBinding(v int, d Decision) error {
	digest := argsDigest
	switch {
	case v < 2 && d.ApprovedArgs == "":
		return nil
	case v < 3:
		digest = argsDigestV2
	case d.ApprovedTool != d.Call.Name:
		return fmt.Errorf("the approval was given to a call of %s, not %s", orUnnamed(d.ApprovedTool), d.Call.Name)
	case d.ApprovedID != d.Call.ID:
		return fmt.Errorf("the approval was given to call %q, not %q", d.ApprovedID, d.Call.ID)
	}
	if now := digest(d.Call.Args); d.ApprovedArgs != now {
		return fmt.Errorf("its arguments are not the ones approved (approved %s, now %s)", orNone2(d.ApprovedArgs), now)
	}
	return nil
}

func orUnnamed(name toolgen.ToolName) string {
	if name == "" {
		return "no tool named"
	}
	return string(name)
}

func orNone2(digest string) string {
	if digest == "" {
		return "without a digest"
	}
	return digest
}

// editNote tells the model that a person changed a call's arguments
// before it ran, and to what: the note comes first in the call's result.
func editNote(r toolgen.Result, args json.RawMessage) toolgen.Result {
	note := toolgen.Content{Type: toolgen.ContentText, Text: "Note: the user edited this call's arguments before approving it; it ran with " + string(args) + "."}
	r.Content = append([]toolgen.Content{note}, r.Content...)
	return r
}

// readable reports whether this runtime reads a State of version v.
func readable(v int) bool { return v >= 1 && v <= StateVersion }

// upgrade makes a State that was checked for resuming one of this
// version: the approvals of an older State, which recorded less of the
// call they were given for (version 1 nothing, version 2 the digest of its
// arguments in another form), are bound to that call as this version binds
// them.
func upgrade(s *State) {
	if s.Version == StateVersion {
		return
	}
	if s.Paused != nil {
		for i := range s.Paused.Calls {
			if d := &s.Paused.Calls[i]; d.Approval == Approved {
				bindApproval(d)
			}
		}
	}
	s.Version = StateVersion
}
