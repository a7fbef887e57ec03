package agui

import (
	"encoding/json"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
)

// The wire types below follow AG-UI 1.0 as the official TypeScript SDK has
// it (@ag-ui/core and @ag-ui/client 1.0.0, pinned in testdata/npm): its
// RunAgentInput for the request, its event schemas for the stream. Fields
// the handler does not read are left out of the input types; the events
// carry only the fields their schemas describe, since the client strips
// (and warns about) anything else.

// ProtocolVersion is the AG-UI version the handler speaks, as it declares
// it on RUN_STARTED.
const ProtocolVersion = "1.0"

// RunAgentInput is the body an AG-UI client (HttpAgent) POSTs to run the
// agent: the thread and run ids, the conversation as the client holds it
// and, when the run answers the interrupts a previous run ended with,
// Resume. The handler does not read State, Tools, Context or
// ForwardedProps (see the package doc, "What the handler trusts").
type RunAgentInput struct {
	ThreadID        string          `json:"threadId"`
	RunID           string          `json:"runId"`
	ParentRunID     string          `json:"parentRunId,omitempty"`
	ProtocolVersion string          `json:"protocolVersion,omitempty"`
	State           json.RawMessage `json:"state,omitempty"`
	Messages        []Message       `json:"messages"`
	Tools           json.RawMessage `json:"tools,omitempty"`
	Context         json.RawMessage `json:"context,omitempty"`
	ForwardedProps  json.RawMessage `json:"forwardedProps,omitempty"`
	Resume          []ResumeEntry   `json:"resume,omitempty"`
}

// Message is a message of RunAgentInput, as far as the handler reads it:
// its id, its role ("user", "assistant", "system", "developer", "tool",
// "reasoning", "activity") and its content, a string or (for user and tool
// messages) an array of content parts, of which the handler reads the text
// parts.
type Message struct {
	ID      string          `json:"id"`
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content,omitempty"`
}

// ResumeEntry answers one interrupt of the run the thread paused on:
// Status is ResumeResolved, with an ApprovalAnswer as Payload, or
// ResumeCancelled, which declines the call.
type ResumeEntry struct {
	InterruptID string          `json:"interruptId"`
	Status      string          `json:"status"`
	Payload     json.RawMessage `json:"payload,omitempty"`
	Metadata    json.RawMessage `json:"metadata,omitempty"`
}

// The statuses of a ResumeEntry.
const (
	ResumeResolved  = "resolved"
	ResumeCancelled = "cancelled"
)

// ApprovalAnswer is the payload of a resolved ResumeEntry answering a
// tool approval: whether the call may run and, when it may not, why (the
// model reads the reason).
type ApprovalAnswer struct {
	Approved *bool  `json:"approved"`
	Reason   string `json:"reason,omitempty"`
}

// approvalSchema is an approval interrupt's responseSchema: the JSON Schema
// of an ApprovalAnswer.
var approvalSchema = json.RawMessage(`{"type":"object","properties":{"approved":{"type":"boolean"},"reason":{"type":"string"}},"required":["approved"]}`)

// Interrupt is what a run that paused asks (RUN_FINISHED's interrupt
// outcome): for a tool approval, Reason is InterruptToolApproval,
// ToolCallID the call, Message a prompt for a person, ResponseSchema the
// schema of an ApprovalAnswer and Metadata the tool's name ("toolName")
// and the call's arguments as the model sent them ("arguments", a string).
type Interrupt struct {
	ID             string          `json:"id"`
	Reason         string          `json:"reason"`
	Message        string          `json:"message,omitempty"`
	ToolCallID     string          `json:"toolCallId,omitempty"`
	ResponseSchema json.RawMessage `json:"responseSchema,omitempty"`
	Metadata       map[string]any  `json:"metadata,omitempty"`
}

// InterruptToolApproval is the reason of an interrupt that asks whether a
// call may run.
const InterruptToolApproval = "tool_approval"

// The event types the handler sends.
const (
	EventRunStarted              = "RUN_STARTED"
	EventRunFinished             = "RUN_FINISHED"
	EventRunError                = "RUN_ERROR"
	EventStepStarted             = "STEP_STARTED"
	EventStepFinished            = "STEP_FINISHED"
	EventTextMessageStart        = "TEXT_MESSAGE_START"
	EventTextMessageContent      = "TEXT_MESSAGE_CONTENT"
	EventTextMessageEnd          = "TEXT_MESSAGE_END"
	EventReasoningStart          = "REASONING_START"
	EventReasoningMessageStart   = "REASONING_MESSAGE_START"
	EventReasoningMessageContent = "REASONING_MESSAGE_CONTENT"
	EventReasoningMessageEnd     = "REASONING_MESSAGE_END"
	EventReasoningEnd            = "REASONING_END"
	EventToolCallStart           = "TOOL_CALL_START"
	EventToolCallArgs            = "TOOL_CALL_ARGS"
	EventToolCallEnd             = "TOOL_CALL_END"
	EventToolCallResult          = "TOOL_CALL_RESULT"
	EventStateSnapshot           = "STATE_SNAPSHOT"
	EventStateDelta              = "STATE_DELTA"
	EventActivitySnapshot        = "ACTIVITY_SNAPSHOT"
)

// The codes of RUN_ERROR.
const (
	// CodeInvalidRequest: the request cannot be served as it is (a resume
	// that does not answer the thread's interrupts, a thread waiting for
	// answers, no new user message); its message says why.
	CodeInvalidRequest = "invalid_request"
	// CodeStoreFull: the paused run did not fit in the store (ErrStoreFull).
	CodeStoreFull = "store_full"
	// CodeRunFailed: the run failed (the model, a tool, the client gone);
	// its message is WithErrorText's.
	CodeRunFailed = "run_failed"
)

// ActivityToolProgress is the activityType of the ACTIVITY_SNAPSHOT events
// that report a running call's progress; their content is a ToolProgress.
const ActivityToolProgress = "TOOL_PROGRESS"

// ToolProgress is the content of a TOOL_PROGRESS activity: the last
// progress a running call reported (toolgen.Progress), with the call.
type ToolProgress struct {
	ToolCallID string           `json:"toolCallId"`
	ToolName   toolgen.ToolName `json:"toolName"`
	Message    string           `json:"message,omitempty"`
	Progress   float64          `json:"progress,omitempty"`
	Total      float64          `json:"total,omitempty"`
	Partial    json.RawMessage  `json:"partial,omitempty"`
}

// ActivityProgramCall is the activityType of the ACTIVITY_SNAPSHOT events
// that show a call a run_code program made (code mode,
// agent.WithCodeMode); their content is a ProgramCall, which each change
// replaces.
const ActivityProgramCall = "PROGRAM_CALL"

// ProgramCall is the content of a PROGRAM_CALL activity: a call that the
// program of run_code call ProgramCallID made, its id ToolCallID
// ("<run_code id>.<n>"), its arguments as JSON text (as a tool call's), and
// what became of it so far: Status (see the ProgramCall constants),
// Result once it ended (the result's text, or what the program was told
// instead, as a TOOL_CALL_RESULT's content; IsError when it failed or did
// not run), InterruptID while it waits for approval, the running call's
// last Progress, and the files it changed.
type ProgramCall struct {
	ProgramCallID string            `json:"programCallId"`
	ToolCallID    string            `json:"toolCallId"`
	ToolName      toolgen.ToolName  `json:"toolName"`
	Arguments     string            `json:"arguments"`
	Status        string            `json:"status"`
	Result        string            `json:"result,omitempty"`
	IsError       bool              `json:"isError,omitempty"`
	InterruptID   string            `json:"interruptId,omitempty"`
	Progress      *toolgen.Progress `json:"progress,omitempty"`
	FileChanges   []FileChange      `json:"fileChanges,omitempty"`
}

// The statuses of a ProgramCall.
const (
	ProgramCallRunning          = "running"           // allowed (or approved), and running
	ProgramCallAwaitingApproval = "awaiting_approval" // the run ends with its interrupt
	ProgramCallDone             = "done"              // Result is its result
	ProgramCallFailed           = "failed"            // Result is its error
	ProgramCallDenied           = "denied"            // a rule or the agent refused it; Result says why
	ProgramCallRejected         = "rejected"          // the user did; Result is what the program read
)

// ActivitySources is the activityType of the ACTIVITY_SNAPSHOT events
// that list the web pages an answer cites or its provider's own tools
// found (agent.Source, the same for every provider); their content is a
// Sources, the answer's list so far, which each snapshot replaces.
const ActivitySources = "SOURCES"

// Sources is the content of a SOURCES activity: the answer's assistant
// message, and its sources, one per URL, in the order they came, each
// with the pieces of the answer's text that cite it when the provider
// said ({"url", "title", "citations": [{"text", "start", "end"}]}, byte
// offsets in the answer's text).
type Sources struct {
	MessageID string         `json:"messageId"`
	Sources   []agent.Source `json:"sources"`
}

// AgentState is the state the handler shows the client (STATE_SNAPSHOT at
// the start of each run, STATE_DELTA as it changes): the run's turns and
// tokens so far, the deferred tools the thread's tool search loaded, the
// calls the run waits on, and the files the run's tools changed. It is the
// server's: the client's copy (RunAgentInput.State) is not read. Its lists
// are never null, so that a delta appends to them.
type AgentState struct {
	// Turns counts the model's answers in the run (a resumed run goes on
	// counting from the paused one).
	Turns int `json:"turns"`
	// Usage counts the run's tokens.
	Usage Usage `json:"usage"`
	// LoadedTools are the deferred tools that tool search found
	// (agent.WithToolSearch), kept for the thread's next runs.
	LoadedTools []toolgen.ToolName `json:"loadedTools"`
	// PendingApprovals are the calls waiting for approval: filled as the
	// run pauses on them; a run that resumes starts with none.
	PendingApprovals []PendingApproval `json:"pendingApprovals"`
	// FileChanges are the files the run's tools changed, in order.
	FileChanges []FileChange `json:"fileChanges"`
}

// Usage counts tokens.
type Usage struct {
	InputTokens  int `json:"inputTokens"`
	OutputTokens int `json:"outputTokens"`
}

// PendingApproval is a call waiting for approval, and the interrupt that
// asks about it.
type PendingApproval struct {
	InterruptID string           `json:"interruptId"`
	ToolCallID  string           `json:"toolCallId"`
	ToolName    toolgen.ToolName `json:"toolName"`
	// Reason says why the call asks ("requires approval", a rule).
	Reason string `json:"reason,omitempty"`
	// ProgramCallID is, for a call a run_code program made (code mode),
	// the run_code call's id; its PROGRAM_CALL activity shows the call.
	ProgramCallID string `json:"programCallId,omitempty"`
}

// FileChange is a file a tool changed (toolgen.FileChange, without the old
// content).
type FileChange struct {
	ToolCallID string `json:"toolCallId"`
	Path       string `json:"path"`
	Kind       string `json:"kind"`
	SizeBefore int64  `json:"sizeBefore"`
	SizeAfter  int64  `json:"sizeAfter"`
	HashBefore string `json:"hashBefore,omitempty"`
	HashAfter  string `json:"hashAfter,omitempty"`
	Diff       string `json:"diff,omitempty"`
}

// event is one event of the stream, sent as an SSE data line. Type says
// which; only its fields are set (omitempty). Delta is a string for text,
// reasoning and arguments, a JSON Patch for STATE_DELTA; Content a string
// for TOOL_CALL_RESULT (empty included), an object for ACTIVITY_SNAPSHOT.
type event struct {
	Type            string         `json:"type"`
	ThreadID        string         `json:"threadId,omitempty"`
	RunID           string         `json:"runId,omitempty"`
	ProtocolVersion string         `json:"protocolVersion,omitempty"`
	StepName        string         `json:"stepName,omitempty"`
	MessageID       string         `json:"messageId,omitempty"`
	Role            string         `json:"role,omitempty"`
	Delta           any            `json:"delta,omitempty"`
	ToolCallID      string         `json:"toolCallId,omitempty"`
	ToolCallName    string         `json:"toolCallName,omitempty"`
	ParentMessageID string         `json:"parentMessageId,omitempty"`
	Content         any            `json:"content,omitempty"`
	ActivityType    string         `json:"activityType,omitempty"`
	Snapshot        any            `json:"snapshot,omitempty"`
	Result          any            `json:"result,omitempty"`
	Outcome         *outcome       `json:"outcome,omitempty"`
	Usage           []tokenUsage   `json:"usage,omitempty"`
	Message         string         `json:"message,omitempty"`
	Code            string         `json:"code,omitempty"`
	Metadata        map[string]any `json:"metadata,omitempty"`
}

// outcome is RUN_FINISHED's: "success", or "interrupt" with Interrupts.
type outcome struct {
	Type       string      `json:"type"`
	Interrupts []Interrupt `json:"interrupts,omitempty"`
}

// tokenUsage is an entry of RUN_FINISHED's (or RUN_ERROR's) usage.
type tokenUsage struct {
	InputTokens  int `json:"inputTokens"`
	OutputTokens int `json:"outputTokens"`
	TotalTokens  int `json:"totalTokens"`
}

// patchOp is an operation of a STATE_DELTA's JSON Patch (RFC 6902).
type patchOp struct {
	Op    string `json:"op"`
	Path  string `json:"path"`
	Value any    `json:"value"`
}
