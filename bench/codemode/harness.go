package codemode

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/go-sourcemap/sourcemap"

	"github.com/toolgen-dev/toolgen/codemode"
)

// Limits bounds one execution.
type Limits struct {
	Wall      time.Duration // wall time of the whole execution
	Memory    int           // bytes the program may allocate
	Stack     int           // call depth (goja frames, QuickJS stack slots)
	Output    int           // bytes of the result's JSON
	Calls     int           // host calls
	Clock     time.Time     // what Date.now() and new Date() return
	RandSeed  uint64        // the seed of Math.random
	ToolNames []string      // the functions of the tools object
}

// DefaultLimits are the bounds the tests and benchmarks run under.
func DefaultLimits(tools ...string) Limits {
	return Limits{
		Wall: 2 * time.Second, Memory: 64 << 20, Stack: 1000, Output: 1 << 20, Calls: 1000,
		Clock: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC), RandSeed: 46, ToolNames: tools,
	}
}

// Host answers a tool call from the program: the tool's name and its
// arguments as JSON in, its result as JSON out.
type Host func(name, argsJSON string) (string, error)

// Interpreter runs one compiled program in a fresh runtime.
type Interpreter interface {
	Name() string
	Run(p *Program, host Host, lim Limits) (resultJSON string, err error)
}

// Interpreters are the candidates, in the order the tables list them.
var Interpreters = []Interpreter{Goja{}, QuickJS{}}

// Program is the model's TypeScript stripped to JavaScript, with the source
// map that takes a position back.
type Program struct {
	JS     string
	lines  int // of JS: a frame past them is in the host's prelude
	srcMap *sourcemap.Consumer
}

// mainPrefix wraps the model's statements in an async function, so that a
// top-level await and return work in a script; it adds one line, which
// Position takes off again.
const mainPrefix = "async function __main() {\n"

// Compile strips the TypeScript with esbuild. A syntax error carries the
// model's line and column.
func Compile(ts string) (*Program, error) {
	res := api.Transform(mainPrefix+ts+"\n}\n", api.TransformOptions{
		Loader: api.LoaderTS, Target: api.ES2020, Sourcemap: api.SourceMapExternal,
		Sourcefile: "program.ts",
	})
	if len(res.Errors) > 0 {
		m := res.Errors[0]
		if m.Location == nil {
			return nil, errors.New(m.Text)
		}
		return nil, fmt.Errorf("program.ts:%d:%d: %s", m.Location.Line-1, m.Location.Column+1, m.Text)
	}
	sm, err := sourcemap.Parse("program.js.map", res.Map)
	if err != nil {
		return nil, err
	}
	return &Program{JS: string(res.Code), lines: strings.Count(string(res.Code), "\n"), srcMap: sm}, nil
}

// jsFrame finds a position in a stack trace: goja writes
// program.js:4:10(23), QuickJS <eval>:4:10.
var jsFrame = regexp.MustCompile(`(?:program\.js|<eval>):(\d+):(\d+)`)

// Position maps the first frame of a stack trace that is in the program to
// the model's line and column, or returns "" when there is none.
func (p *Program) Position(stack string) string {
	for _, m := range jsFrame.FindAllStringSubmatch(stack, -1) {
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		if line > p.lines {
			continue
		}
		if _, _, srcLine, srcCol, ok := p.srcMap.Source(line, col-1); ok {
			return fmt.Sprintf("program.ts:%d:%d", srcLine-1, srcCol+1)
		}
	}
	return ""
}

// script is what an interpreter evaluates: the program first, so that its
// lines keep their numbers, then the host's prelude (__main is hoisted) and
// the driver that calls __main.
func (p *Program) script(prelude string, lim Limits) string {
	return p.JS + prelude + toolsPrelude(lim.ToolNames) + driver
}

// programError is a JavaScript exception with its position in the model's
// source.
func (p *Program) programError(message, stack string) error {
	if pos := p.Position(stack); pos != "" {
		return fmt.Errorf("%s: %s", pos, message)
	}
	return errors.New(message)
}

// toolsPrelude defines the tools object over the host call __host and
// removes __host from the global object, so that the program reaches the
// host only through a tool. JSON is captured first, so that a program that
// replaces JSON.parse or JSON.stringify changes only its own values.
func toolsPrelude(names []string) string {
	list, _ := json.Marshal(append([]string{}, names...))
	return `(function (host, names) {
  const parse = JSON.parse, stringify = JSON.stringify, freeze = Object.freeze;
  const tools = {};
  for (const name of names) {
    tools[name] = (args) => new Promise((resolve) => resolve(parse(host(name, stringify(args === undefined ? {} : args)))));
  }
  Object.defineProperty(globalThis, "tools", {value: freeze(tools)});
})(__host, ` + string(list) + `);
delete globalThis.__host;
`
}

// driver runs __main and leaves its JSON result or its error in globals the
// host reads once the job queue is empty. It takes JSON.stringify before the
// program runs, so that a program that replaces it cannot hand the host a
// result that is not JSON.
const driver = `
(function (stringify) {
  __main().then(
    (v) => { globalThis.__result = stringify(v === undefined ? null : v); },
    (e) => { globalThis.__error = String(e); globalThis.__stack = String((e && e.stack) || ""); });
})(JSON.stringify);
`

// counter counts host calls against the limit.
type counter struct {
	host  Host
	calls int
	limit int
}

// call answers the program's call. A panic in the host becomes the call's
// error: in QuickJS a panic that crosses the engine abandons the runtime.
func (c *counter) call(name, args string) (result string, err error) {
	if c.calls++; c.calls > c.limit {
		return "", codemode.ErrCalls
	}
	defer func() {
		if r := recover(); r != nil {
			result, err = "", fmt.Errorf("tool %s panicked: %v", name, r)
		}
	}()
	return c.host(name, args)
}

// checkOutput refuses a result over the output bound.
func checkOutput(result string, lim Limits) (string, error) {
	if len(result) > lim.Output {
		return "", fmt.Errorf("%w: %d bytes", codemode.ErrOutput, len(result))
	}
	return result, nil
}
