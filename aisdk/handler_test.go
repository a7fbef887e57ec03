package aisdk_test

import (
	"bufio"
	"context"
	"encoding/json"
	_ "errors"
	"fmt"
	_ "io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	_ "go.uber.org/goleak"

	"github.com/toolgen-dev/toolgen/aisdk"
	"github.com/toolgen-dev/toolgen/runtime"
	"github.com/toolgen-dev/toolgen/runtime/agent"
	rt "github.com/toolgen-dev/toolgen/runtime/agent/agenttest"
)

// tools records the calls of its tools: lookup (runs), write (asks for
// approval), fail (returns an error) and banned (denied by a rule).
type tools struct {
	mu  sync.Mutex
	ran []string
}

func (r *tools) tool(name runtime.ToolName, approval bool, res runtime.Result) runtime.Tool {
	return runtime.Tool{
		Name: name, Description: "test tool " + string(name), InputSchema: []byte(`{"type":"object"}`),
		RequiresApproval: approval,
		Call: func(_ context.Context, args []byte) (runtime.Result, error) {
			r.mu.Lock()
			r.ran = append(r.ran, fmt.Sprintf("%s %s", name, args))
			r.mu.Unlock()
			return res, nil
		},
	}
}

func (r *tools) all() []runtime.Tool {
	return []runtime.Tool{
		r.tool("lookup", false, runtime.TextResult("x is 42")),
		r.tool("write", true, runtime.TextResult("written")),
		r.tool("fail", false, runtime.ErrorResult("disk full")),
		r.tool("banned", false, runtime.TextResult("never")),
	}
}

func (r *tools) calls() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.ran...)
}

// serve serves an agent over model and the tools on 127.0.0.1.
func serve(t *testing.T, model agent.Model, rec *tools, opts ...aisdk.Option) *httptest.Server {
	t.Helper()
	a, err := agent.New(model, agent.WithTools(rec.all()),
		agent.WithPermissions(agent.Permissions{Deny: []runtime.Rule{{Tool: "banned"}}}))
	require.NoError(t, err)
	h, err := aisdk.Handler(a, opts...)
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

// userMsg is a user's UIMessage.
func userMsg(id, text string) aisdk.UIMessage {
	return aisdk.UIMessage{ID: id, Role: "user", Parts: []aisdk.UIPart{{Type: "text", Text: text}}}
}

func body(t *testing.T, chatID string, msgs ...aisdk.UIMessage) string {
	t.Helper()
	b, err := json.Marshal(aisdk.Request{ID: chatID, Messages: msgs, Trigger: "submit-message"})
	require.NoError(t, err)
	return string(b)
}

// post sends a chat request and reads the whole stream: its chunks, as
// JSON objects, checked to end with [DONE].
func post(t *testing.T, url, body string) []map[string]any {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
	assert.Equal(t, "v1", resp.Header.Get("x-vercel-ai-ui-message-stream"))
	var chunks []map[string]any
	done := false
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		require.False(t, done, "an event after [DONE]: %s", line)
		data, ok := strings.CutPrefix(line, "data: ")
		require.True(t, ok, "not an SSE data line: %q", line)
		if data == "[DONE]" {
			done = true
			continue
		}
		var c map[string]any
		require.NoError(t, json.Unmarshal([]byte(data), &c), data)
		chunks = append(chunks, c)
	}
	require.NoError(t, sc.Err())
	require.True(t, done, "the stream did not end with [DONE]")
	return chunks
}

// brief is a chunk in a line: its type and its telling fields.
func brief(chunks []map[string]any) []string {
	var out []string
	for _, c := range chunks {
		s := c["type"].(string)
		for _, k := range []string{"id", "delta", "toolCallId", "toolName", "inputTextDelta", "input", "output", "approvalId", "errorText", "finishReason"} {
			if v, ok := c[k]; ok {
				b, _ := json.Marshal(v)
				s += " " + k + "=" + string(b)
			}
		}
		out = append(out, s)
	}
	return out
}

func TestTextAndReasoning(t *testing.T) {
	model := rt.NewModel(rt.Deltas(
		agent.Part{Kind: agent.PartReasoning, Text: "Think"},
		agent.Part{Kind: agent.PartReasoning, Text: "ing."},
		agent.Part{Kind: agent.PartText, Text: "Hello"},
		agent.Part{Kind: agent.PartText, Text: ", world"},
		agent.Part{Kind: agent.PartUsage, Usage: agent.Usage{InputTokens: 1}},
		agent.Part{Kind: agent.PartFinish, Finish: "stop"},
	))
	srv := serve(t, model, &tools{})
	chunks := post(t, srv.URL, body(t, "c", userMsg("u1", "hi")))
	require.NotEmpty(t, chunks)
	assert.Equal(t, "start", chunks[0]["type"])
	assert.True(t, strings.HasPrefix(chunks[0]["messageId"].(string), "msg-"))
	assert.Equal(t, []string{
		"start",
		"start-step",
		`reasoning-start id="reasoning-1"`,
		`reasoning-delta id="reasoning-1" delta="Think"`,
		`reasoning-delta id="reasoning-1" delta="ing."`,
		`reasoning-end id="reasoning-1"`,
		`text-start id="text-2"`,
		`text-delta id="text-2" delta="Hello"`,
		`text-delta id="text-2" delta=", world"`,
		`text-end id="text-2"`,
		"finish-step",
		`finish finishReason="stop"`,
	}, brief(chunks))
	require.Len(t, model.Requests(), 1)
	assert.Equal(t, []agent.Message{{Role: agent.RoleUser, Text: "hi"}}, model.Requests()[0].Messages)
}

func TestToolChunks(t *testing.T) {
	rec := &tools{}
	model := rt.NewModel(
		rt.Deltas(
			agent.Part{Kind: agent.PartText, Text: "Let me see."},
			agent.Part{Kind: agent.PartCallStart, Index: 0, Call: agent.ToolCall{ID: "c1", Name: "lookup"}},
			agent.Part{Kind: agent.PartCallArgs, Index: 0, Text: `{"key":`},
			agent.Part{Kind: agent.PartCallArgs, Index: 0, Text: `"x"}`},
			agent.Part{Kind: agent.PartCallDone, Index: 0, Call: rt.Call("c1", "lookup", `{"key":"x"}`)},
			agent.Part{Kind: agent.PartCallStart, Index: 1, Call: agent.ToolCall{ID: "c2", Name: "fail"}},
			agent.Part{Kind: agent.PartCallDone, Index: 1, Call: rt.Call("c2", "fail", `{}`)},
			agent.Part{Kind: agent.PartCallStart, Index: 2, Call: agent.ToolCall{ID: "c3", Name: "banned"}},
			agent.Part{Kind: agent.PartCallDone, Index: 2, Call: rt.Call("c3", "banned", `{}`)},
		),
		rt.StreamText("x is ", "42."),
	)
	srv := serve(t, model, rec, aisdk.WithErrorText(func(err error) string { return err.Error() }))
	chunks := post(t, srv.URL, body(t, "c", userMsg("u1", "what is x?")))
	got := brief(chunks)
	require.Len(t, got, 24)
	assert.Equal(t, []string{
		"start",
		"start-step",
		`text-start id="text-1"`,
		`text-delta id="text-1" delta="Let me see."`,
		`text-end id="text-1"`,
		`tool-input-start toolCallId="c1" toolName="lookup"`,
		`tool-input-delta toolCallId="c1" inputTextDelta="{\"key\":"`,
		`tool-input-delta toolCallId="c1" inputTextDelta="\"x\"}"`,
		`tool-input-available toolCallId="c1" toolName="lookup" input={"key":"x"}`,
		`tool-input-start toolCallId="c2" toolName="fail"`,
		`tool-input-available toolCallId="c2" toolName="fail" input={}`,
		`tool-input-start toolCallId="c3" toolName="banned"`,
		`tool-input-available toolCallId="c3" toolName="banned" input={}`,
		// A rule's denial comes as the calls are decided, before any runs.
		`tool-output-error toolCallId="c3" errorText="The call was not run: deny rule banned."`,
	}, got[:14])
	// The other two run concurrently: their outputs come in either order.
	assert.ElementsMatch(t, []string{
		`tool-output-available toolCallId="c1" output="x is 42"`,
		`tool-output-error toolCallId="c2" errorText="disk full"`,
	}, got[14:16])
	assert.Equal(t, []string{
		"finish-step",
		"start-step",
		`text-start id="text-2"`,
		`text-delta id="text-2" delta="x is "`,
		`text-delta id="text-2" delta="42."`,
		`text-end id="text-2"`,
		"finish-step",
		`finish finishReason="stop"`,
	}, got[16:])
	assert.ElementsMatch(t, []string{`lookup {"key":"x"}`, "fail {}"}, rec.calls())
}
