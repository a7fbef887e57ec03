package permission

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

// cmd is a run_command rule constraining the command.
func cmd(pattern string) toolgen.Rule {
	return toolgen.Rule{Tool: "run_command", Args: map[string]string{"command": pattern}}
}

func TestRuleMatches(t *testing.T) {
	tests := []struct {
		name string
		rule toolgen.Rule
		tool toolgen.ToolName
		args string
		want bool
	}{
		// By name.
		{"name", toolgen.Rule{Tool: "read_file"}, "read_file", `{"path":"a"}`, true},
		{"other name", toolgen.Rule{Tool: "read_file"}, "write_file", `{}`, false},
		{"name is case-sensitive", toolgen.Rule{Tool: "read_file"}, "Read_File", `{}`, false},
		{"name pattern", toolgen.Rule{Tool: "read_*"}, "read_file", `{}`, true},
		{"name pattern miss", toolgen.Rule{Tool: "read_*"}, "write_file", `{}`, false},
		{"star names every tool", toolgen.Rule{Tool: "*"}, "anything", `{}`, true},
		{"name set", toolgen.Rule{Tool: "[rw]*_file"}, "write_file", `{}`, true},
		{"malformed name pattern", toolgen.Rule{Tool: "read_["}, "read_[", `{}`, false},
		{"empty tool", toolgen.Rule{}, "", `{}`, false},
		{"no args rule ignores bad JSON", toolgen.Rule{Tool: "read_file"}, "read_file", `{"path":`, true},
		{"no args rule ignores non-objects", toolgen.Rule{Tool: "read_file"}, "read_file", `[1]`, true},

		// Argument globs (notes A.3).
		{"git log*", cmd("git log*"), "run_command", `{"command":"git log --oneline"}`, true},
		{"git log* not push", cmd("git log*"), "run_command", `{"command":"git push"}`, false},
		{"star needs the argument", cmd("*"), "run_command", `{}`, false},
		{"star matches empty", cmd("*"), "run_command", `{"command":""}`, true},
		{"missing argument", cmd("git *"), "run_command", `{"cmd":"git status"}`, false},
		{"empty args", cmd("*"), "run_command", ``, false},
		{"arg rule, other tool", cmd("*"), "read_file", `{"command":"x"}`, false},
		{"star crosses slashes", toolgen.Rule{Tool: "read_file", Args: map[string]string{"path": "/etc/*"}}, "read_file", `{"path":"/etc/ssl/certs/a.pem"}`, true},
		{"unconstrained arguments", cmd("ls*"), "run_command", `{"cwd":"/","command":"ls -la","timeout":5}`, true},
		{"all arguments must match", toolgen.Rule{Tool: "t", Args: map[string]string{"a": "x*", "b": "y*"}}, "t", `{"a":"x1","b":"z1"}`, false},
		{"all arguments match", toolgen.Rule{Tool: "t", Args: map[string]string{"a": "x*", "b": "y*"}}, "t", `{"b":"y1","a":"x1"}`, true},
		{"pattern in name and args", toolgen.Rule{Tool: "run_*", Args: map[string]string{"command": "rm *"}}, "run_shell", `{"command":"rm -rf /"}`, true},

		// Strings are unescaped; other values are compact JSON.
		{"escaped string", cmd("echo é"), "run_command", `{"command":"echo \u00e9"}`, true},
		{"escaped quote", cmd(`say "hi"`), "run_command", `{"command":"say \"hi\""}`, true},
		{"escaped key", cmd("ls"), "run_command", `{"comm\u0061nd":"ls"}`, true},
		{"number", toolgen.Rule{Tool: "t", Args: map[string]string{"n": "5"}}, "t", `{"n":5}`, true},
		{"number by its value", toolgen.Rule{Tool: "t", Args: map[string]string{"n": "5"}}, "t", `{"n":5.0}`, true},
		{"number spelled as written does not match", toolgen.Rule{Tool: "t", Args: map[string]string{"n": "5.0"}}, "t", `{"n":5.0}`, false},
		{"nested numbers by value", toolgen.Rule{Tool: "t", Args: map[string]string{"o": `{"k":\[1,0.5]}`}}, "t", `{"o":{"k":[1.0, 50e-2]}}`, true},
		{"number glob", toolgen.Rule{Tool: "t", Args: map[string]string{"n": "[0-9]"}}, "t", `{"n":7}`, true},
		{"number is not a string", toolgen.Rule{Tool: "t", Args: map[string]string{"n": `"5"`}}, "t", `{"n":5}`, false},
		{"string is not quoted", toolgen.Rule{Tool: "t", Args: map[string]string{"n": `"5"`}}, "t", `{"n":"5"}`, false},
		{"bool", toolgen.Rule{Tool: "t", Args: map[string]string{"force": "true"}}, "t", `{"force":true}`, true},
		{"bool false", toolgen.Rule{Tool: "t", Args: map[string]string{"force": "true"}}, "t", `{"force":false}`, false},
		{"null", toolgen.Rule{Tool: "t", Args: map[string]string{"x": "null"}}, "t", `{"x":null}`, true},
		{"array compacted", toolgen.Rule{Tool: "t", Args: map[string]string{"tags": `\["a","b"]`}}, "t", `{"tags": [ "a" , "b" ]}`, true},
		{"unescaped [ is a set", toolgen.Rule{Tool: "t", Args: map[string]string{"tags": `["a","b"]`}}, "t", `{"tags":["a","b"]}`, false},
		{"array glob", toolgen.Rule{Tool: "t", Args: map[string]string{"tags": `*"secret"*`}}, "t", `{"tags":["x", "secret"]}`, true},
		{"object compacted", toolgen.Rule{Tool: "t", Args: map[string]string{"o": `{"k":1}`}}, "t", "{\"o\":{ \"k\" :\n1 }}", true},
		{"space inside nested string kept", toolgen.Rule{Tool: "t", Args: map[string]string{"o": `{"k":"a b"}`}}, "t", `{"o":{"k":"a b"}}`, true},

		// Arguments that are not a JSON object.
		{"array args", cmd("*"), "run_command", `["ls"]`, false},
		{"string args", cmd("*"), "run_command", `"ls"`, false},
		{"invalid JSON", cmd("*"), "run_command", `{"command":"ls"`, false},
		{"trailing garbage", cmd("*"), "run_command", `{"command":"ls"} x`, false},
		{"bad later member", cmd("ls"), "run_command", `{"command":"ls","x":tru}`, false},

		// Repeated members are read differently by each list: see
		// TestRepeatedNames.

		// A malformed argument pattern never matches.
		{"malformed arg pattern", cmd("[ls"), "run_command", `{"command":"[ls"}`, false},
		{"escaped star", cmd(`rm \*`), "run_command", `{"command":"rm *"}`, true},
		{"escaped star is literal", cmd(`rm \*`), "run_command", `{"command":"rm a"}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, MatchRule(tt.rule, tt.tool, []byte(tt.args)))
			// Decide agrees, in each list.
			want := func(o Outcome) Outcome {
				if tt.want {
					return o
				}
				return OutcomeNone
			}
			for _, p := range []struct {
				perms Permissions
				want  Outcome
			}{
				{Permissions{Deny: []toolgen.Rule{tt.rule}}, want(OutcomeDeny)},
				{Permissions{Allow: []toolgen.Rule{tt.rule}}, want(OutcomeAllow)},
				{Permissions{Ask: []toolgen.Rule{tt.rule}}, want(OutcomeAsk)},
			} {
				got, _ := p.perms.Decide(tt.tool, []byte(tt.args))
				assert.Equal(t, p.want, got)
			}
		})
	}
}

func TestDecide(t *testing.T) {
	shell := Permissions{ // notes A.3
		Deny:  []toolgen.Rule{cmd("*rm -rf*")},
		Allow: []toolgen.Rule{cmd("git *")},
		Ask:   []toolgen.Rule{{Tool: "run_command"}},
	}
	both := Permissions{
		Deny:  []toolgen.Rule{{Tool: "write_file"}, {Tool: "write_*"}},
		Allow: []toolgen.Rule{{Tool: "write_file"}, {Tool: "read_*"}, {Tool: "read_file"}, {Tool: "*"}},
		Ask:   []toolgen.Rule{{Tool: "read_file"}, {Tool: "fetch"}},
	}
	tests := []struct {
		name    string
		perms   Permissions
		tool    toolgen.ToolName
		args    string
		want    Outcome
		rule    *toolgen.Rule
		ruleStr string
	}{
		{"rm is denied", shell, "run_command", `{"command":"rm -rf /"}`, OutcomeDeny, &shell.Deny[0], `run_command(command="*rm -rf*")`},
		{"git rm is denied too", shell, "run_command", `{"command":"git status; rm -rf ~"}`, OutcomeDeny, &shell.Deny[0], `run_command(command="*rm -rf*")`},
		{"git is allowed", shell, "run_command", `{"command":"git status"}`, OutcomeAllow, &shell.Allow[0], `run_command(command="git *")`},
		{"anything else asks", shell, "run_command", `{"command":"curl x"}`, OutcomeAsk, &shell.Ask[0], "run_command"},
		{"no command asks", shell, "run_command", `{}`, OutcomeAsk, &shell.Ask[0], "run_command"},
		{"bad JSON asks", shell, "run_command", `{`, OutcomeAsk, &shell.Ask[0], "run_command"},
		{"another tool: no opinion", shell, "read_file", `{"command":"rm -rf /"}`, OutcomeNone, nil, ""},

		{"deny beats allow", both, "write_file", `{}`, OutcomeDeny, &both.Deny[0], "write_file"},
		{"first deny rule wins", both, "write_file", `{}`, OutcomeDeny, &both.Deny[0], "write_file"},
		{"deny pattern", both, "write_notes", `{}`, OutcomeDeny, &both.Deny[1], "write_*"},
		{"allow beats ask", both, "read_file", `{}`, OutcomeAllow, &both.Allow[1], "read_*"},
		{"catch-all allow beats ask", both, "fetch", `{}`, OutcomeAllow, &both.Allow[3], "*"},
		{"ask alone", Permissions{Ask: both.Ask}, "fetch", `{}`, OutcomeAsk, &both.Ask[1], "fetch"},
		{"no rules", Permissions{}, "fetch", `{}`, OutcomeNone, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, rule := tt.perms.Decide(tt.tool, []byte(tt.args))
			assert.Equal(t, tt.want, got)
			assert.Same(t, tt.rule, rule, "the deciding rule, in the list")
			if rule != nil {
				assert.Equal(t, tt.ruleStr, rule.String())
			}
		})
	}
}

func TestArgsAreReadOnlyWhenNeeded(t *testing.T) {
	rules := []toolgen.Rule{{Tool: "read_file"}, cmd("ls"), {Tool: "run_*"}}
	c := callArgs{raw: []byte(`{"command":"ls"}`)}
	assert.Same(t, &rules[0], c.firstMatch(rules, "read_file"))
	assert.False(t, c.read, "no rule with arguments named read_file")
	assert.Same(t, &rules[2], c.firstMatch(rules[2:], "run_x"))
	assert.False(t, c.read, "the rule naming run_x has no arguments")
	assert.Same(t, &rules[1], c.firstMatch(rules, "run_command"))
	assert.True(t, c.read)

	// Once read, the arguments are not read again.
	c.raw = []byte(`{"command":"rm"}`)
	assert.Same(t, &rules[1], c.firstMatch(rules, "run_command"))
}

func TestRuleString(t *testing.T) {
	tests := []struct {
		rule toolgen.Rule
		want string
	}{
		{toolgen.Rule{Tool: "read_file"}, "read_file"},
		{toolgen.Rule{Tool: "read_*"}, "read_*"},
		{cmd("git *"), `run_command(command="git *")`},
		{toolgen.Rule{Tool: "t", Args: map[string]string{"b": "2", "a": `say "x"`}}, `t(a="say \"x\"", b="2")`},
		{toolgen.Rule{Tool: "t", Args: map[string]string{"odd key": "*", "": "x"}}, `t(""="x", "odd key"="*")`},
		{toolgen.Rule{}, `""`},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.rule.String())
	}
}

func TestIsPattern(t *testing.T) {
	for tool, want := range map[toolgen.ToolName]bool{
		"read_file": false, "read_*": true, "read_?": true, "[rw]ead": true, "*": true, "": false, `a\b`: false,
	} {
		assert.Equal(t, want, toolgen.Rule{Tool: tool}.IsPattern(), tool)
	}
}

func TestCheck(t *testing.T) {
	registered := []toolgen.ToolName{"run_command", "read_file"}
	tests := []struct {
		name       string
		perms      Permissions
		registered []toolgen.ToolName
		want       string // "" for no error
	}{
		{"no rules", Permissions{}, registered, ""},
		{"good rules", Permissions{
			Deny:  []toolgen.Rule{cmd("*rm -rf*"), {Tool: "read_*"}},
			Allow: []toolgen.Rule{{Tool: "read_file"}},
			Ask:   []toolgen.Rule{{Tool: "run_command"}},
		}, registered, ""},
		{"typo in deny", Permissions{Deny: []toolgen.Rule{{Tool: "run_comand"}}}, registered,
			"permission rules deny or ask about tools that are not registered: run_comand (registered tools: read_file, run_command). " +
				"A rule that names no tool matches no call, so it would silently allow what it was written to stop"},
		{"typo in ask, with arguments", Permissions{Ask: []toolgen.Rule{{Tool: "reed_file", Args: map[string]string{"path": "*"}}}}, registered,
			"permission rules deny or ask about tools that are not registered: reed_file (registered tools: read_file, run_command). " +
				"A rule that names no tool matches no call, so it would silently allow what it was written to stop"},
		{"typos listed once, sorted", Permissions{Deny: []toolgen.Rule{{Tool: "zap"}, {Tool: "fetch"}}, Ask: []toolgen.Rule{{Tool: "zap"}}}, registered,
			"permission rules deny or ask about tools that are not registered: fetch, zap (registered tools: read_file, run_command). " +
				"A rule that names no tool matches no call, so it would silently allow what it was written to stop"},
		{"patterns are not checked", Permissions{Deny: []toolgen.Rule{{Tool: "write_*"}}, Ask: []toolgen.Rule{{Tool: "[xy]"}}}, registered, ""},
		{"allow is not checked", Permissions{Allow: []toolgen.Rule{{Tool: "write_file"}}}, registered, ""},
		{"no registered tools: not checked", Permissions{Deny: []toolgen.Rule{{Tool: "run_comand"}}}, nil, ""},
		{"empty tool", Permissions{Allow: []toolgen.Rule{{Tool: "read_file"}, {}}}, registered,
			`permission rule allow[1] "": names no tool (use "*" for every tool)`},
		{"empty tool in deny is not also unregistered", Permissions{Deny: []toolgen.Rule{{Args: map[string]string{"a": "b"}}}}, registered,
			`permission rule deny[0] ""(a="b"): names no tool (use "*" for every tool)`},
		{"malformed tool pattern", Permissions{Deny: []toolgen.Rule{{Tool: "read_["}}}, registered,
			`permission rule deny[0] read_[: malformed tool pattern "read_[": unclosed '['`},
		{"malformed argument pattern", Permissions{Allow: []toolgen.Rule{cmd("git [a-")}}, registered,
			`permission rule allow[0] run_command(command="git [a-"): malformed pattern "git [a-" for argument "command": unclosed '['`},
		{"reversed range, trailing backslash", Permissions{Ask: []toolgen.Rule{{Tool: "t*", Args: map[string]string{"a": "[z-a]", "b": `x\`}}}}, registered,
			`permission rule ask[0] t*(a="[z-a]", b="x\\"): malformed pattern "[z-a]" for argument "a": a range whose ends are reversed` + "\n" +
				`permission rule ask[0] t*(a="[z-a]", b="x\\"): malformed pattern "x\\" for argument "b": a '\' with nothing after it`},
		{"everything at once", Permissions{
			Deny:  []toolgen.Rule{{Tool: "rm_rf"}},
			Allow: []toolgen.Rule{{}},
			Ask:   []toolgen.Rule{cmd("[")},
		}, registered,
			`permission rule allow[0] "": names no tool (use "*" for every tool)` + "\n" +
				`permission rule ask[0] run_command(command="["): malformed pattern "[" for argument "command": unclosed '['` + "\n" +
				"permission rules deny or ask about tools that are not registered: rm_rf (registered tools: read_file, run_command). " +
				"A rule that names no tool matches no call, so it would silently allow what it was written to stop"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assertErrorText(t, tt.want, tt.perms.Check(toolsNamed(tt.registered...)))
		})
	}
}

// assertErrorText checks that err says want, or that there is no error
// when want is "".
func assertErrorText(t *testing.T, want string, err error) {
	t.Helper()
	if want == "" {
		require.NoError(t, err)
		return
	}
	require.Error(t, err)
	assert.Equal(t, want, err.Error())
}

func TestCheckDoesNotReorderRegistered(t *testing.T) {
	tools := toolsNamed("b", "a")
	require.Error(t, Permissions{Deny: []toolgen.Rule{{Tool: "c"}}}.Check(tools))
	assert.Equal(t, []toolgen.ToolName{"b", "a"}, []toolgen.ToolName{tools[0].Name, tools[1].Name})
}

func TestPermissionsJSON(t *testing.T) {
	p := Permissions{Deny: []toolgen.Rule{cmd("rm *")}, Ask: []toolgen.Rule{{Tool: "fetch"}}}
	b, err := json.Marshal(p)
	require.NoError(t, err)
	assert.JSONEq(t, `{"ask":[{"tool":"fetch"}],"deny":[{"tool":"run_command","args":{"command":"rm *"}}]}`, string(b))
	var back Permissions
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, p, back)
}

// benchPolicy is a policy of ten rules, most of them about run_command.
var benchPolicy = Permissions{
	Deny: []toolgen.Rule{
		cmd("*rm -rf*"),
		cmd("*sudo *"),
		{Tool: "write_file", Args: map[string]string{"path": "/etc/*"}},
		{Tool: "delete_*"},
	},
	Allow: []toolgen.Rule{
		{Tool: "read_*"},
		cmd("git status*"),
		cmd("git log*"),
		{Tool: "run_command", Args: map[string]string{"command": "go test *", "cwd": "/srv/*"}},
	},
	Ask: []toolgen.Rule{
		{Tool: "run_command"},
		{Tool: "write_file"},
	},
}

func BenchmarkDecide(b *testing.B) {
	args := []byte(`{"command":"go test -race ./...","cwd":"/srv/project","timeout":60}`)
	b.ReportAllocs()
	for b.Loop() {
		if got, _ := benchPolicy.Decide("run_command", args); got != OutcomeAllow {
			b.Fatal(got)
		}
	}
}

func TestNumberRulesMatchEverySpelling(t *testing.T) {
	deny := Permissions{Deny: []toolgen.Rule{{Tool: "t", Args: map[string]string{"count": "7"}}}}
	for _, s := range []string{"7", "7.0", "7e0", "70e-1", "0.7e1", "7.000", "700000e-5"} {
		got, _ := deny.Decide("t", []byte(`{"count":`+s+`}`))
		assert.Equal(t, OutcomeDeny, got, "count %s is 7", s)
	}
	for _, s := range []string{"7.000000000000000000000000001", "6.9999", "-7", "77", "7e1"} {
		got, _ := deny.Decide("t", []byte(`{"count":`+s+`}`))
		assert.Equal(t, OutcomeNone, got, "count %s is not 7", s)
	}
	half := toolgen.Rule{Tool: "t", Args: map[string]string{"ratio": "0.5"}}
	assert.True(t, MatchRule(half, "t", []byte(`{"ratio":5e-1}`)))
	list := toolgen.Rule{Tool: "t", Args: map[string]string{"ids": `\[1,2]`}}
	assert.True(t, MatchRule(list, "t", []byte(`{"ids":[1.0, 2e0]}`)))
}
