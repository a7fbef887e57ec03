package agent_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/permission"
)

// callEvents records the call events of runs: kind, then call id.
type callEvents struct {
	mu  sync.Mutex
	all []string
}

func (c *callEvents) observe(e agent.Event) {
	switch e.Kind {
	case agent.EventCallDenied, agent.EventCallAllowed, agent.EventCallPaused, agent.EventCallApproved, agent.EventCallRejected, agent.EventRunFailed:
		c.mu.Lock()
		defer c.mu.Unlock()
		c.all = append(c.all, string(e.Kind)+" "+e.Call.ID+" "+e.Reason)
	}
}

func (c *callEvents) take() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.all
	c.all = nil
	return out
}

// TestInactiveToolIsDenied: a call to a tool the agent has but the
// program made inactive is refused as a denial (the model reads that the
// tool is not available in this run, and call_denied is emitted once),
// not as an unknown tool; a call to a tool the agent does not have is
// still "unknown tool". Both filters, in Run and RunStream.
func TestInactiveToolIsDenied(t *testing.T) {
	for name, filter := range map[string]agent.Option{
		"WithInactiveTools": agent.WithInactiveTools("hidden"),
		"WithActiveTools":   agent.WithActiveTools("shown"),
	} {
		for _, streaming := range []bool{false, true} {
			t.Run(name+map[bool]string{false: "", true: "/streaming"}[streaming], func(t *testing.T) {
				var rec recorder
				var ev callEvents
				var streamed []string
				model := rt.NewModel(rt.Calls(rt.Call("c1", "hidden", `{}`), rt.Call("c2", "nowhere", `{}`), rt.Call("c3", "shown", `{}`)), rt.Text("ok"))
				ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("hidden", nil), rec.tool("shown", nil)}), filter,
					agent.WithObserver(ev.observe))
				require.NoError(t, err)
				if streaming {
					_, err = ag.RunStream(context.Background(), "go", nil, func(e agent.Event) error {
						if e.Kind == agent.EventCallDenied {
							streamed = append(streamed, e.Call.ID)
						}
						return nil
					})
				} else {
					_, err = ag.Run(context.Background(), "go", nil)
				}
				require.NoError(t, err)
				assert.Equal(t, []string{"shown {}"}, rec.ran())
				results := lastResults(t, model)
				assert.Equal(t, []string{
					`Denied: tool "hidden" is not available in this run (the program made it inactive), so this call was not run; the tools are: shown`,
					`unknown tool "nowhere"; the tools are: shown`,
					"shown done",
				}, texts(results))
				assert.True(t, results[0].Result.IsError)
				assert.True(t, results[1].Result.IsError)
				assert.Equal(t, []string{
					"call_denied c1 inactive tool: not available in this run",
					"call_denied c2 unknown tool",
					"call_allowed c3 no rule matched",
				}, ev.take())
				if streaming {
					assert.Equal(t, []string{"c1", "c2"}, streamed)
				}
			})
		}
	}
}

// TestDenialsOnResumeEmitTheirEventOnce: a call of a paused turn that is
// denied when the run resumes (a deny rule added since the pause, its tool
// made inactive) is reported call_denied, once, as a denial in Run is,
// whether a person approved it or it was allowed; a person's rejection is
// call_rejected, once; a call denied at the pause is not reported again;
// Resume, ResumeStream and the engine seam alike.
func TestDenialsOnResumeEmitTheirEventOnce(t *testing.T) {
	// The paused turn: free (allowed), gated (asks), banned (denied by a
	// rule from the start), gated2 (asks, to be rejected).
	tools := func(rec *recorder) []toolgen.Tool {
		return []toolgen.Tool{rec.tool("free", nil), rec.tool("gated", requiresApproval), rec.tool("banned", nil), rec.tool("gated2", requiresApproval)}
	}
	banned := toolgen.Rule{Tool: "banned"}
	pause := func(t *testing.T, rec *recorder, ev *callEvents) (*rt.Model, *agent.State) {
		model := rt.NewModel(rt.Calls(rt.Call("1", "free", `{}`), rt.Call("2", "gated", `{}`), rt.Call("3", "banned", `{}`), rt.Call("4", "gated2", `{}`)), rt.Text("done"))
		ag, err := agent.New(model, agent.WithTools(tools(rec)), agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{banned}}), agent.WithObserver(ev.observe))
		require.NoError(t, err)
		s, err := ag.Run(context.Background(), "go", nil)
		require.NoError(t, err)
		require.Equal(t, agent.StopPaused, s.StopReason)
		assert.Equal(t, []string{
			"call_allowed 1 no rule matched", "call_paused 2 the tool requires approval",
			"call_denied 3 deny rule banned", "call_paused 4 the tool requires approval",
		}, ev.take())
		require.NoError(t, s.Approve("2"))
		require.NoError(t, s.Reject("not now", "4"))
		return model, viaJSON(t, s)
	}
	for _, tc := range []struct {
		name    string
		opts    []agent.Option
		events  []string
		results []string
	}{
		{"nothing changed", nil,
			[]string{"call_approved 2 approved by the user", "call_rejected 4 Denied by the user: not now"},
			[]string{"free done", "gated done", "Denied by policy: this call is not permitted.", "Denied by the user: not now"}},
		{"a deny rule on the approved call", []agent.Option{agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{banned, {Tool: "gated"}}})},
			[]string{"call_denied 2 deny rule gated", "call_rejected 4 Denied by the user: not now"},
			[]string{"free done", "Denied by policy: this call is not permitted.", "Denied by policy: this call is not permitted.", "Denied by the user: not now"}},
		{"a deny rule on the allowed call", []agent.Option{agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{banned, {Tool: "free"}}})},
			[]string{"call_denied 1 deny rule free", "call_approved 2 approved by the user", "call_rejected 4 Denied by the user: not now"},
			[]string{"Denied by policy: this call is not permitted.", "gated done", "Denied by policy: this call is not permitted.", "Denied by the user: not now"}},
		{"a deny rule on the rejected call", []agent.Option{agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{banned, {Tool: "gated2"}}})},
			[]string{"call_approved 2 approved by the user", "call_denied 4 deny rule gated2"},
			[]string{"free done", "gated done", "Denied by policy: this call is not permitted.", "Denied by policy: this call is not permitted."}},
		{"the approved call's tool made inactive", []agent.Option{agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{banned}}), agent.WithInactiveTools("gated")},
			[]string{"call_denied 2 inactive tool: not available in this run", "call_rejected 4 Denied by the user: not now"},
			[]string{"free done", `Denied: tool "gated" is not available in this run (the program made it inactive), so this call was not run; the tools are: free, banned, gated2`,
				"Denied by policy: this call is not permitted.", "Denied by the user: not now"}},
	} {
		for _, how := range []string{"Resume", "ResumeStream", "seam"} {
			t.Run(tc.name+"/"+how, func(t *testing.T) {
				var rec recorder
				var ev callEvents
				model, s := pause(t, &rec, &ev)
				opts := append([]agent.Option{agent.WithTools(tools(&rec)), agent.WithObserver(ev.observe)}, tc.opts...)
				if tc.opts == nil {
					opts = append(opts, agent.WithPermissions(permission.Permissions{Deny: []toolgen.Rule{banned}}))
				}
				ag, err := agent.New(model, opts...)
				require.NoError(t, err)
				var streamed []string
				switch how {
				case "Resume":
					s, err = ag.Resume(context.Background(), s, nil)
				case "ResumeStream":
					s, err = ag.ResumeStream(context.Background(), s, nil, func(e agent.Event) error {
						if strings.HasPrefix(string(e.Kind), "call_") {
							streamed = append(streamed, string(e.Kind)+" "+e.Call.ID+" "+e.Reason)
						}
						return nil
					})
				case "seam":
					driveSeam(t, ag, s, nil)
				}
				require.NoError(t, err)
				assert.Equal(t, agent.StopDone, s.StopReason)
				got := ev.take()
				assert.Equal(t, tc.events, got, "each denial, rejection and approval once")
				if how == "ResumeStream" {
					assert.Equal(t, tc.events, streamed)
				}
				assert.Equal(t, tc.results, texts(lastResults(t, model)))
			})
		}
	}
}

// TestRefusedResumeReportsItsFailure: a Resume refused because a tool
// changed its contract since the pause returns an error and reports it
// once, as run_failed, to observers and to ResumeStream's consumer; no
// call runs and the state is left as it was.
func TestRefusedResumeReportsItsFailure(t *testing.T) {
	for _, streaming := range []bool{false, true} {
		var rec recorder
		var ev callEvents
		model, s := pausedOnGated(t, &rec, rt.Text("done"))
		require.NoError(t, s.Approve())
		ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("free", nil), rec.tool("gated", nil)}), agent.WithObserver(ev.observe))
		require.NoError(t, err)
		saved := viaJSON(t, s)
		var streamed []agent.EventKind
		if streaming {
			_, err = ag.ResumeStream(context.Background(), saved, nil, func(e agent.Event) error {
				streamed = append(streamed, e.Kind)
				return nil
			})
		} else {
			_, err = ag.Resume(context.Background(), saved, nil)
		}
		const want = "resume: tool gated changed since the run paused (its RequiresApproval or annotations differ), so the paused calls were decided under another contract; start a new run"
		require.EqualError(t, err, want)
		assert.Equal(t, []string{"run_failed  "}, ev.take())
		if streaming {
			assert.Equal(t, []agent.EventKind{agent.EventRunFailed}, streamed)
		}
		assert.Empty(t, rec.ran())
		assert.Equal(t, viaJSON(t, s), saved, "the state is left as it was")
	}
}
