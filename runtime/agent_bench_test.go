package runtime_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/toolgen-dev/toolgen/runtime"
)

// turnModel asks for the same calls whenever the user spoke last, and
// answers once it has the results: one turn of tool calls per run.
type turnModel struct{ calls []runtime.ToolCall }

func (m turnModel) Generate(_ context.Context, req runtime.Request) (runtime.Response, error) {
	if req.Messages[len(req.Messages)-1].Role == runtime.RoleUser {
		return runtime.Response{Message: runtime.Message{Calls: m.calls}}, nil
	}
	return runtime.Response{Message: runtime.Message{Text: "done"}}, nil
}

func trivialTools(n int) ([]runtime.Tool, []runtime.ToolCall) {
	var tools []runtime.Tool
	var calls []runtime.ToolCall
	for i := range n {
		name := runtime.ToolName(fmt.Sprintf("tool%d", i))
		tools = append(tools, runtime.Tool{Name: name, InputSchema: []byte(`{"type":"object"}`),
			Call: func(context.Context, []byte) (runtime.Result, error) { return runtime.TextResult("ok"), nil }})
		calls = append(calls, runtime.ToolCall{ID: fmt.Sprint(i), Name: name, Args: []byte(`{}`)})
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
		agent, err := runtime.NewAgent(turnModel{calls: calls}, runtime.WithTools(tools),
			runtime.WithPermissions(runtime.Permissions{Deny: []runtime.Rule{{Tool: "tool7", Args: map[string]string{"x": "*"}}}}))
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		for b.Loop() {
			if s, err := agent.Run(ctx, "go", nil); err != nil || s.StopReason != runtime.StopDone {
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
