// Package agentotel traces an agent's runs with OpenTelemetry, following
// the GenAI semantic conventions: a span per run ("invoke_agent"), one per
// model call ("chat") and one per tool call ("execute_tool"), made from the
// events the agent reports to its observer (agent.WithObserver).
//
//	obs := agentotel.Observer(otel.Tracer("myapp"), agentotel.WithModel("", "anthropic", "claude-sonnet-4-5"))
//	a, err := agent.New(model, agent.WithTools(tools), agent.WithObserver(obs))
//
// It is a module of its own, so that a program using toolgen without
// OpenTelemetry does not depend on it.
//
// # Spans
//
// A run's span, "invoke_agent {agent}", is the parent of its model calls'
// spans, "chat" or "chat {model}" (from turn_started to model_responded, or
// to run_failed when the model failed), and of its tool calls' spans,
// "execute_tool {tool}" (from tool_started to tool_finished; a call that
// failed, timed out or returned a failed result has status Error with the
// error's text). The run's span ends when the run stops (done, out of
// turns or paused for approval) or fails, and every span of the run still
// open then ends with it, so that no span is left open by a pause, a
// failure or a cancelled context. A paused run that is resumed gets a new
// run span; both carry the run's id as gen_ai.conversation.id.
//
// Decisions on calls (call_denied, call_paused, call_approved,
// call_rejected) and compactions are events on the run's span; a file a
// call changed (file_changed) and a call's progress (tool_progress: how
// much is done, the total, the message; see ProgressKey) are events on the
// call's span. A tool that reports often makes many events: the SDK keeps
// a span's first 128 by default (sdktrace.SpanLimits).
//
// # Parents
//
// An observer is handed events, not the run's context, so a run's span
// cannot be the child of the span in the context given to Run: it is the
// root of a trace of its own. A sub-agent's run (agent.AsTool, whose events
// carry the caller's run and call as ParentRunID and ParentCallID) is
// nested under the caller's tool call when the same observer watches both
// agents; when the call has no id, under the caller's running call of the
// tool named as the sub-agent (agent.WithName), else its only running call,
// else the caller's run span.
//
// # Privacy
//
// Tool arguments and results, the partial results a tool reports with its
// progress, the paths of changed files and the reasons a person gave for
// rejecting a call are not recorded unless WithContent is given: traces often go to places that should not see them. Token usage,
// tool names, call ids, durations and errors are always recorded; a failed
// call's status holds its error's text, which for a failed result is the
// text the tool returned (an error message, meant to say what went wrong).
package agentotel

import (
	"context"
	"errors"
	"strings"
	"sync"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	semconv "go.opentelemetry.io/otel/semconv/v1.41.0"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/codemode"
)

// Attributes of this package's own, for what the GenAI conventions have
// no name for.
const (
	// StopKey is why a run stopped (agent.StopReason: done, paused,
	// max_turns), on the run's span.
	StopKey = attribute.Key("toolgen.agent.stop_reason")
	// ParentRunKey is the run whose tool call started a sub-agent's run.
	ParentRunKey = attribute.Key("toolgen.agent.parent_run_id")
	// TurnKey is the turn of a model call, a tool call or an event.
	TurnKey = attribute.Key("toolgen.agent.turn")
	// ReasonKey is why a call was allowed, denied, paused, approved or
	// rejected, or why a call did not return normally.
	ReasonKey = attribute.Key("toolgen.agent.reason")
	// ProgramCallKey is, on the span of a call a run_code program made
	// (agent.WithCodeMode), the id of that run_code call, whose span is
	// the call's parent.
	ProgramCallKey = attribute.Key("toolgen.agent.program_call.id")
	// ResultTokensKey is, on a tool call's span, the estimated size of
	// its result in tokens (agent.Event.ResultTokens).
	ResultTokensKey = attribute.Key("toolgen.agent.result_tokens")
	// ProgressKey, ProgressTotalKey and ProgressMessageKey are what a
	// tool_progress event on a call's span says (toolgen.Progress: how
	// much is done, of how much when known, what the tool is doing);
	// ProgressPartialKey is its partial result, JSON, with WithContent.
	ProgressKey        = attribute.Key("toolgen.progress")
	ProgressTotalKey   = attribute.Key("toolgen.progress.total")
	ProgressMessageKey = attribute.Key("toolgen.progress.message")
	ProgressPartialKey = attribute.Key("toolgen.progress.partial")
)

// Option configures an Observer.
type Option func(*config)

type config struct {
	content bool
	models  map[string]model // by agent name; "" for any other agent
}

type model struct{ provider, name string }

// WithContent records what privacy leaves out by default: a tool call's
// arguments (gen_ai.tool.call.arguments) and result
// (gen_ai.tool.call.result), the partial results it reports with its
// progress, the paths of the files a call changed, and the reasons a
// person gave for rejecting calls.
func WithContent() Option {
	return func(c *config) { c.content = true }
}

// WithModel names the provider (gen_ai.provider.name, as "openai" or
// "anthropic") and the model (gen_ai.request.model) of the agent named
// agentName (agent.WithName), or of every other agent when agentName is
// "". Events do not say which model answered; without this option the
// spans have neither attribute and model calls' spans are named "chat".
func WithModel(agentName, provider, modelName string) Option {
	return func(c *config) {
		if c.models == nil {
			c.models = map[string]model{}
		}
		c.models[agentName] = model{provider: provider, name: modelName}
	}
}

// Observer returns an observer for agent.WithObserver that makes spans of
// the events with t. Give the same observer to an agent and to the agents
// it calls as tools (agent.AsTool) so that their runs nest. It is safe for
// concurrent runs and for parallel tool calls.
func Observer(t trace.Tracer, opts ...Option) func(agent.Event) {
	o := &observer{tracer: t, runs: map[string]*run{}}
	for _, opt := range opts {
		opt(&o.cfg)
	}
	return o.observe
}

type observer struct {
	tracer trace.Tracer
	cfg    config
	mu     sync.Mutex
	runs   map[string]*run // the runs with an open span, by id
}

// run is the open spans of a run.
type run struct {
	span  trace.Span
	ctx   context.Context // holds span
	chat  trace.Span      // the model call under way, or nil
	calls []*call         // the tool calls under way
	usage agent.Usage     // what the run's model calls used, so far
}

type call struct {
	id, name string
	span     trace.Span
}

func (o *observer) observe(e agent.Event) {
	switch e.Kind {
	case agent.EventModelPart, agent.EventTurnFinished, agent.EventCallRequested, agent.EventCallAllowed:
		return // nothing a span needs (the calls that run have spans of their own)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	r := o.run(e)
	switch e.Kind {
	case agent.EventTurnStarted:
		o.startChat(r, e)
	case agent.EventModelResponded:
		r.usage = r.usage.Add(e.Usage)
		if r.chat != nil {
			r.chat.SetAttributes(usageAttrs(e.Usage)...)
			r.endChat(codes.Unset, "")
		}
	case agent.EventToolStarted:
		o.startCall(r, e)
	case agent.EventToolFinished:
		o.finishCall(r, e)
	case agent.EventFileChanged:
		o.fileChanged(r, e)
	case agent.EventToolProgress:
		o.progress(r, e)
	case agent.EventCallDenied, agent.EventCallPaused, agent.EventCallApproved, agent.EventCallRejected:
		attrs := []attribute.KeyValue{semconv.GenAIToolName(string(e.Call.Name)), semconv.GenAIToolCallID(e.Call.ID), TurnKey.Int(e.Turn)}
		if e.Reason != "" && (e.Kind != agent.EventCallRejected || o.cfg.content) {
			attrs = append(attrs, ReasonKey.String(e.Reason))
		}
		r.span.AddEvent(string(e.Kind), trace.WithAttributes(attrs...))
	case agent.EventCompaction:
		attrs := append([]attribute.KeyValue{TurnKey.Int(e.Turn)}, usageAttrs(e.Usage)...)
		if c := e.Compaction; c != nil {
			attrs = append(attrs, attribute.String("toolgen.compaction.policy", c.Policy), attribute.Int("toolgen.compaction.saved_tokens", c.SavedTokens))
		}
		r.span.AddEvent(string(e.Kind), trace.WithAttributes(attrs...))
	case agent.EventProviderCall:
		if pc := e.ProviderCall; pc != nil {
			r.span.AddEvent(string(e.Kind), trace.WithAttributes(TurnKey.Int(e.Turn), semconv.GenAIProviderNameKey.String(pc.Provider),
				semconv.GenAIToolName(pc.Name), semconv.GenAIToolCallID(pc.ID), attribute.Bool("toolgen.provider_call.error", pc.IsError)))
		}
	case agent.EventToolsLoaded:
		names := make([]string, len(e.Tools))
		for i, n := range e.Tools {
			names[i] = string(n)
		}
		r.span.AddEvent(string(e.Kind), trace.WithAttributes(TurnKey.Int(e.Turn), attribute.StringSlice("toolgen.tools.loaded", names)))
	case agent.EventRunStopped:
		r.span.SetAttributes(StopKey.String(string(e.Stop)))
		o.end(e.RunID, r, nil)
	case agent.EventRunFailed:
		o.end(e.RunID, r, e.Err)
	}
}

// usageAttrs are u's GenAI usage attributes: the input tokens (those the
// provider's prompt cache read or wrote included, as the conventions
// want) and the output tokens, then the cache's reads and writes when the
// provider reported any.
func usageAttrs(u agent.Usage) []attribute.KeyValue {
	attrs := []attribute.KeyValue{semconv.GenAIUsageInputTokens(u.InputTokens), semconv.GenAIUsageOutputTokens(u.OutputTokens)}
	if u.CachedInputTokens > 0 {
		attrs = append(attrs, semconv.GenAIUsageCacheReadInputTokens(u.CachedInputTokens))
	}
	if u.CacheCreationInputTokens > 0 {
		attrs = append(attrs, semconv.GenAIUsageCacheCreationInputTokens(u.CacheCreationInputTokens))
	}
	return attrs
}

// startChat starts the span of a model call, on EventTurnStarted.
func (o *observer) startChat(r *run, e agent.Event) {
	r.endChat(codes.Error, "the model was asked again before answering") // never, in order
	m := o.model(e.Agent)
	name := semconv.GenAIOperationNameChat.Value.AsString()
	attrs := []attribute.KeyValue{semconv.GenAIOperationNameChat, semconv.GenAIConversationID(e.RunID), TurnKey.Int(e.Turn)}
	if m.name != "" {
		name += " " + m.name
		attrs = append(attrs, semconv.GenAIRequestModel(m.name))
	}
	if m.provider != "" {
		attrs = append(attrs, semconv.GenAIProviderNameKey.String(m.provider))
	}
	_, r.chat = o.tracer.Start(r.ctx, name, trace.WithSpanKind(trace.SpanKindClient), trace.WithAttributes(attrs...))
}

// startCall starts the span of a tool call, on EventToolStarted.
func (o *observer) startCall(r *run, e agent.Event) {
	attrs := []attribute.KeyValue{semconv.GenAIOperationNameExecuteTool, semconv.GenAIToolName(string(e.Call.Name)),
		semconv.GenAIToolCallID(e.Call.ID), semconv.GenAIToolType("function"), TurnKey.Int(e.Turn)}
	if o.cfg.content {
		attrs = append(attrs, semconv.GenAIToolCallArgumentsKey.String(string(e.Call.Args)))
	}
	parent := r.ctx
	if e.ProgramCallID != "" { // a call of a run_code program: under run_code's span
		attrs = append(attrs, ProgramCallKey.String(e.ProgramCallID))
		if p := r.find(agent.ToolCall{ID: e.ProgramCallID, Name: codemode.ToolRunCode}); p != nil {
			parent = trace.ContextWithSpan(r.ctx, p.span)
		}
	}
	_, span := o.tracer.Start(parent, semconv.GenAIOperationNameExecuteTool.Value.AsString()+" "+string(e.Call.Name), trace.WithAttributes(attrs...))
	r.calls = append(r.calls, &call{id: e.Call.ID, name: string(e.Call.Name), span: span})
}

// finishCall ends the span of a tool call, on EventToolFinished.
func (o *observer) finishCall(r *run, e agent.Event) {
	c := r.take(e.Call)
	if c == nil {
		return
	}
	c.span.SetAttributes(ResultTokensKey.Int(e.ResultTokens))
	if o.cfg.content {
		c.span.SetAttributes(semconv.GenAIToolCallResultKey.String(e.Result.Text()))
	}
	if e.Reason != "" {
		c.span.SetAttributes(ReasonKey.String(e.Reason))
	}
	if e.IsError {
		c.span.SetAttributes(semconv.ErrorTypeKey.String(toolErrorType(e)))
		c.span.SetStatus(codes.Error, toolErrorText(e))
	}
	c.span.End()
}

// fileChanged adds an event to the span of the tool call that changed a
// file, on EventFileChanged.
func (o *observer) fileChanged(r *run, e agent.Event) {
	c := r.find(e.Call)
	if c == nil || e.FileChange == nil {
		return
	}
	attrs := []attribute.KeyValue{attribute.String("toolgen.file.change", string(e.FileChange.Kind))}
	if o.cfg.content {
		attrs = append(attrs, attribute.String("toolgen.file.path", e.FileChange.Path))
	}
	c.span.AddEvent(string(e.Kind), trace.WithAttributes(attrs...))
}

// progress adds an event to the span of the tool call that reported its
// progress, on EventToolProgress: the message and the numbers always (a
// message says what the tool is doing, as its name does), the partial
// result only with WithContent.
func (o *observer) progress(r *run, e agent.Event) {
	c := r.find(e.Call)
	p := e.Progress
	if c == nil || p == nil {
		return
	}
	attrs := []attribute.KeyValue{ProgressKey.Float64(p.Progress)}
	if p.Total > 0 {
		attrs = append(attrs, ProgressTotalKey.Float64(p.Total))
	}
	if p.Message != "" {
		attrs = append(attrs, ProgressMessageKey.String(p.Message))
	}
	if o.cfg.content && len(p.Partial) > 0 {
		attrs = append(attrs, ProgressPartialKey.String(string(p.Partial)))
	}
	c.span.AddEvent(string(e.Kind), trace.WithAttributes(attrs...))
}

// run returns the open spans of e's run, starting its span if e is the
// first event of the run (or the first since it was resumed).
func (o *observer) run(e agent.Event) *run {
	if r, ok := o.runs[e.RunID]; ok {
		return r
	}
	parent := context.Background()
	if p, ok := o.runs[e.ParentRunID]; ok && e.ParentRunID != "" {
		parent = trace.ContextWithSpan(parent, p.callOf(e.ParentCallID, e.Agent))
	}
	m := o.model(e.Agent)
	name := semconv.GenAIOperationNameInvokeAgent.Value.AsString()
	attrs := []attribute.KeyValue{semconv.GenAIOperationNameInvokeAgent, semconv.GenAIConversationID(e.RunID)}
	if e.Agent != "" {
		name += " " + e.Agent
		attrs = append(attrs, semconv.GenAIAgentName(e.Agent))
	}
	if m.provider != "" {
		attrs = append(attrs, semconv.GenAIProviderNameKey.String(m.provider))
	}
	if m.name != "" {
		attrs = append(attrs, semconv.GenAIRequestModel(m.name))
	}
	if e.ParentRunID != "" {
		attrs = append(attrs, ParentRunKey.String(e.ParentRunID))
	}
	ctx, span := o.tracer.Start(parent, name, trace.WithAttributes(attrs...))
	r := &run{span: span, ctx: ctx}
	o.runs[e.RunID] = r
	return r
}

// model is what WithModel says about the agent named name.
func (o *observer) model(name string) model {
	if m, ok := o.cfg.models[name]; ok {
		return m
	}
	return o.cfg.models[""]
}

// end ends a run's span, and the spans of its model and tool calls still
// open (the run failed while they were under way), with err as the
// failure.
func (o *observer) end(id string, r *run, err error) {
	delete(o.runs, id)
	status, text := codes.Unset, ""
	if err != nil {
		status, text = codes.Error, err.Error()
	}
	if r.chat != nil && err != nil {
		r.chat.SetAttributes(semconv.ErrorTypeKey.String(errorType(err)))
	}
	r.endChat(status, text)
	for _, c := range r.calls {
		c.span.SetStatus(codes.Error, "the run ended before the call finished")
		c.span.End()
	}
	r.calls = nil
	r.span.SetAttributes(usageAttrs(r.usage)...)
	if err != nil {
		r.span.SetAttributes(semconv.ErrorTypeKey.String(errorType(err)))
		r.span.SetStatus(codes.Error, text)
	}
	r.span.End()
}

func (r *run) endChat(status codes.Code, text string) {
	if r.chat == nil {
		return
	}
	if status != codes.Unset {
		r.chat.SetStatus(status, text)
	}
	r.chat.End()
	r.chat = nil
}

// find returns the running call c, or nil.
func (r *run) find(c agent.ToolCall) *call {
	for _, rc := range r.calls {
		if rc.id == c.ID && rc.name == string(c.Name) {
			return rc
		}
	}
	return nil
}

// take returns the running call c, no longer running, or nil.
func (r *run) take(c agent.ToolCall) *call {
	for i, rc := range r.calls {
		if rc.id == c.ID && rc.name == string(c.Name) {
			r.calls = append(r.calls[:i], r.calls[i+1:]...)
			return rc
		}
	}
	return nil
}

// callOf is the span a sub-agent named agentName, started by the call
// callID, nests under: that running call; without its id, the running
// call of the tool of that name, else the only running call, else the
// run's span.
func (r *run) callOf(callID, agentName string) trace.Span {
	for _, c := range r.calls {
		if callID != "" && c.id == callID {
			return c.span
		}
	}
	var named []*call
	for _, c := range r.calls {
		if agentName != "" && c.name == agentName {
			named = append(named, c)
		}
	}
	switch {
	case len(named) == 1:
		return named[0].span
	case len(named) == 0 && len(r.calls) == 1:
		return r.calls[0].span
	}
	return r.span
}

// errorType is error.type for a run's or a model call's error: low
// cardinality, as the conventions ask.
func errorType(err error) string {
	switch {
	case errors.Is(err, context.Canceled):
		return "canceled"
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	}
	return semconv.ErrorTypeOther.Value.AsString()
}

// toolErrorType is error.type for a failed tool call: "tool_error" for a
// failed result (what the tool meant to say), "timeout" for a call that
// did not finish in time, else as errorType.
func toolErrorType(e agent.Event) string {
	switch {
	case strings.Contains(e.Reason, "timed out"):
		return "timeout"
	case e.Err == nil || e.Result.IsError:
		return "tool_error"
	}
	return errorType(e.Err)
}

func toolErrorText(e agent.Event) string {
	if e.Err != nil {
		return e.Err.Error()
	}
	return e.Result.Text()
}
