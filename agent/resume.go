package agent

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/permission"
)

// startTurn records a turn about to run in s, as Paused (without stopping
// the run): its calls' results are recorded there as they finish, so that
// a state saved after the run failed or was cancelled mid-turn resumes
// without running a finished call again.
func (a *Agent) startTurn(s *State, decisions []Decision) {
	s.Paused = &PausedTurn{Calls: decisions, Tools: a.fingerprints(decisions)}
}

// redecideTurn decides again the calls of a turn taken up by Resume, so
// that what runs is what the agent's tools, filters and permissions allow
// now, not when the state was saved (see redecide). If a call now asks
// without an approval, the run pauses again.
func (a *Agent) redecideTurn(stored []Decision) plan {
	p := plan{kind: planTools, decisions: make([]Decision, len(stored))}
	for i, d := range stored {
		p.decisions[i] = a.redecide(d)
		if p.decisions[i].Outcome == permission.OutcomeAsk && p.decisions[i].Approval == "" {
			p.kind = planPause
		}
	}
	return p
}

// redecide is the current decision on a stored one. A call that ran keeps
// its result. Otherwise the call is decided again: a deny (a rule added
// since, the tool now filtered out or gone) wins; a person's rejection
// stands; a person's approval wins over an ask (the call was asked about
// and approved, whatever rule asks now), and is kept on an allow; an ask
// that was never answered is pending again.
func (a *Agent) redecide(stored Decision) Decision {
	if stored.Result != nil {
		return stored
	}
	d := a.decide(stored.Call)
	if d.Outcome != permission.OutcomeDeny {
		d.Program = stored.Program // a program that paused goes on from its record
	}
	switch {
	case d.Outcome == permission.OutcomeDeny:
	case stored.Approval == Rejected:
		return stored
	case stored.Approval == Approved && d.Outcome == permission.OutcomeAsk:
		keepApproval(&d, stored)
		d.Reason = stored.Reason
	case stored.Approval == Approved:
		keepApproval(&d, stored)
	}
	return d
}

// keepApproval carries a person's approval of stored, and what binds it
// to the call, over to d, the call decided again.
func keepApproval(d *Decision, stored Decision) {
	d.Approval, d.ModelCall, d.Seal = Approved, stored.ModelCall, stored.Seal
	d.ApprovedTool, d.ApprovedID, d.ApprovedArgs = stored.ApprovedTool, stored.ApprovedID, stored.ApprovedArgs
}

// contractHash hashes what about a tool changes a decision on its calls:
// its input schema, RequiresApproval and annotations.
func contractHash(t toolgen.Tool) string {
	h := sha256.New()
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(t.InputSchema)))
	h.Write([]byte("toolgen tool contract 1\n"))
	h.Write(n[:])
	h.Write(t.InputSchema)
	for _, b := range []bool{t.RequiresApproval, t.Annotations.ReadOnly, t.Annotations.Destructive, t.Annotations.Idempotent, t.Annotations.OpenWorld} {
		if b {
			h.Write([]byte{1})
		} else {
			h.Write([]byte{0})
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}
