package codemode

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// fakeHost stands for the tool path: get_weather answers a city, step adds
// one to n (a dependent chain), big returns an n-item list (a large result).
func fakeHost(name, args string) (string, error) {
	var a struct {
		City string `json:"city"`
		N    int    `json:"n"`
	}
	if err := json.Unmarshal([]byte(args), &a); err != nil {
		return "", err
	}
	switch name {
	case "get_weather":
		return fmt.Sprintf(`{"city":%q,"celsius":%d}`, a.City, len(a.City)), nil
	case "step":
		return fmt.Sprintf(`{"n":%d}`, a.N+1), nil
	case "big":
		return bigResult(a.N), nil
	}
	return "", fmt.Errorf("no tool %q", name)
}

// bigResult is a list of n items of about 100 bytes each.
func bigResult(n int) string {
	var b strings.Builder
	b.WriteString(`{"items":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"name":"item number %d","status":%q,"score":%d,"note":"padding to make a line"}`,
			i, i, [...]string{"open", "closed", "stale"}[i%3], i%97)
	}
	b.WriteString(`]}`)
	return b.String()
}

var testTools = []string{"get_weather", "step", "big"}

func mustCompile(t testing.TB, ts string) *Program {
	t.Helper()
	p, err := Compile(ts)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// run runs ts on each interpreter under the default limits.
func runEach(t *testing.T, ts string, check func(t *testing.T, result string, err error)) {
	p := mustCompile(t, ts)
	for _, in := range Interpreters {
		t.Run(in.Name(), func(t *testing.T) {
			result, err := in.Run(p, fakeHost, DefaultLimits(testTools...))
			check(t, result, err)
		})
	}
}

func wantResult(want string) func(t *testing.T, result string, err error) {
	return func(t *testing.T, result string, err error) {
		t.Helper()
		if err != nil || result != want {
			t.Errorf("got %s, %v; want %s", result, err, want)
		}
	}
}

func TestTypedProgramRuns(t *testing.T) {
	const ts = `interface Weather { city: string; celsius: number }
const cities: string[] = ["Paris", "Oslo", "Lima"];
const out: Weather[] = [];
for (const city of cities) {
  const w: Weather = await tools.get_weather({city});
  if (w.celsius > 4) out.push(w);
}
let s = {n: 0};
for (let i = 0; i < 10; i++) s = await tools.step(s);
const {items} = await tools.big({n: 100});
return {out, n: s.n, open: items.filter((x: any) => x.status === "open").length};`
	runEach(t, ts, wantResult(`{"out":[{"city":"Paris","celsius":5}],"n":10,"open":34}`))
}

func TestErrorPositionsAreTheModelsSource(t *testing.T) {
	const ts = `type T = { a: number };
const t: T = {a: 1};
const w = await tools.get_weather({city: "Paris"});
(w as any).missing.field = t.a;
return w;`
	runEach(t, ts, func(t *testing.T, _ string, err error) {
		if err == nil || !strings.HasPrefix(err.Error(), "program.ts:4:") {
			t.Errorf("got %v, want an error at program.ts:4", err)
		}
	})
	runEach(t, "const x = 1;\nthrow new Error(`at line ${x + 1}`);", func(t *testing.T, _ string, err error) {
		// goja points at new (column 7), QuickJS at Error (column 11).
		if err == nil || !strings.HasPrefix(err.Error(), "program.ts:2:") || !strings.HasSuffix(err.Error(), "Error: at line 2") {
			t.Errorf("got %v, want program.ts:2: Error: at line 2", err)
		}
	})
	runEach(t, `await tools.nope({});`, func(t *testing.T, _ string, err error) {
		if err == nil || !strings.Contains(err.Error(), "TypeError") || !strings.HasPrefix(err.Error(), "program.ts:1:") {
			t.Errorf("got %v, want a TypeError at program.ts:1", err)
		}
	})
	if _, err := Compile("const a: number = ;\n"); err == nil || !strings.HasPrefix(err.Error(), "program.ts:1:19:") {
		t.Errorf("syntax error: got %v, want program.ts:1:19", err)
	}
}

func TestClockAndRandomArePinned(t *testing.T) {
	const ts = `return [Date.now(), new Date().toISOString(), Math.random(), Math.random()];`
	p := mustCompile(t, ts)
	for _, in := range Interpreters {
		t.Run(in.Name(), func(t *testing.T) {
			first, err := in.Run(p, fakeHost, DefaultLimits())
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(first, `[1767323045000,"2026-01-02T03:04:05.000Z",`) {
				t.Errorf("clock not pinned: %s", first)
			}
			again, _ := in.Run(p, fakeHost, DefaultLimits())
			if again != first {
				t.Errorf("a second run gave %s, the first %s", again, first)
			}
		})
	}
}

func TestAPanickingToolIsAnError(t *testing.T) {
	p := mustCompile(t, `try { await tools.step({}); } catch (e) { return String(e); }`)
	for _, in := range Interpreters {
		got, err := in.Run(p, func(string, string) (string, error) { panic("boom") }, DefaultLimits(testTools...))
		if err != nil || !strings.Contains(got, "tool step panicked: boom") {
			t.Errorf("%s: got %s, %v", in.Name(), got, err)
		}
	}
}
