// Package aisdk serves the Vercel AI SDK's UI message stream protocol for
// useChat: Handler is an http.Handler that takes the chat request useChat's
// default transport POSTs (the chat's UIMessages), converts them to the
// agent's transcript, runs the agent, and streams its answer as the SDK's
// chunks over SSE (text, reasoning, tool input and output, steps, finish,
// errors), as the `ai` npm package reads them.
//
//	h, err := aisdk.Handler(a)
//	http.Handle("/api/chat", h)
//
// and in the browser, useChat({ transport: new DefaultChatTransport({ api:
// "/api/chat" }) }).
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
// random bits, never the model's call id). A file a tool
// changed (agent.FileChange) reaches the UI as a data-file-change part
// (path, kind, sizes, hashes and the diff; not the old content), between the
// call's input and its output. The tools that tool search loads
// (agent.WithToolSearch) reach it as a data-tools-loaded part
// (ToolsLoadedData), after the search call's output. WithDeps gives each request's deps to the tools
// (the signed-in user, say), WithMaxBodyBytes bounds a request (8 MiB), and
// run errors reach the UI as "An error occurred." unless WithErrorText says
// more. Bad requests get a plain HTTP error (405, 400, 413, 415; 409 for a
// second request on a chat still streaming), and a client that goes away, or
// stops reading, cancels its run. CI checks the stream with the ai package's own chat client (ai 7.0.173,
// in Node): the UIMessages it builds, an approval approved and one denied. The
// chat page uses ai 7.0.173 and "@ai-sdk/react" 4.0.177; what aisdk sends and
// reads is the same in ai 6 (checked with 6.0.326), so useChat of either
// version works.
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
//     these are package mcp's rules.
//   - Principals. WithPrincipal binds each chat to the principal (the
//     signed-in user) of the request that started it; a request naming a
//     chat another principal started gets 404, as if there were no such
//     chat, and changes nothing (no approval, no message, no paused run
//     dropped). Without it the handler serves a single user: anyone who can
//     reach it and names a chat's id (useChat makes random ones) may answer
//     that chat's approvals, with their own deps, or start it over. Put it
//     behind your authentication, and give it WithPrincipal, when several
//     people use it.
//   - Limits. A request's body is at most WithMaxBodyBytes (8 MiB, else 413);
//     one request per chat at a time (409); the default store keeps at most
//     1,024 chats (dropping the oldest) and 64 MiB (a save that does not fit
//     fails with ErrStoreFull, which the user reads with the limit, and drops
//     nobody else's chat); each write of a stream has WithWriteStallTimeout
//     (30 s) to complete, so a client that stops reading frees its run and
//     its chat. Serve it with an http.Server that sets ReadHeaderTimeout,
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
// with what came so far): ask again when it has ended. A page keeps the
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
