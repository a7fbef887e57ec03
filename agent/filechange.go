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
type callReports struct {
	mu    sync.Mutex
	ended bool
	emit  func(Event)
}

func (a *Agent) callReports(ctx context.Context, s *State, c ToolCall) *callReports {
	runID, turn := s.RunID, s.Turns
	return &callReports{emit: func(e Event) {
		e.RunID, e.Turn, e.Call = runID, turn, c
		a.events.emit(ctx, e)
	}}
}

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

func (cr *callReports) progress(p toolgen.Progress) {
	cr.report(Event{Kind: EventToolProgress, Progress: &p})
}

// end stops the reports; it waits for one being emitted.
func (cr *callReports) end() {
	cr.mu.Lock()
	cr.ended = true
	cr.mu.Unlock()
}
