package aisdk

import (
	"encoding/json"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/internal/chatcore"
)

// Code mode (agent.WithCodeMode): the model calls run_code, whose input is
// a program, and the program's calls take the loop's path, their events
// labelled with the run_code call's id (agent.Event.ProgramCallID). The
// run_code call streams as any call. Its program's calls are no calls of
// the model's: were they tool parts, useChat would send them back as the
// model's calls, and Transcript would put them in the transcript. Each is
// a data part instead (ChunkDataProgramCall), which Transcript leaves out,
// sent whole at each change. A call that waits for approval is asked on
// the run_code call's tool part, which the UI has, under an approval id
// bound to the program's call: the answer approves or rejects that call
// alone, and a program that pauses again asks again on the same part.

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
		if s.programs == nil {
			s.programs = map[string]*ProgramCallData{}
		}
		pc = &ProgramCallData{ProgramCallID: e.ProgramCallID, ToolCallID: e.Call.ID, ToolName: string(e.Call.Name),
			State: StateInputAvailable, Input: input(e.Call.Args)}
		s.programs[e.Call.ID] = pc
	}
	return pc
}
