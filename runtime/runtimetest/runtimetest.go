// Package runtimetest scripts a runtime.Model, so that agents are tested
// deterministically, offline, without an API key:
//
//	model := runtimetest.NewModel(
//		runtimetest.Calls(runtimetest.Call("c1", weather.ToolGetWeather, `{"city":"Paris"}`)),
//		runtimetest.Text("It is sunny in Paris."),
//	)
//	agent, err := runtime.NewAgent(model, runtime.WithTools(weather.Tools()))
//	state, err := agent.Run(ctx, "Weather in Paris?", nil)
//	// model.Requests() holds what the agent sent, tool results included.
package runtimetest

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"github.com/toolgen-dev/toolgen/runtime"
)

// Reply is one scripted answer.
type Reply struct {
	// Respond builds the response from the request; Text, Calls and Fail
	// make the common ones.
	Respond func(runtime.Request) (runtime.Response, error)
}

// Text answers with text and no tool calls.
func Text(text string) Reply {
	return Respond(func(runtime.Request) runtime.Response {
		return runtime.Response{Message: runtime.Message{Role: runtime.RoleAssistant, Text: text}, Usage: runtime.Usage{InputTokens: 10, OutputTokens: 5}}
	})
}

// Calls answers with tool calls (made in one turn).
func Calls(calls ...runtime.ToolCall) Reply {
	return Respond(func(runtime.Request) runtime.Response {
		return runtime.Response{Message: runtime.Message{Role: runtime.RoleAssistant, Calls: calls}, Usage: runtime.Usage{InputTokens: 10, OutputTokens: 5}}
	})
}

// Call is a tool call with raw JSON arguments.
func Call(id string, name runtime.ToolName, args string) runtime.ToolCall {
	return runtime.ToolCall{ID: id, Name: name, Args: json.RawMessage(args)}
}

// Fail answers with an error, as a model API that fails.
func Fail(err error) Reply {
	return Reply{Respond: func(runtime.Request) (runtime.Response, error) { return runtime.Response{}, err }}
}

// Respond answers with what fn makes of the request.
func Respond(fn func(runtime.Request) runtime.Response) Reply {
	return Reply{Respond: func(r runtime.Request) (runtime.Response, error) { return fn(r), nil }}
}

// Model answers requests with its script, in order, and records them. It
// is safe for concurrent use (sub-agents may share one).
type Model struct {
	mu       sync.Mutex
	replies  []Reply
	requests []runtime.Request
}

// NewModel scripts a model.
func NewModel(replies ...Reply) *Model {
	return &Model{replies: replies}
}

// Generate answers with the next reply. A request past the end of the
// script is an error saying so; a done ctx is ctx's error.
func (m *Model) Generate(ctx context.Context, req runtime.Request) (runtime.Response, error) {
	if err := ctx.Err(); err != nil {
		return runtime.Response{}, err
	}
	m.mu.Lock()
	n := len(m.requests)
	req.Messages = slices.Clone(req.Messages) // the agent appends to its own
	m.requests = append(m.requests, req)
	if n >= len(m.replies) {
		m.mu.Unlock()
		return runtime.Response{}, fmt.Errorf("runtimetest: the script has %d replies and the agent asked for reply %d", len(m.replies), n+1)
	}
	reply := m.replies[n]
	m.mu.Unlock()
	return reply.Respond(req)
}

// Requests returns the requests the model received.
func (m *Model) Requests() []runtime.Request {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.requests)
}

// Remaining says how many replies have not been used.
func (m *Model) Remaining() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return max(0, len(m.replies)-len(m.requests))
}
