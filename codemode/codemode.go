package codemode

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Runner runs programs. Run compiles p.Source, runs it in a fresh runtime
// with each of p.Tools defined as a global async function (named as
// toolimpl.CodeModeIdent names the tool) whose calls go to host, one at a
// time, in the program's order, and returns what the program returned.
//
// A Runner is safe for concurrent use; Run returns when the program ends,
// a bound is reached (the errors below), ctx ends (its error), or host
// returns an error that is not a *CallError (that error, wrapped): such an
// error ends the program at once, where the program cannot catch it.
type Runner interface {
	Run(ctx context.Context, p Program, host Host) (Result, error)
}

// Host answers one tool call of a program: the tool's name (not the
// identifier the program called it by) and its arguments as JSON, the value
// the program receives as JSON (see ProgramValue). A *CallError rejects the
// call's promise with an Error of its message, which the program may catch;
// any other error ends the program (see Runner).
type Host func(ctx context.Context, name string, args json.RawMessage) (json.RawMessage, error)

// Program is one execution's input.
type Program struct {
	// Source is the model's TypeScript: statements run in an async
	// function, so await and return work at the top level.
	Source string
	// Tools are the tools the program may call, by name.
	Tools []string
	// Clock is what Date.now() and new Date() return, and Seed seeds
	// Math.random: a program sees no clock or randomness but these, so
	// that a run replayed with the same values makes the same calls.
	Clock time.Time
	Seed  uint64
	// Limits bound the execution; the zero value of a field takes
	// DefaultLimits' value.
	Limits Limits
}

// Limits bound one execution.
type Limits struct {
	// Wall bounds the whole execution, tool calls included.
	Wall time.Duration
	// CPU bounds the time the program itself runs: the wall time outside
	// its tool calls.
	CPU time.Duration
	// Memory bounds the bytes the runtime allocates.
	Memory int
	// Stack bounds the depth of the program's calls, in bytes of the
	// interpreter's stack.
	Stack int
	// Output bounds the bytes of the returned value's JSON plus the log.
	Output int
	// Calls bounds the tool calls of one execution.
	Calls int
}

// DefaultLimits are the bounds of a field left zero.
var DefaultLimits = Limits{
	Wall:   10 * time.Minute,
	CPU:    5 * time.Second,
	Memory: 64 << 20,
	Stack:  256 << 10,
	Output: 256 << 10,
	Calls:  200,
}

// OrDefault returns l with each zero field set to DefaultLimits' value.
func (l Limits) OrDefault() Limits {
	d := DefaultLimits
	setIfPositive(&d.Wall, l.Wall)
	setIfPositive(&d.CPU, l.CPU)
	setIfPositive(&d.Memory, l.Memory)
	setIfPositive(&d.Stack, l.Stack)
	setIfPositive(&d.Output, l.Output)
	setIfPositive(&d.Calls, l.Calls)
	return d
}

func setIfPositive[T int | time.Duration](dst *T, v T) {
	if v > 0 {
		*dst = v
	}
}

// Result is what a program came to.
type Result struct {
	// Value is the JSON of what the program returned (null when it
	// returned nothing).
	Value json.RawMessage
	// Log is what it wrote with console.log, console.info, console.warn
	// and console.error, one line each.
	Log string
	// Calls counts the tool calls it made.
	Calls int
}

// The bounds a run ends at. Run's error wraps one of them, with details.
var (
	ErrWall   = errors.New("code mode: wall time limit exceeded")
	ErrCPU    = errors.New("code mode: CPU time limit exceeded")
	ErrMemory = errors.New("code mode: memory limit exceeded")
	ErrStack  = errors.New("code mode: stack limit exceeded")
	ErrOutput = errors.New("code mode: output limit exceeded")
	ErrCalls  = errors.New("code mode: tool call limit exceeded")
)

// CallError is a tool call's failure as the program sees it: the call's
// promise rejects with an Error whose message is Message.
type CallError struct {
	Message string
}

func (e *CallError) Error() string { return e.Message }

// ProgramError is the program's own failure: a syntax or type-stripping
// error, or an exception it threw and did not catch, at its line and
// column in Source (0 when unknown).
type ProgramError struct {
	Line, Column int
	Message      string
}

func (e *ProgramError) Error() string {
	if e.Line == 0 {
		return e.Message
	}
	return fmt.Sprintf("program.ts:%d:%d: %s", e.Line, e.Column, e.Message)
}
