package codemode

import (
	"errors"
	"math/rand/v2"
	"runtime/metrics"
	"time"

	"github.com/dop251/goja"
)

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
	var exc *goja.Exception
	switch {
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

// heapObjects is the runtime metric the goja watchdog samples: bytes in heap
// objects, live or not yet swept, read without stopping the world.
const heapObjects = "/memory/classes/heap/objects:bytes"

// gojaWatchdog interrupts vm at the wall-time bound, or when the process's
// heap has grown by more than the memory bound since the start: goja
// allocates on the Go heap and counts nothing itself. The heap is the
// process's, so the bound is only exact for one execution at a time.
func gojaWatchdog(vm *goja.Runtime, lim Limits) (stop func()) {
	sample := []metrics.Sample{{Name: heapObjects}}
	metrics.Read(sample)
	base := sample[0].Value.Uint64()
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
				vm.Interrupt(ErrWall)
				return
			case <-tick.C:
				metrics.Read(sample)
				if sample[0].Value.Uint64() > base+uint64(lim.Memory) {
					vm.Interrupt(ErrMemory)
					return
				}
			}
		}
	}()
	return func() { close(done); <-finished }
}
