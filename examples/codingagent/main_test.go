package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/builtin"
)

func TestApprovedEditFixesTheProject(t *testing.T) {
	dir := t.TempDir()
	var out strings.Builder
	state, err := run(&out, dir, false, scriptedModel())
	require.NoError(t, err)
	assert.Equal(t, agent.StopDone, state.StopReason)

	greeting, err := os.ReadFile(filepath.Join(dir, "greeting.txt"))
	require.NoError(t, err)
	assert.Equal(t, "Hello, world!\n", string(greeting))
	assert.FileExists(t, filepath.Join(dir, "build/out.o"), "rm -rf is denied by policy")
	assert.Contains(t, state.Output(), `check: ok\n[exit code 0]`)
	assert.Contains(t, out.String(), `denied       run_command {"command":"rm -rf build"} (deny rule run_command(command="rm -rf*"))`)
	assert.Contains(t, out.String(), "paused       edit_file")
	assert.Contains(t, out.String(), "\nmodel: "+state.Output()+"\n", "the answer, as it streamed")
}

func TestNarrateStreamsTheModelsText(t *testing.T) {
	var out strings.Builder
	show := narrate(&out)
	text := func(s string) agent.Event {
		return agent.Event{Kind: agent.EventModelPart, Part: agent.Part{Kind: agent.PartText, Text: s}}
	}
	require.NoError(t, show(text("Hel")))
	assert.Equal(t, "model: Hel", out.String(), "a piece is printed as it comes")
	require.NoError(t, show(agent.Event{Kind: agent.EventModelPart, Part: agent.Part{Kind: agent.PartReasoning, Text: "hmm"}}))
	require.NoError(t, show(text("lo.")))
	require.NoError(t, show(agent.Event{Kind: agent.EventModelResponded}))
	require.NoError(t, show(agent.Event{Kind: agent.EventModelResponded}))
	assert.Equal(t, "model: Hello.\n", out.String())
}

func TestScriptedModelStreamsWords(t *testing.T) {
	m, ok := scriptedModel().(agent.StreamingModel)
	require.True(t, ok)
	req := agent.Request{Messages: []agent.Message{
		{Role: agent.RoleAssistant}, {Role: agent.RoleAssistant}, {Role: agent.RoleAssistant},
		{Role: agent.RoleTool, Results: []agent.ToolResult{{Result: toolgen.TextResult("check: ok")}}},
	}}
	var words []string
	for p, err := range m.Stream(context.Background(), req) {
		require.NoError(t, err)
		if p.Kind == agent.PartText {
			words = append(words, p.Text)
		}
	}
	assert.Greater(t, len(words), 1)
	streamed, err := agent.Collect(m.Stream(context.Background(), req))
	require.NoError(t, err)
	whole, err := m.Generate(context.Background(), req)
	require.NoError(t, err)
	assert.Equal(t, whole, streamed)
	assert.Equal(t, strings.Join(words, ""), whole.Message.Text)
}

func TestRejectedEditLeavesTheFile(t *testing.T) {
	dir := t.TempDir()
	state, err := run(&strings.Builder{}, dir, true, scriptedModel())
	require.NoError(t, err)
	greeting, err := os.ReadFile(filepath.Join(dir, "greeting.txt"))
	require.NoError(t, err)
	assert.Equal(t, "Helo, world!\n", string(greeting))
	assert.Contains(t, state.Output(), "check: greeting is wrong")
}

func TestShellIsConfined(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "project")
	require.NoError(t, os.Mkdir(dir, 0o755))
	sb, err := newSandbox(dir)
	require.NoError(t, err)
	defer sb.Close()
	tools, err := sb.Tools()
	require.NoError(t, err)
	shell := tools[len(tools)-1]
	require.Equal(t, builtin.ToolRunCommand, shell.Name)
	if !strings.Contains(shell.Description, "confined by the kernel") {
		t.Skipf("no Landlock here; the tool says: %s", shell.Description)
	}
	res, err := shell.Call(context.Background(), []byte(`{"command":"echo x > ../outside.txt"}`))
	require.NoError(t, err)
	// Landlock refuses it, or, for a program run as root, the read-only
	// mount the command sees outside its workspace.
	refused := regexp.MustCompile(`Permission denied|Read-only file system`)
	assert.Regexp(t, refused, res.Text())
	r, err := sb.Run(context.Background(), "echo x > ../outside.txt")
	require.NoError(t, err)
	assert.Regexp(t, refused, r.Output, "the sandbox's own commands are confined the same way")
	assert.NotEqual(t, 0, r.ExitCode)
	assert.NoFileExists(t, filepath.Join(base, "outside.txt"))
}
