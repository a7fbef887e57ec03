package agent

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/wire"
)

// An approval is bound to the arguments it approved: State.Approve and
// State.ApproveWith record their digest (Decision.ApprovedArgs), and a
// call runs only if its arguments still have it, so that a saved State
// edited by hand cannot run other arguments under an old approval.

// argsDigest is the digest of a call's arguments: SHA-256 of their
// canonical JSON (compact, numbers in one form), or of the bytes as they
// are when they are not JSON.
func argsDigest(args []byte) string {
	b := args
	if json.Valid(args) {
		b = wire.AppendCanonicalJSON(nil, args)
	}
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
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
	d.Approval, d.ApprovedArgs = Approved, argsDigest(args)
	return nil
}

// ApproveEdit is ApproveWith with a typed edit: the type toolgen writes
// for each tool that requires approval (shop.SendEmailEdit for send_email),
// so that the compiler checks the edit's fields and types. An edit for
// another tool than the call's is an error.
//
//	err := state.ApproveEdit(id, shop.SendEmailEdit{To: "ana@example.com", Subject: "Late", Body: "In 10 minutes."})
func (s *State) ApproveEdit(id string, edit toolgen.Edit) error {
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
	for i := range s.Paused.Calls {
		d := &s.Paused.Calls[i]
		if d.Call.ID != id || d.Outcome != OutcomeAsk {
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
		for _, d := range s.Paused.Calls {
			if d.Call.ID == id {
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
	if d := a.decide(*call); d.Outcome == OutcomeDeny {
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

// checkApprovals refuses a paused turn with an approved call, not run yet,
// whose arguments are not the ones approved (a State edited by hand), or
// whose edited arguments the tool refuses. An approval recorded by a
// runtime that wrote no digest (a version 1 State) is taken as it is.
func (a *Agent) checkApprovals(s *State) error {
	for _, d := range s.Paused.Calls {
		if d.Outcome != OutcomeAsk || d.Approval != Approved || d.Result != nil {
			continue
		}
		switch {
		case d.ApprovedArgs == "" && s.Version < 2:
		case d.ApprovedArgs != argsDigest(d.Call.Args):
			return fmt.Errorf("call %s (%s): its arguments are not the ones approved (approved %s, now %s): the state was changed after the approval; approve the call again", d.Call.ID, d.Call.Name, orNone2(d.ApprovedArgs), argsDigest(d.Call.Args))
		case d.ModelCall != nil:
			if err := a.validate(d.Call); err != nil {
				return fmt.Errorf("call %s (%s) was approved with edited arguments the tool refuses: %w; edit them again (State.ApproveWith)", d.Call.ID, d.Call.Name, err)
			}
		}
	}
	return nil
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
func readable(v int) bool { return v == 1 || v == StateVersion }

// upgrade makes a State that was checked for resuming one of this
// version: a version 1 State's approvals, which have no digest, get the
// digest of the arguments they were given for.
func upgrade(s *State) {
	if s.Version == StateVersion {
		return
	}
	if s.Paused != nil {
		for i := range s.Paused.Calls {
			if d := &s.Paused.Calls[i]; d.Approval == Approved && d.ApprovedArgs == "" {
				d.ApprovedArgs = argsDigest(d.Call.Args)
			}
		}
	}
	s.Version = StateVersion
}
