package codemode

import (
	"errors"
	"math/rand/v2"
	"runtime/metrics"
	"time"

	"github.com/dlclark/regexp2"
	"github.com/dop251/goja"

	"github.com/toolgen-dev/toolgen/codemode"
)

// gojaRegexpTimeout bounds one match of a regular expression that goja hands
// to its backtracking engine (regexp2: a pattern with a backreference or a
// lookaround; the others go to Go's linear regexp). Interrupt does not reach
// inside a match, and regexp2's only bound is this process-wide default,
// read when a pattern compiles.
const gojaRegexpTimeout = 100 * time.Millisecond

func init() { regexp2.DefaultMatchTimeout = gojaRegexpTimeout }

// Goja runs the program on github.com/dop251/goja.
type Goja struct{}

// Name implements Interpreter.
func (Goja) Name() string { return "goja" }

// Run implements Interpreter. goja has the clock, the random source and the
// call depth as options and Interrupt for time; it has no memory limit, so a
// watchdog samples the Go heap and interrupts past the bound.
func (Goja) Run(p *Program, host Host, lim Limits) (string, error) {
	vm := goja.New()
	vm.SetMaxCallStackSize(lim.Stack)
	vm.SetTimeSource(func() time.Time { return lim.Clock })
	vm.SetRandSource(rand.New(rand.NewPCG(lim.RandSeed, 0)).Float64)
	c := &counter{host: host, limit: lim.Calls}
	if err := vm.Set("__host", c.call); err != nil {
		return "", err
	}
	stop := gojaWatchdog(vm, lim)
	_, err := vm.RunScript("program.js", p.script("", lim))
	stop()
	var interrupt *goja.InterruptedError
	var overflow *goja.StackOverflowError
	var exc *goja.Exception
	switch {
	case errors.As(err, &overflow):
		return "", p.programError("RangeError: Maximum call stack size exceeded", overflow.String())
	case errors.As(err, &interrupt):
		if reason, ok := interrupt.Value().(error); ok {
			return "", reason
		}
		return "", err
	case errors.As(err, &exc):
		return "", p.programError(exc.Value().String(), exc.String())
	case err != nil:
		return "", err
	}
	if e := vm.Get("__error"); e != nil {
		return "", p.programError(e.String(), vm.Get("__stack").String())
	}
	result := vm.Get("__result")
	if result == nil {
		return "", errors.New("the program did not finish")
	}
	return checkOutput(result.String(), lim)
}

// gojaWatchdog interrupts vm at the wall-time bound, or when the process's
// live heap has grown by more than the memory bound: goja allocates on the
// Go heap and counts nothing itself. The live heap (what the last garbage
// collection marked; a growing heap runs the collector) is compared with all
// heap objects at the start, live or not, so garbage never counts against
// the program. The heap is the process's, so the bound is only exact for one
// execution at a time.
func gojaWatchdog(vm *goja.Runtime, lim Limits) (stop func()) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	limit := sample[0].Value.Uint64() + uint64(lim.Memory)
	sample[0].Name = "/gc/heap/live:bytes"
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		deadline := time.NewTimer(lim.Wall)
		defer deadline.Stop()
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-deadline.C:
				vm.Interrupt(codemode.ErrWall)
				return
			case <-tick.C:
				metrics.Read(sample)
				if sample[0].Value.Uint64() > limit {
					vm.Interrupt(codemode.ErrMemory)
					return
				}
			}
		}
	}()
	return func() { close(done); <-finished }
}
