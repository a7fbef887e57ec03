//go:build linux

package builtin

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

func TestEtcEntriesLeaveSecretsOut(t *testing.T) {
	assert.True(t, etcSecret("/etc/shadow"))
	assert.True(t, etcSecret("/etc/ssh/ssh_host_ed25519_key"))
	assert.False(t, etcSecret("/etc/ssh/ssh_host_ed25519_key.pub"))
	assert.False(t, etcSecret("/etc/passwd"))
	assert.True(t, holdsSecret("/etc/ssl"))
	assert.True(t, holdsSecret("/etc/NetworkManager"))
	assert.False(t, holdsSecret("/etc/ssl/certs"))
	assert.False(t, holdsSecret("/etc/apt"))

	dirs, files := etcEntries("/etc")
	require.NotEmpty(t, files, "/etc has files to read")
	all := append(dirs, files...)
	for _, p := range all {
		assert.False(t, etcSecret(p), p)
		for _, s := range etcSecrets {
			assert.False(t, strings.HasPrefix(s, p+"/"), "a rule on %s would grant %s", p, s)
		}
	}
	if _, err := os.Stat("/etc/passwd"); err == nil {
		assert.Contains(t, files, "/etc/passwd")
	}
}

func TestUserTasksCountsThisProcess(t *testing.T) {
	assert.Positive(t, userTasks(os.Getuid()), "this process's threads at least")
	assert.Zero(t, userTasks(1<<30), "a user without processes")
}

// BenchmarkUserTasks is the count of the user's processes a command with a
// process limit starts with: a read of every /proc/PID/status.
func BenchmarkUserTasks(b *testing.B) {
	uid := os.Getuid()
	for b.Loop() {
		userTasks(uid)
	}
}

func TestLowerLimitNeverRaises(t *testing.T) {
	// On a child: raising a hard limit back takes a privilege.
	child := exec.Command("sleep", "30")
	require.NoError(t, child.Start())
	defer func() { _ = child.Process.Kill(); _ = child.Wait() }()
	pid := child.Process.Pid
	limit := func() (l unix.Rlimit) {
		require.NoError(t, unix.Prlimit(pid, unix.RLIMIT_CORE, nil, &l))
		return l
	}
	require.NoError(t, unix.Prlimit(pid, unix.RLIMIT_CORE, &unix.Rlimit{Cur: 1000, Max: 4000}, nil))
	require.NoError(t, lowerLimit(pid, unix.RLIMIT_CORE, 1<<40), "above the limits: kept as they are")
	assert.Equal(t, unix.Rlimit{Cur: 1000, Max: 4000}, limit())
	require.NoError(t, lowerLimit(pid, unix.RLIMIT_CORE, 2000))
	assert.Equal(t, unix.Rlimit{Cur: 1000, Max: 2000}, limit())
	require.NoError(t, lowerLimit(pid, unix.RLIMIT_CORE, 500))
	assert.Equal(t, unix.Rlimit{Cur: 500, Max: 500}, limit())
}
