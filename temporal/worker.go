package temporal

import (
	"context"
	"errors"
	"fmt"
	"strings"

	enumspb "go.temporal.io/api/enums/v1"
	"go.temporal.io/api/serviceerror"
	"go.temporal.io/sdk/activity"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/converter"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
)

// NewWorker is a worker on taskQueue that runs a's runs: the run workflow,
// and the activities that call a's model and tools (with deps, as Run
// gives them). Start it with Start or Run; every worker of a task queue
// must run the same agent (tools, permissions, system prompt).
func NewWorker(c client.Client, taskQueue string, a *agent.Agent, deps any, opts Options) worker.Worker {
	w := worker.New(c, taskQueue, worker.Options{})
	Register(w, a, deps, opts)
	return w
}

// Register registers a's run workflow and activities with r (a worker, or
// a worker.WorkflowReplayer, which needs only the workflow), and those of
// its sub-agents (agent.AsTool), whose runs are child workflows.
func Register(r worker.Registry, a *agent.Agent, deps any, opts Options) {
	register(r, a, opts, func(a *agent.Agent, n names, inherited toolgen.Sandbox) {
		acts := &activities{agent: a, deps: deps, inherited: inherited}
		r.RegisterActivityWithOptions(acts.generate, activity.RegisterOptions{Name: n.model})
		r.RegisterActivityWithOptions(acts.callTool, activity.RegisterOptions{Name: n.tool})
		r.RegisterActivityWithOptions(acts.compact, activity.RegisterOptions{Name: n.compact})
	})
}

// RegisterWorkflow registers a's run workflow alone, and its sub-agents'
// (for a replayer).
func RegisterWorkflow(r worker.WorkflowRegistry, a *agent.Agent, opts Options) {
	register(r, a, opts, func(*agent.Agent, names, toolgen.Sandbox) {})
}

// register registers the workflows of a and of its sub-agents, and calls
// activities for each agent with its names and the sandbox it inherits
// from its callers (a sub-agent without a sandbox of its own works in its
// caller's, as in process). It panics on a name in opts.Tools that no
// agent has, as the SDK does on a name registered twice.
func register(r worker.WorkflowRegistry, a *agent.Agent, opts Options, activities func(*agent.Agent, names, toolgen.Sandbox)) {
	known := map[toolgen.ToolName]bool{}
	var walk func(a *agent.Agent, n names, sub bool, inherited toolgen.Sandbox)
	walk = func(a *agent.Agent, n names, sub bool, inherited toolgen.Sandbox) {
		w := &workflows{agent: a, opts: opts, names: n, sub: sub}
		r.RegisterWorkflowWithOptions(w.run, workflow.RegisterOptions{Name: n.workflow})
		activities(a, n, inherited)
		if sb := a.Sandbox(); sb != nil {
			inherited = sb
		}
		for _, t := range a.Tools() {
			known[t.Name] = true
			if subAgent, ok := agent.SubAgent(t); ok {
				walk(subAgent, n.sub(t.Name), true, inherited)
			}
		}
	}
	walk(a, rootNames, false, nil)
	for name := range opts.Tools {
		if !known[name] {
			panic(fmt.Sprintf("temporal: Options.Tools names tool %q, which the agent and its sub-agents do not have", name))
		}
	}
}

// activities are the effects of a's runs.
type activities struct {
	agent *agent.Agent
	deps  any
	// inherited is the sandbox of the agent's callers, for a sub-agent
	// without its own; nil for a run of its own.
	inherited toolgen.Sandbox
}

func (x *activities) generate(ctx context.Context, req agent.Request) (agent.Response, error) {
	return x.agent.Model().Generate(ctx, req)
}

func (x *activities) compact(ctx context.Context, in CompactInput) (agent.CompactionResult, error) {
	return x.agent.Compact(ctx, in.Request, in.Tokens)
}

func (x *activities) callTool(ctx context.Context, in ToolInput) (agent.ToolResult, error) {
	ctx, stop := startHeartbeats(ctx, in.Call.ID, in.Call.Name)
	defer stop()
	return x.agent.CallTool(callerContext(ctx, in.Parent, x.inherited), in.RunID, in.Call, x.deps)
}

// Client starts runs on a task queue and talks to them.
type Client struct {
	c         client.Client
	taskQueue string
}

// NewClient is a client of the runs on taskQueue.
func NewClient(c client.Client, taskQueue string) *Client {
	return &Client{c: c, taskQueue: taskQueue}
}

// ErrRunExists is the error (wrapped) of a Start whose id names a run
// that is running, or that ran while the server still keeps its history
// (the namespace's retention): the prompt was not started.
var ErrRunExists = errors.New("a run with this id exists")

// Start starts a run of prompt with workflow id id (the run's
// agent.State.RunID, and so the first half of its calls' idempotency
// keys). An id names one run: if a run of that id is running, or ran (its
// history still on the server), Start returns an error that wraps
// ErrRunExists and starts nothing; that run is unaffected. A run that ran
// is not started again because its calls would have its idempotency keys
// again ("id/call_1"), and a tool that keys its effects with them would
// take the new calls for the old ones and skip them.
func (c *Client) Start(ctx context.Context, id, prompt string) error {
	_, err := c.c.ExecuteWorkflow(ctx, client.StartWorkflowOptions{
		ID:        id,
		TaskQueue: c.taskQueue,
		// Without it the SDK returns the existing run instead of an
		// error, and the prompt is silently dropped.
		WorkflowExecutionErrorWhenAlreadyStarted: true,
		WorkflowIDConflictPolicy:                 enumspb.WORKFLOW_ID_CONFLICT_POLICY_FAIL,
		WorkflowIDReusePolicy:                    enumspb.WORKFLOW_ID_REUSE_POLICY_REJECT_DUPLICATE,
	}, WorkflowName, Input{Prompt: prompt})
	var started *serviceerror.WorkflowExecutionAlreadyStarted
	if errors.As(err, &started) {
		return fmt.Errorf("temporal: run %q %s: %w; the prompt was not started (an id names one run)", id, c.runStatus(ctx, id), ErrRunExists)
	}
	return err
}

// runStatus says how run id stands, for an error: "is running", "ran
// (status Completed)"...
func (c *Client) runStatus(ctx context.Context, id string) string {
	d, err := c.c.DescribeWorkflowExecution(ctx, id, "")
	if err != nil {
		return "exists"
	}
	st := d.GetWorkflowExecutionInfo().GetStatus()
	if st == enumspb.WORKFLOW_EXECUTION_STATUS_RUNNING {
		return "is running"
	}
	return fmt.Sprintf("ran (status %s)", st)
}

// Progress is the latest progress of run id's tool calls in flight, by
// call id: what their activities' last heartbeats recorded (a call that
// has reported nothing is not there, nor are the calls of a sub-agent's
// run, a child workflow of its own). The details are decoded with the
// SDK's default data converter, as the worker encodes them unless its
// client was given another.
func (c *Client) Progress(ctx context.Context, id string) (map[string]CallProgress, error) {
	d, err := c.c.DescribeWorkflowExecution(ctx, id, "")
	if err != nil {
		return nil, err
	}
	out := map[string]CallProgress{}
	for _, a := range d.GetPendingActivities() {
		name := a.GetActivityType().GetName()
		if name != ToolActivity && !strings.HasPrefix(name, ToolActivity+"/") {
			continue
		}
		var cp CallProgress
		if details := a.GetHeartbeatDetails(); len(details.GetPayloads()) > 0 && converter.GetDefaultDataConverter().FromPayloads(details, &cp) == nil && cp.CallID != "" {
			out[cp.CallID] = cp
		}
	}
	return out, nil
}

// State is the current state of run id.
func (c *Client) State(ctx context.Context, id string) (*agent.State, error) {
	var s agent.State
	return &s, c.query(ctx, id, StateQuery, &s)
}

// Pending are the calls of run id waiting for approval.
func (c *Client) Pending(ctx context.Context, id string) ([]agent.PendingCall, error) {
	var p []agent.PendingCall
	return p, c.query(ctx, id, PendingQuery, &p)
}

func (c *Client) query(ctx context.Context, id, name string, into any) error {
	v, err := c.c.QueryWorkflow(ctx, id, "", name)
	if err != nil {
		return err
	}
	return v.Get(into)
}

// Approve approves the pending calls of run id with these call ids, or all
// of them; it returns once the run has recorded the approval. An unknown
// call id, a run not paused, or a call rejected already (a decided call
// stays decided; approving it again is not an error) is an error and
// changes nothing. A call whose tool changed since the run paused (a
// redeploy: its input schema, RequiresApproval or annotations differ) is
// approved but does not run: the model is told, and Approve returns an
// error saying so.
func (c *Client) Approve(ctx context.Context, id string, callIDs ...string) error {
	return c.decide(ctx, id, Decision{Approve: true, CallIDs: callIDs})
}

// Reject rejects the pending calls of run id with these call ids, or all
// of them; the model is told reason. A call approved already is an error,
// as for Approve.
func (c *Client) Reject(ctx context.Context, id, reason string, callIDs ...string) error {
	return c.decide(ctx, id, Decision{Reason: reason, CallIDs: callIDs})
}

func (c *Client) decide(ctx context.Context, id string, d Decision) error {
	h, err := c.c.UpdateWorkflow(ctx, client.UpdateWorkflowOptions{
		WorkflowID: id, UpdateName: DecideUpdate, Args: []any{d}, WaitForStage: client.WorkflowUpdateStageCompleted,
	})
	if err != nil {
		return err
	}
	return h.Get(ctx, nil)
}

// Result waits for run id to stop and returns its state: done, or out of
// turns (a run waiting for approval has not stopped).
func (c *Client) Result(ctx context.Context, id string) (*agent.State, error) {
	var s *agent.State
	if err := c.c.GetWorkflow(ctx, id, "").Get(ctx, &s); err != nil {
		return nil, err
	}
	if s == nil {
		return nil, errors.New("temporal: the run returned no state")
	}
	return s, nil
}
