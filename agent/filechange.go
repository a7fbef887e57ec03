package agent

import (
	"context"
	"sync"

	"github.com/toolgen-dev/toolgen"
)

// callReports turns what a running call reports from the tool's goroutine
// (toolgen.ReportFileChange, toolgen.ReportProgress) into events
// (EventFileChanged, EventToolProgress) until the call ends: a report made
// after that (by an abandoned call) is dropped, so that no event follows
// the call's tool_finished, nor the end of the run.
//
// Progress also goes on to the receiver of the run's own context, when it
// has one: the run is then itself a call somebody follows (a sub-agent's
// run, through its caller's EventToolProgress; a durable engine's
// activity, which heartbeats it), and its tools' reports are that call's
// progress.
type callReports struct {
	mu        sync.Mutex
	ended     bool
	emit      func(Event)
	listening bool                   // the run's events reach somebody
	outer     func(toolgen.Progress) // the run's context's receiver, or nil
}

func (a *Agent) callReports(ctx context.Context, s *State, c ToolCall, program string) *callReports {
	runID, turn := s.RunID, s.Turns
	cr := &callReports{listening: a.events.listening(ctx), emit: func(e Event) {
		e.RunID, e.Turn, e.Call, e.ProgramCallID = runID, turn, c, program
		a.events.emit(ctx, e)
	}}
	if toolgen.ReportsProgress(ctx) {
		cr.outer = func(p toolgen.Progress) { toolgen.ReportProgress(ctx, p) }
	}
	return cr
}

// receivesProgress reports whether the call's progress reaches anybody;
// else the call gets no receiver, and a tool's reports cost nothing.
func (cr *callReports) receivesProgress() bool { return cr.listening || cr.outer != nil }

// report emits e, unless the call ended.
func (cr *callReports) report(e Event) {
	cr.mu.Lock()
	defer cr.mu.Unlock()
	if !cr.ended {
		cr.emit(e)
	}
}

func (cr *callReports) fileChange(fc toolgen.FileChange) {
	cr.report(Event{Kind: EventFileChanged, FileChange: &fc})
}

// progress emits p to the run's listeners and hands it to the run's
// context's receiver, unless the call ended.
func (cr *callReports) progress(p toolgen.Progress) {
	cr.mu.Lock()
	defer cr.mu.Unlock()
	if cr.ended {
		return
	}
	if cr.listening {
		cr.emit(Event{Kind: EventToolProgress, Progress: &p})
	}
	if cr.outer != nil {
		cr.outer(p)
	}
}

// end stops the reports; it waits for one being emitted.
func (cr *callReports) end() {
	cr.mu.Lock()
	cr.ended = true
	cr.mu.Unlock()
}
