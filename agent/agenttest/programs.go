package agenttest

import (
	"context"
	"encoding/json"
	"errors"
	"slices"

	"github.com/toolgen-dev/toolgen/codemode"
)

// Programs is a codemode.Runner of programs written in Go, one per
// Program.Source, so that code mode (agent.WithCodeMode) is tested without
// an interpreter:
//
//	runner := agenttest.Programs{"chain": func(call func(name, args string) (json.RawMessage, error)) (any, error) {
//		x, err := call("lookup", `{"key":"x"}`)
//		...
//		return x, nil // run_code's result is its JSON
//	}}
//
// As a real runner does, it lets a program call only Program.Tools (any
// other is a ReferenceError of the program), hands a *codemode.CallError
// to the program, which may catch it, and ends the program at once, where
// it cannot catch it, on any other error of the host (the run paused, or
// its context ended). An unknown Source is a program error.
type Programs map[string]func(call func(name, args string) (json.RawMessage, error)) (any, error)

// halt unwinds a program that the host ended.
type halt struct{ err error }

// Run runs the program p.Source names.
func (r Programs) Run(ctx context.Context, p codemode.Program, host codemode.Host) (res codemode.Result, err error) {
	prog, ok := r[p.Source]
	if !ok {
		return res, &codemode.ProgramError{Message: "no program " + p.Source}
	}
	defer func() {
		if v := recover(); v != nil {
			h, ok := v.(halt)
			if !ok {
				panic(v)
			}
			err = h.err
		}
	}()
	call := func(name, args string) (json.RawMessage, error) {
		if !slices.Contains(p.Tools, name) {
			return nil, &codemode.ProgramError{Line: 1, Column: 1, Message: "ReferenceError: " + name + " is not defined"}
		}
		res.Calls++
		v, err := host(ctx, name, json.RawMessage(args))
		var ce *codemode.CallError
		if err != nil && !errors.As(err, &ce) {
			panic(halt{err})
		}
		return v, err
	}
	v, err := prog(call)
	if err != nil {
		return res, err
	}
	res.Value, err = json.Marshal(v)
	return res, err
}
