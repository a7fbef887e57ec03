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
package aisdk
