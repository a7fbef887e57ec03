package temporal_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.temporal.io/sdk/worker"
	"go.temporal.io/server/temporaltest"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/temporal"
)

// TestApprovalAfterARedeployThatChangedTheTool: a run pauses on a worker
// whose send tool has one contract, and is approved on a worker (the
// first one gone) whose send has another: the approver gets an error
// saying what changed, the call does not run, and the model is told so
// (it used to run under the new contract: the worker that took the
// approval recomputed the pause's fingerprints from its own tools). A
// call the turn allowed, of a tool that changed, does not run either; an
// unchanged tool's approved call runs.
func TestApprovalAfterARedeployThatChangedTheTool(t *testing.T) {
	srv := newServer(t)
	ctx := context.Background()
	schemaV2 := func(t *toolgen.Tool) {
		t.InputSchema = []byte(`{"type":"object","properties":{"to":{"type":"array"}}}`)
	}
	for _, tc := range []struct {
		name, id string
		// changeSend and changeLookup change the second worker's tools.
		changeSend, changeLookup func(*toolgen.Tool)
		approveErr               string // "": none
		results                  []string
		ran                      map[toolgen.ToolName]int
	}{
		{
			name: "input schema", id: "redeploy-schema", changeSend: schemaV2,
			approveErr: `temporal: run redeploy-schema: the approval was recorded, but call c2 (send) will not run; the model is told: "Not run: tool send changed since its calls were decided: its input schema differs. The call was decided under the earlier contract; call the tool again if it is still needed."`,
			results:    []string{`lookup done with {"q":"x"}`, "Not run: tool send changed since its calls were decided: its input schema differs. The call was decided under the earlier contract; call the tool again if it is still needed."},
			ran:        map[toolgen.ToolName]int{"lookup": 1},
		},
		{
			name: "annotations", id: "redeploy-annotations", changeSend: func(t *toolgen.Tool) { t.Annotations.Idempotent = true },
			approveErr: "tool send changed since its calls were decided: its RequiresApproval or annotations differ",
			results:    []string{`lookup done with {"q":"x"}`, "Not run: tool send changed since its calls were decided: its RequiresApproval or annotations differ. The call was decided under the earlier contract; call the tool again if it is still needed."},
			ran:        map[toolgen.ToolName]int{"lookup": 1},
		},
		{
			name: "an allowed call's tool", id: "redeploy-allowed", changeLookup: schemaV2,
			results: []string{"Not run: tool lookup changed since its calls were decided: its input schema differs. The call was decided under the earlier contract; call the tool again if it is still needed.", `send done with {"to":"bob"}`},
			ran:     map[toolgen.ToolName]int{"send": 1},
		},
		{
			name:    "unchanged",
			id:      "redeploy-unchanged",
			results: []string{`lookup done with {"q":"x"}`, `send done with {"to":"bob"}`},
			ran:     map[toolgen.ToolName]int{"lookup": 1, "send": 1},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			queue, id := tc.id, tc.id
			model := &turnModel{replies: []agent.Response{
				calls(agent.ToolCall{ID: "c1", Name: "lookup", Args: []byte(`{"q":"x"}`)}, agent.ToolCall{ID: "c2", Name: "send", Args: []byte(`{"to":"bob"}`)}),
				text("ok"),
			}}
			var before, after counter
			first := startWorker(t, srv, queue, agentWith(t, model, &before, nil, nil))
			c := temporal.NewClient(srv.GetDefaultClient(), queue)
			require.NoError(t, c.Start(ctx, id, "send it"))
			require.Len(t, waitPaused(t, srv, c, id), 1)
			first.Stop()
			startWorker(t, srv, queue, agentWith(t, model, &after, tc.changeSend, tc.changeLookup))

			err := c.Approve(ctx, id, "c2")
			if tc.approveErr == "" {
				require.NoError(t, err)
			} else {
				require.ErrorContains(t, err, tc.approveErr)
			}
			s, err := c.Result(ctx, id)
			require.NoError(t, err)
			assert.Equal(t, "ok", s.Output())
			results := s.Messages[len(s.Messages)-2].Results
			require.Len(t, results, 2)
			assert.Equal(t, tc.results, []string{results[0].Result.Text(), results[1].Result.Text()})
			assert.Equal(t, tc.results[0] != `lookup done with {"q":"x"}`, results[0].Result.IsError)
			assert.Equal(t, 0, before.count("lookup")+before.count("send"), "nothing ran before the answer")
			for _, name := range []toolgen.ToolName{"lookup", "send"} {
				assert.Equal(t, tc.ran[name], after.count(name), name)
			}
			// The history replays on either version of the tools.
			h := fetchHistory(t, srv.GetDefaultClient(), id)
			replay(t, agentWith(t, model, &counter{}, nil, nil), id, h)
			replay(t, agentWith(t, model, &counter{}, tc.changeSend, tc.changeLookup), id, h)
		})
	}
}

// agentWith is newAgent's agent over model, with changes to its tools.
func agentWith(t *testing.T, model agent.Model, cnt *counter, changeSend, changeLookup func(*toolgen.Tool)) *agent.Agent {
	a, err := agent.New(model, agent.WithSystem("be brief"), agent.WithTools([]toolgen.Tool{
		cnt.tool("lookup", func(t *toolgen.Tool) {
			t.Annotations.ReadOnly = true
			if changeLookup != nil {
				changeLookup(t)
			}
		}),
		cnt.tool("send", func(t *toolgen.Tool) {
			t.RequiresApproval, t.Annotations.Destructive = true, true
			if changeSend != nil {
				changeSend(t)
			}
		}),
	}))
	require.NoError(t, err)
	return a
}

// startWorker starts a worker of a on queue, which hands the workflow
// tasks it had to another worker a second after it stops.
func startWorker(t *testing.T, srv *temporaltest.TestServer, queue string, a *agent.Agent) worker.Worker {
	t.Helper()
	w := worker.New(srv.GetDefaultClient(), queue, worker.Options{StickyScheduleToStartTimeout: time.Second})
	temporal.Register(w, a, nil, temporal.Options{})
	require.NoError(t, w.Start())
	var once sync.Once
	t.Cleanup(func() { once.Do(w.Stop) })
	return stopOnce{w, &once}
}

// stopOnce is a worker whose Stop, called by the test, is not called
// again at cleanup.
type stopOnce struct {
	worker.Worker
	once *sync.Once
}

func (w stopOnce) Stop() { w.once.Do(w.Worker.Stop) }
