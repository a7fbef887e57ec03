// Command agui serves an agent over the AG-UI protocol (package agui): the
// weather tools, and a send_email tool that asks for the user's approval,
// which an AG-UI client answers with a resume. It serves POST /agent, for
// the official client (@ag-ui/client) or any AG-UI frontend:
//
//	go run ./examples/agui
//	# then, in a page or in Node:
//	#   const agent = new HttpAgent({ url: "http://127.0.0.1:8080/agent" });
//	#   agent.addMessage({ id: "m1", role: "user", content: "Email ana@example.com that I am late." });
//	#   await agent.runAgent();            // ends with agent.pendingInterrupts
//	#   await agent.runAgent({ resume: [{ interruptId: agent.pendingInterrupts[0].id,
//	#     status: "resolved", payload: { approved: true } }] });
//
// With -ask it talks to itself instead, as a small AG-UI client in Go
// does (client.go): it sends the message, prints the events, and answers
// the approval (yes, or no with -reject):
//
//	go run ./examples/agui -ask "Email ana@example.com that I am late."
//	go run ./examples/agui -ask "What's the weather in Paris?"
//
// It uses a real model when the environment configures one
// (OPENAI_API_KEY, OPENAI_BASE_URL or ANTHROPIC_API_KEY; see
// examples/internal/pick), else a scripted demo model.
package main

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"strings"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agui"
	"github.com/toolgen-dev/toolgen/examples/internal/demo"
	"github.com/toolgen-dev/toolgen/examples/internal/pick"
	"github.com/toolgen-dev/toolgen/examples/weather"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "the address to serve on")
	origins := flag.String("origins", "", "comma-separated origins whose pages may call the agent (http://localhost:5173)")
	ask := flag.String("ask", "", "talk to the agent: send this message, print the run, and exit")
	reject := flag.Bool("reject", false, "with -ask, deny the calls that ask for approval")
	flag.Parse()
	model, name, err := pick.Model(demoModel{})
	if err != nil {
		log.Fatal(err)
	}
	var opts []agui.Option
	if *origins != "" {
		opts = append(opts, agui.WithAllowedOrigins(strings.Split(*origins, ",")...))
	}
	h, err := newHandler(model, &Outbox{}, opts...)
	if err != nil {
		log.Fatal(err)
	}
	if *ask != "" {
		*addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	srv := demo.NewServer(h)
	fmt.Fprintln(os.Stderr, "model:", name)
	if *ask != "" {
		go func() { _ = srv.Serve(ln) }()
		defer srv.Close()
		c := &Client{URL: fmt.Sprintf("http://%s/agent", ln.Addr()), Out: os.Stdout}
		if err := c.Ask("thread-1", *ask, func(agui.Interrupt) bool { return !*reject }); err != nil {
			log.Fatal(err)
		}
		return
	}
	fmt.Fprintf(os.Stderr, "agui: POST a RunAgentInput to http://%s/agent\n", ln.Addr())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}

// newHandler serves the agent at /agent: an agent on model that has the
// weather tools and outbox's send_email.
func newHandler(model agent.Model, outbox *Outbox, opts ...agui.Option) (http.Handler, error) {
	ag, err := agent.New(model,
		agent.WithTools(weather.Tools(), outbox.Tools()),
		agent.WithSystem("You are a helpful assistant. You can look up the weather, and send email (the user approves each email)."),
	)
	if err != nil {
		return nil, err
	}
	h, err := agui.NewHandler(ag, opts...)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("/agent", h)
	return mux, nil
}
