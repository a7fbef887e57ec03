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
// validated before it is accepted (an unknown call id changes nothing,
// and so does a different answer to a call answered already: a decided
// call stays decided, as agent.State.Approve says; the same answer again
// is not an error).
// The StateQuery and PendingQuery queries read the State and the calls
// waiting. When the history passes Options.ContinueAsNewAfter events, or
// the server suggests it, the run continues as new between two steps,
// carrying its State.
//
// A run's id names one run: Client.Start with the id of a run that is
// running, or that ran (while the server keeps its history), is an error
// wrapping ErrRunExists, and starts nothing. A second run of an id would
// give its calls the first run's idempotency keys.
//
// # Approvals and redeploys
//
// The calls of a paused turn were decided, and shown to the person who
// answers, against the tools of the worker that paused the run. A worker
// deployed since, whose tool has another contract (input schema,
// RequiresApproval or annotations: agent.ToolFingerprint), must not run
// them under its own: the workflow records the pause's fingerprints in
// the history (a side effect; a replaying worker would compute its own),
// and when the answers come checks each against the worker's tools (and
// records what it found). A call of a changed tool does not run: its
// result tells the model that the tool changed and that it may call it
// again, and Client.Approve of it returns an error saying so, as the
// in-process Resume refuses a changed tool (in process the whole turn is
// refused; here only the calls of the changed tool, and the run goes on).
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
//     toolgen.Ctx.IdempotencyKey can be annotated idempotent to get
//     retries, and exactly-once effects.
//   - a model request is retried (Options.ModelAttempts); when the
//     attempts run out the workflow fails with the model's error.
//
// # Per-tool policies
//
// Each tool's calls run with a ToolPolicy: a timeout for one attempt (the
// agent's timeout for the tool, agent.WithToolTimeout, plus
// Options.ToolGrace; 24 hours without one), a heartbeat timeout (Options.
// ToolHeartbeat; DefaultToolHeartbeat, a minute, for calls whose timeout
// is longer) and a number of attempts (by the annotations, as above). Options.Tools overrides them per tool, by its
// generated ToolName constant:
//
//	temporal.Options{Tools: map[toolgen.ToolName]temporal.ToolPolicy{
//		files.ToolDownload: {Heartbeat: 10 * time.Second}, // long: notice a lost worker in seconds
//		billing.ToolCharge: {Timeout: 2 * time.Minute},
//	}}
//
// A lost activity is noticed when its heartbeats stop, if it has a
// heartbeat timeout, or else when its timeout passes.
//
// # Progress
//
// A tool call's activity heartbeats on a ticker while the tool runs (every
// third of its heartbeat timeout: a tool that reports nothing for hours is
// not taken for lost), and each progress the tool reports
// (toolgen.ReportProgress, toolgen.Ctx.Report) becomes its heartbeat
// details, a CallProgress (the SDK sends at most one heartbeat per throttle
// interval, the latest; a partial result over 256 KiB is left out of
// them). Client.Progress reads the latest progress of a run's calls in
// flight from the server. When the worker is lost mid-call and the call is
// tried again (a read-only or idempotent tool), the new attempt is told
// the last progress recorded: toolgen.PreviousProgress(ctx), or the
// toolgen.Ctx's PreviousProgress, so that a tool that can resume (a crawl
// that reported the page it reached as its Partial) continues from there
// rather than from the start, with the same idempotency key; any other
// tool ignores it. The reports also reach the worker's agent's observers
// as tool_progress events, from the activity; the workflow's history
// records none, so a replay emits none. TestCrashMidToolResumesFromItsProgress
// kills a worker mid-tool and checks all of it.
//
// # Sub-agents
//
// A tool made with agent.AsTool runs its sub-agent as a child workflow of
// its own type (WorkflowName + "/" + the tool's name, and its activities
// likewise: ModelActivity + "/research"...), which Register registers
// with the agent's. The child's workflow id is the parent's run id and the
// call id ("order-1234/call_7"), and so its calls' idempotency keys
// ("order-1234/call_7/call_2"); its model requests and tool calls are
// activities recorded in its own history, so a crash in the middle of a
// sub-agent's run loses only the step in flight, as for the parent. What
// the child used is added to the parent's State.Usage. A sub-agent cannot
// wait for an approval (no one can give it from a tool call): its run
// stops paused and the call fails with the message Run gives. Its tools
// get the worker's deps; its sandbox is its own (agent.WithSandbox), not
// the parent's, as the call that runs it in process would give it.
//
// # A tool's Go error
//
// A toolgen.Tool returns a Go error only for its caller's failures: its
// context ended (toolgen.Tool.Call). In process, that is the run being
// cancelled, and Run stops with the error, leaving a State that Resume
// takes up (running that call again). On a worker, a call's context ends
// when the attempt is lost: the worker stops, the call's timeout passes,
// its heartbeats are missed. That is what the attempts are for; once they
// are spent, the model is told the call did not complete and may have run
// in part or in full, and the run goes on. Failing the workflow instead
// would end a durable run, which cannot be resumed, only reset, on a loss
// the run is built to survive; the model can check, retry through another
// call, or ask. A hand-written tool that returns a Go error of its own
// (against toolgen.Tool's contract) is treated the same: its attempts,
// then the model is told.
//
// # Latency
//
// On the in-process test server a turn takes about 90 ms, 80 of them
// waiting: each of its two workflow tasks waits for the history shard's
// next read of its transfer tasks, which the server limits to 20 a second
// per shard (history.transferProcessorMaxPollRPS). With the limit raised a
// turn takes about a fifth of that (BenchmarkTurn, BENCHMARKS.md). A
// server operator sets it in the server's dynamic config.
//
// # Design notes: what is done, what is next
//
// Done (and tested on an in-process server, go.temporal.io/server's
// temporaltest, which runs a real server on SQLite in the test's process):
//   - the engine seam in agent (engine.go): Next returns one of ask
//     the model, call tools (with idempotency keys), await approval, stop;
//     ApplyResponse and ApplyResults record effects; tests in agent
//     drive it by hand and get Run's transcript, and take up a turn whose
//     results are partly applied; and for sub-agents (engine_sub.go)
//     SubAgent, SubAgentPrompt, SubAgentResult and Agent.Tools;
//   - the workflow, the activities, approvals as an update with a
//     validator, the queries, continue-as-new, the worker constructor and
//     the client;
//   - per-tool policies (timeout, heartbeat, attempts) from the
//     annotations, overridden by Options.Tools (TestToolPolicy;
//     TestPerToolHeartbeat: one tool's heartbeat notices a lost worker in
//     seconds while another call lost with it keeps its hour);
//   - sub-agents as child workflows, whose events (decisions and tool
//     calls) carry the parent run and call as ParentRunID and ParentCallID
//     (TestSubAgentEventsNameTheirParent), and whose failed run still
//     costs its caller what it used (the failure carries the usage:
//     TestFailedSubAgentIsPaidFor), and which works in its caller's
//     sandbox unless it has its own (TestSubAgentWorksInItsCallersSandbox);
//     TestSubAgentsAsChildWorkflows: the
//     transcript and usage of the in-process Run; TestCrashMidChild: a
//     worker lost in the middle of a child, whose charge ran once);
//   - tests: a run with an approval compared with the in-process Run on
//     the same script; crash injection (the worker lost between a tool and
//     the next model request; lost in the middle of a read-only and a
//     destructive call: each side-effecting call ran once, the read-only
//     one again with the same key); an approval three days later (the SDK's
//     test environment, which skips time); continue-as-new; replay of the
//     recorded histories in testdata (regenerate with go test -update)
//     and a replay that catches a changed decision;
//   - events: after each step the workflow takes the events the seam
//     recorded (agent.State.TakeEvents) and hands them to the agent's
//     observers (agent.Agent.Emit), unless the step is being replayed, so
//     an observer sees Run's events for the same script once per recorded
//     step (a workflow task lost with its worker before it was recorded
//     delivers its events again: at least once). Observers run in the
//     workflow's goroutine: they must not block (Temporal's deadlock
//     detector fails a workflow task that runs longer than a second);
//   - compaction: an agent built WithCompaction compacts before a request
//     over its budget in an activity (CompactActivity: a Summarize policy
//     asks the model), and the workflow records what it made
//     (agent.Agent.ApplyCompaction): TestCompactionAndEventsAsRun has
//     Run's transcript, compactions and events, and a replay that
//     delivers no event again;
//   - agent.Run and Resume drive the same decision step as the seam
//     (agent, step.go), so there is one loop;
//   - examples/durable: the approval example on Temporal, against
//     `temporal server start-dev`, tested against the in-process server;
//   - a run's edges: Start refuses an id in use
//     (TestStartRefusesAnIDInUse), a decided call stays decided
//     (TestADecidedCallStaysDecidedOnTemporal), a redeploy between a pause
//     and its answer runs no call under another contract
//     (TestApprovalAfterARedeployThatChangedTheTool), and any argument
//     bytes a model sends survive the pause and every copy of the State
//     (TestMalformedArgumentsSurviveThePause);
//   - BenchmarkTurn, the overhead per turn against the in-process loop,
//     and where the in-process server's per-turn wait comes from
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
// timeouts. .ci/run runs the module.
//
// Versioning: a change that alters the commands a run issues (their
// order, an activity's type) breaks the runs in flight on a server; it
// must keep the old path for them behind workflow.GetVersion. Running
// sub-agents as child workflows is such a change, made so: a run whose
// history called a sub-agent as a tool activity goes on doing so
// (version "subagents-as-child-workflows"; testdata/
// subagents-activity.history.json, recorded by the previous version,
// replays), and a run that calls no sub-agent issues the same commands as
// before (the older recorded histories replay unchanged). Recording a
// pause's tool contracts is another, made so (version
// "contracts-recorded-at-pause"): a run paused by the earlier version is
// answered as it was.
//
// Next:
//   - streaming (model parts through an activity's heartbeats or a
//     signal); a tool's progress already goes through its heartbeats.
package temporal
