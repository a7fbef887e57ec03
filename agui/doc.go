// Package agui serves an agent over the AG-UI protocol (https://docs.ag-ui.com,
// version 1.0), the HTTP and SSE transport its clients speak: NewHandler
// takes the RunAgentInput an AG-UI client POSTs (HttpAgent of
// @ag-ui/client, and the frontends built on it), runs the agent on the
// thread, and streams the run as AG-UI events. It is package aisdk's
// sibling: the same agent, the same approvals and the same security model,
// for AG-UI clients rather than the AI SDK's useChat.
//
//	h, err := agui.NewHandler(a)
//	http.Handle("/agent", h)
//
// and in the browser, new HttpAgent({ url: "/agent" }).runAgent().
//
// # What the client reads
//
// Each run streams RUN_STARTED, a STATE_SNAPSHOT (once the handler takes
// the run), the run's events, and RUN_FINISHED (or RUN_ERROR). The agent's
// events become:
//
//   - a turn (agent.EventTurnStarted, agent.EventTurnFinished): a step,
//     STEP_STARTED and STEP_FINISHED named "turn N".
//   - the model's answer (agent.EventModelPart): one assistant message per
//     answer. Text streams as TEXT_MESSAGE_START, TEXT_MESSAGE_CONTENT and
//     TEXT_MESSAGE_END; text after a call opens the same message again (the
//     client appends to it). Reasoning streams as a reasoning message of
//     its own (REASONING_START, REASONING_MESSAGE_START, _CONTENT, _END,
//     REASONING_END). A tool call streams as TOOL_CALL_START (its
//     parentMessageId is the answer's message), TOOL_CALL_ARGS as the
//     arguments come (whole, when they did not stream) and TOOL_CALL_END.
//   - the answer's end (agent.EventModelResponded): a STATE_DELTA of the
//     turns and tokens.
//   - a call the provider ran itself (agent.EventProviderCall, its web or
//     tool search): a tool call of the answer, with its TOOL_CALL_RESULT
//     (the provider's result as JSON text), its metadata saying
//     {"providerExecuted": true, "provider": ...}.
//   - the web pages an answer cites or its provider's search found
//     (agent.Source, agent.EventSource, the same for every provider): an
//     ACTIVITY_SNAPSHOT of activityType SOURCES (ActivitySources) whose
//     content is a Sources, the answer's list so far (url, title, and the
//     citations of its text), which each new page or citation replaces.
//   - a call's result (agent.EventToolFinished): TOOL_CALL_RESULT, a tool
//     message of its own whose content is the result's text (a structured
//     result's JSON); a failed call's has metadata {"isError": true}. A call
//     denied by a rule (agent.EventCallDenied), or rejected by a person
//     (agent.EventCallRejected), gets a TOOL_CALL_RESULT too, saying so as
//     the model reads it, so that no call the client saw is left without
//     an answer.
//   - a running call's progress (agent.EventToolProgress, toolgen.Progress):
//     an ACTIVITY_SNAPSHOT of activityType TOOL_PROGRESS (ActivityToolProgress)
//     whose content is a ToolProgress; each report replaces the call's
//     activity, which stays in the client's messages, next to the call's
//     result, once it ends. Activities are the protocol's place for progress
//     that is not conversation: the client keeps them out of the messages
//     it sends back.
//   - a call waiting for approval (agent.EventCallPaused): a STATE_DELTA
//     adding it to pendingApprovals, and an interrupt of the run's end.
//   - a file a tool changed (agent.EventFileChanged): a STATE_DELTA adding
//     it to fileChanges.
//   - tools that tool search loaded (agent.EventToolsLoaded): a STATE_DELTA
//     adding them to loadedTools.
//   - a call of a run_code program (agent.WithCodeMode): a PROGRAM_CALL
//     activity (see Code mode below).
//   - a sub-agent's run (agent.AsTool), whose events come through the call
//     that runs it: not streamed; the client reads the call, and its
//     result.
//   - the run's end: RUN_FINISHED with outcome success (result: the final
//     answer's text), or interrupt (the calls waiting for approval), and the
//     run's tokens in usage; metadata.stopReason is the agent's stop reason
//     ("done", "max_turns", "paused"). A run that failed ends with RUN_ERROR
//     instead (code run_failed, CodeRunFailed), after what it opened is
//     closed.
//
// The state (AgentState) is the server's view of the run for a UI to
// show: turns, usage, loadedTools, pendingApprovals and fileChanges. A run
// the handler goes on with starts with a STATE_SNAPSHOT of it, which the
// client takes as a whole, then JSON Patch deltas (add and replace)
// against it.
//
// # Approvals are interrupts
//
// A call that needs approval pauses the run, which ends with RUN_FINISHED
// whose outcome is the interrupt outcome: one Interrupt a call, reason
// "tool_approval", toolCallId the call, a message for a person, a
// responseSchema for the answer, and metadata naming the tool and the
// call's arguments. Its id is the handler's own (128 random bits, never the
// model's call id). The paused run stays on the server (see Store), with
// the thread's transcript. The client answers in its thread's next run,
// with RunAgentInput.resume: one entry an interrupt, status "resolved"
// with payload {"approved": true} (or false, with a "reason" the model
// reads), or "cancelled", which declines the call. HttpAgent's
// runAgent({resume}) sends them; buildResumeArray builds them.
//
// The handler answers every call it waits on as the entries say and
// resumes the run, streaming the approved calls' results (and the refusal
// of the others) and what follows. The client's answer decides only yes or
// no: which calls run, with which arguments, comes from the paused run. A
// resume must answer each interrupt of the thread, once, by its id, and
// nothing else: otherwise the run ends with RUN_ERROR (code
// invalid_request, CodeInvalidRequest) and nothing changes, so a corrected
// resume still works. The paused run is taken out of the store before it
// resumes, so a run resumes at most once: a second resume reads that
// nothing waits. A run of a thread that waits, without a resume (a client
// that lost the interrupts, its stream cut as the run paused), runs
// nothing and ends as the paused run did, with the same interrupts under
// the same ids. A user message sent meanwhile is not taken by either: the
// thread's next run takes it.
//
// # Code mode
//
// An agent in code mode (agent.WithCodeMode) calls run_code, whose
// arguments are a program; the program's calls take the loop's path.
// run_code streams as any call, its TOOL_CALL_RESULT what the program
// returned. The program's calls are not tool calls, which would enter the
// client's messages as the assistant's (sent back, counted among the
// run's pending tool calls, taken for the client's own tools): each is an
// ACTIVITY_SNAPSHOT of activityType PROGRAM_CALL (ActivityProgramCall)
// whose content is a ProgramCall (the run_code call's id, the call's own,
// "<run_code id>.<n>", its tool and arguments, its status, its result,
// its last progress and the files it changed), which each change
// replaces, across the runs of a paused run too (one message id a call).
// Activities are the protocol's place for what is not conversation: the
// client shows them and keeps them out of the messages it sends back. The
// files a program's call changes are in the state's fileChanges too. A
// call of a program that needs approval is an interrupt as any call's:
// its toolCallId is the program's call's, its metadata names the run_code
// call ("programCallId"), as does its pending approval in the state, and
// the call's activity says awaiting_approval with the interrupt's id.
// Answered by a resume, it resumes the run: the program runs again from
// the start, its calls that ran given their recorded results, and goes
// on (a rejected call's activity says rejected; the program reads the
// refusal and may go on); a program that asks again ends the run with
// another interrupt.
//
// # What the handler trusts
//
// A client sends its whole copy of the conversation with every run. The
// handler keeps each thread's transcript as it ran it (Thread.Run), and
// that is the history of the thread's next run, with the client's user
// messages the thread has not seen (by id) as the new turn; the rest of
// the client's messages is not read, so a client cannot put words in the
// assistant's mouth, results of calls that never ran, or a system prompt
// into a thread the server keeps. A client may as well send only its new
// message. A thread the store does not keep (new, dropped, or whose
// transcript did not fit) starts from the text of the client's user and
// assistant messages, in order; tool calls, tool results, system and
// developer messages, reasoning and activities are left out. The handler
// never reads the client's state, tools (the agent's tools are the
// server's), context or forwardedProps: per-request facts reach the tools
// through WithDeps, from the request (its authentication).
//
// # Security model
//
// A run runs the agent with the tools of the server's user, so the handler
// serves only requests a page meant to send, as package aisdk does:
//
//   - Origin. aisdk's rules, with the same options (WithAllowedOrigins,
//     WithAllowedHosts): JSON bodies only (else 415), no request from
//     another origin, no Host rebound to a loopback address (403).
//   - Principals. WithPrincipal binds each thread to the principal (the
//     signed-in user) of its first run; a request naming a thread another
//     principal started gets 404, as if there were no such thread, and
//     changes nothing (no interrupt answered, no message taken, no paused
//     run dropped). Without it the handler serves a single user: anyone who
//     can reach it and names a thread's id may run it, and answer its
//     interrupts if they read them. Put it behind your authentication, and
//     give it WithPrincipal, when several people use it.
//   - Limits. A request's body is at most WithMaxBodyBytes (8 MiB, else 413),
//     each id in it at most 256 bytes (else 400); one run per thread at a
//     time (409); the default store keeps at most 1,024 threads (dropping
//     the oldest) and 64 MiB (a paused run that does not fit fails with
//     ErrStoreFull, code store_full, which the user reads with the limit; a
//     finished run's transcript that does not fit is dropped, and the
//     thread's next run reads the client's messages); each write of a
//     stream has WithWriteStallTimeout (30 s) to complete, so a client that
//     stops reading frees its run and its thread. Serve it with an
//     http.Server that sets ReadHeaderTimeout, ReadTimeout and IdleTimeout
//     but no WriteTimeout, which would cut a long run's stream (see
//     examples/agui).
//
// A request the handler cannot take gets a plain HTTP error (405, 400,
// 401, 404, 409, 413, 415, 500); one it takes gets a stream, whose
// RUN_ERROR says what went wrong: the handler's own errors about the
// request as they are, a run's failure as WithErrorText says ("An error
// occurred." by default, since a model's or a tool's error may tell what a
// user should not read). A client that goes away, or stops reading,
// cancels its run; a run that failed leaves the thread as it was (a
// resumed run's transcript, taken out to resume, is gone: the thread's
// next run reads the client's messages). The handler claims a thread in
// its process only: replicas that share a Store should route a thread's
// requests to one of them.
//
// CI runs the official client, @ag-ui/client 1.0.0's HttpAgent in Node,
// against the handler: it validates every event against the protocol's
// schemas and order rules (and warns about anything it strips, which fails
// the test), applies them to its messages and state, and answers an
// approval interrupt, approved and denied, with a resume.
package agui
