package agent

import (
	"context"
	"sync"

	"github.com/toolgen-dev/toolgen"
)

// callChanges turns the file changes a running call reports
// (toolgen.ReportFileChange) into EventFileChanged events, from the tool's
// goroutine, until the call ends: a change reported after that (by an
// abandoned call) is dropped, so that no event follows the call's
// tool_finished, nor the end of the run.
type callChanges struct {
	mu    sync.Mutex
	ended bool
	emit  func(toolgen.FileChange)
}

func (a *Agent) fileChanges(ctx context.Context, s *State, c ToolCall) *callChanges {
	runID, turn := s.RunID, s.Turns
	return &callChanges{emit: func(fc toolgen.FileChange) {
		a.events.emit(ctx, Event{Kind: EventFileChanged, RunID: runID, Turn: turn, Call: c, FileChange: &fc})
	}}
}

// report emits a change, unless the call ended.
func (cc *callChanges) report(fc toolgen.FileChange) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if !cc.ended {
		cc.emit(fc)
	}
}

// end stops the reports; it waits for one being emitted.
func (cc *callChanges) end() {
	cc.mu.Lock()
	cc.ended = true
	cc.mu.Unlock()
}
