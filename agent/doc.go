// Package agent is the agent loop: it puts tools in front of a model, runs
// the calls the model makes, gives it the results, and goes on until the
// model answers. It is for programs that run agents; tools themselves need
// only package toolgen (the module root).
//
// # The loop
//
//	a, err := agent.New(model,
//		agent.WithTools(weather.Tools(), mail.Tools()),
//		agent.WithSystem("You are a travel assistant."),
//		agent.WithPermissions(permission.Permissions{
//			Deny: []toolgen.Rule{mail.SendEmailRule{To: "*@competitor.com"}.Rule()},
//		}),
//	)
//	state, err := a.Run(ctx, "Email Ana the weather in Paris", deps)
//	if state.StopReason == agent.StopPaused {
//		for _, p := range state.Pending() {
//			fmt.Println("approve?", p.Name, string(p.Args))
//		}
//		state.Approve()                       // or state.Reject("not now", ids...)
//		state, err = a.Resume(ctx, state, deps)
//	}
//	fmt.Println(state.Output())
//
// examples/approval runs that story offline, with the state saved to JSON and
// loaded again between pause and resume:
//
//	$ go run ./examples/approval
//	stopped: paused
//	waiting for approval: send_email {"to":"ana@example.com","subject":"Weather in Paris","body":"Sunny, 17°C."} (the tool requires approval)
//	saved the paused run (1603 bytes of JSON) to /tmp/approval-state.json
//	stopped: done after 2 turns, 20+10 tokens
//	answer: Weather: Paris: 17°C, sunny. Email: sent to ana@example.com
//	outbox: ["to ana@example.com: Weather in Paris (Sunny, 17°C.) [key 27de53fae95d8adb095f3b72/call_2]"]
//
// (-reject rejects the email instead: the model reads "Denied by the user: the
// user wants to write it themselves".)
//
//   - Model is one method, "Generate(ctx, Request) (Response, error)": the
//     system prompt, the transcript and the tools' specs (name, description,
//     input schema) in; the assistant's message (text and tool calls, each
//     with an id and raw JSON arguments) and token usage out. Provider
//     adapters implement it; agent/agenttest scripts it, so agents are
//     tested offline.
//
// A scripted model:
//
//	model := agenttest.NewModel(
//		agenttest.Calls(agenttest.Call("c1", weather.ToolGetWeather, `{"city":"Paris"}`)),
//		agenttest.Text("Sunny in Paris."),
//	)
//
// The scripted model streams too: "agenttest.StreamText("Sunny ", "in ",
// "Paris.")" gives its answer in pieces, agenttest.Deltas(parts...) exactly
// the agent.Parts you script, and any other reply streams as agent.Parts gives
// it. To test what happens mid-stream without sleeping, hold a reply at a gate
// ("g := agenttest.NewGate()", "agenttest.StreamText("a", "b").Hold(1, g)"):
// <-g.Reached() returns once the consumer has seen every part before it; look,
// then g.Release() or cancel the run. model.Ended() says how each answer ended
// (whole, the reply's error, or why its context ended).
//
//   - Options: WithTools (any number of sets; duplicate names are an error),
//     WithSystem, WithPermissions, WithPreset, WithMaxTurns (default 20),
//     WithParallelism (default 8), WithToolTimeout (default 10 minutes),
//     WithActiveTools or WithInactiveTools, WithObserver, WithLogger,
//     WithName, WithArgRepair (default on), WithStateKey. Every configuration mistake is an error from agent.New, never
//     a surprise in a run; a bad option value names the option and the value
//     ("agent.WithMaxTurns(0): must be at least 1"), and none is clamped.
//
//   - State is plain data that round-trips through JSON (transcript,
//     StopReason done / paused / max_turns, the paused turn, usage, turns), so
//     a run paused in one process resumes in another. It is versioned, and
//     records the tools a paused turn was decided against (their input
//     schemas, RequiresApproval and annotations): resuming after one of them
//     changed is refused ("start a new run"). A call's arguments round-trip
//     byte for byte, whatever the model sent (empty, truncated, not JSON,
//     invalid UTF-8): valid JSON as encoding/json writes it is the member
//     "args", as always; other bytes are "args_text" (a JSON string) or,
//     when not valid UTF-8, "args_base64" (see State).
//
//   - Resuming is current and at-most-once. Resume decides the paused turn's
//     calls again against the agent's current tools, filters and permissions:
//     a deny rule added since the pause, or a tool filtered out, stops a call,
//     the model reads why, and call_denied is emitted, once, as for a denial
//     in Run; a person's approval still wins over an ask
//     rule, while an allowed call that now asks pauses the run again. The
//     state records each call's result as the call finishes, so resuming a
//     state twice, or one saved after Run was cancelled mid-turn, never runs a
//     finished call again: only the calls that had not finished run. What a
//     state cannot know is what happened after it was saved: a copy saved
//     before the calls ran, or a process that died mid-call, runs them again,
//     with the same toolgen.Ctx.IdempotencyKey(); a tool whose effect must
//     happen once keys it with that key (an idempotency key for a payment API,
//     say), or the run goes on a durable-execution engine. After a failed or
//     cancelled run, check "StopReason == StopPaused" (or Pending()), not
//     "Paused != nil": Paused also holds an interrupted turn.
//
//   - Tool calls of one turn run concurrently (at most WithParallelism at
//     once); results go back to the model in call order. Tool errors and
//     panics are results the model sees, and so is a tool that ends its
//     goroutine without returning (runtime.Goexit, which t.FailNow calls):
//     "tool X stopped without returning (runtime.Goexit)". Cancelling ctx
//     stops the model call and the tools (which get ctx); the loop waits for
//     every call it started, up to the call's timeout, and the state holds the
//     run up to the last complete step.
//
//   - Malformed arguments: the loop calls tools with
//     toolgen.Tool.CallRepairing, so that a generated tool repairs what it is
//     certain of from its parameters' Go types ("tags": "[\"a\"]" for a
//     []string, "3" for an int, userId for user_id, a code fence, a trailing
//     comma; the list is in package toolimpl's documentation), runs, and
//     ends its result with a note the model reads ("arguments repaired
//     before the call: /tags: a string holding a JSON array, read as the
//     array"). Anything uncertain is refused as before, with every problem.
//     Repair is on because each repair is one the tool's decoder is sure of,
//     and the model is told, while a refused call costs a turn and weaker
//     models often repeat it. WithArgRepair(false) turns it off; it is off
//     for a tool that a permission rule with Args matches (such a rule reads
//     the arguments as sent, and a repair must not change what it read),
//     and for a tool generated with the directive option norepair.
//
//   - Tool timeouts: the loop waits for a call at most
//     agent.DefaultToolTimeout (10 minutes); WithToolTimeout(d) changes it for
//     every tool, "WithToolTimeout(d, names...)" for those tools, whatever the
//     order (0 means no bound; a negative one or an unknown name is an error
//     from agent.New). The call's context has that deadline, and context.Cause
//     says "tool X did not finish within d". When it passes, the model reads
//     "tool X did not finish within d; it was abandoned" and the run goes on.
//     A tool that ignores its context is abandoned, not stopped: its goroutine
//     runs on until the tool returns, what it returns is dropped, and Run may
//     return before it ends (leak checks in tests must let it finish). The
//     run's own context is another matter: when it ends first (cancelled, or
//     a deadline of the caller's, "context.WithTimeout(ctx, d)"), the run
//     ends with ctx's error, and a call it cut off did not finish, whatever
//     the call's own bound: it is recorded without a result (nobody is told
//     it timed out), and Resume runs it again with the same idempotency key.
//     The loop waits for such a call up to its own timeout, then leaves it.
//     Raise the bound for tools that legitimately run long: a sub-agent
//     (AsTool), run_command with a Timeout over 10 minutes. Toolbox.Call and
//     Tool.Call have no timeout and run the tool on the caller's goroutine
//     (so runtime.Goexit in a tool ends the caller's goroutine, as any
//     function's would).
//
//   - Approval: if any call of a turn needs approval, nothing of that turn
//     runs and the run pauses with StopReason paused; state.Pending() lists
//     the calls (tool name, id, arguments, why). state.Approve(ids...) and
//     "state.Reject(reason, ids...)" decide them (no ids: every pending call);
//     a decided call stays decided (a different answer later is an error
//     naming the first; the same answer again changes nothing);
//     Resume then runs the approved calls with the model's original arguments,
//     and the turn's other allowed calls (deepharness makes the model ask for
//     those again; running them saves a turn), and tells the model a rejected
//     call was "Denied by the user: <reason>". Resuming with an undecided call
//     is an error. Resume also continues a finished run to which you appended
//     a user message.
//
//     A call whose arguments its tool would refuse (toolgen.Tool.Validate,
//     which generated tools have) is never put to a person: it is denied
//     ("invalid arguments: not put to a person") and the model reads every
//     problem. [State.ApproveWith] approves a call with arguments a person
//     edited: Resume checks them with the tool's decoder and decides the
//     edited call again by the rules (a deny rule catches an edit), runs it
//     with them, and the call's result tells the model what ran;
//     [Agent.CheckEdit] checks an edit before it is given.
//
//     An approval binds the call it was given to: its tool, its id and the
//     digest of its arguments (Decision.ApprovedTool, ApprovedID,
//     ApprovedArgs). The digest is of the arguments' canonical JSON, after
//     RFC 8785 and read as the tool reads them: member order, white space,
//     escapes ("\u0041" is "A") and the spelling of a number (100, 100.0,
//     1e2) do not count, so a store that rewrites JSON changes nothing;
//     any other change does (numbers are compared by exact decimal value,
//     not as doubles). Resume and Next refuse, with an error naming the
//     call and running nothing, a paused turn in which an approved call is
//     not the call approved (renamed, renumbered, other arguments, an
//     approval swapped with another call's or given twice under one id, an
//     approval beside any stored outcome), or whose calls are not the
//     transcript's last turn, one for one. The State is left as it was.
//
//     What an unkeyed State promises: a State is data, and whoever can edit
//     it can change what runs. The binding refuses a change made by mistake,
//     by a model's output pasted in, or by a hand that changed the call but
//     not its binding; it does not stop one who rewrites the State
//     consistently (the call, its binding and the transcript together, a
//     rejection turned into an approval with its binding filled in, an
//     approval copied from another run, the version set back to 1, which
//     recorded no binding). Keep States where only the program writes.
//
//     [WithStateKey] closes that: an agent with a secret key seals each call
//     that asks when the run pauses, and each answer given with
//     [Agent.Approve], [Agent.Reject] or [Agent.ApproveWith] (an HMAC-SHA256
//     of the State's version, the run id, the turn, the call's place, id,
//     tool and canonical argument digest, and the answer: Decision.Seal).
//     It resumes a paused turn only if every call that asked carries the
//     seal of what it holds, so a State edited without the key runs nothing
//     approved: every edit above is refused, as is a rejection turned into
//     an approval, an answer given without the key (State.Approve), an
//     approval copied from another run or turn, a seal moved or removed, and
//     a State set back to an earlier version. A refused State stays as it
//     was, and resumes under the right key. The key covers what runs under
//     an approval, not the rest: the transcript's messages (which reach the
//     model, not a tool), the results a State records (one removed runs its
//     call again, as a copy saved before it ran would; key a tool's effects
//     with toolgen.Ctx.IdempotencyKey), and an older copy of the same run
//     put back in place of a newer one. Every agent that resumes the run
//     needs the key; an agent without one does not check seals.
//
//   - Failure limits: [WithMaxFailures] (or a tool's maxfailures=N
//     directive option) refuses a tool's calls once it failed that many
//     times in a row in the run, telling the model to go on without it;
//     toolgen.Ctx.Attempt and MaxFailures show a tool where it stands.
//
//   - Bounded results: [WithMaxResultTokens] (or a tool's
//     maxresulttokens=N directive option) bounds one result of a tool to
//     about N tokens of the context (4N bytes, EstimateTokens' yardstick).
//     A longer result is never cut in silence: the model gets the part that
//     fits, cut at a line (a text) or at a whole item of an array (a
//     structured result that is an array, or an object holding one: the
//     kept part stays valid JSON), then a note saying what it holds, how
//     much there is and how to read on with [ToolReadResult] ("read_result
//     {"call_id": "c1", "offset": 400}"), which returns the next page,
//     bounded alike. The whole result is held in the State
//     (State.HeldResults), so a run saved as JSON and resumed pages on;
//     the loop answers read_result from there as it decides the call
//     (tool_started and tool_finished are still reported), so an engine
//     driving Next pages alike. [WithResultBudget] bounds what results put
//     in a run's context (State.ResultTokens): past it, the run stops with
//     StopResultBudget after an EventResultBudget, and Resume grants it
//     another budget.
//
//   - What each tool costs: State.ToolTokens has, per tool in name order,
//     its calls, its definition tokens summed over the requests that sent
//     it (toolgen.Tool.Tokens.Default, counted at build time, whatever
//     dialect the model's adapter sends; a tool without a count, such as
//     a hand-written or MCP tool, is estimated as EstimateTokens counts
//     one; a deferred tool counts from the request after it was loaded),
//     and its results' tokens as they entered the context (the yardstick
//     of State.ResultTokens). A sub-agent's tools (AsTool) count in its
//     caller's State as "tool/its_tool", the sub-agent tool's name first;
//     an engine running one apart adds them with State.AddSubAgentTokens.
//     EventToolFinished carries a result's tokens as the tool returned it
//     (Event.ResultTokens; agentotel's toolgen.agent.result_tokens).
//
//   - Decisions, for each call: a tool that is unknown is refused ("unknown
//     tool "x"; the tools are: ..."), and one the program made inactive is
//     denied ("Denied: tool "x" is not available in this run (the program
//     made it inactive), so this call was not run; the tools are: ...",
//     reported call_denied, as the AI SDK harness's execution-denied
//     result); then the permission rules (see Permission rules); then the
//     tool's own RequiresApproval for a host tool, else the preset, else
//     RequiresApproval. A denied call never runs; the model is told "Denied
//     by policy: this call is not permitted."
//
//   - Presets decide calls no rule matched, from the tools' annotations:
//     PresetAllowAll (everything runs), PresetAllowEdits (destructive tools
//     ask, the rest runs), PresetAllowReads (everything not read-only asks).
//     As the AI SDK harness's permission modes govern its built-in tools
//     while host tools keep their own approval, a preset decides the
//     built-in tools (toolgen.Tool.Builtin: package builtin's files and
//     run_command) over their RequiresApproval (allow-edits lets write_file
//     run), but a host tool that requires approval asks under every preset.
//     Only an allow rule naming that tool lifts its approval, "Allow:
//     {Tool: "send_email"}" (with Args, for the calls they match): a pattern
//     matching it ("*", "send_*") does not, since a pattern is a policy for
//     many tools, as a preset is, and waiving the approval a tool's author
//     asked for is written down for that tool. The call's reason then says
//     so: "the tool requires approval (allow rule * matches it but does not
//     name it, ...)".
//
//   - Filters: WithActiveTools (an allow-list) or WithInactiveTools (a
//     deny-list), not both; unknown names are errors. Filtered tools are not
//     offered to the model, and a call to one is denied (see Decisions).
//
//   - toolgen.Ctx reaches every tool (a toolgen.Ctx parameter of an annotated
//     function, or toolgen.CtxFrom(ctx)): the run's deps (toolgen.DepsAs), the
//     tool name, the call id, the run id, the turn, and the sandbox given with
//     WithSandbox (see Sandbox for your own tools). IdempotencyKey() (run id +
//     call id) stays the same when a resumed run makes the same call again, so
//     a tool with side effects can do them once. The transcript so far is the
//     agent's business, not the tool API's: a tool that needs it reads
//     agent.TranscriptFrom(ctx) (nil outside a run).
//
//   - Sub-agents: "a.AsTool(name, description)", for an *agent.Agent a, is a
//     tool taking a prompt that runs the agent with its caller's deps and
//     returns its answer. A sub-agent cannot pause its caller: if it needs
//     approval, the call fails saying for what.
//
//   - Events: WithObserver(func(agent.Event)) sees turn started, model
//     responded (usage, duration), call requested / allowed / denied / paused
//     (with the reason), call approved / rejected when a paused run is resumed
//     (a rejection's reason is what the model reads), tool started / finished
//     (duration, the result, and Event.Err when the call failed; a reason when
//     the call timed out or ended without returning), turn finished, and then
//     run stopped, or run failed (agent.EventRunFailed, with Event.Err, the
//     error Run returns next; Resume and ResumeStream report a state they
//     refuse, such as one whose tool changed since the pause, the same way). They come one at a time, never after Run
//     returns. Every event names its agent (Event.Agent, from WithName). A
//     sub-agent's events (AsTool) carry the run and the call that started it
//     as Event.ParentRunID and Event.ParentCallID, so one observer given to
//     both agents can nest their runs, and what a sub-agent used counts in its
//     caller's State.Usage. WithLogger(*slog.Logger) logs the same, with
//     agent, parent_run, parent_call and error attributes when set, and a
//     failed run at Error.
//
//   - Tracing with OpenTelemetry: the optional module
//     github.com/toolgen-dev/toolgen/agentotel (a go.mod of its own, so
//     toolgen itself does not depend on OpenTelemetry) turns an agent's
//     events into GenAI spans: give agentotel.Observer(tracer) to the
//     agent, and to the agents it uses as tools, with WithObserver.
//
//   - Compaction: a long run's transcript grows with every tool result;
//     "agent.WithCompaction(budget, policies...)" keeps each request under
//     budget tokens. Before asking the model the loop estimates the request
//     (agent.EstimateTokens, about four bytes a token; when the model reported
//     its input tokens for the transcript so far, that count plus the estimate
//     of newer messages, if larger), and while it is over budget runs the
//     policies in order.
//
// Compaction's policies:
//
//	a, err := agent.New(model, agent.WithTools(tools),
//		agent.WithCompaction(100_000,
//			agent.ElideToolResults(2, 4096), // old results over 4 KB become a marker
//			agent.Summarize(cheapModel, 4),  // then: summarize all but the last 4 turns
//		))
//
// "ElideToolResults(keepLast, maxBytes)" replaces the content of results
// larger than maxBytes, but the last keepLast, with "[result elided: N bytes;
// call the tool again if needed]": the result stays in place, so every call
// still has its answer. "Summarize(model, keepTurns)" has model summarize
// everything before the last keepTurns turns and appends the summary to the
// user's first message (so roles still alternate for every provider); a call
// is never separated from its results, the system prompt is never compacted,
// and the summary's cost counts in the run's usage. A Compactor of your own
// can be a policy: the loop checks that what it returns is still a valid
// transcript. The compacted transcript replaces State.Messages, so a resumed
// run continues from the same history; each compaction is recorded in
// State.Compactions and reported as a compaction event (Event.Compaction: the
// policy, what was removed, the tokens saved). A request still over budget
// after every policy is sent as it is. In BenchmarkCompaction (15 turns
// reading 20 KB each, a budget of 12,000), the run sends 615,739 estimated
// tokens without compaction (largest request 76,953), 115,426 eliding and
// 164,135 summarizing, every request under the budget. "go run
// ./examples/compaction" prints that run request by request, without
// compaction and eliding, with its compaction events and the two answers, the
// same (examples/compaction, offline).
//
//   - File changes: a tool reports each file it changes with
//     "toolgen.ReportFileChange(ctx, toolgen.FileChange{...})", and the agent
//     emits it as a file_changed event (Event.FileChange), in order, between
//     the call's tool started and tool finished, to observers, the logger and
//     RunStream. builtin's write_file, edit_file and delete_file report every
//     change they make: the path (relative to the workspace), the kind
//     (created, modified, deleted), sizes and SHA-256 before and after, the
//     old content (Before) for files up to builtin.MaxChangeBytes (64 KiB) and
//     a unified diff when both sides are small text. run_command compares the
//     workspace before and after the command (regular files outside .git; up
//     to 10,000 files and 8 MiB of contents, saying so in its result when a
//     bound is hit) and reports what it created, changed or deleted; a large
//     file's old content is not read, so such a change cannot be reverted.
//
//   - Progress: a tool reports how far it has got with
//     "toolgen.ReportProgress(ctx, p)" (or its toolgen.Ctx's Report), and the
//     agent emits it as a tool_progress event (Event.Progress), in order,
//     between the call's tool_started and tool_finished, when somebody
//     listens (an observer, the logger, RunStream); else the tool gets no
//     receiver (toolgen.ReportsProgress is false) and reports cost nothing.
//     A run whose own context has a receiver (a sub-agent's run, whose
//     reports are also its caller's call's progress; a call served over MCP
//     with a progress token; a Temporal activity, which heartbeats them)
//     hands each report on to it too. mcp's client turns a remote tool's
//     progress notifications into reports, so a remote call's progress is
//     an EventToolProgress too.
//     When the calls of a turn run in parallel, each change is still
//     reported by the call that made it: the file tools' writes and a
//     command's comparison wait for one another (two commands at once
//     cannot be told apart, and say so: see builtin). To
//     roll back a set of changes, pass them in the order they happened to
//     (*builtin.Workspace).Revert: every file gets back its content from
//     before its first change (created files are removed), and nothing is
//     written unless every file is still as the last change left it
//     (builtin.ErrChangedSince) and its old content was kept. Outside an agent
//     run nothing is computed.
//
//   - Streaming: "a.RunStream(ctx, prompt, deps, fn)" (and ResumeStream) is
//     Run reported as it happens: fn(agent.Event) gets the same events, in
//     order and one at a time, plus each piece of the model's answer as it
//     arrives (agent.EventModelPart, with Event.Part: text and reasoning
//     deltas, each tool call's start, argument pieces and whole call, usage,
//     finish) and each tool's result on tool finished. The run waits for fn (a
//     slow consumer slows the run; nothing piles up), and an error from fn
//     cancels the run and is what RunStream returns. A model streams by
//     implementing agent.StreamingModel (the OpenAI and Anthropic adapters and
//     agenttest do); any other model's whole answer is streamed as parts once
//     it comes (agent.Stream, agent.Parts), and agent.Collect puts a stream
//     back together. Streaming changes what is observed, never what the loop
//     decides: the state a streaming run ends with is the one Run gives.
//
// Printing the answer's text as it comes:
//
//	s, err := a.RunStream(ctx, "Weather in Paris?", nil, func(e agent.Event) error {
//		if e.Kind == agent.EventModelPart && e.Part.Kind == agent.PartText {
//			fmt.Print(e.Part.Text)
//		}
//		return nil
//	})
//
// Ready for durable execution: the loop's decisions are pure functions of
// State, and an engine drives a run through them, running each effect
// where it records it (see The engine seam); Run and Resume are the same
// loop in process.
//
// # Permission rules
//
// WithPermissions gives the loop a permission.Permissions, which decides
// every call: a deny rule refuses it, an allow rule runs it, an ask rule
// pauses the run for a person; with no rule matching, the preset and the
// tool's RequiresApproval decide (see Presets). New runs Permissions.Check
// against the agent's tools. Package permission documents the rules, their
// order (deny, then allow, then ask: an allow rule can exempt calls from an
// ask rule, unlike Claude Code's) and their globs.
//
// Typed rules. For each tool, the generated file declares a rule type with one
// string field per argument, so that a misspelled tool or argument does not
// compile:
//
//	perms := permission.Permissions{
//		Deny:  []toolgen.Rule{weather.GetWeatherRule{City: "Atlantis"}.Rule()},
//		Allow: []toolgen.Rule{weather.GetForecastRule{Days: "[1-3]"}.Rule()},
//	}
//	// weather.GetWeathrRule{}          undefined: weather.GetWeathrRule
//	// weather.GetWeatherRule{Cty: "x"} unknown field Cty in struct literal of type weather.GetWeatherRule
//
// Each field is a glob over its argument's value; an empty field does not
// constrain it (""*"" requires the argument). Its comment says what the glob
// is matched against when the argument is not a string: a number in canonical
// form ("Days: "3"" matches 3, 3.0 and 3e0), true/false, or compact JSON. A
// field is named after its parameter or struct field, exported (city → City);
// two that would share a name are named after their JSON names instead, then
// numbered. The type is <GoName>Rule (AddRule for a method (*Counter).Add); a
// package that declares that name itself is an error at the tool. Rule types
// are built with field names ("GetWeatherRule{City: "x"}") and are not
// comparable: a blank "_ [0]func()" field spares the compiler an equality
// function per tool.
//
// # Output guards
//
// WithOutputGuards checks results before the model reads them (guard.go):
// each OutputGuard's Rule, the same rule types as permissions (a generated
// XRule's Rule(), checked by the compiler and by New), chooses the calls,
// and its Check returns the result as it is, redacted, or an error that
// refuses it (the model reads that the output guard refused it, and why):
//
//	agent.WithOutputGuards(agent.OutputGuard{
//		Rule:  inbox.ReadInboxRule{}.Rule(),
//		Check: func(ctx context.Context, c agent.ToolCall, r toolgen.Result) (toolgen.Result, error) { return redact(r), nil },
//	})
//
// Text from outside is also fenced as data before a guard sees it: a
// generated tool's fields marked toolgen:"untrusted", and an MCP server's
// results (mcp.WithFencedResults).
//
// # Code mode
//
// [WithCodeMode] offers the model run_code: it writes one short
// TypeScript program against the declarations toolgen generated for the
// tools (a package's CodeModeDeclarations), calling them as async
// functions, and reads back only what the program returns. Ten dependent
// calls take one turn instead of ten, and a large result is filtered in
// the program instead of in the model's context.
//
//	a, err := agent.New(model, agent.WithTools(crm.Tools()),
//		agent.WithCodeMode(agent.CodeMode{Runner: quickjs.New(), Declarations: crm.CodeModeDeclarations()}))
//
// The runner, QuickJS translated to Go (no cgo) with esbuild stripping the
// types, is module github.com/toolgen-dev/toolgen/codemode/quickjs; it
// bounds each program's wall and CPU time, memory, stack, output and calls,
// and gives it no clock, randomness, files, network or environment but the
// tools and a pinned clock and seed (package codemode).
//
// Each call a program makes takes the path of a call the model made: the
// same decision (rules, preset, filters, failure limits: a program calls
// only the run's active tools), the same run (the tool's decoder and
// certain repair, toolgen.Ctx with its idempotency key, timeout, progress
// and file changes), the same events, labelled with [Event.ProgramCallID],
// and its cost in the run's usage. Its id is the run_code call's with the
// call's number: "c1.2" is the second call of c1's program. A denied or
// rejected call, or one whose tool fails, throws an Error the program may
// catch.
//
// A call that asks pauses the whole run: the program stops where it is
// (it cannot catch that), [State.Pending] lists the call (with
// [PendingCall.ProgramCallID]), and it is approved, edited or rejected by
// its id as any call is, with the same binding and seals. The run_code
// call's [Decision.Program] keeps what the program did; a resume (in
// process, from JSON, or through the engine seam, where [Call.Program] and
// [ToolResult.Program] carry it) runs the program again from the start
// with the same clock and seed, and each call it makes again gets its
// recorded result without running: no call runs twice. A program that
// makes other calls when run again than the record holds (a State changed
// by hand) runs none of them and fails.
//
// # The engine seam
//
// What a durable-execution engine (Temporal, DBOS,
// Restate...) needs to drive a run itself, recording each side effect.
//
// The engine keeps the State (its own history is where it lives) and loops:
//
//	s := agent.NewState(workflowID, prompt)
//	for {
//		act, err := a.Next(s)
//		events := s.TakeEvents()      // Next's, and the last Apply's: a.Emit(ctx, events...), not while replaying
//		switch act.Kind {
//		case agent.ActionCompact:     // record a.Compact(ctx, act.Request, act.Tokens); a.ApplyCompaction(s, res)
//		case agent.ActionAskModel:    // record a.Model().Generate(ctx, act.Request); a.ApplyResponse(s, resp)
//		case agent.ActionCallTools:   // record a.CallTool(ctx, ...) per call; a.ApplyResults(s, results)
//		case agent.ActionAwaitApproval: // wait for a.Approve(s, ...) / a.Reject(s, ...), then loop
//		case agent.ActionStop:        // done: act.Stop says why
//		}
//	}
//
// Next, ApplyCompaction, ApplyResponse, ApplyResults, Approve and Reject
// are pure: no I/O, clock, randomness or map iteration, so an engine that
// replays its history through them gets the same State, the same actions
// and the same events. Compact, Model and CallTool are the side effects, to
// run where the engine runs effects (activities, steps).
//
// Run and Resume are this loop, in process: they make the same decisions
// with the same functions (advance in step.go, the apply functions), run
// the effects themselves (tool calls concurrently, the model streamed for
// RunStream, with timeouts), and deliver each event as it happens. So a
// run driven through the seam has Run's transcript, requests, usage,
// compactions and events (the tests drive both on the same scripts and
// compare them).
//
// Events: the pure functions do not call observers (an engine replays
// them); they record in the State the events Run emits about the same
// decisions (call_requested, call_allowed, call_denied, call_paused,
// call_approved, call_rejected, compaction, turn_started, model_responded,
// turn_finished, run_stopped), in Run's order, and State.TakeEvents hands
// them over; Agent.Emit delivers them to the agent's observer and logger at
// the point the engine chooses (Temporal: only when not replaying).
// CallTool emits tool_started, file_changed, tool_progress and
// tool_finished itself, as the call runs. Left to the engine: model_responded's Duration
// (ApplyResponse records 0; an engine that timed the request may set it
// before Emit), run_failed (the engine's own failures), model_part (Next
// asks for a whole response, not a stream), and the usage of the
// sub-agents a tool call runs (AsTool adds it to a run of Run's, not to a
// call of CallTool's).
//
// What lives only in memory, as in Run: the model's count of the last
// request's input tokens (compaction's yardstick) and whether the next
// request was compacted already. A State read back from JSON (an engine's
// continue-as-new, Resume) estimates its size from its text alone and may
// compact the next request again, as Resume does.
//
// # Where things live
//
//   - The loop: [New] and its options (agent.go), [Agent.Run] and
//     [Agent.Resume] (run.go), its pure decisions (step.go).
//   - The model: [Model], [ModelFunc], [Request], [Response], [Message],
//     [ToolCall], [ToolResult] (model.go).
//   - [State] (state.go), [State.Pending], [State.Approve], [State.Reject].
//   - Events (event.go, observe.go): [Event], [WithObserver], [WithLogger].
//   - File changes and progress (filechange.go): [EventFileChanged],
//     [EventToolProgress].
//   - Compaction (compaction.go): [WithCompaction], [EstimateTokens],
//     [ElideToolResults], [Summarize], [Compactor], [State.Compactions].
//   - The engine seam (engine.go): [Agent.Next], [Agent.ApplyCompaction],
//     [Agent.ApplyResponse], [Agent.ApplyResults], [State.TakeEvents],
//     [Agent.Emit]; module github.com/toolgen-dev/toolgen/temporal runs it
//     on Temporal.
//   - Tool search (toolsearch.go): [WithToolSearch] sends the model the
//     tools that are not deferred (toolgen.Tool.Deferred) and a
//     search_tools tool ([ToolSearchTools]) over the tools' build-time
//     index; what it finds is sent from the next request on, kept in
//     [State.LoadedTools] and reported as an [EventToolsLoaded]. A
//     [NativeToolSearcher] model's provider searches instead: deferred
//     tools are sent marked [ToolSpec.Deferred] with their
//     [ToolSpec.Namespace] (OpenAI groups them by it), and the tools its
//     search finds ([ProviderCall.Found]) are loaded the same way. A loaded tool
//     is sent marked [ToolSpec.Loaded], so that an adapter keeps its
//     prompt-cache breakpoint on the tools sent up front.
//   - Provider calls (model.go): tools a provider runs itself (its tool
//     search, web search) come back in [Message.ProviderCalls], are never
//     run here, and are reported as [PartProviderCall] parts and
//     [EventProviderCall] events. The web pages a provider's search found
//     or its answer cites are the answer's [Message.Sources] (a [Source]
//     per URL, with the [Citation]s of the answer's text where the
//     provider gives them), the same for every provider: streamed as
//     [PartSource] parts ([Message.AddSource] puts a page's parts
//     together), reported as [EventSource] events, never sent back to the
//     provider. A [ProviderToolModel] names the ones its
//     options enable (web search, code execution); the agent leaves out of
//     each request ([Request.DisabledProviderTools]) those a Deny or Ask
//     rule names, since no rule can judge a call the loop never sees.
//     Reasoning a provider wants back with the
//     history (OpenAI's encrypted reasoning items) comes in
//     [Message.Reasoning], streamed as [PartReasoningDone] parts, and only
//     its adapter reads it.
//   - Resuming (resume.go): a paused turn's calls are decided again against
//     the agent's current tools and permissions, and a call that finished
//     (its result is in the State) never runs again.
//   - Streaming (stream.go, runstream.go): [Agent.RunStream] and
//     [Agent.ResumeStream] report a run as it happens, the model's answer
//     part by part ([Part], [EventModelPart]); a [StreamingModel] streams its
//     answer, [Stream] adapts any [Model], and [Collector] puts parts back
//     together.
//   - Permissions (permissions.go): [Permissions], [Outcome], [Match] and
//     [MatchRule] are aliases of package permission's names.
//   - Presets (preset.go): [Preset] decides the calls no rule matched, from
//     the tools' annotations.
//   - Sub-agents (subagent.go): [Agent.AsTool] makes an agent a tool of
//     another agent; an engine runs such a call as a run of its own
//     (engine_sub.go: [SubAgent], [SubAgentPrompt], [SubAgentResult]).
//   - Sandbox: [WithSandbox] gives every call a toolgen.Sandbox, in its
//     toolgen.Ctx (a sub-agent without its own inherits its caller's).
//   - Code mode (codemode.go): [WithCodeMode], [CodeMode], [ProgramRun].
//   - Bounded results (results.go): [WithMaxResultTokens], [ToolReadResult],
//     [HeldResult], [WithResultBudget], [StopResultBudget],
//     [EventResultBudget]; failure limits (failures.go): [WithMaxFailures].
//   - [TranscriptFrom]: a tool reads the transcript up to its call from its
//     context (the rest of what it learns about the run is toolgen.Ctx).
package agent
