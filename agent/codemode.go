package agent

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/codemode"
	"github.com/toolgen-dev/toolgen/permission"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// Code mode: the model calls one tool, run_code, with a short TypeScript
// program that calls the agent's tools as functions. The program runs in
// the Runner (module codemode/quickjs), and each call it makes comes back
// here and takes the path of a call the model made itself: decided by the
// same rules, preset and filters (decide), asking a person when they ask,
// run by call with the run's toolgen.Ctx (its idempotency key, timeout,
// repair, progress and file changes), reported by the same events (with
// Event.ProgramCallID). A call that asks pauses the whole program: its
// calls so far are kept in the run_code call's Decision.Program, and a
// resume runs the program again from the start, giving each call that has
// a result the recorded one, so that no call runs twice. The program sees
// no clock or randomness but the Program's, which are recorded too, so it
// makes the same calls again.

// CodeMode configures code mode (WithCodeMode).
type CodeMode struct {
	// Runner runs the programs: quickjs.New() of module
	// github.com/toolgen-dev/toolgen/codemode/quickjs.
	Runner codemode.Runner
	// Declarations are the TypeScript declarations of the tools, which
	// run_code's description shows the model: a generated package's
	// CodeModeDeclarations(), or several packages' joined by newlines.
	Declarations string
	// Only offers run_code instead of the tools (and search_tools): the
	// model calls them from programs. False offers run_code beside them.
	Only bool
	// Limits bound each program; a zero field takes
	// codemode.DefaultLimits' value.
	Limits codemode.Limits
}

// WithCodeMode offers the model run_code (codemode.ToolRunCode), which
// runs a TypeScript program that calls the agent's tools as async
// functions, and returns what the program returns: several dependent calls
// in one turn, and only the part of their results that the model needs.
// Every call of a program is decided, approved, run and reported as a
// call the model made (see "Code mode" in the package documentation). A
// program may call any tool the run offers except run_code.
func WithCodeMode(cm CodeMode) Option {
	return func(c *config) error {
		switch {
		case cm.Runner == nil:
			return errors.New("agent.WithCodeMode: no Runner (quickjs.New() of module github.com/toolgen-dev/toolgen/codemode/quickjs runs programs)")
		case strings.TrimSpace(cm.Declarations) == "":
			return errors.New("agent.WithCodeMode: no Declarations (a generated package's CodeModeDeclarations() tells the model what it may call)")
		}
		c.code = &cm
		return nil
	}
}

// ProgramRun is what a run_code call's program did before the run paused
// or failed: the clock and seed it ran with, and its calls in order, each
// with its decision and, once it ran (or was refused), its result.
type ProgramRun struct {
	Clock time.Time  `json:"clock"`
	Seed  uint64     `json:"seed"`
	Calls []Decision `json:"calls,omitempty"`
}

// waiting reports whether the program stopped at a call that waits for a
// person's answer.
func (p *ProgramRun) waiting() bool {
	if p == nil || len(p.Calls) == 0 {
		return false
	}
	last := p.Calls[len(p.Calls)-1]
	return last.Result == nil && last.Outcome == permission.OutcomeAsk && last.Approval == ""
}

// codeModeTool is run_code as a tool of the agent's toolbox. Its Call is
// never used by the agent, which runs programs itself (runProgram).
func codeModeTool(cm *CodeMode) []toolgen.Tool {
	t := []toolgen.Tool{{
		Name:        codemode.ToolRunCode,
		Description: codemode.Description(cm.Declarations),
		InputSchema: []byte(codemode.InputSchema),
		Builtin:     true,
		Call: func(context.Context, []byte) (toolgen.Result, error) {
			return toolgen.ErrorResult("run_code runs only in an agent's loop"), nil
		},
	}}
	return toolimpl.Tools(t, []string{""})
}

// errProgramPaused ends a program at a call that asks: the run pauses.
var errProgramPaused = errors.New("the program paused for a person's approval")

// isProgram reports whether c is a call of run_code that the agent runs.
func (a *Agent) isProgram(c ToolCall) bool {
	return a.code != nil && c.Name == codemode.ToolRunCode
}

// programTools are the tools a program may call: the offered ones but
// run_code.
func (a *Agent) programTools() []string {
	var names []string
	for _, t := range a.tools.Tools() {
		if a.offered[t.Name] && t.Name != codemode.ToolRunCode {
			names = append(names, string(t.Name))
		}
	}
	return names
}

// runProgram runs the program of d, a run_code call, recording its calls
// in d.Program as they are decided and run. It returns run_code's result;
// errProgramPaused when a call asks (d.Program then ends with it), or the
// run's ctx's error.
func (a *Agent) runProgram(ctx context.Context, s *State, d *Decision, deps any) (ToolResult, error) {
	c := d.Call
	a.events.emit(ctx, Event{Kind: EventToolStarted, RunID: s.RunID, Turn: s.Turns, Call: c})
	start := time.Now()
	src, err := codemode.ParseArgs(c.Args)
	if err != nil {
		return a.programFinished(ctx, s, c, start, toolgen.ErrorResult(err.Error())), nil
	}
	if d.Program == nil {
		d.Program = &ProgramRun{Clock: start.UTC().Truncate(time.Millisecond), Seed: programSeed(s.RunID, c.ID)}
	}
	h := &programHost{a: a, s: s, d: d, deps: deps, recorded: len(d.Program.Calls)}
	res, err := a.code.Runner.Run(ctx, codemode.Program{
		Source: src, Tools: a.programTools(), Clock: d.Program.Clock, Seed: d.Program.Seed, Limits: a.code.Limits,
	}, h.call)
	switch {
	case errors.Is(err, errProgramPaused):
		return ToolResult{}, errProgramPaused
	case ctx.Err() != nil:
		return ToolResult{}, ctx.Err()
	case errors.Is(err, errProgramDiverged):
		return a.programFinished(ctx, s, c, start, toolgen.ErrorResult(err.Error())), nil
	case err != nil && h.made > 0:
		err = fmt.Errorf("%w (the program had made %d tool calls, whose effects stand)", err, h.made)
	}
	return a.programFinished(ctx, s, c, start, codemode.ToolResult(res, err)), nil
}

// programFinished reports run_code's end and returns its result.
func (a *Agent) programFinished(ctx context.Context, s *State, c ToolCall, start time.Time, r toolgen.Result) ToolResult {
	a.events.emit(ctx, Event{Kind: EventToolFinished, RunID: s.RunID, Turn: s.Turns, Call: c,
		Duration: time.Since(start), IsError: r.IsError, Result: r, ResultTokens: resultTokens(r)})
	return ToolResult{CallID: c.ID, Name: c.Name, Result: r}
}

// programSeed is Math.random's seed for a run_code call: the same for the
// call each time its program runs again.
func programSeed(runID, callID string) uint64 {
	sum := sha256.Sum256([]byte("toolgen code mode seed\x00" + runID + "\x00" + callID))
	return binary.BigEndian.Uint64(sum[:8])
}

// errProgramDiverged ends a program that, run again, made other calls than
// the record holds: the state was changed.
var errProgramDiverged = errors.New("code mode")

// programHost answers the calls of one execution of a program.
type programHost struct {
	a        *Agent
	s        *State
	d        *Decision // the run_code call; d.Program records the calls
	deps     any
	recorded int // the calls d.Program held when the execution started
	made     int // the calls made in this execution
	mu       sync.Mutex
}

// call answers the program's next call: the recorded one's result again,
// or a new call decided and run as the model's would be.
func (h *programHost) call(ctx context.Context, name string, args json.RawMessage) (json.RawMessage, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	i := h.made
	h.made++
	c := ToolCall{ID: fmt.Sprintf("%s.%d", h.d.Call.ID, i+1), Name: toolgen.ToolName(name), Args: args}
	if c.Name == codemode.ToolRunCode {
		return nil, &codemode.CallError{Message: "a program cannot run a program: call the tools themselves"}
	}
	if i < h.recorded {
		return h.replay(ctx, i, c)
	}
	d := h.a.decide(c)
	h.a.overLimit(h.s, &d)
	h.d.Program.Calls = append(h.d.Program.Calls, d)
	h.a.reportProgramCall(ctx, h.s, h.d.Call.ID, d)
	return h.settle(ctx, i)
}

// replay answers call i, which the record holds: the call must be the one
// recorded (the program makes the same calls when it runs again, so
// another is a changed state). A call with a result gets it without
// running; one answered by a person since is decided again and runs.
func (h *programHost) replay(ctx context.Context, i int, c ToolCall) (json.RawMessage, error) {
	rec := &h.d.Program.Calls[i]
	sent := rec.Call
	if rec.ModelCall != nil {
		sent = *rec.ModelCall
	}
	if sent.ID != c.ID || sent.Name != c.Name || argsDigest(sent.Args) != argsDigest(c.Args) {
		return nil, fmt.Errorf("%w: run again, the program's call %d is %s with other arguments than %s, the call recorded; the state was changed", errProgramDiverged, i+1, c.Name, sent.Name)
	}
	if rec.Result != nil {
		return h.value(rec.Call.Name, *rec.Result)
	}
	stored := *rec
	*rec = h.a.redecide(stored)
	h.a.reportRedecisions(h.s, []Decision{stored}, []Decision{*rec}, h.a.programSink(ctx, h.d.Call.ID))
	return h.settle(ctx, i)
}

// settle carries out the decision on call i: a refusal is the program's
// error, an ask pauses the program, an allowed or approved call runs.
func (h *programHost) settle(ctx context.Context, i int) (json.RawMessage, error) {
	d := &h.d.Program.Calls[i]
	switch {
	case d.Outcome == permission.OutcomeAsk && d.Approval == "":
		return nil, errProgramPaused
	case !d.runs():
		r := d.refusal().Result
		d.Result = &r
		return h.value(d.Call.Name, r)
	}
	res, err := h.a.call(ctx, h.s, d.Call, h.deps, h.d.Call.ID)
	if err != nil {
		return nil, err // the run's ctx ended: the program stops, nothing is recorded for the call
	}
	r := res.Result
	if d.ModelCall != nil {
		r = editNote(r, d.Call.Args)
	}
	d.Result = &r
	return h.value(d.Call.Name, r)
}

// value is what the program receives from a call's result.
func (h *programHost) value(name toolgen.ToolName, r toolgen.Result) (json.RawMessage, error) {
	t, _ := h.a.tools.Lookup(name)
	return codemode.ProgramValue(t, r)
}

// reportProgramCall hands out what was decided about a program's call, as
// reportDecisions does for a turn's.
func (a *Agent) reportProgramCall(ctx context.Context, s *State, program string, d Decision) {
	a.reportDecisions(s, []Decision{d}, a.programSink(ctx, program))
}

// programSink delivers events at once, labelled with the run_code call
// whose program made the call.
func (a *Agent) programSink(ctx context.Context, program string) sink {
	return sink{ctx: ctx, events: a.events, program: program}
}

// pauseForPrograms stops s for approval when a program of its running turn
// waits at a call that asks, once every other call of the turn has run:
// the run then pauses as on a turn whose calls ask.
func (a *Agent) pauseForPrograms(s *State, out sink) bool {
	waiting := false
	for _, d := range s.Paused.Calls {
		switch {
		case d.Program.waiting():
			waiting = true
		case d.runs():
			return false // still to run
		}
	}
	if !waiting {
		return false
	}
	var decided []Decision // the tools of the programs' calls are fingerprinted too
	for _, p := range s.Paused.decisions() {
		decided = append(decided, *p.d)
	}
	s.Paused.Tools = a.fingerprints(decided)
	s.StopReason = StopPaused
	a.sealAsks(s)
	out.emit(s, Event{Kind: EventRunStopped, RunID: s.RunID, Turn: s.Turns, Stop: StopPaused})
	return true
}

// sends reports whether the model is sent the tool: in code mode with
// Only, run_code and search_tools alone; the other tools are the
// program's.
func (a *Agent) sends(name toolgen.ToolName) bool {
	return a.code == nil || !a.code.Only || name == codemode.ToolRunCode || name == ToolSearchTools
}

// settleCall runs one call of a turn: a run_code call's program, or the
// call itself.
func (a *Agent) settleCall(ctx context.Context, s *State, d *Decision, deps any) (ToolResult, error) {
	if a.isProgram(d.Call) {
		return a.runProgram(ctx, s, d, deps)
	}
	return a.call(ctx, s, d.Call, deps, "")
}
