//go:build linux

package builtin_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/agent"
)

// Commands run through a user tool's sandbox are confined as run_command's
// are (Landlock: Linux only).
func TestSandboxConfinesCommands(t *testing.T) {
	requireLandlock(t)
	w := newSandboxWorld(t)
	sb := openSandbox(t, w.ws)
	got, _ := runWork(t, []agent.Option{agent.WithSandbox(sb)},
		op("op", "run", "command", fmt.Sprintf("echo x > %s/y.txt", w.outside)),
		op("op", "run", "command", "echo x > link-out/y.txt"),
		op("op", "run", "command", "cat "+w.secret),
		op("op", "run", "command", "cat link-secret"),
		op("op", "run", "command", "echo inside > ok.txt && cat ok.txt"),
	)
	for _, text := range got[:4] {
		assert.NotContains(t, text, sandboxSecret)
		assertDenied(t, text)
		assert.NotContains(t, text, "|exit 0|", "the command failed: %s", text)
	}
	assert.Equal(t, "inside\n|exit 0|[exit code 0]", got[4])
	entries, err := os.ReadDir(w.outside)
	require.NoError(t, err)
	assert.Empty(t, entries, "nothing was written outside")
}
