package quickjs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/toolgen-dev/toolgen/codemode"
	"github.com/toolgen-dev/toolgen/toolimpl"
	"modernc.org/quickjs"
)

// Runner runs code-mode programs on QuickJS, each in a runtime of its own.
// The zero value is ready to use, and safe for concurrent use.
type Runner struct{}

// New returns a Runner.
func New() *Runner { return &Runner{} }

var _ codemode.Runner = Runner{}

// Stack bounds: modernc.org/quickjs counts the stack in slots, one per
// JavaScript call (3 to 9 for a call through a getter, forEach, apply, a
// proxy or a callback). Its default, 5000 slots, is about the depth C
// QuickJS reaches with a 1 MB stack, so a slot stands for ~200 bytes of
// that stack. Below 256 slots the engine's own built-ins fail; past 20,000
// the goroutine's stack nears the size at which Go aborts the process.
const (
	bytesPerSlot = (1 << 20) / 5000
	minSlots     = 256
	maxSlots     = 20000
)

// Run implements codemode.Runner: see the package's documentation.
// Result.Log and Result.Calls hold what the program wrote and called also
// when it ends with an error.
func (Runner) Run(ctx context.Context, p codemode.Program, host codemode.Host) (codemode.Result, error) {
	tools, err := toolList(p.Tools)
	if err != nil {
		return codemode.Result{}, err
	}
	prog, err := compile(p.Source)
	if err != nil {
		return codemode.Result{}, err
	}
	x, err := newExecution(ctx, p.Limits.OrDefault(), host, prog, tools)
	if err != nil {
		return codemode.Result{}, err
	}
	defer x.close()
	config, err := json.Marshal(map[string]any{"now": p.Clock.UnixMilli(), "seed": uint32(p.Seed ^ p.Seed>>32), "tools": tools})
	if err != nil {
		return codemode.Result{}, err
	}
	err = x.run(string(config))
	return x.result(err)
}

// toolList pairs each tool's name with the identifier the program calls it
// by, without repeats; two tools with one identifier are an error.
func toolList(names []string) ([][2]string, error) {
	var tools [][2]string
	byIdent := map[string]string{}
	for _, name := range names {
		ident := toolimpl.CodeModeIdent(name)
		switch other, ok := byIdent[ident]; {
		case ok && other == name:
			continue
		case ok:
			return nil, fmt.Errorf("code mode: tools %q and %q have one identifier, %s", other, name, ident)
		}
		byIdent[ident] = name
		tools = append(tools, [2]string{name, ident})
	}
	return tools, nil
}

// execution is one program's run: its runtime, its bounds, and what it
// has written and called.
type execution struct {
	ctx    context.Context // the caller's, ended at the wall-time bound too
	cancel context.CancelFunc
	unhook func() bool // of the context.AfterFunc that stops the runtime
	host   codemode.Host
	limits codemode.Limits
	tools  map[string]bool
	prog   *program
	vm     *quickjs.VM
	cpu    cpuClock

	mu     sync.Mutex
	halted error // why the run was stopped from outside the program

	log    strings.Builder
	calls  int
	value  *string // the JSON of what the program returned
	failed error   // what the program failed with
}

func newExecution(ctx context.Context, lim codemode.Limits, host codemode.Host, prog *program, tools [][2]string) (*execution, error) {
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, err
	}
	vm.SetMemoryLimit(uintptr(lim.Memory))
	vm.SetMaxStackSize(uintptr(min(max(lim.Stack/bytesPerSlot, minSlots), maxSlots)))
	x := &execution{host: host, limits: lim, tools: map[string]bool{}, prog: prog, vm: vm}
	for _, t := range tools {
		x.tools[t[0]] = true
	}
	if err := vm.RegisterHostFunc("__codemode_host", x.hostFunc); err != nil {
		vm.Close()
		return nil, err
	}
	x.ctx, x.cancel = context.WithTimeoutCause(ctx, lim.Wall, fmt.Errorf("%w: %s", codemode.ErrWall, lim.Wall))
	x.unhook = context.AfterFunc(x.ctx, func() { x.stop(context.Cause(x.ctx)) })
	x.cpu.start(lim.CPU, func() { x.stop(fmt.Errorf("%w: %s", codemode.ErrCPU, lim.CPU)) })
	return x, nil
}

func (x *execution) close() {
	x.cpu.stop()
	x.unhook()
	x.cancel()
	x.vm.Close()
}

// stop ends the run from outside the program, for the first reason given:
// the interrupt ends the JavaScript running, where no catch or finally
// block runs, and run calls into the runtime no more.
func (x *execution) stop(reason error) {
	x.mu.Lock()
	if x.halted == nil {
		x.halted = reason
	}
	x.mu.Unlock()
	x.vm.Interrupt()
}

func (x *execution) stopped() error {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.halted
}

// run runs the prelude, then the program, then the jobs its promises
// queue until none is left. It checks for a stop after each call into
// the runtime: the next call would clear the interrupt.
func (x *execution) run(config string) error {
	if err := x.ctx.Err(); err != nil {
		return context.Cause(x.ctx)
	}
	code, err := preludeBytecode()
	if err != nil {
		return err
	}
	x.arm()
	setup, err := x.vm.EvalBytecodeValue(code)
	if err != nil {
		return x.engineError(err)
	}
	defer setup.Free()
	x.arm()
	driver, err := setup.CallValue(quickjs.UndefinedValue, config)
	if err != nil {
		return x.engineError(err)
	}
	defer driver.Free()
	x.arm()
	main, err := x.vm.EvalValue(x.prog.script, quickjs.EvalGlobal)
	if err := x.after(err); err != nil {
		return err
	}
	defer main.Free()
	x.arm()
	_, err = driver.Call(quickjs.UndefinedValue, main)
	for err == nil && x.stopped() == nil {
		var drained *quickjs.Error
		x.arm()
		_, err = x.vm.ExecutePendingJobs()
		if err == nil {
			break
		}
		if !errors.As(err, &drained) {
			// The engine stops draining after a million jobs in a row:
			// a program that queues job after job runs on, bounded by
			// its CPU time.
			err = nil
		}
	}
	return x.after(err)
}

// arm sets the engine's own deadline, the wall-time bound's, before a
// call into the runtime: the call clears an interrupt requested just
// before it, and a stop between the check and the call must still end
// the run.
func (x *execution) arm() {
	deadline, _ := x.ctx.Deadline()
	x.vm.SetEvalTimeout(max(time.Until(deadline), time.Nanosecond))
}

// preludeBytecode is the prelude compiled once per process: parsing it
// was half of an empty program's run.
var preludeBytecode = sync.OnceValues(func() ([]byte, error) {
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, err
	}
	defer vm.Close()
	return vm.Compile(prelude, quickjs.EvalGlobal)
})

// after is the error a call into the runtime ends the run with, if any.
func (x *execution) after(err error) error {
	if halted := x.stopped(); halted != nil {
		return halted
	}
	if err != nil {
		return x.engineError(err)
	}
	return nil
}

// engineError is an exception the runtime returned: a syntax error
// QuickJS found (esbuild found none), or one thrown outside the program's
// promise, as the engine throws an out-of-memory error.
func (x *execution) engineError(err error) error {
	if halted := x.stopped(); halted != nil {
		return halted
	}
	var e *quickjs.Error
	if !errors.As(err, &e) {
		return err
	}
	if e.Name == "InternalError" && e.Message == "interrupted" {
		// The engine's deadline (see arm) is the context's, which has
		// passed: its timer ends the context in a moment.
		select {
		case <-x.ctx.Done():
			x.stop(context.Cause(x.ctx))
		case <-time.After(time.Second):
			x.stop(fmt.Errorf("%w: %s", codemode.ErrWall, x.limits.Wall))
		}
		return x.stopped()
	}
	if e.Name == "SyntaxError" && e.LineNumber > 0 {
		line, col, _ := x.prog.source(e.LineNumber, e.ColumnNumber)
		return &codemode.ProgramError{Line: line, Column: col, Message: e.Name + ": " + e.Message}
	}
	return x.prog.programError(e.Name+": "+e.Message, e.Stack)
}

// result is what the run came to.
func (x *execution) result(err error) (codemode.Result, error) {
	res := codemode.Result{Log: x.log.String(), Calls: x.calls}
	switch {
	case err != nil:
		return res, err
	case x.failed != nil:
		return res, x.failed
	case x.value == nil:
		return res, &codemode.ProgramError{Message: "the program did not finish: it awaits a promise that nothing settles"}
	}
	res.Value = json.RawMessage(*x.value)
	return res, nil
}
