package agent_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/examples/weather"
	"github.com/toolgen-dev/toolgen/permission"
)

// argsCase is arguments a model may send, and the member of a call's JSON
// that keeps them.
type argsCase struct {
	name   string
	args   string
	member string // args, args_text or args_base64
	bad    bool   // get_weather refuses them: the model reads why
}

// oddArgs are the kinds of bytes a model sends as arguments: not JSON in
// every way seen from providers and models, and valid JSON that
// encoding/json would rewrite.
func oddArgs() []argsCase {
	return []argsCase{
		{"well formed", `{"city":"Paris"}`, "args", false},
		{"escaped as encoding/json escapes", `{"city":"\u003cParis\u003e \u0026 \u2028"}`, "args", false},
		{"empty", ``, "args_text", true},
		{"truncated", `{"city":"Par`, "args_text", true},
		{"not JSON", `city=Paris`, "args_text", true},
		{"byte order mark", "\ufeff{\"city\":\"Paris\"}", "args_text", true},
		{"two documents", `{"city":"Paris"}{"city":"Rome"}`, "args_text", true},
		{"two documents with a space", `{"city":"Paris"} {"city":"Rome"}`, "args_text", true},
		{"not UTF-8", "\xff\xfe{\"city\":\"Paris\"}", "args_base64", true},
		{"not UTF-8 in a string", "{\"city\":\"Par\xe9is\"}", "args_base64", false},
		{"a NUL byte", "{\"city\":\"Paris\"}\x00", "args_text", true},
		{"huge and truncated", `{"city":"` + strings.Repeat("Paris", 200_000), "args_text", true},
		{"huge", `{"city":"` + strings.Repeat("Paris", 200_000) + `"}`, "args", false},
		{"spaces", `{ "city": "Paris" }`, "args_text", false},
		{"a trailing newline", "{\"city\":\"Paris\"}\n", "args_text", false},
		{"indented", "{\n  \"city\": \"Paris\"\n}", "args_text", false},
		{"HTML characters", `{"city":"<Paris> & Rome"}`, "args_text", false},
		{"a line separator", "{\"city\":\"Par\u2028is\"}", "args_text", false},
		{"escapes encoding/json keeps", `{"city":"\u0050aris\/"}`, "args", false},
		{"null", `null`, "args", true},
		{"a string", `"Paris"`, "args", true},
		{"an array", `["Paris"]`, "args", true},
	}
}

func (c argsCase) raw() json.RawMessage { return json.RawMessage(c.args) }

// members are the members of a JSON object, undecoded.
func members(t *testing.T, data []byte) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(data, &m))
	return m
}

// TestCallArgsRoundTripThroughJSON: ToolCall, PendingCall and Call write
// any arguments, and read back the same bytes, through json.Marshal,
// json.MarshalIndent and an Encoder that does not escape HTML; arguments
// as encoding/json writes them are written as JSON, as before.
func TestCallArgsRoundTripThroughJSON(t *testing.T) {
	for _, tc := range oddArgs() {
		t.Run(tc.name, func(t *testing.T) {
			call := agent.ToolCall{ID: "c1", Name: "get_weather", Args: tc.raw()}
			data, err := json.Marshal(call)
			require.NoError(t, err)
			m := members(t, data)
			assert.Contains(t, m, tc.member)
			assert.Len(t, m, 3, "id, name and one member for the arguments: %s", m)
			if tc.member == "args" {
				assert.Equal(t, tc.args, string(m["args"]), "written as JSON, as it came")
			}

			pending := agent.PendingCall{ID: "c1", Name: "get_weather", Args: tc.raw(), Reason: "ask rule get_weather"}
			engineCall := agent.Call{ToolCall: call, Turn: 3, IdempotencyKey: "run/c1"}
			for _, enc := range encoders() {
				var gotCall agent.ToolCall
				require.NoError(t, json.Unmarshal(enc.marshal(t, call), &gotCall))
				assert.Equal(t, call, gotCall, enc.name)
				assertSameBytes(t, tc.args, gotCall.Args, enc.name)

				var gotPending agent.PendingCall
				require.NoError(t, json.Unmarshal(enc.marshal(t, pending), &gotPending))
				assert.Equal(t, pending, gotPending, enc.name)

				var gotEngineCall agent.Call
				require.NoError(t, json.Unmarshal(enc.marshal(t, engineCall), &gotEngineCall))
				assert.Equal(t, engineCall, gotEngineCall, enc.name+": Turn and IdempotencyKey too")
			}
		})
	}
}

func assertSameBytes(t *testing.T, want string, got []byte, msg string) {
	t.Helper()
	if !bytes.Equal([]byte(want), got) {
		t.Errorf("%s: the arguments came back as %.200q, want %.200q", msg, got, want)
	}
}

type encoder struct {
	name    string
	marshal func(*testing.T, any) []byte
}

func encoders() []encoder {
	return []encoder{
		{"json.Marshal", func(t *testing.T, v any) []byte {
			b, err := json.Marshal(v)
			require.NoError(t, err)
			return b
		}},
		{"json.MarshalIndent", func(t *testing.T, v any) []byte {
			b, err := json.MarshalIndent(v, "", "\t")
			require.NoError(t, err)
			return b
		}},
		{"an Encoder without HTML escaping", func(t *testing.T, v any) []byte {
			var buf bytes.Buffer
			enc := json.NewEncoder(&buf)
			enc.SetEscapeHTML(false)
			require.NoError(t, enc.Encode(v))
			return buf.Bytes()
		}},
	}
}

// TestCallArgsReadStatesWrittenBefore: a state written before arguments
// had three members holds them in "args", compact or indented, or null
// for none; they read as they were.
func TestCallArgsReadStatesWrittenBefore(t *testing.T) {
	for data, want := range map[string]string{
		`{"id":"c1","name":"get_weather","args":{"city":"Paris"}}`:                                `{"city":"Paris"}`,
		`{"id":"c1","name":"get_weather","args":{"city":"\u003cParis\u003e"}}`:                    `{"city":"\u003cParis\u003e"}`,
		"{\"id\":\"c1\",\n \"name\":\"get_weather\",\n \"args\": {\n  \"city\": \"Paris\"\n }\n}": `{"city":"Paris"}`,
		`{"id":"c1","name":"get_weather","args":null}`:                                            `null`,
		`{"id":"c1","name":"get_weather","args_text":""}`:                                         ``,
		`{"id":"c1","name":"get_weather","args_base64":"/w=="}`:                                   "\xff",
	} {
		var c agent.ToolCall
		require.NoError(t, json.Unmarshal([]byte(data), &c), data)
		assertSameBytes(t, want, c.Args, data)
		assert.Equal(t, "c1", c.ID)
		assert.Equal(t, toolgen.ToolName("get_weather"), c.Name)
	}
	var c agent.ToolCall
	require.NoError(t, json.Unmarshal([]byte(`{"id":"c1","name":"get_weather"}`), &c))
	assert.Nil(t, c.Args, "no member: no arguments")
	data, err := json.Marshal(c)
	require.NoError(t, err)
	assert.Equal(t, `{"id":"c1","name":"get_weather"}`, string(data), "nil arguments write no member")

	for _, data := range []string{
		`{"id":"c1","name":"x","args":{},"args_text":"{}"}`,
		`{"id":"c1","name":"x","args_text":"","args_base64":""}`,
	} {
		err := json.Unmarshal([]byte(data), &c)
		assert.ErrorContains(t, err, `agent: tool call "c1": a call's arguments are in one of "args", "args_text" and "args_base64", not several`, data)
	}
	assert.Error(t, json.Unmarshal([]byte(`{"id":"c1","name":"x","args_base64":"not base64!"}`), &c))
}

// recordingWeather is get_weather, recording the arguments of each call.
type recordingWeather struct {
	mu   sync.Mutex
	args [][]byte
}

func (r *recordingWeather) tools() []toolgen.Tool {
	tools := weather.Tools()
	for i, t := range tools {
		// Without Validate, a call is put to a person whatever its
		// arguments, so that a run pauses on any bytes.
		tools[i].Validate = nil
		call := t.Call
		tools[i].Call = func(ctx context.Context, args []byte) (toolgen.Result, error) {
			r.mu.Lock()
			r.args = append(r.args, bytes.Clone(args))
			r.mu.Unlock()
			return call(ctx, args)
		}
	}
	return tools
}

// TestPausedRunWithOddArgsSavesAndResumes: a run paused on a call whose
// arguments are any bytes is saved as JSON and read back into a fresh
// State with the same bytes (in the transcript, the paused turn and
// Pending); approved and resumed, the tool gets exactly those bytes and
// the model reads what the tool said about them; the finished state
// round-trips too. Through Run and Resume, and RunStream and ResumeStream.
func TestPausedRunWithOddArgsSavesAndResumes(t *testing.T) {
	for _, streaming := range []bool{false, true} {
		for _, tc := range oddArgs() {
			name := tc.name
			if streaming {
				name = "streaming/" + name
			}
			t.Run(name, func(t *testing.T) {
				want, err := weather.Tools()[0].Call(context.Background(), tc.raw())
				require.NoError(t, err)
				if tc.bad {
					require.True(t, want.IsError)
					require.Contains(t, want.Text(), "invalid arguments", "the tool says what is wrong")
				}

				var rec recordingWeather
				model := rt.NewModel(rt.Calls(rt.Call("c1", weather.ToolGetWeather, tc.args)), rt.Text("done"))
				newAgent := func() *agent.Agent {
					ag, err := agent.New(model, agent.WithTools(rec.tools()),
						agent.WithPermissions(permission.Permissions{Ask: []toolgen.Rule{{Tool: weather.ToolGetWeather}}}))
					require.NoError(t, err)
					return ag
				}
				run := func(ag *agent.Agent) (*agent.State, error) {
					if streaming {
						return ag.RunStream(context.Background(), "weather?", nil, func(agent.Event) error { return nil })
					}
					return ag.Run(context.Background(), "weather?", nil)
				}
				resume := func(ag *agent.Agent, s *agent.State) (*agent.State, error) {
					if streaming {
						return ag.ResumeStream(context.Background(), s, nil, func(agent.Event) error { return nil })
					}
					return ag.Resume(context.Background(), s, nil)
				}

				s, err := run(newAgent())
				require.NoError(t, err)
				require.Equal(t, agent.StopPaused, s.StopReason)
				assertSameBytes(t, tc.args, s.Messages[1].Calls[0].Args, "recorded")

				data, err := json.Marshal(s)
				require.NoError(t, err, "a paused run is saved whatever the model sent")
				var loaded agent.State
				require.NoError(t, json.Unmarshal(data, &loaded))
				assertSameBytes(t, tc.args, loaded.Messages[1].Calls[0].Args, "the transcript")
				assertSameBytes(t, tc.args, loaded.Paused.Calls[0].Call.Args, "the paused turn")
				require.Len(t, loaded.Pending(), 1)
				assertSameBytes(t, tc.args, loaded.Pending()[0].Args, "Pending")
				pending, err := json.Marshal(loaded.Pending())
				require.NoError(t, err)
				var pendingBack []agent.PendingCall
				require.NoError(t, json.Unmarshal(pending, &pendingBack))
				assert.Equal(t, loaded.Pending(), pendingBack)

				require.NoError(t, loaded.Approve("c1"))
				done, err := resume(newAgent(), &loaded)
				require.NoError(t, err)
				assert.Equal(t, agent.StopDone, done.StopReason)
				require.Len(t, rec.args, 1)
				assertSameBytes(t, tc.args, rec.args[0], "the approved call ran with")
				results := lastResults(t, model)
				require.Len(t, results, 1)
				assert.Equal(t, want, results[0].Result, "the model reads what the tool says of these arguments")

				final := viaJSON(t, done)
				assertSameBytes(t, tc.args, final.Messages[1].Calls[0].Args, "the finished transcript")
				assert.Equal(t, done.Messages, final.Messages)
			})
		}
	}
}

// TestEngineCallsWithOddArgsRoundTrip: the calls Next hands an engine
// (which an engine such as Temporal passes to its activities as JSON)
// keep their arguments, turn and idempotency key.
func TestEngineCallsWithOddArgsRoundTrip(t *testing.T) {
	for _, tc := range oddArgs() {
		t.Run(tc.name, func(t *testing.T) {
			var rec recordingWeather
			ag, err := agent.New(agent.ModelFunc(nil), agent.WithTools(rec.tools()))
			require.NoError(t, err)
			s := agent.NewState("run-1", "weather?")
			act, err := ag.Next(s)
			require.NoError(t, err)
			require.Equal(t, agent.ActionAskModel, act.Kind)
			require.NoError(t, ag.ApplyResponse(s, agent.Response{Message: agent.Message{Calls: []agent.ToolCall{rt.Call("c1", weather.ToolGetWeather, tc.args)}}}))
			s = viaJSON(t, s)
			act, err = ag.Next(s)
			require.NoError(t, err)
			require.Equal(t, agent.ActionCallTools, act.Kind)
			require.Len(t, act.Calls, 1)

			data, err := json.Marshal(act.Calls)
			require.NoError(t, err)
			var calls []agent.Call
			require.NoError(t, json.Unmarshal(data, &calls))
			assert.Equal(t, act.Calls, calls)
			assertSameBytes(t, tc.args, calls[0].Args, "the engine's call")
			assert.NotEmpty(t, calls[0].IdempotencyKey)

			res, err := ag.CallTool(context.Background(), s.RunID, calls[0], nil)
			require.NoError(t, err)
			require.NoError(t, ag.ApplyResults(viaJSON(t, s), []agent.ToolResult{res}))
			assertSameBytes(t, tc.args, rec.args[0], "the tool got")
		})
	}
}

// FuzzStateArgsRoundTrip: a state holding any bytes as a call's arguments
// (in the transcript, a paused turn and an engine's call) marshals, and
// reads back the same bytes.
func FuzzStateArgsRoundTrip(f *testing.F) {
	for _, tc := range oddArgs() {
		if len(tc.args) < 1000 {
			f.Add([]byte(tc.args))
		}
	}
	f.Fuzz(func(t *testing.T, args []byte) {
		call := agent.ToolCall{ID: "c1", Name: "t", Args: args}
		s := agent.NewState("run-1", "go")
		s.Messages = append(s.Messages, agent.Message{Role: agent.RoleAssistant, Calls: []agent.ToolCall{call}})
		s.StopReason = agent.StopPaused
		s.Paused = &agent.PausedTurn{Calls: []agent.Decision{{Call: call, Outcome: permission.OutcomeAsk}}}
		for _, indent := range []bool{false, true} {
			var data []byte
			var err error
			if indent {
				data, err = json.MarshalIndent(s, "", " ")
			} else {
				data, err = json.Marshal(s)
			}
			if err != nil {
				t.Fatalf("marshal %q: %v", args, err)
			}
			var got agent.State
			if err := json.Unmarshal(data, &got); err != nil {
				t.Fatalf("unmarshal %q: %v", data, err)
			}
			for _, c := range []agent.ToolCall{got.Messages[1].Calls[0], got.Paused.Calls[0].Call} {
				if !bytes.Equal(c.Args, args) || (args == nil) != (c.Args == nil) {
					t.Fatalf("%q came back as %q (indent %v)", args, c.Args, indent)
				}
			}
			p := got.Pending()
			if len(p) != 1 || !bytes.Equal(p[0].Args, args) {
				t.Fatalf("Pending of %q: %+v", args, p)
			}
		}
		data, err := json.Marshal(agent.Call{ToolCall: call, Turn: 1, IdempotencyKey: "k"})
		if err != nil {
			t.Fatalf("marshal a Call of %q: %v", args, err)
		}
		var c agent.Call
		if err := json.Unmarshal(data, &c); err != nil || !bytes.Equal(c.Args, args) || c.Turn != 1 || c.IdempotencyKey != "k" {
			t.Fatalf("a Call of %q came back as %+v (%v)", args, c, err)
		}
	})
}
