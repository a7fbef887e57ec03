package runtimetest_test

import (
	"context"
	"fmt"
	"log"

	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/runtime"
	"github.com/toolgen-dev/toolgen/runtime/runtimetest"
)

// A scripted model answers with its replies in order and records what it
// was asked, so that a test checks what the agent sent the model: the
// tools on offer and the tools' results.
func ExampleNewModel() {
	model := runtimetest.NewModel(
		runtimetest.Calls(
			runtimetest.Call("c1", weather.ToolGetWeather, `{"city":"Paris"}`),
			runtimetest.Call("c2", weather.ToolGetWeather, `{"city":"Atlantis"}`),
		),
		runtimetest.Text("Sunny in Paris; Atlantis has no weather station."),
	)
	agent, err := runtime.NewAgent(model, runtime.WithTools(weather.Tools()))
	if err != nil {
		log.Fatal(err)
	}
	state, err := agent.Run(context.Background(), "Weather in Paris and Atlantis?", nil)
	if err != nil {
		log.Fatal(err)
	}

	reqs := model.Requests()
	for _, t := range reqs[0].Tools {
		fmt.Println("offered:", t.Name)
	}
	last := reqs[len(reqs)-1].Messages
	for _, r := range last[len(last)-1].Results {
		fmt.Printf("%s: error=%v %s\n", r.CallID, r.Result.IsError, r.Result.Text())
	}
	fmt.Println(state.Output())
	fmt.Println("replies left:", model.Remaining())
	// Output:
	// offered: get_weather
	// offered: forecast
	// c1: error=false Paris: 17°C, sunny
	// c2: error=true no weather station in Atlantis
	// Sunny in Paris; Atlantis has no weather station.
	// replies left: 0
}

// Respond makes a reply from the request, for a model whose answer depends
// on what it was sent: here it repeats the tool's result.
func ExampleRespond() {
	model := runtimetest.NewModel(
		runtimetest.Calls(runtimetest.Call("c1", weather.ToolGetWeather, `{"city":"Rome"}`)),
		runtimetest.Respond(func(req runtime.Request) runtime.Response {
			last := req.Messages[len(req.Messages)-1]
			text := "The weather: " + last.Results[0].Result.Text()
			return runtime.Response{Message: runtime.Message{Role: runtime.RoleAssistant, Text: text}}
		}),
	)
	agent, err := runtime.NewAgent(model, runtime.WithTools(weather.Tools()))
	if err != nil {
		log.Fatal(err)
	}
	state, err := agent.Run(context.Background(), "Weather in Rome?", nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(state.Output())
	// Output:
	// The weather: Rome: 16°C, sunny
}
