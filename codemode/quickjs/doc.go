// Package quickjs runs code-mode programs: it implements the root
// module's codemode.Runner on modernc.org/quickjs, QuickJS translated to
// Go (no cgo), with esbuild's Go API stripping the TypeScript in process.
// It is a module of its own so that only a program that runs code links
// an interpreter.
//
//	res, err := quickjs.New().Run(ctx, codemode.Program{Source: src, Tools: names}, host)
//
// Each Run compiles the program (compile.go: esbuild, and the source map
// that takes an error back to the model's line and column), makes a new
// runtime, runs prelude.js in it, then the program, then the jobs its
// promises queue (runner.go); the tool calls, the log and the bounds are
// in host.go.
//
// What a program sees:
//   - Its source is the body of an async function: await and return work
//     at the top level. Each tool of Program.Tools is a global async
//     function, named as toolimpl.CodeModeIdent names the tool, that takes
//     one object (undefined is {}) and calls the host with the tool's name
//     when it is called, so calls happen one at a time in the program's
//     order (Promise.all over calls included). A tool not in Program.Tools
//     is not defined: calling it is a ReferenceError.
//   - A tool's arguments reach the host as the JSON of their data: own
//     enumerable properties, a Date as its ISO string; no toJSON method
//     is called, and JSON, the prototypes and the globals the program
//     replaces change only what it sees. The host's JSON is parsed with
//     the JSON.parse of before the program.
//   - A *codemode.CallError from the host rejects the call's promise with
//     an Error of its message. Any other error (and a panic) stops the
//     program where it is: no catch or finally block of it runs, no
//     further call reaches the host, and Run returns the error wrapped.
//   - Date.now(), new Date() and Date() are Program.Clock, and local time
//     is UTC; Math.random is seeded with Program.Seed. Two runs of one
//     Program make the same calls with the same arguments, given the same
//     results.
//   - console.log, info, warn and error append one line each to
//     Result.Log: strings as they are, other values as JSON (an Error as
//     String shows it), separated by spaces.
//   - There is nothing else: no require, import of a module, fetch,
//     process, std or os module, timers (setTimeout is not defined: a
//     program awaits its tools, never time), or any way to the host but
//     the tools. eval and Function run JavaScript in the same runtime,
//     under the same bounds.
//
// The bounds (Program.Limits, each zero field taking
// codemode.DefaultLimits'): Wall bounds the run, tool calls included;
// CPU the time outside tool calls; Memory the runtime's allocations;
// Stack the depth of calls (QuickJS counts slots of about 200 bytes);
// Output the result's JSON plus the log; Calls the tool calls. Run's error
// wraps codemode.ErrWall, ErrCPU, ErrMemory, ErrStack, ErrOutput or
// ErrCalls, or is the context's error when ctx ends first. An out-of-memory
// or stack-overflow exception the program catches lets it go on, within
// the same bounds; uncaught, it is ErrMemory or ErrStack.
//
// Any other failure of the program (a syntax error, an exception it did
// not catch, a result JSON cannot hold, such as a BigInt or a value that
// holds itself) is a *codemode.ProgramError at its line and column in the
// model's source.
package quickjs
