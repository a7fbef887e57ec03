package agent

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/toolgen-dev/toolgen"
)

// EventKind names what happened in a run.
type EventKind string

// The events of a run, in the order they happen.
const (
	EventCompaction     EventKind = "compaction"      // the transcript was compacted before a request: Compaction says how
	EventTurnStarted    EventKind = "turn_started"    // the model is asked
	EventModelPart      EventKind = "model_part"      // a piece of the response, as it comes (RunStream only)
	EventModelResponded EventKind = "model_responded" // with Usage and Duration
	EventProviderCall   EventKind = "provider_call"   // the provider ran ProviderCall (its own tool) while it answered
	EventSource         EventKind = "source"          // the answer cites Source, or its provider found it (one event per URL)
	EventCallRequested  EventKind = "call_requested"  // the model asked for Call
	EventCallAllowed    EventKind = "call_allowed"    // Call will run; Reason says why
	EventCallDenied     EventKind = "call_denied"     // Call will not run; Reason says why
	EventCallPaused     EventKind = "call_paused"     // Call waits for approval; Reason says why
	EventCallApproved   EventKind = "call_approved"   // on Resume (or Next): a person approved paused Call, which will run
	EventCallRejected   EventKind = "call_rejected"   // on Resume (or Next): a person rejected paused Call; Reason is what the model reads
	EventToolStarted    EventKind = "tool_started"
	EventToolProgress   EventKind = "tool_progress" // the running Call reported its progress: Progress
	EventFileChanged    EventKind = "file_changed"  // the running Call changed a file: FileChange says how
	EventToolsLoaded    EventKind = "tools_loaded"  // tool search found deferred tools (or the model called them): Tools, sent from the next request on
	EventToolFinished   EventKind = "tool_finished" // with Result, ResultTokens, Duration and IsError (and Err); Reason when the call timed out or did not return
	EventTurnFinished   EventKind = "turn_finished" // the model answered and the turn's calls have their results (not while paused)
	EventResultBudget   EventKind = "result_budget" // the tool results passed WithResultBudget: Reason says how far; run_stopped follows
	EventRunStopped     EventKind = "run_stopped"   // with Stop
	EventRunFailed      EventKind = "run_failed"    // with Err, which Run (or Resume, RunStream...) returns next
)

// Event is one thing that happened in a run, for observers and logs.
type Event struct {
	Kind  EventKind
	RunID string
	// ParentRunID is the run whose tool call started this run (a sub-agent
	// made a tool with AsTool, or any run started with a tool call's
	// context), or "" for a run of its own.
	ParentRunID string
	// ParentCallID is the id of the parent run's tool call that started
	// this run, when ParentRunID is set and the call has one.
	ParentCallID string
	// ProgramCallID is, for the events of a call that a run_code program
	// made (WithCodeMode), the id of that run_code call; "" for the
	// model's own calls.
	ProgramCallID string
	// Agent is the agent's name (WithName), or "".
	Agent    string
	Turn     int
	Call     ToolCall // for call and tool events
	Reason   string
	Usage    Usage
	Duration time.Duration
	IsError  bool
	Stop     StopReason
	// Part is the piece of the model's response, for EventModelPart.
	Part Part
	// Progress is what the running call reported, for EventToolProgress.
	Progress *toolgen.Progress
	// FileChange is the change the call made, for EventFileChanged.
	FileChange *toolgen.FileChange
	// Compaction is what was compacted, for EventCompaction (Usage is
	// what the compaction spent).
	Compaction *CompactionRecord
	// ProviderCall is the call the provider ran, for EventProviderCall.
	ProviderCall *ProviderCall
	// Source is the web page, whole, for EventSource.
	Source *Source
	// Tools are the tools loaded, for EventToolsLoaded.
	Tools []toolgen.ToolName
	// Result is what the tool returned, for EventToolFinished; for
	// EventCallDenied, what the model is told instead.
	//
	// An EventCallDenied's Reason is "unknown tool" for a tool the agent
	// does not have, starts with "invalid arguments" for arguments the
	// tool refuses (not put to a person), and with "failure limit" for a
	// tool past WithMaxFailures: the calls a UI shows as input errors.
	Result toolgen.Result
	// ResultTokens is, for EventToolFinished, the estimated size of
	// Result, as the tool returned it, in tokens (as EstimateTokens counts
	// it). A result over its tool's limit enters the context cut (see
	// WithMaxResultTokens), and State.ToolTokens counts what entered.
	ResultTokens int
	// Err is what went wrong: for EventRunFailed, the run's error; for an
	// EventToolFinished with IsError, the tool's error, or the text of the
	// failed result it returned.
	Err error
}

// eventSink hands events to the observer one at a time (tool events come
// from the goroutines running the calls) and to the logger.
type eventSink struct {
	mu       sync.Mutex
	agent    string // the agent's name
	observer func(Event)
	logger   *slog.Logger
}

// listening reports whether an event emitted with ctx reaches anybody.
func (s *eventSink) listening(ctx context.Context) bool {
	return s.observer != nil || s.logger != nil || streamOf(ctx) != nil
}

func (s *eventSink) emit(ctx context.Context, e Event) {
	s.label(ctx, &e)
	if s.observer != nil {
		s.mu.Lock()
		s.observer(e)
		s.mu.Unlock()
	}
	if st := streamOf(ctx); st != nil {
		_ = st.send(e) // a consumer's error stops the run through its context
	}
	if s.logger != nil && e.Kind != EventModelPart {
		s.logger.LogAttrs(ctx, e.level(), "agent "+string(e.Kind), e.attrs()...)
	}
}

func (e Event) level() slog.Level {
	switch e.Kind {
	case EventCompaction, EventResultBudget, EventModelResponded, EventToolFinished, EventFileChanged, EventToolsLoaded, EventCallDenied, EventCallPaused, EventCallApproved, EventCallRejected, EventRunStopped:
		return slog.LevelInfo
	case EventRunFailed:
		return slog.LevelError
	}
	return slog.LevelDebug
}

func (e Event) attrs() []slog.Attr {
	attrs := []slog.Attr{slog.String("run", e.RunID), slog.Int("turn", e.Turn)}
	if e.Agent != "" {
		attrs = append(attrs, slog.String("agent", e.Agent))
	}
	if e.ParentRunID != "" {
		attrs = append(attrs, slog.String("parent_run", e.ParentRunID))
	}
	if e.ParentCallID != "" {
		attrs = append(attrs, slog.String("parent_call", e.ParentCallID))
	}
	if e.Call.ID != "" || e.Call.Name != "" {
		attrs = append(attrs, slog.String("tool", string(e.Call.Name)), slog.String("call", e.Call.ID))
	}
	if e.ProgramCallID != "" {
		attrs = append(attrs, slog.String("program_call", e.ProgramCallID))
	}
	if e.Reason != "" {
		attrs = append(attrs, slog.String("reason", e.Reason))
	}
	switch e.Kind {
	case EventModelResponded:
		attrs = append(attrs, slog.Int("input_tokens", e.Usage.InputTokens), slog.Int("output_tokens", e.Usage.OutputTokens))
		if u := e.Usage; u.CachedInputTokens > 0 || u.CacheCreationInputTokens > 0 {
			attrs = append(attrs, slog.Int("cached_input_tokens", u.CachedInputTokens), slog.Int("cache_creation_input_tokens", u.CacheCreationInputTokens))
		}
		attrs = append(attrs, slog.Duration("duration", e.Duration))
	case EventToolFinished:
		attrs = append(attrs, slog.Duration("duration", e.Duration), slog.Bool("error", e.IsError), slog.Int("result_tokens", e.ResultTokens))
	case EventRunStopped:
		attrs = append(attrs, slog.String("stop", string(e.Stop)))
	case EventCompaction:
		if c := e.Compaction; c != nil {
			attrs = append(attrs, slog.String("policy", c.Policy), slog.String("removed", c.Removed), slog.Int("saved_tokens", c.SavedTokens))
		}
	case EventToolsLoaded:
		attrs = append(attrs, slog.String("tools", joinNames(e.Tools)))
	case EventSource:
		if src := e.Source; src != nil {
			attrs = append(attrs, slog.String("url", src.URL))
		}
	case EventToolProgress:
		if p := e.Progress; p != nil {
			attrs = append(attrs, slog.String("message", p.Message), slog.Float64("progress", p.Progress), slog.Float64("total", p.Total))
		}
	case EventFileChanged:
		if c := e.FileChange; c != nil {
			attrs = append(attrs, slog.String("path", c.Path), slog.String("change", string(c.Kind)))
		}
	}
	if e.Err != nil {
		attrs = append(attrs, slog.String("error", e.Err.Error()))
	}
	return attrs
}

// emitPart hands a piece of the model's response to the observer and the
// run's stream, and returns the stream consumer's error once it stopped the
// run. e comes labelled (see label), once per answer rather than once per
// part. Parts are not logged: there are many, and model_responded says what
// they made.
func (s *eventSink) emitPart(st *stream, e Event) error {
	if s.observer != nil {
		s.mu.Lock()
		s.observer(e)
		s.mu.Unlock()
	}
	return st.send(e)
}
