// Command durable is examples/approval on Temporal: the model looks up the
// weather and wants to email it; sending email requires approval, so the
// run waits, on the server, for a person's answer. The worker could die and
// another take over, or the answer come days later: the run goes on from
// where it stopped, and the email is sent once.
//
// With the Temporal CLI (https://docs.temporal.io/cli):
//
//	temporal server start-dev                  # in another terminal
//	cd temporal && go run ./examples/durable   # or -reject
//
// Its test runs the same against a server started in process.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"strings"
	"sync"
	"time"

	"go.temporal.io/sdk/client"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/temporal"
)

const taskQueue = "durable-example"

func main() {
	hostPort := flag.String("server", client.DefaultHostPort, "the Temporal server's host:port")
	reject := flag.Bool("reject", false, "reject the email instead of approving it")
	flag.Parse()
	c, err := client.Dial(client.Options{HostPort: *hostPort})
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	id := fmt.Sprintf("durable-example-%d", time.Now().UnixNano())
	if _, _, err := run(os.Stdout, c, id, *reject); err != nil {
		log.Fatal(err)
	}
}

// run starts a worker and a run, waits for the pause, decides, and reads
// the result. In production the worker, the run's start and the approval
// are three programs; here they are one.
func run(w io.Writer, c client.Client, id string, reject bool) (*agent.State, *Outbox, error) {
	ctx := context.Background()
	outbox := &Outbox{}
	ag, err := agent.New(script(),
		agent.WithTools(weather.Tools(), []toolgen.Tool{sendEmail}),
		agent.WithSystem("You help with travel. Ask before sending anything."),
	)
	if err != nil {
		return nil, nil, err
	}
	wk := temporal.NewWorker(c, taskQueue, ag, outbox, temporal.Options{})
	if err := wk.Start(); err != nil {
		return nil, nil, err
	}
	defer wk.Stop()

	runs := temporal.NewClient(c, taskQueue)
	if err := runs.Start(ctx, id, "Email ana@example.com the weather in Paris."); err != nil {
		return nil, nil, err
	}
	pending, err := waitPending(ctx, runs, id)
	if err != nil {
		return nil, nil, err
	}
	for _, p := range pending {
		fmt.Fprintf(w, "waiting for approval: %s %s (%s)\n", p.Name, p.Args, p.Reason)
	}
	if reject {
		err = runs.Reject(ctx, id, "the user wants to write it themselves")
	} else {
		err = runs.Approve(ctx, id)
	}
	if err != nil {
		return nil, nil, err
	}
	state, err := runs.Result(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	fmt.Fprintf(w, "stopped: %s after %d turns\n", state.StopReason, state.Turns)
	fmt.Fprintf(w, "answer: %s\n", state.Output())
	fmt.Fprintf(w, "outbox: %q\n", outbox.sent())
	return state, outbox, nil
}

// waitPending asks the run for its pending calls until it has some.
func waitPending(ctx context.Context, runs *temporal.Client, id string) ([]agent.PendingCall, error) {
	for range 300 {
		p, err := runs.Pending(ctx, id)
		if err != nil && ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
			// A query waits for the run's workflow task; on a busy
			// server one can outlast the query's own deadline. Ask again.
			continue
		}
		if err != nil {
			return nil, err
		}
		if len(p) > 0 {
			return p, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return nil, errors.New("the run did not pause for approval within 30s")
}

// Outbox holds the emails sent: the runs' deps, on the worker.
type Outbox struct {
	mu   sync.Mutex
	Sent []string
}

func (o *Outbox) sent() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]string(nil), o.Sent...)
}

// sendEmail requires approval and is destructive: on Temporal it is tried
// once, and it keys the email with the call's idempotency key, as a real
// mailer's request id.
var sendEmail = toolgen.Tool{
	Name:             "send_email",
	Description:      "Sends an email on the user's behalf.",
	InputSchema:      []byte(`{"type":"object","properties":{"to":{"type":"string"},"subject":{"type":"string"},"body":{"type":"string"}},"required":["to","subject","body"]}`),
	RequiresApproval: true,
	Annotations:      toolgen.Annotations{Destructive: true, OpenWorld: true},
	Call: func(ctx context.Context, args []byte) (toolgen.Result, error) {
		rc := toolgen.CtxFrom(ctx)
		outbox, ok := toolgen.DepsAs[*Outbox](rc)
		if !ok {
			return toolgen.ErrorResult("no outbox to send from"), nil
		}
		outbox.mu.Lock()
		defer outbox.mu.Unlock()
		outbox.Sent = append(outbox.Sent, fmt.Sprintf("%s [key %s]", strings.TrimSpace(string(args)), rc.IdempotencyKey()))
		return toolgen.TextResult("sent"), nil
	},
}

// script is the model, offline: it answers from the transcript alone, as
// a real model does, so a request retried on another worker gets the same
// answer.
func script() agent.Model {
	return agent.ModelFunc(func(_ context.Context, r agent.Request) (agent.Response, error) {
		last := r.Messages[len(r.Messages)-1]
		if last.Role == agent.RoleUser {
			return agent.Response{Message: agent.Message{Calls: []agent.ToolCall{
				agenttest.Call("call_1", weather.ToolGetWeather, `{"city":"Paris"}`),
				agenttest.Call("call_2", "send_email", `{"to":"ana@example.com","subject":"Weather in Paris","body":"Sunny, 17°C."}`),
			}}}, nil
		}
		text := fmt.Sprintf("Weather: %s. Email: %s", last.Results[0].Result.Text(), last.Results[1].Result.Text())
		return agent.Response{Message: agent.Message{Text: text}}, nil
	})
}
