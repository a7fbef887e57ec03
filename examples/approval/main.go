// Command approval shows an agent pausing for a person's approval: the model
// looks up the weather and wants to email it; sending email requires
// approval, so the run pauses before anything of that turn runs. The paused
// state is saved as JSON (as a server would, between two requests), loaded
// again, approved (or rejected with -reject) and resumed.
//
// It runs offline with a scripted model, or with a real one when the
// environment configures it (OPENAI_API_KEY, OPENAI_BASE_URL or
// ANTHROPIC_API_KEY; see examples/internal/pick):
//
//	go run ./examples/approval
//	go run ./examples/approval -reject
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/examples/internal/pick"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/permission"
)

func main() {
	reject := flag.Bool("reject", false, "reject the email instead of approving it")
	flag.Parse()
	model, name, err := pick.Model(script())
	if err != nil {
		log.Fatal(err)
	}
	fmt.Fprintln(os.Stderr, "model:", name)
	if _, _, err := run(os.Stdout, os.TempDir(), *reject, model); err != nil {
		log.Fatal(err)
	}
}

// run is the whole story: run, pause, save, load, decide, resume.
func run(w io.Writer, dir string, reject bool, model agent.Model) (*agent.State, *Outbox, error) {
	ctx := context.Background()
	outbox := &Outbox{}
	ag, err := newAgent(model)
	if err != nil {
		return nil, nil, err
	}
	state, err := ag.Run(ctx, "Email ana@example.com the weather in Paris.", outbox)
	if err != nil {
		return nil, nil, err
	}
	fmt.Fprintf(w, "stopped: %s\n", state.StopReason)
	if state.StopReason != agent.StopPaused { // a real model may answer without emailing
		fmt.Fprintf(w, "answer: %s\n", state.Output())
		return state, outbox, nil
	}
	for _, p := range state.Pending() {
		fmt.Fprintf(w, "waiting for approval: %s %s (%s)\n", p.Name, p.Args, p.Reason)
	}

	// Between two requests a server keeps the state, not the agent.
	path := filepath.Join(dir, "approval-state.json")
	if err := save(w, state, path); err != nil {
		return nil, nil, err
	}
	if state, err = load(path); err != nil {
		return nil, nil, err
	}
	if err := decide(state, reject); err != nil {
		return nil, nil, err
	}
	if ag, err = newAgent(model); err != nil { // as in another process
		return nil, nil, err
	}
	if state, err = ag.Resume(ctx, state, outbox); err != nil {
		return nil, nil, err
	}
	fmt.Fprintf(w, "stopped: %s after %d turns, %d+%d tokens\n", state.StopReason, state.Turns, state.Usage.InputTokens, state.Usage.OutputTokens)
	fmt.Fprintf(w, "answer: %s\n", state.Output())
	fmt.Fprintf(w, "outbox: %q\n", outbox.Sent)
	return state, outbox, nil
}

func decide(s *agent.State, reject bool) error {
	if reject {
		return s.Reject("the user wants to write it themselves")
	}
	return s.Approve()
}

func newAgent(model agent.Model) (*agent.Agent, error) {
	return agent.New(model,
		agent.WithTools(weather.Tools(), Tools()),
		agent.WithSystem("You help with travel. Ask before sending anything."),
		agent.WithPermissions(permission.Permissions{
			// Never email a competitor, whatever the model says. The rule
			// type is generated: a misspelled field would not compile.
			Deny: []toolgen.Rule{SendEmailRule{To: "*@competitor.com"}.Rule()},
		}),
	)
}

// script is the model, offline: like a real model it keeps nothing between
// requests and answers from the transcript. Asked by the user, it wants the
// weather and the email in one turn; given the results, it answers.
func script() agent.Model {
	return agent.ModelFunc(func(_ context.Context, r agent.Request) (agent.Response, error) {
		last := r.Messages[len(r.Messages)-1]
		usage := agent.Usage{InputTokens: 10, OutputTokens: 5}
		if last.Role == agent.RoleUser {
			return agent.Response{Usage: usage, Message: agent.Message{Calls: []agent.ToolCall{
				agenttest.Call("call_1", weather.ToolGetWeather, `{"city":"Paris"}`),
				agenttest.Call("call_2", ToolSendEmail, `{"to":"ana@example.com","subject":"Weather in Paris","body":"Sunny, 17°C."}`),
			}}}, nil
		}
		text := fmt.Sprintf("Weather: %s. Email: %s", last.Results[0].Result.Text(), last.Results[1].Result.Text())
		return agent.Response{Usage: usage, Message: agent.Message{Text: text}}, nil
	})
}

func save(w io.Writer, s *agent.State, path string) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "saved the paused run (%d bytes of JSON) to %s\n", len(data), path)
	return os.WriteFile(path, data, 0o600)
}

func load(path string) (*agent.State, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s agent.State
	return &s, json.Unmarshal(data, &s)
}
