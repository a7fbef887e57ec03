package agent

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/permission"
)

// StateVersion is the version of State's JSON form. Resume refuses a state
// of a later version, but reads versions 1 and 2 (whose approvals recorded
// less of the call approved: see checkApprovals) and writes them back as
// this one. An agent with a state key (WithStateKey) resumes only a State
// of this version that it sealed.
//
// Version 2 added Decision.ApprovedArgs and Decision.ModelCall; version 3
// Decision.ApprovedTool, Decision.ApprovedID and Decision.Seal, and took
// ApprovedArgs over canonical JSON (key order and escapes do not count).
const StateVersion = 3

// StopReason says why a run stopped.
type StopReason string

// The reasons a run stops.
const (
	StopDone     StopReason = "done"      // the model answered without calling tools
	StopPaused   StopReason = "paused"    // a call waits for a person's approval
	StopMaxTurns StopReason = "max_turns" // the run took as many turns as it may
	// StopResultBudget: the tool results took more tokens than
	// WithResultBudget allows (results.go).
	StopResultBudget StopReason = "result_budget"
)

// State is a run: its transcript, why it stopped, the calls waiting for
// approval, and what it cost. It is plain data that round-trips through
// JSON, so that a run paused in one process resumes in another.
//
// It round-trips whatever arguments a model sent, byte for byte: each
// call (ToolCall, PendingCall, Call) writes its arguments in one of three
// members. "args" holds them as JSON when they are valid JSON already in
// the form encoding/json writes (compact, with <, >, & and U+2028 escaped,
// valid UTF-8), as models send them and as every state written before the
// other two members existed holds them; "args_text" holds any other valid
// UTF-8 bytes as a JSON string (empty arguments, a truncated object, two
// documents, a byte order mark, JSON with spaces or a raw "<"); and
// "args_base64" holds bytes that are not valid UTF-8, in standard base64.
// Nil arguments write none of them. So a paused run whose model sent
// arguments that are not JSON can be saved, approved or rejected, and
// resumed, and its transcript shows what the model sent (the tool, given
// those arguments, tells the model what is wrong with them).
type State struct {
	Version    int        `json:"version"`
	RunID      string     `json:"run_id"`
	Messages   []Message  `json:"messages"`
	StopReason StopReason `json:"stop_reason,omitempty"`
	// Turns counts the model's responses.
	Turns int   `json:"turns"`
	Usage Usage `json:"usage"`
	// Paused is the turn waiting for approval, while StopReason is paused;
	// or, after a run failed or was cancelled while a turn's calls ran, that
	// turn, with the results of the calls that finished (see Decision.Result).
	Paused *PausedTurn `json:"paused,omitempty"`
	// Compactions are the compactions of Messages, in order (see
	// WithCompaction).
	Compactions []CompactionRecord `json:"compactions,omitempty"`
	// LoadedTools are the deferred tools that tool search found, or that
	// the model called, in the order they were loaded: each request of the
	// run sends them (WithToolSearch).
	LoadedTools []toolgen.ToolName `json:"loaded_tools,omitempty"`
	// HeldResults are the tool results cut to their tools' limits, whole,
	// for read_result to page through (WithMaxResultTokens).
	HeldResults []HeldResult `json:"held_results,omitempty"`
	// ResultTokens counts the estimated tokens the tool results put in the
	// context, since the run started or last resumed from a stop at its
	// result budget (WithResultBudget).
	ResultTokens int `json:"result_tokens,omitempty"`
	// ToolTokens is what each tool put in the context over the run, its
	// definitions and its results, with its sub-agents' tools, in order
	// of name (see ToolTokens).
	ToolTokens []ToolTokens `json:"tool_tokens,omitempty"`

	measured  measured // the model's count of the last request (compaction.go)
	compacted int      // the turn whose request was compacted already
	events    []Event  // what Next and the Apply functions recorded (engine.go)
}

// PausedTurn is a turn whose calls were decided but not all run: some wait
// for approval, or the run stopped (an error, a cancelled ctx) while they
// ran. Resume decides every call that has not run again, against the
// agent's current tools, filters and permissions (see Agent.Resume), and
// runs only calls without a Result.
type PausedTurn struct {
	// Calls are every call of the turn, in order, with their decisions.
	Calls []Decision `json:"calls"`
	// Tools fingerprints the tools the calls were decided against, so that
	// a resume after a tool changed is refused.
	Tools []ToolFingerprint `json:"tools"`
}

// Decision is what was decided about one call.
type Decision struct {
	Call    ToolCall           `json:"call"`
	Outcome permission.Outcome `json:"outcome"` // allow, ask or deny
	// Reason says why, for people: the rule, the preset, "requires approval".
	Reason string `json:"reason,omitempty"`
	// Refusal is what the model is told about a call that will not run.
	Refusal string `json:"refusal,omitempty"`
	// Approval is a person's answer to an ask: "" until given.
	Approval Approval `json:"approval,omitempty"`
	// ApprovedTool, ApprovedID and ApprovedArgs are the call a person
	// approved: its tool, its id, and the digest of its arguments
	// ("sha256:" and the hex SHA-256 of their canonical JSON, after RFC
	// 8785: key order, white space, escapes and the spelling of a number do
	// not count, a changed value does). The call runs only if it is still
	// that call.
	ApprovedTool toolgen.ToolName `json:"approved_tool,omitempty"`
	ApprovedID   string           `json:"approved_id,omitempty"`
	ApprovedArgs string           `json:"approved_args,omitempty"`
	// ModelCall is the call as the model made it, when a person approved
	// it with edited arguments (State.ApproveWith): Call holds the edited
	// arguments, which run.
	ModelCall *ToolCall `json:"model_call,omitempty"`
	// Result is what the call returned, recorded as it finished, so that
	// a resume of this state does not run it again; nil while it has not
	// run, or did not finish (it failed with the run's ctx). A copy of the
	// state saved before the call finished cannot know that it ran: a
	// tool with effects should key them with toolgen.Ctx.IdempotencyKey.
	Result *toolgen.Result `json:"result,omitempty"`
	// Seal is written by an agent with a state key (WithStateKey) on each
	// call that asks and on each answer given with its key (Agent.Approve,
	// Agent.Reject, Agent.ApproveWith): an HMAC-SHA256 of the State's
	// version, the run, the turn, the call's place in it, its id, tool and
	// arguments, and the answer. Such an agent runs no approved call whose
	// seal does not match.
	Seal string `json:"seal,omitempty"`
	// Program is, for a run_code call (WithCodeMode) that has not
	// finished, what its program did so far: its calls, each with its
	// decision and result. A resume runs the program again, and a call
	// with a result here gets that result back instead of running again.
	Program *ProgramRun `json:"program,omitempty"`
}

// Approval is a person's answer to a call that asked.
type Approval string

// The answers.
const (
	Approved Approval = "approved"
	Rejected Approval = "rejected"
)

// ToolFingerprint identifies a tool's contract: its name, a hash of its
// input schema, and a hash of everything about the tool that changes a
// decision on its calls (the input schema, RequiresApproval and the
// annotations).
type ToolFingerprint struct {
	Name       toolgen.ToolName `json:"name"`
	SchemaHash string           `json:"schema_sha256"`
	// ContractHash is empty in a state saved by a runtime that did not
	// write it; only SchemaHash is compared then.
	ContractHash string `json:"contract_sha256,omitempty"`
}

// PendingCall is a call waiting for approval.
type PendingCall struct {
	ID     string           `json:"id"`
	Name   toolgen.ToolName `json:"name"`
	Args   json.RawMessage  `json:"args"`
	Reason string           `json:"reason"` // why it asks
	// ProgramCallID is the id of the run_code call whose program made the
	// call (WithCodeMode), or "" for a call of the model's.
	ProgramCallID string `json:"program_call_id,omitempty"`
}

// Pending returns the calls waiting for a decision, in call order.
func (s *State) Pending() []PendingCall {
	if s.Paused == nil {
		return nil
	}
	var out []PendingCall
	for _, p := range s.Paused.decisions() {
		if d := p.d; d.Outcome == permission.OutcomeAsk && d.Approval == "" && d.Result == nil {
			out = append(out, PendingCall{ID: d.Call.ID, Name: d.Call.Name, Args: d.Call.Args, Reason: d.Reason, ProgramCallID: p.program})
		}
	}
	return out
}

// Output is the text of the model's last message, its answer when the run
// is done.
func (s *State) Output() string {
	for i := len(s.Messages) - 1; i >= 0; i-- {
		if s.Messages[i].Role == RoleAssistant {
			return s.Messages[i].Text
		}
	}
	return ""
}

// Approve approves the pending calls with these ids, or all of them when
// none are given; Resume then runs them with the arguments the model sent.
// A decided call stays decided: approving a call that was rejected is an
// error naming the first answer, and changes nothing; approving one that
// was approved already is not an error (a repeated answer, as a retry after
// a lost reply sends, changes nothing). An agent with a state key
// (WithStateKey) takes only answers given through it: Agent.Approve.
func (s *State) Approve(ids ...string) error {
	return s.decide(Approved, "", ids)
}

// Reject rejects the pending calls with these ids, or all of them; Resume
// tells the model the user denied them, and why when reason is not empty.
// As for Approve, rejecting a call that was approved is an error, and
// rejecting one that was rejected already changes nothing (its first
// reason stands). With a state key, answer with Agent.Reject.
func (s *State) Reject(reason string, ids ...string) error {
	return s.decide(Rejected, reason, ids)
}

// decide gives answer a to the calls named by ids, or, when none are
// named, to every call still waiting (every call that asked, when none is
// waiting: a repeated "approve all"). It checks every call before changing
// any, so an error changes nothing.
func (s *State) decide(a Approval, reason string, ids []string) error {
	if s.StopReason != StopPaused || s.Paused == nil {
		return errors.New("the run is not paused: there is no call to approve or reject")
	}
	var asks, waiting []string
	all := s.Paused.decisions()
	for _, p := range all {
		if d := p.d; d.Outcome == permission.OutcomeAsk {
			asks = append(asks, d.Call.ID)
			if d.Approval == "" {
				waiting = append(waiting, d.Call.ID)
			}
		}
	}
	for _, id := range ids {
		if !slices.Contains(asks, id) {
			return fmt.Errorf("no call %q waits for approval (waiting: %s)", id, orNone(waiting))
		}
	}
	if len(ids) == 0 {
		ids = waiting
		if len(ids) == 0 {
			ids = asks
		}
	}
	for _, p := range all {
		if d := p.d; slices.Contains(ids, d.Call.ID) && d.Approval != "" && d.Approval != a {
			return fmt.Errorf("call %s (%s) was %s already; a decided call stays decided, so it cannot be %s now", d.Call.ID, d.Call.Name, d.Approval, a)
		}
	}
	for _, p := range all {
		d := p.d
		if d.Outcome == permission.OutcomeAsk && d.Approval == "" && slices.Contains(ids, d.Call.ID) {
			if a == Rejected {
				d.Approval = Rejected
				d.Refusal = rejection(reason)
			} else {
				bindApproval(d)
			}
		}
	}
	return nil
}

func orNone(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}

func rejection(reason string) string {
	if reason == "" {
		return "Denied by the user: this call was not run."
	}
	return "Denied by the user: " + reason
}

// placed is a decision of a paused turn with its place: the call's index
// in the turn ("2"), or, for a call a run_code program made, the program's
// call's index and the call's in the program ("2.1"); program is then the
// run_code call's id.
type placed struct {
	place   string
	program string
	d       *Decision
}

// decisions are every decision of the turn, in order: each call's, and
// after a run_code call's, its program's calls'.
func (t *PausedTurn) decisions() []placed {
	out := make([]placed, 0, len(t.Calls))
	for i := range t.Calls {
		d := &t.Calls[i]
		out = append(out, placed{place: strconv.Itoa(i), d: d})
		if d.Program == nil {
			continue
		}
		for j := range d.Program.Calls {
			out = append(out, placed{place: fmt.Sprintf("%d.%d", i, j), program: d.Call.ID, d: &d.Program.Calls[j]})
		}
	}
	return out
}
