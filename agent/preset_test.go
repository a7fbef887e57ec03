package agent_test

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/builtin"
	"github.com/toolgen-dev/toolgen/permission"
)

var presets = []agent.Preset{agent.PresetDefault, agent.PresetAllowAll, agent.PresetAllowEdits, agent.PresetAllowReads}

// kinds of tools, as their flags make them.
var toolKinds = map[toolgen.ToolName]func(*toolgen.Tool){
	"gated":             func(t *toolgen.Tool) { t.RequiresApproval = true },
	"gated_destructive": func(t *toolgen.Tool) { t.RequiresApproval, t.Annotations.Destructive = true, true },
	"gated_read_only":   func(t *toolgen.Tool) { t.RequiresApproval, t.Annotations.ReadOnly = true, true },
	"destructive":       func(t *toolgen.Tool) { t.Annotations.Destructive = true },
	"read_only":         func(t *toolgen.Tool) { t.Annotations.ReadOnly = true },
	"plain":             func(t *toolgen.Tool) {},
}

// toolsOfEveryKind is a tool of each of toolKinds, named after its kind;
// builtin marks them as the harness's own tools (toolgen.Tool.Builtin).
func toolsOfEveryKind(builtin bool) []toolgen.Tool {
	var rec recorder
	var tools []toolgen.Tool
	for name, kind := range toolKinds {
		tools = append(tools, rec.tool(name, func(t *toolgen.Tool) { kind(t); t.Builtin = builtin }))
	}
	return tools
}

// decided runs one turn calling every tool of tools with args, with an always-gated
// tool besides so that nothing runs, and returns the outcome of each call
// and why.
func decided(t *testing.T, tools []toolgen.Tool, args string, opts ...agent.Option) map[toolgen.ToolName]agent.Decision {
	t.Helper()
	var rec recorder
	tools = append(slices.Clone(tools), rec.tool("zz_stop", requiresApproval))
	var calls []agent.ToolCall
	for _, tool := range tools {
		calls = append(calls, rt.Call("call_"+string(tool.Name), tool.Name, args))
	}
	ag, err := agent.New(rt.NewModel(rt.Calls(calls...)), append(opts, agent.WithTools(tools))...)
	require.NoError(t, err)
	s, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopPaused, s.StopReason)
	assert.Empty(t, rec.ran())
	out := map[toolgen.ToolName]agent.Decision{}
	for _, d := range s.Paused.Calls {
		if d.Call.Name != "zz_stop" {
			out[d.Call.Name] = d
		}
	}
	return out
}

func outcomes(ds map[toolgen.ToolName]agent.Decision) map[toolgen.ToolName]permission.Outcome {
	out := map[toolgen.ToolName]permission.Outcome{}
	for name, d := range ds {
		out[name] = d.Outcome
	}
	return out
}

// TestPresetsKeepAHostToolsApproval: a preset decides from the
// annotations the calls no rule decides, but a host tool that requires
// approval asks under every preset; presets only make the other host
// tools ask more. Every preset, every kind of tool.
func TestPresetsKeepAHostToolsApproval(t *testing.T) {
	const allow, ask = permission.OutcomeAllow, permission.OutcomeAsk
	want := map[agent.Preset]map[toolgen.ToolName]permission.Outcome{
		agent.PresetDefault:    {"gated": ask, "gated_destructive": ask, "gated_read_only": ask, "destructive": allow, "read_only": allow, "plain": allow},
		agent.PresetAllowAll:   {"gated": ask, "gated_destructive": ask, "gated_read_only": ask, "destructive": allow, "read_only": allow, "plain": allow},
		agent.PresetAllowEdits: {"gated": ask, "gated_destructive": ask, "gated_read_only": ask, "destructive": ask, "read_only": allow, "plain": allow},
		agent.PresetAllowReads: {"gated": ask, "gated_destructive": ask, "gated_read_only": ask, "destructive": ask, "read_only": allow, "plain": ask},
	}
	tools := toolsOfEveryKind(false)
	for _, preset := range presets {
		t.Run("preset "+string(preset), func(t *testing.T) {
			got := decided(t, tools, `{}`, agent.WithPreset(preset))
			assert.Equal(t, want[preset], outcomes(got))
			for _, name := range []toolgen.ToolName{"gated", "gated_destructive", "gated_read_only"} {
				assert.Equal(t, "the tool requires approval", got[name].Reason, name)
			}
		})
	}
}

// TestPresetsDecideBuiltinTools: a preset decides the harness's own tools
// (toolgen.Tool.Builtin: package builtin's) from their annotations,
// RequiresApproval included: allow-edits lets write_file run and asks for
// delete_file and run_command.
func TestPresetsDecideBuiltinTools(t *testing.T) {
	const allow, ask = permission.OutcomeAllow, permission.OutcomeAsk
	want := map[agent.Preset]map[toolgen.ToolName]permission.Outcome{
		agent.PresetDefault:    {"gated": ask, "gated_destructive": ask, "gated_read_only": ask, "destructive": allow, "read_only": allow, "plain": allow},
		agent.PresetAllowAll:   {"gated": allow, "gated_destructive": allow, "gated_read_only": allow, "destructive": allow, "read_only": allow, "plain": allow},
		agent.PresetAllowEdits: {"gated": allow, "gated_destructive": ask, "gated_read_only": allow, "destructive": ask, "read_only": allow, "plain": allow},
		agent.PresetAllowReads: {"gated": ask, "gated_destructive": ask, "gated_read_only": allow, "destructive": ask, "read_only": allow, "plain": ask},
	}
	tools := toolsOfEveryKind(true)
	for _, preset := range presets {
		t.Run("preset "+string(preset), func(t *testing.T) {
			assert.Equal(t, want[preset], outcomes(decided(t, tools, `{}`, agent.WithPreset(preset))))
		})
	}

	// Package builtin's tools are marked so.
	files, err := builtin.FileTools(t.TempDir())
	require.NoError(t, err)
	shell, err := builtin.ShellTool(t.TempDir())
	require.NoError(t, err)
	real := append(files, shell...)
	for _, tool := range real {
		assert.True(t, tool.Builtin, tool.Name)
	}
	got := outcomes(decided(t, real, `{"path":"a.txt","command":"true"}`, agent.WithPreset(agent.PresetAllowEdits)))
	assert.Equal(t, permission.OutcomeDeny, got[builtin.ToolDeleteFile], "arguments the tool refuses are not put to a person")
	for name, args := range map[toolgen.ToolName]string{builtin.ToolDeleteFile: `{"path":"a.txt"}`, builtin.ToolRunCommand: `{"command":"true"}`} {
		got[name] = outcomes(decided(t, real, args, agent.WithPreset(agent.PresetAllowEdits)))[name]
	}
	assert.Equal(t, map[toolgen.ToolName]permission.Outcome{
		builtin.ToolReadFile: allow, builtin.ToolListFiles: allow, builtin.ToolSearchFiles: allow, builtin.ToolGlob: allow,
		builtin.ToolWriteFile: allow, builtin.ToolEditFile: allow, builtin.ToolDeleteFile: ask, builtin.ToolRunCommand: ask,
	}, got)
}

// TestOnlyARuleNamingAHostToolLiftsItsApproval: an allow rule whose Tool
// is the tool's name lifts its RequiresApproval (under every preset, and
// only for the calls whose arguments it matches); a pattern that matches
// the name does not (it is a policy for many tools, as a preset is), and
// the reason says so; a deny rule still wins.
func TestOnlyARuleNamingAHostToolLiftsItsApproval(t *testing.T) {
	var rec recorder
	tools := []toolgen.Tool{rec.tool("send_email", func(t *toolgen.Tool) {
		t.RequiresApproval = true
		t.InputSchema = []byte(`{"type":"object","properties":{"to":{"type":"string"}}}`)
	})}
	named := toolgen.Rule{Tool: "send_email"}
	for _, tc := range []struct {
		name   string
		perms  permission.Permissions
		want   permission.Outcome
		reason string
	}{
		{"a rule naming it", permission.Permissions{Allow: []toolgen.Rule{named}}, permission.OutcomeAllow, "allow rule send_email"},
		{"a rule naming it, matching the arguments", permission.Permissions{Allow: []toolgen.Rule{{Tool: "send_email", Args: map[string]string{"to": "*@example.com"}}}},
			permission.OutcomeAllow, `allow rule send_email(to="*@example.com")`},
		{"a rule naming it, not matching the arguments", permission.Permissions{Allow: []toolgen.Rule{{Tool: "send_email", Args: map[string]string{"to": "*@elsewhere.org"}}}},
			permission.OutcomeAsk, "the tool requires approval"},
		{"every tool", permission.Permissions{Allow: []toolgen.Rule{{Tool: "*"}}}, permission.OutcomeAsk,
			"the tool requires approval (allow rule * matches it but does not name it, and only a rule naming the tool lifts its approval)"},
		{"a pattern", permission.Permissions{Allow: []toolgen.Rule{{Tool: "send_*"}}}, permission.OutcomeAsk,
			"the tool requires approval (allow rule send_* matches it but does not name it, and only a rule naming the tool lifts its approval)"},
		{"one character", permission.Permissions{Allow: []toolgen.Rule{{Tool: "send_emai?"}}}, permission.OutcomeAsk,
			"the tool requires approval (allow rule send_emai? matches it but does not name it, and only a rule naming the tool lifts its approval)"},
		{"an escaped name", permission.Permissions{Allow: []toolgen.Rule{{Tool: `send\_email`}}}, permission.OutcomeAsk,
			`the tool requires approval (allow rule send\_email matches it but does not name it, and only a rule naming the tool lifts its approval)`},
		{"a pattern, then a rule naming it", permission.Permissions{Allow: []toolgen.Rule{{Tool: "*"}, named}}, permission.OutcomeAllow, "allow rule send_email"},
		{"a pattern and an ask rule", permission.Permissions{Allow: []toolgen.Rule{{Tool: "*"}}, Ask: []toolgen.Rule{{Tool: "send_*"}}}, permission.OutcomeAsk, "ask rule send_*"},
		{"a rule naming it, and a deny rule", permission.Permissions{Allow: []toolgen.Rule{named}, Deny: []toolgen.Rule{{Tool: "send_*"}}}, permission.OutcomeDeny, "deny rule send_*"},
	} {
		for _, preset := range presets {
			t.Run(tc.name+"/preset "+string(preset), func(t *testing.T) {
				d := decided(t, tools, `{"to":"ana@example.com"}`, agent.WithPreset(preset), agent.WithPermissions(tc.perms))["send_email"]
				assert.Equal(t, tc.want, d.Outcome)
				assert.Equal(t, tc.reason, d.Reason)
			})
		}
	}
}
