package codemode

import (
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"modernc.org/quickjs"

	"github.com/toolgen-dev/toolgen/codemode"
)

// QuickJS runs the program on modernc.org/quickjs, QuickJS translated to Go.
type QuickJS struct{}

// Name implements Interpreter.
func (QuickJS) Name() string { return "quickjs" }

// Run implements Interpreter. QuickJS has a memory limit, a stack limit and
// Interrupt; the clock and the random source are replaced in JavaScript.
func (QuickJS) Run(p *Program, host Host, lim Limits) (string, error) {
	vm, err := quickjs.NewVM()
	if err != nil {
		return "", err
	}
	defer vm.Close()
	vm.SetMemoryLimit(uintptr(lim.Memory))
	vm.SetMaxStackSize(uintptr(lim.Stack))
	c := &counter{host: host, limit: lim.Calls}
	err = vm.RegisterHostFunc("__host", func(args []any) (any, error) {
		if len(args) != 2 {
			return nil, errors.New("__host takes a name and arguments")
		}
		name, _ := args[0].(string)
		argsJSON, _ := args[1].(string)
		return c.call(name, argsJSON)
	})
	if err != nil {
		return "", err
	}
	var timedOut atomic.Bool
	timer := time.AfterFunc(lim.Wall, func() { timedOut.Store(true); vm.Interrupt() })
	defer timer.Stop()
	_, err = vm.Eval(p.script(pinPrelude(lim), lim), quickjs.EvalGlobal)
	if err == nil {
		_, err = vm.ExecutePendingJobs()
	}
	var result string
	if err == nil {
		result, err = quickjsResult(vm, p, lim)
	} else {
		err = quickjsError(p, err)
	}
	// The interrupt ends the program wherever it is: inside __main, the
	// promise takes it as a rejection.
	if err != nil && timedOut.Load() {
		return "", codemode.ErrWall
	}
	return result, err
}

// quickjsError names the bound an engine error stands for.
func quickjsError(p *Program, err error) error {
	var e *quickjs.Error
	switch {
	case !errors.As(err, &e):
		return err
	case strings.Contains(e.Message, "out of memory"):
		return fmt.Errorf("%w: %s", codemode.ErrMemory, e.Message)
	}
	return p.programError(e.Name+": "+e.Message, e.Stack)
}

// quickjsResult reads what the driver left.
func quickjsResult(vm *quickjs.VM, p *Program, lim Limits) (string, error) {
	v, err := vm.Eval("[globalThis.__result, globalThis.__error, globalThis.__stack]", quickjs.EvalGlobal)
	if err != nil {
		return "", err
	}
	obj, ok := v.(*quickjs.Object)
	if !ok {
		return "", fmt.Errorf("the driver left %T", v)
	}
	var out [3]*string
	if err := obj.Into(&out); err != nil {
		return "", err
	}
	switch {
	case out[1] != nil:
		if strings.Contains(*out[1], "out of memory") {
			return "", fmt.Errorf("%w: %s", codemode.ErrMemory, *out[1])
		}
		return "", p.programError(*out[1], *out[2])
	case out[0] == nil:
		return "", errors.New("the program did not finish")
	}
	return checkOutput(*out[0], lim)
}

// pinPrelude replaces Math.random with a seeded generator (mulberry32) and
// Date with one whose now is the pinned clock: QuickJS has no host hook for
// either.
func pinPrelude(lim Limits) string {
	return fmt.Sprintf(`
(function (now, seed) {
  let s = seed >>> 0;
  Math.random = function random() {
    s = (s + 0x6D2B79F5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const RealDate = Date;
  function PinnedDate(...args) {
    if (!new.target) return new RealDate(now).toString();
    return args.length === 0 ? new RealDate(now) : new RealDate(...args);
  }
  PinnedDate.prototype = RealDate.prototype;
  PinnedDate.now = () => now;
  PinnedDate.parse = RealDate.parse;
  PinnedDate.UTC = RealDate.UTC;
  Object.defineProperty(RealDate.prototype, "constructor", {value: PinnedDate});
  globalThis.Date = PinnedDate;
})(%d, %d);
`, lim.Clock.UnixMilli(), uint32(lim.RandSeed))
}
