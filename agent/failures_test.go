package agent_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
)

// flaky fails until ok is set, recording each call's Ctx.
func flaky(ok *bool, seen *[]toolgen.Ctx) toolgen.Tool {
	return toolgen.Tool{Name: "lookup", Description: "Look up.", InputSchema: []byte(`{"type":"object"}`), MaxFailures: 5,
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			*seen = append(*seen, toolgen.CtxFrom(ctx))
			if *ok {
				return toolgen.TextResult("found"), nil
			}
			return toolgen.ErrorResult("the lookup service is down"), nil
		}}
}

// A tool that failed as many times in a row as it may has its further
// calls refused, and the model is told to stop calling it; the tool sees
// its attempt and the limit; the option overrides the tool's own limit; a
// success starts the count again; a resumed run keeps the count.
func TestMaxFailures(t *testing.T) {
	var ok bool
	var seen []toolgen.Ctx
	call := func(id string) rt.Reply { return rt.Calls(rt.Call(id, "lookup", `{}`)) }
	model := rt.NewModel(call("c1"), call("c2"), call("c3"), rt.Text("I could not look it up."))
	var events []agent.Event
	a, err := agent.New(model, agent.WithTools([]toolgen.Tool{flaky(&ok, &seen)}), agent.WithMaxFailures(2),
		agent.WithObserver(func(e agent.Event) { events = append(events, e) }))
	require.NoError(t, err)
	s, err := a.Run(context.Background(), "look it up", nil)
	require.NoError(t, err)
	require.Len(t, seen, 2, "the third call does not run")
	assert.Equal(t, []int{1, 2}, []int{seen[0].Attempt, seen[1].Attempt})
	assert.Equal(t, 2, seen[0].MaxFailures, "the option wins over the tool's own limit")
	refused := s.Messages[6].Results[0].Result
	assert.True(t, refused.IsError)
	assert.Contains(t, refused.Text(), "lookup failed twice in a row, its limit in this run")
	assert.Contains(t, refused.Text(), "Do not call lookup again in this run")
	var denied []string
	for _, e := range events {
		if e.Kind == agent.EventCallDenied {
			denied = append(denied, e.Reason)
		}
	}
	assert.Equal(t, []string{"failure limit: 2 failed calls in a row (limit 2)"}, denied)

	// The count comes from the transcript: a success resets it.
	ok = true
	model = rt.NewModel(call("c4"), call("c5"), rt.Text("done"))
	a, err = agent.New(model, agent.WithTools([]toolgen.Tool{flaky(&ok, &seen)}), agent.WithMaxFailures(2, "lookup"))
	require.NoError(t, err)
	s.Messages = s.Messages[:5] // up to the second failure
	s.StopReason = agent.StopDone
	s.Messages = append(s.Messages, agent.Message{Role: agent.RoleUser, Text: "try again"})
	_, err = a.Resume(context.Background(), s, nil)
	require.NoError(t, err)
	require.Len(t, seen, 2, "still past the limit: refused")

	_, err = agent.New(model, agent.WithTools([]toolgen.Tool{flaky(&ok, &seen)}), agent.WithMaxFailures(2, "nope"))
	require.ErrorContains(t, err, "failure limits name tools that are not registered: nope")
	_, err = agent.New(model, agent.WithMaxFailures(0))
	require.EqualError(t, err, "agent.WithMaxFailures(0): must be at least 1")
}

// The tool's own limit (the directive's maxfailures=N) applies without the
// option, and a success in between starts the count again.
func TestToolsOwnFailureLimit(t *testing.T) {
	fails := []bool{true, false, true, true}
	i := 0
	tool := toolgen.Tool{Name: "lookup", Description: "Look up.", InputSchema: []byte(`{"type":"object"}`), MaxFailures: 2,
		Call: func(context.Context, []byte) (toolgen.Result, error) {
			f := fails[i]
			i++
			if f {
				return toolgen.ErrorResult("down"), nil
			}
			return toolgen.TextResult("found"), nil
		}}
	var replies []rt.Reply
	for _, id := range []string{"c1", "c2", "c3", "c4", "c5"} {
		replies = append(replies, rt.Calls(rt.Call(id, "lookup", `{}`)))
	}
	model := rt.NewModel(append(replies, rt.Text("done"))...)
	a, err := agent.New(model, agent.WithTools([]toolgen.Tool{tool}))
	require.NoError(t, err)
	s, err := a.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	assert.Equal(t, 4, i, "fail, succeed, fail, fail: the fifth call is refused")
	assert.Contains(t, s.Messages[10].Results[0].Result.Text(), "failed twice in a row")
}
