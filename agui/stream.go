package agui

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/internal/chatcore"
)

// streamer maps a run's events to AG-UI events. The run hands it one event
// at a time. It keeps the state it showed the client, so that each delta
// it sends applies to the state the client holds.
type streamer struct {
	out      *writer
	threadID string
	runID    string
	state    AgentState
	start    agent.Usage // the agent run's usage when this AG-UI run began
	agentRun string      // the agent run's id: another run's events are a sub-agent's

	message   string // the model's answer's assistant message id, "" before the first turn
	text      bool   // a text message (id message) is open
	reasoning string // the open reasoning message's id, or ""
	calls     map[int]*openCall
	step      string // the open step's name, or ""

	interrupts map[string]string       // the interrupt ids asked, by call id
	progress   map[string]string       // the activity message ids of calls that reported progress, by call id
	programs   map[string]*ProgramCall // the calls of run_code programs shown, by call id
	sources    agent.Message           // the answer's sources so far (AddSource), in its SOURCES activity
	sourcesID  string                  // that activity's message id, "" before the answer's first source
	minted     []string                // the ids of the messages the run made, as the client holds them
	tookTurn   bool                    // the run took the client's new user messages
	replayed   bool                    // the run replays a pause (replay): nothing ran
}

// openCall is a call of the model's answer whose TOOL_CALL_END is not sent.
type openCall struct {
	id   string
	args bool // some TOOL_CALL_ARGS was sent
	done bool // TOOL_CALL_END was sent
}

func newStreamer(out *writer, threadID, runID string) *streamer {
	return &streamer{
		out: out, threadID: threadID, runID: runID,
		interrupts: map[string]string{}, progress: map[string]string{}, programs: map[string]*ProgramCall{},
		state: AgentState{LoadedTools: []toolgen.ToolName{}, PendingApprovals: []PendingApproval{}, FileChanges: []FileChange{}},
	}
}

func (s *streamer) send(e event) error { return s.out.send(e) }

// newMessageID is a message id the client will hold and send back: random,
// and remembered, so that the thread's next request tells it from the
// user's new messages.
func (s *streamer) newMessageID(prefix string) string {
	id := chatcore.NewID(prefix)
	s.minted = append(s.minted, id)
	return id
}

// started sends RUN_STARTED.
func (s *streamer) started() error {
	return s.send(event{Type: EventRunStarted, ThreadID: s.threadID, RunID: s.runID, ProtocolVersion: ProtocolVersion})
}

// replay makes the run end as the thread's paused run did: with its
// interrupts, under the ids they were asked with, in the state's pending
// approvals too.
func (s *streamer) replay(t *Thread) {
	s.replayed = true
	for id, call := range t.Interrupts {
		s.interrupts[call] = id
	}
	for _, p := range t.Run.Pending() {
		if id, ok := s.interrupts[p.ID]; ok {
			s.state.PendingApprovals = append(s.state.PendingApprovals,
				PendingApproval{InterruptID: id, ToolCallID: p.ID, ToolName: p.Name, Reason: p.Reason, ProgramCallID: p.ProgramCallID})
		}
	}
}

// snapshot sends the state of run st as the run begins.
func (s *streamer) snapshot(st *agent.State) error {
	s.start, s.agentRun = st.Usage, st.RunID
	s.state.Turns = st.Turns
	s.state.Usage = Usage{InputTokens: st.Usage.InputTokens, OutputTokens: st.Usage.OutputTokens}
	s.state.LoadedTools = append([]toolgen.ToolName{}, st.LoadedTools...)
	return s.send(event{Type: EventStateSnapshot, Snapshot: s.state})
}

// patch sends a state delta.
func (s *streamer) patch(ops ...patchOp) error {
	return s.send(event{Type: EventStateDelta, Delta: ops})
}

// event sends the events e makes; an error (the client went away) stops
// the run.
func (s *streamer) event(e agent.Event) error {
	if s.agentRun != "" && e.RunID != s.agentRun {
		// A sub-agent's run (agent.AsTool), streamed through the call
		// that runs it: the client reads the call and its result.
		return nil
	}
	if e.ProgramCallID != "" {
		return s.programEvent(e)
	}
	switch e.Kind {
	case agent.EventTurnStarted:
		return s.turnStarted(e.Turn)
	case agent.EventModelPart:
		return s.part(e.Part)
	case agent.EventModelResponded:
		return s.responded(e.Usage)
	case agent.EventProviderCall:
		if e.ProviderCall == nil {
			return nil
		}
		return s.providerCall(*e.ProviderCall)
	case agent.EventCallPaused:
		_, err := s.paused(e)
		return err
	case agent.EventCallDenied:
		return s.result(e.Call.ID, chatcore.NotRun(e.Reason), true)
	case agent.EventCallRejected:
		return s.result(e.Call.ID, e.Reason, true) // the refusal, as the model reads it
	case agent.EventSource:
		if e.Source == nil {
			return nil
		}
		return s.source(*e.Source)
	case agent.EventToolProgress:
		if e.Progress == nil {
			return nil
		}
		return s.toolProgress(e.Call, *e.Progress)
	case agent.EventFileChanged:
		if e.FileChange == nil {
			return nil
		}
		_, err := s.fileChanged(e.Call.ID, *e.FileChange)
		return err
	case agent.EventToolsLoaded:
		return s.toolsLoaded(e.Tools)
	case agent.EventToolFinished:
		return s.toolFinished(e)
	case agent.EventTurnFinished:
		if err := s.closeParts(); err != nil {
			return err
		}
		return s.finishStep()
	}
	return nil
}

// turnStarted opens a step for the turn, and the assistant message that
// the model's answer (its text and its calls) goes into.
func (s *streamer) turnStarted(turn int) error {
	if err := s.closeParts(); err != nil {
		return err
	}
	if err := s.finishStep(); err != nil {
		return err
	}
	s.message, s.calls = s.newMessageID("msg-"), map[int]*openCall{}
	s.sources, s.sourcesID = agent.Message{}, ""
	s.step = "turn " + strconv.Itoa(turn)
	return s.send(event{Type: EventStepStarted, StepName: s.step})
}

// part sends the events of a piece of the model's answer.
func (s *streamer) part(p agent.Part) error {
	switch p.Kind {
	case agent.PartText:
		if p.Text == "" {
			return nil
		}
		if err := s.closeReasoning(); err != nil {
			return err
		}
		if !s.text {
			s.text = true
			// The answer's assistant message, opened again after a call:
			// the client appends to the message the call went into.
			if err := s.send(event{Type: EventTextMessageStart, MessageID: s.assistantMessage(), Role: "assistant"}); err != nil {
				return err
			}
		}
		return s.send(event{Type: EventTextMessageContent, MessageID: s.message, Delta: p.Text})
	case agent.PartReasoning:
		if p.Text == "" {
			return nil
		}
		return s.reason(p.Text)
	case agent.PartCallStart:
		if err := s.closeParts(); err != nil {
			return err
		}
		_, err := s.startCall(p.Index, p.Call)
		return err
	case agent.PartCallArgs:
		c, ok := s.calls[p.Index]
		if !ok || c.done || p.Text == "" {
			return nil // the call's start names it; none came
		}
		c.args = true
		return s.send(event{Type: EventToolCallArgs, ToolCallID: c.id, Delta: p.Text})
	case agent.PartCallDone:
		return s.callDone(p.Index, p.Call)
	case agent.PartSource:
		return s.source(p.Source)
	}
	return nil // usage and finish: the run's end says them; provider calls come as events
}

// source adds a web page the answer cites or its provider found
// (agent.Source, whatever the provider) to the answer's SOURCES activity,
// sent again whole when that adds something (a page, a citation, a
// title): a page that comes as a part and again as an event is sent once.
func (s *streamer) source(src agent.Source) error {
	before, _ := json.Marshal(s.sources.Sources)
	s.sources.AddSource(src)
	after, _ := json.Marshal(s.sources.Sources) // strings and numbers: always marshal
	if bytes.Equal(before, after) {
		return nil
	}
	if s.sourcesID == "" {
		s.sourcesID = chatcore.NewID("sources-") // an activity: the thread's transcript never holds it
	}
	content := Sources{MessageID: s.assistantMessage(), Sources: s.sources.Sources}
	return s.send(event{Type: EventActivitySnapshot, MessageID: s.sourcesID, ActivityType: ActivitySources, Content: content})
}

// assistantMessage is the id of the model's answer's message.
func (s *streamer) assistantMessage() string {
	if s.message == "" {
		s.message = s.newMessageID("msg-") // a part before any turn: not from agent.Run
	}
	return s.message
}

// reason streams a piece of reasoning, as a reasoning message in a span of
// its own.
func (s *streamer) reason(text string) error {
	if err := s.closeText(); err != nil {
		return err
	}
	if s.reasoning == "" {
		s.reasoning = s.newMessageID("reasoning-")
		if err := s.send(event{Type: EventReasoningStart, MessageID: s.reasoning}); err != nil {
			return err
		}
		if err := s.send(event{Type: EventReasoningMessageStart, MessageID: s.reasoning, Role: "reasoning"}); err != nil {
			return err
		}
	}
	return s.send(event{Type: EventReasoningMessageContent, MessageID: s.reasoning, Delta: text})
}

func (s *streamer) startCall(index int, c agent.ToolCall) (*openCall, error) {
	if s.calls == nil {
		s.calls = map[int]*openCall{}
	}
	oc := &openCall{id: c.ID}
	s.calls[index] = oc
	return oc, s.send(event{Type: EventToolCallStart, ToolCallID: c.ID, ToolCallName: string(c.Name), ParentMessageID: s.assistantMessage()})
}

// callDone ends a call of the answer: started now if its start did not
// come, given its arguments whole if none streamed.
func (s *streamer) callDone(index int, c agent.ToolCall) error {
	oc, ok := s.calls[index]
	if ok && oc.done {
		return nil
	}
	if !ok {
		if err := s.closeParts(); err != nil {
			return err
		}
		var err error
		if oc, err = s.startCall(index, c); err != nil {
			return err
		}
	}
	if !oc.args && len(c.Args) > 0 {
		oc.args = true
		if err := s.send(event{Type: EventToolCallArgs, ToolCallID: oc.id, Delta: string(c.Args)}); err != nil {
			return err
		}
	}
	oc.done = true
	return s.send(event{Type: EventToolCallEnd, ToolCallID: oc.id})
}

// responded ends the model's answer: its open messages close, and the
// state counts its turn and tokens.
func (s *streamer) responded(u agent.Usage) error {
	if err := s.closeParts(); err != nil {
		return err
	}
	s.state.Turns++
	s.state.Usage.InputTokens += u.InputTokens
	s.state.Usage.OutputTokens += u.OutputTokens
	return s.patch(
		patchOp{Op: "replace", Path: "/turns", Value: s.state.Turns},
		patchOp{Op: "replace", Path: "/usage", Value: s.state.Usage},
	)
}

// providerCall sends a call the provider ran itself as a call of the
// answer with its result, marked providerExecuted.
func (s *streamer) providerCall(pc agent.ProviderCall) error {
	if err := s.closeParts(); err != nil {
		return err
	}
	id := pc.ID
	if id == "" {
		id = chatcore.NewID("provider-call-")
	}
	if err := s.send(event{Type: EventToolCallStart, ToolCallID: id, ToolCallName: pc.Name, ParentMessageID: s.assistantMessage()}); err != nil {
		return err
	}
	if len(pc.Args) > 0 {
		if err := s.send(event{Type: EventToolCallArgs, ToolCallID: id, Delta: string(pc.Args)}); err != nil {
			return err
		}
	}
	if err := s.send(event{Type: EventToolCallEnd, ToolCallID: id}); err != nil {
		return err
	}
	meta := map[string]any{"providerExecuted": true, "provider": pc.Provider}
	if pc.IsError {
		meta["isError"] = true
	}
	return s.send(event{Type: EventToolCallResult, MessageID: s.newMessageID("result-"), ToolCallID: id, Content: string(pc.Result), Role: "tool", Metadata: meta})
}

// paused asks about a call that waits for approval (a call of the model's
// or of a run_code program): an interrupt id of its own (128 random bits,
// never the model's call id, which may be guessed), which it returns, and
// the call in the state's pending approvals.
func (s *streamer) paused(e agent.Event) (string, error) {
	id := chatcore.NewID("interrupt-")
	s.interrupts[e.Call.ID] = id // before the send: kept even if the client is gone
	p := PendingApproval{InterruptID: id, ToolCallID: e.Call.ID, ToolName: e.Call.Name, Reason: e.Reason, ProgramCallID: e.ProgramCallID}
	s.state.PendingApprovals = append(s.state.PendingApprovals, p)
	return id, s.patch(patchOp{Op: "add", Path: "/pendingApprovals/-", Value: p})
}

// result sends a call's result (or what became of a call that did not
// run), as a tool message of its own.
func (s *streamer) result(callID, content string, isError bool) error {
	e := event{Type: EventToolCallResult, MessageID: s.newMessageID("result-"), ToolCallID: callID, Content: content, Role: "tool"}
	if isError {
		e.Metadata = map[string]any{"isError": true}
	}
	return s.send(e)
}

func (s *streamer) toolFinished(e agent.Event) error {
	text, failed := chatcore.Outcome(e)
	return s.result(e.Call.ID, text, failed)
}

// toolProgress shows a running call's last report, as an activity of the
// call's own that each report replaces.
func (s *streamer) toolProgress(c agent.ToolCall, p toolgen.Progress) error {
	id, ok := s.progress[c.ID]
	if !ok {
		id = chatcore.NewID("progress-") // activity messages stay on the client: the thread's transcript never holds them
		s.progress[c.ID] = id
	}
	content := ToolProgress{ToolCallID: c.ID, ToolName: c.Name, Message: p.Message, Progress: p.Progress, Total: p.Total, Partial: p.Partial}
	return s.send(event{Type: EventActivitySnapshot, MessageID: id, ActivityType: ActivityToolProgress, Content: content})
}

// fileChanged adds a file a call changed to the state's fileChanges, and
// returns it.
func (s *streamer) fileChanged(callID string, c toolgen.FileChange) (FileChange, error) {
	fc := FileChange{
		ToolCallID: callID, Path: c.Path, Kind: string(c.Kind),
		SizeBefore: c.SizeBefore, SizeAfter: c.SizeAfter,
		HashBefore: c.HashBefore, HashAfter: c.HashAfter, Diff: c.Diff,
	}
	s.state.FileChanges = append(s.state.FileChanges, fc)
	return fc, s.patch(patchOp{Op: "add", Path: "/fileChanges/-", Value: fc})
}

func (s *streamer) toolsLoaded(names []toolgen.ToolName) error {
	var ops []patchOp
	for _, n := range names {
		s.state.LoadedTools = append(s.state.LoadedTools, n)
		ops = append(ops, patchOp{Op: "add", Path: "/loadedTools/-", Value: n})
	}
	if len(ops) == 0 {
		return nil
	}
	return s.patch(ops...)
}

func (s *streamer) closeText() error {
	if !s.text {
		return nil
	}
	s.text = false
	return s.send(event{Type: EventTextMessageEnd, MessageID: s.message})
}

func (s *streamer) closeReasoning() error {
	if s.reasoning == "" {
		return nil
	}
	id := s.reasoning
	s.reasoning = ""
	return errors.Join(
		s.send(event{Type: EventReasoningMessageEnd, MessageID: id}),
		s.send(event{Type: EventReasoningEnd, MessageID: id}),
	)
}

func (s *streamer) closeParts() error {
	return errors.Join(s.closeText(), s.closeReasoning())
}

// closeCalls ends the calls whose end did not come (a run that failed while
// the model sent them).
func (s *streamer) closeCalls() error {
	var errs []error
	for _, i := range slices.Sorted(maps.Keys(s.calls)) {
		if c := s.calls[i]; !c.done {
			c.done = true
			errs = append(errs, s.send(event{Type: EventToolCallEnd, ToolCallID: c.id}))
		}
	}
	return errors.Join(errs...)
}

func (s *streamer) finishStep() error {
	if s.step == "" {
		return nil // a turn that began before this request (a resumed run's)
	}
	name := s.step
	s.step = ""
	return s.send(event{Type: EventStepFinished, StepName: name})
}

// end writes the end of the stream: what is open closes, then RUN_ERROR if
// the run failed, else RUN_FINISHED, with the interrupts when it paused.
// The writer ignores it all once the client has gone.
func (s *streamer) end(runErr error, st *agent.State, errorText func(error) string) {
	_ = errors.Join(s.closeParts(), s.closeCalls(), s.finishStep())
	usage := s.usage(st)
	if runErr != nil {
		text, code := errorText(runErr), CodeRunFailed
		if re, ok := errors.AsType[*chatcore.RequestError](runErr); ok {
			text, code = re.Msg, CodeInvalidRequest
		} else if errors.Is(runErr, ErrStoreFull) {
			text, code = runErr.Error(), CodeStoreFull // the thread's own size against the limit: the user can act on it
		}
		_ = s.send(event{Type: EventRunError, Message: text, Code: code, Usage: usage})
		return
	}
	e := event{Type: EventRunFinished, ThreadID: s.threadID, RunID: s.runID, Usage: usage,
		Outcome: &outcome{Type: "success"}, Metadata: map[string]any{"stopReason": string(st.StopReason)}}
	switch st.StopReason {
	case agent.StopPaused:
		e.Outcome = &outcome{Type: "interrupt", Interrupts: s.interruptsOf(st)}
	case agent.StopDone:
		e.Result = st.Output()
	}
	_ = s.send(e)
}

// usage is the tokens of this AG-UI run (a resumed run's, without the
// paused run's), or nil when there are none to tell.
func (s *streamer) usage(st *agent.State) []tokenUsage {
	if st == nil {
		return nil
	}
	in, out := st.Usage.InputTokens-s.start.InputTokens, st.Usage.OutputTokens-s.start.OutputTokens
	if in <= 0 && out <= 0 {
		return nil
	}
	return []tokenUsage{{InputTokens: in, OutputTokens: out, TotalTokens: in + out}}
}

// interruptsOf are the interrupts of st's calls waiting for approval, in
// call order, under the ids they were asked with.
func (s *streamer) interruptsOf(st *agent.State) []Interrupt {
	var out []Interrupt
	for _, p := range st.Pending() {
		id, ok := s.interrupts[p.ID]
		if !ok {
			id = chatcore.NewID("interrupt-") // paused before this request: asked again under a new id
			s.interrupts[p.ID] = id
		}
		out = append(out, Interrupt{
			ID: id, Reason: InterruptToolApproval, ToolCallID: p.ID,
			Message:        fmt.Sprintf("May %s run? (%s)", p.Name, p.Reason),
			ResponseSchema: approvalSchema,
			Metadata:       interruptMetadata(p),
		})
	}
	return out
}

// The calls a run_code program makes (see "Code mode" in the package
// documentation) are activities, not TOOL_CALL_* events, which would put
// them in the client's messages as the assistant's tool calls: sent back,
// counted among the run's pending tool calls, taken for the client's own
// tools to run.

// programEvent sends an event of a call a run_code program made: the
// call's PROGRAM_CALL activity, updated; for a call that waits for
// approval, first the state's pending approval, as for any call; for a
// file it changed, first the state's fileChanges, as for any call.
func (s *streamer) programEvent(e agent.Event) error {
	pc := s.programCall(e)
	switch e.Kind {
	case agent.EventCallAllowed, agent.EventCallApproved:
		pc.Status, pc.InterruptID = ProgramCallRunning, ""
	case agent.EventCallPaused:
		id, err := s.paused(e)
		if err != nil {
			return err
		}
		pc.Status, pc.InterruptID = ProgramCallAwaitingApproval, id
	case agent.EventCallDenied:
		pc.Status, pc.Result, pc.IsError = ProgramCallDenied, chatcore.NotRun(e.Reason), true
	case agent.EventCallRejected:
		pc.Status, pc.Result, pc.IsError, pc.InterruptID = ProgramCallRejected, e.Reason, true, ""
	case agent.EventToolProgress:
		if e.Progress == nil || !marshals(e.Progress) {
			return nil // a NaN or an infinity, or a partial that is not JSON: nothing to show
		}
		p := *e.Progress
		pc.Progress = &p
	case agent.EventFileChanged:
		if e.FileChange == nil {
			return nil
		}
		fc, err := s.fileChanged(e.Call.ID, *e.FileChange)
		if err != nil {
			return err
		}
		pc.FileChanges = append(pc.FileChanges, fc)
	case agent.EventToolFinished:
		text, failed := chatcore.Outcome(e)
		pc.Status, pc.Result, pc.IsError = ProgramCallDone, text, failed
		if failed {
			pc.Status = ProgramCallFailed
		}
	default:
		return nil // requested, started: the decision or the result says more
	}
	return s.send(event{Type: EventActivitySnapshot, MessageID: s.programActivity(pc), ActivityType: ActivityProgramCall, Content: pc})
}

// programCall is the content of the activity of the program's call e is
// about, kept from the call's first event in this stream on.
func (s *streamer) programCall(e agent.Event) *ProgramCall {
	pc, ok := s.programs[e.Call.ID]
	if !ok {
		pc = &ProgramCall{ProgramCallID: e.ProgramCallID, ToolCallID: e.Call.ID, ToolName: e.Call.Name,
			Arguments: string(e.Call.Args), Status: ProgramCallRunning}
		s.programs[e.Call.ID] = pc
	}
	return pc
}

// programActivity is the message id of a program's call's activity: the
// same in each run of the agent run's (a run that pauses on the call, and
// the one that resumes it), so that the resumed run's snapshot replaces
// the paused one's in the client's messages.
func (s *streamer) programActivity(pc *ProgramCall) string {
	return "program-call-" + s.agentRun + "-" + pc.ToolCallID
}

// interruptMetadata is an approval interrupt's metadata: the tool and the
// call's arguments, and, for a call of a run_code program, the run_code
// call's id.
func interruptMetadata(p agent.PendingCall) map[string]any {
	m := map[string]any{"toolName": p.Name, "arguments": string(p.Args)}
	if p.ProgramCallID != "" {
		m["programCallId"] = p.ProgramCallID
	}
	return m
}

// marshals reports whether v is JSON as it is.
func marshals(v any) bool {
	_, err := json.Marshal(v)
	return err == nil
}
