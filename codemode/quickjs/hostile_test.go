package quickjs

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/toolgen-dev/toolgen/codemode"
)

// tightLimits are small, so that each contained attack costs the tests
// little time; the race detector slows QuickJS about tenfold (scale).
func tightLimits() codemode.Limits {
	return codemode.Limits{
		Wall: 20 * scale * 100 * time.Millisecond, CPU: scale * 200 * time.Millisecond,
		Memory: testMemory, Output: 64 << 10, Calls: 20,
	}
}

// hostile is a program that must be refused or bounded, and how: the
// error it ends with (want; nil when it ends well) and, when it ends well,
// its result; the host must see calls (a tool's name each) and no other.
type hostile struct {
	name, src string
	want      error
	value     string
	calls     []string
}

var hostiles = []hostile{
	{name: "infinite loop", src: `for (;;) {}`, want: codemode.ErrCPU},
	{name: "infinite loop in an async chain", src: `async function f() { for (;;) await null; } await f();`, want: codemode.ErrCPU},
	{name: "promise-job loop", src: `const f = () => { Promise.resolve().then(f); }; f(); await new Promise(() => {});`, want: codemode.ErrCPU},
	{name: "infinite loop between calls", src: `for (;;) { await step({n: 1}); for (let i = 0; i < 1e6; i++) {} }`, want: codemode.ErrCPU, calls: []string{"step"}},
	{name: "array growth", src: `const a: string[] = []; for (;;) a.push("x".repeat(1 << 16) + a.length);`, want: codemode.ErrMemory},
	{name: "string doubling", src: `let s = "x"; for (;;) s = s + s; return s.length;`, want: codemode.ErrMemory},
	{name: "output bomb, returned", src: `return "x".repeat(1 << 20);`, want: codemode.ErrOutput},
	{name: "output bomb, logged", src: `for (;;) console.log("x".repeat(1 << 10));`, want: codemode.ErrOutput},
	{name: "deep recursion", src: `function f(n: number): number { return f(n + 1) + 1; } return f(0);`, want: codemode.ErrStack},
	{name: "deep recursion through callbacks", src: `const f = (n: number): number => [n].map((x) => f(x + 1))[0]; return f(0);`, want: codemode.ErrStack},
	{name: "catastrophic regexp", src: `return /(a+)+$/.test("a".repeat(40) + "b");`, want: codemode.ErrCPU},
	{name: "call bomb", src: `for (;;) { try { await step({n: 1}); } catch {} }`, want: codemode.ErrCalls, calls: []string{"step"}},
	{name: "Object.prototype.toJSON", value: `{"n":2}`, calls: []string{"step"},
		src: `(Object.prototype as any).toJSON = () => ({n: 41}); return await step({n: 1});`},
	{name: "assigning a tool global", value: `{"n":2}`, calls: []string{"step"},
		src: `(globalThis as any).step = () => ({n: 99}); return await step({n: 1});`},
	// QuickJS lets a program redefine a global it cannot assign: it then
	// calls its own function, and the host sees nothing.
	{name: "redefining a tool global", value: `{"n":99}`,
		src: `Object.defineProperty(globalThis, "step", {value: () => ({n: 99})}); return await step({n: 1});`},
	{name: "Function.prototype.call", value: `{"n":2}`, calls: []string{"step"},
		src: `Function.prototype.call = function () { return {n: 99}; }; Reflect.apply = () => ({n: 98}); return await step({n: 1});`},
	{name: "Promise.prototype.then hijack", value: `{"n":2}`, calls: []string{"step", "echo"},
		src: `const then = Promise.prototype.then;
Promise.prototype.then = function (ok: any, ko: any) { return then.call(this, (v: any) => ok(v && v.n ? {n: v.n} : v), ko); };
const r = await step({n: 1}); await echo({}); return r;`},
	{name: "blocking with Atomics.wait", want: &codemode.ProgramError{},
		src: `return Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);`},
	{name: "a tool not in Tools", want: &codemode.ProgramError{}, src: `return await send_email({to: "x"});`},
	{name: "forging a call through any global", value: `"none"`, calls: nil,
		src: `for (const k of Object.getOwnPropertyNames(globalThis)) {
  const f = (globalThis as any)[k];
  if (typeof f !== "function" || k === "step" || k === "echo" || k === "pause" || k.startsWith("get_")) continue;
  for (const args of [["call", "pause", "{}"], ["pause", "{}"], ["done", "1"]]) {
    try { f(...args); } catch {}
    try { new f(...args); } catch {}
  }
}
return "none";`},
	{name: "forging a call through Function", value: `"undefined"`,
		src: `return new Function("return typeof __codemode_host")();`},
}

// TestHostilePrograms runs each hostile class: each is refused or bounded
// with its own error, within the wall-time bound and a margin, and the
// host sees only the calls it should.
func TestHostilePrograms(t *testing.T) {
	for _, h := range hostiles {
		t.Run(h.name, func(t *testing.T) {
			rec := &recorder{}
			p := testProgram(h.src)
			p.Limits = tightLimits()
			start := time.Now()
			res, err := New().Run(context.Background(), p, rec.host)
			took := time.Since(start)
			t.Logf("%-40s %8s  %.60s %v", h.name, took.Round(time.Millisecond), res.Value, err)
			var pe *codemode.ProgramError
			switch {
			case errors.As(h.want, &pe):
				assert.ErrorAs(t, err, &pe)
			case h.want != nil:
				assert.ErrorIs(t, err, h.want)
			default:
				if assert.NoError(t, err) {
					assert.Equal(t, h.value, string(res.Value))
				}
			}
			assert.Less(t, took, p.Limits.Wall+time.Second)
			assert.Equal(t, h.calls, names(rec.made()))
			assert.LessOrEqual(t, res.Calls, p.Limits.Calls)
		})
	}
}

// TestEachBoundEndsTheRun: each bound's error wraps its sentinel, and the
// context's end is the run's.
func TestEachBoundEndsTheRun(t *testing.T) {
	slowHost := (&recorder{}).host
	for _, c := range []struct {
		name string
		src  string
		lim  codemode.Limits
		ctx  func() (context.Context, context.CancelFunc)
		want error
	}{
		{name: "wall, in a call", src: `await slow({ms: 60000});`, lim: codemode.Limits{Wall: 200 * time.Millisecond}, want: codemode.ErrWall},
		{name: "wall, computing", src: `for (;;) {}`, lim: codemode.Limits{Wall: 200 * time.Millisecond, CPU: time.Minute}, want: codemode.ErrWall},
		{name: "cpu", src: `for (;;) {}`, lim: codemode.Limits{CPU: 100 * time.Millisecond}, want: codemode.ErrCPU},
		{name: "memory", src: `const a: number[][] = []; for (;;) a.push(new Array(1e5).fill(1));`, lim: codemode.Limits{Memory: 8 << 20}, want: codemode.ErrMemory},
		{name: "stack", src: `const f = (n: number): number => f(n + 1) + 1; f(0);`, lim: codemode.Limits{Stack: 64 << 10}, want: codemode.ErrStack},
		{name: "output", src: `console.log("x".repeat(600)); return "y".repeat(500);`, lim: codemode.Limits{Output: 1000}, want: codemode.ErrOutput},
		{name: "calls", src: `for (let i = 0; i < 10; i++) await step({n: i});`, lim: codemode.Limits{Calls: 3}, want: codemode.ErrCalls},
		{name: "ctx cancelled", src: `await slow({ms: 60000});`, want: context.Canceled,
			ctx: func() (context.Context, context.CancelFunc) {
				ctx, cancel := context.WithCancel(context.Background())
				time.AfterFunc(100*time.Millisecond, cancel)
				return ctx, cancel
			}},
		{name: "ctx deadline", src: `for (;;) {}`, want: context.DeadlineExceeded,
			ctx: func() (context.Context, context.CancelFunc) {
				return context.WithTimeout(context.Background(), 100*time.Millisecond)
			}},
		{name: "ctx done before", src: `return 1;`, want: context.Canceled,
			ctx: func() (context.Context, context.CancelFunc) {
				ctx, cancel := context.WithCancel(context.Background())
				cancel()
				return ctx, cancel
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			if c.ctx != nil {
				ctx, cancel = c.ctx()
			}
			defer cancel()
			p := testProgram(c.src)
			p.Limits = c.lim
			start := time.Now()
			_, err := New().Run(ctx, p, slowHost)
			assert.ErrorIs(t, err, c.want)
			assert.Less(t, time.Since(start), 10*time.Second)
		})
	}
}

// TestCPUTimeLeavesOutTheCalls: calls that take longer than the CPU bound
// together do not reach it; the wall-time bound counts them.
func TestCPUTimeLeavesOutTheCalls(t *testing.T) {
	p := testProgram(`for (let i = 0; i < 3; i++) await slow({ms: 100}); return "done";`)
	p.Limits = codemode.Limits{CPU: scale * 150 * time.Millisecond}
	res, err := New().Run(context.Background(), p, (&recorder{}).host)
	if assert.NoError(t, err) {
		assert.Equal(t, `"done"`, string(res.Value))
	}
	p.Limits.Wall = 250 * time.Millisecond
	_, err = New().Run(context.Background(), p, (&recorder{}).host)
	assert.ErrorIs(t, err, codemode.ErrWall)
}

func TestTheCallBoundCountsCalls(t *testing.T) {
	p := testProgram(`for (let i = 0; i < 10; i++) { try { await step({n: i}); } catch {} }`)
	p.Limits.Calls = 3
	rec := &recorder{}
	res, err := New().Run(context.Background(), p, rec.host)
	assert.ErrorIs(t, err, codemode.ErrCalls)
	assert.Equal(t, 3, res.Calls)
	assert.Len(t, rec.made(), 3)
}
