package temporal_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"go.temporal.io/api/enums/v1"
	"go.temporal.io/sdk/client"
	"go.temporal.io/server/common/dynamicconfig"
	server "go.temporal.io/server/temporal"
	"go.temporal.io/server/temporaltest"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/temporal"
)

// benchTurns is the model responses of a benchmarked run: benchTurns-1
// turns that call one tool, then the answer.
const benchTurns = 6

func benchAgent(b *testing.B) *agent.Agent {
	replies := make([]agent.Response, benchTurns)
	for i := range benchTurns - 1 {
		replies[i] = calls(rt.Call(fmt.Sprintf("c%d", i), "lookup", `{"q":"x"}`))
	}
	replies[benchTurns-1] = text("done")
	tool := toolgen.Tool{
		Name: "lookup", Description: "looks up", InputSchema: []byte(`{"type":"object"}`),
		Annotations: toolgen.Annotations{ReadOnly: true},
		Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
			return toolgen.TextResult("found"), nil
		},
	}
	a, err := agent.New(&turnModel{replies: replies}, agent.WithTools([]toolgen.Tool{tool}))
	if err != nil {
		b.Fatal(err)
	}
	return a
}

// BenchmarkTurn is the cost of a turn (a model response and, but for the
// last, one tool call) of a run with a scripted model and a tool that
// returns at once: in process (agent.Run), and on Temporal (a workflow on
// an in-process server, temporaltest: SQLite in memory, gRPC over
// loopback, one worker in the same process), with the server's defaults
// (temporal) and with its limit on transfer-queue reads raised
// (temporal_fastpoll, see fastTransferPolls). What it measures is what
// Temporal adds per turn on one machine: workflow tasks, activity
// dispatch, history writes, the JSON of the State and transcript in every
// activity's input. It does not measure a real cluster (network round
// trips to a frontend, a replicated database), which adds to every step.
//
//	cd temporal && go test -run '^$' -bench Turn -count 6
func BenchmarkTurn(b *testing.B) {
	ctx := context.Background()
	b.Run("inprocess", func(b *testing.B) {
		a := benchAgent(b)
		for b.Loop() {
			s, err := a.Run(ctx, "go", nil)
			if err != nil || s.Turns != benchTurns {
				b.Fatal(err, s.Turns)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*benchTurns), "ns/turn")
	})
	onTemporal := func(b *testing.B, opts ...temporaltest.TestServerOption) {
		srv := temporaltest.NewServer(append(opts, temporaltest.WithBaseClientOptions(client.Options{Logger: quiet{}}))...)
		defer srv.Stop()
		a := benchAgent(b)
		c := serveAgent(srv, a, temporal.Options{})
		n := 0
		for b.Loop() {
			n++
			id := fmt.Sprintf("bench-%d", n)
			if err := c.Start(ctx, id, "go"); err != nil {
				b.Fatal(err)
			}
			s, err := c.Result(ctx, id)
			if err != nil || s.Turns != benchTurns {
				b.Fatal(err, s)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*benchTurns), "ns/turn")
		b.ReportMetric(float64(workflowTaskWait(b, srv.GetDefaultClient(), fmt.Sprintf("bench-%d", n))), "ns/wft-wait")
	}
	b.Run("temporal", func(b *testing.B) { onTemporal(b) })
	b.Run("temporal_fastpoll", func(b *testing.B) { onTemporal(b, fastTransferPolls()) })
}

// workflowTaskWait is the median time the workflow tasks of run id waited
// to start (WorkflowTaskScheduled to WorkflowTaskStarted, in its history).
func workflowTaskWait(b *testing.B, c client.Client, id string) time.Duration {
	var waits []time.Duration
	var scheduled time.Time
	it := c.GetWorkflowHistory(context.Background(), id, "", false, 0)
	for it.HasNext() {
		e, err := it.Next()
		if err != nil {
			b.Fatal(err)
		}
		switch e.GetEventType() {
		case enums.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED:
			scheduled = e.GetEventTime().AsTime()
		case enums.EVENT_TYPE_WORKFLOW_TASK_STARTED:
			waits = append(waits, e.GetEventTime().AsTime().Sub(scheduled))
		}
	}
	if len(waits) == 0 {
		b.Fatal("no workflow task started")
	}
	slices.Sort(waits)
	return waits[len(waits)/2]
}

// fastTransferPolls raises the in-process server's limit on how often a
// history shard reads the transfer tasks it has just written
// (history.transferProcessorMaxPollRPS: 20 reads a second per shard by
// default; temporaltest runs one shard). Each workflow task a run
// schedules (the first, and one after each activity) reaches matching
// through such a read: once the limiter's burst is spent, which a sequence
// of runs does after about twenty workflow tasks, each waits about 43 ms
// between WorkflowTaskScheduled and WorkflowTaskStarted, and a turn takes
// some 90 ms where it otherwise takes 10 to 25 (the activities' tasks, in
// the same histories, start within a tenth of a millisecond). A real
// server applies the same limit to each of its shards.
func fastTransferPolls() temporaltest.TestServerOption {
	return temporaltest.WithBaseServerOptions(server.WithDynamicConfigClient(dynamicconfig.StaticClient{
		// temporaltest's own setting, which this client replaces.
		dynamicconfig.ForceSearchAttributesCacheRefreshOnRead.Key(): []dynamicconfig.ConstrainedValue{{Value: true}},
		dynamicconfig.TransferProcessorMaxPollRPS.Key():             []dynamicconfig.ConstrainedValue{{Value: 10000}},
	}))
}

// quiet is a logger that drops everything.
type quiet struct{}

func (quiet) Debug(string, ...any) {}
func (quiet) Info(string, ...any)  {}
func (quiet) Warn(string, ...any)  {}
func (quiet) Error(string, ...any) {}
