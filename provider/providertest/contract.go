package providertest

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
)

// RunContract runs, as subtests, the behaviours every agent.StreamingModel
// must have whatever carries its answers, a provider's API or a script:
// the answer Generate gives is the answer, and the parts Stream gives for
// it are well formed (one finish, last; the usage before it; each call's
// start, argument pieces and whole call in that order, numbered from 0
// without a gap) and collect to that same answer; a cancelled context is
// an error of both, wrapping context.Canceled. newModel makes a model that
// answers its next two requests with a: the first through Generate, the
// second through Stream. RunModelSuite runs it for each adapter, and the
// scripted model of agent/agenttest runs it too.
func RunContract(t *testing.T, newModel func(t *testing.T, a Answer) agent.StreamingModel) {
	for name, a := range contractAnswers {
		t.Run(name, func(t *testing.T) {
			m := newModel(t, a)
			want, err := m.Generate(context.Background(), Hi)
			require.NoError(t, err)
			checkAnswer(t, a, want)
			var parts []agent.Part
			for p, err := range m.Stream(context.Background(), Hi) {
				require.NoError(t, err)
				parts = append(parts, p)
			}
			CheckParts(t, parts)
			var c agent.Collector
			for _, p := range parts {
				require.NoError(t, c.Add(p))
			}
			assert.Equal(t, want, c.Response())
		})
	}
	t.Run("cancelled context", func(t *testing.T) {
		requireCancelled(t, newModel(t, text("never")))
	})
}

// requireCancelled checks that m's Generate and Stream, given a context
// cancelled already, both fail with context.Canceled.
func requireCancelled(t *testing.T, m agent.StreamingModel) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := m.Generate(ctx, Hi)
	require.ErrorIs(t, err, context.Canceled)
	_, err = Parts(t, m.Stream(ctx, Hi))
	require.ErrorIs(t, err, context.Canceled)
}

// contractAnswers are the answers RunContract asks for.
var contractAnswers = map[string]Answer{
	"text":                 text("Hello", " there!"),
	"reasoning and text":   {Reasoning: []string{"Hm", "m."}, Text: []string{"Hello"}},
	"parallel calls":       twoCalls,
	"a call without input": calls(Call{ID: "call_1", Name: "ping"}),
}

// checkAnswer checks that resp is a: its text, and its calls with their
// ids, names and arguments (an empty object for a call without input).
func checkAnswer(t *testing.T, a Answer, resp agent.Response) {
	t.Helper()
	msg := resp.Message
	assert.Equal(t, agent.RoleAssistant, msg.Role)
	assert.Equal(t, strings.Join(a.Text, ""), msg.Text)
	require.Len(t, msg.Calls, len(a.Calls))
	for i, c := range a.Calls {
		got := msg.Calls[i]
		assert.Equal(t, c.ID, got.ID)
		assert.Equal(t, c.Name, string(got.Name))
		args := strings.Join(c.Args, "")
		if args == "" {
			args = "{}"
		}
		assert.JSONEq(t, args, string(got.Args), "call %s", c.ID)
	}
}

// CheckParts checks that parts are a well-formed stream of one answer: no
// empty text or reasoning piece; each call's parts in order (its start,
// its argument pieces, the whole call, whose arguments are the pieces or,
// when none came, what the call says), calls numbered from 0 without a
// gap; the usage, if any, before the finish; one finish, last.
func CheckParts(t *testing.T, parts []agent.Part) {
	t.Helper()
	type call struct {
		started, done bool
		args          strings.Builder
	}
	var calls []*call
	finishes := 0
	for i, p := range parts {
		require.Zero(t, finishes, "part %d (%s) after the finish", i, p.Kind)
		switch p.Kind {
		case agent.PartText, agent.PartReasoning:
			assert.NotEmpty(t, p.Text, "part %d: an empty %s piece", i, p.Kind)
		case agent.PartCallStart:
			require.Equal(t, len(calls), p.Index, "part %d: call %d starts after %d calls", i, p.Index, len(calls))
			assert.NotEmpty(t, p.Call.ID, "part %d: a call without an id", i)
			assert.NotEmpty(t, p.Call.Name, "part %d: a call without a name", i)
			calls = append(calls, &call{started: true})
		case agent.PartCallArgs, agent.PartCallDone:
			require.Less(t, p.Index, len(calls), "part %d: %s of call %d, not started", i, p.Kind, p.Index)
			c := calls[p.Index]
			require.False(t, c.done, "part %d: %s of call %d, which is done", i, p.Kind, p.Index)
			if p.Kind == agent.PartCallArgs {
				c.args.WriteString(p.Text)
				continue
			}
			c.done = true
			if c.args.Len() > 0 {
				assert.True(t, json.Valid([]byte(c.args.String())), "call %d: its pieces are not JSON: %s", p.Index, c.args.String())
				assert.JSONEq(t, c.args.String(), string(p.Call.Args), "call %d: the whole call's arguments are not its pieces", p.Index)
			}
		case agent.PartFinish:
			assert.NotEmpty(t, p.Finish, "part %d: a finish without a reason", i)
			finishes++
		}
	}
	require.Equal(t, 1, finishes, "one finish part")
	for i, c := range calls {
		assert.True(t, c.done, "call %d never done", i)
	}
}
