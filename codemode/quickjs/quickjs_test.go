package quickjs

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/toolgen-dev/toolgen/codemode"
	"go.uber.org/goleak"
)

// TestMain fails the package's tests when a goroutine outlives them: a
// run leaves no timer, watchdog or host call behind.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func TestATypedProgramCallsItsTools(t *testing.T) {
	const src = `interface Weather { city: string; celsius: number }
const out: Weather[] = [];
for (const city of ["Paris", "Oslo", "Lima"]) {
  const w: Weather = await get_weather({city});
  if (w.celsius > 4) out.push(w);
}
let s = {n: 0};
for (let i = 0; i < 10; i++) s = await step(s);
const {items} = await big({n: 100});
return {out, n: s.n, open: items.filter((x: any) => x.status === "open").length, ids: await list_items()};`
	res := wantValue(t, src, `{"out":[{"city":"Paris","celsius":5}],"n":10,"open":34,"ids":[1,2,3]}`)
	assert.Equal(t, 15, res.Calls)
}

func TestToolsAreAsyncFunctionsCalledByName(t *testing.T) {
	res, rec, err := runProgram(t, `const p = list_items();
return [p instanceof Promise, typeof get_weather, get_weather.name, await p, await echo()];`)
	require.NoError(t, err)
	assert.JSONEq(t, `[true,"function","get_weather",[1,2,3],{}]`, string(res.Value))
	// The host sees the tool's name, not the identifier; no arguments are {}.
	assert.Equal(t, []string{"list-items {}", "echo {}"}, rec.made())
}

// TestCallsAreMadeWhenInvoked: each call reaches the host when the program
// calls the tool, one at a time, in the program's order, Promise.all too.
func TestCallsAreMadeWhenInvoked(t *testing.T) {
	_, rec, err := runProgram(t, `const a = echo({i: 1});
const b = echo({i: 2});
await b; await a;
await Promise.all([3, 4, 5].map((i) => echo({i})));`)
	require.NoError(t, err)
	assert.Equal(t, []string{`echo {"i":1}`, `echo {"i":2}`, `echo {"i":3}`, `echo {"i":4}`, `echo {"i":5}`}, rec.made())
}

// TestArgumentsAreWhatTheProgramPassed: what a program does to JSON, the
// prototypes or toJSON changes only what it sees.
func TestArgumentsAreWhatTheProgramPassed(t *testing.T) {
	res, rec, err := runProgram(t, `(Object.prototype as any).toJSON = () => ({forged: true});
(Array.prototype as any).toJSON = () => "forged";
(Date.prototype as any).toJSON = () => "forged";
JSON.stringify = () => '{"forged":true}';
JSON.parse = () => ({forged: true});
(Object.prototype as any).injected = 1;
Function.prototype.call = Function.prototype.apply = () => ({forged: true});
return await echo({a: [1, {b: "c"}], when: new Date(0), skip: undefined, f() {}});`)
	require.NoError(t, err)
	want := `{"a":[1,{"b":"c"}],"when":"1970-01-01T00:00:00.000Z"}`
	assert.Equal(t, []string{"echo " + want}, rec.made())
	// The program's JSON.stringify is not the result's either.
	assert.JSONEq(t, want, string(res.Value))
}

func TestArgumentsThatAreNotAnObjectReject(t *testing.T) {
	for _, args := range []string{`1`, `"x"`, `null`, `[1]`, `{n: 1n}`, `(() => { const o: any = {}; o.o = o; return o; })()`} {
		res, rec, err := runProgram(t, `try { await echo(`+args+` as any); } catch (e) { return String(e); }`)
		require.NoError(t, err, args)
		assert.Contains(t, string(res.Value), "TypeError", args)
		assert.Empty(t, rec.made(), args)
	}
}

func TestACallErrorIsAnErrorTheProgramCatches(t *testing.T) {
	wantValue(t, `try { await deny({}); } catch (e) { return [e instanceof Error, e.message]; }`,
		`[true,"denied: not allowed here"]`)
	wantValue(t, `return await deny({}).catch((e: Error) => "then " + e.message);`, `"then denied: not allowed here"`)
	_, _, err := runProgram(t, "\n\nawait deny({});")
	var pe *codemode.ProgramError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, codemode.ProgramError{Line: 3, Column: 7, Message: "Error: denied: not allowed here"}, *pe)
}

// TestAHostErrorStopsTheProgram: an error that is not a CallError (a call
// waiting for a person's approval) ends the program where it is, whatever
// it does to catch it, and no further call reaches the host.
func TestAHostErrorStopsTheProgram(t *testing.T) {
	for name, src := range map[string]string{
		"try/catch":          `try { await pause({}); } catch { return "caught"; }`,
		"catch calls again":  `try { await pause({}); } catch { await step({n: 1}); return "caught"; }`,
		"finally":            `try { await pause({}); } finally { await step({n: 1}); }`,
		"sync catch":         `try { pause({}); } catch { } await step({n: 1}); return "went on";`,
		"Promise.catch":      `return await pause({}).catch(() => step({n: 1}));`,
		"then's rejection":   `return await pause({}).then(() => 1, () => step({n: 1}));`,
		"async chain":        `async function inner() { return await pause({}); } async function outer() { try { return await inner(); } catch { return step({n: 1}); } } return await outer();`,
		"Promise.all":        `return await Promise.all([pause({}), step({n: 1})]);`,
		"allSettled":         `const r = await Promise.allSettled([pause({})]); await step({n: 1}); return r;`,
		"catch loops":        `try { await pause({}); } catch { for (;;) {} }`,
		"catch waits":        `try { await pause({}); } catch { await new Promise(() => {}); }`,
		"nested in a getter": `await echo({get x() { pause({}); return step({n: 1}); }}); return await step({n: 2});`,
	} {
		t.Run(name, func(t *testing.T) {
			res, rec, err := runProgram(t, src)
			assert.ErrorIs(t, err, errPause)
			assert.Nil(t, res.Value)
			assert.Equal(t, []string{"pause {}"}, rec.made())
		})
	}
}

func TestAPanickingHostIsAnError(t *testing.T) {
	res, rec, err := runProgram(t, `try { await panic({}); } catch { return "caught"; } finally { await step({}); }`)
	assert.ErrorContains(t, err, "the tool broke")
	assert.Nil(t, res.Value)
	assert.Len(t, rec.made(), 1)
}

func TestClockAndSeedArePinned(t *testing.T) {
	const src = `await echo({now: Date.now(), date: new Date(), str: Date(), r: [Math.random(), Math.random()],
  local: [new Date().getHours(), new Date().getTimezoneOffset(), new Date(2026, 0, 2, 3).toISOString(),
    new Date("2026-01-02T03:04").getTime() - Date.parse("2026-01-02T03:04Z"), Date.parse("Jan 2 2026 03:04") - Date.parse("2026-01-02T03:04Z")]});`
	var calls [][]string
	for range 2 {
		_, rec, err := runProgram(t, src)
		require.NoError(t, err)
		calls = append(calls, rec.made())
	}
	assert.Equal(t, calls[0], calls[1])
	require.Len(t, calls[0], 1)
	assert.True(t, strings.HasPrefix(calls[0][0], `echo {"now":1767323045000,"date":"2026-01-02T03:04:05.000Z","str":"Fri Jan 02 2026 03:04:05 GMT+0000","r":[0.`), calls[0][0])
	assert.Contains(t, calls[0][0], `"local":[3,0,"2026-01-02T03:00:00.000Z",0,0]`)

	other := testProgram(`return Math.random();`)
	first, err := New().Run(context.Background(), other, (&recorder{}).host)
	require.NoError(t, err)
	other.Seed++
	second, err := New().Run(context.Background(), other, (&recorder{}).host)
	require.NoError(t, err)
	assert.NotEqual(t, first.Value, second.Value, "another seed, other numbers")
}

func TestConsoleIsTheLog(t *testing.T) {
	res := wantValue(t, `console.log("a", 1, {b: [true, null]}, undefined);
console.info(new Error("oops"));
console.warn(1n);
console.error("last");
return 2;`, "2")
	assert.Equal(t, "a 1 {\"b\":[true,null]} undefined\nError: oops\n1\nlast\n", res.Log)
}

func TestReturnValues(t *testing.T) {
	wantValue(t, `const x = 1;`, "null")
	wantValue(t, `return undefined;`, "null")
	wantValue(t, `return {d: new Date(0), s: "é", n: [1.5, -0, NaN]};`, `{"d":"1970-01-01T00:00:00.000Z","s":"é","n":[1.5,0,null]}`)
	for src, words := range map[string]string{
		`return 1n;`: "BigInt",
		`const o: any = {}; o.self = o; return o;`: "holds itself",
	} {
		_, _, err := runProgram(t, src)
		var pe *codemode.ProgramError
		require.ErrorAs(t, err, &pe, src)
		assert.Contains(t, pe.Message, "cannot be JSON", src)
		assert.Contains(t, pe.Message, words, src)
	}
}

func TestProgramErrorsAreAtTheModelsLineAndColumn(t *testing.T) {
	for _, c := range []struct {
		src  string
		want codemode.ProgramError
	}{
		{"type T = {a: number};\nconst t: T = {a: 1};\n  throw Error(`at ${t.a + 2}`);",
			codemode.ProgramError{Line: 3, Column: 9, Message: "Error: at 3"}},
		{"const w = await get_weather({city: \"Paris\"});\n(w as any).missing.field = 1;",
			codemode.ProgramError{Line: 2, Column: 12, Message: "TypeError: cannot set property 'field' of undefined"}},
		{"const xs: number[] = [1, 2];\nxs.map((x) => {\n  if (x > 1) throw new RangeError(\"too big\");\n  return x;\n});",
			codemode.ProgramError{Line: 3, Column: 24, Message: "RangeError: too big"}},
		{"const a: number = ;", codemode.ProgramError{Line: 1, Column: 19, Message: `SyntaxError: Unexpected ";"`}},
		{"const a = 1;\nawait send_email({to: \"x\"});",
			codemode.ProgramError{Line: 2, Column: 7, Message: "ReferenceError: 'send_email' is not defined"}},
		{`throw "just a string";`, codemode.ProgramError{Message: "just a string"}},
	} {
		_, _, err := runProgram(t, c.src)
		var pe *codemode.ProgramError
		if assert.ErrorAs(t, err, &pe, c.src) {
			assert.Equal(t, c.want, *pe, c.src)
		}
	}
}

// TestNothingReachesTheHostProcess: no module, global or constructor leads
// out of the runtime.
func TestNothingReachesTheHostProcess(t *testing.T) {
	res, rec, err := runProgram(t, `const g: any = (0, eval)("this");
const viaFunction: any = new Function("return this")();
const names = ["__codemode_host", "require", "process", "std", "os", "fetch", "setTimeout", "setInterval",
  "print", "scriptArgs", "load", "XMLHttpRequest", "WebSocket", "Deno", "Bun"];
const found = names.filter((n) => typeof g[n] !== "undefined" || typeof viaFunction[n] !== "undefined");
const imports: string[] = [];
for (const m of ["os", "std", "/etc/hostname", "./prelude.js"]) {
  try { await import(m); imports.push(m + " loaded"); } catch (e) { imports.push(String(e)); }
}
return {found, imports};`)
	require.NoError(t, err)
	assert.Equal(t, `{"found":[],"imports":["ReferenceError: could not load module 'os'","ReferenceError: could not load module 'std'",`+
		`"ReferenceError: could not load module '/etc/hostname'","ReferenceError: could not load module 'prelude.js'"]}`, string(res.Value))
	assert.Empty(t, rec.made())
}

// TestNothingCrossesRuns: a runtime is new per run, so what one program
// changes the next does not see.
func TestNothingCrossesRuns(t *testing.T) {
	wantValue(t, `(Object.prototype as any).polluted = 1; (Array.prototype as any).map = null; (globalThis as any).left = 1;`, "null")
	wantValue(t, `return [({} as any).polluted, typeof [].map, typeof (globalThis as any).left];`, `[null,"function","undefined"]`)
}

func TestToolsWithOneIdentifierAreRefused(t *testing.T) {
	p := testProgram(`return 1;`)
	p.Tools = []string{"a-b", "a_b"}
	_, err := New().Run(context.Background(), p, (&recorder{}).host)
	assert.ErrorContains(t, err, "one identifier")
	p.Tools = []string{"step", "step"}
	_, err = Runner{}.Run(context.Background(), p, (&recorder{}).host)
	assert.NoError(t, err, "a name twice is one tool")
}

// TestRunsAreConcurrent: a Runner is safe for concurrent use; under the
// race detector this checks that the runs share nothing.
func TestRunsAreConcurrent(t *testing.T) {
	r := New()
	errs := make(chan error, 4)
	for i := range 4 {
		go func() {
			p := testProgram(`let s = {n: 0}; for (let i = 0; i < 5; i++) s = await step(s); return s.n;`)
			p.Seed = uint64(i)
			res, err := r.Run(context.Background(), p, (&recorder{}).host)
			if err == nil && string(res.Value) != "5" {
				err = errors.New("got " + string(res.Value))
			}
			errs <- err
		}()
	}
	for range 4 {
		select {
		case err := <-errs:
			assert.NoError(t, err)
		case <-time.After(time.Minute):
			t.Fatal("the runs did not end in a minute")
		}
	}
}

// names are the tools a host was called for, each once, in the order of
// their first call.
func names(calls []string) []string {
	var out []string
	for _, c := range calls {
		name, _, _ := strings.Cut(c, " ")
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}
