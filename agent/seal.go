package agent

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgen-dev/toolgen/permission"
)

// A State is data: whoever can edit it can change what a resume runs. The
// binding of an approval to its call (approve.go) refuses a call renamed,
// renumbered or given other arguments after the approval, but one who
// rewrites the whole State consistently (the call and its binding, or the
// version down to 1) gets past it. A state key closes that: an agent with
// one seals each call that asks, when the run pauses, and each answer given
// with the key; it resumes a State only if every answer and every call
// still asking carries its seal. The seal is an HMAC-SHA256, under the key,
// of the State's version, its run, the turn, the call's place in the turn,
// its id, tool and arguments (their canonical digest), the arguments the
// model sent when a person edited them, and the answer (with the refusal
// the model is told of a rejection). So a State edited without the key
// runs nothing approved: a call renamed, given other arguments, moved,
// duplicated, copied from another run or turn, an answer flipped or given
// without the key, or the version set back all fail the seal.
//
// What a key does not cover: the rest of the transcript (the messages and
// results, which reach the model, not a tool), the calls a State says ran
// (a result removed lets the call run again, as a copy saved before it
// ran would: see toolgen.Ctx.IdempotencyKey), and an older copy of the
// same run put back in place of a newer one.

// sealPrefix starts a seal: the MAC and the hash it is made with.
const sealPrefix = "hmac-sha256:"

// minStateKey is the shortest state key WithStateKey takes.
const minStateKey = 16

// WithStateKey gives the agent a secret key with which it seals the calls
// of a paused run and the answers given to them, so that a State edited
// without the key runs nothing a person approved (see Decision.Seal, and
// "Approval" in the package documentation for what it covers). The key must have at least 16
// bytes; 32 random bytes, kept as the program keeps its other secrets, is
// the usual. Every agent that resumes the run's States needs the same key.
//
// An agent with a key resumes only States it sealed, of this
// StateVersion: it refuses a State paused by an agent without the key (or
// with another), and an answer given with State.Approve, State.Reject or
// State.ApproveWith; answers are given with Agent.Approve, Agent.Reject and
// Agent.ApproveWith, which check the seals first and seal what they change.
func WithStateKey(key []byte) Option {
	return func(c *config) error {
		if len(key) < minStateKey {
			return fmt.Errorf("agent.WithStateKey: the key has %d bytes; it must have at least %d (32 random bytes is the usual)", len(key), minStateKey)
		}
		c.stateKey = append([]byte(nil), key...)
		return nil
	}
}

// Approve approves the pending calls of s with these ids, or all of them,
// as State.Approve does; with a state key (WithStateKey) it first checks
// the seals of s, and seals the answers it gives.
func (a *Agent) Approve(s *State, ids ...string) error {
	return a.answer(s, func() error { return s.Approve(ids...) })
}

// Reject rejects the pending calls of s with these ids, or all of them, as
// State.Reject does; with a state key it first checks the seals of s, and
// seals the answers it gives.
func (a *Agent) Reject(s *State, reason string, ids ...string) error {
	return a.answer(s, func() error { return s.Reject(reason, ids...) })
}

// ApproveWith approves the pending call id of s with edited arguments, as
// State.ApproveWith does; with a state key it first checks the seals of s,
// and seals the answer.
func (a *Agent) ApproveWith(s *State, id string, args []byte) error {
	return a.answer(s, func() error { return s.ApproveWith(id, args) })
}

// ApproveEdit is Agent.ApproveWith with a typed edit, as State.ApproveEdit.
func (a *Agent) ApproveEdit(s *State, id string, edit Edit) error {
	return a.answer(s, func() error { return s.ApproveEdit(id, edit) })
}

// answer gives s the answers of give: with a state key, only to a State
// whose seals hold, sealing each call whose answer give changed.
func (a *Agent) answer(s *State, give func() error) error {
	if s == nil {
		return errors.New("agent: no state")
	}
	if a.stateKey == nil || s.Paused == nil {
		return give() // without a paused turn, give says what is wrong
	}
	if err := a.checkSeals(s); err != nil {
		return err
	}
	var before []Decision
	for _, p := range s.Paused.decisions() {
		before = append(before, *p.d)
	}
	if err := give(); err != nil {
		return err
	}
	for i, p := range s.Paused.decisions() {
		if answerChanged(before[i], *p.d) {
			p.d.Seal = a.seal(s, p.place, *p.d)
		}
	}
	return nil
}

// answerChanged reports whether an answer was given or edited.
func answerChanged(was, now Decision) bool {
	return was.Approval != now.Approval || was.ApprovedArgs != now.ApprovedArgs || was.Refusal != now.Refusal
}

// sealAsks seals each call of a paused turn that waits for an answer.
func (a *Agent) sealAsks(s *State) {
	if a.stateKey == nil {
		return
	}
	for _, p := range s.Paused.decisions() {
		if d := p.d; d.Outcome == permission.OutcomeAsk && d.Approval == "" && d.Result == nil {
			d.Seal = a.seal(s, p.place, *d)
		}
	}
}

// sealed reports whether a call of a paused turn carries a seal: one that
// asks or was answered, and has not run.
func sealed(d Decision) bool {
	return d.Result == nil && (d.Outcome == permission.OutcomeAsk || d.Approval != "")
}

// checkSeals says why s does not hold what an agent with this key sealed,
// or nil (always nil without a key). It changes nothing, so a State
// refused under a wrong key still resumes under the right one.
func (a *Agent) checkSeals(s *State) error {
	if a.stateKey == nil || s.Paused == nil {
		return nil
	}
	all := s.Paused.decisions()
	if !slices.ContainsFunc(all, func(p placed) bool { return sealed(*p.d) }) {
		return nil
	}
	if s.Version != StateVersion {
		return fmt.Errorf("the state is version %d, and an agent with a state key resumes only the version %d States it sealed", s.Version, StateVersion)
	}
	if s.RunID == "" {
		return errors.New("the state has no run id, which its seals bind; an agent with a state key resumes only the States it sealed")
	}
	for _, p := range all {
		d := *p.d
		if !sealed(d) {
			continue
		}
		if err := a.checkSeal(s, p.place, d); err != nil {
			return fmt.Errorf("call %s (%s): %w", d.Call.ID, d.Call.Name, err)
		}
	}
	return nil
}

// checkSeal says why d, the i-th call of the paused turn of s, does not
// carry the seal of what it holds.
func (a *Agent) checkSeal(s *State, i string, d Decision) error {
	got, ok := strings.CutPrefix(d.Seal, sealPrefix)
	mac, err := hex.DecodeString(got)
	switch {
	case d.Seal == "":
		return errors.New("it carries no seal: the state was not paused, or the call answered, by an agent with this state key; answer with Agent.Approve or Agent.Reject, not the State's methods")
	case !ok || err != nil:
		return fmt.Errorf("its seal %.40q is not an HMAC-SHA256 (%s...)", d.Seal, sealPrefix)
	case hmac.Equal(mac, a.mac(s, i, d)):
		return nil
	}
	if asked := d; d.Approval != "" {
		asked.Approval, asked.Refusal = "", ""
		asked.ApprovedTool, asked.ApprovedID, asked.ApprovedArgs = "", "", ""
		if hmac.Equal(mac, a.mac(s, i, asked)) {
			return fmt.Errorf("it was %s without the state key (State.Approve or State.Reject, or an edit of the saved State); answers are given with Agent.Approve and Agent.Reject", d.Approval)
		}
	}
	return errors.New("its seal does not match: the state was changed without the state key (the call, its arguments, its place, its answer, the run or the version), or sealed under another key; nothing was run")
}

// seal is the seal of d as the i-th call of the paused turn of s.
func (a *Agent) seal(s *State, i string, d Decision) string {
	return sealPrefix + hex.EncodeToString(a.mac(s, i, d))
}

// mac is the HMAC-SHA256 of the sealed fields of d, the i-th call of the
// paused turn of s, each written with its length so that no two lists of
// fields write the same bytes.
func (a *Agent) mac(s *State, i string, d Decision) []byte {
	h := hmac.New(sha256.New, a.stateKey)
	var n [binary.MaxVarintLen64]byte
	field := func(v string) {
		h.Write(n[:binary.PutUvarint(n[:], uint64(len(v)))])
		h.Write([]byte(v))
	}
	field("toolgen agent state seal 1")
	field(strconv.Itoa(s.Version))
	field(s.RunID)
	field(strconv.Itoa(s.Turns))
	field(i)
	field(d.Call.ID)
	field(string(d.Call.Name))
	field(argsDigest(d.Call.Args))
	if d.ModelCall != nil {
		field("edited")
		field(d.ModelCall.ID)
		field(string(d.ModelCall.Name))
		field(argsDigest(d.ModelCall.Args))
	} else {
		field("as sent")
	}
	field(string(d.Approval))
	if d.Approval == Approved {
		field(string(d.ApprovedTool))
		field(d.ApprovedID)
		field(d.ApprovedArgs)
	}
	if d.Approval == Rejected {
		field(d.Refusal)
	}
	return h.Sum(nil)
}
