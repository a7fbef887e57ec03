// Package demo is what the examples' scripted models and servers share:
// the call ids such a model makes, its calls of the email and weather
// tools, its streaming of a response word by word, its last word on the
// tools' results, and the
// http.Server an example serves a streaming handler with.
package demo

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"iter"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/internal/backoff"
)

// CallID is a call id as providers make them: random, so that nobody can
// guess the id of a call that waits for approval.
func CallID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return "call_" + hex.EncodeToString(b[:])
}

var emailRE = regexp.MustCompile(`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+`)

// AskEmail is a scripted model's first answer to text asking for an email:
// a sentence, and the sendEmail call to the address text names
// (ana@example.com if none), with text as the body.
func AskEmail(text, subject string, sendEmail toolgen.ToolName) (string, []agent.ToolCall) {
	to := emailRE.FindString(text)
	if to == "" {
		to = "ana@example.com"
	}
	args, _ := json.Marshal(map[string]string{"to": to, "subject": subject, "body": text})
	return fmt.Sprintf("I will email %s. Sending needs your approval.", to),
		[]agent.ToolCall{{ID: CallID(), Name: sendEmail, Args: args}}
}

// AskWeather is a scripted model's first answer to text asking about the
// weather: a sentence, and the get_weather call for the city cityRE's
// first group finds in text (Paris if none).
func AskWeather(text string, cityRE *regexp.Regexp) (string, []agent.ToolCall) {
	city := "Paris"
	if m := cityRE.FindStringSubmatch(text); m != nil {
		city = m[1]
	}
	args, _ := json.Marshal(map[string]string{"city": city})
	return fmt.Sprintf("Let me look up the weather in %s.", city),
		[]agent.ToolCall{{ID: CallID(), Name: weather.ToolGetWeather, Args: args}}
}

// Stream gives the response m.Generate makes for r, its text word by word
// (pausing for delay after each word, so that a person sees it come in),
// then the rest of it.
func Stream(ctx context.Context, m agent.Model, r agent.Request, delay time.Duration) iter.Seq2[agent.Part, error] {
	return func(yield func(agent.Part, error) bool) {
		resp, err := m.Generate(ctx, r)
		if err != nil {
			yield(agent.Part{}, err)
			return
		}
		for word := range strings.SplitAfterSeq(resp.Message.Text, " ") {
			if word == "" {
				continue
			}
			if !yield(agent.Part{Kind: agent.PartText, Text: word}, nil) {
				return
			}
			if delay <= 0 {
				continue
			}
			if err := backoff.Sleep(ctx, delay); err != nil {
				yield(agent.Part{}, err)
				return
			}
		}
		rest := resp
		rest.Message.Text = ""
		for p := range agent.Parts(rest) {
			if !yield(p, nil) {
				return
			}
		}
	}
}

// Answer is a scripted model's last word on a call's result: the email
// that sendEmail sent, or did not, a tool's failure, or the weather.
func Answer(r agent.ToolResult, sendEmail toolgen.ToolName) string {
	text := r.Result.Text()
	switch {
	case r.Name == sendEmail && r.Result.IsError:
		return "I did not send the email. " + text
	case r.Name == sendEmail:
		return "Done: the email was " + text + "."
	case r.Result.IsError:
		return "The tool failed: " + text
	}
	return "Here is the weather: " + text + "."
}

// NewServer is the http.Server for h, with the timeouts a server on a
// network needs: a client that sends its headers or its body slowly, or
// keeps an idle connection, is cut. It has no WriteTimeout: that bounds
// the whole response, and an answer streams for as long as the model and
// the tools take (minutes, with a tool that runs long), so it would cut
// answers mid-stream. A client that stops reading is cut by the handler
// instead, which bounds each write (aisdk.WithWriteStallTimeout and
// agui.WithWriteStallTimeout, 30 seconds by default).
func NewServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		// The whole request, body included: at most the handlers' 8 MiB.
		ReadTimeout:    time.Minute,
		IdleTimeout:    2 * time.Minute,
		MaxHeaderBytes: 64 << 10,
	}
}
