package agent_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/permission"
)

// turnModel asks for the same calls whenever the user spoke last, and
// answers once it has the results: one turn of tool calls per run.
type turnModel struct{ calls []agent.ToolCall }

func (m turnModel) Generate(_ context.Context, req agent.Request) (agent.Response, error) {
	if req.Messages[len(req.Messages)-1].Role == agent.RoleUser {
		return agent.Response{Message: agent.Message{Calls: m.calls}}, nil
	}
	return agent.Response{Message: agent.Message{Text: "done"}}, nil
}

func trivialTools(n int) ([]toolgen.Tool, []agent.ToolCall) {
	var tools []toolgen.Tool
	var calls []agent.ToolCall
	for i := range n {
		name := toolgen.ToolName(fmt.Sprintf("tool%d", i))
		tools = append(tools, toolgen.Tool{Name: name, InputSchema: []byte(`{"type":"object"}`),
			Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("ok"), nil }})
		calls = append(calls, agent.ToolCall{ID: fmt.Sprint(i), Name: name, Args: []byte(`{}`)})
	}
	return tools, calls
}

// BenchmarkTurn is the loop's overhead: a run of one turn with eight
// parallel calls of trivial tools (permissions decided, calls run
// concurrently, results gathered, the model asked twice), against calling
// the eight tools directly.
func BenchmarkTurn(b *testing.B) {
	tools, calls := trivialTools(8)
	ctx := context.Background()
	b.Run("impl=agent", func(b *testing.B) {
		ag, err := agent.New(turnModel{calls: calls}, agent.WithTools(tools),
			agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "tool7", Args: map[string]string{"x": "*"}}}}))
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			if s, err := ag.Run(ctx, "go", nil); err != nil || s.StopReason != agent.StopDone {
				b.Fatal(err)
			}
		}
	})
	b.Run("impl=direct", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for i, t := range tools {
				if _, err := t.Call(ctx, calls[i].Args); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
