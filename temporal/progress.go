package temporal

import (
	"context"
	"sync"
	"time"

	"go.temporal.io/sdk/activity"

	"github.com/toolgen-dev/toolgen"
)

// A tool call's activity heartbeats while the tool runs, on a ticker
// (every third of its heartbeat timeout, so a tool that never reports
// progress is not taken for lost), and its heartbeat details are the
// latest progress the tool reported (toolgen.ReportProgress), as a
// CallProgress: the server keeps them, a client reads them
// (Client.Progress), and an attempt that runs the call again after its
// worker was lost is given them (toolgen.PreviousProgress), so that a tool
// that can resume continues from there. The tool's progress also reaches
// the worker's agent's observers as EventToolProgress (agent.CallTool),
// not the workflow's: the history records no progress.

// DefaultToolHeartbeat is the heartbeat timeout of a tool call's activity
// unless Options.ToolHeartbeat or ToolPolicy.Heartbeat say otherwise: a
// worker lost in the middle of a call is noticed within it, instead of
// when the call's timeout passes (24 hours for a tool without one). A
// call whose timeout is not longer gets none.
const DefaultToolHeartbeat = time.Minute

// maxHeartbeatPartial bounds the partial result kept in heartbeat details:
// a larger one is left out (its message and numbers are kept), since the
// server refuses payloads of a few MB and every heartbeat sends it again.
const maxHeartbeatPartial = 256 << 10

// CallProgress is a tool call's latest progress, the heartbeat details of
// its activity.
type CallProgress struct {
	CallID   string           `json:"call_id"`
	Tool     toolgen.ToolName `json:"tool"`
	Progress toolgen.Progress `json:"progress"`
}

// heartbeats records a call's activity's heartbeats, with the latest
// progress as details.
type heartbeats struct {
	ctx    context.Context // the activity's
	mu     sync.Mutex
	latest *CallProgress // nil until the call (or an earlier attempt) reports
}

// startHeartbeats starts heartbeating the activity of ctx, a call of
// call's tool: on a ticker when the activity has a heartbeat timeout, and
// on each report. It returns ctx with the call's progress receiver and,
// on an attempt after the first, the progress the last one recorded
// (toolgen.WithPreviousProgress); stop ends the ticker, and returns once it
// has ended.
func startHeartbeats(ctx context.Context, callID string, tool toolgen.ToolName) (context.Context, func()) {
	h := &heartbeats{ctx: ctx}
	var previous CallProgress
	if activity.HasHeartbeatDetails(ctx) && activity.GetHeartbeatDetails(ctx, &previous) == nil && previous.CallID == callID {
		h.latest = &previous
		ctx = toolgen.WithPreviousProgress(ctx, previous.Progress)
	}
	ctx = toolgen.WithProgress(ctx, func(p toolgen.Progress) {
		if len(p.Partial) > maxHeartbeatPartial {
			p.Partial = nil
		}
		h.mu.Lock()
		h.latest = &CallProgress{CallID: callID, Tool: tool, Progress: p}
		h.mu.Unlock()
		h.beat() // the SDK sends at most one per throttle interval, the latest
	})
	stop := func() {}
	if every := activity.GetInfo(h.ctx).HeartbeatTimeout / 3; every > 0 {
		stop = h.tick(every)
	}
	return ctx, stop
}

// beat records a heartbeat with the latest progress, if any. Without
// details a heartbeat would erase the ones the server keeps.
func (h *heartbeats) beat() {
	h.mu.Lock()
	latest := h.latest
	h.mu.Unlock()
	if latest == nil {
		activity.RecordHeartbeat(h.ctx)
		return
	}
	activity.RecordHeartbeat(h.ctx, *latest)
}

// tick records a heartbeat every interval until stop is called (and has
// returned), so that the server notices within the heartbeat timeout that
// a worker running a long tool is gone.
func (h *heartbeats) tick(every time.Duration) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-h.ctx.Done():
				return
			case <-t.C:
				h.beat()
			}
		}
	})
	return func() {
		close(done)
		wg.Wait()
	}
}
