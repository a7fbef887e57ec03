package aisdk_test

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/aisdk"
	"github.com/toolgen-dev/toolgen/codemode"
	"github.com/toolgen-dev/toolgen/permission"
)

// The programs of the code mode tests, over the tools of tools.all().
var programs = rt.Programs{
	// look calls lookup, then banned (denied by a rule), catching its error.
	"look": func(call func(string, string) (json.RawMessage, error)) (any, error) {
		x, err := call("lookup", `{"key":"x"}`)
		if err != nil {
			return nil, err
		}
		_, err = call("banned", `{}`)
		return map[string]any{"x": x, "banned": fmt.Sprint(err)}, nil
	},
	// write looks x up, then writes f and g, each asking for approval; a
	// denial is caught.
	"write": func(call func(string, string) (json.RawMessage, error)) (any, error) {
		if _, err := call("lookup", `{"key":"x"}`); err != nil {
			return nil, err
		}
		var out []string
		for _, path := range []string{"f", "g"} {
			_, err := call("write", fmt.Sprintf(`{"path":%q}`, path))
			out = append(out, fmt.Sprintf("%s: %v", path, err))
		}
		return out, nil
	},
}

// serveCode serves an agent in code mode whose model runs the program
// named, then answers "Done.".
func serveCode(t *testing.T, program string, rec *tools) (*httptest.Server, *rt.Model) {
	t.Helper()
	model := rt.NewModel(rt.Calls(rt.Call("c1", codemode.ToolRunCode, fmt.Sprintf(`{"program":%q}`, program))), rt.StreamText("Done."))
	a, err := agent.New(model, agent.WithTools(rec.all()),
		agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "banned"}}}),
		agent.WithCodeMode(agent.CodeMode{Runner: programs, Declarations: "declare function lookup(args: {key: string}): Promise<string>;"}))
	require.NoError(t, err)
	return serveAgent(t, a), model
}

// programLines are the chunks in brief (short), a data-program-call's
// data in brief too: the program, the call, its state and what it came
// to.
func programLines(t *testing.T, chunks []map[string]any) []string {
	t.Helper()
	lines := short(chunks)
	for i, c := range chunks {
		if c["type"] != aisdk.ChunkDataProgramCall {
			continue
		}
		b, err := json.Marshal(c["data"])
		require.NoError(t, err)
		var d aisdk.ProgramCallData
		require.NoError(t, json.Unmarshal(b, &d))
		require.Equal(t, d.ToolCallID, c["id"], "the part's id is the call's")
		lines[i] = fmt.Sprintf("%s %s %s %s %s input=%s", c["type"], d.ProgramCallID, d.ToolCallID, d.ToolName, d.State, d.Input)
		if d.Output != nil {
			lines[i] += " output=" + string(d.Output)
		}
		if d.ErrorText != "" {
			lines[i] += " errorText=" + d.ErrorText
		}
	}
	return lines
}

// codeAnswer is the assistant message that asked for approval on run_code
// call c1 (under approvalID), as useChat sends it back once the user
// answered.
func codeAnswer(msgID, program, approvalID string, approved bool, reason string) aisdk.UIMessage {
	return aisdk.UIMessage{ID: msgID, Role: "assistant", Parts: []aisdk.UIPart{
		{Type: "step-start"},
		{Type: "tool-run_code", ToolCallID: "c1", State: aisdk.StateApprovalResponded, Input: json.RawMessage(fmt.Sprintf(`{"program":%q}`, program)),
			Approval: &aisdk.Approval{ID: approvalID, Approved: &approved, Reason: reason}},
	}}
}

// A program's calls are data-program-call parts, not tool parts: an allowed
// call's input and output, a denied call's error; the run_code call
// streams as any call, its output what the program returned. Sent back,
// the chat holds no call but run_code.
func TestProgramCallsAreDataParts(t *testing.T) {
	rec := &tools{}
	srv, model := serveCode(t, "look", rec)
	chunks := post(t, srv.URL, body(t, "c", userMsg("u1", "look")))
	assert.Equal(t, []string{
		"start",
		"start-step",
		`tool-input-start toolCallId="c1" toolName="run_code"`,
		`tool-input-delta toolCallId="c1" inputTextDelta="{\"program\":\"look\"}"`,
		`tool-input-available toolCallId="c1" toolName="run_code" input={"program":"look"}`,
		`data-program-call c1 c1.1 lookup input-available input={"key":"x"}`,
		`data-program-call c1 c1.1 lookup output-available input={"key":"x"} output="x is 42"`,
		`data-program-call c1 c1.2 banned output-error input={} errorText=The call was not run: deny rule banned.`,
		`tool-output-available toolCallId="c1" output="{\"banned\":\"Denied by policy: this call is not permitted.\",\"x\":\"x is 42\"}"`,
		"finish-step",
		"start-step",
		`text-start id="text-1"`,
		`text-delta id="text-1" delta="Done."`,
		`text-end id="text-1"`,
		"finish-step",
		`finish finishReason="stop"`,
	}, programLines(t, chunks))
	assert.Equal(t, []string{`lookup {"key":"x"}`}, rec.calls())

	_, hist, raw := getHistory(t, srv.URL, "c")
	require.Len(t, hist.Messages, 2, raw)
	var calls []toolgen.ToolName
	for _, m := range aisdk.Transcript(hist.Messages) {
		for _, c := range m.Calls {
			calls = append(calls, c.Name)
		}
	}
	assert.Equal(t, []toolgen.ToolName{codemode.ToolRunCode}, calls, "no call of the program's is the model's")
	assert.Len(t, model.Requests(), 2)
}

// pauseCode runs the first request of chat "c" of program write: the
// program looks x up, then its call of write asks, on run_code's part.
func pauseCode(t *testing.T, srv *httptest.Server) (msgID, approvalID string) {
	t.Helper()
	chunks := post(t, srv.URL, body(t, "c", userMsg("u1", "write")))
	assert.Equal(t, []string{
		"start",
		"start-step",
		`tool-input-start toolCallId="c1" toolName="run_code"`,
		`tool-input-delta toolCallId="c1" inputTextDelta="{\"program\":\"write\"}"`,
		`tool-input-available toolCallId="c1" toolName="run_code" input={"program":"write"}`,
		`data-program-call c1 c1.1 lookup input-available input={"key":"x"}`,
		`data-program-call c1 c1.1 lookup output-available input={"key":"x"} output="x is 42"`,
		`tool-approval-request toolCallId="c1" approvalId=RANDOM`,
		`data-program-call c1 c1.2 write approval-requested input={"path":"f"}`,
		"finish-step",
		`finish finishReason="tool-calls"`,
	}, programLines(t, chunks))
	return chunks[0]["messageId"].(string), approvalIDs(chunks)["c1"]
}

// A program's call that asks is approved on run_code's part, by the
// approval id bound to it; the program goes on, runs no call twice, and a
// second call that asks is asked on the same part, under a new id, which
// alone answers it.
func TestProgramCallApproved(t *testing.T) {
	rec := &tools{}
	srv, model := serveCode(t, "write", rec)
	msgID, first := pauseCode(t, srv)
	assert.Equal(t, []string{`lookup {"key":"x"}`}, rec.calls())

	chunks := post(t, srv.URL, body(t, "c", userMsg("u1", "write"), codeAnswer(msgID, "write", first, true, "")))
	assert.Equal(t, []string{
		"start",
		`data-program-call c1 c1.2 write input-available input={"path":"f"}`,
		`data-program-call c1 c1.2 write output-available input={"path":"f"} output="written"`,
		`tool-approval-request toolCallId="c1" approvalId=RANDOM`,
		`data-program-call c1 c1.3 write approval-requested input={"path":"g"}`,
		`finish finishReason="tool-calls"`,
	}, programLines(t, chunks))
	second := approvalIDs(chunks)["c1"]
	assert.NotEqual(t, first, second)
	assert.Equal(t, []string{`lookup {"key":"x"}`, `write {"path":"f"}`}, rec.calls())

	// The first approval's id does not answer the second call.
	chunks = post(t, srv.URL, body(t, "c", userMsg("u1", "write"), codeAnswer(msgID, "write", first, true, "")))
	assert.Equal(t, []string{
		"start",
		`error errorText="calls waiting for approval have no answer: c1.3 (write); answer every one (approved or not) in one request"`,
		`finish finishReason="error"`,
	}, short(chunks))

	chunks = post(t, srv.URL, body(t, "c", userMsg("u1", "write"), codeAnswer(msgID, "write", second, true, "")))
	assert.Equal(t, []string{
		"start",
		`data-program-call c1 c1.3 write input-available input={"path":"g"}`,
		`data-program-call c1 c1.3 write output-available input={"path":"g"} output="written"`,
		`tool-output-available toolCallId="c1" output="[\"f: \\u003cnil\\u003e\",\"g: \\u003cnil\\u003e\"]"`,
		"start-step",
		`text-start id="text-1"`,
		`text-delta id="text-1" delta="Done."`,
		`text-end id="text-1"`,
		"finish-step",
		`finish finishReason="stop"`,
	}, programLines(t, chunks))
	assert.Equal(t, []string{`lookup {"key":"x"}`, `write {"path":"f"}`, `write {"path":"g"}`}, rec.calls(), "each call ran once")
	reqs := model.Requests()
	require.Len(t, reqs, 2)
	assert.Len(t, reqs[1].Messages, 3, "the user's, run_code's call and its result")
}

// A program's call the user rejects is no denial of run_code's: the
// program reads the refusal (and here catches it), its call's part says
// output-denied, and run_code's part gets the program's result.
func TestProgramCallRejected(t *testing.T) {
	rec := &tools{}
	srv, _ := serveCode(t, "write", rec)
	msgID, approvalID := pauseCode(t, srv)
	chunks := post(t, srv.URL, body(t, "c", userMsg("u1", "write"), codeAnswer(msgID, "write", approvalID, false, "not today")))
	assert.Equal(t, []string{
		"start",
		`data-program-call c1 c1.2 write output-denied input={"path":"f"} errorText=Denied by the user: not today`,
		`tool-approval-request toolCallId="c1" approvalId=RANDOM`,
		`data-program-call c1 c1.3 write approval-requested input={"path":"g"}`,
		`finish finishReason="tool-calls"`,
	}, programLines(t, chunks))
	assert.Equal(t, []string{`lookup {"key":"x"}`}, rec.calls())
	for _, c := range chunks {
		assert.NotEqual(t, aisdk.ChunkToolOutputDenied, c["type"], "run_code was not denied")
	}
}
