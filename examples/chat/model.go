package main

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"regexp"
	"strings"
	"time"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/examples/internal/demo"
)

// demoModel plays a model offline, deterministically, so that the page
// works without an API key. Like a real model it keeps nothing between
// requests: it reads the transcript. Asked about the weather it calls
// get_weather, then answers with the result; asked to search the mail it
// calls search_mail (which reports each folder it reads), then lists what
// it found; asked to email it calls send_email (which waits for the user's
// approval), then says what became of it; anything else gets a hint. It streams its text word by word,
// pausing for delay after each word so that a person sees it come in.
type demoModel struct {
	delay time.Duration
}

func (m demoModel) Generate(_ context.Context, r agent.Request) (agent.Response, error) {
	msg := agent.Message{Role: agent.RoleAssistant}
	if len(r.Messages) == 0 {
		msg.Text = hint
		return agent.Response{Message: msg}, nil
	}
	last := r.Messages[len(r.Messages)-1]
	switch {
	case last.Role == agent.RoleTool && len(last.Results) > 0:
		msg.Text = answer(last.Results[0])
	case last.Role == agent.RoleUser:
		msg.Text, msg.Calls = ask(last.Text)
	default:
		msg.Text = hint
	}
	return agent.Response{Message: msg, Usage: agent.Usage{InputTokens: 50, OutputTokens: 10}}, nil
}

// Stream gives the response Generate makes, its text word by word.
func (m demoModel) Stream(ctx context.Context, r agent.Request) iter.Seq2[agent.Part, error] {
	return demo.Stream(ctx, m, r, m.delay)
}

const hint = `I am the demo model. Ask me "What's the weather in Paris?", "Search my mail for invoice" or "Email ana@example.com that I am late."`

var (
	cityRE   = regexp.MustCompile(`\b(?:[Ii]n|[Ff]or|[Aa]t)\s+([A-Z][\p{L}-]*(?:\s+[A-Z][\p{L}-]*)*)`)
	searchRE = regexp.MustCompile(`(?i)\b(?:search|find|look through)\b.*?\b(?:for|about)\s+"?([^"?.!]+)`)
)

// ask is the model's first answer to the user's text: a sentence, and the
// call it makes.
func ask(text string) (string, []agent.ToolCall) {
	lower := strings.ToLower(text)
	if m := searchRE.FindStringSubmatch(text); m != nil && strings.Contains(lower, "mail") {
		query := strings.TrimSpace(m[1])
		args, _ := json.Marshal(map[string]string{"query": query})
		return fmt.Sprintf("Let me search your mail for %q.", query),
			[]agent.ToolCall{{ID: demo.CallID(), Name: ToolSearchMail, Args: args}}
	}
	switch {
	case strings.Contains(lower, "email") || strings.Contains(lower, "mail "):
		return demo.AskEmail(text, "A message from the chat", ToolSendEmail)
	case strings.Contains(lower, "weather"):
		return demo.AskWeather(text, cityRE)
	}
	return hint, nil
}

// answer is the model's last word on a call's result.
func answer(r agent.ToolResult) string {
	if r.Name == ToolSearchMail && !r.Result.IsError {
		return found(r.Result.Structured)
	}
	return demo.Answer(r, ToolSendEmail)
}

// found is the model's word on a mail search's result.
func found(result json.RawMessage) string {
	var s MailSearch
	if err := json.Unmarshal(result, &s); err != nil {
		return "The search said something I cannot read."
	}
	if len(s.Hits) == 0 {
		return fmt.Sprintf("No email about %q in %d folders.", s.Query, len(s.Read))
	}
	var list []string
	for _, h := range s.Hits {
		list = append(list, fmt.Sprintf("%q from %s (%s)", h.Subject, h.From, h.Folder))
	}
	return fmt.Sprintf("I found %d emails about %q: %s.", len(s.Hits), s.Query, strings.Join(list, "; "))
}
