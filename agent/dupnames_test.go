package agent_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/permission"
)

// TestRepeatedNames: arguments that can be read more than one way (a name
// repeated, at any depth, plain or escaped; names that differ only in
// case, which encoding/json reads as one) are never allowed by a rule with
// Args, and a deny or ask rule matches them when it matches any reading.
func TestRepeatedNames(t *testing.T) {
	rule := func(arg, glob string) toolgen.Rule {
		return toolgen.Rule{Tool: "t", Args: map[string]string{arg: glob}}
	}
	for _, tc := range []struct {
		name   string
		args   string
		allow  []toolgen.Rule // none matches
		denied []toolgen.Rule // each matches (as a deny rule and as an ask rule)
		free   []toolgen.Rule // none matches, in any list
	}{
		{
			name:   "top level",
			args:   `{"command":"ls","command":"rm -rf /"}`,
			allow:  []toolgen.Rule{rule("command", "ls"), rule("command", "rm *"), rule("command", "*")},
			denied: []toolgen.Rule{rule("command", "rm *"), rule("command", "ls")},
			free:   []toolgen.Rule{rule("command", "cat *"), rule("cwd", "*")},
		},
		{
			name:   "top level, escaped",
			args:   `{"command":"ls","comm\u0061nd":"rm -rf /"}`,
			allow:  []toolgen.Rule{rule("command", "ls"), rule("command", "*")},
			denied: []toolgen.Rule{rule("command", "rm *"), rule("command", "ls")},
			free:   []toolgen.Rule{rule("command", "cat *")},
		},
		{
			name:   "a union's tag",
			args:   `{"shape":{"kind":"polygon","points":[[0,0]],"kind":"circle"}}`,
			allow:  []toolgen.Rule{rule("shape", `*"kind":"circle"*`), rule("shape", "*")},
			denied: []toolgen.Rule{rule("shape", `*"kind":"polygon"*`), rule("shape", `{"kind":"square"}`)},
		},
		{
			name:   "in an array",
			args:   `{"items":[{"id":1},{"id":2,"id":3}]}`,
			allow:  []toolgen.Rule{rule("items", "*")},
			denied: []toolgen.Rule{rule("items", `\[]`)},
		},
		{
			name:   "case variants",
			args:   `{"command":"ls","Command":"rm -rf /"}`,
			allow:  []toolgen.Rule{rule("command", "ls")},
			denied: []toolgen.Rule{rule("command", "rm *"), rule("command", "ls")},
			free:   []toolgen.Rule{rule("command", "cat *")},
		},
		{
			name:   "a case variant alone",
			args:   `{"Command":"rm -rf /"}`,
			allow:  []toolgen.Rule{rule("command", "*")},
			denied: []toolgen.Rule{rule("command", "rm *")},
		},
		{
			name:   "nested case variants",
			args:   `{"shape":{"kind":"circle","KIND":"polygon"}}`,
			allow:  []toolgen.Rule{rule("shape", `*"kind":"circle"*`)},
			denied: []toolgen.Rule{rule("shape", `*"KIND":"polygon"*`)},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := []byte(tc.args)
			for _, r := range tc.allow {
				got, _ := permission.Permissions{Allow: []toolgen.Rule{r}}.Decide("t", args)
				assert.Equal(t, permission.OutcomeNone, got, "allow %s", r)
				assert.False(t, permission.MatchRule(r, "t", args), "MatchRule %s", r)
			}
			for _, r := range tc.denied {
				got, _ := permission.Permissions{Deny: []toolgen.Rule{r}, Allow: tc.allow}.Decide("t", args)
				assert.Equal(t, permission.OutcomeDeny, got, "deny %s", r)
				got, _ = permission.Permissions{Ask: []toolgen.Rule{r}, Allow: tc.allow}.Decide("t", args)
				assert.Equal(t, permission.OutcomeAsk, got, "ask %s", r)
			}
			for _, r := range tc.free {
				p := permission.Permissions{Deny: []toolgen.Rule{r}, Ask: []toolgen.Rule{r}, Allow: []toolgen.Rule{r}}
				got, _ := p.Decide("t", args)
				assert.Equal(t, permission.OutcomeNone, got, "%s", r)
			}
			// A rule without Args reads no argument: it matches by name.
			got, _ := permission.Permissions{Allow: []toolgen.Rule{{Tool: "t"}}}.Decide("t", args)
			assert.Equal(t, permission.OutcomeAllow, got)
		})
	}
}

// TestRulesReadOneSpelling: a value nested in an argument is matched in one
// spelling, names and strings unescaped, so that an escape neither hides
// it from a deny rule nor keeps it from an allow rule.
func TestRulesReadOneSpelling(t *testing.T) {
	circle := toolgen.Rule{Tool: "t", Args: map[string]string{"shape": `{"kind":"circle","r":1}`}}
	for _, args := range []string{
		`{"shape":{"kind":"circle","r":1}}`,
		`{"shape":{"k\u0069nd":"circle","r":1}}`,
		`{"shape":{"kind":"\u0063ircle","r":1.0}}`,
		`{"shape" : { "\u006b\u0069\u006e\u0064" : "circl\u0065" , "r" : 10e-1 }}`,
	} {
		for _, p := range []permission.Permissions{{Deny: []toolgen.Rule{circle}}, {Allow: []toolgen.Rule{circle}}, {Ask: []toolgen.Rule{circle}}} {
			got, r := p.Decide("t", []byte(args))
			assert.NotEqual(t, permission.OutcomeNone, got, args)
			assert.Equal(t, &circle, r, args)
		}
	}
}

// TestAgentRefusesRepeatedNames: the loop refuses a call whose arguments
// repeat a member name before any rule: an allow rule cannot let it
// through, no person is asked about it, the tool does not run, and the
// model reads where the name is repeated.
func TestAgentRefusesRepeatedNames(t *testing.T) {
	for _, perms := range []permission.Permissions{
		{Allow: []toolgen.Rule{{Tool: "run_command", Args: map[string]string{"command": "ls"}}}},
		{Allow: []toolgen.Rule{{Tool: "run_command"}}},
		{Ask: []toolgen.Rule{{Tool: "run_command"}}},
		{},
	} {
		var rec recorder
		var ev callEvents
		model := rt.NewModel(rt.Calls(
			rt.Call("c1", "run_command", `{"command":"ls","command":"rm -rf /"}`),
			rt.Call("c2", "run_command", `{"command":"ls","opts":{"a":1,"\u0061":2}}`),
			rt.Call("c3", "run_command", `{"command":"ls"}`),
		), rt.Text("done"))
		ag, err := agent.New(model, agent.WithTools([]toolgen.Tool{rec.tool("run_command", nil)}), agent.WithPermissions(perms),
			agent.WithPreset(agent.PresetAllowAll), agent.WithObserver(ev.observe))
		require.NoError(t, err)
		st, err := ag.Run(context.Background(), "go", nil)
		require.NoError(t, err)
		if len(perms.Ask) > 0 {
			// Only the readable call is put to a person.
			pending := st.Pending()
			require.Len(t, pending, 1, "%+v", perms)
			assert.Equal(t, "c3", pending[0].ID)
			continue
		}
		assert.Equal(t, []string{`run_command {"command":"ls"}`}, rec.ran(), "%+v", perms)
		assert.Equal(t, []string{
			"invalid arguments: /command: duplicate member (a name may appear only once in an object)",
			"invalid arguments: /opts/a: duplicate member (a name may appear only once in an object)",
			"run_command done",
		}, texts(lastResults(t, model)))
		events := ev.take()
		require.Len(t, events, 3)
		assert.Equal(t, "call_denied c1 invalid arguments: a member name is repeated", events[0])
	}
}
