// Package agent is the agent loop: it puts tools in front of a model, runs
// the calls the model makes, gives it the results, and goes on until the
// model answers. It is for programs that run agents; tools themselves need
// only package runtime.
//
//	a, err := agent.New(model,
//		agent.WithTools(weather.Tools()),
//		agent.WithPermissions(agent.Permissions{Ask: []runtime.Rule{{Tool: "send_*"}}}),
//	)
//	state, err := a.Run(ctx, "Weather in Paris?", deps)
//
// What is here, and in which file:
//   - The loop: [New] and its options ([WithTools], [WithSystem],
//     [WithPermissions], [WithPreset], [WithToolTimeout], ...; agent.go),
//     [Agent.Run] and [Agent.Resume] (run.go), with its pure decisions in
//     step.go: what to do next is a function of the [State] alone, so that a
//     durable-execution engine can replay it.
//   - The model: [Model] (one method, Generate), [ModelFunc], [Request],
//     [Response], [Message], [ToolCall], [ToolResult] (model.go). Packages
//     provider/openai and provider/anthropic are Models over real APIs;
//     package runtime/agent/agenttest scripts one for tests.
//   - [State] (state.go): plain data that round-trips through JSON, so a run
//     paused for approval in one process resumes in another; [State.Pending],
//     [State.Approve] and [State.Reject] decide the paused calls.
//   - Events (event.go, observe.go): [WithObserver] sees every [Event] of a
//     run, one at a time, ending with run_stopped or run_failed; events
//     name their agent and, for a sub-agent, the run that called it;
//     [WithLogger] logs them.
//   - File changes (filechange.go): a tool's runtime.ReportFileChange
//     reaches observers and RunStream as an EventFileChanged, between the
//     call's tool_started and tool_finished.
//   - Compaction (compaction.go): [WithCompaction] keeps requests under a
//     token budget ([EstimateTokens]) with policies ([ElideToolResults],
//     [Summarize], or a [Compactor] of one's own); the compacted transcript
//     replaces the State's, [State.Compactions] and [EventCompaction] say
//     what was removed.
//   - The engine seam (engine.go): [Agent.Next] says what a run does next
//     (compact, ask the model, call tools, await approval, stop) and
//     [Agent.ApplyCompaction], [Agent.ApplyResponse] and
//     [Agent.ApplyResults] record what it came to, so that a
//     durable-execution engine drives the run and records each effect
//     (module github.com/toolgen-dev/toolgen/temporal runs it on Temporal);
//     the events of the decisions are recorded in the State
//     ([State.TakeEvents]) for the engine to deliver once ([Agent.Emit]).
//     Run and Resume drive the same decision step.
//   - Resuming (resume.go): a paused turn's calls are decided again against
//     the agent's current tools and permissions, and a call that finished
//     (its result is in the State) never runs again.
//   - Streaming (stream.go, runstream.go): [Agent.RunStream] and
//     [Agent.ResumeStream] report a run as it happens, the model's answer
//     part by part ([Part], [EventModelPart]); a [StreamingModel] streams its
//     answer, [Stream] adapts any [Model], and [Collector] puts parts back
//     together.
//   - Permissions (permissions.go, glob.go): [Permissions] hold lists of
//     [runtime.Rule]; [Permissions.Decide] checks Deny first, then Allow,
//     then Ask, and the first list with a matching rule wins (so an Allow
//     rule exempts calls from an Ask rule). [MatchRule] tells whether one
//     rule matches a call, [Match] whether one glob matches a string.
//   - Presets (preset.go): [Preset] decides the calls no rule matched, from
//     the tools' annotations.
//   - Sub-agents (subagent.go): [Agent.AsTool] makes an agent a tool of
//     another agent; an engine runs such a call as a run of its own
//     (engine_sub.go: [SubAgent], [SubAgentPrompt], [SubAgentResult]).
//   - Sandbox: [WithSandbox] gives every call a runtime.Sandbox, in its
//     runtime.Ctx (a sub-agent without its own inherits its caller's).
//   - [TranscriptFrom]: a tool reads the transcript up to its call from its
//     context (the rest of what it learns about the run is runtime.Ctx).
//
// Permission rules match tool names and argument values with globs: whole
// string, case-sensitive, `*` matches any run of characters including `/`
// and spaces, `?` one character, `[a-z]`/`[!a-z]` sets, `\` escapes. A
// malformed pattern matches nothing, and [Permissions.Check] (which [New]
// runs) reports it. Rules match text; they are not a sandbox.
package agent
