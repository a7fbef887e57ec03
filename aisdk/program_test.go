package aisdk_test

import (
	"context"
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
			v, err := call("write", fmt.Sprintf(`{"path":%q}`, path))
			got := fmt.Sprint(err)
			if err == nil {
				_ = json.Unmarshal(v, &got)
			}
			out = append(out, path+": "+got)
		}
		return out, nil
	},
}

// serveCode serves an agent in code mode whose model runs the program
// named, then answers "Done.", then as after says.
func serveCode(t *testing.T, program string, rec *tools, after ...rt.Reply) (*httptest.Server, *rt.Model) {
	t.Helper()
	model := rt.NewModel(append([]rt.Reply{rt.Calls(rt.Call("c1", codemode.ToolRunCode, fmt.Sprintf(`{"program":%q}`, program))), rt.StreamText("Done.")}, after...)...)
	return serveAgent(t, codeAgent(t, model, rec)), model
}

// codeAgent is an agent over model in code mode, with the tools of rec,
// banned denied by a rule.
func codeAgent(t *testing.T, model agent.Model, rec *tools, opts ...agent.Option) *agent.Agent {
	t.Helper()
	a, err := agent.New(model, append([]agent.Option{agent.WithTools(rec.all()),
		agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "banned"}}}),
		agent.WithCodeMode(agent.CodeMode{Runner: programs, Declarations: "declare function lookup(args: {key: string}): Promise<string>;"}),
	}, opts...)...)
	require.NoError(t, err)
	return a
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
		`tool-output-available toolCallId="c1" output="[\"f: written\",\"g: written\"]"`,
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

// programParts are a message's parts in brief (partsOf), a
// data-program-call's as its id and state.
func programParts(m nodeMessage) []map[string]any {
	parts := partsOf(m)
	for i, p := range m.Parts {
		if p["type"] == aisdk.ChunkDataProgramCall {
			parts[i] = map[string]any{"type": p["type"], "id": p["id"], "state": p["data"].(map[string]any)["state"]}
		}
	}
	return parts
}

// The ai package's client shows a program's calls as they go, approves
// its calls one after another on run_code's part (the run resumes to its
// answer, each call running once), and sends the chat back with no call
// of the program's in it.
func TestUseChatRunsAProgram(t *testing.T) {
	eachAI(t, func(t *testing.T, name string) {
		rec := &tools{}
		srv, model := serveCode(t, "write", rec, rt.Text("You're welcome."))
		got := runChat(t, name, "program", srv.URL)
		assert.Empty(t, got.Errors)
		assert.Equal(t, "ready", got.Status)
		require.Len(t, got.Steps, 4)
		runCode := func(state string, approval map[string]any, output any) map[string]any {
			p := map[string]any{"type": "tool-run_code", "state": state, "toolCallId": "c1", "input": map[string]any{"program": "write"}, "approval": approval}
			if output != nil {
				p["output"] = output
			}
			return p
		}
		asked := map[string]any{"id": "RANDOM"}
		call := func(id, state string) map[string]any {
			return map[string]any{"type": "data-program-call", "id": id, "state": state}
		}
		assert.Equal(t, []map[string]any{
			{"type": "step-start"}, runCode("approval-requested", asked, nil),
			call("c1.1", "output-available"), call("c1.2", "approval-requested"),
		}, programParts(got.Steps[0].Messages[1]))
		assert.Equal(t, []map[string]any{
			{"type": "step-start"}, runCode("approval-requested", asked, nil),
			call("c1.1", "output-available"), call("c1.2", "output-available"), call("c1.3", "approval-requested"),
		}, programParts(got.Steps[1].Messages[1]), "the program asks again on the same part")
		answered := []map[string]any{
			{"type": "step-start"}, runCode("output-available", map[string]any{"id": "RANDOM", "approved": true}, `["f: written","g: written"]`),
			call("c1.1", "output-available"), call("c1.2", "output-available"), call("c1.3", "output-available"),
			{"type": "step-start"}, {"type": "text", "state": "done", "text": "Done."},
		}
		assert.Equal(t, answered, programParts(got.Steps[2].Messages[1]))
		assert.Equal(t, "stop", got.Steps[2].Finish.FinishReason)
		assert.Equal(t, []string{
			`{"state":"input-streaming","preliminary":false,"output":null}`,
			`{"state":"input-available","preliminary":false,"output":null}`,
			`{"state":"approval-requested","preliminary":false,"output":null}`,
			`{"state":"approval-responded","preliminary":false,"output":null}`,
			`{"state":"approval-requested","preliminary":false,"output":null}`,
			`{"state":"approval-responded","preliminary":false,"output":null}`,
			`{"state":"output-available","preliminary":false,"output":"[\"f: written\",\"g: written\"]"}`,
		}, got.ToolStates["c1"])
		assert.Equal(t, []string{`lookup {"key":"x"}`, `write {"path":"f"}`, `write {"path":"g"}`}, rec.calls(), "each call ran once")

		// The chat sent back: the model reads run_code's call and result,
		// and none of the program's calls.
		reqs := model.Requests()
		require.Len(t, reqs, 3)
		var calls []toolgen.ToolName
		var roles []agent.Role
		for _, m := range reqs[2].Messages {
			roles = append(roles, m.Role)
			for _, c := range m.Calls {
				calls = append(calls, c.Name)
			}
		}
		assert.Equal(t, []agent.Role{agent.RoleUser, agent.RoleAssistant, agent.RoleTool, agent.RoleAssistant, agent.RoleUser}, roles)
		assert.Equal(t, []toolgen.ToolName{codemode.ToolRunCode}, calls)
	})
}

// A program's call's progress and file changes are its data part's: a
// preliminary output, as a tool part's, then the result; the files it
// changed, kept to the end. No fileChange part is sent for them.
func TestProgramCallProgressAndFileChanges(t *testing.T) {
	scan := toolgen.Tool{Name: "scan", InputSchema: []byte(`{"type":"object"}`), Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
		toolgen.ReportProgress(ctx, toolgen.Progress{Message: "reading", Progress: 1, Total: 2})
		toolgen.ReportFileChange(ctx, toolgen.FileChange{Path: "hits.txt", Kind: toolgen.FileCreated, SizeAfter: 2})
		return toolgen.Result{Structured: json.RawMessage(`{"hits":2}`)}, nil
	}}
	runner := rt.Programs{"scan": func(call func(string, string) (json.RawMessage, error)) (any, error) {
		return call("scan", `{}`)
	}}
	model := rt.NewModel(rt.Calls(rt.Call("c1", codemode.ToolRunCode, `{"program":"scan"}`)), rt.Text("Two."))
	a, err := agent.New(model, agent.WithTools([]toolgen.Tool{scan}),
		agent.WithCodeMode(agent.CodeMode{Runner: runner, Declarations: "declare function scan(args: {}): Promise<unknown>;"}))
	require.NoError(t, err)
	chunks := post(t, serveAgent(t, a).URL, body(t, "c", userMsg("u1", "scan")))
	var data []aisdk.ProgramCallData
	for _, c := range chunks {
		require.NotEqual(t, aisdk.ToolFileChange, c["toolName"], "no fileChange part")
		if c["type"] == aisdk.ChunkDataProgramCall {
			b, err := json.Marshal(c["data"])
			require.NoError(t, err)
			var d aisdk.ProgramCallData
			require.NoError(t, json.Unmarshal(b, &d))
			data = append(data, d)
		}
	}
	change := []aisdk.FileChangeData{{ToolCallID: "c1.1", Path: "hits.txt", Kind: "created", SizeAfter: 2}}
	call := aisdk.ProgramCallData{ProgramCallID: "c1", ToolCallID: "c1.1", ToolName: "scan", Input: json.RawMessage(`{}`)}
	with := func(state, output string, preliminary bool, changes []aisdk.FileChangeData) aisdk.ProgramCallData {
		d := call
		d.State, d.Preliminary, d.FileChanges = state, preliminary, changes
		if output != "" {
			d.Output = json.RawMessage(output)
		}
		return d
	}
	assert.Equal(t, []aisdk.ProgramCallData{
		with(aisdk.StateInputAvailable, "", false, nil),
		with(aisdk.StateOutputAvailable, `{"message":"reading","progress":1,"total":2}`, true, nil),
		with(aisdk.StateOutputAvailable, `{"message":"reading","progress":1,"total":2}`, true, change),
		with(aisdk.StateOutputAvailable, `{"hits":2}`, false, change),
	}, data)
}

// With a state key (agent.WithStateKey) a program's call is approved as
// any call, the agent sealing the answer; a program's call edited in the
// store without the key runs nothing.
func TestProgramCallApprovedWithStateKey(t *testing.T) {
	for _, tamper := range []bool{false, true} {
		rec := &tools{}
		store, err := aisdk.NewMemoryStore(4)
		require.NoError(t, err)
		model := rt.NewModel(rt.Calls(rt.Call("c1", codemode.ToolRunCode, `{"program":"write"}`)), rt.StreamText("Done."))
		a := codeAgent(t, model, rec, agent.WithStateKey([]byte("0123456789abcdef0123456789abcdef")))
		srv := serveAgent(t, a, aisdk.WithStore(store))
		msgID, approvalID := pauseCode(t, srv)
		if tamper {
			saved, err := store.Load(context.Background(), "c")
			require.NoError(t, err)
			saved.Run.Paused.Calls[0].Program.Calls[1].Call.Args = json.RawMessage(`{"path":"/etc/passwd"}`)
			require.NoError(t, store.Save(context.Background(), "c", saved))
		}
		chunks := post(t, srv.URL, body(t, "c", userMsg("u1", "write"), codeAnswer(msgID, "write", approvalID, true, "")))
		if tamper {
			assert.Equal(t, []string{"start", `error errorText="An error occurred."`, `finish finishReason="error"`}, short(chunks))
			assert.Equal(t, []string{`lookup {"key":"x"}`}, rec.calls())
			continue
		}
		assert.Contains(t, programLines(t, chunks), `data-program-call c1 c1.2 write output-available input={"path":"f"} output="written"`)
		assert.Equal(t, []string{`lookup {"key":"x"}`, `write {"path":"f"}`}, rec.calls())
	}
}
