// Package agenttest scripts an agent.Model, so that agents are tested
// deterministically, offline, without an API key:
//
//	model := agenttest.NewModel(
//		agenttest.Calls(agenttest.Call("c1", weather.ToolGetWeather, `{"city":"Paris"}`)),
//		agenttest.Text("It is sunny in Paris."),
//	)
//	a, err := agent.New(model, agent.WithTools(weather.Tools()))
//	state, err := a.Run(ctx, "Weather in Paris?", nil)
//	// model.Requests() holds what the agent sent, tool results included.
package agenttest

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"

	"github.com/toolgen-dev/toolgen/runtime"
	"github.com/toolgen-dev/toolgen/runtime/agent"
)

// Reply is one scripted answer.
type Reply struct {
	// Respond builds the response from the request; Text, Calls and Fail
	// make the common ones.
	Respond func(agent.Request) (agent.Response, error)
}

// Text answers with text and no tool calls.
func Text(text string) Reply {
	return Respond(func(agent.Request) agent.Response {
		return agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Text: text}, Usage: agent.Usage{InputTokens: 10, OutputTokens: 5}}
	})
}

// Calls answers with tool calls (made in one turn).
func Calls(calls ...agent.ToolCall) Reply {
	return Respond(func(agent.Request) agent.Response {
		return agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Calls: calls}, Usage: agent.Usage{InputTokens: 10, OutputTokens: 5}}
	})
}

// Call is a tool call with raw JSON arguments.
func Call(id string, name runtime.ToolName, args string) agent.ToolCall {
	return agent.ToolCall{ID: id, Name: name, Args: json.RawMessage(args)}
}

// Fail answers with an error, as a model API that fails.
func Fail(err error) Reply {
	return Reply{Respond: func(agent.Request) (agent.Response, error) { return agent.Response{}, err }}
}

// Respond answers with what fn makes of the request.
func Respond(fn func(agent.Request) agent.Response) Reply {
	return Reply{Respond: func(r agent.Request) (agent.Response, error) { return fn(r), nil }}
}

// Model answers requests with its script, in order, and records them. It
// is safe for concurrent use (sub-agents may share one).
type Model struct {
	mu       sync.Mutex
	replies  []Reply
	requests []agent.Request
}

// NewModel scripts a model.
func NewModel(replies ...Reply) *Model {
	return &Model{replies: replies}
}

// Generate answers with the next reply. A request past the end of the
// script is an error saying so; a done ctx is ctx's error.
func (m *Model) Generate(ctx context.Context, req agent.Request) (agent.Response, error) {
	if err := ctx.Err(); err != nil {
		return agent.Response{}, err
	}
	m.mu.Lock()
	n := len(m.requests)
	req.Messages = slices.Clone(req.Messages) // the agent appends to its own
	m.requests = append(m.requests, req)
	if n >= len(m.replies) {
		m.mu.Unlock()
		return agent.Response{}, fmt.Errorf("agenttest: the script has %d replies and the agent asked for reply %d", len(m.replies), n+1)
	}
	reply := m.replies[n]
	m.mu.Unlock()
	return reply.Respond(req)
}

// Requests returns the requests the model received.
func (m *Model) Requests() []agent.Request {
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
