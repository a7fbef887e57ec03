package toolgen

import "context"

// Ctx is what a tool learns about the run that called it. A tool receives it
// by declaring a toolgen.Ctx parameter, which toolgen hides from the schema.
// Outside an agent run it is the zero Ctx.
type Ctx struct {
	// Deps is the value the program passed to the run (a database handle, a
	// user's identity...); nil outside a run. See DepsAs.
	Deps any
	// Tool is the name the tool was called by.
	Tool ToolName
	// CallID is the model's id for this call, when there is one.
	CallID string
	// RunID names the agent run, stable across pause and resume.
	RunID string
	// Turn is the number of model responses so far in the run.
	Turn int
	// Sandbox is where the tool does file and command work, confined: the
	// one the program gave the run (agent.WithSandbox), nil when it gave
	// none. A tool that needs one gets it with NeedSandbox, which says
	// what is missing when it is nil.
	Sandbox Sandbox
	// Attempt counts this call among the tool's calls in a row that
	// failed: 1 after a success (or for the first call), 2 after one
	// failure... MaxFailures is the run's limit of such failures for the
	// tool (agent.WithMaxFailures, Tool.MaxFailures), 0 for none: a tool
	// may say more when Attempt nears it. Both 0 outside an agent run.
	Attempt     int
	MaxFailures int

	progress func(Progress) // the call's context's receiver (WithProgress), or nil
	previous *Progress      // the call's context's PreviousProgress, or nil
}

// Report reports the call's progress, as ReportProgress does with the
// call's context: to whoever runs the tool, or to nobody.
func (c Ctx) Report(p Progress) {
	if c.progress != nil {
		c.progress(p)
	}
}

// Reporting reports whether anybody receives the call's progress (see
// ReportsProgress).
func (c Ctx) Reporting() bool { return c.progress != nil }

// PreviousProgress is the progress an earlier attempt of this call
// reported last before it was lost, and whether there was one: what a
// resumable tool continues from (see the function PreviousProgress).
func (c Ctx) PreviousProgress() (Progress, bool) {
	if c.previous == nil {
		return Progress{}, false
	}
	return *c.previous, true
}

// IdempotencyKey is a key that stays the same if this very call is made
// again (a run resumed after a crash, say): the run id and the call id. A
// tool with side effects can use it to do them once. It is "" outside a run.
//
// The agent loop records each call's result in its State as the call
// finishes, and a resume of that State does not run the call again. What
// it cannot know about is a call that ran after the copy being resumed was
// saved: a copy saved before the turn's calls ran (or a process that died
// mid-call, before the State was saved) runs them again, with the same key.
// A tool whose effect must happen once keys it with this key (a request id
// for a payment API, say), or the run is made durable by saving the State
// after every step (a durable-execution engine recording each call).
func (c Ctx) IdempotencyKey() string {
	if c.RunID == "" {
		return ""
	}
	return c.RunID + "/" + c.CallID
}

type ctxKey struct{}

// WithCtx returns a context carrying c, for tools called through it.
func WithCtx(ctx context.Context, c Ctx) context.Context {
	return context.WithValue(ctx, ctxKey{}, c)
}

// CtxFrom returns the Ctx carried by ctx, or the zero Ctx, with ctx's
// progress receiver (WithProgress) for Report and its PreviousProgress.
func CtxFrom(ctx context.Context) Ctx {
	c, _ := ctx.Value(ctxKey{}).(Ctx)
	c.progress, c.previous = progressFrom(ctx), previousFrom(ctx)
	return c
}

// DepsAs returns c.Deps as a T, and whether it is one.
func DepsAs[T any](c Ctx) (T, bool) {
	d, ok := c.Deps.(T)
	return d, ok
}
