package temporal_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/api/enums/v1"
	"go.temporal.io/api/history/v1"
	"go.temporal.io/api/temporalproto"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/sdk/workflow"
	"go.temporal.io/server/temporaltest"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/temporal"
)

// counter counts the calls of each tool.
type counter struct {
	mu    sync.Mutex
	calls map[toolgen.ToolName]int
	keys  []string // the idempotency keys of the calls
}

func (c *counter) tool(name toolgen.ToolName, mod func(*toolgen.Tool)) toolgen.Tool {
	t := toolgen.Tool{
		Name:        name,
		Description: "test tool " + string(name),
		InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
			c.mu.Lock()
			defer c.mu.Unlock()
			if c.calls == nil {
				c.calls = map[toolgen.ToolName]int{}
			}
			c.calls[name]++
			c.keys = append(c.keys, toolgen.CtxFrom(ctx).IdempotencyKey())
			return toolgen.TextResult(fmt.Sprintf("%s done with %s", name, args)), nil
		},
	}
	if mod != nil {
		mod(&t)
	}
	return t
}

func (c *counter) count(name toolgen.ToolName) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.calls[name]
}

// newAgent is an agent with a read-only lookup tool and a send tool that
// requires approval, over a scripted model.
func newAgent(t *testing.T, cnt *counter, model agent.Model) *agent.Agent {
	a, err := agent.New(model, agent.WithSystem("be brief"), agent.WithTools([]toolgen.Tool{
		cnt.tool("lookup", func(t *toolgen.Tool) { t.Annotations.ReadOnly = true }),
		cnt.tool("send", func(t *toolgen.Tool) { t.RequiresApproval = true; t.Annotations.Destructive = true }),
	}))
	require.NoError(t, err)
	return a
}

func script() []rt.Reply {
	return []rt.Reply{
		rt.Calls(rt.Call("c1", "lookup", `{"q":"x"}`)),
		rt.Calls(rt.Call("c2", "send", `{"to":"bob"}`), rt.Call("c3", "send", `{"to":"eve"}`)),
		rt.Text("sent"),
	}
}

// serveAgent runs a worker of a, registered with opts, on the test
// server's task queue "agents", and returns a client of that queue.
func serveAgent(srv *temporaltest.TestServer, a *agent.Agent, opts temporal.Options) *temporal.Client {
	srv.NewWorker("agents", func(r worker.Registry) { temporal.Register(r, a, nil, opts) })
	return temporal.NewClient(srv.GetDefaultClient(), "agents")
}

// waitPaused polls the run's pending calls until there are some, and
// fails at once if the run ended instead.
func waitPaused(t *testing.T, srv *temporaltest.TestServer, c *temporal.Client, id string) []agent.PendingCall {
	t.Helper()
	ctx := context.Background()
	tc := srv.GetDefaultClient()
	for range 600 {
		p, err := c.Pending(ctx, id)
		require.NoError(t, err)
		if len(p) > 0 {
			return p
		}
		d, err := tc.DescribeWorkflowExecution(ctx, id, "")
		require.NoError(t, err)
		if st := d.GetWorkflowExecutionInfo().GetStatus(); st != enums.WORKFLOW_EXECUTION_STATUS_RUNNING {
			_, err := c.Result(ctx, id)
			t.Fatalf("the run ended (%s) without pausing: %v", st, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("the run never paused")
	return nil
}

// TestRunWithApprovalThenReplay runs the script on an in-process server:
// the lookup runs, the run pauses on two sends, one is approved and one
// rejected through the update, the run finishes with the model's answer
// and each tool ran once. The recorded history then replays without a
// nondeterminism error.
func TestRunWithApprovalThenReplay(t *testing.T) {
	srv := newServer(t)
	var cnt counter
	model := rt.NewModel(script()...)
	a := newAgent(t, &cnt, model)
	c := serveAgent(srv, a, temporal.Options{})
	ctx := context.Background()

	const id = "run-approval"
	require.NoError(t, c.Start(ctx, id, "send it"))
	pending := waitPaused(t, srv, c, id)
	require.Len(t, pending, 2)
	assert.Equal(t, "c2", pending[0].ID)
	assert.Equal(t, 1, cnt.count("lookup"))
	assert.Equal(t, 0, cnt.count("send"), "nothing of a paused turn runs")

	s, err := c.State(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, agent.StopPaused, s.StopReason)
	assert.Equal(t, id, s.RunID)

	assert.ErrorContains(t, c.Approve(ctx, id, "nope"), `no call "nope" waits for approval`)
	require.NoError(t, c.Approve(ctx, id, "c2"))
	require.NoError(t, c.Reject(ctx, id, "not eve", "c3"))

	s, err = c.Result(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, s.StopReason)
	assert.Equal(t, "sent", s.Output())
	assert.Equal(t, 3, s.Turns)
	assert.Equal(t, 1, cnt.count("lookup"))
	assert.Equal(t, 1, cnt.count("send"))
	last := s.Messages[len(s.Messages)-2] // the tool results before the answer
	require.Len(t, last.Results, 2)
	assert.Equal(t, `send done with {"to":"bob"}`, last.Results[0].Result.Text())
	assert.Equal(t, []string{"run-approval/c1", "run-approval/c2"}, cnt.keys)
	assert.Equal(t, "Denied by the user: not eve", last.Results[1].Result.Text())

	// The same run in process, on the same script, says the same.
	var cnt2 counter
	inProcess := newAgent(t, &cnt2, rt.NewModel(script()...))
	want, err := inProcess.Run(ctx, "send it", nil)
	require.NoError(t, err)
	require.NoError(t, want.Approve("c2"))
	require.NoError(t, want.Reject("not eve", "c3"))
	want, err = inProcess.Resume(ctx, want, nil)
	require.NoError(t, err)
	assert.Equal(t, jsonOf(t, want.Messages), jsonOf(t, s.Messages))
	assert.Equal(t, want.Usage, s.Usage)

	// Replay: the history recorded by the server, through the workflow.
	h := fetchHistory(t, srv.GetDefaultClient(), id)
	replay(t, newAgent(t, &counter{}, rt.NewModel()), id, h)
	record(t, "approval", h)
}

var update = flag.Bool("update", false, "record the histories in testdata")

// newServer is an in-process server whose clients and workers name
// themselves "test" in the histories, and whose steps do not wait for the
// transfer-queue read limit (fastTransferPolls).
func newServer(t *testing.T) *temporaltest.TestServer {
	return temporaltest.NewServer(temporaltest.WithT(t), temporaltest.WithBaseClientOptions(client.Options{Identity: "test"}), fastTransferPolls())
}

// record writes h as testdata/name.history.json with -update, for
// TestReplayRecordedHistories.
func record(t *testing.T, name string, h *history.History) {
	t.Helper()
	if !*update {
		return
	}
	data, err := temporalproto.CustomJSONMarshalOptions{Indent: "  "}.Marshal(h)
	require.NoError(t, err)
	if host, err := os.Hostname(); err == nil { // sticky task queues are named host:uuid
		data = bytes.ReplaceAll(data, []byte(`"`+host+`:`), []byte(`"worker:`))
	}
	require.NoError(t, os.WriteFile(filepath.Join("testdata", name+".history.json"), append(data, '\n'), 0o644))
}

// TestReplayRecordedHistories replays the histories recorded by earlier
// versions of the workflow: a change that would break runs in flight on
// a server fails here.
func TestReplayRecordedHistories(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.history.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	// Each history's agent, and its workflow id: a run's id is in its
	// sub-agents' workflow ids, which replay checks.
	agents := map[string]struct {
		id       string
		newAgent func(t *testing.T) *agent.Agent
	}{
		"approval.history.json": {"run-approval", func(t *testing.T) *agent.Agent { return newAgent(t, &counter{}, rt.NewModel()) }},
		"crash-mid-tool.history.json": {"crash-2", func(t *testing.T) *agent.Agent {
			return crashAgent(t, &counter{}, &turnModel{}, nil, nil)
		}},
		"subagents.history.json": {"run-sub", func(t *testing.T) *agent.Agent { return subAgents(t, &counter{}) }},
		// Recorded before sub-agents ran as child workflows: its sub-agent
		// calls were activities, and go on being so (workflow.GetVersion).
		"subagents-activity.history.json": {"run-sub-activity", func(t *testing.T) *agent.Agent { return subAgents(t, &counter{}) }},
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			run, ok := agents[filepath.Base(f)]
			require.True(t, ok, "no agent for this history")
			data, err := os.Open(f)
			require.NoError(t, err)
			defer data.Close()
			h, err := client.HistoryFromJSON(data, client.HistoryJSONOptions{})
			require.NoError(t, err)
			replay(t, run.newAgent(t), run.id, h)
		})
	}
}

// replay replays h, the history of run id, through a's workflow.
func replay(t *testing.T, a *agent.Agent, id string, h *history.History) {
	t.Helper()
	replayer := worker.NewWorkflowReplayer()
	temporal.RegisterWorkflow(replayer, a, temporal.Options{})
	require.NoError(t, replayer.ReplayWorkflowHistoryWithOptions(nil, h, worker.ReplayWorkflowHistoryOptions{
		OriginalExecution: workflow.Execution{ID: id},
	}))
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	require.NoError(t, err)
	return string(data)
}

func fetchHistory(t *testing.T, c client.Client, id string) *history.History {
	t.Helper()
	it := c.GetWorkflowHistory(context.Background(), id, "", false, 0)
	h := &history.History{}
	for it.HasNext() {
		e, err := it.Next()
		require.NoError(t, err)
		h.Events = append(h.Events, e)
	}
	require.NotEmpty(t, h.Events)
	return h
}

// TestContinueAsNew runs the script with a history bound so small that the
// run continues as new between steps: it finishes the same, each tool
// runs once, and the last run is not the first.
func TestContinueAsNew(t *testing.T) {
	srv := newServer(t)
	var cnt counter
	a := newAgent(t, &cnt, rt.NewModel(script()...))
	c := serveAgent(srv, a, temporal.Options{ContinueAsNewAfter: 10})
	ctx := context.Background()

	const id = "run-long"
	require.NoError(t, c.Start(ctx, id, "send it"))
	waitPaused(t, srv, c, id)
	require.NoError(t, c.Approve(ctx, id))
	s, err := c.Result(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, s.StopReason)
	assert.Equal(t, "sent", s.Output())
	assert.Equal(t, id, s.RunID)
	assert.Equal(t, 1, cnt.count("lookup"))
	assert.Equal(t, 2, cnt.count("send"))

	d, err := srv.GetDefaultClient().DescribeWorkflowExecution(ctx, id, "")
	require.NoError(t, err)
	info := d.GetWorkflowExecutionInfo()
	assert.NotEqual(t, info.GetFirstRunId(), info.GetExecution().GetRunId(), "the run continued as new")
}

// TestReplayCatchesAChangedWorkflow replays the approval history with an
// agent whose send tool no longer asks: the workflow would run the calls
// the history shows waiting, and the replayer says so.
func TestReplayCatchesAChangedWorkflow(t *testing.T) {
	var cnt counter
	a, err := agent.New(rt.NewModel(), agent.WithTools([]toolgen.Tool{
		cnt.tool("lookup", func(t *toolgen.Tool) { t.Annotations.ReadOnly = true }),
		cnt.tool("send", func(t *toolgen.Tool) { t.Annotations.Destructive = true }),
	}))
	require.NoError(t, err)
	replayer := worker.NewWorkflowReplayer()
	temporal.RegisterWorkflow(replayer, a, temporal.Options{})
	err = replayer.ReplayWorkflowHistoryFromJSONFile(nil, filepath.Join("testdata", "approval.history.json"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "TMPRL1100", "the SDK's nondeterminism error")
}
