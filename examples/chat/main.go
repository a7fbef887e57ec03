// Command chat is a chat page in the browser, built with React and the
// Vercel AI SDK's useChat, talking to a Go agent through package aisdk: the
// weather tools, a search_mail tool that reads the mail folder by folder
// (the page shows each folder read, and the hits so far, while it runs),
// and a send_email tool that asks for the user's approval (Approve / Deny
// buttons). The model's text streams in as it is written. The chat's id
// is in the page's URL and the server keeps the chat's messages, so a
// reload shows the chat again, an email waiting for approval included; a
// page reloaded mid-answer reconnects to the answer and gets the rest.
// While an answer comes, Send is off and a note says so; what the user
// types meanwhile stays in the box.
//
// It uses a real model when the environment configures one
// (OPENAI_API_KEY, OPENAI_BASE_URL or ANTHROPIC_API_KEY; see
// examples/internal/pick), else a scripted demo model that streams word by
// word. The page is embedded in the program (dist/, built from web/ by
// `go generate`), so nothing else is needed:
//
//	go run ./examples/chat
//	# then open http://127.0.0.1:8080
package main

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/aisdk"
	"github.com/toolgen-dev/toolgen/examples/internal/demo"
	"github.com/toolgen-dev/toolgen/examples/internal/pick"
	"github.com/toolgen-dev/toolgen/examples/weather"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "the address to serve on")
	flag.Parse()
	model, name, err := pick.Model(demoModel{delay: 40 * time.Millisecond})
	if err != nil {
		log.Fatal(err)
	}
	h, err := newHandler(model, &Outbox{}, demoMailbox(600*time.Millisecond))
	if err != nil {
		log.Fatal(err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Fprintln(os.Stderr, "model:", name)
	fmt.Fprintf(os.Stderr, "chat: open http://%s\n", ln.Addr())
	if err := demo.NewServer(h).Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}

// newHandler serves the page at / and the chat at /api/chat (useChat's
// default endpoint; a page that lost its connection reconnects to
// /api/chat/<chat id>/stream), with an agent on model that has the weather
// tools, mailbox's search_mail and outbox's send_email.
func newHandler(model agent.Model, outbox *Outbox, mailbox *Mailbox) (http.Handler, error) {
	ag, err := agent.New(model,
		agent.WithTools(weather.Tools(), mailbox.Tools(), outbox.Tools()),
		agent.WithSystem("You are a helpful assistant in a chat page. You can look up the weather, search the user's mail, and send email (the user approves each email)."),
	)
	if err != nil {
		return nil, err
	}
	chat, err := aisdk.Handler(ag)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("/api/chat", chat)
	mux.Handle("/api/chat/", chat) // reconnects: /api/chat/<chat id>/stream
	mux.Handle("/", http.FileServerFS(page()))
	return mux, nil
}
