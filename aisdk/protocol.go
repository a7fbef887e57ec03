package aisdk

import (
	"encoding/json"

	"github.com/toolgen-dev/toolgen"
)

// The wire types below follow the `ai` npm package (7.0.173, pinned in
// testdata/npm): its uiMessageChunkSchema for the chunks, UIMessage and
// UIToolInvocation for the messages, and HttpChatTransport.sendMessages
// for the request body. What this package writes and reads is the same in
// ai 6 (6.0.326, pinned in testdata/npm as "ai6", is tested too): ai 7
// added chunk types (custom, reasoning-file, steering-message, reset-step,
// tool-approval-response), the finish reason "interrupted" and optional
// fields, none of which this package sends, and kept the headers, the
// request body, the tool part states, the approval flow and the resumed
// stream's URL.

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
// (a tool call naming its tool in ToolName: the calls the provider ran, and
// the fileChange and compaction parts), "file", "source-url",
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
	// Preliminary marks an output a running tool reported (its progress),
	// which its result replaces.
	Preliminary bool `json:"preliminary,omitempty"`
	// ProviderExecuted marks a call the provider ran itself (and the
	// fileChange and compaction parts).
	ProviderExecuted bool `json:"providerExecuted,omitempty"`
	// CallProviderMetadata and ResultProviderMetadata are the provider
	// metadata of a tool part's input and of its output or error (see
	// ProviderCallOutput).
	CallProviderMetadata   json.RawMessage `json:"callProviderMetadata,omitempty"`
	ResultProviderMetadata json.RawMessage `json:"resultProviderMetadata,omitempty"`
	// The fields of source-url, source-document and file parts.
	SourceID  string `json:"sourceId,omitempty"`
	URL       string `json:"url,omitempty"`
	Title     string `json:"title,omitempty"`
	MediaType string `json:"mediaType,omitempty"`
	Filename  string `json:"filename,omitempty"`
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
	// MessageMetadata is the message's metadata (see MessageMetadata), on
	// start, finish and message-metadata; the client merges it into the
	// message's.
	MessageMetadata json.RawMessage `json:"messageMetadata,omitempty"`
	// The fields of tool chunks.
	ToolCallID     string          `json:"toolCallId,omitempty"`
	ToolName       string          `json:"toolName,omitempty"`
	InputTextDelta string          `json:"inputTextDelta,omitempty"`
	Input          json.RawMessage `json:"input,omitempty"`
	Output         json.RawMessage `json:"output,omitempty"`
	ApprovalID     string          `json:"approvalId,omitempty"`
	// Preliminary marks a tool-output-available that a later one replaces:
	// a running tool's progress.
	Preliminary bool `json:"preliminary,omitempty"`
	// ProviderExecuted marks the chunks of a call the provider ran, and
	// Dynamic those of a dynamic-tool part.
	ProviderExecuted bool `json:"providerExecuted,omitempty"`
	Dynamic          bool `json:"dynamic,omitempty"`
	// ProviderMetadata is a tool chunk's provider metadata: an object of
	// objects, by provider.
	ProviderMetadata json.RawMessage `json:"providerMetadata,omitempty"`
	// ErrorText is an error chunk's, a tool-input-error's or a
	// tool-output-error's message.
	ErrorText string `json:"errorText,omitempty"`
	// FinishReason is the finish chunk's: "stop", "length",
	// "content-filter", "tool-calls", "error" or "other".
	FinishReason string `json:"finishReason,omitempty"`
	// Data is a data chunk's value (type "data-<name>").
	Data json.RawMessage `json:"data,omitempty"`
	// The fields of source-url, source-document and file chunks.
	SourceID  string `json:"sourceId,omitempty"`
	URL       string `json:"url,omitempty"`
	Title     string `json:"title,omitempty"`
	MediaType string `json:"mediaType,omitempty"`
	Filename  string `json:"filename,omitempty"`
}

// MessageMetadata is the metadata of the assistant's message: the run's id
// from the start chunk on, and on the finish chunk the tokens the run
// spent (a run resumed after an approval counts from its start).
type MessageMetadata struct {
	RunID string        `json:"runId,omitempty"`
	Usage *MessageUsage `json:"usage,omitempty"`
}

// MessageUsage counts tokens, as the AI SDK's LanguageModelUsage names
// them. InputTokens are all the input tokens, those the provider's prompt
// cache read or wrote included (agent.Usage).
type MessageUsage struct {
	InputTokens  int `json:"inputTokens"`
	OutputTokens int `json:"outputTokens"`
	TotalTokens  int `json:"totalTokens"`
	// InputTokenDetails splits InputTokens by the prompt cache, when the
	// provider said what its cache read or wrote (nil otherwise).
	InputTokenDetails *InputTokenDetails `json:"inputTokenDetails,omitempty"`
}

// InputTokenDetails splits the input tokens by the provider's prompt
// cache, as the AI SDK's LanguageModelUsage.inputTokenDetails does: the
// tokens neither read from nor written to the cache, those read
// (agent.Usage.CachedInputTokens) and those written
// (CacheCreationInputTokens).
type InputTokenDetails struct {
	NoCacheTokens    int `json:"noCacheTokens"`
	CacheReadTokens  int `json:"cacheReadTokens"`
	CacheWriteTokens int `json:"cacheWriteTokens"`
}

// ProviderCallOutput is the output of a call the provider ran itself
// (agent.ProviderCall; a dynamic-tool part with providerExecuted): the
// provider, its result as it gave it (for Anthropic, the whole result
// block) and the tools its tool search found. A call whose result says it
// failed is a tool-output-error instead, with the same object in its
// provider metadata under MetadataKey. Transcript reads it back, so that
// the provider gets its calls and results back as they came.
type ProviderCallOutput struct {
	Provider string             `json:"provider"`
	Result   json.RawMessage    `json:"result,omitempty"`
	Found    []toolgen.ToolName `json:"found,omitempty"`
}

// MetadataKey is this package's key in a chunk's providerMetadata.
const MetadataKey = "toolgen"

// The names of the dynamic tool parts that are no tool's calls, as the AI
// SDK's harnesses project them (dynamic, provider-executed): a file a tool
// changed, and a compaction of the transcript. Transcript leaves them out.
const (
	// ToolFileChange's input is {path, kind}, its output FileChangeData.
	ToolFileChange = "fileChange"
	// ToolCompaction's input is {policy}, its output CompactionData.
	ToolCompaction = "compaction"
)

// FileChangeData is the output of a fileChange part: a file a tool changed
// (see toolgen.FileChange; the old content is not sent), and the call that
// changed it.
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

// CompactionData is the output of a compaction part: what a compaction of
// the transcript removed before a request (see agent.CompactionRecord).
type CompactionData struct {
	Turn            int           `json:"turn"`
	Policy          string        `json:"policy"`
	Removed         string        `json:"removed,omitempty"`
	RemovedMessages int           `json:"removedMessages,omitempty"`
	ElidedResults   int           `json:"elidedResults,omitempty"`
	TokensBefore    int           `json:"tokensBefore"`
	TokensAfter     int           `json:"tokensAfter"`
	SavedTokens     int           `json:"savedTokens"`
	Usage           *MessageUsage `json:"usage,omitempty"`
}

// ToolsLoadedData is the data of a data-tools-loaded part: the deferred
// tools that tool search found (or the model called), which the model is
// sent from its next request on.
type ToolsLoadedData struct {
	Tools []toolgen.ToolName `json:"tools"`
}

// ProgramCallData is the data of a data-program-call part
// (ChunkDataProgramCall): a call that the program of a run_code call made
// (code mode, agent.WithCodeMode), in the fields and states of a tool part,
// so that a UI shows it as it shows a tool part. ProgramCallID is the
// run_code call's (its tool part's toolCallId), ToolCallID the call's own
// ("<run_code id>.<n>", also the part's id). State is input-available
// (allowed, or approved, and running), approval-requested (the approval is
// asked on the run_code call's tool part), output-available (Output; with
// Preliminary, the running call's progress, as a tool part's preliminary
// output), output-error (ErrorText: the call failed, or a rule or the
// agent refused it) or output-denied (ErrorText: the user rejected it, as
// the program reads it). FileChanges are the files the call changed.
type ProgramCallData struct {
	ProgramCallID string           `json:"programCallId"`
	ToolCallID    string           `json:"toolCallId"`
	ToolName      string           `json:"toolName"`
	State         string           `json:"state"`
	Input         json.RawMessage  `json:"input"`
	Output        json.RawMessage  `json:"output,omitempty"`
	Preliminary   bool             `json:"preliminary,omitempty"`
	ErrorText     string           `json:"errorText,omitempty"`
	FileChanges   []FileChangeData `json:"fileChanges,omitempty"`
}

// The chunk types this package writes (and reads, to keep a chat's
// history).
const (
	ChunkStart = "start"
	// ChunkMessageMetadata updates the message's metadata. This package
	// sends the metadata on the start and finish chunks; its history reads
	// this chunk too.
	ChunkMessageMetadata = "message-metadata"
	// ChunkDataToolsLoaded names the deferred tools that tool search made
	// callable (agent.WithToolSearch), as a data part ("data-tools-loaded").
	ChunkDataToolsLoaded = "data-tools-loaded"
	// ChunkDataProgramCall is a call a run_code program made, as a data
	// part ("data-program-call") whose id is the call's and whose data is
	// a ProgramCallData; each change sends it whole, replacing it.
	ChunkDataProgramCall = "data-program-call"
	ChunkStartStep       = "start-step"
	ChunkTextStart       = "text-start"
	ChunkTextDelta       = "text-delta"
	ChunkTextEnd         = "text-end"
	ChunkReasoningStart  = "reasoning-start"
	ChunkReasoningDelta  = "reasoning-delta"
	ChunkReasoningEnd    = "reasoning-end"
	ChunkToolInputStart  = "tool-input-start"
	ChunkToolInputDelta  = "tool-input-delta"
	// ChunkToolInputAvailable carries a call's whole input.
	ChunkToolInputAvailable = "tool-input-available"
	// ChunkToolInputError is a call whose input is not valid JSON, or
	// that names a tool the agent does not have.
	ChunkToolInputError      = "tool-input-error"
	ChunkToolApprovalRequest = "tool-approval-request"
	// ChunkToolOutputAvailable carries a call's output; with Preliminary,
	// its progress so far.
	ChunkToolOutputAvailable = "tool-output-available"
	ChunkToolOutputError     = "tool-output-error"
	ChunkToolOutputDenied    = "tool-output-denied"
	// ChunkSourceURL is a web page the provider's web search found.
	ChunkSourceURL  = "source-url"
	ChunkFinishStep = "finish-step"
	ChunkFinish     = "finish"
	ChunkError      = "error"
)

// HeaderName and HeaderValue mark a response as a UI message stream
// (UI_MESSAGE_STREAM_HEADERS in the `ai` package).
const (
	HeaderName  = "x-vercel-ai-ui-message-stream"
	HeaderValue = "v1"
)
