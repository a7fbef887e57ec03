package temporal_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/temporal"
)

// subAgents is a parent whose model asks two sub-agents in one turn: a
// researcher that looks something up, and a sender whose send needs an
// approval no one can give from a tool call.
func subAgents(t *testing.T, cnt *counter) *agent.Agent {
	research, err := agent.New(rt.NewModel(rt.Calls(rt.Call("r1", "lookup", `{"q":"x"}`)), rt.Text("x is 42")),
		agent.WithName("researcher"),
		agent.WithTools([]toolgen.Tool{cnt.tool("lookup", func(t *toolgen.Tool) { t.Annotations.ReadOnly = true })}))
	require.NoError(t, err)
	sender, err := agent.New(rt.NewModel(rt.Calls(rt.Call("s1", "send", `{"to":"bob"}`))),
		agent.WithTools([]toolgen.Tool{cnt.tool("send", func(t *toolgen.Tool) { t.RequiresApproval = true })}))
	require.NoError(t, err)
	parent, err := agent.New(rt.NewModel(
		rt.Calls(rt.Call("c1", "research", `{"prompt":"find x"}`), rt.Call("c2", "sender", `{"prompt":"send x to bob"}`)),
		rt.Text("x is 42; the sender could not send"),
	), agent.WithTools([]toolgen.Tool{
		research.AsTool("research", "researches"),
		sender.AsTool("sender", "sends"),
	}))
	require.NoError(t, err)
	return parent
}

// TestSubAgentsAsChildWorkflows: a sub-agent's run is a child workflow,
// of its own type, whose id is the parent's run id and the call id; the
// parent's transcript and usage are those of the in-process Run (which
// runs the sub-agents inside the calls), a sub-agent that pauses included.
func TestSubAgentsAsChildWorkflows(t *testing.T) {
	srv := newServer(t)
	var cnt counter
	a := subAgents(t, &cnt)
	c := serveAgent(srv, a, temporal.Options{})
	ctx := context.Background()

	const id = "run-sub"
	require.NoError(t, c.Start(ctx, id, "find x and send it"))
	s, err := c.Result(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, s.StopReason)
	assert.Equal(t, 1, cnt.count("lookup"))
	assert.Equal(t, 0, cnt.count("send"))
	cnt.mu.Lock()
	assert.Equal(t, []string{"run-sub/c1/r1"}, cnt.keys, "the child's calls are keyed by its own id")
	cnt.mu.Unlock()

	var cnt2 counter
	want, err := subAgents(t, &cnt2).Run(ctx, "find x and send it", nil)
	require.NoError(t, err)
	assert.Equal(t, jsonOf(t, want.Messages), jsonOf(t, s.Messages))
	assert.Equal(t, want.Usage, s.Usage, "the parent pays for its sub-agents")
	assert.Equal(t, agent.Usage{InputTokens: 50, OutputTokens: 25}, s.Usage, "two responses of its own, three of its sub-agents'")
	assert.Equal(t, want.ToolTokens, s.ToolTokens, "the parent counts its sub-agents' tools as Run does")
	assert.True(t, slices.ContainsFunc(s.ToolTokens, func(tt agent.ToolTokens) bool { return strings.Contains(string(tt.Tool), "/") }), "%v", s.ToolTokens)
	assert.Contains(t, s.Messages[2].Results[1].Result.Text(), "needs a person's approval")

	for call, typ := range map[string]string{"c1": temporal.WorkflowName + "/research", "c2": temporal.WorkflowName + "/sender"} {
		d, err := srv.GetDefaultClient().DescribeWorkflowExecution(ctx, id+"/"+call, "")
		require.NoError(t, err)
		info := d.GetWorkflowExecutionInfo()
		assert.Equal(t, typ, info.GetType().GetName())
		assert.Equal(t, id, info.GetParentExecution().GetWorkflowId())
	}

	h := fetchHistory(t, srv.GetDefaultClient(), id)
	replay(t, subAgents(t, &counter{}), id, h)
	record(t, "subagents", h)
}

// TestCrashMidChild kills the worker while a sub-agent's run is waiting
// for its model, after its destructive charge ran: a new worker finishes
// the child from its history and then the parent, and the charge ran
// exactly once.
func TestCrashMidChild(t *testing.T) {
	srv := newServer(t)
	h := newHold()
	var cnt counter
	newParent := func(h *hold) *agent.Agent {
		subModel := &turnModel{replies: []agent.Response{calls(rt.Call("k1", "charge", `{"cents":100}`)), text("charged 100")}, holds: map[int]*hold{1: h}}
		sub := crashAgent(t, &cnt, subModel, nil, nil)
		a, err := agent.New(&turnModel{replies: []agent.Response{
			calls(rt.Call("c1", "biller", `{"prompt":"charge 100"}`)), text("billed"),
		}}, agent.WithTools([]toolgen.Tool{sub.AsTool("biller", "bills")}))
		require.NoError(t, err)
		return a
	}
	w1 := startCrashWorker(t, srv, newParent(h), crashOpts)
	c := temporal.NewClient(srv.GetDefaultClient(), "agents")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	require.NoError(t, c.Start(ctx, "crash-child", "bill me"))

	w1.crash(t, h)
	assert.Equal(t, 1, cnt.count("charge"))
	startCrashWorker(t, srv, newParent(nil), crashOpts)

	s, err := c.Result(ctx, "crash-child")
	require.NoError(t, err)
	assert.Equal(t, "billed", s.Output())
	assert.Equal(t, "charged 100", s.Messages[2].Results[0].Result.Text(), "the child's answer")
	assert.Equal(t, 1, cnt.count("charge"), "the child's charge ran exactly once")
	cnt.mu.Lock()
	assert.Equal(t, []string{"crash-child/c1/k1"}, cnt.keys)
	cnt.mu.Unlock()
}

// TestSubAgentEventsNameTheirParent: the events of a sub-agent's run, a
// child workflow (its decisions, and its tool calls in activities), name
// the parent run and the call that started it, as in process.
func TestSubAgentEventsNameTheirParent(t *testing.T) {
	srv := newServer(t)
	var cnt counter
	var mu sync.Mutex
	var events []agent.Event
	research, err := agent.New(rt.NewModel(rt.Calls(rt.Call("r1", "lookup", `{"q":"x"}`)), rt.Text("x is 42")),
		agent.WithTools([]toolgen.Tool{cnt.tool("lookup", func(t *toolgen.Tool) { t.Annotations.ReadOnly = true })}),
		agent.WithObserver(func(e agent.Event) { mu.Lock(); events = append(events, e); mu.Unlock() }))
	require.NoError(t, err)
	parent, err := agent.New(rt.NewModel(rt.Calls(rt.Call("c1", "research", `{"prompt":"find x"}`)), rt.Text("42")),
		agent.WithTools([]toolgen.Tool{research.AsTool("research", "researches")}))
	require.NoError(t, err)
	c := serveAgent(srv, parent, temporal.Options{})
	ctx := context.Background()
	require.NoError(t, c.Start(ctx, "run-ev", "find x"))
	_, err = c.Result(ctx, "run-ev")
	require.NoError(t, err)

	mu.Lock()
	defer mu.Unlock()
	kinds := map[agent.EventKind]bool{}
	for _, e := range events {
		kinds[e.Kind] = true
		assert.Equal(t, "run-ev", e.ParentRunID, "%s", e.Kind)
		assert.Equal(t, "c1", e.ParentCallID, "%s", e.Kind)
		assert.Equal(t, "run-ev/c1", e.RunID, "%s", e.Kind)
	}
	for _, k := range []agent.EventKind{agent.EventCallAllowed, agent.EventToolStarted, agent.EventToolFinished, agent.EventRunStopped} {
		assert.True(t, kinds[k], "the sub-agent's %s event was delivered", k)
	}
}

// TestFailedSubAgentIsPaidFor: a sub-agent whose run fails (its model
// fails after it answered once) still costs its caller what it used, as in
// process, and the call's result says it failed.
func TestFailedSubAgentIsPaidFor(t *testing.T) {
	newParent := func(cnt *counter) *agent.Agent {
		research, err := agent.New(rt.NewModel(rt.Calls(rt.Call("r1", "lookup", `{"q":"x"}`)), rt.Fail(errors.New("model down"))),
			agent.WithTools([]toolgen.Tool{cnt.tool("lookup", func(t *toolgen.Tool) { t.Annotations.ReadOnly = true })}))
		require.NoError(t, err)
		parent, err := agent.New(rt.NewModel(rt.Calls(rt.Call("c1", "research", `{"prompt":"find x"}`)), rt.Text("no luck")),
			agent.WithTools([]toolgen.Tool{research.AsTool("research", "researches")}))
		require.NoError(t, err)
		return parent
	}
	srv := newServer(t)
	var cnt counter
	c := serveAgent(srv, newParent(&cnt), temporal.Options{ModelAttempts: 1})
	ctx := context.Background()
	require.NoError(t, c.Start(ctx, "run-fail", "find x"))
	s, err := c.Result(ctx, "run-fail")
	require.NoError(t, err)

	want, err := newParent(&counter{}).Run(ctx, "find x", nil)
	require.NoError(t, err)
	assert.Equal(t, want.Usage, s.Usage, "the caller pays for the failed sub-agent's response")
	assert.Equal(t, agent.Usage{InputTokens: 30, OutputTokens: 15}, s.Usage)
	assert.Contains(t, s.Messages[2].Results[0].Result.Text(), "agent research failed")
	assert.Contains(t, s.Messages[2].Results[0].Result.Text(), "model down")
}

// namedSandbox is a sandbox that answers every read with its name.
type namedSandbox string

func (n namedSandbox) ReadFile(context.Context, string) ([]byte, error) { return []byte(n), nil }
func (n namedSandbox) WriteFile(context.Context, string, []byte) error  { return nil }
func (n namedSandbox) List(context.Context, string) ([]toolgen.DirEntry, error) {
	return nil, nil
}
func (n namedSandbox) Run(context.Context, string) (toolgen.CommandResult, error) {
	return toolgen.CommandResult{}, nil
}

// TestSubAgentWorksInItsCallersSandbox: a sub-agent without a sandbox of
// its own, run as a child workflow, works in its caller's (as in process);
// one with its own keeps it.
func TestSubAgentWorksInItsCallersSandbox(t *testing.T) {
	readTool := toolgen.Tool{Name: "read", InputSchema: []byte(`{"type":"object"}`), Annotations: toolgen.Annotations{ReadOnly: true},
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			sb := toolgen.CtxFrom(ctx).Sandbox
			if sb == nil {
				return toolgen.TextResult("no sandbox"), nil
			}
			b, err := sb.ReadFile(ctx, "x")
			return toolgen.TextResult(string(b)), err
		}}
	newParent := func() *agent.Agent {
		sub := func(opts ...agent.Option) *agent.Agent {
			a, err := agent.New(rt.NewModel(rt.Calls(rt.Call("r1", "read", `{}`)), rt.Respond(func(req agent.Request) agent.Response {
				last := req.Messages[len(req.Messages)-1]
				return agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Text: last.Results[0].Result.Text()}}
			})), append(opts, agent.WithTools([]toolgen.Tool{readTool}))...)
			require.NoError(t, err)
			return a
		}
		parent, err := agent.New(rt.NewModel(
			rt.Calls(rt.Call("c1", "inherits", `{"prompt":"read"}`), rt.Call("c2", "own", `{"prompt":"read"}`)), rt.Text("done")),
			agent.WithSandbox(namedSandbox("the caller's")),
			agent.WithTools([]toolgen.Tool{sub().AsTool("inherits", "reads"), sub(agent.WithSandbox(namedSandbox("its own"))).AsTool("own", "reads")}))
		require.NoError(t, err)
		return parent
	}
	srv := newServer(t)
	c := serveAgent(srv, newParent(), temporal.Options{})
	ctx := context.Background()
	require.NoError(t, c.Start(ctx, "run-sb", "read"))
	s, err := c.Result(ctx, "run-sb")
	require.NoError(t, err)
	assert.Equal(t, "the caller's", s.Messages[2].Results[0].Result.Text())
	assert.Equal(t, "its own", s.Messages[2].Results[1].Result.Text())

	want, err := newParent().Run(ctx, "read", nil)
	require.NoError(t, err)
	assert.Equal(t, jsonOf(t, want.Messages), jsonOf(t, s.Messages))
}
