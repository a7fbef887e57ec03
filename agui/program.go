package agui

import (
	"encoding/json"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/internal/chatcore"
)

// Code mode (agent.WithCodeMode): the model calls run_code, whose
// arguments are a program, and the program's calls take the loop's path,
// their events labelled with the run_code call's id
// (agent.Event.ProgramCallID). The run_code call streams as any call. Its
// program's calls are no calls of the model's: as TOOL_CALL_* events they
// would enter the client's messages as the assistant's tool calls (which
// the client sends back, counts among the run's pending tool calls, and
// may take for its own frontend tools to run), and their results as tool
// messages. Each is an activity instead (PROGRAM_CALL, ActivityProgramCall),
// the protocol's place for what is not conversation: the client shows it
// and keeps it out of what it sends back. A call that waits for approval
// is asked as any call is, by an interrupt of the run's end, whose
// toolCallId is the program's call's and whose metadata names the
// run_code call.

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
		if s.programs == nil {
			s.programs = map[string]*ProgramCall{}
		}
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
