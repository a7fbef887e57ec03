package agent_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	rt "github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/builtin"
	"github.com/toolgen-dev/toolgen/permission"
)

// operation is one call of a built-in tool, its arguments under each
// naming.
type operation struct {
	native       toolgen.ToolName
	args, common string
}

// operations are a call of every built-in tool, each with arguments it
// accepts.
var operations = []operation{
	{builtin.ToolReadFile, `{"path":"a.txt"}`, `{"file_path":"a.txt"}`},
	{builtin.ToolListFiles, `{"path":"."}`, `{"path":"."}`},
	{builtin.ToolSearchFiles, `{"pattern":"a"}`, `{"pattern":"a"}`},
	{builtin.ToolGlob, `{"pattern":"*.txt"}`, `{"pattern":"*.txt"}`},
	{builtin.ToolWriteFile, `{"path":"b.txt","content":"b"}`, `{"file_path":"b.txt","content":"b"}`},
	{builtin.ToolEditFile, `{"path":"a.txt","old_string":"a","new_string":"b"}`, `{"file_path":"a.txt","old_string":"a","new_string":"b"}`},
	{builtin.ToolDeleteFile, `{"path":"a.txt"}`, `{"path":"a.txt"}`},
	{builtin.ToolRunCommand, `{"command":"rm -rf build"}`, `{"command":"rm -rf build"}`},
	{builtin.ToolRunCommand, `{"command":"ls"}`, `{"command":"ls"}`},
}

// builtinTools are package builtin's tools of a directory holding a.txt,
// under n.
func builtinTools(t *testing.T, n builtin.Names) []toolgen.Tool {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.txt"), []byte("a"), 0o644))
	sb, err := builtin.NewSandbox(dir)
	require.NoError(t, err)
	t.Cleanup(func() { sb.Close() })
	tools, err := sb.Tools(builtin.Naming(n))
	require.NoError(t, err)
	return tools
}

// decideOne is the decision about one call, in a run that pauses before
// running anything.
func decideOne(t *testing.T, tools []toolgen.Tool, name toolgen.ToolName, args string, opts ...agent.Option) agent.Decision {
	t.Helper()
	var rec recorder
	tools = append(tools, rec.tool("zz_stop", requiresApproval))
	model := rt.NewModel(rt.Calls(rt.Call("c", name, args), rt.Call("stop", "zz_stop", `{}`)))
	ag, err := agent.New(model, append(opts, agent.WithTools(tools))...)
	require.NoError(t, err)
	s, err := ag.Run(context.Background(), "go", nil)
	require.NoError(t, err)
	require.Equal(t, agent.StopPaused, s.StopReason)
	for _, d := range s.Paused.Calls {
		if d.Call.ID == "c" {
			return d
		}
	}
	t.Fatalf("no decision about %s", name)
	return agent.Decision{}
}

// TestPresetsDecideTheBuiltinToolsAlikeUnderBothNamings: every preset,
// and typed rules of both namings, decide each operation the same way
// whichever names the tools have.
func TestPresetsDecideTheBuiltinToolsAlikeUnderBothNamings(t *testing.T) {
	const allow, ask, deny = permission.OutcomeAllow, permission.OutcomeAsk, permission.OutcomeDeny
	// Rules for the same policy, written with each naming's typed rules:
	// no rm -rf, reads of text files allowed, writes asked.
	rules := map[builtin.Names]permission.Permissions{
		builtin.NativeNames: {
			Deny:  []toolgen.Rule{builtin.RunCommandRule{Command: "rm -rf*"}.Rule()},
			Allow: []toolgen.Rule{builtin.ReadFileRule{Path: "*.txt"}.Rule()},
			Ask:   []toolgen.Rule{builtin.WriteFileRule{}.Rule()},
		},
		builtin.CommonNames: {
			Deny:  []toolgen.Rule{builtin.BashRule{Command: "rm -rf*"}.Rule()},
			Allow: []toolgen.Rule{builtin.ReadRule{FilePath: "*.txt"}.Rule()},
			Ask:   []toolgen.Rule{builtin.WriteRule{}.Rule()},
		},
	}
	tools := map[builtin.Names][]toolgen.Tool{
		builtin.NativeNames: builtinTools(t, builtin.NativeNames),
		builtin.CommonNames: builtinTools(t, builtin.CommonNames),
	}
	want := map[agent.Preset][]permission.Outcome{
		//                      read   list   search glob   write  edit   delete run rm  run ls
		agent.PresetDefault:    {allow, allow, allow, allow, ask, ask, ask, ask, ask},
		agent.PresetAllowAll:   {allow, allow, allow, allow, allow, allow, allow, allow, allow},
		agent.PresetAllowEdits: {allow, allow, allow, allow, allow, allow, ask, ask, ask},
		agent.PresetAllowReads: {allow, allow, allow, allow, ask, ask, ask, ask, ask},
	}
	withRules := []permission.Outcome{allow, allow, allow, allow, ask, allow, ask, deny, ask} // under allow-edits
	for _, n := range []builtin.Names{builtin.NativeNames, builtin.CommonNames} {
		for _, preset := range presets {
			var got []permission.Outcome
			for _, op := range operations {
				args := op.args
				if n == builtin.CommonNames {
					args = op.common
				}
				got = append(got, decideOne(t, tools[n], n.Of(op.native), args, agent.WithPreset(preset)).Outcome)
			}
			assert.Equal(t, want[preset], got, "preset %q, %s names", preset, n)
		}
		var got []permission.Outcome
		for _, op := range operations {
			args := op.args
			if n == builtin.CommonNames {
				args = op.common
			}
			d := decideOne(t, tools[n], n.Of(op.native), args, agent.WithPreset(agent.PresetAllowEdits), agent.WithPermissions(rules[n]))
			got = append(got, d.Outcome)
		}
		assert.Equal(t, withRules, got, "typed rules, %s names", n)
	}

	// A rule written with Names.Of holds under either naming.
	for _, n := range []builtin.Names{builtin.NativeNames, builtin.CommonNames} {
		perms := permission.Permissions{Deny: []toolgen.Rule{{Tool: n.Of(builtin.ToolRunCommand)}}}
		d := decideOne(t, tools[n], n.Of(builtin.ToolRunCommand), `{"command":"ls"}`, agent.WithPreset(agent.PresetAllowAll), agent.WithPermissions(perms))
		assert.Equal(t, deny, d.Outcome, n)
	}
}
