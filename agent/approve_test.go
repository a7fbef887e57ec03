package agent_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/builtin"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/permission"
)

// gatedWeather is examples/weather's generated tools (get_weather: city,
// unit "c" or "f"; get_forecast: city, days 1 to 14), each needing
// approval, recording the arguments each call ran with.
type gatedWeather struct {
	mu  sync.Mutex
	ran []string
}

func (g *gatedWeather) tools() []toolgen.Tool {
	tools := weather.Tools()
	for i, t := range tools {
		call := t.Call
		tools[i].RequiresApproval = true
		tools[i].Call = func(ctx context.Context, args []byte) (toolgen.Result, error) {
			res, err := call(ctx, args)
			if !res.IsError {
				g.mu.Lock()
				g.ran = append(g.ran, string(t.Name)+" "+string(args))
				g.mu.Unlock()
			}
			return res, err
		}
	}
	return tools
}

func (g *gatedWeather) calls() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]string(nil), g.ran...)
}

// saveAndLoad passes s through JSON, as a program that stores a paused
// run does.
func saveAndLoad(t *testing.T, s *agent.State) *agent.State {
	t.Helper()
	b, err := json.Marshal(s)
	require.NoError(t, err)
	var back agent.State
	require.NoError(t, json.Unmarshal(b, &back))
	return &back
}

func newGated(t *testing.T, model agent.Model, g *gatedWeather, events *[]agent.Event, opts ...agent.Option) *agent.Agent {
	t.Helper()
	opts = append([]agent.Option{agent.WithTools(g.tools()), agent.WithObserver(func(e agent.Event) {
		if events != nil {
			*events = append(*events, e)
		}
	})}, opts...)
	a, err := agent.New(model, opts...)
	require.NoError(t, err)
	return a
}

// A person fixes a call's arguments instead of rejecting it: the edited
// arguments run, the transcript keeps what the model asked, the model is
// told what ran, and the event says a person changed it.
func TestApproveWithEditedArguments(t *testing.T) {
	var g gatedWeather
	var events []agent.Event
	model := rt.NewModel(rt.Calls(rt.Call("c1", weather.ToolGetWeather, `{"city":"Pari"}`)), rt.Text("done"))
	a := newGated(t, model, &g, &events)
	s, err := a.Run(context.Background(), "weather?", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopPaused, s.StopReason)

	edit := json.RawMessage(`{"city":"Paris","unit":"f"}`)
	require.NoError(t, a.CheckEdit(s, "c1", edit))
	require.NoError(t, s.ApproveWith("c1", edit))
	s = saveAndLoad(t, s)
	s, err = a.Resume(context.Background(), s, nil)
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, s.StopReason)
	assert.Equal(t, []string{`get_weather {"city":"Paris","unit":"f"}`}, g.calls())

	assert.JSONEq(t, `{"city":"Pari"}`, string(s.Messages[1].Calls[0].Args), "the transcript keeps the model's call")
	result := s.Messages[2].Results[0].Result
	assert.Contains(t, result.Content[0].Text, `the user edited this call's arguments before approving it; it ran with {"city":"Paris","unit":"f"}`)
	assert.False(t, result.IsError)
	var approved *agent.Event
	for i := range events {
		if events[i].Kind == agent.EventCallApproved {
			approved = &events[i]
		}
	}
	require.NotNil(t, approved)
	assert.Equal(t, "approved by the user with edited arguments", approved.Reason)
	assert.JSONEq(t, string(edit), string(approved.Call.Args))
}

// An edit the tool refuses is bounced to the person with every problem
// (CheckEdit, and Resume if it was given anyway): nothing runs, and a
// second edit goes through. An edit a deny rule catches is denied, not
// run, and the model is told.
func TestApproveWithRefusedEdits(t *testing.T) {
	var g gatedWeather
	model := rt.NewModel(rt.Calls(rt.Call("c1", weather.ToolGetWeather, `{"city":"Paris"}`)), rt.Text("done"))
	a := newGated(t, model, &g, nil)
	s, err := a.Run(context.Background(), "weather?", nil)
	require.NoError(t, err)

	bad := json.RawMessage(`{"unit":"kelvin","extra":1}`)
	err = a.CheckEdit(s, "c1", bad)
	require.Error(t, err)
	for _, want := range []string{"/city: missing", "/unit:", "/extra: unknown field"} {
		assert.Contains(t, err.Error(), want)
	}
	require.NoError(t, s.ApproveWith("c1", bad))
	_, err = a.Resume(context.Background(), saveAndLoad(t, s), nil)
	require.ErrorContains(t, err, "approved with edited arguments the tool refuses")
	assert.Empty(t, g.calls())

	require.EqualError(t, s.ApproveWith("c1", json.RawMessage(`[1]`)), "approve call c1 with edits: the edited arguments must be a JSON object, not \"[1]\"")
	require.NoError(t, s.ApproveWith("c1", json.RawMessage(`{"city":"Lyon"}`)))
	s, err = a.Resume(context.Background(), saveAndLoad(t, s), nil)
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, s.StopReason)
	assert.Equal(t, []string{`get_weather {"city":"Lyon"}`}, g.calls())

	var g2 gatedWeather
	deny := agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{weather.GetWeatherRule{City: "Atlantis"}.Rule()}})
	model = rt.NewModel(rt.Calls(rt.Call("c1", weather.ToolGetWeather, `{"city":"Paris"}`)), rt.Text("done"))
	a = newGated(t, model, &g2, nil, deny)
	s, err = a.Run(context.Background(), "weather?", nil)
	require.NoError(t, err)
	assert.ErrorContains(t, a.CheckEdit(s, "c1", json.RawMessage(`{"city":"Atlantis"}`)), "would be denied: deny rule")
	require.NoError(t, s.ApproveWith("c1", json.RawMessage(`{"city":"Atlantis"}`)))
	s, err = a.Resume(context.Background(), s, nil)
	require.NoError(t, err)
	assert.Empty(t, g2.calls(), "a deny rule catches the edit")
	assert.Equal(t, "Denied by policy: this call is not permitted.", s.Messages[2].Results[0].Result.Text())
}

// An approval is bound to the arguments it approved: a saved State whose
// approved call's arguments were changed afterwards is refused, and
// nothing runs; one whose digest was removed is refused too.
func TestTamperedApprovalIsRefused(t *testing.T) {
	for _, tamper := range []struct {
		name string
		edit func(string) string
	}{
		{"arguments changed", func(js string) string {
			return strings.Replace(js, `"args":{"city":"Paris"}},"outcome"`, `"args":{"city":"Moscow"}},"outcome"`, 1)
		}},
		{"digest removed", func(js string) string {
			i := strings.Index(js, `"approved_args":`)
			j := i + strings.Index(js[i:], `",`) + 2
			return js[:i] + js[j:]
		}},
	} {
		t.Run(tamper.name, func(t *testing.T) {
			var g gatedWeather
			model := rt.NewModel(rt.Calls(rt.Call("c1", weather.ToolGetWeather, `{"city":"Paris"}`)), rt.Text("done"))
			a := newGated(t, model, &g, nil)
			s, err := a.Run(context.Background(), "weather?", nil)
			require.NoError(t, err)
			require.NoError(t, s.Approve("c1"))
			b, err := json.Marshal(s)
			require.NoError(t, err)
			edited := tamper.edit(string(b))
			require.NotEqual(t, string(b), edited, "the tamper applies")
			var back agent.State
			require.NoError(t, json.Unmarshal([]byte(edited), &back))
			_, err = a.Resume(context.Background(), &back, nil)
			require.ErrorContains(t, err, "its arguments are not the ones approved")
			assert.Empty(t, g.calls())
		})
	}
}

// A version 1 State (no approval digests) still loads and resumes, and is
// written back as the current version.
func TestVersionOneStateResumes(t *testing.T) {
	var g gatedWeather
	model := rt.NewModel(rt.Text("done"))
	a := newGated(t, model, &g, nil)
	const v1 = `{"version":1,"run_id":"r1","messages":[{"role":"user","text":"weather?"},` +
		`{"role":"assistant","calls":[{"id":"c1","name":"get_weather","args":{"city":"Paris"}}]}],"stop_reason":"paused","turns":1,` +
		`"usage":{"input_tokens":0,"output_tokens":0},"paused":{"calls":[{"call":{"id":"c1","name":"get_weather","args":{"city":"Paris"}},` +
		`"outcome":"ask","reason":"the tool requires approval","approval":"approved"}],"tools":[]}}`
	var s agent.State
	require.NoError(t, json.Unmarshal([]byte(v1), &s))
	done, err := a.Resume(context.Background(), &s, nil)
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, done.StopReason)
	assert.Equal(t, agent.StateVersion, done.Version)
	assert.Equal(t, []string{`get_weather {"city":"Paris"}`}, g.calls())
}

// A call whose arguments the tool would refuse is never put to a person:
// it goes back to the model with every problem, as any bad call does.
func TestInvalidArgumentsAreNotPutToAPerson(t *testing.T) {
	var g gatedWeather
	var events []agent.Event
	model := rt.NewModel(rt.Calls(rt.Call("c1", weather.ToolGetWeather, `{"town":"Paris","unit":"k"}`)), rt.Text("sorry"))
	a := newGated(t, model, &g, &events)
	s, err := a.Run(context.Background(), "weather?", nil)
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, s.StopReason, "no pause")
	text := s.Messages[2].Results[0].Result.Text()
	for _, want := range []string{"invalid arguments", "/city: missing", "/town: unknown field", "/unit:"} {
		assert.Contains(t, text, want)
	}
	assert.NotContains(t, eventKinds(events), agent.EventCallPaused)
	assert.Empty(t, g.calls())
}

// The whole matrix: three parallel calls paused in one turn, each
// approved, approved with edits or rejected, answered one at a time in
// every order, with the State saved and loaded between answers and a
// resume tried before the last answer: each approved call runs once with
// the arguments approved, no rejected call runs, and the model reads one
// result per call, in call order.
func TestParallelApprovalsMatrix(t *testing.T) {
	cities := []string{"Paris", "Oslo", "Rome"}
	answers := []string{"approve", "edit", "reject"}
	orders := [][]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for combo := range 27 {
		pick := []string{answers[combo%3], answers[combo/3%3], answers[combo/9]}
		for _, order := range orders {
			name := strings.Join(pick, ",") + "/" + fmtInts(order)
			t.Run(name, func(t *testing.T) {
				var g gatedWeather
				var calls []agent.ToolCall
				for i, c := range cities {
					calls = append(calls, rt.Call("c"+string(rune('1'+i)), weather.ToolGetWeather, `{"city":"`+c+`"}`))
				}
				model := rt.NewModel(rt.Calls(calls...), rt.Text("done"))
				a := newGated(t, model, &g, nil)
				s, err := a.Run(context.Background(), "weather?", nil)
				require.NoError(t, err)
				require.Len(t, s.Pending(), 3)
				var want []string
				for step, i := range order {
					id := calls[i].ID
					switch pick[i] {
					case "approve":
						require.NoError(t, s.Approve(id))
					case "edit":
						require.NoError(t, s.ApproveWith(id, json.RawMessage(`{"city":"`+cities[i]+`","unit":"f"}`)))
					case "reject":
						require.NoError(t, s.Reject("not today", id))
					}
					s = saveAndLoad(t, s)
					if step < 2 {
						_, err := a.Resume(context.Background(), saveAndLoad(t, s), nil)
						require.ErrorContains(t, err, "call state.Approve or state.Reject first")
					}
				}
				for i, c := range cities {
					switch pick[i] {
					case "approve":
						want = append(want, `get_weather {"city":"`+c+`"}`)
					case "edit":
						want = append(want, `get_weather {"city":"`+c+`","unit":"f"}`)
					}
				}
				s, err = a.Resume(context.Background(), s, nil)
				require.NoError(t, err)
				assert.Equal(t, agent.StopDone, s.StopReason)
				assert.ElementsMatch(t, want, g.calls())
				results := s.Messages[2].Results
				require.Len(t, results, 3)
				for i, r := range results {
					assert.Equal(t, calls[i].ID, r.CallID)
					assert.Equal(t, pick[i] == "reject", r.Result.IsError, "call %d", i)
					assert.Equal(t, pick[i] == "edit", strings.Contains(r.Result.Text(), "the user edited"), "call %d", i)
				}
			})
		}
	}
}

func fmtInts(xs []int) string {
	var b strings.Builder
	for _, x := range xs {
		b.WriteByte(byte('0' + x))
	}
	return b.String()
}

// A typed edit (the Edit type toolgen writes for a tool that requires
// approval) is checked by the compiler, and runs as ApproveWith's; an edit
// of another tool is refused.
func TestApproveEditTyped(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.txt", "b.txt"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(name), 0o600))
	}
	files, err := builtin.FileTools(dir)
	require.NoError(t, err)
	model := rt.NewModel(rt.Calls(rt.Call("c1", builtin.ToolDeleteFile, `{"path":"a.txt"}`)), rt.Text("deleted"))
	a, err := agent.New(model, agent.WithTools(files))
	require.NoError(t, err)
	s, err := a.Run(context.Background(), "delete a.txt", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopPaused, s.StopReason)

	timeout := 5
	require.EqualError(t, s.ApproveEdit("c1", builtin.RunCommandEdit{Command: "rm b.txt", TimeoutSeconds: &timeout}),
		"approve call c1 with edits: the call is of delete_file, the edit of run_command")
	require.NoError(t, s.ApproveEdit("c1", builtin.DeleteFileEdit{Path: "b.txt"}))
	s, err = a.Resume(context.Background(), saveAndLoad(t, s), nil)
	require.NoError(t, err)
	assert.FileExists(t, filepath.Join(dir, "a.txt"))
	assert.NoFileExists(t, filepath.Join(dir, "b.txt"), "the edited call ran")
	assert.Contains(t, s.Messages[2].Results[0].Result.Text(), `it ran with {"path":"b.txt"}`)
}

// Arguments a certain repair fixes are put to a person as the call will
// run them: the run pauses (it is not refused), and the approved call runs
// repaired.
func TestRepairableArgumentsAreAsked(t *testing.T) {
	var g gatedWeather
	model := rt.NewModel(rt.Calls(rt.Call("c1", weather.ToolGetWeather, `{"City":"Paris"}`)), rt.Text("done"))
	a := newGated(t, model, &g, nil)
	s, err := a.Run(context.Background(), "weather?", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopPaused, s.StopReason)
	require.NoError(t, s.Approve("c1"))
	s, err = a.Resume(context.Background(), s, nil)
	require.NoError(t, err)
	assert.Len(t, g.calls(), 1)
	assert.Contains(t, s.Messages[2].Results[0].Result.Text(), "arguments repaired")
}
