package agentotel_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/agentotel"
	"github.com/toolgen-dev/toolgen/codemode"
	"github.com/toolgen-dev/toolgen/permission"
)

// recorder traces with an in-memory SDK pipeline.
type recorder struct {
	*tracetest.SpanRecorder
	tracer trace.Tracer
}

func newRecorder(t *testing.T) recorder {
	sr := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(sr))
	t.Cleanup(func() { _ = tp.Shutdown(context.Background()) })
	return recorder{SpanRecorder: sr, tracer: tp.Tracer("agentotel_test")}
}

// spans are the ended spans, after checking that every started span ended.
func (r recorder) spans(t *testing.T) []sdktrace.ReadOnlySpan {
	t.Helper()
	require.Len(t, r.Ended(), len(r.Started()), "every span started ends")
	return r.Ended()
}

func named(spans []sdktrace.ReadOnlySpan, name string) []sdktrace.ReadOnlySpan {
	var out []sdktrace.ReadOnlySpan
	for _, s := range spans {
		if s.Name() == name {
			out = append(out, s)
		}
	}
	return out
}

func one(t *testing.T, spans []sdktrace.ReadOnlySpan, name string) sdktrace.ReadOnlySpan {
	t.Helper()
	got := named(spans, name)
	require.Len(t, got, 1, "spans named %q", name)
	return got[0]
}

func attrs(s sdktrace.ReadOnlySpan) map[attribute.Key]attribute.Value {
	m := map[attribute.Key]attribute.Value{}
	for _, kv := range s.Attributes() {
		m[kv.Key] = kv.Value
	}
	return m
}

func eventNames(s sdktrace.ReadOnlySpan) []string {
	var out []string
	for _, e := range s.Events() {
		out = append(out, e.Name)
	}
	return out
}

func isChild(t *testing.T, child, parent sdktrace.ReadOnlySpan) {
	t.Helper()
	assert.Equal(t, parent.SpanContext().TraceID(), child.SpanContext().TraceID(), "%s in the trace of %s", child.Name(), parent.Name())
	assert.Equal(t, parent.SpanContext().SpanID(), child.Parent().SpanID(), "%s under %s", child.Name(), parent.Name())
}

func tool(name toolgen.ToolName, call func(context.Context, []byte) (toolgen.Result, error)) toolgen.Tool {
	return toolgen.Tool{Name: name, Description: "test tool", InputSchema: []byte(`{"type":"object"}`), Call: call}
}

// rendezvous are tools that each wait until all n of them are running, so
// that a run in which they finish made its calls in parallel.
func rendezvous(n int, names ...toolgen.ToolName) []toolgen.Tool {
	var mu sync.Mutex
	all := make(chan struct{})
	var tools []toolgen.Tool
	for _, name := range names {
		tools = append(tools, tool(name, func(ctx context.Context, args []byte) (toolgen.Result, error) {
			mu.Lock()
			if n--; n == 0 {
				close(all)
			}
			mu.Unlock()
			select {
			case <-all:
				return toolgen.TextResult(string(name) + " result"), nil
			case <-time.After(time.Minute): // the calls were not parallel: fail rather than hang
				return toolgen.ErrorResult("the other call never started"), nil
			}
		}))
	}
	return tools
}

func TestParallelToolCalls(t *testing.T) {
	for _, content := range []bool{false, true} {
		rec := newRecorder(t)
		opts := []agentotel.Option{agentotel.WithModel("", "openai", "gpt-test")}
		if content {
			opts = append(opts, agentotel.WithContent())
		}
		model := rt.NewModel(rt.Calls(rt.Call("c1", "alpha", `{"q":1}`), rt.Call("c2", "beta", `{"q":2}`)), rt.Text("done"))
		ag, err := agent.New(model, agent.WithName("planner"), agent.WithTools(rendezvous(2, "alpha", "beta")),
			agent.WithObserver(agentotel.Observer(rec.tracer, opts...)))
		require.NoError(t, err)
		s, err := ag.Run(context.Background(), "go", nil)
		require.NoError(t, err)
		require.Equal(t, agent.StopDone, s.StopReason)

		spans := rec.spans(t)
		require.Len(t, spans, 5) // the run, two model calls, two tool calls
		run := one(t, spans, "invoke_agent planner")
		assert.False(t, run.Parent().IsValid(), "a run's span is a root: observers get no context")
		assert.Equal(t, map[attribute.Key]attribute.Value{
			"gen_ai.operation.name":      attribute.StringValue("invoke_agent"),
			"gen_ai.agent.name":          attribute.StringValue("planner"),
			"gen_ai.conversation.id":     attribute.StringValue(s.RunID),
			"gen_ai.provider.name":       attribute.StringValue("openai"),
			"gen_ai.request.model":       attribute.StringValue("gpt-test"),
			"gen_ai.usage.input_tokens":  attribute.IntValue(20),
			"gen_ai.usage.output_tokens": attribute.IntValue(10),
			"toolgen.agent.stop_reason":  attribute.StringValue("done"),
		}, attrs(run))
		assert.Equal(t, codes.Unset, run.Status().Code)

		chats := named(spans, "chat gpt-test")
		require.Len(t, chats, 2)
		for i, c := range chats {
			isChild(t, c, run)
			assert.Equal(t, trace.SpanKindClient, c.SpanKind())
			a := attrs(c)
			assert.Equal(t, "chat", a["gen_ai.operation.name"].AsString())
			assert.Equal(t, int64(i+1), a["toolgen.agent.turn"].AsInt64())
			assert.Equal(t, int64(10), a["gen_ai.usage.input_tokens"].AsInt64())
			assert.Equal(t, int64(5), a["gen_ai.usage.output_tokens"].AsInt64())
		}
		for _, call := range []struct{ id, name, args string }{{"c1", "alpha", `{"q":1}`}, {"c2", "beta", `{"q":2}`}} {
			span := one(t, spans, "execute_tool "+call.name)
			isChild(t, span, run)
			assert.Equal(t, trace.SpanKindInternal, span.SpanKind())
			assert.Equal(t, codes.Unset, span.Status().Code)
			a := attrs(span)
			assert.Equal(t, "execute_tool", a["gen_ai.operation.name"].AsString())
			assert.Equal(t, call.name, a["gen_ai.tool.name"].AsString())
			assert.Equal(t, call.id, a["gen_ai.tool.call.id"].AsString())
			assert.Equal(t, "function", a["gen_ai.tool.type"].AsString())
			assert.Equal(t, int64(3), a[agentotel.ResultTokensKey].AsInt64(), "%q: 11 or 12 bytes, 3 tokens", call.name+" result")
			if content {
				assert.Equal(t, call.args, a["gen_ai.tool.call.arguments"].AsString())
				assert.Equal(t, call.name+" result", a["gen_ai.tool.call.result"].AsString())
			} else {
				assert.NotContains(t, a, attribute.Key("gen_ai.tool.call.arguments"), "arguments are content")
				assert.NotContains(t, a, attribute.Key("gen_ai.tool.call.result"), "results are content")
			}
			// Both calls ran at once: each started before the other ended.
			other := one(t, spans, map[string]string{"alpha": "execute_tool beta", "beta": "execute_tool alpha"}[call.name])
			assert.True(t, span.StartTime().Before(other.EndTime()))
		}
	}
}

func TestFailingTools(t *testing.T) {
	// runCalling runs an agent whose model calls the tool once, then answers,
	// observed; it returns the spans and the run's error.
	runCalling := func(t *testing.T, called toolgen.Tool, opts ...agent.Option) ([]sdktrace.ReadOnlySpan, error) {
		t.Helper()
		rec := newRecorder(t)
		opts = append(opts, agent.WithTools([]toolgen.Tool{called}), agent.WithObserver(agentotel.Observer(rec.tracer)))
		ag, err := agent.New(rt.NewModel(rt.Calls(rt.Call("c1", called.Name, `{}`)), rt.Text("sorry")), opts...)
		require.NoError(t, err)
		_, err = ag.Run(context.Background(), "go", nil)
		return rec.spans(t), err
	}
	t.Run("failed result", func(t *testing.T) {
		spans, err := runCalling(t, tool("fetch", func(context.Context, []byte) (toolgen.Result, error) {
			return toolgen.ErrorResult("fetch: host unreachable"), nil
		}))
		require.NoError(t, err)
		span := one(t, spans, "execute_tool fetch")
		assert.Equal(t, sdktrace.Status{Code: codes.Error, Description: "fetch: host unreachable"}, span.Status())
		assert.Equal(t, "tool_error", attrs(span)["error.type"].AsString())
		run := one(t, spans, "invoke_agent")
		assert.Equal(t, codes.Unset, run.Status().Code, "the model read the failure; the run went on")
		assert.Len(t, named(spans, "chat"), 2)
	})
	t.Run("error", func(t *testing.T) {
		spans, err := runCalling(t, tool("fetch", func(context.Context, []byte) (toolgen.Result, error) {
			return toolgen.Result{}, errors.New("connection pool closed")
		}))
		require.Error(t, err)
		span := one(t, spans, "execute_tool fetch")
		assert.Equal(t, sdktrace.Status{Code: codes.Error, Description: "connection pool closed"}, span.Status())
		assert.Equal(t, "_OTHER", attrs(span)["error.type"].AsString())
		run := one(t, spans, "invoke_agent")
		assert.Equal(t, codes.Error, run.Status().Code)
		assert.Contains(t, run.Status().Description, "connection pool closed")
	})
	t.Run("timeout", func(t *testing.T) {
		spans, err := runCalling(t, tool("slow", func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			<-ctx.Done()
			return toolgen.Result{}, ctx.Err()
		}), agent.WithToolTimeout(time.Millisecond))
		require.NoError(t, err)
		span := one(t, spans, "execute_tool slow")
		assert.Equal(t, codes.Error, span.Status().Code)
		assert.Equal(t, "timeout", attrs(span)["error.type"].AsString())
	})
}

func TestPausedThenResumed(t *testing.T) {
	rec := newRecorder(t)
	var sent atomic.Bool
	send := tool("send", func(context.Context, []byte) (toolgen.Result, error) {
		sent.Store(true)
		return toolgen.TextResult("sent"), nil
	})
	send.RequiresApproval = true
	ag, err := agent.New(rt.NewModel(rt.Calls(rt.Call("c1", "send", `{"to":"bob"}`)), rt.Text("sent it")),
		agent.WithTools([]toolgen.Tool{send}), agent.WithObserver(agentotel.Observer(rec.tracer)))
	require.NoError(t, err)
	s, err := ag.Run(context.Background(), "mail bob", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopPaused, s.StopReason)

	spans := rec.spans(t) // the paused run's span ended
	require.Len(t, spans, 2)
	paused := one(t, spans, "invoke_agent")
	assert.Equal(t, "paused", attrs(paused)["toolgen.agent.stop_reason"].AsString())
	assert.Equal(t, []string{"call_paused"}, eventNames(paused))
	ev := attrs2(paused.Events()[0].Attributes)
	assert.Equal(t, "send", ev["gen_ai.tool.name"].AsString())
	assert.Equal(t, "c1", ev["gen_ai.tool.call.id"].AsString())

	require.NoError(t, s.Approve())
	_, err = ag.Resume(context.Background(), s, nil)
	require.NoError(t, err)
	assert.True(t, sent.Load(), "the approved call ran")
	spans = rec.spans(t)
	runs := named(spans, "invoke_agent")
	require.Len(t, runs, 2)
	resumed := runs[1]
	assert.NotEqual(t, paused.SpanContext().TraceID(), resumed.SpanContext().TraceID())
	assert.Equal(t, s.RunID, attrs(resumed)["gen_ai.conversation.id"].AsString(), "both spans name the run")
	assert.Equal(t, s.RunID, attrs(paused)["gen_ai.conversation.id"].AsString())
	assert.Equal(t, "done", attrs(resumed)["toolgen.agent.stop_reason"].AsString())
	assert.Equal(t, []string{"call_approved"}, eventNames(resumed))
	isChild(t, one(t, spans, "execute_tool send"), resumed)
	assert.Len(t, named(spans, "chat"), 2)
}

func attrs2(kvs []attribute.KeyValue) map[attribute.Key]attribute.Value {
	m := map[attribute.Key]attribute.Value{}
	for _, kv := range kvs {
		m[kv.Key] = kv.Value
	}
	return m
}

func TestDeniedCallIsAnEvent(t *testing.T) {
	rec := newRecorder(t)
	rm := tool("rm", func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("gone"), nil })
	ag, err := agent.New(rt.NewModel(rt.Calls(rt.Call("c1", "rm", `{}`)), rt.Text("could not")),
		agent.WithTools([]toolgen.Tool{rm}), agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "rm"}}}),
		agent.WithObserver(agentotel.Observer(rec.tracer)))
	require.NoError(t, err)
	_, err = ag.Run(context.Background(), "clean up", nil)
	require.NoError(t, err)
	spans := rec.spans(t)
	assert.Empty(t, named(spans, "execute_tool rm"), "a denied call does not run")
	run := one(t, spans, "invoke_agent")
	assert.Equal(t, []string{"call_denied"}, eventNames(run))
	assert.NotEmpty(t, attrs2(run.Events()[0].Attributes)["toolgen.agent.reason"].AsString())
}

func TestFailedModelCall(t *testing.T) {
	rec := newRecorder(t)
	ag, err := agent.New(rt.NewModel(rt.Fail(errors.New("model overloaded"))),
		agent.WithObserver(agentotel.Observer(rec.tracer, agentotel.WithModel("", "anthropic", "claude-test"))))
	require.NoError(t, err)
	_, err = ag.Run(context.Background(), "go", nil)
	require.Error(t, err)
	spans := rec.spans(t)
	require.Len(t, spans, 2)
	chat := one(t, spans, "chat claude-test")
	run := one(t, spans, "invoke_agent")
	isChild(t, chat, run)
	for _, s := range []sdktrace.ReadOnlySpan{chat, run} {
		assert.Equal(t, codes.Error, s.Status().Code, s.Name())
		assert.Contains(t, s.Status().Description, "model overloaded", s.Name())
		assert.Equal(t, "_OTHER", attrs(s)["error.type"].AsString(), s.Name())
	}
	assert.Equal(t, "anthropic", attrs(chat)["gen_ai.provider.name"].AsString())
}

func TestCancelledRunEndsEverySpan(t *testing.T) {
	rec := newRecorder(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Both calls start before either cancels: a call the agent has not
	// started when the run is cancelled never starts, and has no span.
	var started sync.WaitGroup
	started.Add(2)
	bothStarted := make(chan struct{})
	go func() { started.Wait(); close(bothStarted) }()
	var tools []toolgen.Tool
	for _, name := range []toolgen.ToolName{"a", "b"} {
		tools = append(tools, tool(name, func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			started.Done()
			select {
			case <-bothStarted:
			case <-time.After(10 * time.Second):
				t.Error("the two calls did not run at once")
			}
			cancel() // the person gave up while the calls ran
			<-ctx.Done()
			return toolgen.Result{}, ctx.Err()
		}))
	}
	ag, err := agent.New(rt.NewModel(rt.Calls(rt.Call("1", "a", `{}`), rt.Call("2", "b", `{}`))),
		agent.WithTools(tools), agent.WithObserver(agentotel.Observer(rec.tracer)))
	require.NoError(t, err)
	_, err = ag.Run(ctx, "go", nil)
	require.ErrorIs(t, err, context.Canceled)
	spans := rec.spans(t)
	run := one(t, spans, "invoke_agent")
	assert.Equal(t, "canceled", attrs(run)["error.type"].AsString())
	for _, name := range []string{"execute_tool a", "execute_tool b"} {
		span := one(t, spans, name)
		isChild(t, span, run)
		assert.Equal(t, codes.Error, span.Status().Code)
	}
}

func TestSubAgent(t *testing.T) {
	rec := newRecorder(t)
	obs := agentotel.Observer(rec.tracer)
	sub, err := agent.New(rt.NewModel(rt.Calls(rt.Call("s1", "lookup", `{}`)), rt.Text("forty-two")), agent.WithName("researcher"),
		agent.WithTools([]toolgen.Tool{tool("lookup", func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("42"), nil })}),
		agent.WithObserver(obs))
	require.NoError(t, err)
	// The caller runs the sub-agent and another tool in parallel: the
	// sub-agent's run nests under the call of the tool named as it.
	other := tool("clock", func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("noon"), nil })
	parent, err := agent.New(rt.NewModel(rt.Calls(rt.Call("p1", "researcher", `{"prompt":"what is it?"}`), rt.Call("p2", "clock", `{}`)), rt.Text("42 at noon")),
		agent.WithName("lead"), agent.WithTools([]toolgen.Tool{sub.AsTool("researcher", "asks a researcher"), other}), agent.WithObserver(obs))
	require.NoError(t, err)
	s, err := parent.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	require.Equal(t, "42 at noon", s.Output())

	spans := rec.spans(t)
	lead := one(t, spans, "invoke_agent lead")
	call := one(t, spans, "execute_tool researcher")
	researcher := one(t, spans, "invoke_agent researcher")
	isChild(t, call, lead)
	isChild(t, researcher, call)
	isChild(t, one(t, spans, "execute_tool lookup"), researcher)
	assert.Equal(t, s.RunID, attrs(researcher)["toolgen.agent.parent_run_id"].AsString())
	assert.Equal(t, int64(20), attrs(researcher)["gen_ai.usage.input_tokens"].AsInt64())
	for _, c := range named(spans, "chat") {
		assert.Equal(t, lead.SpanContext().TraceID(), c.SpanContext().TraceID(), "one trace")
	}
	assert.Len(t, named(spans, "chat"), 4)
}

func TestFileChangesAndCompactionsAreEvents(t *testing.T) {
	for _, content := range []bool{false, true} {
		rec := newRecorder(t)
		var opts []agentotel.Option
		if content {
			opts = append(opts, agentotel.WithContent())
		}
		write := tool("write", func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			toolgen.ReportFileChange(ctx, toolgen.FileChange{Path: "notes/secret.txt", Kind: toolgen.FileCreated})
			return toolgen.TextResult("a long result the compaction elides"), nil
		})
		ag, err := agent.New(rt.NewModel(rt.Calls(rt.Call("c1", "write", `{}`)), rt.Text("written")),
			agent.WithTools([]toolgen.Tool{write}), agent.WithCompaction(1, agent.ElideToolResults(0, 1)),
			agent.WithObserver(agentotel.Observer(rec.tracer, opts...)))
		require.NoError(t, err)
		_, err = ag.Run(context.Background(), "write it down", nil)
		require.NoError(t, err)
		spans := rec.spans(t)

		call := one(t, spans, "execute_tool write")
		require.Equal(t, []string{"file_changed"}, eventNames(call))
		ev := attrs2(call.Events()[0].Attributes)
		assert.Equal(t, "created", ev["toolgen.file.change"].AsString())
		if content {
			assert.Equal(t, "notes/secret.txt", ev["toolgen.file.path"].AsString())
		} else {
			assert.NotContains(t, ev, attribute.Key("toolgen.file.path"), "paths are content")
		}

		run := one(t, spans, "invoke_agent")
		require.Equal(t, []string{"compaction"}, eventNames(run))
		ev = attrs2(run.Events()[0].Attributes)
		assert.Equal(t, "elide_tool_results", ev["toolgen.compaction.policy"].AsString())
		assert.Equal(t, int64(2), ev["toolgen.agent.turn"].AsInt64())
	}
}

func TestRejectionReasonIsContent(t *testing.T) {
	for _, content := range []bool{false, true} {
		rec := newRecorder(t)
		var opts []agentotel.Option
		if content {
			opts = append(opts, agentotel.WithContent())
		}
		send := tool("send", func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("sent"), nil })
		send.RequiresApproval = true
		ag, err := agent.New(rt.NewModel(rt.Calls(rt.Call("c1", "send", `{}`)), rt.Text("not sent")),
			agent.WithTools([]toolgen.Tool{send}), agent.WithObserver(agentotel.Observer(rec.tracer, opts...)))
		require.NoError(t, err)
		s, err := ag.Run(context.Background(), "mail bob", nil)
		require.NoError(t, err)
		require.NoError(t, s.Reject("bob is on leave"))
		_, err = ag.Resume(context.Background(), s, nil)
		require.NoError(t, err)
		runs := named(rec.spans(t), "invoke_agent")
		require.Len(t, runs, 2)
		require.Equal(t, []string{"call_rejected"}, eventNames(runs[1]))
		ev := attrs2(runs[1].Events()[0].Attributes)
		assert.Equal(t, "c1", ev["gen_ai.tool.call.id"].AsString())
		if content {
			assert.Contains(t, ev["toolgen.agent.reason"].AsString(), "bob is on leave")
		} else {
			assert.NotContains(t, ev, attribute.Key("toolgen.agent.reason"), "a person's words are content")
		}
	}
}

func TestLoadedToolsAreAnEvent(t *testing.T) {
	rec := newRecorder(t)
	refund := tool("refund_payment", func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("ok"), nil })
	refund.Description, refund.Deferred = "Refund a payment.", true
	ag, err := agent.New(rt.NewModel(rt.Calls(rt.Call("s1", agent.ToolSearchTools, `{"query":"refund payment"}`)), rt.Text("found")),
		agent.WithTools([]toolgen.Tool{refund}), agent.WithToolSearch(agent.ToolSearch{}),
		agent.WithObserver(agentotel.Observer(rec.tracer)))
	require.NoError(t, err)
	_, err = ag.Run(context.Background(), "refund", nil)
	require.NoError(t, err)
	run := one(t, rec.spans(t), "invoke_agent")
	require.Equal(t, []string{"tools_loaded"}, eventNames(run))
	assert.Equal(t, []string{"refund_payment"}, attrs2(run.Events()[0].Attributes)["toolgen.tools.loaded"].AsStringSlice())
}

// A call the provider ran (its own tool search here) is an event of the
// run's span, before the tools it loaded.
func TestProviderCallIsAnEvent(t *testing.T) {
	rec := newRecorder(t)
	refund := tool("refund_payment", func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("ok"), nil })
	refund.Description, refund.Deferred = "Refund a payment.", true
	search := agent.ProviderCall{Provider: "anthropic", ID: "srvtoolu_1", Name: "tool_search_tool_bm25", Found: []toolgen.ToolName{"refund_payment"}}
	model := nativeSearcher{rt.NewModel(rt.Respond(func(agent.Request) agent.Response {
		return agent.Response{Message: agent.Message{Text: "found", ProviderCalls: []agent.ProviderCall{search}}}
	}))}
	ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{refund}), agent.WithToolSearch(agent.ToolSearch{}),
		agent.WithObserver(agentotel.Observer(rec.tracer)))
	require.NoError(t, err)
	_, err = ag.Run(context.Background(), "refund", nil)
	require.NoError(t, err)
	run := one(t, rec.spans(t), "invoke_agent")
	require.Equal(t, []string{"provider_call", "tools_loaded"}, eventNames(run))
	ev := attrs2(run.Events()[0].Attributes)
	assert.Equal(t, "anthropic", ev["gen_ai.provider.name"].AsString())
	assert.Equal(t, "tool_search_tool_bm25", ev["gen_ai.tool.name"].AsString())
	assert.Equal(t, "srvtoolu_1", ev["gen_ai.tool.call.id"].AsString())
}

type nativeSearcher struct{ *rt.Model }

func (nativeSearcher) SearchesTools() bool { return true }

// A tool's progress reports are events on its call's span, in order, with
// how much is done, the total and the message; the partial result is
// content.
func TestProgressIsAnEventOfTheCall(t *testing.T) {
	for _, content := range []bool{false, true} {
		rec := newRecorder(t)
		var opts []agentotel.Option
		if content {
			opts = append(opts, agentotel.WithContent())
		}
		pages := tool("pages", func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			toolgen.ReportProgress(ctx, toolgen.Progress{Message: "page 1", Progress: 1, Total: 2, Partial: []byte(`{"rows":["secret"]}`)})
			toolgen.ReportProgress(ctx, toolgen.Progress{Message: "page 2", Progress: 2})
			return toolgen.TextResult("2 pages"), nil
		})
		ag, err := agent.New(rt.NewModel(rt.Calls(rt.Call("c1", "pages", `{}`)), rt.Text("read")),
			agent.WithTools([]toolgen.Tool{pages}), agent.WithObserver(agentotel.Observer(rec.tracer, opts...)))
		require.NoError(t, err)
		_, err = ag.Run(context.Background(), "read", nil)
		require.NoError(t, err)

		call := one(t, rec.spans(t), "execute_tool pages")
		require.Equal(t, []string{"tool_progress", "tool_progress"}, eventNames(call))
		first, second := attrs2(call.Events()[0].Attributes), attrs2(call.Events()[1].Attributes)
		assert.Equal(t, 1.0, first[agentotel.ProgressKey].AsFloat64())
		assert.Equal(t, 2.0, first[agentotel.ProgressTotalKey].AsFloat64())
		assert.Equal(t, "page 1", first[agentotel.ProgressMessageKey].AsString())
		if content {
			assert.Equal(t, `{"rows":["secret"]}`, first[agentotel.ProgressPartialKey].AsString())
		} else {
			assert.NotContains(t, first, agentotel.ProgressPartialKey, "a partial result is content")
		}
		assert.Equal(t, 2.0, second[agentotel.ProgressKey].AsFloat64())
		assert.NotContains(t, second, agentotel.ProgressTotalKey, "no total reported")
		assert.NotContains(t, second, agentotel.ProgressPartialKey)
	}
}

// oneCallProgram runs a program that calls the tool "lookup" once.
type oneCallProgram struct{}

func (oneCallProgram) Run(ctx context.Context, p codemode.Program, host codemode.Host) (codemode.Result, error) {
	v, err := host(ctx, "lookup", []byte(`{}`))
	return codemode.Result{Value: v, Calls: 1}, err
}

func TestProgramCallsNestUnderRunCode(t *testing.T) {
	rec := newRecorder(t)
	lookup := tool("lookup", func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("found"), nil })
	ag, err := agent.New(rt.NewModel(rt.Calls(rt.Call("c1", codemode.ToolRunCode, `{"program":"return await lookup()"}`)), rt.Text("found it")),
		agent.WithTools([]toolgen.Tool{lookup}),
		agent.WithCodeMode(agent.CodeMode{Runner: oneCallProgram{}, Declarations: "declare function lookup(args: {}): Promise<string>;"}),
		agent.WithObserver(agentotel.Observer(rec.tracer)))
	require.NoError(t, err)
	_, err = ag.Run(context.Background(), "find it", nil)
	require.NoError(t, err)
	spans := rec.spans(t)
	program, call := one(t, spans, "execute_tool run_code"), one(t, spans, "execute_tool lookup")
	isChild(t, call, program)
	isChild(t, program, one(t, spans, "invoke_agent"))
	assert.Equal(t, "c1", attrs(call)[agentotel.ProgramCallKey].AsString())
	assert.Equal(t, "c1.1", attrs(call)["gen_ai.tool.call.id"].AsString())
}

// The tokens a provider's prompt cache read and wrote are the GenAI
// conventions' cache attributes of each model call and of the run (their
// sum), counted in its input tokens too.
func TestCacheUsageAttributes(t *testing.T) {
	rec := newRecorder(t)
	turn := 0
	model := agent.ModelFunc(func(context.Context, agent.Request) (agent.Response, error) {
		turn++
		if turn == 1 {
			return agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Calls: []agent.ToolCall{{ID: "c1", Name: "alpha", Args: []byte(`{}`)}}},
				Usage: agent.Usage{InputTokens: 1200, OutputTokens: 5, CacheCreationInputTokens: 1000}}, nil
		}
		return agent.Response{Message: agent.Message{Role: agent.RoleAssistant, Text: "done"},
			Usage: agent.Usage{InputTokens: 1300, OutputTokens: 5, CachedInputTokens: 1100}}, nil
	})
	ag, err := agent.New(model, agent.WithName("planner"), agent.WithTools(rendezvous(1, "alpha")),
		agent.WithObserver(agentotel.Observer(rec.tracer)))
	require.NoError(t, err)
	_, err = ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	spans := rec.spans(t)
	chats := named(spans, "chat")
	require.Len(t, chats, 2)
	first, second := attrs(chats[0]), attrs(chats[1])
	assert.Equal(t, int64(1000), first["gen_ai.usage.cache_creation.input_tokens"].AsInt64())
	assert.NotContains(t, first, attribute.Key("gen_ai.usage.cache_read.input_tokens"), "none read")
	assert.Equal(t, int64(1100), second["gen_ai.usage.cache_read.input_tokens"].AsInt64())
	run := attrs(one(t, spans, "invoke_agent planner"))
	assert.Equal(t, int64(2500), run["gen_ai.usage.input_tokens"].AsInt64())
	assert.Equal(t, int64(1100), run["gen_ai.usage.cache_read.input_tokens"].AsInt64())
	assert.Equal(t, int64(1000), run["gen_ai.usage.cache_creation.input_tokens"].AsInt64())
}
