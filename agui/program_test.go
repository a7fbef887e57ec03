package agui_test

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
	"github.com/toolgen-dev/toolgen/agui"
	"github.com/toolgen-dev/toolgen/codemode"
	"github.com/toolgen-dev/toolgen/permission"
)

// The programs of the code mode tests, over the tools of tools.all().
var programs = rt.Programs{
	// look calls lookup (which reports its progress), banned (denied by a
	// rule) and fail (which fails), catching their errors.
	"look": func(call func(string, string) (json.RawMessage, error)) (any, error) {
		var out []string
		for _, name := range []string{"lookup", "banned", "fail"} {
			v, err := call(name, `{}`)
			if err != nil {
				out = append(out, name+" failed: "+err.Error())
				continue
			}
			out = append(out, name+": "+string(v))
		}
		return out, nil
	},
	// write writes f, then g, each asking for approval; a rejection is
	// caught.
	"write": func(call func(string, string) (json.RawMessage, error)) (any, error) {
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
	a, err := agent.New(model, agent.WithTools(rec.all()),
		agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{{Tool: "banned"}}}),
		agent.WithCodeMode(agent.CodeMode{Runner: programs, Declarations: "declare function lookup(args: {}): Promise<string>;"}))
	require.NoError(t, err)
	return serveAgent(t, a), model
}

// programLines are a stream's events in brief: the calls' and tool
// results' ids, the state's changes, a PROGRAM_CALL activity's call,
// status and what it came to.
func programLines(t *testing.T, s stream) []string {
	t.Helper()
	var out []string
	for _, e := range s {
		line := e["type"].(string)
		switch line {
		case agui.EventToolCallStart, agui.EventToolCallEnd, agui.EventToolCallResult:
			line += fmt.Sprintf(" %s %v", e["toolCallId"], e["content"])
		case agui.EventStateDelta:
			for _, op := range e["delta"].([]any) {
				line += " " + op.(map[string]any)["path"].(string)
			}
		case agui.EventActivitySnapshot:
			c := e["content"].(map[string]any)
			line += fmt.Sprintf(" %s %s", e["activityType"], c["toolCallId"])
			if e["activityType"] == agui.ActivityProgramCall {
				require.Equal(t, "c1", c["programCallId"])
				line += fmt.Sprintf(" %s %s %s", c["toolName"], c["arguments"], c["status"])
				for _, k := range []string{"result", "progress", "fileChanges"} {
					if v, ok := c[k]; ok {
						b, _ := json.Marshal(v)
						line += fmt.Sprintf(" %s=%s", k, b)
					}
				}
			}
		}
		out = append(out, line)
	}
	return out
}

// activityIDs are the message ids of the stream's PROGRAM_CALL
// activities, by call.
func activityIDs(s stream) map[string][]string {
	ids := map[string][]string{}
	for _, e := range s.of(agui.EventActivitySnapshot) {
		if e["activityType"] == agui.ActivityProgramCall {
			call := e["content"].(map[string]any)["toolCallId"].(string)
			ids[call] = append(ids[call], e["messageId"].(string))
		}
	}
	return ids
}

// A program's calls are PROGRAM_CALL activities, not tool calls: an
// allowed call running (its progress in it) and done, a denied call, a
// failed one; the run_code call streams as any call, its result what the
// program returned. Each call's activity keeps one message id.
func TestProgramCallsAreActivities(t *testing.T) {
	rec := &tools{}
	srv, _ := serveCode(t, "look", rec)
	s := run(t, srv.URL, input("t", user("u1", "look")))
	assert.Equal(t, []string{
		"RUN_STARTED", "STATE_SNAPSHOT", "STEP_STARTED",
		"TOOL_CALL_START c1 <nil>", "TOOL_CALL_ARGS", "TOOL_CALL_END c1 <nil>",
		"STATE_DELTA /turns /usage",
		"ACTIVITY_SNAPSHOT PROGRAM_CALL c1.1 lookup {} running",
		`ACTIVITY_SNAPSHOT PROGRAM_CALL c1.1 lookup {} running progress={"message":"reading the index","progress":1,"total":2}`,
		`ACTIVITY_SNAPSHOT PROGRAM_CALL c1.1 lookup {} running progress={"message":"found x","partial":{"x":42},"progress":2,"total":2}`,
		`ACTIVITY_SNAPSHOT PROGRAM_CALL c1.1 lookup {} done result="x is 42" progress={"message":"found x","partial":{"x":42},"progress":2,"total":2}`,
		`ACTIVITY_SNAPSHOT PROGRAM_CALL c1.2 banned {} denied result="The call was not run: deny rule banned."`,
		"ACTIVITY_SNAPSHOT PROGRAM_CALL c1.3 fail {} running",
		`ACTIVITY_SNAPSHOT PROGRAM_CALL c1.3 fail {} failed result="disk full"`,
		`TOOL_CALL_RESULT c1 ["lookup: \"x is 42\"","banned failed: Denied by policy: this call is not permitted.","fail failed: disk full"]`,
		"STEP_FINISHED", "STEP_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "STATE_DELTA /turns /usage", "STEP_FINISHED",
		"RUN_FINISHED",
	}, programLines(t, s))
	for call, ids := range activityIDs(s) {
		for _, id := range ids {
			assert.Equal(t, ids[0], id, "%s's activity is one message", call)
		}
	}
	assert.Equal(t, []string{"lookup {}", "fail {}"}, rec.calls())
}

// pauseCode runs the first run of thread "t" of program write: its call
// of write asks, as an interrupt of the program's call.
func pauseCode(t *testing.T, srvURL string) (s stream, interruptID string) {
	t.Helper()
	s = run(t, srvURL, input("t", user("u1", "write")))
	assert.Equal(t, []string{
		"RUN_STARTED", "STATE_SNAPSHOT", "STEP_STARTED",
		"TOOL_CALL_START c1 <nil>", "TOOL_CALL_ARGS", "TOOL_CALL_END c1 <nil>",
		"STATE_DELTA /turns /usage",
		"STATE_DELTA /pendingApprovals/-",
		`ACTIVITY_SNAPSHOT PROGRAM_CALL c1.1 write {"path":"f"} awaiting_approval`,
		"STEP_FINISHED",
		"RUN_FINISHED",
	}, programLines(t, s))
	list := interrupts(t, s)
	require.Len(t, list, 1)
	ask := list[0]
	assert.Equal(t, "c1.1", ask["toolCallId"], "the interrupt is the program's call's")
	assert.Equal(t, map[string]any{"toolName": "write", "arguments": `{"path":"f"}`, "programCallId": "c1"}, ask["metadata"])
	act := s.of(agui.EventActivitySnapshot)[0]["content"].(map[string]any)
	assert.Equal(t, ask["id"], act["interruptId"], "the activity names the interrupt")
	assert.Equal(t, []any{map[string]any{"interruptId": ask["id"], "toolCallId": "c1.1", "toolName": "write",
		"reason": "the tool requires approval", "programCallId": "c1"}}, state(t, s)["pendingApprovals"])
	return s, ask["id"].(string)
}

// A program's call that asks is approved by its interrupt; the run
// resumes the program, which runs no call twice, and a second call that
// asks is another interrupt. The resumed run's activity of a call replaces
// the paused one's (one message id).
func TestProgramCallApproved(t *testing.T) {
	rec := &tools{}
	srv, model := serveCode(t, "write", rec)
	first, id := pauseCode(t, srv.URL)

	second := run(t, srv.URL, resume("t", map[string]*bool{id: yes()}, ""))
	change := `fileChanges=[{"diff":"+written","hashAfter":"abc","kind":"created","path":"f","sizeAfter":7,"sizeBefore":0,"toolCallId":"c1.1"}]`
	assert.Equal(t, []string{
		"RUN_STARTED", "STATE_SNAPSHOT",
		`ACTIVITY_SNAPSHOT PROGRAM_CALL c1.1 write {"path":"f"} running`,
		"STATE_DELTA /fileChanges/-",
		`ACTIVITY_SNAPSHOT PROGRAM_CALL c1.1 write {"path":"f"} running ` + change,
		`ACTIVITY_SNAPSHOT PROGRAM_CALL c1.1 write {"path":"f"} done result="written" ` + change,
		"STATE_DELTA /pendingApprovals/-",
		`ACTIVITY_SNAPSHOT PROGRAM_CALL c1.2 write {"path":"g"} awaiting_approval`,
		"RUN_FINISHED",
	}, programLines(t, second))
	assert.Equal(t, activityIDs(first)["c1.1"][0], activityIDs(second)["c1.1"][0], "the resumed run's activity replaces the paused one's")
	list := interrupts(t, second)
	require.Len(t, list, 1)
	assert.Equal(t, "c1.2", list[0]["toolCallId"])
	assert.NotEqual(t, id, list[0]["id"])

	// The first interrupt's id does not answer the second.
	end := run(t, srv.URL, resume("t", map[string]*bool{id: yes()}, "")).last()
	assert.Equal(t, agui.EventRunError, end["type"])
	assert.Equal(t, []string{`write {"path":"f"}`}, rec.calls())

	third := run(t, srv.URL, resume("t", map[string]*bool{list[0]["id"].(string): yes()}, ""))
	assert.Contains(t, programLines(t, third), `TOOL_CALL_RESULT c1 ["f: written","g: written"]`)
	assert.Equal(t, "success", third.last()["outcome"].(map[string]any)["type"])
	assert.Equal(t, "Done.", third.last()["result"])
	assert.Equal(t, []string{`write {"path":"f"}`, `write {"path":"g"}`}, rec.calls(), "each call ran once")
	assert.Len(t, model.Requests()[1].Messages, 3, "the user's, run_code's call and its result")
}

// A program's call the user rejects gets no TOOL_CALL_RESULT: its activity
// says rejected, with the refusal the program read; the program goes on.
func TestProgramCallRejected(t *testing.T) {
	rec := &tools{}
	srv, _ := serveCode(t, "write", rec)
	_, id := pauseCode(t, srv.URL)
	second := run(t, srv.URL, resume("t", map[string]*bool{id: no()}, "not today"))
	assert.Equal(t, []string{
		"RUN_STARTED", "STATE_SNAPSHOT",
		`ACTIVITY_SNAPSHOT PROGRAM_CALL c1.1 write {"path":"f"} rejected result="Denied by the user: not today"`,
		"STATE_DELTA /pendingApprovals/-",
		`ACTIVITY_SNAPSHOT PROGRAM_CALL c1.2 write {"path":"g"} awaiting_approval`,
		"RUN_FINISHED",
	}, programLines(t, second))
	assert.Empty(t, rec.calls())
}

// The official client runs a program whose calls ask one after another:
// it validates and applies every event without a warning, holds each
// call as an activity of its own (updated in place across the runs), no
// tool call but run_code and no pending tool call, and answers each
// interrupt until the run's answer; the model never reads a program's
// call.
func TestHttpAgentRunsAProgram(t *testing.T) {
	rec := &tools{}
	srv, model := serveCode(t, "write", rec, rt.Text("You're welcome."))
	got := runClientAt(t, "program", srv.URL)
	require.Len(t, got.Runs, 4)
	for i, r := range got.Runs {
		assert.Empty(t, r.Thrown, "run %d", i)
	}
	assert.Equal(t, "c1.1", got.Runs[0].End.Interrupts[0]["toolCallId"])
	assert.Equal(t, "c1.2", got.Runs[1].End.Interrupts[0]["toolCallId"])
	third := got.Runs[2]
	assert.Equal(t, "success", third.End.Outcome)
	assert.Equal(t, "Done.", third.End.Result)
	assert.Empty(t, third.End.PendingToolCallIDs)
	assert.Equal(t, []map[string]any{
		{"role": "user", "content": "Look up x, then write it."},
		{"role": "assistant", "toolCalls": []string{`c1 run_code {"program":"write"}`}},
		{"role": "tool", "toolCallId": "c1", "content": `["f: written","g: written"]`}, // the client puts a result after its call
		{"role": "activity", "activityType": "PROGRAM_CALL"},
		{"role": "activity", "activityType": "PROGRAM_CALL"},
		{"role": "assistant", "content": "Done."},
	}, briefs(third.Messages))
	for i, want := range []string{"c1.1", "c1.2"} {
		content := third.Messages[3+i]["content"].(map[string]any)
		assert.Equal(t, want, content["toolCallId"])
		assert.Equal(t, agui.ProgramCallDone, content["status"], "the snapshots of the later runs replaced the first")
	}
	assert.Equal(t, "You're welcome.", got.Runs[3].End.Result)
	assert.Equal(t, []string{`write {"path":"f"}`, `write {"path":"g"}`}, rec.calls())
	reqs := model.Requests()
	require.Len(t, reqs, 3)
	for _, m := range reqs[2].Messages {
		for _, c := range m.Calls {
			assert.Equal(t, codemode.ToolRunCode, c.Name, "no call of the program's")
		}
	}
}
