package agenttest

import (
	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
)

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.Call].
//
//go:fix inline
func Call(id string, name toolgen.ToolName, args string) agent.ToolCall {
	return agenttest.Call(id, name, args)
}

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.Calls].
//
//go:fix inline
func Calls(calls ...agent.ToolCall) agenttest.Reply { return agenttest.Calls(calls...) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.Deltas].
//
//go:fix inline
func Deltas(parts ...agent.Part) agenttest.Reply { return agenttest.Deltas(parts...) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.ErrStopped].
var ErrStopped = agenttest.ErrStopped

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.Fail].
//
//go:fix inline
func Fail(err error) agenttest.Reply { return agenttest.Fail(err) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.Gate].
//
//go:fix inline
type Gate = agenttest.Gate

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.Model].
//
//go:fix inline
type Model = agenttest.Model

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.NewGate].
//
//go:fix inline
func NewGate() *agenttest.Gate { return agenttest.NewGate() }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.NewModel].
//
//go:fix inline
func NewModel(replies ...agenttest.Reply) *agenttest.Model { return agenttest.NewModel(replies...) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.Reply].
//
//go:fix inline
type Reply = agenttest.Reply

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.Respond].
//
//go:fix inline
func Respond(fn func(agent.Request) agent.Response) agenttest.Reply { return agenttest.Respond(fn) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.StreamText].
//
//go:fix inline
func StreamText(pieces ...string) agenttest.Reply { return agenttest.StreamText(pieces...) }

// Deprecated: use [github.com/toolgen-dev/toolgen/agent/agenttest.Text].
//
//go:fix inline
func Text(text string) agenttest.Reply { return agenttest.Text(text) }
