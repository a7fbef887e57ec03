package agenttest_test

import (
	"context"
	"fmt"
	"log"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/examples/weather"
)

// A scripted model answers with its replies in order and records what it
// was asked, so that a test checks what the agent sent the model: the
// tools on offer and the tools' results.
func ExampleNewModel() {
	model := agenttest.NewModel(
		agenttest.Calls(
			agenttest.Call("c1", weather.ToolGetWeather, `{"city":"Paris"}`),
			agenttest.Call("c2", weather.ToolGetWeather, `{"city":"Atlantis"}`),
		),
		agenttest.Text("Sunny in Paris; Atlantis has no weather station."),
	)
	ag, err := agent.New(model, agent.WithTools(weather.Tools()))
	if err != nil {
		log.Fatal(err)
	}
	state, err := ag.Run(context.Background(), "Weather in Paris and Atlantis?", nil)
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
	model := agenttest.NewModel(
		agenttest.Calls(agenttest.Call("c1", weather.ToolGetWeather, `{"city":"Rome"}`)),
		agenttest.Respond(func(req agent.Request) agent.Response {
			last := req.Messages[len(req.Messages)-1]
			text := "The weather: " + last.Results[0].Result.Text()
			return agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Text: text}}
		}),
	)
	ag, err := agent.New(model, agent.WithTools(weather.Tools()))
	if err != nil {
		log.Fatal(err)
	}
	state, err := ag.Run(context.Background(), "Weather in Rome?", nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(state.Output())
	// Output:
	// The weather: Rome: 16°C, sunny
}

// StreamText scripts an answer in pieces: a streaming run hands them to its
// consumer one by one, and Run gets the same answer whole.
func ExampleStreamText() {
	model := agenttest.NewModel(agenttest.StreamText("Sunny ", "in ", "Paris."))
	ag, err := agent.New(model)
	if err != nil {
		log.Fatal(err)
	}
	state, err := ag.RunStream(context.Background(), "Weather in Paris?", nil, func(e agent.Event) error {
		if e.Kind == agent.EventModelPart && e.Part.Kind == agent.PartText {
			fmt.Printf("%q\n", e.Part.Text)
		}
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(state.Output())
	// Output:
	// "Sunny "
	// "in "
	// "Paris."
	// Sunny in Paris.
}
