package codemode

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolgen-dev/toolgen/codemode"
)

// hostileLimits are tight, so that each contained attack costs the test
// little time.
func hostileLimits() Limits {
	lim := DefaultLimits(testTools...)
	lim.Wall = 300 * time.Millisecond
	lim.Memory = 32 << 20
	lim.Calls = 50
	return lim
}

// hostile is a program that must be refused or bounded, and how.
type hostile struct {
	name string
	ts   string
	want func(result string, err error) bool
}

// ownWall replaces the wall bound for the programs that only another
// bound is to end, so that a loaded machine does not end them first.
var ownWall = map[string]time.Duration{"memory bomb": 10 * time.Second}

func isErr(target error) func(string, error) bool {
	return func(_ string, err error) bool { return errors.Is(err, target) }
}

func errContains(words ...string) func(string, error) bool {
	return func(_ string, err error) bool {
		for _, w := range words {
			if err != nil && strings.Contains(err.Error(), w) {
				return true
			}
		}
		return false
	}
}

var hostiles = []hostile{
	{"infinite loop", `while (true) {}`, isErr(codemode.ErrWall)},
	{"infinite loop in a promise job", `for (;;) await null;`, isErr(codemode.ErrWall)},
	{"memory bomb", `const a: string[] = []; for (;;) a.push("x".repeat(1 << 16) + a.length);`, isErr(codemode.ErrMemory)},
	{"one huge string", `let s = "x"; for (;;) s = s + s; return s.length;`,
		func(r string, err error) bool {
			return errors.Is(err, codemode.ErrMemory) || errContains("string too long")(r, err)
		}},
	{"output bomb", `return "x".repeat(2 << 20);`, isErr(codemode.ErrOutput)},
	{"deep recursion", `function f(n: number): number { return f(n + 1) + 1 } return f(0);`,
		errContains("Maximum call stack size exceeded", "stack overflow")},
	// (a+)+$ against a's and a b backtracks exponentially; goja takes
	// RE2-compatible patterns to Go's linear regexp, the lookahead forces its
	// backtracking engine (regexp2).
	{"catastrophic regexp", `return /^(a+)+$/.test("a".repeat(40) + "b");`,
		func(r string, err error) bool { return r == "false" || errors.Is(err, codemode.ErrWall) }},
	{"catastrophic regexp, backtracking engine", `return /^(?=a)(a+)+$/.test("a".repeat(40) + "b");`,
		func(r string, err error) bool {
			return r == "false" || errors.Is(err, codemode.ErrWall) || errContains("match timeout")(r, err)
		}},
	{"call bomb", `for (;;) { try { await tools.step({n: 1}); } catch {} }`,
		func(_ string, err error) bool { return errors.Is(err, codemode.ErrWall) }},
	{"reaching the host", `const g = tools.step.constructor.constructor("return this")();
return [typeof g.__host, typeof g.require, typeof g.process, typeof g.std, typeof g.os,
  typeof g.console, typeof g.setTimeout, typeof g.fetch, typeof g.load, typeof g.print];`,
		func(r string, err error) bool {
			return err == nil && !strings.Contains(r, `"function"`) && !strings.Contains(r, `"object"`)
		}},
	{"replacing a tool", `(tools as any).step = () => ({n: 99}); return await tools.step({n: 1});`,
		func(r string, err error) bool {
			return r == `{"n":2}` || errContains("read-only", "not writable")(r, err)
		}},
	{"replacing JSON and the prototypes", `JSON.stringify = () => '{"n":41}'; JSON.parse = () => ({n: 99});
(Object.prototype as any).n = 7; return await tools.step({});`,
		func(r string, err error) bool { return r == `{"n":1}` }},
}

// TestHostileProgramsAreBounded runs each hostile class on each interpreter:
// each is refused or bounded, within the wall-time bound and a margin. Under
// the race detector only the infinite loops run, with ten times the bound:
// they interrupt from another goroutine, which is what the detector checks.
func TestHostileProgramsAreBounded(t *testing.T) {
	for _, h := range hostiles {
		if raceEnabled && !strings.HasPrefix(h.name, "infinite loop") {
			continue
		}
		p := mustCompile(t, h.ts)
		for _, in := range Interpreters {
			t.Run(h.name+"/"+in.Name(), func(t *testing.T) {
				var calls atomic.Int64
				host := func(name, args string) (string, error) { calls.Add(1); return fakeHost(name, args) }
				lim := hostileLimits()
				if d, ok := ownWall[h.name]; ok {
					lim.Wall = d
				}
				if raceEnabled {
					lim.Wall *= 10
				}
				start := time.Now()
				result, err := in.Run(p, host, lim)
				took := time.Since(start)
				t.Logf("%-8s %-42s %8s  %.60s %v", in.Name(), h.name, took.Round(time.Millisecond), result, err)
				if !h.want(result, err) {
					t.Errorf("got %.100s, %v", result, err)
				}
				if took > lim.Wall+time.Second {
					t.Errorf("took %s, bound %s", took, lim.Wall)
				}
				if calls.Load() > int64(lim.Calls) {
					t.Errorf("the host answered %d calls, bound %d", calls.Load(), lim.Calls)
				}
			})
		}
	}
}

// TestNothingCrossesExecutions: a runtime is new per execution, so what one
// program changes the next does not see.
func TestNothingCrossesExecutions(t *testing.T) {
	polluter := mustCompile(t, `(Object.prototype as any).polluted = 1; (Array.prototype as any).map = null; (globalThis as any).left = 1; return 0;`)
	checker := mustCompile(t, `return [({} as any).polluted, typeof [].map, typeof (globalThis as any).left];`)
	for _, in := range Interpreters {
		t.Run(in.Name(), func(t *testing.T) {
			if _, err := in.Run(polluter, fakeHost, DefaultLimits()); err != nil {
				t.Fatal(err)
			}
			got, err := in.Run(checker, fakeHost, DefaultLimits())
			if err != nil || got != `[null,"function","undefined"]` {
				t.Errorf("got %s, %v", got, err)
			}
		})
	}
}
