package aisdk

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/internal/chatcore"
)

// streamer maps a run's events to chunks. The run hands it one event at a
// time.
type streamer struct {
	out       *answerStream
	runID     string
	n         int    // numbers text and reasoning parts
	text      string // the open text part's id, or ""
	reasoning string // the open reasoning part's id, or ""
	step      bool   // a start-step was sent and its finish-step not yet
	calls     map[int]string
	approvals map[string]string           // the approval ids asked, by call id
	programs  map[string]*ProgramCallData // the calls of run_code programs shown, by call id
	provider  map[string]bool             // the provider calls sent, by id
	sources   agent.Message               // the answer's sources sent (AddSource), for one source-url each
}

func (s *streamer) send(c Chunk) error { return s.out.send(c) }

func (s *streamer) nextID(prefix string) string {
	s.n++
	return prefix + strconv.Itoa(s.n)
}

// event writes the chunks an event makes; an error (nobody can read the
// answer any more) stops the run.
func (s *streamer) event(e agent.Event) error {
	if e.ProgramCallID != "" {
		return s.programEvent(e)
	}
	switch e.Kind {
	case agent.EventTurnStarted:
		if err := s.closeParts(); err != nil {
			return err
		}
		s.step, s.calls, s.sources = true, map[int]string{}, agent.Message{}
		return s.send(Chunk{Type: ChunkStartStep})
	case agent.EventModelPart:
		return s.part(e.Part)
	case agent.EventModelResponded:
		return s.closeParts()
	case agent.EventProviderCall:
		if e.ProviderCall == nil {
			return nil
		}
		return s.providerCall(*e.ProviderCall) // sent already if it came as a part
	case agent.EventSource:
		if e.Source == nil {
			return nil
		}
		return s.source(*e.Source) // sent already if it came as a part
	case agent.EventCallPaused:
		return s.askApproval(e.Call.ID, e.Call.ID)
	case agent.EventCallDenied:
		return s.denied(e)
	case agent.EventToolProgress:
		return s.progress(e.Call.ID, e.Progress)
	case agent.EventToolFinished:
		return s.toolFinished(e)
	case agent.EventTurnFinished:
		return s.finishStep()
	case agent.EventFileChanged:
		if e.FileChange == nil {
			return nil
		}
		return s.fileChange(e.Call.ID, *e.FileChange)
	case agent.EventCompaction:
		if e.Compaction == nil {
			return nil
		}
		return s.compaction(*e.Compaction)
	case agent.EventToolsLoaded:
		return s.toolsLoaded(e.Tools)
	}
	return nil
}

// denied writes a call the agent refused: one naming a tool it does not
// have (the AI SDK's NoSuchToolError), one whose arguments the tool
// refuses, and one of a tool past its failure limit are input errors, with
// what the model reads; any other (a rule, an inactive tool) the call's
// error.
func (s *streamer) denied(e agent.Event) error {
	text, inputError := refusal(e)
	if inputError {
		return s.send(Chunk{Type: ChunkToolInputError, ToolCallID: e.Call.ID, ToolName: string(e.Call.Name),
			Input: input(e.Call.Args), ErrorText: text})
	}
	return s.send(Chunk{Type: ChunkToolOutputError, ToolCallID: e.Call.ID, ErrorText: text})
}

// refusal is what the UI reads of a call the agent refused, and whether
// it is an input error.
func refusal(e agent.Event) (text string, inputError bool) {
	switch {
	case e.Reason == "unknown tool": // the agent's reason for a tool it does not have
		return "The call was not run: unknown tool " + strconv.Quote(string(e.Call.Name)) + ".", true
	case strings.HasPrefix(e.Reason, "invalid arguments"), strings.HasPrefix(e.Reason, "failure limit"):
		return e.Result.Text(), true
	}
	return chatcore.NotRun(e.Reason), false
}

// askApproval asks the user about call callID, which waits for approval,
// on the tool part of call partID: the call's own, or the run_code call
// whose program made it. The approval id is bound to callID.
func (s *streamer) askApproval(callID, partID string) error {
	id := newApprovalID()
	s.approvals[callID] = id // before the send: kept even if the client is gone
	return s.send(Chunk{Type: ChunkToolApprovalRequest, ApprovalID: id, ToolCallID: partID})
}

func (s *streamer) toolFinished(e agent.Event) error {
	if text, failed := chatcore.Outcome(e); failed {
		return s.send(Chunk{Type: ChunkToolOutputError, ToolCallID: e.Call.ID, ErrorText: text})
	}
	return s.send(Chunk{Type: ChunkToolOutputAvailable, ToolCallID: e.Call.ID, Output: output(e.Result)})
}

// progress writes a running call's progress as a preliminary output (see
// progressOutput).
func (s *streamer) progress(callID string, p *toolgen.Progress) error {
	out := progressOutput(p)
	if out == nil {
		return nil
	}
	return s.send(Chunk{Type: ChunkToolOutputAvailable, ToolCallID: callID, Output: out, Preliminary: true})
}

// progressOutput is a running call's progress as its preliminary output:
// the partial result when the tool gave one (the output so far, which a UI
// shows as it shows the result), else the progress itself ({message,
// progress, total}); nil when there is nothing to show.
func progressOutput(p *toolgen.Progress) json.RawMessage {
	if p == nil {
		return nil
	}
	if len(p.Partial) > 0 && json.Valid(p.Partial) {
		return p.Partial
	}
	b, err := json.Marshal(toolgen.Progress{Message: p.Message, Progress: p.Progress, Total: p.Total})
	if err != nil {
		return nil // a NaN or an infinity: nothing to show
	}
	return b
}

// providerCall writes a call the provider ran as a dynamic tool part the
// provider executed: its input, then, once the provider gave it, its
// result. A call is written once, whether it comes as a part, as an
// event, or both.
func (s *streamer) providerCall(pc agent.ProviderCall) error {
	settled, seen := s.provider[pc.ID]
	if settled {
		return nil
	}
	if s.provider == nil {
		s.provider = map[string]bool{}
	}
	s.provider[pc.ID] = len(pc.Result) > 0
	if !seen {
		if err := s.closeParts(); err != nil {
			return err
		}
		var args json.RawMessage // none when the provider gave none: Transcript gives back what came
		if len(pc.Args) > 0 {
			args = validJSON(pc.Args)
		}
		err := s.send(Chunk{Type: ChunkToolInputAvailable, ToolCallID: pc.ID, ToolName: pc.Name, Input: args,
			Dynamic: true, ProviderExecuted: true})
		if err != nil {
			return err
		}
	}
	if len(pc.Result) == 0 {
		return nil // the provider has not given it yet
	}
	return s.providerResult(pc)
}

// source writes a web page the answer cites or its provider found
// (agent.Source, whatever the provider) as a source-url part: once per URL
// in a step, whether it comes as a part, as an event, or both (more
// citations of a page sent add nothing a source-url shows). A URL that
// is no web page (agent.Message.AddSource's rule) is not sent.
func (s *streamer) source(src agent.Source) error {
	n := len(s.sources.Sources)
	if s.sources.AddSource(src); len(s.sources.Sources) == n {
		return nil
	}
	return s.send(Chunk{Type: ChunkSourceURL, SourceID: s.nextID("source-"), URL: src.URL, Title: src.Title})
}

// providerResult writes a provider call's result: its output
// (ProviderCallOutput), or, when it says the call failed, its error with
// the same object in the provider metadata. The pages it found come as
// the answer's sources (agent.Source), not from the result.
func (s *streamer) providerResult(pc agent.ProviderCall) error {
	out, err := json.Marshal(ProviderCallOutput{Provider: pc.Provider, Result: validJSON(pc.Result), Found: pc.Found})
	if err != nil {
		return nil // never: strings and valid JSON
	}
	c := Chunk{Type: ChunkToolOutputAvailable, ToolCallID: pc.ID, Output: out, Dynamic: true, ProviderExecuted: true}
	if pc.IsError {
		meta, _ := json.Marshal(map[string]json.RawMessage{MetadataKey: out}) // valid JSON: always marshals
		c = Chunk{Type: ChunkToolOutputError, ToolCallID: pc.ID, ErrorText: providerError(pc), Dynamic: true,
			ProviderExecuted: true, ProviderMetadata: meta}
	}
	return s.send(c)
}

// fileChange writes a file a tool changed as a dynamic tool part named
// fileChange, which the agent ran (providerExecuted), as the AI SDK's
// harnesses project a workspace's changes: its input the path and the
// kind, its output the change.
func (s *streamer) fileChange(callID string, c toolgen.FileChange) error {
	// Strings and numbers: they always marshal.
	in, _ := json.Marshal(map[string]string{"path": c.Path, "kind": string(c.Kind)})
	out, _ := json.Marshal(fileChangeData(callID, c))
	return s.projection(ToolFileChange, in, out)
}

// fileChangeData is a file that call callID changed, without the old
// content.
func fileChangeData(callID string, c toolgen.FileChange) FileChangeData {
	return FileChangeData{
		ToolCallID: callID, Path: c.Path, Kind: string(c.Kind),
		SizeBefore: c.SizeBefore, SizeAfter: c.SizeAfter,
		HashBefore: c.HashBefore, HashAfter: c.HashAfter, Diff: c.Diff,
	}
}

// compaction writes a compaction of the transcript as a dynamic tool part
// named compaction: its input the policy, its output what it removed.
func (s *streamer) compaction(c agent.CompactionRecord) error {
	in, _ := json.Marshal(map[string]string{"policy": c.Policy}) // a string: always marshals
	data := CompactionData{Turn: c.Turn, Policy: c.Policy, Removed: c.Removed, RemovedMessages: c.RemovedMessages,
		ElidedResults: c.ElidedResults, TokensBefore: c.TokensBefore, TokensAfter: c.TokensAfter, SavedTokens: c.SavedTokens}
	if c.Usage != (agent.Usage{}) {
		data.Usage = usage(c.Usage)
	}
	out, _ := json.Marshal(data) // strings and numbers: always marshals
	return s.projection(ToolCompaction, in, out)
}

// projection writes a dynamic, provider-executed tool part with its
// input and output at once, under an id of its own.
func (s *streamer) projection(name string, in, out json.RawMessage) error {
	if err := s.closeParts(); err != nil {
		return err
	}
	id := chatcore.NewID(name + "-")
	if err := s.send(Chunk{Type: ChunkToolInputAvailable, ToolCallID: id, ToolName: name, Input: in, Dynamic: true, ProviderExecuted: true}); err != nil {
		return err
	}
	return s.send(Chunk{Type: ChunkToolOutputAvailable, ToolCallID: id, Output: out, Dynamic: true, ProviderExecuted: true})
}

// toolsLoaded writes a data part naming the deferred tools that tool search
// loaded (agent.WithToolSearch).
func (s *streamer) toolsLoaded(names []toolgen.ToolName) error {
	data, err := json.Marshal(ToolsLoadedData{Tools: names})
	if err != nil {
		return err // never: strings
	}
	return s.send(Chunk{Type: ChunkDataToolsLoaded, ID: s.nextID("tools-"), Data: data})
}

// part writes the chunks of a piece of the model's response.
func (s *streamer) part(p agent.Part) error {
	switch p.Kind {
	case agent.PartText, agent.PartReasoning:
		return s.textPart(p)
	case agent.PartCallStart:
		if err := s.closeParts(); err != nil {
			return err
		}
		return s.startCall(p.Index, p.Call)
	case agent.PartCallArgs:
		id, ok := s.calls[p.Index]
		if !ok || p.Text == "" {
			return nil // the call's start names it; none came
		}
		return s.send(Chunk{Type: ChunkToolInputDelta, ToolCallID: id, InputTextDelta: p.Text})
	case agent.PartCallDone:
		return s.callDone(p)
	case agent.PartProviderCall:
		return s.providerCall(p.ProviderCall)
	case agent.PartSource:
		return s.source(p.Source)
	}
	return nil // usage and finish: the finish chunk comes at the end of the run
}

// textPart writes a piece of text or reasoning, opening its part (and
// closing the other kind's) when it is the first piece.
func (s *streamer) textPart(p agent.Part) error {
	if p.Text == "" {
		return nil
	}
	open, start, delta, prefix := &s.text, ChunkTextStart, ChunkTextDelta, "text-"
	closeOther := s.closeReasoning
	if p.Kind == agent.PartReasoning {
		open, start, delta, prefix = &s.reasoning, ChunkReasoningStart, ChunkReasoningDelta, "reasoning-"
		closeOther = s.closeText
	}
	if err := closeOther(); err != nil {
		return err
	}
	if *open == "" {
		*open = s.nextID(prefix)
		if err := s.send(Chunk{Type: start, ID: *open}); err != nil {
			return err
		}
	}
	return s.send(Chunk{Type: delta, ID: *open, Delta: p.Text})
}

// callDone writes a call's whole input: tool-input-available, or, when the
// arguments are not valid JSON, tool-input-error with them as a string
// (the tool still decides what it makes of them: its result follows).
func (s *streamer) callDone(p agent.Part) error {
	if _, ok := s.calls[p.Index]; !ok {
		if err := s.closeParts(); err != nil {
			return err
		}
		if err := s.startCall(p.Index, p.Call); err != nil {
			return err
		}
	}
	c := Chunk{Type: ChunkToolInputAvailable, ToolCallID: p.Call.ID, ToolName: string(p.Call.Name), Input: input(p.Call.Args)}
	if len(p.Call.Args) > 0 && !json.Valid(p.Call.Args) {
		c.Type, c.ErrorText = ChunkToolInputError, "The arguments are not valid JSON."
	}
	return s.send(c)
}

func (s *streamer) startCall(index int, c agent.ToolCall) error {
	if s.calls == nil {
		s.calls = map[int]string{}
	}
	s.calls[index] = c.ID
	return s.send(Chunk{Type: ChunkToolInputStart, ToolCallID: c.ID, ToolName: string(c.Name)})
}

func (s *streamer) closeText() error { return s.closePart(&s.text, ChunkTextEnd) }

func (s *streamer) closeReasoning() error { return s.closePart(&s.reasoning, ChunkReasoningEnd) }

// closePart ends the open part whose id *open holds, if any, with a chunk
// of type end.
func (s *streamer) closePart(open *string, end string) error {
	if *open == "" {
		return nil
	}
	id := *open
	*open = ""
	return s.send(Chunk{Type: end, ID: id})
}

func (s *streamer) closeParts() error {
	return errors.Join(s.closeText(), s.closeReasoning())
}

func (s *streamer) finishStep() error {
	if err := s.closeParts(); err != nil {
		return err
	}
	if !s.step {
		return nil
	}
	s.step = false
	return s.send(Chunk{Type: ChunkFinishStep})
}

// start writes the stream's start: the message's id, and the run's in its
// metadata.
func (s *streamer) start(messageID string) {
	c := Chunk{Type: ChunkStart, MessageID: messageID}
	if s.runID != "" {
		c.MessageMetadata, _ = json.Marshal(MessageMetadata{RunID: s.runID}) // a string: always marshals
	}
	_ = s.send(c)
}

// end writes the end of the stream: the open parts' ends, the error if the
// run failed, the finish chunk (with the run's usage in the message's
// metadata) and [DONE].
func (s *streamer) end(runErr error, state *agent.State, errorText func(error) string) {
	_ = s.finishStep()
	reason := "stop"
	if runErr != nil {
		text := errorText(runErr)
		if re, ok := errors.AsType[*chatcore.RequestError](runErr); ok {
			text = re.Msg
		} else if errors.Is(runErr, ErrStoreFull) {
			text = runErr.Error() // the chat's own size against the limit: the user can act on it
		}
		_ = s.send(Chunk{Type: ChunkError, ErrorText: text})
		reason = "error"
	} else if state != nil {
		switch state.StopReason {
		case agent.StopPaused:
			reason = "tool-calls"
		case agent.StopMaxTurns, agent.StopResultBudget:
			reason = "other" // out of turns or of result budget: not the model's length limit
		}
	}
	finish := Chunk{Type: ChunkFinish, FinishReason: reason}
	if state != nil {
		finish.MessageMetadata, _ = json.Marshal(MessageMetadata{RunID: state.RunID, Usage: usage(state.Usage)}) // always marshals
	}
	_ = s.send(finish)
	s.out.finish()
}

// usage is a run's usage as the message's metadata says it: with the
// cache's share of the input when the provider reported one.
func usage(u agent.Usage) *MessageUsage {
	mu := &MessageUsage{InputTokens: u.InputTokens, OutputTokens: u.OutputTokens, TotalTokens: u.InputTokens + u.OutputTokens}
	if cached := u.CachedInputTokens + u.CacheCreationInputTokens; cached > 0 {
		mu.InputTokenDetails = &InputTokenDetails{NoCacheTokens: u.InputTokens - cached,
			CacheReadTokens: u.CachedInputTokens, CacheWriteTokens: u.CacheCreationInputTokens}
	}
	return mu
}

// The calls a run_code program makes (see "Code mode" in the package
// documentation) are data parts, not tool parts: useChat would send tool
// parts back as the model's calls, and Transcript would put them in the
// transcript; it leaves data parts out.

// programEvent writes an event of a call a run_code program made: the
// call's data-program-call part, updated; for a call that waits for
// approval, first the approval request on the run_code call's part.
func (s *streamer) programEvent(e agent.Event) error {
	pc := s.programCall(e)
	switch e.Kind {
	case agent.EventCallAllowed, agent.EventCallApproved:
		pc.State = StateInputAvailable
	case agent.EventCallPaused:
		if err := s.askApproval(e.Call.ID, e.ProgramCallID); err != nil {
			return err
		}
		pc.State = StateApprovalRequested
	case agent.EventCallDenied:
		text, _ := refusal(e)
		pc.State, pc.ErrorText = StateOutputError, text
	case agent.EventCallRejected:
		pc.State, pc.ErrorText = StateOutputDenied, e.Reason // the refusal, as the program reads it
	case agent.EventToolProgress:
		out := progressOutput(e.Progress)
		if out == nil {
			return nil
		}
		pc.State, pc.Output, pc.Preliminary = StateOutputAvailable, out, true
	case agent.EventFileChanged:
		if e.FileChange == nil {
			return nil
		}
		pc.FileChanges = append(pc.FileChanges, fileChangeData(e.Call.ID, *e.FileChange))
	case agent.EventToolFinished:
		pc.Preliminary = false
		if text, failed := chatcore.Outcome(e); failed {
			pc.State, pc.Output, pc.ErrorText = StateOutputError, nil, text
		} else {
			pc.State, pc.Output = StateOutputAvailable, output(e.Result)
		}
	default:
		return nil // requested, started: the decision or the result says more
	}
	data, err := json.Marshal(pc)
	if err != nil {
		return err // never: strings and valid JSON
	}
	return s.send(Chunk{Type: ChunkDataProgramCall, ID: pc.ToolCallID, Data: data})
}

// programCall is the data of the program's call e is about, kept from the
// call's first event in this stream on.
func (s *streamer) programCall(e agent.Event) *ProgramCallData {
	pc, ok := s.programs[e.Call.ID]
	if !ok {
		pc = &ProgramCallData{ProgramCallID: e.ProgramCallID, ToolCallID: e.Call.ID, ToolName: string(e.Call.Name),
			State: StateInputAvailable, Input: input(e.Call.Args)}
		s.programs[e.Call.ID] = pc
	}
	return pc
}
