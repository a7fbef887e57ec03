// Command demo shows what toolgen made of the weather package: each tool
// with its schemas, then calls a model might make, good and bad, with the
// results the model would read. It needs no network and no API key; when the
// environment configures a model (OPENAI_API_KEY, OPENAI_BASE_URL or
// ANTHROPIC_API_KEY; see examples/internal/pick), it then asks that model
// about the weather, with the tools.
//
//	go run ./examples/weather/demo
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/examples/internal/pick"
	"github.com/toolgen-dev/toolgen/examples/weather"
)

// calls are what a model might send.
var calls = []struct {
	tool toolgen.ToolName
	args string
}{
	{weather.ToolGetWeather, `{"city":"Paris"}`},
	{weather.ToolGetWeather, `{"city":"Boston","unit":"f"}`},
	{weather.ToolGetForecast, `{"city":"Oslo","days":2}`},
	{weather.ToolGetWeather, `{"unit":"kelvin"}`},
	{weather.ToolGetForecast, `{"city":"","days":30,"when":"today"}`},
	{weather.ToolGetForecast, `{"city":"Oslo","days":"two"}`},
	{weather.ToolGetWeather, `{"city":"Atlantis"}`},
	{weather.ToolGetWeather, `{"city": "Paris"`},
	{"get_moon_phase", `{}`},
}

func main() {
	box, err := toolgen.NewToolbox(weather.Tools())
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, t := range box.Tools() {
		printTool(t)
	}
	fmt.Println("== Calls")
	for _, c := range calls {
		res, err := box.Call(context.Background(), c.tool, []byte(c.args))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		status := "ok"
		if res.IsError {
			status = "error"
		}
		fmt.Printf("\n%s %s\n  -> %s: %s\n", c.tool, c.args, status, res.Text())
	}
	if err := ask("What is the weather in Paris, and the forecast for Oslo for 2 days?"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// ask puts the question to the model the environment configures, if any.
func ask(question string) error {
	model, name, err := pick.Model(nil)
	if err != nil || model == nil {
		return err
	}
	fmt.Printf("\n== Agent (%s)\n%s\n", name, question)
	ag, err := agent.New(model, agent.WithTools(weather.Tools()),
		agent.WithObserver(func(e agent.Event) {
			if e.Kind == agent.EventToolFinished {
				fmt.Printf("  called %s %s\n", e.Call.Name, e.Call.Args)
			}
		}))
	if err != nil {
		return err
	}
	state, err := ag.Run(context.Background(), question, nil)
	if err != nil {
		return err
	}
	fmt.Printf("answer: %s\n(%d turns, %d+%d tokens)\n", state.Output(), state.Turns, state.Usage.InputTokens, state.Usage.OutputTokens)
	return nil
}

func printTool(t toolgen.Tool) {
	fmt.Printf("== Tool %s\n%s\n\nInput schema:\n%s\n", t.Name, t.Description, t.InputSchema)
	if t.OutputSchema != nil {
		fmt.Printf("\nOutput schema:\n%s\n", t.OutputSchema)
	}
	fmt.Printf("\nAnnotations: %+v, requires approval: %v\n\n", t.Annotations, t.RequiresApproval)
}
