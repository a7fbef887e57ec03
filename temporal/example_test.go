package temporal_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.temporal.io/sdk/client"
	"go.temporal.io/server/temporaltest"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/temporal"
)

// A durable run that waits for approval: a worker runs the agent's model
// and tools as activities, and a client (another process, as a rule)
// starts the run, answers its approval and reads the result. The server
// here is Temporal's in-process test server; a program connects to its
// own with client.Dial.
func Example() {
	srv := temporaltest.NewServer(temporaltest.WithBaseClientOptions(client.Options{Logger: quiet{}}))
	defer srv.Stop()

	send := toolgen.Tool{
		Name: "send_email", InputSchema: []byte(`{"type":"object"}`), RequiresApproval: true,
		Call: func(_ context.Context, args []byte) (toolgen.Result, error) {
			return toolgen.TextResult("sent " + string(args)), nil
		},
	}
	model := rt.NewModel(rt.Calls(rt.Call("c1", "send_email", `{"to":"ana@example.com"}`)), rt.Text("Sent."))
	a, err := agent.New(model, agent.WithTools([]toolgen.Tool{send}))
	if err != nil {
		panic(err)
	}
	w := temporal.NewWorker(srv.GetDefaultClient(), "agents", a, nil, temporal.Options{})
	if err := w.Start(); err != nil {
		panic(err)
	}
	defer w.Stop()

	ctx := context.Background()
	c := temporal.NewClient(srv.GetDefaultClient(), "agents")
	if err := c.Start(ctx, "run-1", "Email Ana that I am late."); err != nil {
		panic(err)
	}
	// The run waits, on the server, for as long as it takes.
	var pending []agent.PendingCall
	for range 300 {
		if pending, err = c.Pending(ctx, "run-1"); err != nil || len(pending) > 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, p := range pending {
		fmt.Printf("waiting: %s %s (%s)\n", p.Name, p.Args, p.Reason)
	}
	if err := c.Approve(ctx, "run-1", "c1"); err != nil {
		panic(err)
	}
	// A decided call stays decided.
	fmt.Println(c.Reject(ctx, "run-1", "changed my mind", "c1") != nil)
	// An id names one run.
	fmt.Println(errors.Is(c.Start(ctx, "run-1", "Again."), temporal.ErrRunExists))

	st, err := c.Result(ctx, "run-1")
	if err != nil {
		panic(err)
	}
	fmt.Println(st.StopReason, st.Output())
	// Output:
	// waiting: send_email {"to":"ana@example.com"} (the tool requires approval)
	// true
	// true
	// done Sent.
}
