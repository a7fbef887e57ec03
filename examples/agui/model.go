package main

import (
	"context"
	"regexp"
	"strings"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/examples/internal/demo"
)

// demoModel plays a model offline, deterministically, so that the example
// runs without an API key. Like a real model it keeps nothing between
// requests: it reads the transcript. Asked about the weather it calls
// get_weather, asked to email it calls send_email (which waits for the
// user's approval), then it says what came of the call; anything else gets
// a hint.
type demoModel struct{}

func (demoModel) Generate(_ context.Context, r agent.Request) (agent.Response, error) {
	msg := agent.Message{Role: agent.RoleAssistant, Text: hint}
	if n := len(r.Messages); n > 0 {
		switch last := r.Messages[n-1]; {
		case last.Role == agent.RoleTool && len(last.Results) > 0:
			msg.Text = demo.Answer(last.Results[0], ToolSendEmail)
		case last.Role == agent.RoleUser:
			msg.Text, msg.Calls = ask(last.Text)
		}
	}
	return agent.Response{Message: msg, Usage: agent.Usage{InputTokens: 50, OutputTokens: 10}}, nil
}

const hint = `I am the demo model. Ask me "What's the weather in Paris?" or "Email ana@example.com that I am late."`

var cityRE = regexp.MustCompile(`\b(?:[Ii]n|[Ff]or|[Aa]t)\s+([A-Z][\p{L}-]*)`)

// ask is the model's first answer to the user's text: a sentence, and the
// call it makes.
func ask(text string) (string, []agent.ToolCall) {
	lower := strings.ToLower(text)
	switch {
	case strings.Contains(lower, "email"):
		return demo.AskEmail(text, "A message", ToolSendEmail)
	case strings.Contains(lower, "weather"):
		return demo.AskWeather(text, cityRE)
	}
	return hint, nil
}
