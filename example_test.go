package toolgen_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"strings"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/examples/weather"
)

// Tools from any number of packages go into one toolbox, which calls them by
// name. Bad arguments are not a Go error: they are a failed result whose text
// tells the model every problem, so that it can correct itself.
func ExampleNewToolbox() {
	ctx := context.Background()
	box, err := toolgen.NewToolbox(weather.Tools()) // and more sets: NewToolbox(a.Tools(), b.Tools())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(box.Names())

	res, err := box.Call(ctx, weather.ToolGetWeather, []byte(`{"city":"Paris","unit":"f"}`))
	if err != nil {
		log.Fatal(err) // only for the caller's own failures, such as a cancelled ctx
	}
	fmt.Println(res.IsError, res.Text())

	res, _ = box.Call(ctx, weather.ToolGetWeather, []byte(`{"unit":"kelvin"}`))
	fmt.Println(res.IsError, res.Text())

	res, _ = box.Call(ctx, weather.ToolGetWeather, []byte(`{"city":"Atlantis"}`))
	fmt.Println(res.IsError, res.Text())

	res, _ = box.Call(ctx, "get_wether", []byte(`{"city":"Paris"}`))
	fmt.Println(res.IsError, res.Text())
	// Output:
	// [forecast get_weather]
	// false Paris: 63°F, sunny
	// true invalid arguments: /unit: "kelvin" is not one of "c", "f"; /city: missing (required)
	// true no weather station in Atlantis
	// true unknown tool "get_wether"; the tools are: forecast, get_weather
}

// A panic in a tool does not bring the program down: Call returns a failed
// result naming the tool, for the model to read. Generated tools recover on
// their own; the toolbox also guards hand-written ones, such as this.
func ExampleToolbox_Call() {
	divide := toolgen.Tool{
		Name:        "divide",
		Description: "Divides a by b.",
		InputSchema: []byte(`{"type":"object","properties":{"a":{"type":"integer"},"b":{"type":"integer"}},"required":["a","b"]}`),
		Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
			var in struct{ A, B int }
			if err := json.Unmarshal(args, &in); err != nil {
				return toolgen.ErrorResult("invalid arguments: " + err.Error()), nil
			}
			return toolgen.TextResult(fmt.Sprint(in.A / in.B)), nil // panics when b is 0
		},
	}
	box, err := toolgen.NewToolbox([]toolgen.Tool{divide})
	if err != nil {
		log.Fatal(err)
	}
	for _, args := range []string{`{"a":7,"b":2}`, `{"a":7,"b":0}`} {
		res, err := box.Call(context.Background(), "divide", []byte(args))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(res.IsError, res.Text())
	}
	// Output:
	// false 3
	// true tool divide failed: panic: runtime error: integer divide by zero
}

// A tool that returns a Go value has a structured result: its text is the
// JSON that the tool's OutputSchema describes.
func ExampleResult_Text() {
	box, err := toolgen.NewToolbox(weather.Tools())
	if err != nil {
		log.Fatal(err)
	}
	res, _ := box.Call(context.Background(), weather.ToolGetForecast, []byte(`{"city":"Oslo","days":2}`))
	fmt.Println(res.Text())
	fmt.Println(toolgen.TextResult("sunny").Text())
	// Output:
	// {"city":"Oslo","unit":"c","days":[{"day":1,"high":21,"low":13,"sky":"rain"},{"day":2,"high":22,"low":14,"sky":"sunny"}]}
	// sunny
}

// A Rule is data: a tool name or a glob over names, and globs over argument
// values. Generated rule types (weather.GetWeatherRule) build one whose
// arguments the compiler checks; package agent's Permissions decide with
// them.
func ExampleRule_String() {
	rules := []toolgen.Rule{
		{Tool: weather.ToolGetWeather},
		weather.GetForecastRule{City: "Par*", Days: "[1-3]"}.Rule(),
		{Tool: "get_*"},
	}
	for _, r := range rules {
		fmt.Println(r.String(), r.IsPattern())
	}
	// Output:
	// get_weather false
	// forecast(city="Par*", days="[1-3]") false
	// get_* true
}

// A tool learns about the call that reached it from its context: a
// generated tool declares a toolgen.Ctx parameter, a hand-made one (as here)
// reads it with CtxFrom. The agent loop (package agent) puts a Ctx in the
// context of every call; WithCtx stands in for it here.
func ExampleCtxFrom() {
	whoami := toolgen.Tool{
		Name:        "whoami",
		Description: "Says which call this is.",
		InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
			c := toolgen.CtxFrom(ctx)
			return toolgen.TextResult(fmt.Sprintf("tool %s, call %s, turn %d, key %q", c.Tool, c.CallID, c.Turn, c.IdempotencyKey())), nil
		},
	}
	ctx := toolgen.WithCtx(context.Background(), toolgen.Ctx{Tool: "whoami", CallID: "call-7", RunID: "run-1", Turn: 1})
	res, _ := whoami.Call(ctx, nil)
	fmt.Println(res.Text())

	// Outside a run, a tool sees the zero Ctx.
	res, _ = whoami.Call(context.Background(), nil)
	fmt.Println(res.Text())
	// Output:
	// tool whoami, call call-7, turn 1, key "run-1/call-7"
	// tool , call , turn 0, key ""
}

// The deps a program gives a run (a database handle, the user) reach every
// tool through its Ctx; DepsAs gives them their type.
func ExampleDepsAs() {
	type User struct{ Name string }
	greet := toolgen.Tool{
		Name:        "greet",
		Description: "Greets the user.",
		InputSchema: []byte(`{"type":"object","properties":{"greeting":{"type":"string"}},"required":["greeting"]}`),
		Annotations: toolgen.Annotations{ReadOnly: true},
		Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
			var in struct{ Greeting string }
			if err := json.Unmarshal(args, &in); err != nil {
				return toolgen.ErrorResult("invalid arguments: " + err.Error()), nil
			}
			user, ok := toolgen.DepsAs[*User](toolgen.CtxFrom(ctx))
			if !ok {
				return toolgen.ErrorResult("greet needs a user"), nil
			}
			return toolgen.TextResult(in.Greeting + ", " + user.Name + "!"), nil
		},
	}
	ctx := toolgen.WithCtx(context.Background(), toolgen.Ctx{Deps: &User{Name: "Ada"}, Tool: "greet"})
	res, _ := greet.Call(ctx, []byte(`{"greeting":"Hello"}`))
	fmt.Println(res.IsError, res.Text())

	// Outside a run there are no deps.
	res, _ = greet.Call(context.Background(), []byte(`{"greeting":"Hi"}`))
	fmt.Println(res.IsError, res.Text())
	// Output:
	// false Hello, Ada!
	// true greet needs a user
}

// countWords is a tool function that sends the count so far after each
// line. Marked //toolgen:tool, its toolgen.Partial[int] parameter would be
// no argument: the generated dispatch passes one made with toolgen's own
// encoder for int, and the tool's PartialSchema would be
// {"type":"integer"}.
func countWords(lines []string, counted toolgen.Partial[int]) int {
	n := 0
	for _, line := range lines {
		n += len(strings.Fields(line))
		_ = counted.SendWith(toolgen.Progress{Message: "counting"}, n) // an int always encodes
	}
	return n
}

// A tool sends partial results through a toolgen.Partial[T]. Whoever runs
// the tool receives them as progress (WithProgress; the agent loop turns
// them into tool_progress events); a test calling the function itself
// makes the Partial with NewPartial, as the generated dispatch does.
func ExamplePartial() {
	ctx := toolgen.WithProgress(context.Background(), func(p toolgen.Progress) {
		fmt.Println(p.Message, string(p.Partial))
	})
	encode := func(n int) ([]byte, error) { return json.Marshal(n) }
	fmt.Println("total:", countWords([]string{"a b", "c", "d e f"}, toolgen.NewPartial(ctx, encode)))

	// Nobody listens: nothing is encoded or reported.
	quiet := toolgen.NewPartial(context.Background(), encode)
	fmt.Println(quiet.Active(), "total:", countWords([]string{"a b"}, quiet))
	// Output:
	// counting 2
	// counting 3
	// counting 6
	// total: 6
	// false total: 2
}

// A hand-written tool that panics: called through CallSafely (as the
// Toolbox, the agent loop and the MCP server call every tool), the panic
// is a failed result for the model, not the end of the program.
func ExampleTool_CallSafely() {
	fragile := toolgen.Tool{Name: "fragile", Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
		panic("the index is corrupt")
	}}
	res, err := fragile.CallSafely(context.Background(), []byte(`{}`))
	fmt.Println(res.IsError, err)
	fmt.Println(res.Text())
	// Output:
	// true <nil>
	// tool fragile failed: panic: the index is corrupt
}
