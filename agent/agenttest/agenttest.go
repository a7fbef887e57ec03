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
//
// The model streams too (it is an agent.StreamingModel): a reply gives its
// response as agent.Parts does, or in the pieces StreamText or Deltas
// script, and Hold stops a stream at a Gate until the test releases it, so
// that a test sees what a consumer has seen mid-stream, or cancels there.
//
// Programs runs code mode's programs (agent.WithCodeMode) written in Go,
// so that a test drives the calls a program makes without an interpreter.
package agenttest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"maps"
	"slices"
	"sync"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
)

// Reply is one scripted answer.
type Reply struct {
	// Respond builds the response from the request; Text, Calls and Fail
	// make the common ones. A reply streams its response as agent.Parts
	// does, unless it scripts its parts (StreamText, Deltas).
	Respond func(agent.Request) (agent.Response, error)

	parts []agent.Part  // the scripted parts; nil: agent.Parts of Respond's response
	gates map[int]*Gate // a stream waits at gates[i] before parts[i]
}

// usage is what a scripted reply costs, unless it says otherwise.
var usage = agent.Usage{InputTokens: 10, OutputTokens: 5}

// Text answers with text and no tool calls.
func Text(text string) Reply {
	return Respond(func(agent.Request) agent.Response {
		return agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Text: text}, Usage: usage}
	})
}

// Calls answers with tool calls (made in one turn).
func Calls(calls ...agent.ToolCall) Reply {
	return Respond(func(agent.Request) agent.Response {
		return agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Calls: calls}, Usage: usage}
	})
}

// Call is a tool call with raw JSON arguments.
func Call(id string, name toolgen.ToolName, args string) agent.ToolCall {
	return agent.ToolCall{ID: id, Name: name, Args: json.RawMessage(args)}
}

// Fail answers with an error, as a model API that fails. A stream yields
// the error first.
func Fail(err error) Reply {
	return Reply{Respond: func(agent.Request) (agent.Response, error) { return agent.Response{}, err }}
}

// Respond answers with what fn makes of the request.
func Respond(fn func(agent.Request) agent.Response) Reply {
	return Reply{Respond: func(r agent.Request) (agent.Response, error) { return fn(r), nil }}
}

// StreamText answers with text streamed in these pieces, one text part
// each, then the usage and the finish: the response Text of the pieces
// joined gives, in pieces.
func StreamText(pieces ...string) Reply {
	parts := make([]agent.Part, 0, len(pieces)+2)
	for _, p := range pieces {
		parts = append(parts, agent.Part{Kind: agent.PartText, Text: p})
	}
	parts = append(parts, agent.Part{Kind: agent.PartUsage, Usage: usage}, agent.Part{Kind: agent.PartFinish, Finish: "stop"})
	return Deltas(parts...)
}

// Deltas answers with exactly these parts, in order (no usage or finish
// is added). Generate answers with what agent.Collect makes of them, or its
// error when they are out of order.
func Deltas(parts ...agent.Part) Reply {
	parts = slices.Clone(parts)
	if parts == nil {
		parts = []agent.Part{}
	}
	return Reply{
		Respond: func(agent.Request) (agent.Response, error) {
			return agent.Collect(func(yield func(agent.Part, error) bool) {
				for _, p := range parts {
					if !yield(p, nil) {
						return
					}
				}
			})
		},
		parts: parts,
	}
}

// Hold makes the reply's stream wait at g before its part number before
// (from 0; the number of parts waits after the last one, before the stream
// ends) until the test releases g. The stream reaches g once the consumer
// has taken every part before it; if the request's ctx ends while it
// waits, the stream yields ctx's error and stops. Generate ignores gates.
func (r Reply) Hold(before int, g *Gate) Reply {
	r.gates = maps.Clone(r.gates)
	if r.gates == nil {
		r.gates = map[int]*Gate{}
	}
	r.gates[before] = g
	return r
}

// A Gate holds a scripted stream (see Reply.Hold) until the test releases
// it.
type Gate struct {
	reached, released  chan struct{}
	reachOnce, relOnce sync.Once
}

// NewGate makes a closed gate.
func NewGate() *Gate {
	return &Gate{reached: make(chan struct{}), released: make(chan struct{})}
}

// Reached is closed once a stream waits at the gate: the consumer has
// taken every part before it and has not been given the next.
func (g *Gate) Reached() <-chan struct{} { return g.reached }

// Release lets the stream waiting at the gate go on, and any stream that
// reaches it later pass. Releasing twice is harmless.
func (g *Gate) Release() { g.relOnce.Do(func() { close(g.released) }) }

// wait waits at the gate until it is released (true) or ctx ends (false).
func (g *Gate) wait(ctx context.Context) bool {
	g.reachOnce.Do(func() { close(g.reached) })
	select {
	case <-g.released:
		return true
	case <-ctx.Done():
		return false
	}
}

// ErrStopped is how a stream that its consumer stopped early, with its
// context not done, ended (see Model.Ended).
var ErrStopped = errors.New("agenttest: the consumer stopped the stream")

// Model answers requests with its script, in order, and records them. It
// is safe for concurrent use (sub-agents may share one). It streams (it is
// an agent.StreamingModel), so a streaming run gets the replies' parts.
type Model struct {
	mu       sync.Mutex
	replies  []Reply
	requests []agent.Request
	ends     []error
}

var _ agent.StreamingModel = (*Model)(nil)

// NewModel scripts a model.
func NewModel(replies ...Reply) *Model {
	return &Model{replies: replies}
}

// Generate answers with the next reply. A request past the end of the
// script is an error saying so; a done ctx is ctx's error.
func (m *Model) Generate(ctx context.Context, req agent.Request) (agent.Response, error) {
	reply, n, err := m.take(ctx, req)
	if err != nil {
		return agent.Response{}, err
	}
	resp, err := reply.Respond(req)
	m.end(n, err)
	return resp, err
}

// Stream streams the next reply: its scripted parts, or the parts of its
// response (agent.Parts), waiting at its gates. An error (a Fail reply, a
// request past the end of the script, a ctx done before the stream began
// or while it waited at a gate) is yielded alone, and ends the stream.
func (m *Model) Stream(ctx context.Context, req agent.Request) iter.Seq2[agent.Part, error] {
	return func(yield func(agent.Part, error) bool) {
		reply, n, err := m.take(ctx, req)
		if err != nil {
			yield(agent.Part{}, err)
			return
		}
		parts := reply.parts
		if parts == nil {
			resp, err := reply.Respond(req)
			if err != nil {
				m.end(n, err)
				yield(agent.Part{}, err)
				return
			}
			parts = slices.Collect(agent.Parts(resp))
		}
		for i := 0; i <= len(parts); i++ {
			if g := reply.gates[i]; g != nil && !g.wait(ctx) {
				m.end(n, context.Cause(ctx))
				yield(agent.Part{}, ctx.Err())
				return
			}
			if i == len(parts) {
				break
			}
			if !yield(parts[i], nil) {
				stopped := ErrStopped
				if ctx.Err() != nil {
					stopped = context.Cause(ctx)
				}
				m.end(n, stopped)
				return
			}
		}
		m.end(n, nil)
	}
}

// take records req and returns the reply to it, with its number; a done
// ctx is ctx's error, and takes no reply.
func (m *Model) take(ctx context.Context, req agent.Request) (Reply, int, error) {
	if err := ctx.Err(); err != nil {
		return Reply{}, 0, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	n := len(m.requests)
	req.Messages = slices.Clone(req.Messages) // the agent appends to its own
	m.requests = append(m.requests, req)
	m.ends = append(m.ends, nil)
	if n >= len(m.replies) {
		err := fmt.Errorf("agenttest: the script has %d replies and the agent asked for reply %d", len(m.replies), n+1)
		m.ends[n] = err
		return Reply{}, n, err
	}
	return m.replies[n], n, nil
}

func (m *Model) end(n int, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.ends[n] = err
}

// Requests returns the requests the model received.
func (m *Model) Requests() []agent.Request {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.requests)
}

// Ended says how the answer to each request ended, in the order of
// Requests: nil when it was given whole (or is still being given); the
// reply's error; or, for a stream that stopped early, the cause of its
// context's end (context.Cause: context.Canceled, or the error a
// streaming run was stopped with), or ErrStopped when the consumer stopped
// reading with the context not done.
func (m *Model) Ended() []error {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.ends)
}

// Remaining says how many replies have not been used.
func (m *Model) Remaining() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return max(0, len(m.replies)-len(m.requests))
}
