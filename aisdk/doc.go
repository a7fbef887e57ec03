// Package aisdk serves the Vercel AI SDK's UI message stream protocol for
// useChat: Handler is an http.Handler that takes the chat request useChat's
// default transport POSTs (the chat's UIMessages), converts them to the
// agent's transcript, runs the agent, and streams its answer as the SDK's
// chunks over SSE (text, reasoning, tool input and output, a tool's
// progress, the provider's own calls and their sources, file changes and
// compactions, the message's metadata, steps, finish, errors), as the `ai`
// npm package reads them; a client that loses its connection reconnects
// and gets the answer (resumable streams).
//
//	h, err := aisdk.Handler(a)
//	http.Handle("/api/chat", h)
//	http.Handle("/api/chat/", h) // reconnects: /api/chat/<chat id>/stream
//
// and in the browser, useChat({ resume: true, transport: new
// DefaultChatTransport({ api: "/api/chat" }) }).
//
// A call that needs approval is streamed as a tool-approval-request, and
// the run pauses; the paused run stays on the server (see Store) under the
// chat's id. The client answers with addToolApprovalResponse and sends the
// messages again (sendAutomaticallyWhen:
// lastAssistantMessageIsCompleteWithApprovalResponses does it); the handler
// applies the answers to the paused run and resumes it, streaming the
// approved calls' outputs (tool-output-denied for the others) into the same
// assistant message. The client's copy of the approval decides only yes or
// no: which calls run, and with which arguments, comes from the paused run.
//
// # What the UI gets, and what it cannot decide
//
// A call that needs approval reaches the UI as an approval request (a tool
// part in state approval-requested); answer it with addToolApprovalResponse
// and "sendAutomaticallyWhen:
// lastAssistantMessageIsCompleteWithApprovalResponses", and the run resumes on
// the server: approved calls run with the arguments the model sent, denied
// ones come back to the model as denied (output-denied in the UI). Paused runs
// are kept on the server by chat id in a Store (in memory by default, at most
// 1,024 chats and 64 MiB; WithStore for your own): only the server's copy
// decides what runs, so a client cannot approve a call the model never made,
// and an answer counts only under the approval id the handler asked with (128
// random bits, never the model's call id). WithDeps gives each request's deps
// to the tools (the signed-in user, say), WithMaxBodyBytes bounds a request (8
// MiB), and run errors reach the UI as "An error occurred." unless
// WithErrorText says more. Bad requests get a plain HTTP error (405, 400, 413,
// 415; 409 for a second request on a chat still streaming).
//
// # The whole stream
//
// Beyond text, reasoning, steps and tool calls, the UI gets:
//
//   - A running tool's progress (toolgen.Progress, agent.EventToolProgress):
//     a preliminary output of its call (tool-output-available with
//     preliminary: true), which the next one and then the result replace.
//     The output is the tool's Partial when it gave one, since a partial
//     result is the output so far and a UI shows it as it shows the result;
//     else the progress itself, {message, progress, total}. (A tool that
//     wants its message shown with a partial puts it in the partial.)
//   - Input errors (tool-input-error): a call whose arguments are not valid
//     JSON (the call goes on: the tool's own error, which the model reads,
//     follows as its output), and a call of a tool the agent does not have
//     (the agent's "unknown tool"). Other refusals (a deny rule, an inactive
//     tool) are the call's error, as before.
//   - The message's metadata (MessageMetadata): the run's id on the start
//     chunk, and on the finish chunk the run's id and the tokens it spent
//     (inputTokens, outputTokens, totalTokens, and inputTokenDetails'
//     noCacheTokens, cacheReadTokens and cacheWriteTokens when the provider
//     reported its prompt cache; a run resumed after an approval counts
//     from its start). useChat merges them into
//     message.metadata.
//   - The calls the provider ran itself (agent.ProviderCall: its tool
//     search, web search): dynamic tool parts with providerExecuted, their
//     input the call's arguments and their output a ProviderCallOutput (the
//     provider, its result as it gave it, the tools its search found); a
//     result that says the call failed is a tool-output-error, the same
//     object in its providerMetadata under "toolgen". Transcript turns such
//     parts back into agent.Message.ProviderCalls, so the provider gets its
//     calls and result blocks back as they came; never into calls to run
//     here. No provider adapter gives files or documents today, so no file
//     or source-document part is sent.
//   - The web pages an answer cites or its provider's search found
//     (agent.Source, the same for every provider: Anthropic's search
//     results and citations, OpenAI's url_citation annotations, Gemini's
//     grounding): a source-url part each (url, title), once per URL in a
//     step, as the page comes (a source part, or the run's source event).
//   - A file a tool changed (agent.FileChange) and a compaction of the
//     transcript (agent.CompactionRecord), as the AI SDK's harnesses project
//     such events: dynamic tool parts with providerExecuted, named
//     fileChange (input {path, kind}, output FileChangeData: sizes, hashes
//     and the diff, not the old content) and compaction (input {policy},
//     output CompactionData), under ids of their own; a file change comes
//     between its call's input and its output. Transcript leaves them out
//     of the model's transcript. The data-file-change part this package
//     sent before is gone: the fileChange part carries all it did, in the
//     form the AI SDK's own UIs expect (check part.dynamic).
//   - The tools that tool search loads (agent.WithToolSearch): a
//     data-tools-loaded part (ToolsLoadedData), after the search call's
//     output.
//   - The calls of a run_code program (agent.WithCodeMode): a
//     data-program-call part each (see Code mode below).
//
// # Code mode
//
// An agent in code mode (agent.WithCodeMode) calls run_code, whose input
// is a program; the program's calls take the loop's path. run_code
// streams as any call, its output what the program returned. The
// program's calls are not tool parts, which useChat would send back as
// the model's calls: each is a data-program-call part (ProgramCallData,
// its id the call's, "<run_code id>.<n>"), in the fields and states of a
// tool part (input, output, errorText; a running call's progress as a
// preliminary output; the files it changed in fileChanges), which each
// change sends whole, replacing it (useChat replaces a data part of the
// same id), so that a UI shows it as it shows a tool part. Transcript
// leaves data parts out: no call of a program's reaches the transcript. A
// call of a program that needs approval is asked on the run_code call's
// tool part (the stock UI shows it as run_code asking), under an approval
// id bound on the server to that call alone; the call's data part says
// approval-requested. Answered as any approval, it resumes the run: the
// program runs again from the start, its calls that ran given their
// recorded results, and goes on (a rejected call's part says
// output-denied; the program reads the refusal and may go on). A program
// that asks again asks on the same part, under a new id.
//
// # Resumable streams
//
// An answer is not lost with its connection. The handler keeps each
// running answer's chunks in a StreamStore (in memory by default: 1,024
// answers, 64 MiB, each kept a minute after it ended; WithStreamStore for
// your own, one that several replicas share, say), and a GET of
// <endpoint>/<chat id>/stream, the URL useChat's transport reconnects to
// (its resume option, or resumeStream()), answers the chat's latest answer
// from its first chunk (the client rebuilds the message from the whole
// stream: DefaultChatTransport's resumeStreamIsReplay, its default), then
// each chunk as it comes, until the answer ends; 204 when the chat has no
// answer running or recently ended. The replay of an answer that continues
// a message (an approval answered) begins with that message's parts, so the
// client rebuilds it whole (the approvals it answered come back asked: ai 6
// has no chunk for an answer; the calls' outputs follow). useChat's resume
// option reconnects as the page loads, and so also replays an answer that
// ended within the grace (the message comes out the same); a page that
// loads the chat's history can resume only when it says streaming, as
// examples/chat does. Mount the handler on the endpoint's subtree too:
//
//	http.Handle("/api/chat", h)
//	http.Handle("/api/chat/", h) // <endpoint>/<chat id>/stream
//
// A run outlives its connection: a client that goes away, or stops reading
// (each write has WithWriteStallTimeout, 30 s), leaves the run going for
// WithResumeWindow (30 s), so that it can reconnect; when nobody has read
// the answer that long (clients that reconnect to this process count), the
// run is cancelled. With a window of 0 a run ends as soon as nobody reads
// it (useChat's stop() then stops it at once; with a window, as the AI SDK
// says of its own resumable streams, stop() only stops the client reading).
// An answer the store cannot keep (over its bound) is served all the same,
// not resumable.
//
// CI checks the stream with the ai package's own chat client, in Node, of
// ai 7 (7.0.173) and ai 6 (6.0.326): the UIMessages it builds, of every
// kind of chunk, an approval approved and one denied, a tool's progress
// before its result, a connection lost mid-answer and resumed, and the
// chat sent back (the provider's calls come back to it). The chat page uses
// ai 7.0.173 and "@ai-sdk/react" 4.0.177; useChat of either version works.
//
// # Security model
//
// A chat request runs the agent with the tools of the server's user, so the
// handler only serves requests a page meant to send:
//
//   - Origin. The body must be application/json (else 415): text/plain, forms
//     and multipart, which any web page may POST without a CORS preflight,
//     are refused. A browser's request from another origin (its Origin, or
//     Sec-Fetch-Site cross-site or same-site) gets 403, unless
//     WithAllowedOrigins names the origin (which then gets CORS headers).
//     On a loopback address, a Host other than localhost, 127.0.0.1 or [::1]
//     gets 403 (a page whose domain was rebound to 127.0.0.1 is same-origin
//     to itself; its Host gives it away), unless WithAllowedHosts names it;
//     these are package mcp's rules. A reconnect (GET .../<chat id>/stream)
//     passes the same checks.
//   - Principals. WithPrincipal binds each chat to the principal (the
//     signed-in user) of the request that started it; a request naming a
//     chat another principal started gets 404, as if there were no such
//     chat, and changes nothing (no approval, no message, no paused run
//     dropped), and a reconnect to its answer gets 204, as for a chat with
//     no answer. Without it the handler serves a single user: anyone who can
//     reach it and names a chat's id (useChat makes random ones) may answer
//     that chat's approvals, with their own deps, or start it over. Put it
//     behind your authentication, and give it WithPrincipal, when several
//     people use it.
//   - Limits. A request's body is at most WithMaxBodyBytes (8 MiB, else 413);
//     one request per chat at a time (409); the default store keeps at most
//     1,024 chats (dropping the oldest) and 64 MiB (a save that does not fit
//     fails with ErrStoreFull, which the user reads with the limit, and drops
//     nobody else's chat); the default stream store keeps at most 1,024
//     answers and 64 MiB (an answer that does not fit is not resumable);
//     each write of a stream has WithWriteStallTimeout (30 s) to complete,
//     and a run nobody reads is cancelled after WithResumeWindow (30 s).
//     Serve it with an http.Server that sets ReadHeaderTimeout,
//     ReadTimeout and IdleTimeout but no WriteTimeout, which would cut a long
//     answer's stream (see examples/chat).
//
// # A reload gets the chat back
//
// The handler keeps each chat's messages as it last streamed them (the
// chat's last request and the answer, built from the stream's chunks as
// useChat builds it) in a MessageStore (in memory by default: 1,024 chats,
// 64 MiB; WithMessageStore for your own), and a GET of the endpoint with
// ?id=<chat id> answers them as a ChatHistory, ready for useChat's messages
// option. The GET passes the same Host and Origin checks as a POST, and
// with WithPrincipal only the chat's principal reads it (anyone else gets
// 404). A call waiting for approval comes back in state
// approval-requested, and answering it resumes the paused run as before,
// exactly once (an answer refused, from a tab loaded before the run
// resumed, leaves the messages as they were). While an answer of the chat
// is still streaming in this process, the GET says so (streaming: true,
// with what came so far): reconnect to its stream (useChat's resume) for
// the rest, or ask again when it has ended. A page keeps the
// chat's id somewhere a reload finds it (examples/chat puts it in the
// URL). 400 without an id, 404 for a chat with no messages kept, 500 when
// the store failed.
//
// # Replicas
//
// Replicas of the handler behind a load balancer serve each other's chats
// when they share their stores: github.com/toolgen-dev/toolgen/aisdk/pgstore
// keeps both (the Store and the MessageStore) in one PostgreSQL table, a
// module of its own. A run paused on one replica is then answered on
// another and runs its approved calls once, even when two replicas get the
// same answer at once (the store is a RunTaker: it takes the paused run out
// in one conditional statement); a reload on any replica gets the chat
// back. Each replica refuses a second request of a chat (409) and says
// streaming: true only for the streams it serves itself. The pgstore
// package doc says how to deploy it (the table, the pool, what is locked)
// and what a client sees when a replica dies mid-answer.
package aisdk
