package agent_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/permission"
)

var (
	stateKey   = []byte("0123456789abcdef0123456789abcdef")
	anotherKey = []byte("fedcba9876543210fedcba9876543210")
)

// moneyTools are notify and wire_money, both asking for approval, and
// the recorder of what ran.
func moneyTools() ([]toolgen.Tool, *recorder) {
	rec := &recorder{}
	return []toolgen.Tool{rec.tool("notify", requiresApproval), rec.tool("wire_money", requiresApproval)}, rec
}

// The turn of every run below: c1 notifies ana, c2 wires money to bob.
const (
	notifyArgs = `{"amount":100,"to":"ana"}` // members in order: a saved State is edited as a map here
	wireArgs   = `{"amount":5,"to":"bob"}`
)

func moneyAgent(t *testing.T, tools []toolgen.Tool, model agent.Model, key []byte) *agent.Agent {
	t.Helper()
	opts := []agent.Option{agent.WithTools(tools)}
	if key != nil {
		opts = append(opts, agent.WithStateKey(key))
	}
	a, err := agent.New(model, opts...)
	require.NoError(t, err)
	return a
}

// pausedMoneyRun runs the turn until it pauses, then has the person answer
// with approve and reject (call ids), through the agent as a keyed agent
// needs: the saved State's JSON.
func pausedMoneyRun(t *testing.T, key []byte, approve, reject []string) []byte {
	t.Helper()
	tools, _ := moneyTools()
	model := rt.NewModel(rt.Calls(rt.Call("c1", "notify", notifyArgs), rt.Call("c2", "wire_money", wireArgs)))
	a := moneyAgent(t, tools, model, key)
	s, err := a.Run(context.Background(), "tell ana", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopPaused, s.StopReason)
	if len(approve) > 0 {
		require.NoError(t, a.Approve(s, approve...))
	}
	if len(reject) > 0 {
		require.NoError(t, a.Reject(s, "no", reject...))
	}
	b, err := json.Marshal(s)
	require.NoError(t, err)
	return b
}

// jsonState is a saved State as a person with a text editor sees it.
type jsonState map[string]any

func parseState(t *testing.T, b []byte) jsonState {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var m jsonState
	require.NoError(t, d.Decode(&m))
	return m
}

func (m jsonState) decisions() []any { return m["paused"].(map[string]any)["calls"].([]any) }
func (m jsonState) decision(i int) map[string]any {
	return m.decisions()[i].(map[string]any)
}
func (m jsonState) setDecisions(ds []any) { m["paused"].(map[string]any)["calls"] = ds }

// sent is the transcript's calls of the paused turn (its last message).
func (m jsonState) sent() []any {
	msgs := m["messages"].([]any)
	return msgs[len(msgs)-1].(map[string]any)["calls"].([]any)
}
func (m jsonState) setSent(calls []any) {
	msgs := m["messages"].([]any)
	msgs[len(msgs)-1].(map[string]any)["calls"] = calls
}

// call is the i-th call of the paused turn, in the decision and in the
// transcript.
func (m jsonState) calls(i int) []map[string]any {
	return []map[string]any{m.decision(i)["call"].(map[string]any), m.sent()[i].(map[string]any)}
}

// setArgs gives a call these argument bytes, exactly.
func setArgs(call map[string]any, args string) {
	delete(call, "args")
	call["args_text"] = args
}

// digestOf is the digest of arguments whose canonical JSON is canonical.
func digestOf(canonical string) string {
	sum := sha256.Sum256([]byte(canonical))
	return "sha256:" + hex.EncodeToString(sum[:])
}

func clone(v any) any {
	b, _ := json.Marshal(v)
	var c any
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	_ = d.Decode(&c)
	return c
}

// approvalFields are the members of a decision that say what was answered.
var approvalFields = []string{"approval", "approved_tool", "approved_id", "approved_args", "refusal", "seal"}

// An approval binds the call's tool, id and arguments: a saved State
// edited after the approval runs nothing it did not approve. Without a key
// the binding refuses an edit that leaves the call and its binding
// disagreeing (a mistake, a model's output pasted in, a field missed);
// with a key (WithStateKey) every edit of what runs under an approval is
// refused, however consistent. An edit that only writes the same JSON
// value another way is no change. A refusal is Resume's error, runs
// nothing, and leaves the State as it was.
func TestApprovalBindingAndStateKey(t *testing.T) {
	type edit func(t *testing.T, st, other jsonState)
	const (
		runs          = ""
		sealMismatch  = "its seal does not match"
		renamed       = "the approval was given to a call of notify, not wire_money"
		otherArgs     = "its arguments are not the ones approved"
		notTranscript = "is not the call the transcript shows"
	)
	rename := func(to string) func(map[string]any) { return func(c map[string]any) { c["name"] = to } }
	each := func(calls []map[string]any, f func(map[string]any)) {
		for _, c := range calls {
			f(c)
		}
	}
	for _, tc := range []struct {
		name        string
		edit        edit
		unkeyed     string   // the error without a key; runs: none
		unkeyedRuns []string // the tools that ran without a key, when it ran
		keyed       string   // the error with a key; runs: none, and notify ran
	}{
		{"no edit", func(*testing.T, jsonState, jsonState) {}, runs, []string{"notify"}, runs},
		{"approved call renamed", func(t *testing.T, st, _ jsonState) {
			rename("wire_money")(st.calls(0)[0])
		}, renamed, nil, renamed},
		{"approved call renamed in the transcript too", func(t *testing.T, st, _ jsonState) {
			each(st.calls(0), rename("wire_money"))
		}, renamed, nil, renamed},
		{"approved call and its binding renamed", func(t *testing.T, st, _ jsonState) {
			each(st.calls(0), rename("wire_money"))
			st.decision(0)["approved_tool"] = "wire_money"
		}, runs, []string{"wire_money"}, sealMismatch},
		{"call id changed", func(t *testing.T, st, _ jsonState) {
			each(st.calls(0), func(c map[string]any) { c["id"] = "c9" })
		}, `the approval was given to call "c1", not "c9"`, nil, `the approval was given to call "c1", not "c9"`},
		{"call id and its binding changed", func(t *testing.T, st, _ jsonState) {
			each(st.calls(0), func(c map[string]any) { c["id"] = "c9" })
			st.decision(0)["approved_id"] = "c9"
		}, runs, []string{"notify"}, sealMismatch},
		{"arguments changed", func(t *testing.T, st, _ jsonState) {
			each(st.calls(0), func(c map[string]any) { setArgs(c, `{"to":"ana","amount":1000}`) })
		}, otherArgs, nil, otherArgs},
		{"arguments and their digest changed", func(t *testing.T, st, _ jsonState) {
			each(st.calls(0), func(c map[string]any) { setArgs(c, `{"to":"ana","amount":1000}`) })
			st.decision(0)["approved_args"] = digestOf(`{"amount":1000,"to":"ana"}`)
		}, runs, []string{"notify"}, sealMismatch},
		{"arguments written another way", func(t *testing.T, st, _ jsonState) {
			each(st.calls(0), func(c map[string]any) { setArgs(c, " {\n \"amount\" : 1e2, \"to\": \"\\u0061na\" }") })
		}, runs, []string{"notify"}, runs},
		{"arguments written another way in the paused turn only", func(t *testing.T, st, _ jsonState) {
			setArgs(st.calls(0)[0], `{"amount":100.0,"to":"an\u0061"}`)
		}, runs, []string{"notify"}, runs},
		{"approvals of two calls swapped", func(t *testing.T, st, _ jsonState) {
			a, b := st.decision(0), st.decision(1)
			for _, f := range approvalFields {
				a[f], b[f] = b[f], a[f]
			}
		}, renamed, nil, renamed},
		{"a rejection turned into an approval", func(t *testing.T, st, _ jsonState) {
			st.decision(1)["approval"] = "approved"
		}, "the approval was given to a call of no tool named, not wire_money", nil, "the approval was given to a call of no tool named, not wire_money"},
		{"a rejection turned into a bound approval", func(t *testing.T, st, _ jsonState) {
			d := st.decision(1)
			d["approval"], d["approved_tool"], d["approved_id"] = "approved", "wire_money", "c2"
			d["approved_args"] = digestOf(`{"amount":5,"to":"bob"}`)
		}, runs, []string{"notify", "wire_money"}, sealMismatch},
		{"an approval beside an allow outcome", func(t *testing.T, st, _ jsonState) {
			d := st.decision(1)
			d["outcome"], d["approval"] = "allow", "approved"
			delete(d, "refusal")
		}, "the approval was given to a call of no tool named, not wire_money", nil, "the approval was given to a call of no tool named, not wire_money"},
		{"version set to 1", func(t *testing.T, st, _ jsonState) {
			st["version"] = 1
		}, runs, []string{"notify"}, "the state is version 1"},
		{"version set to 1 and a rejection turned into an approval", func(t *testing.T, st, _ jsonState) {
			st["version"] = 1
			for i := range st.decisions() {
				for _, f := range approvalFields {
					delete(st.decision(i), f)
				}
				st.decision(i)["approval"] = "approved"
			}
		}, runs, []string{"notify", "wire_money"}, "the state is version 1"},
		{"version set to 2", func(t *testing.T, st, _ jsonState) {
			st["version"] = 2
			d := st.decision(0)
			delete(d, "approved_tool")
			each(st.calls(0), rename("wire_money"))
			d["approved_args"] = digestOf(notifyArgs) // version 2's digest
		}, runs, []string{"wire_money"}, "the state is version 2"},
		{"approval copied from another run", func(t *testing.T, st, other jsonState) {
			ds := st.decisions()
			ds[1] = other.decisions()[1]
		}, runs, []string{"notify", "wire_money"}, sealMismatch},
		{"paused turn copied from another run", func(t *testing.T, st, other jsonState) {
			st["paused"] = other["paused"]
		}, runs, []string{"notify", "wire_money"}, sealMismatch},
		{"run id set to another run's", func(t *testing.T, st, other jsonState) {
			st["run_id"] = other["run_id"]
		}, runs, []string{"notify"}, sealMismatch},
		{"run id removed", func(t *testing.T, st, _ jsonState) {
			st["run_id"] = ""
		}, runs, []string{"notify"}, "the state has no run id"},
		{"turn changed (an approval carried to another turn)", func(t *testing.T, st, _ jsonState) {
			st["turns"] = 7
		}, runs, []string{"notify"}, sealMismatch},
		{"seal removed", func(t *testing.T, st, _ jsonState) {
			delete(st.decision(0), "seal")
		}, runs, []string{"notify"}, "carries no seal"},
		{"seal of one call put on another", func(t *testing.T, st, _ jsonState) {
			st.decision(1)["seal"] = st.decision(0)["seal"]
		}, runs, []string{"notify"}, sealMismatch},
		{"approval duplicated for a second call with the same arguments", func(t *testing.T, st, _ jsonState) {
			d, c := clone(st.decisions()[0]).(map[string]any), clone(st.sent()[0]).(map[string]any)
			d["call"].(map[string]any)["id"], d["approved_id"], c["id"] = "c3", "c3", "c3"
			st.setDecisions(append(st.decisions(), d))
			st.setSent(append(st.sent(), c))
		}, runs, []string{"notify", "notify"}, sealMismatch},
		{"approval duplicated under the same id", func(t *testing.T, st, _ jsonState) {
			st.setDecisions(append(st.decisions(), clone(st.decisions()[0])))
			st.setSent(append(st.sent(), clone(st.sent()[0])))
		}, `two calls of the paused turn are approved under one id, "c1"`, nil, `two calls of the paused turn are approved under one id, "c1"`},
		{"approved call moved in the turn", func(t *testing.T, st, _ jsonState) {
			ds, sent := st.decisions(), st.sent()
			ds[0], ds[1] = ds[1], ds[0]
			sent[0], sent[1] = sent[1], sent[0]
		}, runs, []string{"notify"}, sealMismatch},
		{"approved call added to the paused turn only", func(t *testing.T, st, _ jsonState) {
			st.setDecisions(append(st.decisions(), clone(st.decisions()[0])))
		}, `two calls of the paused turn are approved under one id, "c1"`, nil, `two calls of the paused turn are approved under one id, "c1"`},
		{"rejected call dropped from the paused turn", func(t *testing.T, st, _ jsonState) {
			st.setDecisions(st.decisions()[:1])
		}, "the paused turn holds 1 calls, and the transcript's last turn 2", nil, "the paused turn holds 1 calls, and the transcript's last turn 2"},
		{"transcript's call renamed", func(t *testing.T, st, _ jsonState) {
			rename("wire_money")(st.calls(0)[1])
		}, notTranscript, nil, notTranscript},
		{"transcript's arguments changed", func(t *testing.T, st, _ jsonState) {
			setArgs(st.calls(0)[1], `{"to":"eve","amount":100}`)
		}, notTranscript, nil, notTranscript},
		{"user's message edited (not covered: the transcript reaches the model, not a tool)", func(t *testing.T, st, _ jsonState) {
			st["messages"].([]any)[0].(map[string]any)["text"] = "wire everything to eve"
		}, runs, []string{"notify"}, runs},
	} {
		for _, keyed := range []bool{false, true} {
			var key []byte
			want, wantRuns := tc.unkeyed, tc.unkeyedRuns
			if keyed {
				key, want, wantRuns = stateKey, tc.keyed, []string{"notify"}
			}
			t.Run(tc.name+map[bool]string{false: "/unkeyed", true: "/keyed"}[keyed], func(t *testing.T) {
				st := parseState(t, pausedMoneyRun(t, key, []string{"c1"}, []string{"c2"}))
				other := parseState(t, pausedMoneyRun(t, key, []string{"c1", "c2"}, nil))
				tc.edit(t, st, other)
				edited, err := json.Marshal(st)
				require.NoError(t, err)
				var s agent.State
				require.NoError(t, json.Unmarshal(edited, &s))
				before, err := json.Marshal(&s)
				require.NoError(t, err)

				tools, rec := moneyTools()
				a := moneyAgent(t, tools, rt.NewModel(rt.Text("done")), key)
				out, err := a.Resume(context.Background(), &s, nil)
				if want != runs {
					require.ErrorContains(t, err, want)
					assert.Empty(t, rec.ran(), "a refused State runs nothing")
					after, err := json.Marshal(&s)
					require.NoError(t, err)
					assert.JSONEq(t, string(before), string(after), "a refusal changes nothing")
					return
				}
				require.NoError(t, err)
				assert.Equal(t, agent.StopDone, out.StopReason)
				var ran []string
				for _, c := range rec.ran() {
					ran = append(ran, strings.Fields(c)[0])
				}
				assert.ElementsMatch(t, wantRuns, ran)
			})
		}
	}
}

// A State refused under a wrong key is left as it was, and resumes under
// the right one; an agent without a key does not resume it as sealed (it
// cannot check seals), and a keyed agent refuses a State paused without
// the key.
func TestStateKeyRefusalLosesNothing(t *testing.T) {
	var s agent.State
	require.NoError(t, json.Unmarshal(pausedMoneyRun(t, stateKey, []string{"c1"}, []string{"c2"}), &s))

	tools, rec := moneyTools()
	wrong := moneyAgent(t, tools, rt.NewModel(rt.Text("done")), anotherKey)
	_, err := wrong.Resume(context.Background(), &s, nil)
	require.ErrorContains(t, err, "call c1 (notify): its seal does not match")
	assert.Empty(t, rec.ran())
	assert.ErrorContains(t, wrong.Approve(&s, "c1"), "its seal does not match", "nor does it answer under the wrong key")

	right := moneyAgent(t, tools, rt.NewModel(rt.Text("done")), stateKey)
	out, err := right.Resume(context.Background(), &s, nil)
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, out.StopReason)
	assert.Equal(t, []string{"notify " + notifyArgs}, rec.ran())

	var unsealed agent.State
	require.NoError(t, json.Unmarshal(pausedMoneyRun(t, nil, []string{"c1"}, []string{"c2"}), &unsealed))
	_, err = right.Resume(context.Background(), &unsealed, nil)
	require.ErrorContains(t, err, "call c1 (notify): it carries no seal")
}

// A keyed agent's answers are given with its key: an answer given with
// the State's own methods is refused at resume, saying so; an answer to a
// call changed while it waited is refused before it is given.
func TestStateKeyAnswersNeedTheKey(t *testing.T) {
	tools, rec := moneyTools()
	model := rt.NewModel(rt.Calls(rt.Call("c1", "notify", notifyArgs), rt.Call("c2", "wire_money", wireArgs)), rt.Text("done"))
	a := moneyAgent(t, tools, model, stateKey)
	s, err := a.Run(context.Background(), "tell ana", nil)
	require.NoError(t, err)
	for _, d := range s.Paused.Calls {
		assert.True(t, strings.HasPrefix(d.Seal, "hmac-sha256:"), "each call that asks is sealed when the run pauses")
	}

	unkeyed := saveAndLoad(t, s)
	require.NoError(t, unkeyed.Approve("c1"))
	require.NoError(t, unkeyed.Reject("no", "c2"))
	_, err = a.Resume(context.Background(), unkeyed, nil)
	require.ErrorContains(t, err, "call c1 (notify): it was approved without the state key")
	assert.Empty(t, rec.ran())

	renamed := saveAndLoad(t, s)
	renamed.Paused.Calls[0].Call.Name = "wire_money"
	renamed.Messages[len(renamed.Messages)-1].Calls[0].Name = "wire_money"
	before := renamed.Paused.Calls[0]
	require.ErrorContains(t, a.Approve(renamed, "c1"), "call c1 (wire_money): its seal does not match")
	assert.Equal(t, before, renamed.Paused.Calls[0], "nothing was answered")

	require.NoError(t, a.Approve(s, "c1"))
	require.NoError(t, a.Reject(s, "no", "c2"))
	require.NoError(t, a.Approve(s, "c1"), "a repeated answer changes nothing")
	out, err := a.Resume(context.Background(), saveAndLoad(t, s), nil)
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, out.StopReason)
	assert.Equal(t, []string{"notify " + notifyArgs}, rec.ran())
}

// An edit a person approves with the key is sealed: it runs, and the
// edited arguments changed afterwards do not.
func TestStateKeySealsEditedApprovals(t *testing.T) {
	tools, rec := moneyTools()
	model := rt.NewModel(rt.Calls(rt.Call("c1", "notify", notifyArgs)), rt.Text("done"))
	a := moneyAgent(t, tools, model, stateKey)
	s, err := a.Run(context.Background(), "tell ana", nil)
	require.NoError(t, err)
	require.NoError(t, a.ApproveWith(s, "c1", json.RawMessage(`{"to":"ana","amount":50}`)))

	tampered := saveAndLoad(t, s)
	tampered.Paused.Calls[0].Call.Args = json.RawMessage(`{"to":"ana","amount":5000}`)
	tampered.Paused.Calls[0].ApprovedArgs = digestOf(`{"amount":5000,"to":"ana"}`)
	_, err = a.Resume(context.Background(), tampered, nil)
	require.ErrorContains(t, err, "its seal does not match")

	require.NoError(t, a.ApproveWith(s, "c1", json.RawMessage(`{"to":"ana","amount":40}`)), "edited again, with the key")
	out, err := a.Resume(context.Background(), saveAndLoad(t, s), nil)
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, out.StopReason)
	assert.Equal(t, []string{`notify {"to":"ana","amount":40}`}, rec.ran())
}

// An engine driving a keyed agent with Next gets the same refusals, and
// one cannot step around them by clearing the stop reason (a turn under
// way is checked too).
func TestStateKeyNext(t *testing.T) {
	for _, keyed := range []bool{false, true} {
		var key []byte
		if keyed {
			key = stateKey
		}
		st := parseState(t, pausedMoneyRun(t, key, []string{"c1"}, []string{"c2"}))
		d := st.decision(1)
		d["outcome"], d["approval"] = "allow", "approved"
		delete(d, "refusal")
		st["stop_reason"] = ""
		b, err := json.Marshal(st)
		require.NoError(t, err)
		var s agent.State
		require.NoError(t, json.Unmarshal(b, &s))
		tools, _ := moneyTools()
		a := moneyAgent(t, tools, rt.NewModel(), key)
		_, err = a.Next(&s)
		require.ErrorContains(t, err, "agent: Next: call c2 (wire_money): the approval was given to a call of no tool named, not wire_money")
	}

	st := parseState(t, pausedMoneyRun(t, stateKey, []string{"c1"}, []string{"c2"}))
	st["run_id"] = "another-run"
	b, err := json.Marshal(st)
	require.NoError(t, err)
	var s agent.State
	require.NoError(t, json.Unmarshal(b, &s))
	tools, _ := moneyTools()
	a := moneyAgent(t, tools, rt.NewModel(), stateKey)
	_, err = a.Next(&s)
	require.ErrorContains(t, err, "agent: Next: call c1 (notify): its seal does not match")
}

// A call that asks when a keyed agent takes up a turn again (a rule added
// since) is sealed when the run pauses again, and the approval given
// before keeps its seal.
func TestStateKeyPausesAgain(t *testing.T) {
	rec := &recorder{}
	tools := []toolgen.Tool{rec.tool("notify", requiresApproval), rec.tool("lookup", nil)}
	model := rt.NewModel(rt.Calls(rt.Call("c1", "notify", notifyArgs), rt.Call("c2", "lookup", `{}`)))
	a := moneyAgent(t, tools, model, stateKey)
	s, err := a.Run(context.Background(), "tell ana", nil)
	require.NoError(t, err)
	require.NoError(t, a.Approve(s, "c1"))

	ask, err := agent.New(rt.NewModel(rt.Text("done")), agent.WithTools(tools), agent.WithStateKey(stateKey),
		agent.WithPermissions(permission.Permissions{Ask: []toolgen.Rule{{Tool: "lookup"}}}))
	require.NoError(t, err)
	s, err = ask.Resume(context.Background(), saveAndLoad(t, s), nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopPaused, s.StopReason)
	require.Len(t, s.Pending(), 1)
	require.NoError(t, ask.Approve(s, "c2"))
	out, err := ask.Resume(context.Background(), saveAndLoad(t, s), nil)
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, out.StopReason)
	assert.ElementsMatch(t, []string{"notify " + notifyArgs, "lookup {}"}, rec.ran())
}

func TestWithStateKeyNeedsALongEnoughKey(t *testing.T) {
	_, err := agent.New(rt.NewModel(), agent.WithStateKey([]byte("short")))
	require.EqualError(t, err, "agent.WithStateKey: the key has 5 bytes; it must have at least 16 (32 random bytes is the usual)")
}

// A State of an earlier version resumes without a key, by Resume and by
// ResumeStream alike, and goes on as this version: an approval it records
// later is checked as this version binds it. A version 2 State's approval
// was bound to the digest of its arguments (in version 2's form).
func TestEarlierVersionsResumeUnkeyed(t *testing.T) {
	const v2 = `{"version":2,"run_id":"r1","messages":[{"role":"user","text":"tell ana"},` +
		`{"role":"assistant","calls":[{"id":"c1","name":"notify","args":{"to":"ana","amount":100.0}}]}],"stop_reason":"paused","turns":1,` +
		`"usage":{"input_tokens":0,"output_tokens":0},"paused":{"calls":[{"call":{"id":"c1","name":"notify","args":{"to":"ana","amount":100.0}},` +
		`"outcome":"ask","reason":"the tool requires approval","approval":"approved","approved_args":"DIGEST"}],"tools":[]}}`
	state := strings.Replace(v2, "DIGEST", digestOf(`{"to":"ana","amount":100}`), 1)
	for _, stream := range []bool{false, true} {
		var s agent.State
		require.NoError(t, json.Unmarshal([]byte(state), &s))
		tools, rec := moneyTools()
		a := moneyAgent(t, tools, rt.NewModel(rt.Calls(rt.Call("c2", "notify", `{"to":"bob"}`)), rt.Text("done")), nil)
		var out *agent.State
		var err error
		if stream {
			out, err = a.ResumeStream(context.Background(), &s, nil, func(agent.Event) error { return nil })
		} else {
			out, err = a.Resume(context.Background(), &s, nil)
		}
		require.NoError(t, err)
		require.Equal(t, agent.StopPaused, out.StopReason, "paused again, on c2")
		assert.Equal(t, agent.StateVersion, out.Version)
		require.NoError(t, a.Approve(out, "c2"))
		out, err = a.Resume(context.Background(), saveAndLoad(t, out), nil)
		require.NoError(t, err)
		assert.Equal(t, agent.StopDone, out.StopReason)
		assert.Equal(t, []string{`notify {"to":"ana","amount":100.0}`, `notify {"to":"bob"}`}, rec.ran())
	}
}
