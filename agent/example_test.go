package agent_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log"
	"time"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/permission"
)

// New puts tools in front of a model; Run asks the model, runs the calls it
// makes and gives it the results until it answers. agenttest.NewModel
// scripts the model, so that this runs offline; a program passes a
// provider's model (package provider/openai or provider/anthropic).
func ExampleNew() {
	model := agenttest.NewModel(
		agenttest.Calls(agenttest.Call("c1", weather.ToolGetWeather, `{"city":"Paris"}`)),
		agenttest.Text("It is sunny in Paris, 17°C."),
	)
	ag, err := agent.New(model,
		agent.WithSystem("You are a weather assistant."),
		agent.WithTools(weather.Tools()),
	)
	if err != nil {
		log.Fatal(err)
	}
	state, err := ag.Run(context.Background(), "Weather in Paris?", nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range state.Messages {
		switch {
		case len(m.Calls) > 0:
			fmt.Printf("%s: calls %s %s\n", m.Role, m.Calls[0].Name, m.Calls[0].Args)
		case len(m.Results) > 0:
			fmt.Printf("%s: %s\n", m.Role, m.Results[0].Result.Text())
		default:
			fmt.Printf("%s: %s\n", m.Role, m.Text)
		}
	}
	fmt.Println(state.StopReason, state.Turns)
	// Output:
	// user: Weather in Paris?
	// assistant: calls get_weather {"city":"Paris"}
	// tool: Paris: 17°C, sunny
	// assistant: It is sunny in Paris, 17°C.
	// done 2
}

// The deps given to Run reach every tool through its toolgen.Ctx, with the
// call's details: a generated tool declares a toolgen.Ctx parameter, a
// hand-made one (as here) reads it with toolgen.CtxFrom.
func ExampleAgent_Run() {
	type User struct{ Name string }
	greet := toolgen.Tool{
		Name:        "greet",
		Description: "Greets the user.",
		InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
			c := toolgen.CtxFrom(ctx)
			user, ok := toolgen.DepsAs[*User](c)
			if !ok {
				return toolgen.ErrorResult("greet needs a user"), nil
			}
			return toolgen.TextResult(fmt.Sprintf("Hello, %s! (call %s, turn %d)", user.Name, c.CallID, c.Turn)), nil
		},
	}
	model := agenttest.NewModel(
		agenttest.Calls(agenttest.Call("call-7", "greet", `{}`)),
		agenttest.Text("Done."),
	)
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{greet}))
	if err != nil {
		log.Fatal(err)
	}
	state, err := ag.Run(context.Background(), "Greet me.", &User{Name: "Ada"})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(state.Messages[2].Results[0].Result.Text())
	// Output:
	// Hello, Ada! (call call-7, turn 1)
}

// A tool called by the agent loop can read the transcript up to its call
// from its context: here, to quote what the user asked. Outside a run it is
// nil.
func ExampleTranscriptFrom() {
	quote := toolgen.Tool{
		Name:        "quote_user",
		Description: "Repeats what the user asked.",
		InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
			msgs := agent.TranscriptFrom(ctx)
			for i := len(msgs) - 1; i >= 0; i-- {
				if msgs[i].Role == agent.RoleUser && msgs[i].Text != "" {
					return toolgen.TextResult(fmt.Sprintf("%d messages; the user asked: %s", len(msgs), msgs[i].Text)), nil
				}
			}
			return toolgen.ErrorResult("no transcript"), nil
		},
	}
	model := agenttest.NewModel(
		agenttest.Calls(agenttest.Call("c1", "quote_user", `{}`)),
		agenttest.Text("Done."),
	)
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{quote}))
	if err != nil {
		log.Fatal(err)
	}
	state, err := ag.Run(context.Background(), "Say it back.", nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(state.Messages[2].Results[0].Result.Text())

	res, _ := quote.Call(context.Background(), nil)
	fmt.Println(res.Text())
	// Output:
	// 2 messages; the user asked: Say it back.
	// no transcript
}

// A call that an Ask rule (or the tool's RequiresApproval) holds pauses the
// run. The state is plain data: it can be stored as JSON, shown to a person,
// and resumed, in another process if need be, once the calls are approved or
// rejected.
func ExampleAgent_Resume() {
	ctx := context.Background()
	model := agenttest.NewModel(
		agenttest.Calls(agenttest.Call("c1", weather.ToolGetForecast, `{"city":"Oslo","days":1}`)),
		agenttest.Text("Tomorrow in Oslo: rain, 13 to 21°C."),
	)
	ag, err := agent.New(model,
		agent.WithTools(weather.Tools()),
		agent.WithPermissions(permission.Permissions{
			Ask: []toolgen.Rule{{Tool: weather.ToolGetForecast}},
		}),
	)
	if err != nil {
		log.Fatal(err)
	}
	state, err := ag.Run(ctx, "Weather in Oslo tomorrow?", nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(state.StopReason)
	for _, p := range state.Pending() {
		fmt.Printf("%s wants %s %s: %s\n", p.ID, p.Name, p.Args, p.Reason)
	}

	// Later, perhaps elsewhere: the saved state comes back and a person approves.
	saved, err := json.Marshal(state)
	if err != nil {
		log.Fatal(err)
	}
	var restored agent.State
	if err := json.Unmarshal(saved, &restored); err != nil {
		log.Fatal(err)
	}
	if err := restored.Approve("c1"); err != nil {
		log.Fatal(err)
	}
	final, err := ag.Resume(ctx, &restored, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(final.StopReason, final.Output())
	// Output:
	// paused
	// c1 wants forecast {"city":"Oslo","days":1}: ask rule forecast
	// done Tomorrow in Oslo: rain, 13 to 21°C.
}

// A rejected call does not run: the model is told the user denied it, and
// why.
func ExampleState_Reject() {
	ctx := context.Background()
	model := agenttest.NewModel(
		agenttest.Calls(agenttest.Call("c1", weather.ToolGetWeather, `{"city":"Paris"}`)),
		agenttest.Text("Understood, I will not look it up."),
	)
	ag, err := agent.New(model,
		agent.WithTools(weather.Tools()),
		agent.WithPermissions(permission.Permissions{Ask: []toolgen.Rule{{Tool: "get_*"}}}),
	)
	if err != nil {
		log.Fatal(err)
	}
	state, err := ag.Run(ctx, "Weather in Paris?", nil)
	if err != nil {
		log.Fatal(err)
	}
	if err := state.Reject("not today"); err != nil {
		log.Fatal(err)
	}
	state, err = ag.Resume(ctx, state, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(state.Messages[2].Results[0].Result.Text())
	fmt.Println(state.Output())
	// Output:
	// Denied by the user: not today
	// Understood, I will not look it up.
}

// A tool that does not finish in time is abandoned: its context is
// cancelled, the model is told, and the run goes on.
func ExampleWithToolTimeout() {
	slow := toolgen.Tool{
		Name:        "slow",
		Description: "Takes its time.",
		InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
			<-ctx.Done() // a real tool would be working here
			return toolgen.Result{}, ctx.Err()
		},
	}
	model := agenttest.NewModel(
		agenttest.Calls(agenttest.Call("c1", "slow", `{}`)),
		agenttest.Text("The slow tool timed out."),
	)
	ag, err := agent.New(model,
		agent.WithTools([]toolgen.Tool{slow}, weather.Tools()),
		agent.WithToolTimeout(10*time.Millisecond, "slow"), // the other tools keep the default
	)
	if err != nil {
		log.Fatal(err)
	}
	state, err := ag.Run(context.Background(), "Go slowly.", nil)
	if err != nil {
		log.Fatal(err)
	}
	res := state.Messages[2].Results[0].Result
	fmt.Println(res.IsError, res.Text())
	// Output:
	// true tool slow did not finish within 10ms; it was abandoned
}

// An observer sees every event of every run, one at a time: for logs,
// metrics, or a user interface.
func ExampleWithObserver() {
	model := agenttest.NewModel(
		agenttest.Calls(agenttest.Call("c1", weather.ToolGetWeather, `{"city":"Paris"}`)),
		agenttest.Text("Sunny."),
	)
	ag, err := agent.New(model,
		agent.WithTools(weather.Tools()),
		agent.WithObserver(func(e agent.Event) {
			switch e.Kind {
			case agent.EventCallRequested, agent.EventToolStarted:
				fmt.Println(e.Turn, e.Kind, e.Call.Name)
			case agent.EventCallAllowed:
				fmt.Println(e.Turn, e.Kind, e.Call.Name, "because", e.Reason)
			case agent.EventToolFinished:
				fmt.Println(e.Turn, e.Kind, e.Call.Name, "error:", e.IsError)
			case agent.EventRunStopped:
				fmt.Println(e.Turn, e.Kind, e.Stop)
			default:
				fmt.Println(e.Turn, e.Kind)
			}
		}),
	)
	if err != nil {
		log.Fatal(err)
	}
	if _, err := ag.Run(context.Background(), "Weather in Paris?", nil); err != nil {
		log.Fatal(err)
	}
	// Output:
	// 1 turn_started
	// 1 model_responded
	// 1 call_requested get_weather
	// 1 call_allowed get_weather because no rule matched
	// 1 tool_started get_weather
	// 1 tool_finished get_weather error: false
	// 1 turn_finished
	// 2 turn_started
	// 2 model_responded
	// 2 turn_finished
	// 2 run_stopped done
}

// A preset decides the calls that no rule matched, from the tools'
// annotations: with PresetAllowReads, read-only tools run and others ask.
func ExampleWithPreset() {
	write := toolgen.Tool{
		Name:        "save_note",
		Description: "Saves a note.",
		InputSchema: []byte(`{"type":"object","properties":{"text":{"type":"string"}}}`),
		Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
			return toolgen.TextResult("saved"), nil
		},
	}
	model := agenttest.NewModel(
		agenttest.Calls(
			agenttest.Call("c1", weather.ToolGetWeather, `{"city":"Paris"}`),
			agenttest.Call("c2", "save_note", `{"text":"sunny"}`),
		),
	)
	ag, err := agent.New(model,
		agent.WithTools(weather.Tools(), []toolgen.Tool{write}),
		agent.WithPreset(agent.PresetAllowReads),
	)
	if err != nil {
		log.Fatal(err)
	}
	state, err := ag.Run(context.Background(), "Note the weather in Paris.", nil)
	if err != nil {
		log.Fatal(err)
	}
	for _, d := range state.Paused.Calls {
		fmt.Println(d.Call.Name, d.Outcome, "-", d.Reason)
	}
	// Output:
	// get_weather allow - preset allow-reads
	// save_note ask - preset allow-reads: the tool is not read-only
}

// An agent is a tool for another agent: the caller's model delegates a task
// with a prompt and reads the sub-agent's answer.
func ExampleAgent_AsTool() {
	ctx := context.Background()
	forecaster, err := agent.New(
		agenttest.NewModel(
			agenttest.Calls(agenttest.Call("f1", weather.ToolGetWeather, `{"city":"Lima"}`)),
			agenttest.Text("Lima: sunny."),
		),
		agent.WithName("forecaster"),
		agent.WithTools(weather.Tools()),
	)
	if err != nil {
		log.Fatal(err)
	}
	planner, err := agent.New(
		agenttest.NewModel(
			agenttest.Calls(agenttest.Call("p1", "ask_forecaster", `{"prompt":"Weather in Lima?"}`)),
			agenttest.Text("Pack sunglasses."),
		),
		agent.WithTools([]toolgen.Tool{forecaster.AsTool("ask_forecaster", "Answers questions about the weather.")}),
	)
	if err != nil {
		log.Fatal(err)
	}
	state, err := planner.Run(ctx, "What should I pack for Lima?", nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(state.Messages[2].Results[0].Result.Text())
	fmt.Println(state.Output())
	// Output:
	// Lima: sunny.
	// Pack sunglasses.
}

// An engine drives a run itself: Next says what to do, the engine runs the
// effect (here in process; a durable engine records it), and an Apply
// function records what it came to. The events of each step are in the
// state; the engine delivers them once (Emit), to the agent's observer.
func ExampleAgent_Next() {
	echo := toolgen.Tool{
		Name: "echo", InputSchema: []byte(`{"type":"object"}`),
		Call: func(_ context.Context, args []byte) (toolgen.Result, error) {
			return toolgen.TextResult(string(args)), nil
		},
	}
	model := agenttest.NewModel(agenttest.Calls(agenttest.Call("c1", "echo", `{"x":1}`)), agenttest.Text("Echoed."))
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{echo}),
		agent.WithObserver(func(e agent.Event) { fmt.Println("  event", e.Kind) }))
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	s := agent.NewState("run-1", "Echo something.")
	for {
		act, err := ag.Next(s)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(act.Kind)
		ag.Emit(ctx, s.TakeEvents()...)
		switch act.Kind {
		case agent.ActionAskModel:
			resp, err := ag.Model().Generate(ctx, act.Request)
			if err != nil {
				log.Fatal(err)
			}
			if err := ag.ApplyResponse(s, resp); err != nil {
				log.Fatal(err)
			}
		case agent.ActionCallTools:
			for _, c := range act.Calls {
				res, err := ag.CallTool(ctx, s.RunID, c, nil)
				if err != nil {
					log.Fatal(err)
				}
				if err := ag.ApplyResults(s, []agent.ToolResult{res}); err != nil {
					log.Fatal(err)
				}
			}
		case agent.ActionStop:
			fmt.Println(s.Output())
			return
		}
		ag.Emit(ctx, s.TakeEvents()...)
	}
	// Output:
	// ask_model
	//   event turn_started
	//   event model_responded
	// call_tools
	//   event call_requested
	//   event call_allowed
	//   event tool_started
	//   event tool_finished
	//   event turn_finished
	// ask_model
	//   event turn_started
	//   event model_responded
	//   event turn_finished
	// stop
	//   event run_stopped
	// Echoed.
}

// With tool search on, the model is sent the tools that are not deferred
// and search_tools; what a search finds is sent from the next request on.
func ExampleWithToolSearch() {
	refund := toolgen.Tool{
		Name: "refund_payment", Description: "Refund a payment to the card it was charged on.",
		Deferred: true, InputSchema: []byte(`{"type":"object"}`),
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("refunded"), nil },
	}
	model := agenttest.NewModel(
		agenttest.Calls(agenttest.Call("s1", agent.ToolSearchTools, `{"query":"refund a payment"}`)),
		agenttest.Calls(agenttest.Call("r1", "refund_payment", `{}`)),
		agenttest.Text("Refunded."),
	)
	a, err := agent.New(model, agent.WithTools(weather.Tools(), []toolgen.Tool{refund}),
		agent.WithToolSearch(agent.ToolSearch{Limit: 3}))
	if err != nil {
		log.Fatal(err)
	}
	st, err := a.Run(context.Background(), "Refund my last payment.", nil)
	if err != nil {
		log.Fatal(err)
	}
	for i, req := range model.Requests() {
		var sent []toolgen.ToolName
		for _, t := range req.Tools {
			sent = append(sent, t.Name)
		}
		fmt.Printf("request %d sends %v\n", i+1, sent)
	}
	fmt.Println("loaded:", st.LoadedTools)
	fmt.Println(st.Output())
	// Output:
	// request 1 sends [get_weather forecast search_tools]
	// request 2 sends [get_weather forecast search_tools refund_payment]
	// request 3 sends [get_weather forecast search_tools refund_payment]
	// loaded: [refund_payment]
	// Refunded.
}

// A model's malformed arguments are repaired when the tool's decoder is
// certain of the fix (here a name in the wrong case), the call runs, and
// the model reads what was repaired after the result. WithArgRepair(false) refuses such calls instead, with every
// problem.
func ExampleWithArgRepair() {
	for _, on := range []bool{true, false} {
		model := agenttest.NewModel(
			agenttest.Calls(agenttest.Call("c1", weather.ToolGetWeather, `{"City":"Paris","unit":"c"}`)),
			agenttest.Text("done"),
		)
		ag, err := agent.New(model, agent.WithTools(weather.Tools()), agent.WithArgRepair(on))
		if err != nil {
			log.Fatal(err)
		}
		if _, err := ag.Run(context.Background(), "Weather in Paris?", nil); err != nil {
			log.Fatal(err)
		}
		results := model.Requests()[1].Messages
		fmt.Println(results[len(results)-1].Results[0].Result.Text())
	}
	// Output:
	// Paris: 17°C, sunny
	// arguments repaired before the call: /City: the name "City", read as "city"
	// invalid arguments: /City: unknown field (known fields: "city", "unit"); /city: missing (required)
}

// With a state key, a saved State edited without the key runs nothing
// approved. Here the approved forecast for Oslo is turned, in the saved
// JSON, into one for Paris, and the State set back to version 1, which
// recorded no binding of an approval to its call: an agent without a key
// would run it; this one refuses it, and the State as saved resumes. The
// key is a secret of the program (32 random bytes from its secret store):
// every agent that resumes the run needs it, and answers are given through
// the agent, which seals them.
func ExampleWithStateKey() {
	ctx := context.Background()
	key := []byte("a 32-byte secret from your store")
	model := agenttest.NewModel(
		agenttest.Calls(agenttest.Call("c1", weather.ToolGetForecast, `{"city":"Oslo","days":1}`)),
		agenttest.Text("Tomorrow in Oslo: rain, 13 to 21°C."),
	)
	ag, err := agent.New(model,
		agent.WithTools(weather.Tools()),
		agent.WithPermissions(permission.Permissions{Ask: []toolgen.Rule{{Tool: weather.ToolGetForecast}}}),
		agent.WithStateKey(key),
	)
	if err != nil {
		log.Fatal(err)
	}
	state, err := ag.Run(ctx, "Weather in Oslo tomorrow?", nil)
	if err != nil {
		log.Fatal(err)
	}
	if err := ag.Approve(state, "c1"); err != nil { // not state.Approve: the answer is sealed
		log.Fatal(err)
	}
	saved, err := json.Marshal(state)
	if err != nil {
		log.Fatal(err)
	}

	var edited agent.State
	if err := json.Unmarshal(saved, &edited); err != nil {
		log.Fatal(err)
	}
	paris := json.RawMessage(`{"city":"Paris","days":1}`)
	edited.Version = 1
	edited.Messages[1].Calls[0].Args, edited.Paused.Calls[0].Call.Args = paris, paris
	edited.Paused.Calls[0].ApprovedTool, edited.Paused.Calls[0].ApprovedID, edited.Paused.Calls[0].ApprovedArgs = "", "", ""
	_, err = ag.Resume(ctx, &edited, nil)
	fmt.Println(err)

	var restored agent.State
	if err := json.Unmarshal(saved, &restored); err != nil {
		log.Fatal(err)
	}
	final, err := ag.Resume(ctx, &restored, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(final.StopReason, final.Output())
	// Output:
	// resume: the state is version 1, and an agent with a state key resumes only the version 3 States it sealed
	// done Tomorrow in Oslo: rain, 13 to 21°C.
}

// A person may fix a call's arguments instead of rejecting it: CheckEdit
// tells what the tool would refuse (every problem, so the UI asks again),
// ApproveWith approves the edited call, and Resume decides it again by the
// rules and runs it; the model reads that a person changed the call, and to
// what.
func ExampleState_ApproveWith() {
	ctx := context.Background()
	model := agenttest.NewModel(
		agenttest.Calls(agenttest.Call("c1", weather.ToolGetForecast, `{"city":"Pari","days":1}`)),
		agenttest.Text("Tomorrow in Paris."),
	)
	ag, err := agent.New(model,
		agent.WithTools(weather.Tools()),
		agent.WithPermissions(permission.Permissions{Ask: []toolgen.Rule{{Tool: weather.ToolGetForecast}}}),
	)
	if err != nil {
		log.Fatal(err)
	}
	state, err := ag.Run(ctx, "Weather in Paris tomorrow?", nil)
	if err != nil {
		log.Fatal(err)
	}
	id := state.Pending()[0].ID
	fmt.Println(ag.CheckEdit(state, id, json.RawMessage(`{"city":"","days":30}`)))
	edited := json.RawMessage(`{"city":"Paris","days":1}`)
	if err := state.ApproveWith(id, edited); err != nil {
		log.Fatal(err)
	}
	state, err = ag.Resume(ctx, state, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s; the model asked for %s\n", state.StopReason, state.Messages[1].Calls[0].Args)
	fmt.Println(state.Messages[2].Results[0].Result.Text())
	// Output:
	// invalid arguments: /city: "" is 0 characters long, shorter than the minimum 1; /days: 30 is greater than the maximum 14
	// done; the model asked for {"city":"Pari","days":1}
	// Note: the user edited this call's arguments before approving it; it ran with {"city":"Paris","days":1}.
}
