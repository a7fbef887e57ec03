package aisdk

import (
	"encoding/json"

	"github.com/toolgen-dev/toolgen"
)

// The wire types below follow the `ai` npm package (7.0.173, pinned in
// testdata/npm): its uiMessageChunkSchema for the chunks, UIMessage and
// UIToolInvocation for the messages, and HttpChatTransport.sendMessages
// for the request body. What this package writes and reads is the same in
// ai 6 (6.0.326 was checked too): ai 7 added chunk types (custom,
// reasoning-file, steering-message, reset-step, tool-approval-response), the
// finish reason "interrupted" and optional fields, none of which this
// package sends, and kept the headers, the request body, the tool part
// states and the approval flow.

// Request is the body useChat's DefaultChatTransport POSTs: the chat's id,
// its messages (the whole conversation, the newest last), what triggered
// the request ("submit-message" or "regenerate-message") and, when the
// trigger names one, the message's id. Fields a client adds with its own
// body option are ignored.
type Request struct {
	ID        string      `json:"id"`
	Messages  []UIMessage `json:"messages"`
	Trigger   string      `json:"trigger,omitempty"`
	MessageID string      `json:"messageId,omitempty"`
}

// UIMessage is a message as useChat holds it: a role ("system", "user" or
// "assistant") and its parts.
type UIMessage struct {
	ID       string          `json:"id"`
	Role     string          `json:"role"`
	Metadata json.RawMessage `json:"metadata,omitempty"`
	Parts    []UIPart        `json:"parts"`
}

// UIPart is one part of a UIMessage. Type is "text", "reasoning",
// "step-start", "tool-NAME" (a tool call; NAME is the tool's), "dynamic-tool"
// (a tool call naming its tool in ToolName), "file", "source-url",
// "source-document" or "data-NAME". Only the fields of the part's type are
// set.
type UIPart struct {
	Type string `json:"type"`
	// Text is a text or reasoning part's text.
	Text string `json:"text,omitempty"`
	// ID and Data are a data part's (and ID a reasoning part's).
	ID   string          `json:"id,omitempty"`
	Data json.RawMessage `json:"data,omitempty"`
	// The fields of tool parts.
	ToolCallID string          `json:"toolCallId,omitempty"`
	ToolName   string          `json:"toolName,omitempty"` // dynamic-tool only
	State      string          `json:"state,omitempty"`    // see the ToolState constants
	Input      json.RawMessage `json:"input,omitempty"`
	Output     json.RawMessage `json:"output,omitempty"`
	ErrorText  string          `json:"errorText,omitempty"`
	Approval   *Approval       `json:"approval,omitempty"`
}

// The states of a tool part.
const (
	StateInputStreaming    = "input-streaming"
	StateInputAvailable    = "input-available"
	StateApprovalRequested = "approval-requested"
	StateApprovalResponded = "approval-responded"
	StateOutputAvailable   = "output-available"
	StateOutputError       = "output-error"
	StateOutputDenied      = "output-denied"
)

// Approval is a tool part's approval: its id (from the
// tool-approval-request chunk) and, once the user answered, the answer
// and an optional reason.
type Approval struct {
	ID       string `json:"id"`
	Approved *bool  `json:"approved,omitempty"`
	Reason   string `json:"reason,omitempty"`
}

// Chunk is one event of the UI message stream, sent as an SSE data line.
// Type says which; only its fields are set (omitempty), as the protocol's
// schema has them.
type Chunk struct {
	Type string `json:"type"`
	// ID identifies a text or reasoning part across its start, deltas and
	// end.
	ID    string `json:"id,omitempty"`
	Delta string `json:"delta,omitempty"`
	// MessageID is the assistant message's id, on start.
	MessageID string `json:"messageId,omitempty"`
	// The fields of tool chunks.
	ToolCallID     string          `json:"toolCallId,omitempty"`
	ToolName       string          `json:"toolName,omitempty"`
	InputTextDelta string          `json:"inputTextDelta,omitempty"`
	Input          json.RawMessage `json:"input,omitempty"`
	Output         json.RawMessage `json:"output,omitempty"`
	ApprovalID     string          `json:"approvalId,omitempty"`
	// ErrorText is an error chunk's or a tool-output-error's message.
	ErrorText string `json:"errorText,omitempty"`
	// FinishReason is the finish chunk's: "stop", "length",
	// "content-filter", "tool-calls", "error" or "other".
	FinishReason string `json:"finishReason,omitempty"`
	// Data is a data chunk's value (type "data-<name>").
	Data json.RawMessage `json:"data,omitempty"`
}

// FileChangeData is the data of a ChunkDataFileChange chunk: a file a tool
// changed (see toolgen.FileChange; the old content is not sent).
type FileChangeData struct {
	ToolCallID string `json:"toolCallId"`
	Path       string `json:"path"`
	Kind       string `json:"kind"`
	SizeBefore int64  `json:"sizeBefore"`
	SizeAfter  int64  `json:"sizeAfter"`
	HashBefore string `json:"hashBefore,omitempty"`
	HashAfter  string `json:"hashAfter,omitempty"`
	Diff       string `json:"diff,omitempty"`
}

// ToolsLoadedData is the data of a data-tools-loaded part: the deferred
// tools that tool search found (or the model called), which the model is
// sent from its next request on.
type ToolsLoadedData struct {
	Tools []toolgen.ToolName `json:"tools"`
}

// The chunk types this package writes.
const (
	ChunkStart = "start"
	// ChunkDataFileChange reports a file a tool changed, as a data part
	// (useChat keeps it in the message as a "data-file-change" part).
	ChunkDataFileChange = "data-file-change"
	// ChunkDataToolsLoaded names the deferred tools that tool search made
	// callable (agent.WithToolSearch), as a data part ("data-tools-loaded").
	ChunkDataToolsLoaded     = "data-tools-loaded"
	ChunkStartStep           = "start-step"
	ChunkTextStart           = "text-start"
	ChunkTextDelta           = "text-delta"
	ChunkTextEnd             = "text-end"
	ChunkReasoningStart      = "reasoning-start"
	ChunkReasoningDelta      = "reasoning-delta"
	ChunkReasoningEnd        = "reasoning-end"
	ChunkToolInputStart      = "tool-input-start"
	ChunkToolInputDelta      = "tool-input-delta"
	ChunkToolInputAvailable  = "tool-input-available"
	ChunkToolApprovalRequest = "tool-approval-request"
	ChunkToolOutputAvailable = "tool-output-available"
	ChunkToolOutputError     = "tool-output-error"
	ChunkToolOutputDenied    = "tool-output-denied"
	ChunkFinishStep          = "finish-step"
	ChunkFinish              = "finish"
	ChunkError               = "error"
)

// HeaderName and HeaderValue mark a response as a UI message stream
// (UI_MESSAGE_STREAM_HEADERS in the `ai` package).
const (
	HeaderName  = "x-vercel-ai-ui-message-stream"
	HeaderValue = "v1"
)
