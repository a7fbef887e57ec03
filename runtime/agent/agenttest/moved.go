package agenttest

import (
	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
)

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.Call]; removed in v0.3.0.
//
//go:fix inline
func Call(id string, name toolgen.ToolName, args string) agent.ToolCall {
	return agenttest.Call(id, name, args)
}

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.Calls]; removed in v0.3.0.
//
//go:fix inline
func Calls(calls ...agent.ToolCall) agenttest.Reply { return agenttest.Calls(calls...) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.Deltas]; removed in v0.3.0.
//
//go:fix inline
func Deltas(parts ...agent.Part) agenttest.Reply { return agenttest.Deltas(parts...) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.ErrStopped]; removed in v0.3.0.
var ErrStopped = agenttest.ErrStopped

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.Fail]; removed in v0.3.0.
//
//go:fix inline
func Fail(err error) agenttest.Reply { return agenttest.Fail(err) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.Gate]; removed in v0.3.0.
//
//go:fix inline
type Gate = agenttest.Gate

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.Model]; removed in v0.3.0.
//
//go:fix inline
type Model = agenttest.Model

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.NewGate]; removed in v0.3.0.
//
//go:fix inline
func NewGate() *agenttest.Gate { return agenttest.NewGate() }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.NewModel]; removed in v0.3.0.
//
//go:fix inline
func NewModel(replies ...agenttest.Reply) *agenttest.Model { return agenttest.NewModel(replies...) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.Reply]; removed in v0.3.0.
//
//go:fix inline
type Reply = agenttest.Reply

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.Respond]; removed in v0.3.0.
//
//go:fix inline
func Respond(fn func(agent.Request) agent.Response) agenttest.Reply { return agenttest.Respond(fn) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.StreamText]; removed in v0.3.0.
//
//go:fix inline
func StreamText(pieces ...string) agenttest.Reply { return agenttest.StreamText(pieces...) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.Text]; removed in v0.3.0.
//
//go:fix inline
func Text(text string) agenttest.Reply { return agenttest.Text(text) }
