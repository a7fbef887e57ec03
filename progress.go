package toolgen

import (
	"context"
	"encoding/json"
)

// Progress is what a running tool reports before it returns: what it is
// doing, how far it is, and what it has so far. Every field is optional.
// Where it goes depends on who runs the tool: an agent run's event
// (agent.EventToolProgress, which aisdk streams as a preliminary result),
// an MCP notifications/progress (Partial in its _meta, under
// mcp.PartialMetaKey), a span event, a Temporal heartbeat; the package doc's "Where
// progress goes" says what each of them gets.
type Progress struct {
	// Message says what the tool is doing, for a person: "reading page 3".
	Message string `json:"message,omitempty"`
	// Progress is how much of the work is done, in any unit; it should
	// grow with each report.
	Progress float64 `json:"progress,omitempty"`
	// Total is how much work there is in Progress's unit; 0 when unknown.
	Total float64 `json:"total,omitempty"`
	// Partial is a partial result, JSON: what the tool has so far (a
	// page of rows, the text written up to now), which a UI may show
	// until the result replaces it.
	Partial json.RawMessage `json:"partial,omitempty"`
}

type progressKey struct{}

// WithProgress returns a context whose tool calls report their progress
// to receive, from the goroutine of the tool that reports. The agent loop
// installs one in a call's context when something listens to the run's
// events (an observer, a logger, RunStream), as mcp's server does when
// the client sent a progress token; without one, reports cost a context
// lookup and nothing else. receive must not block for long: the tool
// waits for it.
func WithProgress(ctx context.Context, receive func(Progress)) context.Context {
	return context.WithValue(ctx, progressKey{}, receive)
}

// ReportProgress reports a running tool's progress to the receiver ctx
// carries (see WithProgress); it does nothing without one.
func ReportProgress(ctx context.Context, p Progress) {
	if receive := progressFrom(ctx); receive != nil {
		receive(p)
	}
}

// ReportsProgress reports whether ctx carries a receiver of progress: a
// tool can skip building a partial result that nobody would see.
func ReportsProgress(ctx context.Context) bool { return progressFrom(ctx) != nil }

func progressFrom(ctx context.Context) func(Progress) {
	receive, _ := ctx.Value(progressKey{}).(func(Progress))
	return receive
}

type previousProgressKey struct{}

// WithPreviousProgress returns a context whose tool call is told p, the
// progress an earlier attempt of this very call reported last before it
// was lost (its worker died, its heartbeats stopped). A runner that runs
// lost calls again installs it (package temporal does, from the
// activity's heartbeat details), so that a tool that can resume does.
func WithPreviousProgress(ctx context.Context, p Progress) context.Context {
	return context.WithValue(ctx, previousProgressKey{}, &p)
}

// PreviousProgress returns the progress an earlier attempt of the call
// ctx runs reported last, and whether there was one (see
// WithPreviousProgress). A tool that can resume continues from there (its
// Partial: the rows it had, the offset it reached) rather than from the
// start; any other tool ignores it. It is the same call: its idempotency
// key (Ctx.IdempotencyKey) is the same too.
func PreviousProgress(ctx context.Context) (Progress, bool) {
	if p := previousFrom(ctx); p != nil {
		return *p, true
	}
	return Progress{}, false
}

// previousFrom is the context's previous progress, or nil; a pointer, so
// that CtxFrom, on every call, allocates nothing.
func previousFrom(ctx context.Context) *Progress {
	p, _ := ctx.Value(previousProgressKey{}).(*Progress)
	return p
}
