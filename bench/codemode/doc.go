// Package codemode measures the embedded interpreters code mode could run
// the model's program on, side by side: goja (a JavaScript interpreter
// written in Go) and modernc.org/quickjs (QuickJS translated to Go, no cgo).
// Each runs the same harness: esbuild strips the TypeScript in process, the
// program runs in a fresh runtime per execution, its tools are async
// functions over one synchronous host call (name, JSON arguments) -> JSON
// result, and every bound (wall time, memory, stack depth, output size, call
// count, a pinned clock and random source) is set the way each interpreter
// allows. Errors are mapped back to the TypeScript's line and column through
// esbuild's source map.
//
// The tests show that each hostile class is contained by each interpreter;
// the benchmarks measure start-up, a nested call, a ten-call dependent chain
// and filtering a 1 MB result:
//
//	cd bench && go test -run '^$' -bench . -benchmem -count 6 ./codemode
//
// TestFootprint (only with TOOLGEN_CODEMODE_FOOTPRINT=1) logs the memory a
// live runtime holds, in the Go heap and in the process's RSS.
package codemode
