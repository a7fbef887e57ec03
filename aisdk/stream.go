package aisdk

import (
	"encoding/json"
	"errors"
	"strconv"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
)

// streamer maps a run's events to chunks. The run hands it one event at a
// time.
type streamer struct {
	out       *writer
	n         int    // numbers text and reasoning parts
	text      string // the open text part's id, or ""
	reasoning string // the open reasoning part's id, or ""
	step      bool   // a start-step was sent and its finish-step not yet
	calls     map[int]string
	approvals map[string]string // the approval ids asked, by call id
}

func (s *streamer) send(c Chunk) error { return s.out.send(c) }

func (s *streamer) nextID(prefix string) string {
	s.n++
	return prefix + strconv.Itoa(s.n)
}

// event writes the chunks an event makes; an error (the client went away)
// stops the run.
func (s *streamer) event(e agent.Event) error {
	switch e.Kind {
	case agent.EventTurnStarted:
		if err := s.closeParts(); err != nil {
			return err
		}
		s.step, s.calls = true, map[int]string{}
		return s.send(Chunk{Type: ChunkStartStep})
	case agent.EventModelPart:
		return s.part(e.Part)
	case agent.EventModelResponded:
		return s.closeParts()
	case agent.EventCallPaused:
		id := newApprovalID()
		s.approvals[e.Call.ID] = id // before the send: kept even if the client is gone
		return s.send(Chunk{Type: ChunkToolApprovalRequest, ApprovalID: id, ToolCallID: e.Call.ID})
	case agent.EventCallDenied:
		return s.send(Chunk{Type: ChunkToolOutputError, ToolCallID: e.Call.ID, ErrorText: "The call was not run: " + e.Reason + "."})
	case agent.EventToolFinished:
		if e.IsError || e.Result.IsError {
			text := e.Result.Text()
			if text == "" {
				text = "The tool failed: " + e.Reason
			}
			return s.send(Chunk{Type: ChunkToolOutputError, ToolCallID: e.Call.ID, ErrorText: text})
		}
		return s.send(Chunk{Type: ChunkToolOutputAvailable, ToolCallID: e.Call.ID, Output: output(e.Result)})
	case agent.EventTurnFinished:
		return s.finishStep()
	case agent.EventFileChanged:
		if e.FileChange == nil {
			return nil
		}
		return s.fileChange(e.Call.ID, *e.FileChange)
	case agent.EventToolsLoaded:
		return s.toolsLoaded(e.Tools)
	}
	return nil
}

// fileChange writes a data part for a file a tool changed, with an id of
// its own so that useChat keeps every change rather than the last.
func (s *streamer) fileChange(callID string, c toolgen.FileChange) error {
	data, err := json.Marshal(FileChangeData{
		ToolCallID: callID, Path: c.Path, Kind: string(c.Kind),
		SizeBefore: c.SizeBefore, SizeAfter: c.SizeAfter,
		HashBefore: c.HashBefore, HashAfter: c.HashAfter, Diff: c.Diff,
	})
	if err != nil {
		return err // never: strings and numbers
	}
	return s.send(Chunk{Type: ChunkDataFileChange, ID: s.nextID("file-"), Data: data})
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
	case agent.PartText:
		if p.Text == "" {
			return nil
		}
		if err := s.closeReasoning(); err != nil {
			return err
		}
		if s.text == "" {
			s.text = s.nextID("text-")
			if err := s.send(Chunk{Type: ChunkTextStart, ID: s.text}); err != nil {
				return err
			}
		}
		return s.send(Chunk{Type: ChunkTextDelta, ID: s.text, Delta: p.Text})
	case agent.PartReasoning:
		if p.Text == "" {
			return nil
		}
		if err := s.closeText(); err != nil {
			return err
		}
		if s.reasoning == "" {
			s.reasoning = s.nextID("reasoning-")
			if err := s.send(Chunk{Type: ChunkReasoningStart, ID: s.reasoning}); err != nil {
				return err
			}
		}
		return s.send(Chunk{Type: ChunkReasoningDelta, ID: s.reasoning, Delta: p.Text})
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
		if _, ok := s.calls[p.Index]; !ok {
			if err := s.closeParts(); err != nil {
				return err
			}
			if err := s.startCall(p.Index, p.Call); err != nil {
				return err
			}
		}
		return s.send(Chunk{Type: ChunkToolInputAvailable, ToolCallID: p.Call.ID, ToolName: string(p.Call.Name), Input: input(p.Call.Args)})
	}
	return nil // usage and finish: the finish chunk comes at the end of the run
}

func (s *streamer) startCall(index int, c agent.ToolCall) error {
	if s.calls == nil {
		s.calls = map[int]string{}
	}
	s.calls[index] = c.ID
	return s.send(Chunk{Type: ChunkToolInputStart, ToolCallID: c.ID, ToolName: string(c.Name)})
}

func (s *streamer) closeText() error {
	if s.text == "" {
		return nil
	}
	id := s.text
	s.text = ""
	return s.send(Chunk{Type: ChunkTextEnd, ID: id})
}

func (s *streamer) closeReasoning() error {
	if s.reasoning == "" {
		return nil
	}
	id := s.reasoning
	s.reasoning = ""
	return s.send(Chunk{Type: ChunkReasoningEnd, ID: id})
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

// end writes the end of the stream: the open parts' ends, the error if the
// run failed, the finish chunk and [DONE]. The writer ignores it all once
// the client has gone.
func (s *streamer) end(runErr error, state *agent.State, errorText func(error) string) {
	_ = s.finishStep()
	reason := "stop"
	if runErr != nil {
		text := errorText(runErr)
		if re, ok := errors.AsType[*requestError](runErr); ok {
			text = re.msg
		} else if errors.Is(runErr, ErrStoreFull) {
			text = runErr.Error() // the chat's own size against the limit: the user can act on it
		}
		_ = s.send(Chunk{Type: ChunkError, ErrorText: text})
		reason = "error"
	} else if state != nil {
		switch state.StopReason {
		case agent.StopPaused:
			reason = "tool-calls"
		case agent.StopMaxTurns:
			reason = "other" // out of turns: not the model's length limit
		}
	}
	_ = s.send(Chunk{Type: ChunkFinish, FinishReason: reason})
	_ = s.out.write(append(s.out.buf[:0], "data: [DONE]\n\n"...))
}
