package temporal

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/permission"
)

// The names a run is known by on the server.
const (
	// WorkflowName is the run's workflow type.
	WorkflowName = "toolgen.agent.Run"
	// ModelActivity asks the model (an agent.Request, an agent.Response).
	ModelActivity = "toolgen.agent.Generate"
	// ToolActivity runs one tool call (a ToolInput, an agent.ToolResult).
	ToolActivity = "toolgen.agent.CallTool"
	// CompactActivity compacts a request over the agent's compaction
	// budget (a CompactInput, an agent.CompactionResult).
	CompactActivity = "toolgen.agent.Compact"
	// DecideUpdate approves or rejects pending calls (a Decision).
	DecideUpdate = "decide"
	// StateQuery returns the run's agent.State.
	StateQuery = "state"
	// PendingQuery returns the calls waiting for approval
	// ([]agent.PendingCall).
	PendingQuery = "pending"
)

// Input starts a run: a new one of Prompt, or the continuation of State
// (a run that continued as new when its history grew).
type Input struct {
	Prompt string       `json:"prompt,omitempty"`
	State  *agent.State `json:"state,omitempty"`
}

// ToolInput is one call for ToolActivity.
type ToolInput struct {
	RunID string     `json:"run_id"`
	Call  agent.Call `json:"call"`
	// Parent is the call whose sub-agent's run this call is part of (the
	// run is a child workflow), for its events' ParentRunID and
	// ParentCallID; nil in a run of its own.
	Parent *ParentCall `json:"parent,omitempty"`
}

// ParentCall is a parent run's call of a sub-agent, whose run is a child
// workflow.
type ParentCall struct {
	RunID  string `json:"run_id"`
	CallID string `json:"call_id"`
}

// parentCall is the call that started the run of ctx, a child workflow
// whose id is the parent's run id and the call id; nil for a run of its
// own.
func parentCall(ctx workflow.Context) *ParentCall {
	info := workflow.GetInfo(ctx)
	p := info.ParentWorkflowExecution
	if p == nil {
		return nil
	}
	callID, ok := strings.CutPrefix(info.WorkflowExecution.ID, p.ID+"/")
	if !ok {
		return nil
	}
	return &ParentCall{RunID: p.ID, CallID: callID}
}

// callerContext is ctx as a sub-agent's run sees it in process: with the
// toolgen.Ctx of the parent's call (p) that started it, so that its events
// name the parent run and call, and sb, the sandbox it inherits from its
// callers (nil: none). Without either it is ctx.
func callerContext(ctx context.Context, p *ParentCall, sb toolgen.Sandbox) context.Context {
	if p == nil && sb == nil {
		return ctx
	}
	c := toolgen.Ctx{Sandbox: sb}
	if p != nil {
		c.RunID, c.CallID = p.RunID, p.CallID
	}
	return toolgen.WithCtx(ctx, c)
}

// CompactInput is the request of an agent.ActionCompact, for
// CompactActivity.
type CompactInput struct {
	Request agent.Request `json:"request"`
	Tokens  int           `json:"tokens"`
}

// Decision is a person's answer to pending calls, sent with DecideUpdate.
type Decision struct {
	// Approve approves the calls; otherwise they are rejected, with
	// Reason told to the model.
	Approve bool   `json:"approve"`
	Reason  string `json:"reason,omitempty"`
	// CallIDs are the calls decided; none means every pending call.
	CallIDs []string `json:"call_ids,omitempty"`
}

// names are the names a run's workflow and activities have on the
// server: the constants above for the agent a worker runs, and for a
// sub-agent (agent.AsTool) those of its caller followed by "/" and the
// tool's name (toolgen.agent.Run/research).
type names struct{ workflow, model, tool, compact string }

var rootNames = names{workflow: WorkflowName, model: ModelActivity, tool: ToolActivity, compact: CompactActivity}

func (n names) sub(tool toolgen.ToolName) names {
	suffix := "/" + string(tool)
	return names{workflow: n.workflow + suffix, model: n.model + suffix, tool: n.tool + suffix, compact: n.compact + suffix}
}

// workflows is the run workflow of one agent: its decisions (agent.Next)
// are pure, so replaying the history through them rebuilds the State.
type workflows struct {
	agent *agent.Agent
	opts  Options
	names names
	// sub: the agent is a sub-agent, whose run is a child workflow of its
	// caller's: it cannot wait for an approval (nobody can give it from a
	// tool call), and stops paused instead, as in process.
	sub bool
}

// run drives a.Next. It does no I/O and reads no clock, randomness or map
// order: the run id is the workflow id, every effect is an activity, and
// tool calls are started and collected in call order.
func (w *workflows) run(ctx workflow.Context, in Input) (st *agent.State, err error) {
	if w.sub {
		defer func() { err = failedWithUsage(st, err) }()
	}
	s := in.State
	if s == nil {
		s = agent.NewState(workflow.GetInfo(ctx).WorkflowExecution.ID, in.Prompt)
	}
	if err := workflow.SetQueryHandler(ctx, StateQuery, func() (*agent.State, error) { return s, nil }); err != nil {
		return nil, err
	}
	if err := workflow.SetQueryHandler(ctx, PendingQuery, func() ([]agent.PendingCall, error) { return s.Pending(), nil }); err != nil {
		return nil, err
	}
	err = workflow.SetUpdateHandlerWithOptions(ctx, DecideUpdate,
		func(ctx workflow.Context, d Decision) error { return w.answer(ctx, s, d) },
		workflow.UpdateHandlerOptions{Validator: func(ctx workflow.Context, d Decision) error {
			return decide(w.agent, scratch(s), d)
		}})
	if err != nil {
		return nil, err
	}
	parent := parentCall(ctx)
	for steps := 0; ; steps++ {
		if steps > 0 && w.opts.continueAsNew(ctx) { // after a step: a bound below a new run's history cannot loop
			// Every handler is synchronous, so none is half done; the
			// state carries the approvals given so far.
			if err := workflow.Await(ctx, func() bool { return workflow.AllHandlersFinished(ctx) }); err != nil {
				return s, err
			}
			return s, workflow.NewContinueAsNewError(ctx, w.names.workflow, Input{State: s})
		}
		act, err := w.agent.Next(s)
		if err != nil {
			return s, temporal.NewNonRetryableApplicationError(err.Error(), "agent", nil)
		}
		// Next's events, after those of the last step's Apply: delivered
		// once, not again as the history replays.
		if events := s.TakeEvents(); !workflow.IsReplaying(ctx) {
			w.agent.Emit(callerContext(context.Background(), parent, nil), events...)
		}
		switch act.Kind {
		case agent.ActionStop:
			return s, nil
		case agent.ActionAwaitApproval:
			if w.sub {
				return s, nil // the caller's call says which calls asked
			}
			if err := recordContracts(ctx, s); err != nil {
				return s, err
			}
			if err := workflow.Await(ctx, func() bool { return len(s.Pending()) == 0 }); err != nil {
				return s, err
			}
		case agent.ActionCompact:
			var res agent.CompactionResult
			actx := workflow.WithActivityOptions(ctx, w.opts.modelActivity()) // a policy may ask the model
			if err := workflow.ExecuteActivity(actx, w.names.compact, CompactInput{Request: act.Request, Tokens: act.Tokens}).Get(ctx, &res); err != nil {
				return s, err
			}
			if err := w.agent.ApplyCompaction(s, res); err != nil {
				return s, err
			}
		case agent.ActionAskModel:
			var resp agent.Response
			actx := workflow.WithActivityOptions(ctx, w.opts.modelActivity())
			if err := workflow.ExecuteActivity(actx, w.names.model, act.Request).Get(ctx, &resp); err != nil {
				return s, err
			}
			if err := w.agent.ApplyResponse(s, resp); err != nil {
				return s, err
			}
		case agent.ActionCallTools:
			if err := w.callTools(ctx, s, act.Calls, parent); err != nil {
				return s, err
			}
		}
	}
}

// callTools runs a turn's calls concurrently, each an activity or, for a
// sub-agent, a child workflow, and applies their results in call order.
func (w *workflows) callTools(ctx workflow.Context, s *agent.State, calls []agent.Call, parent *ParentCall) error {
	futures := make([]workflow.Future, len(calls))
	subs := make([]bool, len(calls))
	for i, c := range calls {
		t, _ := w.agent.Tool(c.Name)
		p := w.opts.toolPolicy(t, w.agent.ToolTimeout(c.Name))
		if _, ok := agent.SubAgent(t); ok && childWorkflows(ctx) {
			if prompt, ok := agent.SubAgentPrompt(c.Args); ok {
				// The child's id, and so its calls' idempotency keys, is
				// the parent's run id and the call id.
				cctx := workflow.WithChildOptions(ctx, workflow.ChildWorkflowOptions{
					WorkflowID: s.RunID + "/" + c.ID, WorkflowExecutionTimeout: p.Timeout,
				})
				futures[i], subs[i] = workflow.ExecuteChildWorkflow(cctx, w.names.sub(c.Name).workflow, Input{Prompt: prompt}), true
				continue
			} // else its own Call refuses the arguments, in an activity
		}
		futures[i] = workflow.ExecuteActivity(workflow.WithActivityOptions(ctx, p.activity()), w.names.tool, ToolInput{RunID: s.RunID, Call: c, Parent: parent})
	}
	for i, f := range futures {
		c := calls[i]
		res := agent.ToolResult{CallID: c.ID, Name: c.Name}
		if subs[i] {
			var st *agent.State
			err := f.Get(ctx, &st)
			// The caller pays for what its sub-agent used, whether its
			// run stopped or failed.
			if st != nil {
				s.Usage = s.Usage.Add(st.Usage)
				s.AddSubAgentTokens(c.Name, st)
			} else if u, ok := usageOfFailure(err); ok {
				s.Usage = s.Usage.Add(u)
			}
			t, _ := w.agent.Tool(c.Name)
			res.Result = agent.SubAgentResult(t, st, err)
		} else if err := f.Get(ctx, &res); err != nil {
			// Out of attempts (a destructive tool has one): the model is
			// told, and the run goes on.
			res.Result = toolgen.ErrorResult(fmt.Sprintf("tool %s did not complete (%v); it may have run in part or in full", c.Name, err))
		}
		if err := w.agent.ApplyResults(s, []agent.ToolResult{res}); err != nil {
			return err
		}
	}
	return nil
}

// usageErrType is the type of the error a sub-agent's failed run ends
// with: its message is the run's error's, its details what the run used.
const usageErrType = "toolgen.agent.SubAgentFailed"

// failedWithUsage is the error a sub-agent's run, a child workflow, ends
// with: a failure carries what the run used (a failed workflow returns no
// result), for its caller to pay; cancellation and continue-as-new pass
// as they are.
func failedWithUsage(s *agent.State, err error) error {
	var can *workflow.ContinueAsNewError
	if err == nil || s == nil || temporal.IsCanceledError(err) || errors.As(err, &can) {
		return err
	}
	return temporal.NewNonRetryableApplicationError(err.Error(), usageErrType, nil, s.Usage)
}

// usageOfFailure is what a sub-agent's failed run used, from its error.
func usageOfFailure(err error) (agent.Usage, bool) {
	var app *temporal.ApplicationError
	var u agent.Usage
	if !errors.As(err, &app) || app.Type() != usageErrType || app.Details(&u) != nil {
		return agent.Usage{}, false
	}
	return u, true
}

// childWorkflows says whether the run runs its sub-agents as child
// workflows: a run started by an earlier version, which ran them inside a
// tool activity, goes on doing so (its history has no marker for this
// change where it called a sub-agent). Runs that call no sub-agent record
// nothing.
func childWorkflows(ctx workflow.Context) bool {
	return workflow.GetVersion(ctx, "subagents-as-child-workflows", workflow.DefaultVersion, 1) == 1
}

// decide applies a person's decision to s, given by the agent, so that an
// agent with a state key (agent.WithStateKey) checks the seals and seals
// the answers (a pure function of s: the same on every replay).
func decide(a *agent.Agent, s *agent.State, d Decision) error {
	if d.Approve {
		return a.Approve(s, d.CallIDs...)
	}
	return a.Reject(s, d.Reason, d.CallIDs...)
}

// scratch is a copy of s that decide can change without changing s (it
// writes the answers in the paused turn's decisions), for the update's
// validator. Nothing is marshalled: a State holds the model's argument
// bytes as they came, whatever they are.
func scratch(s *agent.State) *agent.State {
	c := *s
	if s.Paused != nil {
		p := *s.Paused
		p.Calls = slices.Clone(p.Calls)
		c.Paused = &p
	}
	return &c
}

// A redeploy between a pause and its answer must not change what was
// approved: the calls were decided, and shown to the person, against the
// tools of the worker that paused. The pause's tool fingerprints
// (agent.PausedTurn.Tools) are worker code, computed again by every
// worker that replays the run; recordContracts records them in the
// history, so that a replaying worker gets the pause's own, and answer
// checks them, when the answer comes, against the tools of the worker
// that takes it (recording what it found, for replays on other workers).
// A call whose tool changed is not run: the model is told why, and an
// approver of it gets an error, as Resume refuses a changed tool in
// process. Runs paused by an earlier version of this workflow recorded
// nothing and are answered as before.
const contractsChange = "contracts-recorded-at-pause"

// contractsRecorded says whether the run records its pauses' contracts
// (see contractsChange).
func contractsRecorded(ctx workflow.Context) bool {
	return workflow.GetVersion(ctx, contractsChange, workflow.DefaultVersion, 1) == 1
}

// recordContracts records the fingerprints of s's paused turn in the
// history, or, replaying, puts the recorded ones back in s.
func recordContracts(ctx workflow.Context, s *agent.State) error {
	if !contractsRecorded(ctx) {
		return nil
	}
	var tools []agent.ToolFingerprint
	if err := workflow.SideEffect(ctx, func(workflow.Context) any { return s.Paused.Tools }).Get(&tools); err != nil {
		return err
	}
	s.Paused.Tools = tools
	return nil
}

// changedTool is a tool of a paused turn whose contract changed since the
// pause, and how.
type changedTool struct {
	Name   toolgen.ToolName `json:"name"`
	Reason string           `json:"reason"`
}

// answer is the update's handler: it applies d to s, then refuses the
// calls whose tool changed since the pause (see contractsChange), and
// returns an error naming the calls d approved that will not run.
func (w *workflows) answer(ctx workflow.Context, s *agent.State, d Decision) error {
	if err := decide(w.agent, s, d); err != nil {
		return err // not after the validator: a decision refused is not recorded
	}
	if !contractsRecorded(ctx) {
		return nil
	}
	var changed []changedTool
	check := func(workflow.Context) any {
		var out []changedTool
		for _, fp := range s.Paused.Tools {
			if err := w.agent.CheckContract(fp); err != nil {
				out = append(out, changedTool{Name: fp.Name, Reason: err.Error()})
			}
		}
		return out
	}
	if err := workflow.SideEffect(ctx, check).Get(&changed); err != nil {
		return err
	}
	refuseChanged(s.Paused, changed)
	if len(s.Pending()) == 0 {
		// Every answer is in and the contracts were checked: Next must
		// not check the pause's fingerprints against this worker's tools
		// again, which a worker of another version replaying this history
		// would find changed although the check recorded here did not.
		s.Paused.Tools = nil
	}
	if d.Approve {
		return notRun(s, d.CallIDs)
	}
	return nil
}

// refuseChanged gives every call of p that was to run (allowed, or
// approved) and whose tool changed a result telling the model why it did
// not run, and forgets the fingerprint of a changed tool none of whose
// calls still waits for an answer (one that does is refused once it is
// approved).
func refuseChanged(p *agent.PausedTurn, changed []changedTool) {
	for _, c := range changed {
		waits := false
		for i := range p.Calls {
			d := &p.Calls[i]
			if d.Call.Name != c.Name || d.Result != nil {
				continue
			}
			switch {
			case d.Outcome == permission.OutcomeAsk && d.Approval == "":
				waits = true
			case d.Outcome == permission.OutcomeAllow || (d.Outcome == permission.OutcomeAsk && d.Approval == agent.Approved):
				res := toolgen.ErrorResult(fmt.Sprintf("Not run: %s. The call was decided under the earlier contract; call the tool again if it is still needed.", c.Reason))
				d.Result = &res
			}
		}
		if !waits {
			p.Tools = slices.DeleteFunc(p.Tools, func(fp agent.ToolFingerprint) bool { return fp.Name == c.Name })
		}
	}
}

// notRun is the error for an approver of the calls ids (none: every
// approved call) of s's paused turn that will not run, refused by
// refuseChanged: a call that asked has a result in a paused turn only
// then.
func notRun(s *agent.State, ids []string) error {
	var refused []string
	for _, d := range s.Paused.Calls {
		named := slices.Contains(ids, d.Call.ID) || (len(ids) == 0 && d.Approval == agent.Approved)
		if named && d.Outcome == permission.OutcomeAsk && d.Result != nil {
			refused = append(refused, fmt.Sprintf("call %s (%s) will not run; the model is told: %q", d.Call.ID, d.Call.Name, d.Result.Text()))
		}
	}
	if len(refused) == 0 {
		return nil
	}
	return fmt.Errorf("temporal: run %s: the approval was recorded, but %s", s.RunID, strings.Join(refused, "; "))
}

// Options configure the activities of a run. The zero Options are the
// defaults.
type Options struct {
	// ModelTimeout bounds one model request (default 5 minutes);
	// ModelAttempts is how many times it is tried (default 5).
	ModelTimeout  time.Duration
	ModelAttempts int32
	// ToolAttempts is how many times a call of a tool annotated idempotent
	// or read-only is tried (default 5). Other tools are tried once: a
	// call lost with its worker is reported to the model as not completed,
	// never run again.
	ToolAttempts int32
	// ToolRetry, when set, chooses the retry policy of a tool's calls in
	// place of the rule above (Tools overrides it).
	ToolRetry func(toolgen.Tool) *temporal.RetryPolicy
	// Tools sets the policy of some tools' calls (timeout, heartbeat,
	// attempts), by name: the generated ToolName constants, or the names
	// given to agent.AsTool. A field left zero keeps the default; a name
	// the agent and its sub-agents do not have makes Register panic.
	Tools map[toolgen.ToolName]ToolPolicy
	// ContinueAsNewAfter continues the run as a new one, carrying its
	// State, between two steps once its history has this many events; 0
	// leaves it to the server's suggestion (about 4k events or 4 MB of
	// history by default).
	ContinueAsNewAfter int
	// ToolGrace is added to the agent's timeout for a tool
	// (agent.WithToolTimeout) to bound its activity (default 30 seconds);
	// a tool without a timeout has 24 hours.
	ToolGrace time.Duration
	// ToolHeartbeat is the heartbeat timeout of every tool call's
	// activity: it heartbeats (every third of it) while the tool runs,
	// with the tool's latest progress, and the server treats a call whose
	// heartbeats stopped for ToolHeartbeat as lost with its worker:
	// retried or reported as not completed, as above, without waiting for
	// the call's whole timeout. 0: DefaultToolHeartbeat (a minute), for
	// calls whose timeout is longer; negative: no heartbeat timeout
	// (ToolPolicy.Heartbeat sets one tool's).
	ToolHeartbeat time.Duration
}

// continueAsNew says whether the run should continue as new now.
func (o Options) continueAsNew(ctx workflow.Context) bool {
	info := workflow.GetInfo(ctx)
	return info.GetContinueAsNewSuggested() || (o.ContinueAsNewAfter > 0 && info.GetCurrentHistoryLength() >= o.ContinueAsNewAfter)
}

func (o Options) modelActivity() workflow.ActivityOptions {
	timeout, attempts := o.ModelTimeout, o.ModelAttempts
	if timeout == 0 {
		timeout = 5 * time.Minute
	}
	if attempts == 0 {
		attempts = 5
	}
	return workflow.ActivityOptions{StartToCloseTimeout: timeout, RetryPolicy: &temporal.RetryPolicy{MaximumAttempts: attempts}}
}

// ToolPolicy is how the calls of one tool run: its activity's timeout,
// heartbeat and retries. A zero field takes the default, from Options and
// the tool's annotations.
type ToolPolicy struct {
	// Timeout bounds one attempt of a call (its activity's start-to-close
	// timeout). Default: the agent's timeout for the tool
	// (agent.WithToolTimeout) plus Options.ToolGrace, or 24 hours for a
	// tool without one. For a sub-agent run as a child workflow it bounds
	// the child's whole run (default: none, but the agent's timeout plus
	// the grace when it has one).
	Timeout time.Duration
	// Heartbeat makes the call's activity heartbeat (every third of it)
	// while the tool runs, and the server treat a call whose heartbeats
	// stopped for Heartbeat as lost with its worker: retried or reported as
	// not completed without waiting for Timeout. Default:
	// Options.ToolHeartbeat; negative: no heartbeat timeout.
	Heartbeat time.Duration
	// Attempts is how many times a call is tried (at least once).
	// Default: Options.ToolAttempts for a tool annotated idempotent or
	// read-only, 1 for any other.
	Attempts int32
	// Retry, when set, is the calls' whole retry policy (backoff,
	// non-retryable errors...), in place of Attempts.
	Retry *temporal.RetryPolicy
}

// activity is the activity options of p (resolved: no zero field but
// Heartbeat).
func (p ToolPolicy) activity() workflow.ActivityOptions {
	return workflow.ActivityOptions{StartToCloseTimeout: p.Timeout, HeartbeatTimeout: p.Heartbeat, RetryPolicy: p.Retry}
}

// toolPolicy is the resolved policy of tool t, whose agent's timeout is
// timeout: Options.Tools[t.Name] over the defaults.
func (o Options) toolPolicy(t toolgen.Tool, timeout time.Duration) ToolPolicy {
	p := o.Tools[t.Name]
	if p.Timeout == 0 && timeout > 0 {
		grace := o.ToolGrace
		if grace == 0 {
			grace = 30 * time.Second
		}
		p.Timeout = timeout + grace
	}
	_, sub := agent.SubAgent(t)
	if p.Timeout == 0 && !sub {
		p.Timeout = 24 * time.Hour
	}
	if p.Heartbeat == 0 {
		p.Heartbeat = o.ToolHeartbeat
	}
	switch {
	case p.Heartbeat == 0 && !sub && p.Timeout > DefaultToolHeartbeat: // a sub-agent's run is a child workflow
		p.Heartbeat = DefaultToolHeartbeat // a lost worker is noticed within it
	case p.Heartbeat < 0:
		p.Heartbeat = 0
	}
	if p.Retry == nil {
		p.Retry = o.toolRetry(t, p.Attempts)
	}
	return p
}

// toolRetry is the retry policy of a tool's calls: attempts if set, else
// Options.ToolRetry's if set, else idempotent and read-only tools are
// retried and others are not.
func (o Options) toolRetry(t toolgen.Tool, attempts int32) *temporal.RetryPolicy {
	switch {
	case attempts > 0:
		return &temporal.RetryPolicy{MaximumAttempts: attempts}
	case o.ToolRetry != nil:
		return o.ToolRetry(t)
	case t.Annotations.Idempotent || t.Annotations.ReadOnly:
		attempts := o.ToolAttempts
		if attempts == 0 {
			attempts = 5
		}
		return &temporal.RetryPolicy{MaximumAttempts: attempts}
	}
	return &temporal.RetryPolicy{MaximumAttempts: 1}
}
