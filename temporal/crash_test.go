package temporal_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/api/enums/v1"
	historypb "go.temporal.io/api/history/v1"
	"go.temporal.io/api/workflowservice/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/server/temporaltest"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/temporal"
)

// A crash is simulated by a worker with a connection of its own: the test
// stops the worker and closes the connection while an activity is held,
// then lets the activity return, so what it did never reaches the server,
// as when a process dies. The server learns of the loss when the
// activity's start-to-close timeout passes (the short timeouts below).

// hold blocks the first call that reaches it until the crash.
type hold struct {
	once    sync.Once
	reached chan struct{}
	crashed chan struct{}
}

func newHold() *hold { return &hold{reached: make(chan struct{}), crashed: make(chan struct{})} }

// wait blocks the first caller until the crash, ignoring its context (a
// dying process does not wind down), and reports whether it was held.
func (h *hold) wait() bool {
	held := false
	h.once.Do(func() { held = true })
	if held {
		close(h.reached)
		<-h.crashed
	}
	return held
}

// crashWorker is a worker of its own connection.
type crashWorker struct {
	w worker.Worker
	c client.Client
}

func startCrashWorker(t *testing.T, srv *temporaltest.TestServer, a *agent.Agent, opts temporal.Options) *crashWorker {
	// Quiet: the SDK's worker heartbeat goes on logging after the
	// connection is closed, past the end of the test.
	c := srv.NewClientWithOptions(client.Options{Identity: "test", Logger: quiet{}})
	// The workflow tasks the server has for the lost worker's sticky queue
	// go to the task queue after a second, not the default five.
	w := worker.New(c, "agents", worker.Options{StickyScheduleToStartTimeout: time.Second})
	temporal.Register(w, a, nil, opts)
	require.NoError(t, w.Start())
	return &crashWorker{w: w, c: c}
}

// crash ends the worker once every hold is reached, before their callers
// return.
func (k *crashWorker) crash(t *testing.T, holds ...*hold) {
	t.Helper()
	for _, h := range holds {
		select {
		case <-h.reached:
		case <-time.After(time.Minute):
			t.Fatal("a held call was never reached")
		}
	}
	stopped := make(chan struct{})
	go func() { k.w.Stop(); close(stopped) }()
	k.c.Close()
	for _, h := range holds {
		close(h.crashed)
	}
	<-stopped
}

// turnModel answers by the turn (the assistant messages in the request),
// so that a request retried on another worker gets the same answer; a
// turn with a hold blocks its first request there.
type turnModel struct {
	replies []agent.Response
	holds   map[int]*hold
}

func (m *turnModel) Generate(ctx context.Context, req agent.Request) (agent.Response, error) {
	turn := 0
	for _, msg := range req.Messages {
		if msg.Role == agent.RoleAssistant {
			turn++
		}
	}
	if h := m.holds[turn]; h != nil && h.wait() {
		return agent.Response{}, errors.New("lost with its worker")
	}
	return m.replies[turn], nil
}

func calls(cs ...agent.ToolCall) agent.Response {
	return agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Calls: cs}}
}

func text(s string) agent.Response {
	return agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Text: s}}
}

// crashAgent has a read-only lookup and a destructive charge that runs
// without approval; either may hold its first call.
func crashAgent(t *testing.T, cnt *counter, model agent.Model, lookupHold, chargeHold *hold) *agent.Agent {
	held := func(h *hold) func(*toolgen.Tool) {
		return func(tool *toolgen.Tool) {
			call := tool.Call
			tool.Call = func(ctx context.Context, args []byte) (toolgen.Result, error) {
				res, err := call(ctx, args) // counted as started: the effect may be done
				if h != nil {
					h.wait()
				}
				return res, err
			}
		}
	}
	a, err := agent.New(model,
		agent.WithToolTimeout(3*time.Second),
		agent.WithTools([]toolgen.Tool{
			cnt.tool("lookup", func(tool *toolgen.Tool) { tool.Annotations.ReadOnly = true; held(lookupHold)(tool) }),
			cnt.tool("charge", func(tool *toolgen.Tool) { tool.Annotations.Destructive = true; held(chargeHold)(tool) }),
		}))
	require.NoError(t, err)
	return a
}

var crashOpts = temporal.Options{ModelTimeout: 2 * time.Second, ToolGrace: time.Second}

// TestCrashBetweenToolAndModel kills the worker after the charge finished,
// while the next model request is in flight: a new worker finishes the run
// and the charge is not run again (its result is in the history).
func TestCrashBetweenToolAndModel(t *testing.T) {
	srv := newServer(t)
	h := newHold()
	model := &turnModel{replies: []agent.Response{calls(rt.Call("c1", "charge", `{"cents":100}`)), text("charged")}, holds: map[int]*hold{1: h}}
	var cnt counter
	w1 := startCrashWorker(t, srv, crashAgent(t, &cnt, model, nil, nil), crashOpts)
	c := temporal.NewClient(srv.GetDefaultClient(), "agents")
	ctx := context.Background()
	require.NoError(t, c.Start(ctx, "crash-1", "charge me"))

	w1.crash(t, h)
	assert.Equal(t, 1, cnt.count("charge"))
	startCrashWorker(t, srv, crashAgent(t, &cnt, model, nil, nil), crashOpts)

	s, err := c.Result(ctx, "crash-1")
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, s.StopReason)
	assert.Equal(t, "charged", s.Output())
	assert.Equal(t, 1, cnt.count("charge"), "the charge ran exactly once")
}

// lookupAndCharge is a model that calls a read-only lookup and a
// destructive charge in one turn, then answers "done".
func lookupAndCharge() *turnModel {
	return &turnModel{replies: []agent.Response{
		calls(rt.Call("c1", "lookup", `{}`), rt.Call("c2", "charge", `{"cents":100}`)),
		text("done"),
	}}
}

// TestCrashMidTool kills the worker while a read-only lookup and a
// destructive charge are both running: the lookup is retried on the new
// worker with the same idempotency key (at least once), the charge is not
// (at most once): the model is told it did not complete.
func TestCrashMidTool(t *testing.T) {
	srv := newServer(t)
	lookupHold, chargeHold := newHold(), newHold()
	model := lookupAndCharge()
	var cnt counter
	w1 := startCrashWorker(t, srv, crashAgent(t, &cnt, model, lookupHold, chargeHold), crashOpts)
	c := temporal.NewClient(srv.GetDefaultClient(), "agents")
	ctx := context.Background()
	require.NoError(t, c.Start(ctx, "crash-2", "look and charge"))

	w1.crash(t, lookupHold, chargeHold)
	startCrashWorker(t, srv, crashAgent(t, &cnt, model, nil, nil), crashOpts)

	s, err := c.Result(ctx, "crash-2")
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, s.StopReason)
	assert.Equal(t, 2, cnt.count("lookup"), "a read-only call lost with its worker runs again")
	assert.Equal(t, 1, cnt.count("charge"), "a destructive call lost with its worker does not")
	cnt.mu.Lock()
	assert.ElementsMatch(t, []string{"crash-2/c1", "crash-2/c1", "crash-2/c2"}, cnt.keys)
	cnt.mu.Unlock()
	results := s.Messages[2].Results
	require.Len(t, results, 2)
	assert.Equal(t, "lookup done with {}", results[0].Result.Text())
	assert.True(t, results[1].Result.IsError)
	assert.True(t, strings.Contains(results[1].Result.Text(), "tool charge did not complete"), results[1].Result.Text())
	record(t, "crash-mid-tool", fetchHistory(t, srv.GetDefaultClient(), "crash-2"))
}

// TestCrashMidToolNoticedByHeartbeat: with ToolHeartbeat, a worker lost in
// the middle of a tool is noticed when its heartbeats stop, not when the
// call's timeout (an hour here) passes.
func TestCrashMidToolNoticedByHeartbeat(t *testing.T) {
	srv := newServer(t)
	lookupHold, chargeHold := newHold(), newHold()
	model := lookupAndCharge()
	opts := temporal.Options{ModelTimeout: 2 * time.Second, ToolGrace: time.Hour, ToolHeartbeat: 2 * time.Second}
	var cnt counter
	w1 := startCrashWorker(t, srv, crashAgent(t, &cnt, model, lookupHold, chargeHold), opts)
	c := temporal.NewClient(srv.GetDefaultClient(), "agents")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	require.NoError(t, c.Start(ctx, "crash-hb", "look and charge"))

	w1.crash(t, lookupHold, chargeHold)
	startCrashWorker(t, srv, crashAgent(t, &cnt, model, nil, nil), opts)

	s, err := c.Result(ctx, "crash-hb")
	require.NoError(t, err, "the lost calls are noticed by their heartbeats, within the test's 90 s")
	assert.Equal(t, agent.StopDone, s.StopReason)
	assert.Equal(t, 2, cnt.count("lookup"), "the read-only call runs again")
	assert.Equal(t, 1, cnt.count("charge"), "the destructive call does not")
	results := s.Messages[2].Results
	require.Len(t, results, 2)
	assert.True(t, strings.Contains(results[1].Result.Text(), "tool charge did not complete"), results[1].Result.Text())
}

// TestPerToolHeartbeat: a heartbeat set for one tool (Options.Tools)
// notices a worker lost in the middle of its call within seconds, while
// the other call lost with it keeps the default heartbeat (a minute) and
// its hour-long timeout: the read-only lookup runs again on the new
// worker, the charge's activity still waits.
func TestPerToolHeartbeat(t *testing.T) {
	srv := newServer(t)
	lookupHold, chargeHold := newHold(), newHold()
	model := lookupAndCharge()
	opts := temporal.Options{ModelTimeout: 2 * time.Second, ToolGrace: time.Hour, Tools: map[toolgen.ToolName]temporal.ToolPolicy{
		"lookup": {Heartbeat: 2 * time.Second},
	}}
	var cnt counter
	w1 := startCrashWorker(t, srv, crashAgent(t, &cnt, model, lookupHold, chargeHold), opts)
	c := temporal.NewClient(srv.GetDefaultClient(), "agents")
	ctx := context.Background()
	const id = "crash-tool-hb"
	require.NoError(t, c.Start(ctx, id, "look and charge"))

	w1.crash(t, lookupHold, chargeHold)
	startCrashWorker(t, srv, crashAgent(t, &cnt, model, nil, nil), opts)
	deadline := time.Now().Add(60 * time.Second)
	for cnt.count("lookup") < 2 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	require.Equal(t, 2, cnt.count("lookup"), "the lookup's lost call is noticed by its heartbeat and runs again")

	// The lookup ran again; its activity's completion reaches the server
	// a moment later: wait (bounded) until only the charge's is pending.
	var d *workflowservice.DescribeWorkflowExecutionResponse
	for {
		var err error
		d, err = srv.GetDefaultClient().DescribeWorkflowExecution(ctx, id, "")
		require.NoError(t, err)
		if len(d.GetPendingActivities()) <= 1 || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	assert.Equal(t, enums.WORKFLOW_EXECUTION_STATUS_RUNNING, d.GetWorkflowExecutionInfo().GetStatus(), "the charge's call is not noticed yet")
	pending := d.GetPendingActivities()
	require.Len(t, pending, 1)
	assert.Equal(t, int32(1), pending[0].GetAttempt())
	assert.Equal(t, 1, cnt.count("charge"))

	// The options each call's activity was scheduled with.
	scheduled := map[toolgen.ToolName]*historypb.ActivityTaskScheduledEventAttributes{}
	for _, e := range fetchHistory(t, srv.GetDefaultClient(), id).Events {
		if a := e.GetActivityTaskScheduledEventAttributes(); a != nil && a.GetActivityType().GetName() == temporal.ToolActivity {
			var in temporal.ToolInput
			require.NoError(t, json.Unmarshal(a.GetInput().GetPayloads()[0].GetData(), &in))
			scheduled[in.Call.Name] = a
		}
	}
	require.Len(t, scheduled, 2)
	assert.Equal(t, 2*time.Second, scheduled["lookup"].GetHeartbeatTimeout().AsDuration())
	assert.Equal(t, int32(5), scheduled["lookup"].GetRetryPolicy().GetMaximumAttempts())
	assert.Equal(t, temporal.DefaultToolHeartbeat, scheduled["charge"].GetHeartbeatTimeout().AsDuration(), "the default, a minute: not noticed yet")
	assert.Equal(t, time.Hour+3*time.Second, scheduled["charge"].GetStartToCloseTimeout().AsDuration())
	assert.Equal(t, int32(1), scheduled["charge"].GetRetryPolicy().GetMaximumAttempts())
	require.NoError(t, srv.GetDefaultClient().TerminateWorkflow(ctx, id, "", "the test is over"))
}
