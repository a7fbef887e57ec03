package temporal

import (
	"encoding/json"
	"fmt"
	"time"

	"go.temporal.io/sdk/temporal"
	"go.temporal.io/sdk/workflow"

	"github.com/toolgen-dev/toolgen/runtime"
	"github.com/toolgen-dev/toolgen/runtime/agent"
)

// The names a run is known by on the server.
const (
	// WorkflowName is the run's workflow type.
	WorkflowName = "toolgen.agent.Run"
	// ModelActivity asks the model (an agent.Request, an agent.Response).
	ModelActivity = "toolgen.agent.Generate"
	// ToolActivity runs one tool call (a ToolInput, an agent.ToolResult).
	ToolActivity = "toolgen.agent.CallTool"
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

// workflows is the run workflow of one agent: its decisions (agent.Next)
// are pure, so replaying the history through them rebuilds the State.
type workflows struct {
	agent *agent.Agent
	opts  Options
}

// run drives a.Next. It does no I/O and reads no clock, randomness or map
// order: the run id is the workflow id, every effect is an activity, and
// tool calls are started and collected in call order.
func (w *workflows) run(ctx workflow.Context, in Input) (*agent.State, error) {
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
	err := workflow.SetUpdateHandlerWithOptions(ctx, DecideUpdate,
		func(ctx workflow.Context, d Decision) error { return decide(s, d) },
		workflow.UpdateHandlerOptions{Validator: func(ctx workflow.Context, d Decision) error {
			c, err := clone(s)
			if err != nil {
				return err
			}
			return decide(c, d)
		}})
	if err != nil {
		return nil, err
	}
	for steps := 0; ; steps++ {
		if steps > 0 && w.opts.continueAsNew(ctx) { // after a step: a bound below a new run's history cannot loop
			// Every handler is synchronous, so none is half done; the
			// state carries the approvals given so far.
			if err := workflow.Await(ctx, func() bool { return workflow.AllHandlersFinished(ctx) }); err != nil {
				return s, err
			}
			return s, workflow.NewContinueAsNewError(ctx, WorkflowName, Input{State: s})
		}
		act, err := w.agent.Next(s)
		if err != nil {
			return s, temporal.NewNonRetryableApplicationError(err.Error(), "agent", nil)
		}
		switch act.Kind {
		case agent.ActionStop:
			return s, nil
		case agent.ActionAwaitApproval:
			if err := workflow.Await(ctx, func() bool { return len(s.Pending()) == 0 }); err != nil {
				return s, err
			}
		case agent.ActionAskModel:
			var resp agent.Response
			actx := workflow.WithActivityOptions(ctx, w.opts.modelActivity())
			if err := workflow.ExecuteActivity(actx, ModelActivity, act.Request).Get(ctx, &resp); err != nil {
				return s, err
			}
			if err := w.agent.ApplyResponse(s, resp); err != nil {
				return s, err
			}
		case agent.ActionCallTools:
			futures := make([]workflow.Future, len(act.Calls))
			for i, c := range act.Calls {
				t, _ := w.agent.Tool(c.Name)
				actx := workflow.WithActivityOptions(ctx, w.opts.toolActivity(t, w.agent.ToolTimeout(c.Name)))
				futures[i] = workflow.ExecuteActivity(actx, ToolActivity, ToolInput{RunID: s.RunID, Call: c})
			}
			for i, f := range futures {
				var res agent.ToolResult
				if err := f.Get(ctx, &res); err != nil {
					// Out of attempts (a destructive tool has one): the
					// model is told, and the run goes on.
					c := act.Calls[i]
					res = agent.ToolResult{CallID: c.ID, Name: c.Name, Result: runtime.ErrorResult(
						fmt.Sprintf("tool %s did not complete (%v); it may have run in part or in full", c.Name, err))}
				}
				if err := w.agent.ApplyResults(s, []agent.ToolResult{res}); err != nil {
					return s, err
				}
			}
		}
	}
}

// decide applies a person's decision to s.
func decide(s *agent.State, d Decision) error {
	if d.Approve {
		return s.Approve(d.CallIDs...)
	}
	return s.Reject(d.Reason, d.CallIDs...)
}

// clone copies s deeply (json.Marshal is deterministic: struct fields in
// order, map keys sorted).
func clone(s *agent.State) (*agent.State, error) {
	data, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var c agent.State
	return &c, json.Unmarshal(data, &c)
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
	// place of the rule above.
	ToolRetry func(runtime.Tool) *temporal.RetryPolicy
	// ContinueAsNewAfter continues the run as a new one, carrying its
	// State, between two steps once its history has this many events; 0
	// leaves it to the server's suggestion (about 4k events or 4 MB of
	// history by default).
	ContinueAsNewAfter int
	// ToolGrace is added to the agent's timeout for a tool
	// (agent.WithToolTimeout) to bound its activity (default 30 seconds);
	// a tool without a timeout has 24 hours.
	ToolGrace time.Duration
	// ToolHeartbeat, when set, makes a tool call's activity heartbeat
	// (every third of it) while the tool runs, and the server treat a call
	// whose heartbeats stopped for ToolHeartbeat as lost with its worker:
	// retried or reported as not completed, as above, without waiting for
	// the call's whole timeout. 0: no heartbeats.
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

func (o Options) toolActivity(t runtime.Tool, timeout time.Duration) workflow.ActivityOptions {
	grace := o.ToolGrace
	if grace == 0 {
		grace = 30 * time.Second
	}
	if timeout == 0 {
		timeout = 24 * time.Hour
	} else {
		timeout += grace
	}
	return workflow.ActivityOptions{StartToCloseTimeout: timeout, HeartbeatTimeout: o.ToolHeartbeat, RetryPolicy: o.toolRetry(t)}
}

// toolRetry is the retry policy of a tool's calls: idempotent and
// read-only tools are retried, others are not.
func (o Options) toolRetry(t runtime.Tool) *temporal.RetryPolicy {
	if o.ToolRetry != nil {
		return o.ToolRetry(t)
	}
	if t.Annotations.Idempotent || t.Annotations.ReadOnly {
		attempts := o.ToolAttempts
		if attempts == 0 {
			attempts = 5
		}
		return &temporal.RetryPolicy{MaximumAttempts: attempts}
	}
	return &temporal.RetryPolicy{MaximumAttempts: 1}
}
