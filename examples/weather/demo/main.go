// Command demo shows what toolgen made of the weather package: each tool
// with its schemas, then calls a model might make, good and bad, with the
// results the model would read. It needs no network and no API key.
//
//	go run ./examples/weather/demo
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/runtime"
)

// calls are what a model might send.
var calls = []struct {
	tool runtime.ToolName
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
	box, err := runtime.NewToolbox(weather.Tools())
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
}

func printTool(t runtime.Tool) {
	fmt.Printf("== Tool %s\n%s\n\nInput schema:\n%s\n", t.Name, t.Description, t.InputSchema)
	if t.OutputSchema != nil {
		fmt.Printf("\nOutput schema:\n%s\n", t.OutputSchema)
	}
	fmt.Printf("\nAnnotations: %+v, requires approval: %v\n\n", t.Annotations, t.RequiresApproval)
}
