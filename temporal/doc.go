// Package temporal runs agent runs on Temporal, so that they survive a
// crash of the process, resume on another machine, wait days for a
// person's approval, and never run a destructive tool twice. It is its own
// module, so that toolgen does not depend on the Temporal SDK.
//
// A worker runs an agent's runs; a client starts them, approves or rejects
// their calls, and reads their results:
//
//	a, _ := agent.New(model, agent.WithTools(mytools.Tools()))
//	w := temporal.NewWorker(c, "agents", a, deps, temporal.Options{})
//	go w.Run(worker.InterruptCh())
//
//	runs := temporal.NewClient(c, "agents")
//	runs.Start(ctx, "order-1234", "Refund order 1234")
//	pending, _ := runs.Pending(ctx, "order-1234") // the calls that ask
//	runs.Approve(ctx, "order-1234")               // hours or days later
//	state, _ := runs.Result(ctx, "order-1234")
//
// # How a run maps onto Temporal
//
// A run is a workflow (WorkflowName) whose id is the run's id
// (agent.State.RunID, so a call's idempotency key is "workflow-id/call-id").
// The workflow holds the agent.State and drives the agent's engine seam
// (agent.Agent.Next, ApplyResponse, ApplyResults): those are pure, so
// replaying the history through them rebuilds the same State. Each model
// request is an activity (ModelActivity), each tool call another
// (ToolActivity); the calls of a turn run concurrently and their results
// are applied in call order. A paused run waits, for as long as it takes,
// for the DecideUpdate update (Client.Approve, Client.Reject), which is
// validated before it is accepted (an unknown call id changes nothing).
// The StateQuery and PendingQuery queries read the State and the calls
// waiting. When the history passes Options.ContinueAsNewAfter events, or
// the server suggests it, the run continues as new between two steps,
// carrying its State.
//
// What survives what: every step recorded in the history (a model
// response, a tool result, an approval) survives the loss of the worker;
// a new worker replays the history and goes on from the step in flight.
// That step is the only one run again, by tool kind:
//   - a tool annotated idempotent or read-only is retried (Options.
//     ToolAttempts times): at least once, with the same idempotency key;
//   - any other tool is tried once: a call lost with its worker (or that
//     failed) is reported to the model as not completed, and never run
//     again: at most once. A tool that keys its effect with
//     runtime.Ctx.IdempotencyKey can be annotated idempotent to get
//     retries, and exactly-once effects.
//   - a model request is retried (Options.ModelAttempts); when the
//     attempts run out the workflow fails with the model's error.
//
// A lost activity is noticed when its start-to-close timeout passes: the
// agent's timeout for the tool (agent.WithToolTimeout) plus
// Options.ToolGrace, or Options.ModelTimeout.
//
// # Design notes: what is done, what is next
//
// Done (and tested on an in-process server, go.temporal.io/server's
// temporaltest, which runs a real server on SQLite in the test's process):
//   - the engine seam in runtime/agent (engine.go): Next returns one of ask
//     the model, call tools (with idempotency keys), await approval, stop;
//     ApplyResponse and ApplyResults record effects; tests in runtime/agent
//     drive it by hand and get Run's transcript, and take up a turn whose
//     results are partly applied;
//   - the workflow, the activities, the retry policy from the annotations,
//     approvals as an update with a validator, the queries, continue-as-new,
//     the worker constructor and the client;
//   - tests: a run with an approval compared with the in-process Run on
//     the same script; crash injection (the worker lost between a tool and
//     the next model request; lost in the middle of a read-only and a
//     destructive call: each side-effecting call ran once, the read-only
//     one again with the same key); an approval three days later (the SDK's
//     test environment, which skips time); continue-as-new; replay of the
//     recorded histories in testdata (regenerate with go test -update)
//     and a replay that catches a changed decision;
//   - examples/durable: the approval example on Temporal, against
//     `temporal server start-dev`, tested against the in-process server;
//   - BenchmarkTurn, the overhead per turn against the in-process loop
//     (BENCHMARKS.md).
//
// Versions: go.temporal.io/server v1.32.1 is the newest whose go.mod
// accepts Go 1.26.8 (v1.32.2 and v1.31.5 want 1.26.10); it needs
// go.temporal.io/api v1.63.5, and the newest SDK on that API is v1.50.0
// (v1.51.0 wants api v1.64.3, with which the server does not compile: its
// operator service client lacks DescribeNamespaceRestore).
//
// Cost in CI: the server is a large dependency. Cold (empty module and
// build caches) on the 2-core machine: go mod download 17-26 s, building
// the test binary 6 min 39 s (a 211 MB binary); the tests then take about
// 35 s, most of it the crash tests waiting for the short activity
// timeouts. .ci/run runs the module all the same: it fits the CI's time.
//
// Options.ToolHeartbeat makes a tool's activity heartbeat while the tool
// runs, so that a lost worker is noticed when its heartbeats stop rather
// than at the call's timeout (TestCrashMidToolNoticedByHeartbeat: an
// hour's timeout, noticed in seconds).
//
// Next:
//   - per-tool activity options beyond the retry policy (a heartbeat or a
//     timeout per tool, e.g. from its annotations);
//   - the events Run emits about decisions (call_allowed, run_stopped...)
//     from the workflow, through a side-effect-free sink or an activity;
//     compaction (agent.Next refuses an agent with WithCompaction: its
//     policies may call the model, which must become an activity) and
//     streaming (parts through an activity's heartbeats or a signal);
//   - the per-turn latency on the in-process server (about 43 ms before
//     each workflow task starts once the server has run a few workflows;
//     see BENCHMARKS.md): find where it waits;
//   - sub-agents (Agent.AsTool) as child workflows; a tool's Go error
//     after its attempts is told to the model today (as a lost call), where
//     Run fails the run: decide which is right for each;
//   - rebuilding agent.Run on the seam (Next/Apply), so there is one loop
//     and not two that tests keep equal;
//   - the module in .ci/run (see the cost above).
package temporal
