package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/runtime/agent"
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
