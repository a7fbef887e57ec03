package quickjs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/toolgen-dev/toolgen/codemode"
)

// hostFunc is the one function the prelude takes off the global object
// and keeps to itself: args[0] says what the prelude asks for (a tool
// call, a log line, the program's result or its failure), the rest are
// strings. Only the prelude can call it, and does so with these shapes.
func (x *execution) hostFunc(args []any) (any, error) {
	arg := func(i int) string {
		if i < len(args) {
			s, _ := args[i].(string)
			return s
		}
		return ""
	}
	switch arg(0) {
	case "call":
		return x.call(arg(1), arg(2)), nil
	case "log":
		x.logLine(arg(1))
	case "done":
		x.finish(arg(1))
	case "fail":
		x.failed = x.prog.programError(arg(1), arg(2))
	}
	return nil, nil
}

// callFailure is what a tool call answers when the host returned a
// *codemode.CallError: the prelude rejects the call's promise with an
// Error of the message. A result is a string, the host's JSON.
type callFailure struct {
	Message string `json:"message"`
}

// call makes one tool call: the CPU clock stops while the host runs. A
// host error that is not a *codemode.CallError stops the run, as do the
// call bound and the caller's context; the prelude's call then throws the
// interrupt, which the program cannot catch.
func (x *execution) call(name, args string) any {
	x.cpu.pause()
	defer x.cpu.resume()
	switch {
	case x.stopped() != nil:
		return nil
	case !x.tools[name]:
		x.stop(fmt.Errorf("code mode: the program called %q, which is not one of its tools", name))
		return nil
	case x.calls >= x.limits.Calls:
		x.stop(fmt.Errorf("%w: %d calls", codemode.ErrCalls, x.limits.Calls))
		return nil
	}
	x.calls++
	out, err := x.callHost(name, json.RawMessage(args))
	var callErr *codemode.CallError
	switch {
	case err == nil && len(out) == 0:
		return "null"
	case err == nil:
		return string(out)
	case errors.As(err, &callErr):
		return callFailure{Message: callErr.Message}
	case x.ctx.Err() != nil:
		x.stop(context.Cause(x.ctx))
	default:
		x.stop(fmt.Errorf("code mode: tool %s: %w", name, err))
	}
	return nil
}

// callHost calls the host; a panic is an error, which stops the run: it
// must not go up through the engine.
func (x *execution) callHost(name string, args json.RawMessage) (out json.RawMessage, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("panicked: %v", r)
		}
	}()
	return x.host(x.ctx, name, args)
}

// logLine adds a console line to the log, within the output bound.
func (x *execution) logLine(line string) {
	if x.log.Len()+len(line)+1 > x.limits.Output {
		x.stop(fmt.Errorf("%w: the log passes %d bytes", codemode.ErrOutput, x.limits.Output))
		return
	}
	x.log.WriteString(line)
	x.log.WriteByte('\n')
}

// finish keeps the program's result, within the output bound.
func (x *execution) finish(value string) {
	if n := x.log.Len() + len(value); n > x.limits.Output {
		x.stop(fmt.Errorf("%w: the result and the log are %d bytes, over %d", codemode.ErrOutput, n, x.limits.Output))
		return
	}
	x.value = &value
}

// cpuClock bounds the time the program runs outside its tool calls: a
// timer that stops while the host answers a call.
type cpuClock struct {
	limit, used time.Duration
	since       time.Time
	timer       *time.Timer
	expired     func()
}

func (c *cpuClock) start(limit time.Duration, expired func()) {
	c.limit, c.expired, c.since = limit, expired, time.Now()
	c.timer = time.AfterFunc(limit, expired)
}

func (c *cpuClock) pause() {
	c.timer.Stop()
	c.used += time.Since(c.since)
}

func (c *cpuClock) resume() {
	left := c.limit - c.used
	if left <= 0 {
		c.expired()
		return
	}
	c.since = time.Now()
	c.timer.Reset(left)
}

func (c *cpuClock) stop() { c.timer.Stop() }
