package agent

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/toolgen-dev/toolgen"
)

// Run starts a run with the user's prompt. deps reaches every tool through
// its toolgen.Ctx (and the transcript up to the call through
// TranscriptFrom). It returns the state when the run stops (done, paused or
// out of turns); the error is for failures (the model's, a cancelled ctx),
// and the state then holds the run up to the last complete step. Run waits
// for the tool calls it starts, each up to its timeout (WithToolTimeout);
// an abandoned call's goroutine may outlive it.
func (a *Agent) Run(ctx context.Context, prompt string, deps any) (*State, error) {
	s := newState(prompt)
	return s, a.drive(ctx, s, deps)
}

// newState is the state of a new run of prompt.
func newState(prompt string) *State {
	return &State{
		Version:  StateVersion,
		RunID:    newRunID(),
		Messages: []Message{{Role: RoleUser, Text: prompt}},
	}
}

// Resume continues a run: a paused one once its pending calls are approved
// or rejected (approved calls run with the arguments the model sent, the
// other allowed calls of the turn run too, rejected ones are reported to the
// model as denied by the user), or a finished one to which the program
// appended a user message. The state may come from another process (JSON).
//
// The paused turn's calls are decided again against a's tools, filters and
// permissions, which may have changed since the pause: a call now denied
// (a deny rule, a tool filtered out) does not run and is reported
// call_denied, as in Run; a person's approval still counts over an ask
// rule, and a call that asks now without an approval pauses the run again.
// A tool whose input schema, RequiresApproval or annotations changed is an
// error, reported as the run's failure (EventRunFailed); so is an approved
// call that is not the call approved (its tool, id or arguments changed in
// the saved State), and, with WithStateKey, a seal that does not hold:
// nothing runs, and s is left as it was. A state saved
// after Run or Resume failed mid-turn (a cancelled ctx) resumes that turn:
// the calls that finished (their results are in the state) do not run
// again, the others do (see toolgen.Ctx.IdempotencyKey for what a state
// cannot know).
func (a *Agent) Resume(ctx context.Context, s *State, deps any) (*State, error) {
	if err := a.checkResumable(s); err != nil {
		return s, a.refuse(ctx, s, err, nil)
	}
	upgrade(s)
	grantResultBudget(s)
	s.StopReason, s.compacted = "", 0
	return s, a.drive(ctx, s, deps)
}

// refuse reports a resume refused before it started (a tool changed
// since the pause, an undecided call...) as the run's failure, once, to
// the observer, the logger and a stream's consumer fn (if not nil), and
// returns its error. A nil state names no run to report.
func (a *Agent) refuse(ctx context.Context, s *State, err error, fn func(Event) error) error {
	if s == nil {
		return err
	}
	if fn != nil {
		ctx = context.WithValue(ctx, streamKey{}, &stream{fn: fn, cancel: func(error) {}})
	}
	return a.fail(ctx, s, err)
}

// newRunID is a random id for a run; the only randomness, outside the
// loop's decisions.
func newRunID() string {
	var b [12]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return hex.EncodeToString(b[:])
}

// drive carries out the loop's decisions (advance) until one stops the
// run: it runs the effects (compaction, the model, the tools) and applies
// them as an engine does through Next and the Apply functions, delivering
// events as they come.
func (a *Agent) drive(ctx context.Context, s *State, deps any) error {
	ctx, sub := withSubUsage(ctx)
	out := sink{ctx: ctx, events: a.events}
	for {
		p := a.advance(s, out)
		switch p.kind {
		case planStop, planPause:
			return nil
		case planCompact:
			res, err := a.Compact(ctx, a.request(s), p.tokens)
			a.applyCompaction(s, res, out) // what was compacted before a failure stays
			if err != nil {
				return a.fail(ctx, s, err)
			}
		case planModel:
			if err := a.ask(ctx, s, out); err != nil {
				return a.fail(ctx, s, err)
			}
		case planTools:
			err := a.settle(ctx, s, s.Paused.Calls, deps)
			sub.takeInto(s) // spent, whether or not the turn completes
			if err != nil {
				return a.fail(ctx, s, err)
			}
			if a.pauseForPrograms(s, out) {
				return nil
			}
			a.finishTurn(s, out)
		}
	}
}

// request is the request of s's transcript.
func (a *Agent) request(s *State) Request {
	return Request{System: a.system, Messages: s.Messages, Tools: a.toolsFor(s), DisabledProviderTools: a.disabledProvider}
}

// ask calls the model and adds its response.
func (a *Agent) ask(ctx context.Context, s *State, out sink) error {
	start := time.Now()
	req := a.request(s)
	var resp Response
	var err error
	if st := streamOf(ctx); st != nil {
		resp, err = a.askStreaming(ctx, s, st, req)
	} else {
		resp, err = a.model.Generate(ctx, req)
	}
	if err != nil {
		return err
	}
	a.applyResponse(s, resp, time.Since(start), out)
	return ctx.Err()
}

// settle runs a turn's runnable calls concurrently, at most a.parallelism
// at once, and records each finished call's result in its decision (the
// state's Paused turn). It waits for every call it started, each up to its
// timeout: a call still running then is abandoned (see call), and only its
// goroutine outlives settle.
func (a *Agent) settle(ctx context.Context, s *State, decisions []Decision, deps any) error {
	errs := make([]error, len(decisions))
	sem := make(chan struct{}, a.parallelism)
	var wg sync.WaitGroup
	for i, d := range decisions {
		if !d.runs() {
			continue
		}
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
			wg.Wait()
			return ctx.Err()
		}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			res, err := a.settleCall(ctx, s, &decisions[i], deps)
			if errors.Is(err, errProgramPaused) {
				return // its record says where it waits
			}
			if errs[i] = err; err == nil {
				r := res.Result
				decisions[i].Result = &r // at most once: a resume does not run it again
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return ctx.Err()
}

// outcome is what a tool call came to.
type outcome struct {
	res    toolgen.Result
	err    error
	reason string // for the tool_finished event, when the tool did not return normally
}

// call runs one tool call with the run's Ctx on a goroutine of its own, and
// waits for it at most the tool's timeout. The call's context then ends
// with the timeout as its cause; a call that returns its context's error
// then, or has not returned, is reported to the model as timed out. When
// the run's ctx ends first (cancelled, or its own deadline), the call did
// not finish: it comes to ctx's error, whatever the tool returns, so that
// nothing is recorded for it and a resume runs it again; only a result the
// tool returned normally counts. The loop does not wait for an abandoned
// call: its goroutine runs on until the tool returns, and what it returns
// is dropped. Events come from here, never from the tool's goroutine, so
// none follows the end of a run.
//
// program is the id of the run_code call whose program made c, or "": it
// labels the call's events (Event.ProgramCallID).
func (a *Agent) call(ctx context.Context, s *State, c ToolCall, deps any, program string) (ToolResult, error) {
	t, _ := a.tools.Lookup(c.Name) // decided calls name known tools
	rc := toolgen.Ctx{Deps: deps, Tool: c.Name, CallID: c.ID, RunID: s.RunID, Turn: s.Turns, Sandbox: a.sandboxFor(ctx),
		Attempt: failuresInARow(s, c.Name) + 1, MaxFailures: a.failureLimit[c.Name]}
	limit := a.limitOf(c.Name)
	callCtx, cancel := ctx, context.CancelFunc(func() {})
	if limit.d > 0 {
		callCtx, cancel = context.WithTimeoutCause(ctx, limit.d, limit.cause)
	}
	defer cancel()
	a.events.emit(ctx, Event{Kind: EventToolStarted, RunID: s.RunID, Turn: s.Turns, Call: c, ProgramCallID: program})
	start := time.Now()
	reports := a.callReports(ctx, s, c, program)
	toolCtx := toolgen.WithFileChanges(toolgen.WithCtx(callCtx, rc), reports.fileChange)
	if reports.receivesProgress() { // else a tool's reports cost nothing
		toolCtx = toolgen.WithProgress(toolCtx, reports.progress)
	}
	done := make(chan outcome, 1) // an abandoned call's send does not block
	go runTool(withTranscript(toolCtx, s.Messages), t, a.repairs(t.Name), c.Args, done)
	var out outcome
	select {
	case out = <-done:
		if out.err != nil && limit.passed(callCtx) {
			out = limit.timedOut("timed out") // the tool gave up at its deadline
		}
	case <-callCtx.Done(): // never, without a timeout and a cancellable ctx
		out = a.await(ctx, limit, callCtx, start, done)
	}
	reports.end() // no change or progress is reported after tool_finished
	if out.err == nil && out.reason == "" && len(a.guards) > 0 {
		out.res = a.guard(ctx, c, out.res)
	}
	a.events.emit(ctx, Event{Kind: EventToolFinished, RunID: s.RunID, Turn: s.Turns, Call: c, ProgramCallID: program,
		Duration: time.Since(start), IsError: out.res.IsError || out.err != nil, Reason: out.reason, Result: out.res, ResultTokens: resultTokens(out.res), Err: toolErr(out)})
	return ToolResult{CallID: c.ID, Name: c.Name, Result: out.res}, out.err
}

// repairs reports whether the loop asks the tool name to repair malformed
// arguments (toolgen.Tool.CallRepairing): unless WithArgRepair(false), or a
// permission rule that reads arguments decides its calls.
func (a *Agent) repairs(name toolgen.ToolName) bool {
	return !a.noRepair && !readsArgs(a.perms, name)
}

// sandboxFor is the sandbox of a run's calls: the agent's (WithSandbox),
// or else the one of the tool call the run was started in (a sub-agent's
// run, see AsTool), as it inherits the deps: a sub-agent works in its
// parent's sandbox unless it was given its own.
func (a *Agent) sandboxFor(ctx context.Context) toolgen.Sandbox {
	if a.sandbox != nil {
		return a.sandbox
	}
	return toolgen.CtxFrom(ctx).Sandbox
}

// await is what a call whose context ended comes to. At the tool's own
// deadline it is abandoned, and the model is told it timed out. When the
// run's ctx ended instead (cancelled, or past a deadline of its own, which
// the call's context inherits), the loop waits for the call (which should
// stop, its context being done) up to the tool's own deadline, counted
// from start; a call still running then is abandoned as unfinished, with
// ctx's error, never reported as a timeout of the tool.
func (a *Agent) await(ctx context.Context, limit toolLimit, callCtx context.Context, start time.Time, done <-chan outcome) outcome {
	if limit.passed(callCtx) {
		return limit.timedOut("timed out; abandoned")
	}
	if limit.d <= 0 {
		return <-done
	}
	timer := time.NewTimer(time.Until(start.Add(limit.d)))
	defer timer.Stop()
	select {
	case out := <-done:
		return out
	case <-timer.C:
		return outcome{err: ctx.Err(), reason: "abandoned: the run ended"}
	}
}

// runTool calls a tool (asking it to repair malformed arguments when
// repair is true) and sends what it came to on done. A tool that ends
// its goroutine without returning (runtime.Goexit, which t.FailNow and the
// like call) skips the send after the call, and recover sees nothing; the
// deferred send reports it instead, so that the call still has a result
// naming the tool.
func runTool(ctx context.Context, t toolgen.Tool, repair bool, args []byte, done chan<- outcome) {
	returned := false
	defer func() {
		if !returned {
			done <- outcome{res: toolgen.ErrorResult(fmt.Sprintf("tool %s stopped without returning (runtime.Goexit)", t.Name)), reason: "runtime.Goexit"}
		}
	}()
	call := t.CallSafely
	if repair {
		call = t.CallRepairing
	}
	res, err := call(ctx, args)
	returned = true
	done <- outcome{res: res, err: err}
}

type transcriptKey struct{}

// withTranscript returns a context carrying the transcript up to a call.
func withTranscript(ctx context.Context, msgs []Message) context.Context {
	return context.WithValue(ctx, transcriptKey{}, msgs)
}

// TranscriptFrom returns the transcript of the run up to the tool call that
// ctx was given to, to read, not to modify; nil outside an agent's call.
func TranscriptFrom(ctx context.Context) []Message {
	msgs, _ := ctx.Value(transcriptKey{}).([]Message)
	return msgs
}
